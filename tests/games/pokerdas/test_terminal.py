"""Terminal play of Le Poker d'As, driven by scripted answers (issue 3, deliverable 5)."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludotheque import bots as botlib
from ludotheque.cli.play import Quit, play
from ludotheque.games.pokerdas import terminal
from ludotheque.games.pokerdas.options import LITERAL
from ludotheque.games.pokerdas.rules import PACE
from ludotheque.games.pokerdas.terminal import PokerDasTerminal

from .helpers import GAME


@pytest.fixture(autouse=True)
def slept(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits between a bot's throws, recorded instead of slept."""
    waits: list[float] = []
    monkeypatch.setattr(PokerDasTerminal, "sleep", staticmethod(waits.append))
    return waits


def scripted(prompt: str, asked: list[str]) -> str:
    first = prompt not in asked
    asked.append(prompt)
    if first:
        return "conseil"  # every kind of prompt gets a « conseil » once
    if prompt.startswith("Relancer"):
        return "s"
    if prompt.startswith("Dés à relancer"):
        return "1 2"
    if "Entrée" in prompt:
        return ""
    if prompt.startswith("Votre annonce"):
        return "poker A"
    return "b"


@pytest.mark.parametrize(
    "options",
    [
        {},  # the default table: twenty rounds of the café preset
        {**LITERAL, "max_rounds": 2},
        {"max_rounds": 2, "relance_totale": False, "max_throws": 2},
        {"menteur": True, "start_tokens": 2},
    ],
)
def test_a_person_plays_to_the_end(options: dict, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    asked: list[str] = []
    state = GAME.new(3, options, seed=4)
    bots = [GAME.default_bot(state.options)]
    play(GAME, state, 0, bots, console, lambda p: scripted(p, asked), tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "Classement final" in text
    if options.get("menteur"):
        assert "BLUFF" in text and "Menteur 1" in text and "Conseil du bot menteur" in text
    else:
        assert "Manche 1" in text and "Parfait 1" in text and "Conseil" in text
    if not options:
        assert "Manche 20 sur 20" in text and state.rounds == 20


def test_the_default_opponents_suit_the_variant() -> None:
    assert GAME.default_bot(GAME.options_type()) == "parfait"
    assert GAME.default_bot(GAME.options_type.from_dict(GAME.variant_options("cafe"))) == "parfait"
    assert GAME.default_bot(GAME.options_type(menteur=True)) == "menteur"


def test_a_long_bot_turn_is_summed_up(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(2, {**LITERAL, "max_rounds": 1}, seed=1)
    ui = PokerDasTerminal(console, 1, ["Parfait 0", "Vous"], lambda p: "")
    throws = [
        {
            "type": "throw",
            "seat": 0,
            "dice": "9 10 J Q K",
            "kept": "",
            "throws": n,
            "hand": "Séquence K-Q-J-10-9",
        }
        for n in range(1, 7)
    ]
    stop = {"type": "stop", "seat": 0, "throws": 6, "hand": "Séquence K-Q-J-10-9", "forced": False}
    ui.tell([*throws, stop], state.view(1))
    text = out.getvalue()
    assert "lancer 3" in text and "lancer 4" not in text and "pas détaillés" in text
    assert "(6 lancers) :" in text


def test_auto_lets_the_perfect_bot_throw_until_it_would_stop(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    answers = iter(["auto", "s"] * 50)

    def ask(prompt: str) -> str:
        return next(answers) if prompt.startswith("Relancer") else ""

    state = GAME.new(2, {**LITERAL, "max_rounds": 1}, seed=21)
    play(GAME, state, 0, ["parfait"], console, ask, tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "le bot parfait conseille de s'arrêter" in text


def test_a_bots_throws_wait_what_bot_pace_says(slept: list[float], tmp_path: Path) -> None:
    """The terminal shows a bot's successive throws at the engine's pace (State.bot_pace):
    nothing before its first throw, PACE before each later one; tests record, never sleep."""
    options = {"max_rounds": 4}
    console = Console(file=io.StringIO(), width=120, highlight=False)
    state = GAME.new(3, options, seed=3)

    def ask(prompt: str) -> str:
        return "s" if prompt.startswith("Dés à relancer") else ""

    play(GAME, state, 0, ["parfait"], console, ask, tmp_path / "rec.json")
    replay = GAME.new(3, options, seed=3)
    paces = []
    for seat, action in state.actions:
        pace = replay.bot_pace(seat, action) if seat != 0 else None
        if pace is not None and pace[0]:
            paces.append(pace[0])
        replay.apply(seat, action)
    assert paces and slept == paces and set(slept) == {PACE}


def liar_person(out: list[str], asked: list[str]) -> object:
    """A person who lies « poker A » and answers « Bluff ! », so that he is soon out; then
    ``out`` answers the prompt of the eliminated, in order."""
    answers = iter(out)

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if prompt == terminal.OUT_PROMPT:
            return next(answers)
        return "poker A" if prompt.startswith("Votre annonce") else "b"

    return ask


def play_liar(out: list[str], tmp_path: Path, seed: int = 1) -> tuple[object, str, list[str]]:
    buffer = io.StringIO()
    console = Console(file=buffer, width=120, highlight=False)
    state = GAME.new(3, {"menteur": True, "start_tokens": 3}, seed=seed)
    asked: list[str] = []
    ask = liar_person(out, asked)
    with contextlib.suppress(Quit):
        play(GAME, state, 0, ["menteur"], console, ask, tmp_path / "rec.json")  # type: ignore[arg-type]
    return state, buffer.getvalue(), asked


def test_R20_an_eliminated_person_plays_the_rest_at_once(tmp_path: Path) -> None:
    """Issue 15: out of a menteur game, « f » plays the bots' rounds at once and shows the
    result; bad input is answered and changes nothing; Entrée shows one more round."""
    state, text, asked = play_liar(["x", "aide", "", "f"], tmp_path)
    assert state.is_over() and state.eliminated[0] is not None
    assert "Vous êtes éliminé : les bots finissent la partie." in text
    assert "✗ « x » : tapez Entrée" in text and "« f » (ou « fin ») = jouer" in text
    assert asked.count(terminal.OUT_PROMPT) == 4  # x, aide, Entrée (one round), f
    watched, rest = text.split("Les bots jouent la fin de la partie d'un coup")
    assert "Manche" in watched.split("✗ « x »")[1]  # the round watched after Entrée
    assert "BLUFF" not in rest and "Manche" not in rest.split("Classement final")[0]
    assert "Fin de la partie." in rest and "Classement final" in rest


def test_R20_an_eliminated_person_may_leave(tmp_path: Path) -> None:
    state, text, asked = play_liar(["quitter"], tmp_path)
    assert not state.is_over() and "Vous quittez la table." in text
    assert asked[-1] == terminal.OUT_PROMPT


def test_R20_playing_the_rest_at_once_asks_again_when_the_bots_play_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two bots that never challenge never end a game: after FAST_ROUNDS rounds at once, the
    eliminated person is asked again (here: he leaves)."""
    monkeypatch.setattr(terminal, "FAST_ROUNDS", 2)
    state, text, asked = play_liar(["f", "quitter"], tmp_path)
    assert "Les bots jouent encore après 2 manches d'un coup." in text
    assert not state.is_over() and asked.count(terminal.OUT_PROMPT) == 2


def test_R20_a_resumed_game_where_the_person_is_out_asks_too(tmp_path: Path) -> None:
    state = GAME.new(3, {"menteur": True, "start_tokens": 2}, seed=1)
    agents = [botlib.make("pokerdas", "menteur", seed=s) for s in range(3)]
    lie = {"type": "announce", "announcement": "poker A"}
    while not state.eliminated[0]:  # seat 0 lies until out
        seat = next(iter(state.to_move()))
        legal = state.legal_actions(seat)
        mine = lie if lie in legal else {"type": "bluff"}
        state.apply(seat, mine if seat == 0 else agents[seat].act(state.view(seat), legal))
    assert not state.is_over()
    buffer = io.StringIO()
    asked: list[str] = []
    console = Console(file=buffer, width=120, highlight=False)
    play(GAME, state, 0, ["menteur"], console, liar_person(["f"], asked), tmp_path / "r.json")  # type: ignore[arg-type]
    assert state.is_over() and asked == [terminal.OUT_PROMPT]
    assert "Classement final" in buffer.getvalue()


def _me_to_throw(**options: object) -> tuple[io.StringIO, Any]:
    """The table at seat 0's first throw, and where its terminal writes."""
    state = GAME.new(2, options, seed=1)
    while 0 not in state.to_move():
        seat = next(iter(state.to_move()))
        state.apply(seat, state.legal_actions(seat)[0])
    return io.StringIO(), state


def _ui(out: io.StringIO, answers: list[str]) -> PokerDasTerminal:
    replies = iter(answers)
    console = Console(file=out, width=120, highlight=False)
    return PokerDasTerminal(console, 0, ["Vous", "Parfait 1"], lambda prompt: next(replies))


def test_R9_a_typo_at_the_first_throw_is_refused_not_thrown() -> None:
    """Issue 21: any text (« s », « xyz », « quiter ») threw the dice at a turn's first throw."""
    out, state = _me_to_throw()
    view = state.view(0)
    assert view["dice"][0] is None
    ui = _ui(out, ["quiter", "xyz", ""])
    assert ui.choose(view, state.legal_actions(0)) == {"type": "throw"}
    assert out.getvalue().count("appuyez sur Entrée") == 2


def test_D3_naming_a_die_twice_is_refused_and_enter_rethrows_every_die() -> None:
    """Issue 21: in the café preset « 1 1 » re-threw two different dice, and Entrée — which
    the help says throws — was refused."""
    out, state = _me_to_throw()
    state.apply(0, {"type": "throw"})
    view = state.view(0)
    assert not view["relance_totale"] and view["dice"][0] is not None
    ui = _ui(out, ["1 1", ""])
    action = ui.choose(view, state.legal_actions(0))
    assert "nommé deux fois" in out.getvalue()
    assert action["type"] == "throw" and len(action["reroll"].split()) == 5


def test_D3_the_reroll_prompt_says_that_enter_rethrows_every_die() -> None:
    """Playing the default table: the prompt named « K 9 » and « s » but not Entrée, which
    re-throws all five dice (only `aide` said so)."""
    out, state = _me_to_throw()
    state.apply(0, {"type": "throw"})
    view = state.view(0)
    asked: list[str] = []

    def reply(prompt: str) -> str:
        asked.append(prompt)
        return ""

    ui = PokerDasTerminal(Console(file=out, width=120), 0, ["Vous", "Parfait 1"], reply)
    ui.choose(view, state.legal_actions(0))
    assert "Entrée = les cinq" in asked[0]


def test_R21_an_announcement_is_read_in_any_order_and_refused_in_words() -> None:
    """Issue 21: Menteur refused `deux paires Q K` instead of sorting it, and its errors
    printed `Announcement(combo=4, faces=())`."""
    import pytest

    from ludotheque.engine.errors import NotationError
    from ludotheque.games.pokerdas.hands import parse_announcement

    assert parse_announcement("deux paires Q K") == parse_announcement("deux paires K Q")
    assert parse_announcement("sequence 9 10 J Q K").text() == "sequence K Q J 10 9"
    for text in ("full K", "brelan", "deux paires K K"):
        with pytest.raises(NotationError) as refused:
            parse_announcement(text)
        assert "Announcement(" not in refused.value.fr and "face" in refused.value.fr


def _after_first_throw(seed: int = 1) -> tuple[io.StringIO, Any]:
    out, state = _me_to_throw()
    state.apply(0, {"type": "throw"})
    return out, state


def test_q_and_t_throw_the_dame_and_the_10_again_not_quit_or_redraw() -> None:
    """Found play-testing: « Q » at « Dés à relancer » (the Dame, as the help says) left the
    game, a quit word; « t » (the 10) redrew the table."""
    out, state = _after_first_throw()
    view = state.view(0)
    for typed, face in (("Q", "Q"), ("q", "Q"), ("t", "10")):
        ui = _ui(out, [typed])
        action = ui.choose(view, state.legal_actions(0))
        assert action == {"type": "throw", "reroll": face}


def test_the_faces_are_read_in_french_too() -> None:
    """Found play-testing: the table names the faces Roi, Dame, Valet, As, but « D », « R V »
    and « dame » were refused (« « D » n'est pas une face »), and « brelan de rois » too."""
    from ludotheque.games.pokerdas.hands import parse_announcement, parse_faces

    assert parse_faces("R D V") == parse_faces("K Q J")
    assert parse_faces("dame") == parse_faces("Q") and parse_faces("as, roi") == parse_faces("A K")
    assert parse_faces("rois dix neuf") == parse_faces("K 10 9")
    assert parse_announcement("brelan de rois") == parse_announcement("brelan K")
    assert parse_announcement("full d'as par dames") == parse_announcement("full A Q")
    assert parse_announcement("deux paires de valets et de dix") == parse_announcement(
        "deux paires J 10"
    )


def test_auto_is_taken_at_the_first_throw_as_the_help_says() -> None:
    """Found play-testing: « aide » before the first throw offers « auto », which was refused
    (« appuyez sur Entrée ») until the dice had been thrown once."""
    out, state = _me_to_throw()
    ui = _ui(out, ["auto"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "throw"}
    assert ui.auto is not None


def test_R22_a_rethrow_with_none_left_says_so() -> None:
    """Found play-testing: « r 9 » once the re-throw was used answered « annonce illisible »."""
    state = GAME.new(2, {"menteur": True, "liar_rethrows": 0}, seed=3)
    while not (0 in state.to_move() and state.view(0)["phase"] == "announce"):
        seat = next(iter(state.to_move()))
        state.apply(seat, state.legal_actions(seat)[0])
    out = io.StringIO()
    ui = _ui(out, ["r 9", "poker A"])
    ui.choose(state.view(0), state.legal_actions(0))
    assert "plus de relance" in out.getvalue() and "illisible" not in out.getvalue()
