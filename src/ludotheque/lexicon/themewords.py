"""Which theme word a bot lays, or a hint suggests (issue 15): one policy shared by Alkamo and
themed AlphaPoker, so that when the judge changes, every bot and hint follows it.

A bot lays a word on a theme only when

1. the judge accepts it **with a margin** (:func:`margin`: how far the decision stands above
   the score it needed; :data:`MARGIN`), not by a hair; and
2. it is a word **people know**: Lexique 3.83's frequency per million words (:func:`frequency`,
   the mean of its film-subtitle and book counts) of at least :data:`FAMILIAR`. A rarer word
   is laid only when no familiar one is accepted *and* the judge needs no score for it (the
   theme word, one of its forms, a word of the maquette's list; every word in mode ``libre``):
   the judge's score says nothing a player can check about a word he has never met.

Within each group the caller's order stands (its best score first). :func:`ranked` yields the
candidates in that order, lazily: the judge is asked about as few words as possible.

The margin is the judge's own (:attr:`~ludotheque.lexicon.judge.Decision.margin`): the
theme word, its forms and the listed words are certain; a scored word's margin is its score's
distance to the acceptance threshold. Frequencies come from :mod:`ludotheque.lexicon.frequency`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

from ludotheque.lexicon.frequency import frequency
from ludotheque.lexicon.judge import SCORED, Decision, format_score

MARGIN = 0.2  # Decision.margin a bot lays from: 0.1 above the vector judge's 0.5 threshold
FAMILIAR = 1.0  # occurrences per million words: from here on, a word people know
CERTAIN = ("theme", "form", "list", "free")  # sources that need no score

T = TypeVar("T")


def margin(decision: Decision) -> float:
    """How sure the decision is: the judge's own :attr:`Decision.margin`, from −1 (surely
    refused) to 1 (surely accepted); a decision left to a vote is unsure (−1)."""
    return -1.0 if decision.accepted is None else decision.margin


def confident(decision: Decision, needed: float = MARGIN) -> bool:
    """Accepted with at least ``needed`` to spare: what a bot lays."""
    return bool(decision.accepted) and margin(decision) >= needed


def familiar(word: str) -> bool:
    return frequency(word) >= FAMILIAR


# ---------------------------------------------------------------------------------- choice
def ranked(
    judge: Any,
    display: str,
    related: Sequence[str],
    candidates: Sequence[T],
    word: Callable[[T], str],
    needed: float = MARGIN,
) -> Iterator[tuple[T, Decision]]:
    """The candidates a bot may lay on the theme ``display``, in the order it prefers them:
    familiar words the judge accepts with ``needed`` to spare, then rare words it accepts
    without a score (the theme word, its forms, listed words), each group in the caller's
    order. ``judge`` is any judge of lexicon/judge.py: its
    batch ``accepts`` sorts out the refused words (thousands for a full rack) by chunks, and
    ``decide`` gives the decision of each accepted one."""
    common = [c for c in candidates if familiar(word(c))]
    rare = [c for c in candidates if not familiar(word(c))]
    for group in (common, rare):
        size = 32
        start = 0
        while start < len(group):
            chunk = group[start : start + size]
            start += size
            size = min(size * 2, 512)
            ok = judge.accepts(display, [word(c) for c in chunk], related)
            for cand, good in zip(chunk, ok, strict=True):
                if good:
                    d = judge.decide(display, word(cand), related)
                    if confident(d, needed) and (group is common or d.source in CERTAIN):
                        yield cand, d


def choose(
    judge: Any,
    display: str,
    related: Sequence[str],
    candidates: Sequence[T],
    word: Callable[[T], str],
    needed: float = MARGIN,
) -> tuple[T, Decision] | None:
    """The first of :func:`ranked`, or None when the judge accepts none with the margin."""
    return next(ranked(judge, display, related, candidates, word, needed), None)


def note_fr(decision: Decision) -> str:
    """What a hint says of a word: « parenté 0,82, 98 par million » (the judge's score, or its
    reason when it needs none, then how well people know the word)."""
    if decision.source in SCORED and decision.score is not None:
        judged = f"parenté {format_score(decision.score)}"
    else:
        judged = decision.reason_fr
    per_million = frequency(decision.word)
    if per_million < FAMILIAR:
        return f"{judged}, mot rare"
    shown = f"{per_million:.0f}" if per_million >= 10 else f"{per_million:.1f}".replace(".", ",")
    return f"{judged}, {shown} par million"
