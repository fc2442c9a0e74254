"""The count of a declared word at the showdown (R30–R35, R40–R42)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ludotheque.cards.letters import Played, count, format_cards, spelling
from ludotheque.lexicon import Lexicon, fold


@dataclass(frozen=True)
class WordCheck:
    """A declaration judged: the spelling, its count, and why it counts 0 if it does."""

    word: str
    score: int
    admitted: bool
    reason_fr: str
    reason_en: str


class WordJudge:
    """Admissibility for one table: the lexicon plus the table's proper-noun list (R40–R42)."""

    def __init__(self, lexicon: Lexicon, proper_nouns: Iterable[str] = ()) -> None:
        self.lexicon = lexicon
        self.proper_nouns = frozenset(
            fold(name).replace("-", "").replace(" ", "") for name in proper_nouns
        )

    def admits(self, word: str) -> bool:
        return self.lexicon.admits(word) or word in self.proper_nouns

    def check(self, played: Sequence[Played], hand_size: int, simplified: bool) -> WordCheck:
        word = spelling(played)
        if not played:
            return WordCheck("", 0, False, "aucun mot montré", "no word shown")
        if len(played) < 3:
            return WordCheck(word, 0, False, "moins de 3 lettres (R31)", "fewer than 3 letters")
        if len(played) > hand_size:  # pragma: no cover - cards are distinct cards of the hand
            return WordCheck(word, 0, False, "plus long que la main", "longer than the hand")
        if not self.admits(word):
            fr, en = self.why_not(word)
            return WordCheck(word, 0, False, fr, en)
        return WordCheck(word, count(played, simplified), True, "mot admis", "word admitted")

    def why_not(self, word: str) -> tuple[str, str]:
        """Why the lexicon refuses ``word``, in a player's words (« forme conjuguée de manger,
        non admise »): the lexicon's explanation without its tag codes or rule numbers.
        Only refused declarations come here (a few ms: the lexicon's rows are searched)."""
        verdict = self.lexicon.explain(word)
        return _plain(verdict.reason_fr), _plain(verdict.reason_en)


_CODES = re.compile(r"\s*\((?:R\d+[^)]*|[a-z]+:[^)]*)\)")


def _plain(reason: str) -> str:
    """« forme conjuguée de manger (ind:imp:3s), non admise » → without « (ind:imp:3s) »."""
    return _CODES.sub("", reason)


def describe(played: Sequence[Played]) -> str:
    return format_cards(played)
