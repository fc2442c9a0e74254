"""Alkamo's dictionary (R16–R19, D6, D11): the lexicon's Alkamo policy, plus its two-letter words.

The compiled lexicon keeps words of three letters or more (AlphaPoker's minimum); Alkamo plays
two-letter words too (D6: OS for CORPS). :data:`TWO_LETTER_WORDS` is the Alkamo predicate of
rules/README §3 applied to Lexique's two-letter folded forms, minus the unit symbols and
initials Lexique lists as nouns (CM, KM, PC… have no vowel: R19 excludes initials and
abbreviations). A test recomputes it from Lexique.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ludotheque.lexicon import Lexicon, load
from ludotheque.lexicon.explain import ABSENT
from ludotheque.lexicon.fold import fold, shape

_TWO = """
    AA AH AI AN AS AU BE BI BU BY CA CE CI CO DA DE DO DU EH EN ES ET FA FI FY GI GO GY HA
    HE HI HO IF IL IN JA JE KA LA LE LI LU MA ME MI NA NE NI NU OB OH OK ON OR OS OU PA PI
    RA RE RI RU SA SE SI SU TA TE TO TU UN US UT VA VU YA YU
"""
TWO_LETTER_WORDS = frozenset(_TWO.split())
VOWELS = frozenset("AEIOUY")
# Lexique's other two-letter forms: unit symbols and initials (refused, R19).
TWO_LETTER_INITIALS = frozenset(["CM", "DC", "DM", "KM", "ML", "MM", "MN", "PC", "PH"])


def is_initials(word: str) -> bool:
    """A two-letter form without a vowel is a symbol or initials (CM, KM, PC), never a word."""
    return len(word) <= 2 and not set(word) & VOWELS


class Dictionary:
    """Admissible folded A–Z words for Alkamo (R19): lexicon ∪ two-letter words."""

    def __init__(self, lexicon: Lexicon | None = None) -> None:
        self.lexicon = lexicon if lexicon is not None else load("alkamo")

    def admits(self, word: str) -> bool:
        if len(word) == 2:
            return word in TWO_LETTER_WORDS
        return len(word) > 2 and self.lexicon.admits(word)

    def absent(self, word: str) -> bool:
        """Absent from Lexique altogether (not merely inadmissible): the words a vote or an
        arbiter may still accept (R22)."""
        if len(word) < 2:
            return False
        if len(word) == 2:
            return word not in TWO_LETTER_WORDS and word not in TWO_LETTER_INITIALS
        return self.lexicon.explain(word).reason_en == ABSENT[1]

    def why_not(self, word: str) -> tuple[str, str]:
        """Why ``word`` (folded) is refused, French and English (lexicon's explanation)."""
        if len(word) < 2:
            return "mot trop court", "word too short"
        if len(word) == 2:
            return (
                "mot de deux lettres absent de Lexique (ou sigle)",
                "two-letter word not in Lexique (or initials)",
            )
        verdict = self.lexicon.explain(word)
        return verdict.reason_fr, verdict.reason_en

    def words(self) -> Iterable[str]:
        yield from TWO_LETTER_WORDS
        yield from self.lexicon


_DICT: Dictionary | None = None


def dictionary() -> Dictionary:
    """The process-wide Alkamo dictionary (the lexicon is loaded once)."""
    global _DICT
    if _DICT is None:
        _DICT = Dictionary()
    return _DICT


def normalize(text: str) -> str:
    """What a player typed → folded A–Z (« Armée » → ARMEE); '' if it is not one word."""
    folded = fold(text.strip())
    return folded if shape(folded) == "simple" else ""


def letters_needed(word: str, rack: Iterable[str]) -> Counter[str]:
    """Letters of ``word`` the real tiles of ``rack`` do not cover (jokers must cover them)."""
    return Counter(word) - Counter(t for t in rack if t != "*")
