"""Terminal play of Casino Royal, driven by scripted answers (issue 4, deliverable 5)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.cli.play import play
from ludotheque.term import Quit

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
    play(
        GAME,
        state,
        0,
        ["random", "fort"],
        console,
        lambda p: scripted(p, asked),
        tmp_path / "rec.json",
    )
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
        [
            "play",
            "casinoroyal",
            "--game",
            "C",
            "-n",
            "2",
            "--seed",
            "3",
            "--bots",
            "random",
            "--record",
            str(record),
            "-o",
            "rounds=1",
        ],
        input="3\n",
    )
    assert result.exit_code == 0, result.output
    assert "Casino Royal Bingo" in result.output and "Classement final" in result.output
    result = runner.invoke(app, ["play", "casinoroyal", "--game", "D"])
    assert result.exit_code == 2 and "option game" in result.output


def test_the_table_shows_who_is_all_in_and_each_pot() -> None:
    """Table stakes in the terminal: the short player's prompt offers « je suis » for all he
    has, the table marks the players « à tapis » and lists the pots, the end of the round says
    who won each pot (the worked example of test_side_pots)."""
    from ludotheque.games.casinoroyal.terminal import CasinoRoyalTerminal

    from .helpers import DECLINE, FOLLOW, STOP, WAIT, play, raise_, rigged, wait_all

    out = io.StringIO()
    console = Console(file=out, width=140, highlight=False)
    prompts: list[str] = []
    term = CasinoRoyalTerminal(
        console, 1, ["Fort 0", "Vous", "Fort 2"], lambda p: prompts.append(p) or "s"
    )
    state = rigged(3, dealer=0, decks=["5S 6S 8S  QS QC 3S 3D 9H"], rounds=1)
    state.balance = [102, 10, 20]
    play(state, (1, DECLINE), (2, DECLINE), (0, raise_(30)))
    assert term.choose(state.view(1), state.legal_actions(1)) == FOLLOW
    assert "« je suis » (s, à tapis, 10)" in prompts[-1]
    events = play(state, (1, FOLLOW), (2, FOLLOW))
    term.tell(events, state.view(1))
    term.show_full(state.view(1))
    for _ in range(4):
        term.tell(wait_all(state), state.view(1))
    term.tell(play(state, (0, WAIT), (1, STOP), (2, WAIT)), state.view(1))
    text = " ".join(out.getvalue().split())
    assert "« je suis » (10) — à tapis" in text
    assert "Vous (à tapis" in text and "Fort 2 (à tapis" in text
    assert "Pots : pot principal 30 (Fort 0, Vous, Fort 2) · pot annexe 20 (Fort 0, Fort 2)" in text
    assert "sans jeton, à tapis : Vous" in text
    assert "Pot principal de 30 : gagné par vous." in text
    assert "Pot annexe de 20 : gagné par Fort 2." in text
    assert "Pot annexe de 14 : à Fort 0 (seul à pouvoir le gagner)." in text


def test_covered_cells_are_marked_without_colour(tmp_path: Path) -> None:
    """Issue 21: a covered cell was shown by its green background alone — with NO_COLOR or in
    a pipe, Random 1's covered K♦ looked like any other card. It carries a sign (●)."""
    out = io.StringIO()
    console = Console(file=out, width=120, no_color=True, color_system=None)
    state = GAME.new(2, {"game": "A"}, seed=3)
    answers = iter(["table"])
    with pytest.raises(Quit):
        play(GAME, state, 0, ["random"], console, lambda p: next(answers, "quitter"),
             tmp_path / "c.json")  # fmt: skip
    text = out.getvalue()
    view = state.view(0)
    covered = [k for k, bits in enumerate(view["covered"]) if bits]
    assert covered and "K♦●" in text and "10♦●" in text
    assert "Q♠●" not in text  # not turned yet
