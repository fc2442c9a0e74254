"""Le Poker d'As for learning: slots and view features (docs/rl.md, « Poker d'As »).

Action slots:
- ``throw``: slot 0 = throw all five dice; slot m (1…31) = re-roll the dice whose positions
  in the own throw, sorted high to low, form the bitmask m (relance_totale off, R9);
- ``stop``, ``accept``, ``bluff``: one slot each;
- ``rethrow`` (menteur): the dice under the cup, same bitmask over the sorted cup;
- ``announce`` (menteur): one slot per announcement of the fixed ladder (75, paire 9 … poker A).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ludotheque.games.pokerdas.hands import all_announcements
from ludotheque.games.pokerdas.options import Options
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E

FACES = ("A", "K", "Q", "J", "10", "9")  # high to low, as the notation writes them
_RANK = {f: i for i, f in enumerate(FACES)}
PHASES = ("throw", "coup_sec", "announce", "respond", "over")
ANNOUNCEMENTS = tuple(a.text() for a in all_announcements())
COMBOS = ("paire", "deux_paires", "sequence", "brelan", "full", "carre", "poker")


def _sorted_faces(text: str | None) -> list[str]:
    return sorted(text.split(), key=_RANK.__getitem__) if text else []


def _bitmask(held: list[str], faces: str) -> int | None:
    mask = 0
    for face in faces.split():
        for pos, f in enumerate(held):
            if f == face and not mask >> pos & 1:
                mask |= 1 << pos
                break
        else:
            return None
    return mask


def _own_dice(view: dict[str, Any]) -> str | None:
    dice = view.get("dice")
    seat = view.get("seat")
    if isinstance(dice, list) and isinstance(seat, int) and 0 <= seat < len(dice):
        own: str | None = dice[seat]
        return own
    return None


def _held(dice: str | None) -> str:
    """A throw's text sorted high to low: the key of its masks."""
    return " ".join(_sorted_faces(dice))


@lru_cache(maxsize=1 << 14)
def _mask_of(held: str, faces: str) -> int | None:
    """``_bitmask`` of ``faces`` over ``held`` (sorted, :func:`_held`): 252 sorted throws × 31
    re-rolls at most. A throw offers its 31 re-rolls at once: their masks were most of the
    adapter's time before this memory."""
    return _bitmask(held.split(), faces)


def _throw(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
    reroll = action.get("reroll")
    if reroll is None:
        return 0
    return _mask_of(_held(_own_dice(view)), reroll)


def _rethrow(view: dict[str, Any], action: dict[str, Any], k: int, n: int) -> int | None:
    return _mask_of(_held(view.get("cup")), action.get("dice") or "")


def _throws(view: dict[str, Any], actions: Sequence[dict[str, Any]]) -> list[int | None]:
    """``_throw`` of a run of actions, the own dice sorted once."""
    held = _held(_own_dice(view))
    return [
        0 if (reroll := action.get("reroll")) is None else _mask_of(held, reroll)
        for action in actions
    ]


def _rethrows(view: dict[str, Any], actions: Sequence[dict[str, Any]]) -> list[int | None]:
    """``_rethrow`` of a run of actions, the cup sorted once."""
    held = _held(view.get("cup"))
    return [_mask_of(held, action.get("dice") or "") for action in actions]


def codec(players: int, options: Options) -> A.Codec:
    return A.Families(
        [
            A.Custom(
                "throw",
                32,
                _throw,
                "throw: 0 = all five dice, m = re-roll the sorted own dice of bitmask m",
                batch=_throws,
                shortcut=("reroll", {None: 0}),
            ),
            A.Single("stop"),
            A.Custom(
                "rethrow",
                32,
                _rethrow,
                "rethrow: the dice under the cup as a bitmask over the sorted cup",
                batch=_rethrows,
            ),
            A.Choice("announce", "announcement", ANNOUNCEMENTS),
            A.Single("accept"),
            A.Single("bluff"),
        ]
    )


def features(players: int, options: Options) -> list[E.Feature]:
    common = [
        E.OneHot("phase", PHASES),
        E.PerSeat("tokens", 10.0),
        E.PerSeat("eliminated"),
        E.Num("pot", 10.0),
        E.Num("stake"),
        E.Num("round", 10.0),
        E.SeatIndex("first"),
    ]
    if options.menteur:  # the cup, the announcements (R19–R29)
        return [
            *common,
            E.Slots("cup", FACES, 5, split=True, order=_RANK.__getitem__),
            E.Counts("passed", FACES, split=True),
            E.OneHot("announcement", ANNOUNCEMENTS),
            E.SeatIndex("announcer"),
            E.SeatIndex("holder"),
            E.Num("rethrows_left"),
        ]
    return [
        *common,
        E.Slots("dice.@seat", FACES, 5, split=True, order=_RANK.__getitem__),
        E.SeatCounts("dice", FACES, split=True),
        E.SeatOneHot("keys", COMBOS, field="combination"),
        E.PerSeat("throws"),
        E.PerSeat("limits"),
        E.SeatSet("done"),
        E.SeatSet("best_holders"),
        E.OneHot("best.combination", COMBOS),
        E.Num("t1"),
    ]
