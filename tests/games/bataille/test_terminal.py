"""Terminal play of the Bataille, driven by scripted answers."""

from __future__ import annotations

import io
from pathlib import Path

from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.bataille import GAME


def test_a_person_plays_to_the_end(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    answers = iter(["aide", "regles", "coul r"] + ["", "", "chat", "xq"] * 200)
    state = GAME.new(2, {"courtoisie": True}, seed=2)

    def ask(prompt: str) -> str:
        return next(answers, "")

    play(GAME, state, 0, ["facile"], console, ask, tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "pose la main" in text and "Couleurs" in text
    assert "La Bataille AlphaPoker en bref" in text  # « regles »
