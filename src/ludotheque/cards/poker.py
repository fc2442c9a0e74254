"""Poker hands of Casino Royal (rules/casinoroyal.md §1.1, D5, D6, R6): best five of any cards.

The evaluator never enumerates 5-card subsets. A set of cards is one integer, four 16-bit lanes
(one per suit) holding a 13-bit mask of the ranks present in that suit. From the four suit masks
a few bit operations give the ranks held at least twice, three times and four times; every
other question (highest rank, best straight, the top *k* ranks of a mask) is one lookup in a
table of 8,192 entries indexed by a 13-bit rank mask, built once at import (≈ 15 ms). Any number
of cards works, from 0 to 52: with fewer than five, the hand is made of all of them and missing
kickers rank below any card (R6, D22).

The comparable key is an ``int``: ``category << 20`` then up to five ranks (2…14, 0 = missing
card) in 4-bit fields, most significant first. A higher key is a better hand; equal keys are an
exact tie (the stake is split, R9). Ties follow the spec's table: quinte floche and quinte by
their highest card (A-2-3-4-5 is five-high, the lowest; the quinte's point total orders exactly
like its highest card, D6), full by trips then pair, floche card by card, and standard kickers.

>>> from ludotheque.cards.french52 import parse_cards
>>> hand(parse_cards("AS KS QS JS TS 9H 9D")).name_fr
'Quinte floche royale'
>>> compare(parse_cards("9H TH JH QH KH"), parse_cards("9D TD JD QD KD"))
'='
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ludotheque.cards.french52 import RANK_FR, RANK_FR_PLURAL, format_cards, parse_cards

# Categories, worst to best (the key's top field).
CARTE_HAUTE, PAIRE, DEUX_PAIRES, BRELAN, QUINTE, FLOCHE, FULL, CARRE, QUINTE_FLOCHE = range(1, 10)
CATEGORY_FR = {
    CARTE_HAUTE: "Carte haute",
    PAIRE: "Paire",
    DEUX_PAIRES: "Deux paires",
    BRELAN: "Brelan",
    QUINTE: "Quinte",
    FLOCHE: "Floche",
    FULL: "Full",
    CARRE: "Carré",
    QUINTE_FLOCHE: "Quinte floche",
}
CATEGORY_ID = {
    CARTE_HAUTE: "carte_haute",
    PAIRE: "paire",
    DEUX_PAIRES: "deux_paires",
    BRELAN: "brelan",
    QUINTE: "quinte",
    FLOCHE: "floche",
    FULL: "full",
    CARRE: "carre",
    QUINTE_FLOCHE: "quinte_floche",
}

_LANE = 16
_RANKS_MASK = 0x1FFF
# BIT[card]: the card's bit in a hand mask (lane = suit, bit = rank index).
BIT: tuple[int, ...] = tuple(1 << (_LANE * (c // 13) + c % 13) for c in range(52))


def _build_tables() -> tuple[list[int], ...]:
    size = 1 << 13
    high = [0] * size  # rank value (2…14) of the highest bit, 0 for an empty mask
    high_bit = [0] * size  # that bit itself
    straight = [0] * size  # highest card of the best straight in the mask (5 for A-2-3-4-5)
    tops = [[0] * size for _ in range(6)]  # tops[k][m]: top k ranks packed in k nibbles
    runs = [(0b11111 << lo, lo + 6) for lo in range(8, -1, -1)]  # A-high … 6-high
    runs.append((0b1000000001111, 5))  # A-2-3-4-5
    for m in range(1, size):
        b = m.bit_length() - 1
        high[m] = b + 2
        high_bit[m] = 1 << b
        for pattern, top in runs:
            if m & pattern == pattern:
                straight[m] = top
                break
    for m in range(size):
        ranks = [i + 2 for i in range(12, -1, -1) if m >> i & 1]
        for k in range(1, 6):
            packed = 0
            for j in range(k):
                packed = packed << 4 | (ranks[j] if j < len(ranks) else 0)
            tops[k][m] = packed
    return high, high_bit, straight, tops[1], tops[2], tops[3], tops[5]


HIGH, HIGH_BIT, STRAIGHT, TOP1, TOP2, TOP3, TOP5 = _build_tables()


def mask_of(cards: Iterable[int]) -> int:
    """The hand mask of distinct cards (``BIT`` OR-ed)."""
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def evaluate_mask(h: int) -> int:
    """The comparable key of the best hand (best five, or all if fewer) in hand mask ``h``."""
    s0 = h & _RANKS_MASK
    s1 = h >> 16 & _RANKS_MASK
    s2 = h >> 32 & _RANKS_MASK
    s3 = h >> 48
    any_ = s0 | s1 | s2 | s3
    # Flushes first: a quinte floche beats everything.
    flush = 0
    for s in (s0, s1, s2, s3):
        if s.bit_count() >= 5:
            top = STRAIGHT[s]
            if top:
                sf = 0x900000 | top << 16
                if sf > flush:
                    flush = sf
            else:
                f = 0x600000 | TOP5[s]
                if f > flush:
                    flush = f
    if flush >= 0x900000:
        return flush
    quads = s0 & s1 & s2 & s3
    if quads:
        q = HIGH_BIT[quads]
        return 0x800000 | HIGH[q] << 16 | TOP1[any_ ^ q] << 12
    a01 = s0 & s1
    a23 = s2 & s3
    pairs = a01 | a23 | (s0 | s1) & (s2 | s3)  # ranks held at least twice
    trips = a01 & (s2 | s3) | a23 & (s0 | s1)  # at least three times
    if trips:
        t = HIGH_BIT[trips]
        rest = pairs ^ t
        if rest:
            return 0x700000 | HIGH[t] << 16 | HIGH[rest] << 12
    if flush:
        return flush
    top = STRAIGHT[any_]
    if top:
        return 0x500000 | top << 16
    if trips:
        return 0x400000 | HIGH[t] << 16 | TOP2[any_ ^ t] << 8
    if pairs:
        p = HIGH_BIT[pairs]
        low = pairs ^ p
        if low:
            p2 = HIGH_BIT[low]
            return 0x300000 | HIGH[p] << 16 | HIGH[p2] << 12 | TOP1[any_ ^ p ^ p2] << 8
        return 0x200000 | HIGH[p] << 16 | TOP3[any_ ^ p] << 4
    return 0x100000 | TOP5[any_]


def evaluate(cards: Iterable[int]) -> int:
    """The comparable key of the best hand among ``cards`` (distinct card ints, any number)."""
    h = 0
    for c in cards:
        h |= BIT[c]
    return evaluate_mask(h)


def category(key: int) -> int:
    return key >> 20


def key_ranks(key: int) -> tuple[int, ...]:
    """The five 4-bit rank fields of a key, most significant first (0 = missing card)."""
    return tuple(key >> shift & 0xF for shift in (16, 12, 8, 4, 0))


# ---------------------------------------------------------------------------------- names
def _de(v: int) -> str:
    """« de Rois », « d'As », « de 8 »."""
    return f"d'{RANK_FR_PLURAL[v]}" if v == 14 else f"de {RANK_FR_PLURAL[v]}"


def _au(v: int) -> str:
    """« à l'As », « au Roi », « au 5 »."""
    return "à l'As" if v == 14 else f"au {RANK_FR[v]}"


def _aux(v: int) -> str:
    return f"aux {RANK_FR_PLURAL[v]}"


def _kickers(ranks: Iterable[int]) -> str:
    shown = [RANK_FR[r] for r in ranks if r]
    return f" ({', '.join(shown)})" if shown else ""


def name_fr(key: int) -> str:
    """The French name of a key: « Full aux 8 par les Rois », « Paire de Dames (Roi, 9, 3) »."""
    cat = key >> 20
    r = key_ranks(key)
    if cat == QUINTE_FLOCHE:
        return "Quinte floche royale" if r[0] == 14 else f"Quinte floche {_au(r[0])}"
    if cat == CARRE:
        return f"Carré {_de(r[0])}{_kickers(r[1:2])}"
    if cat == FULL:
        return f"Full {_aux(r[0])} par les {RANK_FR_PLURAL[r[1]]}"
    if cat == FLOCHE:
        return f"Floche {_au(r[0])}{_kickers(r[1:])}"
    if cat == QUINTE:
        return f"Quinte {_au(r[0])}"
    if cat == BRELAN:
        return f"Brelan {_de(r[0])}{_kickers(r[1:3])}"
    if cat == DEUX_PAIRES:
        return f"Deux paires, {RANK_FR_PLURAL[r[0]]} et {RANK_FR_PLURAL[r[1]]}{_kickers(r[2:3])}"
    if cat == PAIRE:
        return f"Paire {_de(r[0])}{_kickers(r[1:4])}"
    if not r[0]:
        return "Aucune carte"
    return f"Carte haute {RANK_FR[r[0]]}{_kickers(r[1:])}"


# ---------------------------------------------------------------------------------- best five
def best_five(cards: Sequence[int]) -> tuple[int, ...]:
    """The cards that make the best hand (five, or all when fewer), best-ranked first.

    Several choices of suits can give the same hand; the first in suit order S, H, D, C is
    taken, so the answer is deterministic.
    """
    ordered = sorted(cards)  # suit S, H, D, C first (card = 13 · suit + rank)
    key = evaluate(ordered)
    cat = key >> 20
    r = (key >> 16 & 0xF, key >> 12 & 0xF, key >> 8 & 0xF, key >> 4 & 0xF, key & 0xF)
    if cat in (QUINTE_FLOCHE, FLOCHE):
        for suit in range(4):
            mine = [c for c in ordered if c // 13 == suit]
            if len(mine) >= 5 and evaluate(mine) == key:
                if cat == FLOCHE:
                    return tuple(mine[::-1][:5])
                return tuple(suit * 13 + (v - 2) % 13 for v in _run(r[0]))
        raise AssertionError("unreachable: a flush key without its suit")  # pragma: no cover
    by_rank: dict[int, list[int]] = {}
    for c in ordered:
        v = c % 13 + 2
        if v in by_rank:
            by_rank[v].append(c)
        else:
            by_rank[v] = [c]
    if cat == QUINTE:
        return tuple(by_rank[v][0] for v in _run(r[0]))
    out: list[int] = []
    for v, k in zip(r, _COUNTS[cat], strict=False):
        if v:
            out += by_rank[v][:k]
    return tuple(out)


# How many cards of each rank field a category takes (best_five).
_COUNTS = {CARRE: (4, 1), FULL: (3, 2), BRELAN: (3, 1, 1), DEUX_PAIRES: (2, 2, 1),
           PAIRE: (2, 1, 1, 1), CARTE_HAUTE: (1, 1, 1, 1, 1)}  # fmt: skip


def _run(top: int) -> list[int]:
    """Rank values of the straight with that highest card (A-2-3-4-5: 5 4 3 2 A)."""
    return [5, 4, 3, 2, 14] if top == 5 else list(range(top, top - 5, -1))


class PokerHand(NamedTuple):
    """A poker hand: its key, its best cards, and its French name."""

    key: int
    cards: tuple[int, ...]

    @property
    def category(self) -> int:
        return self.key >> 20

    @property
    def name_fr(self) -> str:
        return name_fr(self.key)

    @property
    def category_fr(self) -> str:
        return CATEGORY_FR[self.key >> 20]

    def text(self) -> str:
        return format_cards(self.cards)

    def to_dict(self) -> dict[str, object]:
        return {
            "cards": self.text(),
            "name": self.name_fr,
            "combination": CATEGORY_ID[self.key >> 20],
            "key": self.key,
        }


def hand(cards: Iterable[int]) -> PokerHand:
    """The best hand among ``cards`` with its best five cards."""
    cards = list(cards)
    return PokerHand(evaluate(cards), best_five(cards))


def compare(first: Iterable[int], second: Iterable[int]) -> str:
    """``">"``, ``"<"`` or ``"="`` (exact tie: split) between the best hands of two card sets."""
    a, b = evaluate(first), evaluate(second)
    return ">" if a > b else "<" if a < b else "="


def parse_hand(text: str) -> PokerHand:
    """The best hand of cards written in notation."""
    return hand(parse_cards(text))


__all__ = [
    "BIT",
    "CATEGORY_FR",
    "CATEGORY_ID",
    "PokerHand",
    "best_five",
    "category",
    "compare",
    "evaluate",
    "evaluate_mask",
    "hand",
    "key_ranks",
    "mask_of",
    "name_fr",
    "parse_hand",
]
