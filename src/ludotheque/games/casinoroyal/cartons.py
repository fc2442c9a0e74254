"""Casino Royal's components as data: the 8 cartons (rules §9) and the 10 bingo figures (§7).

A carton is 20 cards on a 4 × 5 grid; cell ``5 * (row - 1) + (column - 1)`` (rows 1…4 top to
bottom, columns 1…5 left to right) holds card ``CARTONS[k][cell]`` of carton ``k + 1``. The
table is a literal copy of the spec (normative); :func:`generate_cartons` reproduces it with
the spec's deterministic algorithm and a test checks that both agree.

A figure is a list of *instances*, each a 20-bit mask of cells: a carton completes the figure
when its covered cells contain one whole instance (R34). The two line figures have several
instances (any column, any row: D15), the others one.
"""

from __future__ import annotations

from typing import NamedTuple

from ludotheque.cards.french52 import parse_cards

CELLS = 20
ROWS, COLUMNS = 4, 5
ALL_CELLS = (1 << CELLS) - 1

# rules/casinoroyal.md §9, row by row.
_CARTON_TEXT = (
    "TH 3C 8D 9H 2C  QH 5S JC 9S 5D  6S 8S 7D JH 6C  8C 5H 5C KH 4C",
    "7C 9D QS JD AC  QD KD AH KC QC  4H 3H 6H 2S 8H  JS 4S TS TD 7H",
    "AD QD KS 3D 4S  AS TS AH 9C 3H  6D 7S 4D 6H JD  2D TC 2H 3S 3C",
    "8S 2H KC AD 7H  7S TH 5C 6S JC  6D KS 4H 8D 8H  9C TC QS 2S 5D",
    "QC 9H 6C 3D 2C  4D 8C 3S 2D KH  9D JH 7D QH 9S  4C JS 7C TD AS",
    "AC QS KD 7C AS  7S 9D KH 3S 3C  5S 9H 3H 9S 8D  TC JH TS 7D 5H",
    "2C 5C 2D 4D AC  6S TH JC 8H 5D  7H 4C JD 8C AH  KD AD 9C QH 2S",
    "8S 4H QC 6H 8C  3D TD 2H 6C 7H  5S 5C KC JS KS  4S KD 5H QD 6D",
)
CARTONS: tuple[tuple[int, ...], ...] = tuple(tuple(parse_cards(t)) for t in _CARTON_TEXT)

# card → ((carton index, cell), …): where each card is printed (3 or 4 cartons, §1).
PLACES: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(
        (k, cell) for k, carton in enumerate(CARTONS) for cell, c in enumerate(carton) if c == card
    )
    for card in range(52)
)


def cell_of(row: int, column: int) -> int:
    """Cell index of (row, column), both counted from 1 (§7)."""
    return 5 * (row - 1) + (column - 1)


def generate_cartons(seed: int = 1998) -> tuple[tuple[int, ...], ...]:
    """The spec's generation algorithm (§9): LCG, least-used cards first, Fisher–Yates."""
    x = seed

    def nxt() -> int:
        nonlocal x
        x = (1103515245 * x + 12345) % 2**31
        return x

    usage = [0] * 52
    out = []
    for _ in range(8):
        key = [nxt() for _ in range(52)]
        chosen = sorted(range(52), key=lambda i: (usage[i], key[i], i))[:CELLS]
        for i in range(CELLS - 1, 0, -1):
            j = nxt() % (i + 1)
            chosen[i], chosen[j] = chosen[j], chosen[i]
        for c in chosen:
            usage[c] += 1
        out.append(tuple(chosen))
    return tuple(out)


# ---------------------------------------------------------------------------------- figures
def _mask(cells: list[int] | range) -> int:
    m = 0
    for c in cells:
        m |= 1 << c
    return m


class Figure(NamedTuple):
    number: int
    name_fr: str
    instances: tuple[int, ...]  # 20-bit cell masks; any one completes the figure

    @property
    def cells(self) -> int:
        """Every cell that lies on some instance: where cards are marked (R33)."""
        m = 0
        for i in self.instances:
            m |= i
        return m

    @property
    def size(self) -> int:
        """Cells to cover for one instance."""
        return min(i.bit_count() for i in self.instances)


# §7 and D16, index sets copied from the spec's table.
FIGURES: tuple[Figure, ...] = (
    Figure(1, "ligne verticale", tuple(_mask([c, c + 5, c + 10, c + 15]) for c in range(5))),
    Figure(2, "ligne horizontale", tuple(_mask(range(5 * r, 5 * r + 5)) for r in range(4))),
    Figure(3, "L", (_mask([0, 5, 10, 15, 16, 17, 18, 19]),)),
    Figure(4, "T", (_mask([0, 1, 2, 3, 4, 7, 12, 17]),)),
    Figure(5, "H", (_mask([0, 4, 5, 6, 7, 8, 9, 10, 14, 15, 19]),)),
    Figure(6, "U", (_mask([0, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19]),)),
    Figure(7, "M", (_mask([0, 4, 5, 6, 8, 9, 10, 12, 14, 15, 19]),)),
    Figure(8, "N", (_mask([0, 4, 5, 6, 9, 10, 12, 14, 15, 18, 19]),)),
    Figure(9, "carré", (_mask([0, 1, 2, 3, 4, 5, 9, 10, 14, 15, 16, 17, 18, 19]),)),
    Figure(10, "carton complet", (ALL_CELLS,)),
)
FIGURE_BY_NUMBER = {f.number: f for f in FIGURES}


def figure_drawing(figure: Figure, instance: int = 0) -> str:
    """The figure as the spec draws it (``X`` on the figure, ``.`` elsewhere), 4 lines."""
    m = figure.instances[instance]
    return "\n".join(
        " ".join("X" if m >> (5 * r + c) & 1 else "." for c in range(COLUMNS)) for r in range(ROWS)
    )


def completes(covered: int, figure: Figure) -> bool:
    """R34: do the covered cells contain a whole instance of the figure?"""
    return any(covered & i == i for i in figure.instances)


__all__ = [
    "ALL_CELLS",
    "CARTONS",
    "CELLS",
    "FIGURES",
    "FIGURE_BY_NUMBER",
    "PLACES",
    "Figure",
    "cell_of",
    "completes",
    "figure_drawing",
    "generate_cartons",
]
