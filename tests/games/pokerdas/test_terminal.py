"""Terminal play of Le Poker d'As, driven by scripted answers (issue 3, deliverable 5)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play

from .helpers import GAME


def scripted(prompt: str, asked: list[str]) -> str:
    first = prompt not in asked
    asked.append(prompt)
    if first:
        return "conseil"  # every kind of prompt gets a « conseil » once
    if "Entrée" in prompt:
        return ""
    if prompt.startswith("Relancer"):
        return "s"
    if prompt.startswith("Dés à relancer"):
        return "1 2"
    if prompt.startswith("Votre annonce"):
        return "poker A"
    return "b"


@pytest.mark.parametrize(
    "options",
    [
        {"max_rounds": 3},
        {"max_rounds": 2, "relance_totale": False, "max_throws": 2},
        {"menteur": True, "start_tokens": 2},
    ],
)
def test_a_person_plays_to_the_end(options: dict, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    asked: list[str] = []
    state = GAME.new(3, options, seed=4)
    bots = ["random"] if options.get("menteur") else ["parfait"]  # bot-only laps last long
    play(GAME, state, 0, bots, console, lambda p: scripted(p, asked),
         tmp_path / "rec.json")  # fmt: skip
    text = out.getvalue()
    assert state.is_over() and "Classement final" in text
    if options.get("menteur"):
        assert "BLUFF" in text
    else:
        assert "Manche 1" in text and ("Conseil" in text)
