"""Alice's components: the 40 cards, their values, the board and the movement geometry.

Cards are small integers ``suit * 10 + rank``; squares are ``(y - 1) * 8 + (x - 1)`` (a1 = 0,
h8 = 63). Every pattern of §1.2 is unrolled once into tables indexed by card and square, so the
rules only look things up.
"""

from __future__ import annotations

import re

from ludotheque.engine.errors import NotationError

SUITS = ("TR", "PI", "CO", "CA")  # trèfle ♣, pique ♠, cœur ♥, carreau ♦
SUIT_SYMBOLS = {"TR": "♣", "PI": "♠", "CO": "♥", "CA": "♦"}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "V", "D", "R")
TR, PI, CO, CA = range(4)
ACE, VALET, DAME, ROI = 0, 7, 8, 9
CARDS = tuple(range(40))
FILES = "abcdefgh"

# §1.1: values in rank order A 2 … 7 V D R. The As de pique is an option (D15).
VALUES: dict[int, tuple[int, ...]] = {
    TR: (28, 24, 20, 16, 12, 8, 4, 25, 45, 50),
    PI: (21, 18, 15, 12, 9, 6, 3, 20, 35, 40),
    CO: (14, 12, 10, 8, 6, 4, 2, 15, 25, 30),
    CA: (7, 6, 5, 4, 3, 2, 1, 10, 15, 20),
}


def suit_of(card: int) -> int:
    return card // 10


def rank_of(card: int) -> int:
    return card % 10


def card_name(card: int) -> str:
    """``3TR``, ``DCO``, ``APi``… (rank then suit, the spec's ``3 TR`` without the space)."""
    return RANKS[card % 10] + SUITS[card // 10]


NAMES = tuple(card_name(c) for c in CARDS)
# As the board and the log draw them (3♣, D♥): what refusals and prompts say to a player.
SHOWN = tuple(RANKS[c % 10] + SUIT_SYMBOLS[SUITS[c // 10]] for c in CARDS)
# The faces in English (J, Q, K for the French V, D, R), as the English board draws them.
FACE_EN = {"V": "J", "D": "Q", "R": "K"}
_SHOWN_FACE = re.compile(r"(?<![\w])([VDR])(?=[♣♠♥♦])")


def english_faces(text: str) -> str:
    """The cards an English sentence names (« D♥ is locked ») with their English faces
    (« Q♥ is locked »)."""
    return _SHOWN_FACE.sub(lambda m: FACE_EN[m.group(1)], text)


_BY_NAME = {n: c for c, n in enumerate(NAMES)}


def parse_card(text: str) -> int:
    """``3TR``, ``3 TR``, ``d co`` → a card; NotationError otherwise."""
    key = text.replace(" ", "").upper()
    if key not in _BY_NAME:
        raise NotationError(
            f"« {text} » n'est pas une carte d'Alice (rang A 2-7 V D R, couleur TR PI CO CA)",
            f"'{text}' is not an Alice card (rank A 2-7 V D R, suit TR PI CO CA)",
        )
    return _BY_NAME[key]


def value(card: int, ace_of_spades: int = 21) -> int:
    if card == PI * 10 + ACE:
        return ace_of_spades
    return VALUES[card // 10][card % 10]


# value_table(ace)[card]: every card's value for each reading of the As de pique (D15).
VALUE_TABLES = {ace: tuple(value(c, ace) for c in CARDS) for ace in (21, 1)}


def square_name(sq: int) -> str:
    return FILES[sq % 8] + str(sq // 8 + 1)


SQUARE_NAMES = tuple(square_name(s) for s in range(64))
_SQ = {n: s for s, n in enumerate(SQUARE_NAMES)}


def parse_square(text: str) -> int:
    if not isinstance(text, str) or text.lower() not in _SQ:
        raise NotationError(
            f"« {text} » n'est pas une case (a1 … h8)", f"'{text}' is not a square (a1 … h8)"
        )
    return _SQ[text.lower()]


# -- geometry (§1.2, §1.3, D1) -------------------------------------------------------------------
ORTHO = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAG = ((1, 1), (-1, -1), (-1, 1), (1, -1))
LINE = {CA: ((1, 0), (-1, 0)), TR: ((0, 1), (0, -1)), PI: ((-1, 1), (1, -1)), CO: DIAG[:2]}


def attack_pattern(card: int) -> tuple[tuple[tuple[int, int], ...], int]:
    """Directions and exact distance of a card's normal move and threat (R8, R9)."""
    rank = card % 10
    if rank == ROI:
        return ORTHO + DIAG, 1
    if rank == DAME:
        return ORTHO, 2
    if rank == VALET:
        return DIAG, 2
    return LINE[card // 10], rank + 1


def flight_directions(card: int) -> tuple[tuple[int, int], ...]:
    """Directions of a card's flight, any distance (R11)."""
    rank = card % 10
    if rank == ROI:
        return ORTHO
    if rank == DAME:
        return ORTHO + DIAG
    if rank == VALET:
        return DIAG
    return LINE[card // 10]


def _step(sq: int, dx: int, dy: int, k: int) -> int:
    x, y = sq % 8 + dx * k, sq // 8 + dy * k
    return y * 8 + x if 0 <= x < 8 and 0 <= y < 8 else -1


def _normal(card: int, sq: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    dirs, n = attack_pattern(card)
    out = []
    for dx, dy in dirs:
        target = _step(sq, dx, dy, n)
        if target >= 0:
            out.append((target, tuple(_step(sq, dx, dy, k) for k in range(1, n))))
    return tuple(out)


def _rays(card: int, sq: int) -> tuple[tuple[int, ...], ...]:
    out = []
    for dx, dy in flight_directions(card):
        ray = []
        k = 1
        while (s := _step(sq, dx, dy, k)) >= 0:
            ray.append(s)
            k += 1
        if ray:
            out.append(tuple(ray))
    return tuple(out)


# NORMAL[card][sq]: ((target, squares in between), …); RAYS[card][sq]: flight rays, nearest first.
NORMAL = tuple(tuple(_normal(c, s) for s in range(64)) for c in CARDS)
TARGETS = tuple(tuple(tuple(t for t, _ in NORMAL[c][s]) for s in range(64)) for c in CARDS)
RAYS = tuple(tuple(_rays(c, s) for s in range(64)) for c in CARDS)

# LINES[sq]: the squares sharing a rank, file or diagonal with sq — every square from which a
# card may threaten sq (all patterns are symmetric and run along these lines).
LINES = tuple(
    tuple(
        q
        for q in range(64)
        if q != sq
        and (q % 8 == sq % 8 or q // 8 == sq // 8 or abs(q % 8 - sq % 8) == abs(q // 8 - sq // 8))
    )
    for sq in range(64)
)


def related(a: int, b: int) -> bool:
    """Same rank or same suit: the two cards may be exchanged (R19, R21)."""
    return a % 10 == b % 10 or a // 10 == b // 10
