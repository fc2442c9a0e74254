"""A whole game in the terminal interface, the person choosing by number, against the glouton."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from ludotheque.cli.play import play
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
