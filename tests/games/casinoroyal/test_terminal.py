"""Terminal play of Casino Royal, driven by scripted answers (issue 4, deliverable 5)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.cli.play import play

from .helpers import GAME


def scripted(prompt: str, asked: list[str]) -> str:
    first = not any(p[:12] == prompt[:12] for p in asked)
    asked.append(prompt)
    if first:
        return "chances" if "Rien ne va plus" in prompt else "aide"
    if "Rien ne va plus » ?" in prompt:
        return "r" if len(asked) % 4 == 0 else ""
    if "j'enchéris ! » : votre" in prompt:
        return "2" if len(asked) % 3 == 0 else ""
    if prompt.startswith("« Relance ? »"):
        return "3" if len(asked) % 2 else ""
    if "je suis" in prompt:
        return "s"
    if prompt.startswith("Vous donnez : enjeu"):
        return "2"
    if prompt.startswith("Enjeu supplémentaire"):
        return "1"
    if prompt.startswith("Enchère la plus haute"):
        return "s"
    if prompt.startswith("Niveau"):
        return "c"
    if "figure" in prompt:
        return "3"
    return "?"


@pytest.mark.parametrize("variant", ["A", "B", "C"])
def test_a_person_plays_a_session_to_the_end(variant: str, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    asked: list[str] = []
    state = GAME.new(3, {"game": variant}, seed=7)
    play(GAME, state, 0, ["random", "fort"], console, lambda p: scripted(p, asked),
         tmp_path / "rec.json")  # fmt: skip
    text = out.getvalue()
    assert state.is_over() and "Classement final" in text
    assert "Carton" in text and "Manche 1" in text
    if variant == "C":
        assert "la figure" in text
    else:
        assert "Carte annoncée" in text and "« Relance ? »" in text
    assert (tmp_path / "rec.json").exists()


def test_the_game_flag_selects_the_game_and_bad_values_are_refused(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "r.json"
    result = runner.invoke(
        app,
        ["play", "casinoroyal", "--game", "C", "-n", "2", "--seed", "3", "--bots", "random",
         "--record", str(record), "-o", "rounds=1"],
        input="3\n",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Casino Royal Bingo" in result.output and "Classement final" in result.output
    result = runner.invoke(app, ["play", "casinoroyal", "--game", "D"])
    assert result.exit_code == 2 and "option game" in result.output
