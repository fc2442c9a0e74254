"""Alice's text notation: positions (FEN-like) and actions (``d1-d4``, ``d4xd7``, ``tirage``…).

A position is ten fields separated by spaces::

    8/8/8/8/8/8/8/8 b - - - - - 40 - -
    board trait verrous menaces-blanc menaces-noir prises-blanc prises-noir pioche fin tirée

* board: ranks 8 to 1 separated by ``/``, a card as rank + suit (``3TR``, ``DCO``), a digit for
  that many empty squares (a digit followed by TR/PI/CO/CA is a card: ``33TR4``);
* trait: ``b`` White (Blanc) or ``n`` Black (Noir) to move;
* verrous: squares of the cards locked by the last turn (R17), ``d4,e5`` or ``-``;
* menaces-blanc / menaces-noir: the threat pairs remembered at the end of that player's last
  turn (R18), ``3TR>DCO,…`` or ``-``;
* prises-blanc / prises-noir: the cards each player captured (scores, R26), or ``-``;
* pioche: the pile size; for analysis only, ``n:top,…`` also gives the order of its top cards
  (all of them, as written by ``position(state, order=True)``, or only the first few: the
  others are then shuffled from the seed below them);
* fin: turns left once the pile is empty (R25), ``0`` once the game is over, or ``-``;
* tirée: the card drawn and not yet placed, or ``-``.

Options (level, blocage, …) are not part of a position; they belong to the table.
"""

from __future__ import annotations

import re
from typing import Any

from ludotheque.engine.errors import NotationError
from ludotheque.engine.protocol import Action
from ludotheque.games.alice.cards import NAMES, SQUARE_NAMES, parse_square
from ludotheque.games.alice.options import Options
from ludotheque.games.alice.rules import (
    EMPTY_POSITION,
    AliceState,
    Key,
    action_key,
    key_action,
)

EMPTY = EMPTY_POSITION


def position(state: AliceState, order: bool = False) -> str:
    """The position of ``state`` (:meth:`AliceState.position`)."""
    return state.position(order)


def parse_position(
    text: str, options: Options | dict[str, Any] | None = None, seed: int = 0
) -> AliceState:
    """A state at this position (:meth:`AliceState.from_position`), White at seat 0. Without a
    pile order, the unseen cards are shuffled from ``seed``. Such a state is for analysis and
    search: its record replays from the seed's opening, not from this position."""
    return AliceState.from_position(text, options, seed)


# -- actions -------------------------------------------------------------------------------------
def format_key(key: Key) -> str:
    kind, sq = key[0], [SQUARE_NAMES[s] for s in key[1:]]
    if kind == "move":
        return f"{sq[0]}-{sq[1]}"
    if kind == "capture":
        return f"{sq[0]}x{sq[1]}"
    return {
        "draw": "tirage",
        "place": "pose {}",
        "draw_exchange": "pose {} {}",
        "exchange": "échange {} {}",
        "pass": "passe",
        "time_up": "temps",
    }[kind].format(*sq)


def format_action(action: Action) -> str:
    return format_key(action_key(action))


_MOVE = re.compile(r"^([a-h][1-8])\s*([-x:])\s*([a-h][1-8])$")


def _action(text: str, key: Key) -> Action:
    """The action of a key read from ``text``; no action joins a square to itself."""
    if key[1] == key[2]:
        raise NotationError(
            f"« {text} » : deux fois la même case ({SQUARE_NAMES[key[1]]})",
            f"'{text}': the same square twice ({SQUARE_NAMES[key[1]]})",
        )
    return key_action(key)


def parse_action(text: str) -> Action:
    """``d1-d4``, ``d4xd7``, ``tirage``, ``pose e4``, ``pose c1 e4``, ``échange d7 f5``,
    ``passe`` → an action (NotationError otherwise). ``tirage e4`` is read as ``pose e4``."""
    t = " ".join(text.strip().lower().split())
    m = _MOVE.match(t)

    if m:
        kind = "move" if m.group(2) == "-" else "capture"
        return _action(text, (kind, parse_square(m.group(1)), parse_square(m.group(3))))
    words = t.split(" ")
    head, args = words[0], words[1:]
    try:
        sqs = [parse_square(a) for a in args]
    except NotationError:
        sqs = []
        args = ["?"] * 9
    if head in ("tirage", "pioche", "piocher", "pose", "tire", "tirer") and len(sqs) == len(args):
        if not sqs and head != "pose":
            return {"type": "draw"}
        if len(sqs) == 1:
            return key_action(("place", *sqs))
        if len(sqs) == 2:
            return _action(text, ("draw_exchange", *sqs))
    if head in ("échange", "echange") and len(sqs) == len(args) == 2:
        a, b = sorted(sqs)
        return _action(text, ("exchange", a, b))
    if head in ("passe", "passer") and not args:
        return {"type": "pass"}
    if head == "temps" and not args:
        return {"type": "time_up"}
    raise NotationError(
        f"« {text} » : action illisible (d1-d4, d4xd7, tirage, pose e4, pose c1 e4, "
        "échange d7 f5, passe)",
        f"'{text}': unreadable action (d1-d4, d4xd7, tirage, pose e4, pose c1 e4, "
        "échange d7 f5, passe)",
    )


def threats_created(state: AliceState, key: Key) -> list[str]:
    """The threats standing after ``key`` that did not stand before, as ``3TR>DCO``."""
    if key[0] == "draw":
        return []
    before = state.threat_pairs()
    after = state.clone()
    after.apply(after.turn, key_action(key))
    return [f"{NAMES[p // 40]}>{NAMES[p % 40]}" for p in sorted(after.threat_pairs() - before)]


__all__ = [
    "EMPTY",
    "format_action",
    "format_key",
    "parse_action",
    "parse_position",
    "position",
    "threats_created",
]
