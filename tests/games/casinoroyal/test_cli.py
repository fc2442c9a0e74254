"""``ludotheque casinoroyal compare|best|cartons`` (issue 4, deliverable 1)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["casinoroyal", *args])
    return result.exit_code, result.output


def test_compare_prints_the_sign_and_both_hands_in_french() -> None:
    code, out = run("compare", "AS KS QS JS TS", "9H 9D 9S 9C 2H")
    assert code == 0
    assert out == "> Quinte floche royale [AS KS QS JS TS] contre Carré de 9 (2) [9S 9H 9D 9C 2H]\n"
    assert run("compare", "9H 9D 9S 9C 2H", "AS KS QS JS TS")[1].startswith("< Carré de 9")
    assert run("compare", "9H TH JH QH KH", "9D 10D JD QD KD")[1].startswith("= Quinte floche")


def test_compare_json() -> None:
    code, out = run("compare", "AC AD AH 2C 2D", "KC KD KH QC QD", "--json")
    data = json.loads(out)
    assert code == 0 and data["result"] == ">"
    assert data["first"]["name"] == "Full aux As par les 2"
    assert data["second"]["combination"] == "full" and data["second"]["cards"] == "KC KD KH QC QD"


def test_best_of_many_cards() -> None:
    code, out = run("best", "AS AD 7C AC 8S 8H 2D")
    assert (code, out) == (0, "Full aux As par les 8 : AS AD AC 8S 8H\n")
    code, out = run("best", "KH QH JH 10H 9H 9S", "--json")
    data = json.loads(out)
    assert data["best"] == "KH QH JH TH 9H" and data["combination"] == "quinte_floche"
    assert data["cards"] == "KH QH JH TH 9H 9S"
    assert run("best", "QS 3C")[1] == "Carte haute Dame (3) : QS 3C\n"


def test_malformed_or_repeated_cards_exit_2_in_french() -> None:
    code, out = run("best", "AS 1D")
    assert code == 2 and "« 1D » n'est pas une carte" in out
    code, out = run("compare", "AS AS", "KS")
    assert code == 2 and "deux fois" in out
    assert run("best", "  ")[0] == 2


def test_cartons() -> None:
    code, out = run("cartons", "2")
    assert code == 0 and out.startswith("Carton 2 (tout couvert : Quinte floche au Roi)")
    assert "7C  9D  QS  JD  AC" in out
    data = json.loads(run("cartons", "--json")[1])
    assert len(data["cartons"]) == 8 and data["cartons"]["8"].startswith("8S 4H QC")
    assert run("cartons", "9")[0] == 2
