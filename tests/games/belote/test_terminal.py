"""Terminal play of the Belote (and secrète), driven by scripted answers."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.belote import GAME


@pytest.mark.parametrize("secrete", [False, True])
def test_a_person_plays_to_the_end(secrete: bool, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(4, {"belote_target": 100, "belote_secrete": secrete}, seed=3)
    asked = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) <= 2:
            return ["aide", "regles"][len(asked) - 1]
        if prompt.startswith("Carte"):
            return state.playable(0)[-1][0]
        return "table" if len(asked) % 5 == 0 else ""

    play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "Fin de manche 1" in text and "propose" in text
    assert ("Pile :" in text) == secrete
    assert "La Belote AlphaPoker en bref" in text  # « regles »
