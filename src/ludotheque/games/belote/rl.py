"""La Belote AlphaPoker (and secrète) for learning: slots and view features (docs/rl.md).

Action slots: ``lay`` 26 (the letter of the card laid); ``pass`` one; ``claim`` 4 = the k-th
claim the engine lists: the table's best words, best first, then a short representative word
(R76); in the secrète variant the one claim the engine lists is slot 0.
"""

from __future__ import annotations

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


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("phase", PHASES),
        E.Counts("hand", CARDS),
        E.Counts("playable", CARDS),
        E.Counts("table", CARDS),
        E.Slots("table", CARDS, TABLE_SLOTS),
        E.OneHot("top", CARDS),
        E.Num("stack_size", 10.0),
        E.Custom(
            "seen", 26, _seen, "cards this seat saw laid on the secrète stack", reads=("seen",)
        ),
        E.OneHot("required", tuple(LETTERS)),
        E.SeatIndex("actor"),
        E.SeatIndex("dealer"),
        E.PerSeat("hand_sizes", 10.0),
        E.PerSeat("totals", 100.0, by="team", count=2),
        E.PerSeat("taken_points", 10.0, by="team", count=2),
        E.SeatCounts("taken", CARDS, by="team", count=2),
        E.Num("manche", 10.0),
        E.Num("target", 1000.0),
        E.SeatSet("last_queue"),
    ]


def _seen(view: dict[str, Any], seat: int) -> dict[int, float]:
    out: dict[int, float] = {}
    for event in view.get("seen") or ():
        card = event.get("card")
        if isinstance(card, str) and card[:1] in LETTERS:
            i = LETTERS.index(card[0])
            out[i] = out.get(i, 0.0) + 1.0
    return out
