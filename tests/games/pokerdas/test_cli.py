"""``ludotheque pokerdas rank|compare|odds`` (issue 3, deliverable 1) and ``play pokerdas``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.games.pokerdas.hands import COMBO_ID, SPEC_COUNTS

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["pokerdas", *args])
    return result.exit_code, result.output


def test_rank_in_french_and_json() -> None:
    assert run("rank", "AAKKQ") == (0, "Deux Paires (As et Rois, Dame)\n")
    assert run("rank", "A A K K Q", "--joker") == (0, "Carré de Rois (Dame)\n")
    code, out = run("rank", "K Q J T 9", "--json")
    assert code == 0 and json.loads(out)["combination"] == "sequence"


def test_compare_starts_with_the_sign() -> None:
    code, out = run("compare", "QQJJA", "QQJJK")
    assert code == 0 and out.startswith("> Deux Paires") and out.count("\n") == 1
    assert run("compare", "QQJJK", "QQJJA")[1].startswith("<")
    code, out = run("compare", "QQQAA", "QQQQQ", "--joker", "--json")
    data = json.loads(out)
    assert data["result"] == "=" and data["first"]["name"] == "Poker de Dames"


def test_odds_by_enumeration_equal_the_spec_table() -> None:
    for joker, column in ((False, 0), (True, 1)):
        code, out = run("odds", *(["--joker"] if joker else []), "--json")
        counts = json.loads(out)["counts"]
        assert code == 0 and counts == {COMBO_ID[c]: v[column] for c, v in SPEC_COUNTS.items()}
    code, out = run("odds")
    assert code == 0 and "Paire" in out and "3600 / 7776" in out


def test_malformed_dice_exit_2_with_a_french_message() -> None:
    code, out = run("rank", "AAKK")
    assert code == 2 and "5 dés" in out


@pytest.mark.parametrize(
    ("variant", "bot"), [(None, "Parfait"), ("joker", "Parfait"), ("menteur", "Menteur")]
)
def test_play_picks_the_opponents_that_suit_the_variant(
    variant: str | None, bot: str, tmp_path
) -> None:
    args = ["play", "pokerdas", "-n", "4", "--seed", "11", "--record", str(tmp_path / "r.json")]
    result = runner.invoke(
        app, args + (["--variant", variant] if variant else []), input="quitter\n"
    )
    assert result.exit_code == 0, result.output
    assert f"{bot} 3" in result.output
