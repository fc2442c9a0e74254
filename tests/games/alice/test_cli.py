"""``ludotheque alice moves|show``."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludotheque.cli.main import app

RUNNER = CliRunner()
E3 = "8/3DCO4/8/8/8/8/8/33TR4 b - - - - - 38 - -"


def test_moves_lists_actions_with_the_threats_they_create() -> None:
    out = RUNNER.invoke(app, ["alice", "moves", E3])
    assert out.exit_code == 0
    lines = out.stdout.splitlines()
    assert "tirage" in lines and "d1-d4  menace 3TR>DCO" in lines


def test_moves_json_and_level_a() -> None:
    out = RUNNER.invoke(app, ["alice", "moves", E3, "--json"])
    data = json.loads(out.stdout)
    assert {"action": "d1-d4", "threats": ["3TR>DCO"]} in data
    b = "8/8/8/8/8/8/8/RTR5RCA1 b - - - - - 38 - -"
    level_b = json.loads(RUNNER.invoke(app, ["alice", "moves", b, "--json"]).stdout)
    level_a = json.loads(RUNNER.invoke(app, ["alice", "moves", b, "--json", "--level", "A"]).stdout)
    assert len(level_b) == len(level_a) + 1


def test_show_draws_the_board() -> None:
    out = RUNNER.invoke(app, ["alice", "show", E3, "--menaces"])
    assert out.exit_code == 0 and "D♥" in out.stdout and "d1→d7" not in out.stdout


def test_bad_position_exits_2_with_a_french_message() -> None:
    out = RUNNER.invoke(app, ["alice", "show", "8/8 b"])
    assert out.exit_code == 2 and "10 champs" in out.output
