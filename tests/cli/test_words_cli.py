"""``ludotheque lexicon check|info`` and ``ludotheque alphapoker best|score``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def test_check_admitted_and_refused() -> None:
    ok = run("lexicon", "check", "chat")
    assert ok.exit_code == 0 and "CHAT : nom, admis" in ok.stdout
    no = run("lexicon", "check", "mangeait")
    assert no.exit_code == 1
    assert "MANGEAIT : forme conjuguée de manger (ind:imp:3s), non admise" in no.stdout


def test_check_json_and_game() -> None:
    res = run("lexicon", "check", "elle", "--jeu", "alkamo", "--json")
    assert res.exit_code == 0
    assert json.loads(res.stdout) == {
        "word": "ELLE",
        "admitted": True,
        "reason": "pronom personnel, admis",
    }
    res = run("lexicon", "check", "elle", "--json", "--lang", "en")
    assert res.exit_code == 1 and json.loads(res.stdout)["reason"].endswith("not admitted")


def test_check_compound() -> None:
    assert run("lexicon", "check", "aujourd'hui").exit_code == 1
    assert run("lexicon", "check", "aujourd'hui", "--composes").exit_code == 0


@pytest.mark.parametrize("bad", ["", "12", "etc.", "p.m."])
def test_check_bad_input(bad: str) -> None:
    res = run("lexicon", "check", bad)
    assert res.exit_code == 2 and "mot" in res.stderr


def test_check_unknown_game() -> None:
    assert run("lexicon", "check", "chat", "--jeu", "scrabble").exit_code == 2


def test_info() -> None:
    res = run("lexicon", "info", "--json")
    data = json.loads(res.stdout)
    assert res.exit_code == 0 and data["lexique"] == 78_746 - 14 and data["words"] > 90_000
    assert data["added"] == 23


def test_best_json() -> None:
    res = run("alphapoker", "best", "Zb Ob *b", "--json", "--limit", "3")
    assert res.exit_code == 0
    best = json.loads(res.stdout)["best"]
    assert len(best) == 2 and best[0]["score"] >= 20  # ZOB 22, ZOO 20
    assert {"word": "ZOO", "score": 20, "cards": "Zb Ob *b(=O)"} in best
    assert [b["score"] for b in best] == sorted((b["score"] for b in best), reverse=True)


def test_best_text_and_simplified() -> None:
    res = run("alphapoker", "best", "Er Ab Ir Rr Sb *r Nb", "--limit", "2")
    assert res.exit_code == 0 and len(res.stdout.strip().splitlines()) == 2
    simp = run("alphapoker", "best", "Cr Hr Ar Tr", "--simplified", "--json")
    assert {"word": "CHAT", "score": 14, "cards": "Cr Hr Ar Tr"} in json.loads(simp.stdout)["best"]


@pytest.mark.parametrize("bad", ["Er Ab Xx", "", "Er,,Q"])
def test_best_bad_hand(bad: str) -> None:
    res = run("alphapoker", "best", bad)
    assert res.exit_code == 2 and res.stderr.strip()


def test_score_json() -> None:
    res = run("alphapoker", "score", "Cr Hr Ar Tr", "--json")
    data = json.loads(res.stdout)
    assert res.exit_code == 0
    assert (data["word"], data["score"], data["admitted"]) == ("CHAT", 24, True)
    assert (data["length_points"], data["letter_sum"], data["doubled"]) == (5, 7, True)
    assert [v["value"] for v in data["letters"]] == [2, 3, 1, 1]


@pytest.mark.parametrize(
    ("cards", "normal", "simplified"),
    [("Zb Ob *r(=O)", 10, 7), ("*b(=Q) Ub Ib Zb", 40, 30), ("Mr Ab Nr Gb Er", 15, 7)],
)
def test_score_e1(cards: str, normal: int, simplified: int) -> None:
    assert json.loads(run("alphapoker", "score", cards, "--json").stdout)["score"] == normal
    res = run("alphapoker", "score", cards, "--json", "--simplified")
    assert json.loads(res.stdout)["score"] == simplified


def test_score_inadmissible() -> None:
    res = run("alphapoker", "score", "Hr Cr Ar Tr", "--json")
    data = json.loads(res.stdout)
    assert data["score"] == 0 and not data["admitted"] and data["score_if_admitted"] == 24
    text = run("alphapoker", "score", "Mr Ar Nr Gr Er Or Nr Sr")
    assert "compte : 0" in text.stdout and "forme conjuguée" in text.stdout


@pytest.mark.parametrize("bad", ["Zb Ob *r", "Zx", ""])
def test_score_bad_notation(bad: str) -> None:
    res = run("alphapoker", "score", bad)
    assert res.exit_code == 2 and res.stderr.strip()


def test_check_agrees_with_each_games_rule() -> None:
    """Issue 19: Alkamo admits two-letter words (R18, D6); a compound absent from Lexique is
    absent with or without --composes (no hint at an option that would refuse it too)."""
    os_alkamo = run("lexicon", "check", "os", "--jeu", "alkamo")
    assert os_alkamo.exit_code == 0 and "OS : nom, admis" in os_alkamo.stdout
    assert run("lexicon", "check", "os").exit_code == 1  # AlphaPoker: 3 letters (R40)
    plain = run("lexicon", "check", "xyz-abc")
    assert plain.exit_code == 1 and "composés" not in plain.stdout
    assert "absent" in plain.stdout
    assert run("lexicon", "check", "xyz-abc", "--composes").exit_code == 1


def test_check_refuses_abbreviations_and_admits_additions() -> None:
    for word in ("svp", "mme", "etc"):
        res = run("lexicon", "check", word, "--jeu", "alkamo")
        assert res.exit_code == 1 and "non admis (R19)" in res.stdout
    assert run("lexicon", "check", "zêta").exit_code == 0


def test_missing_lists_the_grammalecte_check() -> None:
    res = run("lexicon", "manquants", "--json", "--limit", "5")
    data = json.loads(res.stdout)
    assert res.exit_code == 0 and data["missing"] > 30_000 and len(data["shown"]) == 5
    assert "zêta" in data["added"]


def test_score_in_english_is_english_throughout_and_lang_takes_fr_or_en() -> None:
    """Found play-testing: ``score … --lang en`` said « longueur 5 + lettres … une seule
    couleur » then « compte : 24 (noun, admitted) »; ``--lang de`` was taken silently."""
    res = run("alphapoker", "score", "Cr Hr Ar Tr", "--lang", "en")
    assert res.exit_code == 0
    assert "length 5 + letters 2 + 3 + 1 + 1 = 7; one colour: ×2" in res.stdout
    assert "count: 24 (noun, admitted)" in res.stdout and "compte" not in res.stdout
    refused = run("lexicon", "check", "chat", "--lang", "de")
    assert refused.exit_code == 2 and "--lang attend fr ou en" in " ".join(refused.output.split())


def test_a_hand_the_cards_cannot_make_is_refused() -> None:
    """Found play-testing: ``best "*r *b *r *r"``, ``score "Qr Qr Qr"`` and a 10-card hand were
    taken, though two sets hold two red jokers and two red Q at most, and a hand 9 cards."""
    for args in (("best", "*r *b *r *r"), ("score", "Qr Qr Qr"), ("best", "A" * 0 + "Ar " * 10)):
        res = run("alphapoker", *args)
        assert res.exit_code == 2, (args, res.output)
    said = " ".join(run("alphapoker", "score", "Qr Qr Qr").output.split())
    assert "3 cartes Qr" in said and "2" in said
    assert "au plus 9 cartes" in " ".join(run("alphapoker", "best", "Ar " * 10).output.split())
    assert run("alphapoker", "best", "*r *b *r").exit_code == 0  # two sets: two red jokers


def test_a_two_letter_word_does_not_say_sinon_0() -> None:
    res = run("alphapoker", "score", "Er Ur")
    assert "sinon 0" not in res.stdout and "compte : 0" in res.stdout


def test_a_limit_out_of_range_says_the_range() -> None:
    said = " ".join(run("alphapoker", "best", "Cr Hr Ar Tr", "--limit", "0").output.split())
    assert "--limit attend un nombre ≥ 1, pas « 0 »" in said
