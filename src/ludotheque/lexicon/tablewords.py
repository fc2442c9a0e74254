"""Words on a table of face-up cards (Bataille R58–R64; the Belote reuses it for R75–R76).

The table is a "hand" for the exact best-word search of ``ludotheque.lexicon.search``: every
card is recoloured red before the search, so that the colour doubling applies to every word
alike and the simplified count orders words by the sum of their letter values.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ludotheque.cards.letters import JOKER, VALUES, Played
from ludotheque.lexicon import load
from ludotheque.lexicon.search import best_words


class TableWord(NamedTuple):
    """A word the table can give: its spelling, the value of its cards, the cards in order."""

    word: str
    value: int
    cards: tuple[Played, ...]


def resolve(word: str, table: Sequence[str]) -> tuple[Played, ...] | None:
    """The table cards that spell ``word`` (A–Z), or None if the table cannot (R59.2).

    R64: letter cards first (the earliest laid of each letter), jokers only for the missing
    letters.
    """
    pool = list(table)
    used = [False] * len(pool)
    out: list[Played | None] = []
    for letter in word:
        for i, card in enumerate(pool):
            if not used[i] and card[0] == letter:
                used[i] = True
                out.append(Played(card, letter))
                break
        else:
            out.append(None)
    for k, p in enumerate(out):
        if p is None:
            j = next((i for i, c in enumerate(pool) if not used[i] and c[0] == JOKER), None)
            if j is None:
                return None
            used[j] = True
            out[k] = Played(pool[j], word[k])
    return tuple(p for p in out if p is not None)


def on_table(cards: Sequence[Played], table: Sequence[str]) -> bool:
    """The designated cards are distinct cards of the table (as a multiset)."""
    need = Counter(p.card for p in cards)
    have = Counter(table)
    return all(have[c] >= k for c, k in need.items())


def card_points(card: str, joker: int) -> int:
    """A card's value when counted in a pile: its letter's value, ``joker`` for a joker."""
    return joker if card[0] == JOKER else VALUES[card[0]]


def table_words(
    table: Sequence[str],
    compound: bool = False,
    limit: int = 5,
    min_len: int = 3,
    joker: int = 10,
    decent: bool = False,
) -> list[TableWord]:
    """Up to ``limit`` admissible words of ``min_len``–9 letters the table gives, best value
    first (jokers counted ``joker``; ``decent``: no slur nor crude insult, what a bot claims).
    Cached per table (as a multiset)."""
    found = _search(tuple(sorted(table)), bool(compound), limit, min_len, decent)
    out = []
    for word in found:
        cards = resolve(word, table)
        assert cards is not None
        out.append(TableWord(word, sum(card_points(p.card, joker) for p in cards), cards))
    out.sort(key=lambda w: (-w.value, w.word))
    return out


@lru_cache(maxsize=4096)
def _search(
    table: tuple[str, ...], compound: bool, limit: int, min_len: int, decent: bool
) -> tuple[str, ...]:
    lex = load("alphapoker", compound=compound)
    hand = [c[0] + "r" for c in table]
    most = limit * 4 if min_len > 3 else limit
    plays = best_words(hand, lex, simplified=True, limit=most, decent=decent)
    return tuple(p.word for p in plays if len(p.word) >= min_len)[:limit]
