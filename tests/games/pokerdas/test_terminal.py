"""Terminal play of Le Poker d'As, driven by scripted answers (issue 3, deliverable 5)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.pokerdas.terminal import PokerDasTerminal

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
        {"max_rounds": 2},
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
    play(GAME, state, 0, bots, console, lambda p: scripted(p, asked),
         tmp_path / "rec.json")  # fmt: skip
    text = out.getvalue()
    assert state.is_over() and "Classement final" in text
    if options.get("menteur"):
        assert "BLUFF" in text and "Menteur 1" in text and "Conseil du bot menteur" in text
    else:
        assert "Manche 1" in text and "Parfait 1" in text and "Conseil" in text


def test_the_default_opponents_suit_the_variant() -> None:
    assert GAME.default_bot(GAME.Options()) == "parfait"
    assert GAME.default_bot(GAME.Options.from_dict(GAME.variant_options("cafe"))) == "parfait"
    assert GAME.default_bot(GAME.Options(menteur=True)) == "menteur"


def test_a_long_bot_turn_is_summed_up(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(2, {"max_rounds": 1}, seed=1)
    ui = PokerDasTerminal(console, 1, ["Parfait 0", "Vous"], lambda p: "")
    throws = [{"type": "throw", "seat": 0, "dice": "9 10 J Q K", "kept": "", "throws": n,
               "hand": "Séquence K-Q-J-10-9"} for n in range(1, 7)]  # fmt: skip
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

    state = GAME.new(2, {"max_rounds": 1}, seed=21)
    play(GAME, state, 0, ["parfait"], console, ask, tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "le bot parfait conseille de s'arrêter" in text
