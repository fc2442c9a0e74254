"""Casino Royal (games A, B, C) for learning: slots and view features (docs/rl.md).

Action slots: the parameterless answers (``decline``, ``follow``, ``fold``, ``wait``, ``stop``,
``match``, ``continue``, ``double``) one slot each; every amount family (``raise``, ``bid``,
``ante``, ``stake``, ``outbid``) one slot per amount from 0 to the table's total units
(45 per player, 160 in game C); ``figure`` 10 (game C's figures 1…10).
"""

from __future__ import annotations

from typing import Any

from ludotheque.cards.french52 import RANKS, SUITS
from ludotheque.games.casinoroyal.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

CARDS = tuple(r + s for r in RANKS for s in SUITS)
CARTONS = 8
CELLS = 20
PHASES = ("relance", "follow", "window", "ante", "stake", "bet", "final", "figure", "over")


def max_units(players: int) -> int:
    """Every unit of the table: 45 per player (R10, R12, R20), 160 green tokens in C (R31)."""
    return max(45 * players, 160)


def codec(players: int, options: Options) -> A.Codec:
    top = max_units(players)
    singles = ("decline", "follow", "fold", "wait", "stop", "match", "continue", "double")
    return A.Families(
        [A.Single(t) for t in singles]
        + [
            A.Amount("raise", "amount", 0, top),
            A.Amount("bid", "amount", 0, top),
            A.Amount("ante", "amount", 0, top),
            A.Amount("stake", "amount", 0, top),
            A.Amount("outbid", "to", 0, top),
            A.Amount("figure", "figure", 1, 10),
        ]
    )


def _hands(players: int) -> Any:
    def fn(view: dict[str, Any], seat: int) -> dict[int, float]:
        out: dict[int, float] = {}
        hands = view.get("hands") or []
        if len(hands) == players:
            for s, hand in enumerate(hands):
                if hand:
                    rel, key = (s - seat) % players, hand["key"]
                    out[2 * rel] = (key >> 20) / 10
                    out[2 * rel + 1] = (key >> 16 & 0xF) / 14
        return out

    return fn


def _my_hand(view: dict[str, Any], seat: int) -> dict[int, float]:
    hand = view.get("my_hand")
    if not hand:
        return {}
    return {0: (hand["key"] >> 20) / 10, 1: (hand["key"] >> 16 & 0xF) / 14}


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("variant", ("A", "B", "C")),
        E.OneHot("phase", PHASES),
        E.Num("round"),
        E.Num("rounds"),
        E.SeatIndex("dealer"),
        E.PerSeat("balances", 45.0),
        E.PerSeat("out"),
        E.PerSeat("in_round"),
        E.PerSeat("folded"),
        E.PerSeat("all_in"),  # table stakes
        E.PerSeat("put", 45.0),
        E.SeatCounts("cartons", tuple(range(1, CARTONS + 1))),
        E.Bits("covered", CARTONS, CELLS),
        E.Bits("free", CARTONS, CELLS),  # covered without a unit (all-in)
        E.Nums("stakes", CARTONS, 10.0),
        E.Nums("on_cartons", CARTONS, 10.0),
        E.Counts("turned", CARDS),
        E.Num("deck_left", 52.0),
        E.Num("pot", 45.0),
        E.SeatIndex("caller"),
        E.SeatIndex("relance.raiser"),
        E.Num("relance.amount", 10.0),
        E.Custom(
            "hands",
            2 * players,
            _hands(players),
            "visible hand of each seat: category / 10, top rank / 14",
            reads=("hands",),
        ),
        # game B
        E.Num("ante", 10.0),
        E.PerSeat("contrib", 10.0),
        E.Num("highest", 10.0),
        E.Num("level", 10.0),
        E.SeatIndex("declarer"),
        E.Counts("hidden", CARDS, split=True),
        E.Custom("my_hand", 2, _my_hand, "own hand with the hidden cards (B)", reads=("my_hand",)),
        # game C
        E.OneHot("figure", tuple(range(1, 11))),
    ]
