"""The admissibility predicates against README §3 and alphapoker.md E2 (reference counts,
spot checks, noise corrections)."""

from __future__ import annotations

import pytest

from ludotheque.lexicon import Lexicon
from ludotheque.lexicon.build import admissible_forms, keyed
from ludotheque.lexicon.policy import ELIDED, OVERRIDES, row_admits
from ludotheque.lexicon.source import Row, lexique_rows


@pytest.fixture(scope="module")
def rows() -> list:
    return keyed(lexique_rows())


def test_reference_counts_alphapoker(rows: list) -> None:
    # README §3 / notes §A.2: simple forms, ≥ 3 letters, guard and corrections on.
    assert len(admissible_forms("alphapoker", rows)) == 78_746
    # The notes' 78,870 "without the guard" is the raw predicate: no guard, every length,
    # no elision or override correction.
    raw = admissible_forms("alphapoker", rows, guard=False, min_letters=0, corrections=False)
    assert len(raw) == 78_870
    assert len(admissible_forms("alphapoker", rows, guard=False)) == 78_761


def test_reference_counts_alkamo(rows: list) -> None:
    # README's "about 69,450" counts forms of every length; with ≥ 3 letters it is 69,325.
    assert len(admissible_forms("alkamo", rows)) == 69_325
    every_length = admissible_forms("alkamo", rows, min_letters=0, corrections=False)
    assert len(every_length) == 69_438
    assert abs(len(every_length) - 69_450) <= 100


# README §3 spot checks: word, AlphaPoker predicate, Alkamo predicate (length aside).
SPOT = [
    *[(w, True, True) for w in ("CHAT", "QUIZ", "WHISKY", "ETRE", "PARLER")],
    *[(w, False, False) for w in ("MANGEONS", "PARLAIT", "VIENS", "VOULEZ")],
    *[(w, True, False) for w in ("MANGE", "CHANTE", "EU")],
    *[(w, False, True) for w in ("ELLE", "CELA", "QUOI")],
    ("LEUR", True, True),
    *[(w, False, True) for w in ("OUF", "HELAS")],
    *[(w, True, True) for w in ("EST", "PORTE", "MARCHE")],
    ("LORSQU", False, False),
]


@pytest.mark.parametrize(("word", "ap", "alk"), SPOT)
def test_spot_checks(rows: list, word: str, ap: bool, alk: bool) -> None:
    preds = {}
    for policy in ("alphapoker", "alkamo"):
        ok = any(row_admits(policy, r) for key, s, r in rows if key == word and s == "simple")
        override = OVERRIDES[policy].get(word)
        preds[policy] = (override[0] if override else ok) and word not in ELIDED
    assert (preds["alphapoker"], preds["alkamo"]) == (ap, alk)


@pytest.mark.parametrize(("word", "ap", "alk"), SPOT)
def test_spot_checks_loaded(
    alphapoker: Lexicon, alkamo: Lexicon, word: str, ap: bool, alk: bool
) -> None:
    # Same table on the compiled lexicons, where words need 3 letters (EU is too short, E2).
    long_enough = len(word) >= 3
    assert alphapoker.admits(word) == (ap and long_enough)
    assert alkamo.admits(word) == (alk and long_enough)


def test_e2_admissibility(alphapoker: Lexicon) -> None:
    refused = ["MANGEONS", "PARLAIT", "ELLE", "CELA", "OUF", "EU", "HCAT"]
    admitted = ["LEUR", "MANGE", "CHANTE", "EST", "PARLER", "PARLANT", "ETRE"]
    assert [w for w in refused if alphapoker.admits(w)] == []
    assert [w for w in admitted if not alphapoker.admits(w)] == []


def test_override_table() -> None:
    assert {w: v[0] for w, v in OVERRIDES["alphapoker"].items()} == {
        "CELA": False,
        "CELLE": False,
        "QUOI": False,
        "LEUR": True,
        "DAB": True,  # slang, not the sigle (test_abbreviations.py)
    }
    assert {w: v[0] for w, v in OVERRIDES["alkamo"].items()} == {"DAB": True}
    assert sorted(ELIDED) == ["JUSQU", "LORSQU", "PUISQU", "QU"]


def test_noise_guard() -> None:
    assert not row_admits("alphapoker", Row("voulez", "vouler", "VER", '"inf;"'))
    assert row_admits("alphapoker", Row("vouloir", "vouloir", "VER", '"inf;"'))
    assert row_admits("alphapoker", Row("être", "être", "AUX", '"inf;"'))
    assert not row_admits("alphapoker", Row("mangeait", "manger", "VER", '"ind:imp:3s;"'))
    assert row_admits("alphapoker", Row("mangé", "manger", "VER", '"par:pas;"'))
    assert not row_admits("alkamo", Row("mangé", "manger", "VER", '"par:pas;"'))
    assert not row_admits("alphapoker", Row("elle", "elle", "PRO:per", ""))
    assert row_admits("alkamo", Row("elle", "elle", "PRO:per", ""))
    assert not row_admits("alkamo", Row("z", "z", "LIA", ""))
    assert not row_admits("alkamo", Row("x", "x", "", ""))


def test_compound_forms() -> None:
    from ludotheque.lexicon import load

    lex = load("alphapoker", compound=True)
    assert lex.admits("AUJOURDHUI") and lex.admits("CHAT")
    assert not load("alphapoker").admits("AUJOURDHUI")
    assert len(lex) > len(load("alphapoker"))
