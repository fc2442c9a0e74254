"""NumPy batch path of the Casino Royal poker evaluator, for simulations.

The same algorithm as :func:`ludotheque.cards.poker.evaluate_mask`, on arrays: hand masks in an
``int64`` array (four 16-bit suit lanes, the top lane ends at bit 60), the same 8,192-entry
tables indexed by 13-bit rank masks, and one candidate key per category computed for every hand
at once; the best hand is the largest candidate (each candidate is a hand the cards do make, and
the categories are ordered by the key's top field). Keys are identical to the scalar ones.

>>> import numpy as np
>>> from ludotheque.cards.french52 import parse_cards
>>> from ludotheque.cards.poker import evaluate
>>> hands = np.array([parse_cards("AS KS QS JS TS 2H 3D"), parse_cards("2S 2H 2D 9C 9H 4S 5S")])
>>> evaluate_batch(hands).tolist() == [evaluate(h) for h in hands.tolist()]
True
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ludotheque.cards.poker import BIT, HIGH, HIGH_BIT, STRAIGHT, TOP1, TOP2, TOP3, TOP5

_BIT = np.array(BIT, dtype=np.int64)
_HIGH = np.array(HIGH, dtype=np.int64)
_HIGH_BIT = np.array(HIGH_BIT, dtype=np.int64)
_STRAIGHT = np.array(STRAIGHT, dtype=np.int64)
_TOP1 = np.array(TOP1, dtype=np.int64)
_TOP2 = np.array(TOP2, dtype=np.int64)
_TOP3 = np.array(TOP3, dtype=np.int64)
_TOP5 = np.array(TOP5, dtype=np.int64)
_POP = np.array([m.bit_count() for m in range(1 << 13)], dtype=np.int64)
_RANKS = 0x1FFF

Int64Array = npt.NDArray[np.int64]


def masks_of(cards: npt.ArrayLike) -> Int64Array:
    """Hand masks of an ``(n, k)`` array of distinct card ids (0…51), one row per hand."""
    masks: Int64Array = np.bitwise_or.reduce(_BIT[np.asarray(cards)], axis=1)
    return masks


def evaluate_masks(h: npt.ArrayLike) -> Int64Array:
    """The comparable key of every hand mask (same keys as ``poker.evaluate_mask``)."""
    h = np.asarray(h, dtype=np.int64)
    suits = [(h >> (16 * i)) & _RANKS for i in range(4)]
    s0, s1, s2, s3 = suits
    any_ = s0 | s1 | s2 | s3
    best = 0x100000 | _TOP5[any_]  # carte haute
    for s in suits:  # floche / quinte floche, suit by suit
        top = _STRAIGHT[s]
        key = np.where(top > 0, 0x900000 | top << 16, 0x600000 | _TOP5[s])
        best = np.maximum(best, np.where(_POP[s] >= 5, key, 0))
    quads = s0 & s1 & s2 & s3
    q = _HIGH_BIT[quads]
    best = np.maximum(
        best, np.where(quads > 0, 0x800000 | _HIGH[q] << 16 | _TOP1[any_ ^ q] << 12, 0)
    )
    a01, a23 = s0 & s1, s2 & s3
    pairs = a01 | a23 | (s0 | s1) & (s2 | s3)
    trips = a01 & (s2 | s3) | a23 & (s0 | s1)
    t = _HIGH_BIT[trips]
    rest = pairs ^ t
    has_trips = trips > 0
    full = 0x700000 | _HIGH[t] << 16 | _HIGH[rest] << 12
    best = np.maximum(best, np.where(has_trips & (rest > 0), full, 0))
    top = _STRAIGHT[any_]
    best = np.maximum(best, np.where(top > 0, 0x500000 | top << 16, 0))
    brelan = 0x400000 | _HIGH[t] << 16 | _TOP2[any_ ^ t] << 8
    best = np.maximum(best, np.where(has_trips, brelan, 0))
    p = _HIGH_BIT[pairs]
    low = pairs ^ p
    p2 = _HIGH_BIT[low]
    two = 0x300000 | _HIGH[p] << 16 | _HIGH[p2] << 12 | _TOP1[any_ ^ p ^ p2] << 8
    best = np.maximum(best, np.where(low > 0, two, 0))
    pair = 0x200000 | _HIGH[p] << 16 | _TOP3[any_ ^ p] << 4
    ranks: Int64Array = np.maximum(best, np.where(pairs > 0, pair, 0))
    return ranks


def evaluate_batch(cards: npt.ArrayLike) -> Int64Array:
    """Keys of an ``(n, k)`` array of hands (card ids), ``k`` from 1 to 52."""
    return evaluate_masks(masks_of(cards))


__all__ = ["evaluate_batch", "evaluate_masks", "masks_of"]
