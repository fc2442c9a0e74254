"""Alice for learning: slots and view features (docs/rl.md, « Alice »).

Action slots, chess style (squares a1…h8 numbered 0…63, rank by rank):
``draw`` and ``pass`` one slot each; ``place`` 64 (the square); ``move``, ``capture``,
``exchange`` and ``draw_exchange`` 64 × 64 each (from/to, a/b, on/to): 16,450 slots in all,
of which a state allows at most a few hundred.
"""

from __future__ import annotations

from ludotheque.games.alice.cards import NAMES
from ludotheque.games.alice.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

PHASES = ("play", "place", "over")


def codec(players: int, options: Options) -> A.Codec:
    return A.Families(
        [
            A.Single("draw"),
            A.Single("pass"),
            A.Squares("place", ("to",)),
            A.Squares("move", ("from", "to")),
            A.Squares("capture", ("from", "to")),
            A.Squares("exchange", ("a", "b")),
            A.Squares("draw_exchange", ("on", "to")),
        ]
    )


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("phase", PHASES),
        E.SeatIndex("white"),
        E.SeatIndex("to_move"),
        E.Pairs("board", A.SQUARES, NAMES),
        E.Members("locked", A.SQUARES),
        E.Members("threats", A.SQUARES, part=0),  # the threatening cards' squares
        E.Members("threats", A.SQUARES, part=1),  # the threatened cards' squares
        E.OneHot("drawn", NAMES),
        E.SeatCounts("captured", NAMES),
        E.PerSeat("scores", 100.0),
        E.Num("pile", 40.0),
        E.Num("remaining_turns"),
    ]
