"""La Bataille AlphaPoker for learning: slots and view features (docs/rl.md, « Bataille »).

Action slots: ``colour`` 2 (r, b); ``lay`` and ``pass`` one each; ``claim`` 6 = the k-th claim
the engine lists: 0 the empty claim, then the table's best words, best first, then one
inadmissible representative (R59).
"""

from __future__ import annotations

from ludotheque.cards.letters import COLOURS, JOKER, LETTERS
from ludotheque.games.bataille.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

CARDS = tuple(letter + c for c in COLOURS for letter in LETTERS) + tuple(JOKER + c for c in COLOURS)
PHASES = ("colour", "play", "final", "over")
CLAIMS = 6  # the empty claim, CLAIM_CHOICES = 4 words, one representative
TABLE_SLOTS = 12


def codec(players: int, options: Options) -> A.Codec:
    return A.Families(
        [
            A.Choice("colour", "colour", COLOURS),
            A.Single("lay"),
            A.Single("pass"),
            A.Ordinal(
                "claim",
                CLAIMS,
                "claim: k-th listed (0 = empty claim, then the best words, best first)",
            ),
        ]
    )


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("phase", PHASES),
        E.OneHot("colours.@seat", COLOURS),
        E.SeatIndex("chooser"),
        E.SeatIndex("turn"),
        E.SeatIndex("last_layer"),
        E.SeatSet("claimers"),
        E.PerSeat("passed"),
        E.Counts("table", CARDS),
        E.Slots("table", CARDS, TABLE_SLOTS),
        E.Len("table", 10.0),
        E.PerSeat("play_piles", 10.0),
        E.PerSeat("scores", 100.0),
        E.PerSeat("errors"),
        E.SeatCounts("won", CARDS),
        E.SeatSet("final_queue"),
        E.Flag("time_up"),
    ]
