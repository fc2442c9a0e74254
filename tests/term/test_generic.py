"""The generic table plays every registered game from its view and legal actions (issue 20):
a game with no terminal of its own is playable at once. Each game is played to its end here
against random bots, the person always typing the first listed action, through the table's
own input loop (and once through `ludotheque play --generique` with piped input)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque import games
from ludotheque.cli.main import app
from ludotheque.cli.play import play
from ludotheque.engine.protocol import Game
from ludotheque.term import Quit
from ludotheque.term.clock import Clock
from ludotheque.term.generic import GenericTerminal, action_text, value_text
from ludotheque.term.table import terminal_for

# Short tables: the point is every game's whole course, not its length.
SHORT: dict[str, dict[str, object]] = {
    "alphapoker": {"hands_per_game": 1},
    "pokerdas": {"max_rounds": 2},
    "casinoroyal": {"rounds": 1},
    "belote": {"belote_target": 1},
    "bataille": {"bataille_mode": "timed", "bataille_duration_s": 10},
    "alkamo": {"l_empty": "end"},
    "alice": {"level": "A"},
}


@pytest.mark.parametrize("name", games.names())
def test_every_registered_game_plays_to_its_end_at_the_generic_table(
    name: str, tmp_path: Path
) -> None:
    game = games.get(name)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    state = game.new(game.min_players, SHORT.get(name, {}), 7)
    asked = [0]

    def ask(prompt: str) -> str:
        asked[0] += 1
        assert asked[0] < 5_000, "the game does not end"
        return "aide" if asked[0] == 1 else "1"

    clock = Clock(now=lambda: float(asked[0]))  # a second per answer (the Bataille's clock)
    play(game, state, 0, ["random"], console, ask, tmp_path / "g.json", clock=clock, generic=True)
    text = out.getvalue()
    assert state.is_over() and "Classement final" in text
    assert "Table générique" in text and "  1. " in text  # the help, the numbered actions


def test_a_game_without_a_terminal_gets_the_generic_table() -> None:
    game = games.get("belote")
    state_class = type("SansTableState", (game.state_type,), {})  # Game() claims its state class
    bare = Game(
        name="sans_table",
        title="Sans table",
        min_players=game.min_players,
        max_players=game.max_players,
        options=game.options_type,
        state=state_class,
    )
    assert terminal_for(bare) is GenericTerminal
    assert terminal_for(game).__name__ == "BeloteTerminal"


def test_generic_table_refuses_a_wrong_number_and_reads_json(tmp_path: Path) -> None:
    game = games.get("alphapoker")
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    state = game.new(2, {"hands_per_game": 1}, 3)
    answers = iter(["999", "xyz", "{oops", '{"type": "change", "cards": []}', "liste", "table"])

    def ask(prompt: str) -> str:
        return next(answers, "quitter")

    with pytest.raises(Quit):  # « quitter » at the end of the answers
        play(game, state, 0, ["random"], console, ask, tmp_path / "g.json", generic=True)
    text = out.getvalue()
    assert "numéro de 1 à" in text and "« xyz » : tapez un numéro" in text
    assert "une action JSON est un objet" in text
    assert [0, {"type": "change", "cards": []}] in [list(a) for a in state.record()["actions"]]


def test_play_generique_through_the_command(tmp_path: Path) -> None:
    path = tmp_path / "p.json"
    args = [
        "play",
        "pokerdas",
        "-n",
        "2",
        "--seed",
        "2",
        "--bots",
        "random",
        "--generique",
        "-o",
        "max_rounds=1",
        "--record",
        str(path),
    ]
    result = CliRunner().invoke(app, args, input="1\n" * 200)
    assert result.exit_code == 0, result.output
    assert "Classement final" in result.output and "  1. throw" in result.output


def test_values_and_actions_read_on_one_line() -> None:
    assert value_text({"a": [1, None], "b": True}) == "{a: [1, —], b: oui}"
    assert action_text({"type": "bet", "amount": 3, "pour_voir": False}) == (
        "bet amount=3 pour_voir=non"
    )
