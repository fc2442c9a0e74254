"""Alice's terminal table in English (``ludotheque play alice --lang en``): every sentence it
prints, the cards' faces J, Q, K as in the browser, the English command words and notation
verbs, and refusals said in English — while the French table stays as it was."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.cli.play import Quit, play
from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import State
from ludotheque.games.alice import GAME
from ludotheque.games.alice.cards import NAMES
from ludotheque.games.alice.notation import parse_action
from ludotheque.games.alice.terminal import RULES_EN, AliceTerminal, board_text
from ludotheque.term.clock import Clock
from tests.games.alice.helpers import at
from tests.term.english_check import french_left, lines_with


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=100, color_system=None), out


def _session(state: State, answers: list[str], tmp_path: Path, lang: str = "en") -> str:
    """The table's output for ``answers`` typed at ``state``, then « quit »."""
    console, out = _console()
    replies = iter([*answers, "quit"])
    with pytest.raises(Quit):
        play(
            GAME, state, 0, ["glouton"], console, lambda _: next(replies), tmp_path / "a.json",
            lang=lang,
        )  # fmt: skip
    return out.getvalue()


def _no_french(text: str) -> None:
    left = french_left(text)
    assert left == [], {word: lines_with(text, word)[:3] for word in left}


def test_a_whole_game_in_english_leaves_no_french(tmp_path: Path) -> None:
    """A whole game at the English table, with its help, rules, threats and a refusal, says
    everything in English: the narration, the prompts, the scores and the result."""
    console, out = _console()
    answers = iter(["help", "rules", "threats", "list", "board", "zz9", "999"])
    pick = iter(["list", "1"] * 1000)  # a number once the numbered list is shown

    def ask(prompt: str) -> str:
        out.write(prompt + "\n")
        return next(answers, None) or next(pick)

    state = GAME.new(2, {"level": "B"}, 4)
    play(GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json", lang="en")
    text = out.getvalue()
    assert state.is_over()
    assert "Coin toss:" in text and "Alice in brief" in text and "Threats:" in text
    assert "Your action (number, notation, list, help): " in text
    assert "Commands: list (the numbered actions), threats" in text
    assert "'zz9': unreadable action (d1-d4, d4xd7, draw, place e4" in text
    assert "number from 1 to" in text and "Pile: " in text and "    1. draw" in text
    assert "Greedy 1 (Black)" in text or "Greedy 1 (White)" in text
    assert " pts (" in text and ("wins on points" in text or "Equal scores" in text)
    _no_french(text)


def test_the_faces_are_j_q_k_on_the_board_and_in_every_sentence(tmp_path: Path) -> None:
    """The browser shows Alice's Valet, Dame and Roi as J, Q, K in English: the board, the
    captures on offer, the danger and the narration say the same."""
    state = at(
        {"d4": "3TR", "d7": "DCO", "b2": "RCA", "c3": "2CA"}, mem_w="3TR>DCO", mem_b="RCA>2CA"
    )
    text = _session(state, ["d4", "e5", "d4xd7"], tmp_path)
    assert "Possible captures: d4xd7 (Q♥ +25)" in text
    assert "Careful: next turn your opponent may capture 2♦ (c3, 6 pts) with K♦ (b2)." in text
    assert "d4-d1" in text and "✗ no card on e5" in text
    assert "You (White) capture Q♥ with 3♣ (d4xd7): +25 pts." in text
    assert "D♥" not in text and "R♦" not in text
    view = GAME.new(2, {}, 0).view(0)
    view["board"] = {"e4": "VPI"}
    assert "J♠" in board_text(view, lang="en").plain and "V♠" in board_text(view).plain


def test_the_drawn_card_is_placed_with_english_words(tmp_path: Path) -> None:
    """« draw » and « place a4 » play the draw and the placing; the placing prompt, the
    narration and the refusal of a square where the card has no move are in English."""
    state = at({}, pile=["7CA", "6CA"])
    text = _session(state, ["draw", "e4", "place a4"], tmp_path)
    assert "Place 7♦: type its square, " in text
    assert "✗ 7♦ would have no move from e4" in text
    assert "You (White) draw 7♦ (39 cards left in the pile)." in text
    assert "You (White) place 7♦ on a4." in text
    assert "Greedy 1 (Black) draws 6♦ (38 cards left in the pile)." in text
    _no_french(text)


def test_a_number_is_refused_in_english_until_the_list_is_shown(tmp_path: Path) -> None:
    """A number before the numbered list is refused with the English command word to type."""
    state = at({}, pile=["7CA", "6CA"])
    text = _session(state, ["draw", "5", "list", "5"], tmp_path)
    assert "✗ type 'list' to see the numbered actions, or the action itself" in text
    assert text.count("You (White) place 7♦") == 1


def test_an_engine_refusal_names_the_cards_and_rules_in_english(tmp_path: Path) -> None:
    """The engine's English refusals kept its French faces and rule-book words (« D♥ is
    locked », « A♦ is prisonnière »), in the browser too: they name the faces J, Q, K and say
    « a prisoner »."""
    # A♦ (a1) is threatened by 2♦ (c1) and has no safe flight square along its rank: a
    # prisoner, it may not be exchanged (R12, R19); D♥ (d7) was touched last turn (R17).
    cards = {"a1": "ACA", "c1": "2CA", "f1": "7TR", "g1": "6TR", "h1": "5TR", "d7": "DCO"}
    state = at({**cards, "d5": "RCO"}, locks="d7")
    text = _session(state, ["exchange a1 c1", "swap d7 d5"], tmp_path)
    assert "✗ A♦ is a prisoner (threatened, no safe flight square): it cannot be exchanged" in text
    assert "✗ Q♥ is locked until the end of this turn" in text
    assert "prisonnière" not in text and "D♥" not in text and "R17" not in text
    _no_french(text)
    with pytest.raises(LudoError) as refused:  # the engine's own text, as the browser shows it
        state.apply(next(iter(state.to_move())), parse_action("échange d7 d5"))
    assert refused.value.en.startswith("Q♥ is locked") and refused.value.fr.startswith("D♥")


def test_blocking_and_the_last_turns_are_said_in_english(tmp_path: Path) -> None:
    """With blocage (R10) the refusal says « blocking »; once the pile is empty (R25) the
    table counts the turns left in English."""
    on = {"d7": "DCO", "d6": "2TR", "a1": "ACA"}
    rest = [n for n in NAMES if n not in on.values()]
    state = at(on, {"blocage": True}, cap_w=rest[0], cap_b=",".join(rest[1:]), fin="3")
    text = _session(state, ["d7-d5", "d7", "draw"], tmp_path)
    assert "✗ Q♥'s way to d5 is blocked by 2♣ on d6 (blocking)" in text
    assert "The pile is empty: 3 turns left in all, then the game ends." in text
    assert "Pile: 0 cards" in text and "✗ the pile is empty" in text
    _no_french(text)


def test_every_event_is_told_in_english_for_you_and_for_a_bot() -> None:
    """Each event reads as English, the verb agreeing with « You » or with a bot's name."""
    console, out = _console()
    ui = AliceTerminal(console, 0, ["You", "Strong 1"], input, lang="en")
    view = GAME.new(2, {}, 0).view(0)
    assert view["white"] == 1  # this deal gives White to Strong 1
    for seat in (0, 1):
        ui.tell(
            [
                {"type": "draw_exchange", "seat": seat, "card": "VCO", "on": "c1",
                 "replaced": "RCO", "to": "e4"},
                {"type": "exchange", "seat": seat, "cards": ["DPI", "3PI"],
                 "squares": ["d7", "f5"]},
                {"type": "pass", "seat": seat},
                {"type": "move", "seat": seat, "card": "RTR", "from": "a1", "to": "a2"},
            ],
            view,
        )  # fmt: skip
    ui.tell([{"type": "start", "white": 1}, {"type": "time_up"}], view)
    text = out.getvalue()
    assert "You (Black) place J♥ on c1 and move K♥ to e4 (draw-exchange)." in text
    assert "Strong 1 (White) places J♥ on c1 and moves K♥ to e4 (draw-exchange)." in text
    assert "You (Black) exchange Q♠ (d7) and 3♠ (f5)." in text
    assert "Strong 1 (White) exchanges Q♠ (d7) and 3♠ (f5)." in text
    assert "You (Black) pass (no legal action)." in text
    assert "Strong 1 (White) passes (no legal action)." in text
    assert "Strong 1 (White): K♣ a1-a2." in text
    assert "Coin toss: Strong 1 plays White and moves first." in text
    assert "Time is up: the game ends at the end of this turn." in text
    _no_french(text)


def test_english_command_words_work_at_the_french_table_too(tmp_path: Path) -> None:
    """« help », « rules », « list », « threats » and the verb « draw » work at the French
    table, which still answers in French; « aide » works at the English table, in English."""
    french = _session(GAME.new(2, {}, 4), ["help", "rules", "threats", "list", "draw"], tmp_path,
                      lang="fr")  # fmt: skip
    assert "Tapez un numéro de la liste" in french and "Alice en bref" in french
    assert "Menaces : aucune" in french and "    1. tirage" in french
    assert "Vous (Blanc) tire " in french
    english = _session(GAME.new(2, {}, 4), ["aide", "regles", "menaces"], tmp_path)
    assert "Type a number from the list" in english and "Alice in brief" in english
    assert "Threats: none" in english


def test_level_a_help_in_english_names_no_exchange(tmp_path: Path) -> None:
    """Level A has no exchanges (R22): its English help names none, level B's does."""
    text = _session(GAME.new(2, {"level": "A"}, 4), ["help"], tmp_path)
    help_text = text[text.index("Type a number") :]
    assert "exchange" not in help_text.split("Commands")[0]
    text = _session(GAME.new(2, {"level": "B"}, 4), ["help"], tmp_path)
    assert "'exchange d7 f5'" in text and "draw-exchange" in text


def test_the_game_clock_is_told_in_english(tmp_path: Path) -> None:
    """R27 with time_limit_s: what is left, the refusal of « time » typed by a player and
    the clock's fall are said in English."""
    ticks = iter(range(0, 10_000, 7))
    console, out = _console()
    answers = iter(["time"])
    pick = iter(["list", "1"] * 1000)

    def ask(prompt: str) -> str:
        return next(answers, None) or next(pick)

    state = GAME.new(2, {"time_limit_s": 60}, 4)
    clock = Clock(now=lambda: next(ticks))
    play(
        GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json", clock=clock,
        lang="en",
    )  # fmt: skip
    text = out.getvalue()
    assert "left in the game." in text and "✗ the clock says when time is up" in text
    assert "Time is up: the game ends at the end of this turn." in text
    assert "Clock: time is up, the game ends with this turn." in text
    assert state.is_over() and state.result().details["end"] == "clock"
    _no_french(text)


def test_a_replay_in_english_tells_the_game_in_english(tmp_path: Path) -> None:
    """`ludotheque replay --lang en` tells an Alice record with the English table."""
    console, _ = _console()
    path = tmp_path / "alice.json"
    pick = iter(["list", "1"] * 1000)
    play(GAME, GAME.new(2, {}, 4), 0, ["glouton"], console, lambda _: next(pick), path)
    seen = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert seen.exit_code == 0, seen.output
    assert "Coin toss:" in seen.output and "Greedy 1 (" in seen.output  # as its table named the bot
    assert "on points." in seen.output or "Equal scores." in seen.output
    _no_french(seen.output)


def test_the_rules_say_pile_and_exchange_as_the_table_does() -> None:
    """Found by an English-speaking play-tester: the table says « Pile: 40 cards » and
    « exchange d7 f5 » but the English rules said « the stock » and « swap »: one word each."""
    rules = " ".join(RULES_EN.split())
    assert "stock" not in rules and "swap" not in rules
    assert "once the pile is empty" in rules
    assert "Level B: exchange two cards" in rules and "at level B, be exchanged" in rules


def _threats_shown(state: State, lang: str, colour: bool) -> str:
    out = io.StringIO()
    console = Console(
        file=out, width=100, highlight=False, color_system="truecolor" if colour else None
    )
    names = ["You", "Strong 1"] if lang == "en" else ["Vous", "Fort 1"]
    ui = AliceTerminal(console, 0, names, input, lang=lang)
    ui.show_threats = True
    ui.show(state.view(0))
    return out.getvalue()


@pytest.mark.parametrize(
    ("lang", "colour", "said"),
    [
        ("en", False, "Threats: c1→a1 (the threatening card → the threatened one)."),
        ("en", True, "Threats: c1→a1 (in blue, the threatening card; in pink, the threatened"),
        ("fr", False, "Menaces : c1→a1 (la carte qui menace → la carte menacée)."),
        ("fr", True, "Menaces : c1→a1 (en bleu, qui menace ; en rose, la carte menacée)."),
    ],
)
def test_the_threats_name_the_colours_only_where_the_board_has_them(
    lang: str, colour: bool, said: str
) -> None:
    """Found by an English-speaking play-tester: in a pipe without colour, « Threats: none (in
    blue, the threatening card; in pink, the threatened one). » — the colours explained with
    no threat and with no colour (the board then marks nothing: the list is all there is)."""
    state = at({"a1": "ACA", "c1": "2CA"})
    text = _threats_shown(state, lang, colour)
    assert said in " ".join(text.split()) or said in text
    if not colour:
        assert "blue" not in text and "bleu" not in text


@pytest.mark.parametrize(("lang", "said"), [("en", "Threats: none."), ("fr", "Menaces : aucune.")])
def test_no_threat_explains_no_colour(lang: str, said: str) -> None:
    """Found by an English-speaking play-tester: « Threats: none (in blue, …; in pink, …) »:
    with no threat there is nothing to read on the board."""
    for colour in (False, True):
        text = _threats_shown(at({"a1": "ACA"}), lang, colour)
        assert said in text
        assert "blue" not in text and "bleu" not in text
