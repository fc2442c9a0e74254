"""A whole game in the terminal interface, the person choosing by number, against the glouton."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import Quit, play
from ludotheque.engine import record as records
from ludotheque.engine.protocol import State
from ludotheque.engine.record import replay
from ludotheque.games.alice import GAME
from ludotheque.games.alice.terminal import board_text
from ludotheque.term.clock import Clock
from tests.games.alice.helpers import at


def test_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(["aide", "regles", "menaces", "liste", "zz9", "999"])
    pick = iter(["liste", "1"] * 1000)  # a number once the numbered list is shown

    def ask(prompt: str) -> str:
        return next(answers, None) or next(pick)

    state = GAME.new(2, {"level": "B"}, 4)
    play(GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json")
    text = out.getvalue()
    assert state.is_over() and (tmp_path / "alice.json").exists()
    assert "Pile ou face" in text and "Alice en bref" in text and "Menaces :" in text
    assert "illisible" in text and "numéro de 1 à" in text
    assert "pts (" in text and ("gagne" in text or "égalité" in text)


def test_the_terminal_keeps_the_game_clock(tmp_path: Path) -> None:
    # R27 with time_limit_s: the terminal measures time (here a fake clock, 7 s per reading),
    # shows what is left, plays « time_up » as the arbiter once it is over, and the game ends
    # with the turn in progress.
    ticks = iter(range(0, 10_000, 7))
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(["temps"])  # a player cannot declare the time up himself
    pick = iter(["liste", "1"] * 1000)

    def ask(prompt: str) -> str:
        return next(answers, None) or next(pick)

    state = GAME.new(2, {"time_limit_s": 60}, 4)
    clock = Clock(now=lambda: next(ticks))
    play(GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json", clock=clock)
    text = out.getvalue()
    assert "restantes pour la partie" in text and "c'est la pendule" in text
    assert "Temps écoulé" in text
    assert state.is_over() and state.result().details["end"] == "clock"
    assert [None, {"type": "time_up"}] in replay_actions(tmp_path / "alice.json")
    assert state.pile  # the clock, not the pile, ended it


def replay_actions(path: Path) -> list[list[object]]:
    rec = records.load(path)
    assert replay(rec).is_over()  # the arbiter's action replays like any other
    return [list(a) for a in rec["actions"]]


def _session(state: State, answers: list[str], tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    replies = iter([*answers, "quitter"])
    with pytest.raises(Quit):
        play(GAME, state, 0, ["glouton"], console, lambda _: next(replies), tmp_path / "a.json")
    return out.getvalue()


def test_the_terminal_tells_captures_and_dangers_and_lists_a_cards_actions(tmp_path: Path) -> None:
    state = at(
        {"d4": "3TR", "d7": "DCO", "b2": "RCA", "c3": "2CA"}, mem_w="3TR>DCO", mem_b="RCA>2CA"
    )
    text = _session(state, ["d4", "e5", "d4xd7"], tmp_path)
    assert "Prises possibles : d4xd7 (D♥ +25)" in text
    assert "l'adversaire peut prendre : 2♦ (c3, 6 pts) par R♦ (b2)" in text
    assert "d4-d1" in text and "aucune carte en e5" in text
    assert "Vous (Blanc) prend D♥ avec 3♣ (d4xd7) : +25 pts." in text


def test_no_danger_is_told_when_the_opponent_has_no_next_turn(tmp_path: Path) -> None:
    """Found play-testing: with the clock up (R27) the table said « Pendule : temps écoulé, la
    partie finit avec ce tour », then « Attention, au prochain tour l'adversaire peut prendre… »
    for a turn the opponent will not have."""
    state = at(
        {"d4": "3TR", "d7": "DCO", "b2": "RCA", "c3": "2CA"},
        {"time_limit_s": 60},
        mem_w="3TR>DCO",
        mem_b="RCA>2CA",
    )
    state.apply(None, {"type": "time_up"})
    text = _session(state, [], tmp_path)
    assert "la partie finit avec ce tour" in text and "Prises possibles : d4xd7" in text
    assert "l'adversaire peut prendre" not in text


def test_a_number_is_refused_until_the_numbered_list_is_shown(tmp_path: Path) -> None:
    """Found play-testing: « Posez V♦ : tapez sa case » showed no list, yet « 5 » placed the
    card on e1, the 5th entry of a list never shown."""
    state = at({}, pile=["7CA", "6CA"])
    text = _session(state, ["tirage", "5", "liste", "5"], tmp_path)
    assert "tapez « liste » pour voir les actions numérotées" in text
    assert text.count("Vous (Blanc) pose 7♦") == 1 and "    5. " in text


def test_the_drawn_card_is_placed_by_typing_its_square(tmp_path: Path) -> None:
    state = at({}, pile=["7CA", "6CA"])
    text = _session(state, ["tirage", "e4", "a4"], tmp_path)
    assert "Posez 7♦ : tapez sa case" in text and "aucun mouvement depuis e4" in text
    assert "(R5)" not in text  # issue 21: no rule IDs in the French of the table
    assert "Vous (Blanc) pose 7♦ en a4." in text


def test_black_sees_the_board_from_his_side() -> None:
    view = GAME.new(2, {}, 0).view(0)
    assert board_text(view, black=True).plain.splitlines()[-1].split() == list("hgfedcba")
    assert board_text(view).plain.splitlines()[0].startswith(" 8")


def test_R22_level_a_help_says_nothing_of_exchanges(tmp_path: Path) -> None:
    """Issue 21: at level A (no exchanges, R22) « aide » advertised « échange d7 f5 » and the
    exchange at the draw; level B still tells them."""
    text = _session(GAME.new(2, {"level": "A"}, 4), ["aide"], tmp_path)
    help_text = text[text.index("Tapez un numéro") :]
    assert "échange" not in help_text.split("Commandes")[0]
    text = _session(GAME.new(2, {"level": "B"}, 4), ["aide"], tmp_path)
    assert "échange d7 f5" in text


def test_R27_the_game_clock_keeps_the_time_used_across_a_resume(tmp_path: Path) -> None:
    """Issue 21 (resume any game, real clocks): quitting a game with a clock and resuming it
    gave the whole time back — the loop counted from the resumption. The record keeps the
    time used and `reprendre` goes on from it; a damaged value is refused by name."""
    from typer.testing import CliRunner

    from ludotheque.cli.main import app

    ticks = iter(range(0, 10_000, 25))  # 25 s per reading of the fake clock
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    replies = iter(["1", "quitter"])
    state = GAME.new(2, {"time_limit_s": 600}, 4)
    path = tmp_path / "alice.json"
    with pytest.raises(Quit):
        play(GAME, state, 0, ["glouton"], console, lambda _: next(replies), path,
             clock=Clock(now=lambda: next(ticks)))  # fmt: skip
    used = records.load(path)["game_clock_used_s"]
    assert 25 <= used < 600
    rec = records.load(path)
    rec["game_clock_used_s"] = 590
    records.save(rec, path)
    again = CliRunner().invoke(app, ["reprendre", str(path)], input="quitter\n")
    assert again.exit_code == 0, again.output
    assert "Pendule : 10 s restantes" in again.output
    rec["game_clock_used_s"] = "beaucoup"
    records.save(rec, path)
    bad = CliRunner().invoke(app, ["reprendre", str(path)], input="quitter\n")
    assert bad.exit_code == 2 and "temps déjà écoulé" in bad.output


def test_R15_R20_the_rules_in_brief_say_a_threatened_card_may_still_capture_or_be_swapped() -> None:
    """Found play-testing: « regles » said « Une carte menacée ne peut que fuir », while R11,
    R15 and R20 let it capture and, at level B, be exchanged."""
    from ludotheque.games.alice.terminal import RULES, RULES_EN

    assert "ne peut que" not in RULES and "peut encore prendre" in RULES
    assert "niveau B, être échangée" in " ".join(RULES.split())
    assert "may still capture" in " ".join(RULES_EN.split())
