"""La Belote AlphaPoker (and secrète) for learning: slots and view features (docs/rl.md).

Action slots: ``lay`` 26 (the letter of the card laid); ``pass`` one; ``claim`` 4 = the k-th
claim the engine lists: the table's best words, best first, then a short representative word
(R76); in the secrète variant the one claim the engine lists is slot 0.
"""

from __future__ import annotations

from array import array
from typing import Any

from ludotheque.cards.letters import LETTERS
from ludotheque.games.belote.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

CARDS = tuple(letter + "r" for letter in LETTERS)
PHASES = ("lay", "claim", "last", "over")
CLAIMS = 4  # CLAIM_CHOICES = 3 words and one representative
TABLE_SLOTS = 8


def codec(players: int, options: Options) -> A.Codec:
    return A.Families(
        [
            A.Choice("lay", "card", CARDS),
            A.Single("pass"),
            A.Ordinal("claim", CLAIMS, "claim: k-th listed (the best words first)"),
        ]
    )


def _teams(key: str, scale: float) -> Any:
    """A [team 0, team 1] list, own team first."""

    def fn(view: dict[str, Any], seat: int) -> dict[int, float]:
        values = view.get(key) or [0, 0]
        mine = view.get("team") or 0
        return {0: values[mine] / scale, 1: values[1 - mine] / scale}

    return fn


class _Taken:
    """Cards taken by each team this manche, counted by letter, own team first (the counts of
    each team kept and updated with the cards added since: ``E.GrowingCounts``)."""

    def __init__(self) -> None:
        self.counts = E.GrowingCounts(CARDS, 2)  # one "seat" per team

    def __call__(self, view: dict[str, Any], seat: int) -> array:
        taken = view.get("taken") or [[], []]
        mine = view.get("team") or 0
        return self.counts(mine, taken[mine]) + self.counts(1 - mine, taken[1 - mine])


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("phase", PHASES),
        E.Counts("hand", CARDS),
        E.Counts("playable", CARDS),
        E.Counts("table", CARDS),
        E.Slots("table", CARDS, TABLE_SLOTS),
        E.OneHot("top", CARDS),
        E.Num("stack_size", 10.0),
        E.Custom("seen", 26, _seen, "cards this seat saw laid on the secrète stack",
                 reads=("seen",)),
        E.OneHot("required", tuple(LETTERS)),
        E.SeatIndex("actor"),
        E.SeatIndex("dealer"),
        E.PerSeat("hand_sizes", 10.0),
        E.Custom("totals", 2, _teams("totals", 100.0), "team totals, own team first / 100",
                 reads=("totals", "team")),
        E.Custom("taken_points", 2, _teams("taken_points", 10.0), "points taken this manche",
                 reads=("taken_points", "team")),
        E.Custom("taken", 52, _Taken(), "cards taken by each team this manche (own first)",
                 reads=("taken", "team"), dense=True),
        E.Num("manche", 10.0),
        E.Num("target", 1000.0),
        E.SeatSet("last_queue"),
    ]  # fmt: skip


def _seen(view: dict[str, Any], seat: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for event in view.get("seen") or ():
        card = event.get("card")
        if isinstance(card, str) and card[:1] in LETTERS:
            i = LETTERS.index(card[0])
            out[i] = out.get(i, 0.0) + 1.0
    return out
