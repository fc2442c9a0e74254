"""A whole game in the terminal interface, the person choosing by number, against the glouton."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.engine import record as records
from ludotheque.engine.record import replay
from ludotheque.games.alice import GAME


def test_a_whole_game_in_the_terminal(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(["aide", "regles", "menaces", "liste", "zz9", "999"])

    def ask(prompt: str) -> str:
        return next(answers, "1")

    state = GAME.new(2, {"level": "B"}, 4)
    play(GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json")
    text = out.getvalue()
    assert state.is_over() and (tmp_path / "alice.json").exists()
    assert "Pile ou face" in text and "Alice en bref" in text and "Menaces :" in text
    assert "illisible" in text and "numéro de 1 à" in text
    assert "pts (" in text and ("gagne" in text or "égalité" in text)


def test_the_terminal_keeps_the_game_clock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # R27 with time_limit_s: the terminal measures time (here a fake clock, 7 s per reading),
    # shows what is left, plays « time_up » as the arbiter once it is over, and the game ends
    # with the turn in progress.
    ticks = iter(range(0, 10_000, 7))
    monkeypatch.setattr("ludotheque.games.alice.terminal.time.monotonic", lambda: next(ticks))
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    answers = iter(["temps"])  # a player cannot declare the time up himself

    def ask(prompt: str) -> str:
        return next(answers, "1")

    state = GAME.new(2, {"time_limit_s": 60}, 4)
    play(GAME, state, 0, ["glouton"], console, ask, tmp_path / "alice.json")
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
