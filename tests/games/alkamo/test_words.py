"""The Alkamo dictionary (R16, R19, D6, D11, E13) and the component data (§1, §6)."""

from __future__ import annotations

import pytest

from ludotheque.games.alkamo import maquettes as M
from ludotheque.games.alkamo.words import (
    TWO_LETTER_INITIALS,
    TWO_LETTER_WORDS,
    dictionary,
    is_initials,
    normalize,
)
from ludotheque.lexicon.build import admissible_forms, keyed
from ludotheque.lexicon.source import lexique_rows


def test_letter_bag_totals() -> None:
    """§1.1: 188 letters + 3 jokers = 191 tiles worth 788 points; all 26 letters."""
    assert M.TOTAL_TILES == 191 and len(M.bag()) == 191
    assert M.TOTAL_VALUE == 788
    assert sum(n for k, (n, _) in M.TILES.items() if k != M.JOKER) == 188
    assert len(M.LETTERS) == 26
    by_value: dict[int, int] = {}
    for letter, (count, value) in M.TILES.items():
        if letter != M.JOKER:
            by_value[value] = by_value.get(value, 0) + count
    assert by_value == {2: 100, 6: 70, 8: 6, 10: 12}


@pytest.mark.parametrize("name", ["A", "B"])
def test_maquettes_have_25_plaques(name: str) -> None:
    """§6: 20 themes + 5 free squares = 25 plaques; each theme formable from a 10-tile rack."""
    maq = M.MAQUETTES[name]
    assert len(maq.themes) == 20 and len(maq.plaques()) == 25
    squares = {maq.square(p) for p in maq.plaques()}
    assert len(squares) == 25
    for theme in maq.themes:
        assert len(theme.word) <= 10
        assert all(theme.word.count(c) <= M.TILES[c][0] for c in theme.word)
        assert len(theme.related) == (12 if theme.word == "ARMEE" else 8)
    assert set(maq.free) == set(M.FREE)


def test_theme_lengths_match_the_spec() -> None:
    lengths = {k: sorted(len(t.word) for t in m.themes) for k, m in M.MAQUETTES.items()}
    assert lengths["A"] == [3, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 7, 7, 7, 8, 8, 9, 10]
    assert lengths["B"] == [3, 4, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8, 9, 10]


def test_boards_as_printed() -> None:
    a = M.MAQUETTES["A"].grid()
    assert a[0] == ["C1", "MER", "PAIN", "CIEL", "C2"]
    assert a[2] == ["MAISON", "JARDIN", "C3", "VOYAGE", "CHEVAL"]
    assert a[4] == ["C4", "CHOCOLAT", "PRINTEMPS", "ORDINATEUR", "C5"]
    b = M.MAQUETTES["B"].grid()
    assert b[3] == ["POISSON", "JUSTICE", "CHATEAU", "MEDECINE", "VETEMENT"]
    assert M.MAQUETTES["A"].free == {"C1": 7, "C2": 4, "C3": 5, "C4": 6, "C5": 8}
    assert M.MAQUETTES["B"].free == {"C1": 6, "C2": 3, "C3": 5, "C4": 7, "C5": 9}


def test_every_theme_and_related_word_is_admissible() -> None:
    d = dictionary()
    for maq in M.MAQUETTES.values():
        for theme in maq.themes:
            assert d.admits(theme.word), theme.word
            for word in theme.related:
                assert d.admits(word), word


def test_price_caps_E15() -> None:
    """E15: E ≤ 4, L ≤ 12, J ≤ 16, Z ≤ 20, joker ≤ 20."""
    assert [M.price_cap(t) for t in "ELJZ*"] == [4, 12, 16, 20, 20]


def test_two_letter_words_are_lexique_s_minus_initials() -> None:
    """D6/R19: two-letter Alkamo words recomputed from Lexique (no vowel: initials, refused)."""
    rows = keyed(lexique_rows())
    two = {w for w in admissible_forms("alkamo", rows, min_letters=2) if len(w) == 2}
    assert {w for w in two if not is_initials(w)} == TWO_LETTER_WORDS
    assert two - TWO_LETTER_WORDS == TWO_LETTER_INITIALS


def test_absent_words_are_told_apart_from_refused_ones() -> None:
    """R22: only a word absent from Lexique can be accepted by a vote or the arbiter."""
    d = dictionary()
    assert d.absent("XYZAB") and d.absent("ZO")
    assert not d.absent("MANGE") and not d.absent("CHAT") and not d.absent("KM")


@pytest.mark.parametrize(
    ("word", "admitted"),
    [
        ("MANGER", True),  # E13: infinitive
        ("MANGE", False),  # conjugated or participle only
        ("MANGEONS", False),
        ("ELLE", True),  # pronoun allowed in Alkamo
        ("AUJOURDHUI", False),  # compound
        ("OS", True),  # D6
        ("KM", False),  # initials
        ("TIRE", True),  # R19: a noun
    ],
)
def test_R19_alkamo_predicate_E13(word: str, admitted: bool) -> None:
    assert dictionary().admits(word) is admitted


def test_R16_folding() -> None:
    assert normalize(" Armée ") == "ARMEE"
    assert normalize("cœur") == "COEUR"
    assert normalize("aujourd'hui") == ""
