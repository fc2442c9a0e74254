"""A deliberately simple, independent Alice move generator, only for the counting tests.

It shares nothing with the engine but the position text: cards are strings, squares are (x, y)
pairs, threats are tested by comparing the vector between two squares with the card's pattern,
and every rule is re-read from rules/alice.md. Slow and obvious on purpose.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

SUIT_LINE = {"CA": [(1, 0), (-1, 0)], "TR": [(0, 1), (0, -1)], "PI": [(-1, 1), (1, -1)],
             "CO": [(1, 1), (-1, -1)]}  # fmt: skip
ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (-1, -1), (1, -1), (-1, 1)]
ALL = [(x, y) for y in range(1, 9) for x in range(1, 9)]


def sq(name: str) -> tuple[int, int]:
    return ("abcdefgh".index(name[0]) + 1, int(name[1]))


def name(s: tuple[int, int]) -> str:
    return "abcdefgh"[s[0] - 1] + str(s[1])


def distance(card: str) -> int:
    return {"R": 1, "D": 2, "V": 2, "A": 1}.get(card[0]) or int(card[0])


def attack_dirs(card: str) -> list[tuple[int, int]]:
    return {"R": ORTHO + DIAG, "D": ORTHO, "V": DIAG}.get(card[0]) or SUIT_LINE[card[1:]]


def flight_dirs(card: str) -> list[tuple[int, int]]:
    return {"R": ORTHO, "D": ORTHO + DIAG, "V": DIAG}.get(card[0]) or SUIT_LINE[card[1:]]


@dataclass
class Pos:
    board: dict[tuple[int, int], str]
    white_to_move: bool
    locked: set[str]
    memory: dict[bool, set[tuple[str, str]]]  # True: White's
    pile: list[str]  # top first
    remaining: int | None
    drawn: str | None = None
    blocage: bool = False
    level_b: bool = True
    extra: int = 1
    captured: dict[bool, list[str]] = field(default_factory=lambda: {True: [], False: []})


def parse(text: str, blocage: bool = False, level_b: bool = True) -> Pos:
    f = text.split()
    board = {}
    for i, row in enumerate(f[0].split("/")):
        y, x, k = 8 - i, 1, 0
        while k < len(row):
            if row[k].isdigit() and row[k + 1 : k + 3] not in ("TR", "PI", "CO", "CA"):
                x += int(row[k])
                k += 1
            else:
                board[(x, y)] = row[k : k + 3]
                x += 1
                k += 3
    pile = f[7].partition(":")[2].split(",") if ":" in f[7] else []
    assert len(pile) == int(f[7].partition(":")[0]), "counting positions give the whole pile"
    pairs = [{tuple(p.split(">")) for p in m.split(",")} if m != "-" else set() for m in f[3:5]]
    return Pos(
        board=board,
        white_to_move=f[1] == "b",
        locked={board[sq(s)] for s in f[2].split(",")} if f[2] != "-" else set(),
        memory={True: pairs[0], False: pairs[1]},  # type: ignore[dict-item]
        pile=[p for p in pile if p],
        remaining=None if f[8] == "-" else int(f[8]),
        drawn=None if f[9] == "-" else f[9],
        blocage=blocage,
        level_b=level_b,
    )


def clear(p: Pos, a: tuple[int, int], b: tuple[int, int], board: dict) -> bool:
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = max(abs(dx), abs(dy))
    ux, uy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    return all((a[0] + ux * k, a[1] + uy * k) not in board for k in range(1, n))


def attacks(p: Pos, card: str, a: tuple[int, int], b: tuple[int, int], board: dict) -> bool:
    """Whether ``card`` on ``a`` reaches ``b`` by its exact pattern (R9, R10)."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    n = distance(card)
    hit = any((dx, dy) == (ux * n, uy * n) for ux, uy in attack_dirs(card))
    return hit and (not p.blocage or clear(p, a, b, board))


def threats(p: Pos, board: dict) -> set[tuple[str, str]]:
    return {
        (c, d)
        for a, c in board.items()
        for b, d in board.items()
        if a != b and attacks(p, c, a, b, board)
    }


def normal_moves(p: Pos, card: str, a: tuple[int, int], board: dict) -> list[tuple[int, int]]:
    return [b for b in ALL if b not in board and attacks(p, card, a, b, board)]


def safe_flights(p: Pos, card: str, a: tuple[int, int]) -> list[tuple[int, int]]:
    out = []
    rest = {s: c for s, c in p.board.items() if s != a}
    for b in ALL:
        if b in rest:
            continue
        dx, dy = b[0] - a[0], b[1] - a[1]
        n = max(abs(dx), abs(dy))
        if not any((dx, dy) == (ux * n, uy * n) for ux, uy in flight_dirs(card)):
            continue
        if p.blocage and not clear(p, a, b, rest):
            continue
        after = {**rest, b: card}
        if any(
            attacks(p, card, b, s, after) or attacks(p, c, s, b, after) for s, c in rest.items()
        ):
            continue
        out.append(b)
    return out


def related(a: str, b: str) -> bool:
    return a[0] == b[0] or a[1:] == b[1:]


def actions(p: Pos) -> list[tuple]:
    if p.remaining == 0:
        return []
    board = p.board
    if p.drawn is not None:
        card = p.drawn
        empty = [s for s in ALL if s not in board]
        good = [s for s in empty if normal_moves(p, card, s, board)]
        out: list[tuple] = [("place", s) for s in (good or empty)]
        if p.level_b:
            threatened = {t for _, t in threats(p, board)}
            for s, c in board.items():
                if c in p.locked or not related(c, card):
                    continue
                if c in threatened and not safe_flights(p, c, s):
                    continue
                out += [("dx", s, e) for e in empty]
        return out
    out = [("draw",)] if p.pile else []
    now = threats(p, board)
    threatened = {t for _, t in now}
    mine = p.memory[p.white_to_move]
    for s, c in board.items():
        if c in p.locked:
            continue
        if c in threatened:
            out += [("move", s, b) for b in safe_flights(p, c, s)]
        else:
            out += [("move", s, b) for b in normal_moves(p, c, s, board)]
        for s2, c2 in board.items():
            if c2 not in p.locked and (c, c2) in now and (c, c2) in mine:
                out.append(("capture", s, s2))
    if p.level_b:
        ok = [
            (s, c)
            for s, c in board.items()
            if c not in p.locked and not (c in threatened and not safe_flights(p, c, s))
        ]
        for i, (s, c) in enumerate(ok):
            for s2, c2 in ok[i + 1 :]:
                if related(c, c2):
                    out.append(("exchange", s, s2))
    return out or [("pass",)]


def play(p: Pos, act: tuple) -> Pos:
    board = dict(p.board)
    q = replace(p, board=board, memory=dict(p.memory), pile=list(p.pile))
    kind = act[0]
    if kind == "draw":
        q.drawn = q.pile.pop(0)
        return q
    if kind == "place":
        board[act[1]] = p.drawn
        touched = {p.drawn}
    elif kind == "dx":
        board[act[2]] = board[act[1]]
        board[act[1]] = p.drawn
        touched = {p.drawn, board[act[2]]}
    elif kind in ("move", "capture"):
        board[act[2]] = board.pop(act[1])
        touched = {board[act[2]]}
    elif kind == "exchange":
        board[act[1]], board[act[2]] = board[act[2]], board[act[1]]
        touched = {board[act[1]], board[act[2]]}
    else:
        touched = set()
    q.drawn = None
    q.locked = touched
    q.memory[p.white_to_move] = threats(q, board)
    if q.remaining is not None:
        q.remaining -= 1
    elif not q.pile:
        q.remaining = 2 * q.extra
    q.white_to_move = not p.white_to_move
    return q


def perft(p: Pos, depth: int) -> int:
    if depth == 0:
        return 1
    return sum(perft(play(p, a), depth - 1) for a in actions(p))
