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
from ludotheque.games.alice.cards import NAMES, SQUARE_NAMES, parse_card, parse_square
from ludotheque.games.alice.options import Options
from ludotheque.games.alice.rules import OVER, PLACE, PLAY, AliceState, Key, action_key, key_action

EMPTY = "8/8/8/8/8/8/8/8 b - - - - - 40 - -"


def _cards(cards: list[int]) -> str:
    return ",".join(NAMES[c] for c in cards) or "-"


def _pairs(pairs: frozenset[int]) -> str:
    return ",".join(f"{NAMES[p // 40]}>{NAMES[p % 40]}" for p in sorted(pairs)) or "-"


def position(state: AliceState, order: bool = False) -> str:
    """The position of ``state``; ``order=True`` adds the pile order (analysis only)."""
    rows = []
    for y in range(7, -1, -1):
        row, gap = "", 0
        for x in range(8):
            card = state.board[y * 8 + x]
            if card < 0:
                gap += 1
                continue
            if gap:
                row += str(gap)
                gap = 0
            row += NAMES[card]
        rows.append(row + (str(gap) if gap else ""))
    w, b = state.white, 1 - state.white
    locked = ",".join(SQUARE_NAMES[state.pos[c]] for c in state.locked if state.pos[c] >= 0)
    pile = str(len(state.pile))
    if order:
        pile += ":" + ",".join(NAMES[c] for c in reversed(state.pile))
    fields = [
        "/".join(rows),
        "b" if state.turn == w else "n",
        locked or "-",
        _pairs(state.memory[w]),
        _pairs(state.memory[b]),
        _cards(state.captured[w]),
        _cards(state.captured[b]),
        pile,
        "0" if state.phase == OVER else "-" if state.remaining < 0 else str(state.remaining),
        NAMES[state.drawn] if state.drawn >= 0 else "-",
    ]
    return " ".join(fields)


_TOKEN = re.compile(r"([A2-7VDR](?:TR|PI|CO|CA))|([1-8])", re.IGNORECASE)


def _bad(fr: str, en: str) -> NotationError:
    return NotationError(f"position : {fr}", f"position: {en}")


def _parse_board(text: str) -> list[int]:
    rows = text.split("/")
    if len(rows) != 8:
        raise _bad(f"le damier a 8 rangées séparées par « / » ({len(rows)} lues)",
                   f"the board has 8 ranks separated by '/' ({len(rows)} read)")  # fmt: skip
    board = [-1] * 64
    for i, row in enumerate(rows):
        y, x, at = 7 - i, 0, 0
        while at < len(row):
            m = _TOKEN.match(row, at)
            if not m:
                raise _bad(f"« {row[at:]} » illisible en rangée {y + 1}",
                           f"cannot read '{row[at:]}' in rank {y + 1}")  # fmt: skip
            at = m.end()
            if m.group(1):
                if x >= 8:
                    raise _bad(f"rangée {y + 1} trop longue", f"rank {y + 1} too long")
                board[y * 8 + x] = parse_card(m.group(1))
                x += 1
            else:
                x += int(m.group(2))
        if x != 8:
            raise _bad(f"la rangée {y + 1} compte {x} cases au lieu de 8",
                       f"rank {y + 1} has {x} squares instead of 8")  # fmt: skip
    return board


def _parse_list(text: str) -> list[int]:
    return [] if text == "-" else [parse_card(t) for t in text.split(",")]


def _parse_pairs(text: str) -> frozenset[int]:
    if text == "-":
        return frozenset()
    out = set()
    for item in text.split(","):
        a, sep, t = item.partition(">")
        if not sep:
            raise _bad(f"« {item} » : une menace s'écrit attaquant>cible (3TR>DCO)",
                       f"'{item}': a threat is written attacker>target (3TR>DCO)")  # fmt: skip
        out.add(parse_card(a) * 40 + parse_card(t))
    return frozenset(out)


def parse_position(
    text: str, options: Options | dict[str, Any] | None = None, seed: int = 0
) -> AliceState:
    """A state at this position, White at seat 0. Without a pile order, the unseen cards are
    shuffled from ``seed``. Such a state is for analysis and search: its record replays from the
    seed's opening, not from this position."""
    from ludotheque.games.alice import GAME

    fields = text.split()
    if len(fields) != 10:
        raise _bad(f"10 champs attendus, {len(fields)} lus ({EMPTY})",
                   f"10 fields expected, {len(fields)} read ({EMPTY})")  # fmt: skip
    board_t, trait, locks, mem_w, mem_b, cap_w, cap_b, pile_t, fin, drawn_t = fields
    state = GAME.new(2, options, seed)
    assert isinstance(state, AliceState)
    board = _parse_board(board_t)
    if trait not in ("b", "n"):
        raise _bad("le trait est « b » (Blanc) ou « n » (Noir)",
                   "the side to move is 'b' (White) or 'n' (Black)")  # fmt: skip
    captured = [_parse_list(cap_w), _parse_list(cap_b)]
    drawn = -1 if drawn_t == "-" else parse_card(drawn_t)
    size_t, _, order_t = pile_t.partition(":")
    if not size_t.isdigit():
        raise _bad(f"taille de pioche illisible : « {size_t} »", f"bad pile size: '{size_t}'")
    seen = (
        [c for c in board if c >= 0] + captured[0] + captured[1] + ([drawn] if drawn >= 0 else [])
    )
    order = [parse_card(t) for t in order_t.split(",")] if order_t else []
    dup = {NAMES[c] for c in seen + order if (seen + order).count(c) > 1}
    if dup:
        raise _bad(f"carte en double : {', '.join(sorted(dup))}",
                   f"card used twice: {', '.join(sorted(dup))}")  # fmt: skip
    size = int(size_t)
    if size != 40 - len(seen):  # R24
        raise _bad(f"la pioche doit compter {40 - len(seen)} cartes (R24), pas {size}",
                   f"the pile must hold {40 - len(seen)} cards (R24), not {size}")  # fmt: skip
    if len(order) > size:
        raise _bad("l'ordre de la pioche compte plus de cartes que la pioche",
                   "the pile order lists more cards than the pile holds")  # fmt: skip
    # Unlisted cards go below the listed ones, shuffled from the seed.
    known = set(seen) | set(order)
    pile = [c for c in range(40) if c not in known]
    state.rng.shuffle(pile)
    pile += reversed(order)
    state.white = 0
    state.turn = 0 if trait == "b" else 1
    state.board = board
    state.pos = [-1] * 40
    for sq, c in enumerate(board):
        if c >= 0:
            state.pos[c] = sq
    state.pile = pile
    state.captured = captured
    state.memory = [_parse_pairs(mem_w), _parse_pairs(mem_b)]
    locked = []
    if locks != "-":
        for name in locks.split(","):
            sq = parse_square(name)
            if board[sq] < 0:
                raise _bad(
                    f"verrou sur une case vide ({name})", f"lock on an empty square ({name})"
                )
            locked.append(board[sq])
    state.locked = tuple(locked)
    if fin == "-":
        state.remaining = -1
    elif fin.isdigit() and not pile and (int(fin) > 0 or drawn < 0):
        state.remaining = int(fin)
    else:
        raise _bad("fin : « - » ou le nombre de tours restants, pioche vide (R25)",
                   "end: '-' or the number of turns left, with an empty pile (R25)")  # fmt: skip
    state.drawn = drawn
    state.phase = OVER if state.remaining == 0 else PLACE if drawn >= 0 else PLAY
    state.opening_events = []
    state._cache = None
    state._pairs = None
    return state


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


def parse_action(text: str) -> Action:
    """``d1-d4``, ``d4xd7``, ``tirage``, ``pose e4``, ``pose c1 e4``, ``échange d7 f5``,
    ``passe`` → an action (NotationError otherwise). ``tirage e4`` is read as ``pose e4``."""
    t = " ".join(text.strip().lower().split())
    m = _MOVE.match(t)
    if m:
        kind = "move" if m.group(2) == "-" else "capture"
        return key_action((kind, parse_square(m.group(1)), parse_square(m.group(3))))
    words = t.split(" ")
    head, args = words[0], words[1:]
    try:
        sqs = [parse_square(a) for a in args]
    except NotationError:
        sqs = []
        args = ["?"] * 9
    if head in ("tirage", "pioche", "pose", "tire") and len(sqs) == len(args):
        if not sqs and head != "pose":
            return {"type": "draw"}
        if len(sqs) == 1:
            return key_action(("place", *sqs))
        if len(sqs) == 2:
            return key_action(("draw_exchange", *sqs))
    if head in ("échange", "echange") and len(sqs) == len(args) == 2:
        a, b = sorted(sqs)
        return key_action(("exchange", a, b))
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


__all__ = ["EMPTY", "format_action", "format_key", "parse_action", "parse_position",
           "position", "threats_created"]  # fmt: skip
