"""The theme-word policy shared by Alkamo's and AlphaPoker's bots and hints (issue 15): only
words the judge accepts with a margin, the words people know first."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.judge import FAMILY_MIN, Decision


class FixedJudge:
    """A judge whose parentés are given: accepted from 0.5, as the vector judge."""

    def __init__(self, scores: dict[str, float]) -> None:
        self.scores = scores
        self.decided: list[str] = []

    def decide(self, display: str, word: str, related: Sequence[str] = ()) -> Decision:
        self.decided.append(word)
        p = self.scores.get(word, 0.0)
        return Decision(word, display, p >= 0.5, p, "parenté", "relatedness", "vectors")

    def accepts(self, display: str, words: Sequence[str], related: Sequence[str] = ()) -> list:
        return [self.scores.get(w, 0.0) >= 0.5 for w in words]


def test_frequencies_are_lexiques_per_million() -> None:
    assert TW.frequency("CHEVAL") > 50 and TW.frequency("CHEVAUX") > 20  # forms counted
    assert TW.frequency("ARMEE") > 50  # folded: armée
    assert TW.frequency("ABYSSAL") < TW.FAMILIAR <= TW.frequency("PLAGE")
    assert TW.frequency("QWXZ") == 0.0


def test_margin_is_the_judges_own_confidence() -> None:
    """One measure of confidence for the judge, the bots and the hints: Decision.margin."""
    vec = Decision("VAGUE", "MER", True, 0.8, "", "", "vectors")
    assert TW.margin(vec) == vec.margin > TW.MARGIN and TW.confident(vec)
    hair = Decision("THERMAL", "JARDIN", True, 0.501, "", "", "vectors")
    assert 0 < TW.margin(hair) < TW.MARGIN and not TW.confident(hair)
    fam = Decision("ARMURE", "ARME", True, FAMILY_MIN + 0.1, "", "", "family")
    assert TW.margin(fam) == 0.0 and not TW.confident(fam)  # accepted below the threshold
    listed = Decision("PLAGE", "MER", True, 1.0, "", "", "list")
    assert TW.margin(listed) == 1.0 and TW.confident(listed)
    assert not TW.confident(Decision("X", "MER", False, 0.3, "", "", "vectors"))
    assert not TW.confident(Decision("X", "MER", None, 0.6, "", "", "vectors"))  # to the vote


def test_bots_accept_only_with_a_margin() -> None:
    judge = FixedJudge({"THERMAL": 0.51, "FLEURS": 0.99})
    assert TW.choose(judge, "JARDIN", (), ["THERMAL"], str) is None
    assert TW.choose(judge, "JARDIN", (), ["THERMAL", "FLEURS"], str)[0] == "FLEURS"


def test_a_rare_word_is_laid_only_when_the_judge_is_certain_of_it() -> None:
    judge = FixedJudge({"VASIERE": 0.99, "ABYSSAL": 0.95, "NAVIRE": 0.9, "PLAGE": 0.7})
    order = [
        w for w, _ in TW.ranked(judge, "MER", (), ["VASIERE", "ABYSSAL", "NAVIRE", "PLAGE"], str)
    ]
    assert order == ["NAVIRE", "PLAGE"]  # a high parenté does not make VASIERE a known word
    listed = ListedJudge({"VASIERE"})
    order = [w for w, _ in TW.ranked(listed, "MER", (), ["VASIERE", "PLAGE"], str)]
    assert order == ["PLAGE", "VASIERE"]  # in the theme's list: certain, after known words


class ListedJudge(FixedJudge):
    """A judge that accepts its listed words without a score (as the theme's list does)."""

    def __init__(self, listed: set[str]) -> None:
        super().__init__({w: 1.0 for w in listed} | {"PLAGE": 0.8})
        self.listed = listed

    def decide(self, display: str, word: str, related: Sequence[str] = ()) -> Decision:
        if word in self.listed:
            return Decision(word, display, True, 1.0, "liste", "list", "list")
        return super().decide(display, word, related)


def test_the_judge_is_asked_only_about_the_words_it_accepts() -> None:
    judge = FixedJudge({"PLAGE": 0.9})
    words = ["CHAT", "CHIEN", "PLAGE", "MAISON"]
    assert TW.choose(judge, "MER", (), words, str)[0] == "PLAGE"
    assert judge.decided == ["PLAGE"]


def test_one_frequency_table_for_bots_hints_and_the_judge(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The bots' frequencies and lexicon.frequency are one table: built by either first, in
    the same cache file, each still reads numbers (they once wrote two shapes under one key)."""
    from ludotheque.lexicon import frequency as F

    monkeypatch.setenv("LUDOTHEQUE_CACHE", str(tmp_path))
    monkeypatch.setattr(F, "_TABLE", None)
    assert F.frequency("MAISON") > 1.0
    monkeypatch.setattr(F, "_TABLE", None)
    assert TW.frequency("MAISON") == F.frequency("MAISON")
    assert TW.familiar("MAISON") and not TW.familiar("QUETZAL")
