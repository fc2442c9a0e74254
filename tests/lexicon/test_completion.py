"""Missing inflections completed from Grammalecte (README §3)."""

from __future__ import annotations

import pytest

from ludotheque.lexicon import Lexicon
from ludotheque.lexicon.hunspell import NOMINAL_FLAGS, load_grammalecte
from ludotheque.lexicon.inflect import candidates, feminines, plurals


def test_candidates() -> None:
    assert plurals("chat") == ["chats"]
    assert plurals("cheval") == ["chevals", "chevaux"]
    assert "bijoux" not in plurals("bijou")  # -ou is +s (Grammalecte knows the 7 exceptions)
    assert plurals("bateau") == ["bateaus", "bateaux"]
    assert plurals("nez") == [] and plurals("choix") == []
    assert "actives" in dict(candidates("actif"))
    assert "heureuse" in feminines("heureux")
    assert "première" in feminines("premier")
    assert "ancienne" in feminines("ancien")
    assert "bonne" in feminines("bon")
    assert "cruelle" in feminines("cruel")
    assert "muette" in feminines("muet")
    assert "actrice" in feminines("acteur")
    assert feminines("eau") == ["eaue"]  # no empty stem: « eau » must not give « elle »


@pytest.mark.parametrize("word", ["AMORALES", "SECTARISMES", "REARMEMENTS", "COURRIELS"])
def test_completed_forms(alphapoker: Lexicon, alkamo: Lexicon, word: str) -> None:
    assert alphapoker.admits(word) and alkamo.admits(word)
    assert "Grammalecte" in alphapoker.explain(word).reason_fr


@pytest.mark.parametrize("word", ["MANGENT", "MANGEONS", "PARLAIT", "ELLE", "CELLES", "CHATES"])
def test_still_refused(alphapoker: Lexicon, word: str) -> None:
    assert not alphapoker.admits(word)


def test_counts_after_completion(alphapoker: Lexicon, alkamo: Lexicon) -> None:
    # README §3's 78,746 and 69,325, minus the 14 abbreviations, sigles and initials of
    # Lexique (test_abbreviations.py); the 23 words added from Grammalecte (ADDITIONS) and
    # their inflections come on top.
    assert alphapoker.counts["lexique"] == 78_746 - 14
    assert alphapoker.counts["added"] == 23
    assert alphapoker.counts["completed"] == 14_752
    assert len(alphapoker) == 93_507
    assert alkamo.counts["lexique"] == 69_325 - 14
    assert len(alkamo) == alkamo.counts["total"]


def test_completion_never_conjugates() -> None:
    nominal = load_grammalecte().forms(NOMINAL_FLAGS)
    assert {"amorales", "chattes", "chevaux", "mangées"} <= nominal
    assert not {"mangent", "mangeons", "parlait", "elle", "zut"} & nominal
