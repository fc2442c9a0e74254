"""Alice for learning: slots and view features (docs/rl.md, « Alice »).

Action slots, chess style (squares a1…h8 numbered 0…63, rank by rank):
``draw`` and ``pass`` one slot each; ``place`` 64 (the square); ``move``, ``capture``,
``exchange`` and ``draw_exchange`` 64 × 64 each (from/to, a/b, on/to): 16,450 slots in all,
of which a state allows at most a few hundred.
"""

from __future__ import annotations

from typing import Any

from ludotheque.games.alice.cards import NAMES
from ludotheque.games.alice.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

CARD_INDEX = {c: i for i, c in enumerate(NAMES)}
SQUARE_INDEX = {s: i for i, s in enumerate(A.SQUARES)}
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


def _board(view: dict[str, Any], seat: int) -> dict[int, float]:
    return {SQUARE_INDEX[square] * 40 + CARD_INDEX[card]: 1.0
            for square, card in (view.get("board") or {}).items()}  # fmt: skip


def _squares(key: str, part: int | None) -> Any:
    def fn(view: dict[str, Any], seat: int) -> dict[int, float]:
        return {SQUARE_INDEX[item if part is None else item[part]]: 1.0
                for item in view.get(key) or ()}  # fmt: skip

    return fn


def features(players: int, options: Options) -> list[E.Feature]:
    return [
        E.OneHot("phase", PHASES),
        E.SeatIndex("white"),
        E.SeatIndex("to_move"),
        E.Custom("board", 64 * 40, _board, "board: 64 squares × 40 cards, one-hot", True),
        E.Custom("locked", 64, _squares("locked", None), "locked squares", True),
        E.Custom("threats", 64, _squares("threats", 0), "squares of threatening cards", True),
        E.Custom("threats", 64, _squares("threats", 1), "squares of threatened cards", True),
        E.OneHot("drawn", NAMES),
        E.SeatCounts("captured", NAMES),
        E.PerSeat("scores", 100.0),
        E.Num("pile", 40.0),
        E.Num("remaining_turns"),
    ]
