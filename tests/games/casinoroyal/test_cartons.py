"""The components as data (rules/casinoroyal.md §1, §7, §9) and their consistency checks."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from ludotheque.cards.french52 import parse_cards
from ludotheque.games.casinoroyal.cartons import (
    ALL_CELLS,
    CARTONS,
    FIGURE_BY_NUMBER,
    FIGURES,
    PLACES,
    cell_of,
    completes,
    figure_drawing,
    generate_cartons,
)
from ludotheque.games.casinoroyal.rules import GREEN_TOKENS, START_UNITS


def test_8_cartons_of_20_distinct_cards_on_4_rows_of_5() -> None:
    assert len(CARTONS) == 8
    for carton in CARTONS:
        assert len(carton) == 20 == len(set(carton)) and all(0 <= c < 52 for c in carton)
    assert 8 * 20 == 160 == sum(len(c) for c in CARTONS)


def test_the_table_is_what_the_spec_algorithm_produces() -> None:
    assert generate_cartons() == CARTONS


def test_48_cards_on_3_cartons_and_4_on_4() -> None:
    usage = Counter(c for carton in CARTONS for c in carton)
    assert len(usage) == 52
    assert sorted(c for c, k in usage.items() if k == 4) == sorted(parse_cards("7H KD 5C 8C"))
    assert Counter(usage.values()) == {3: 48, 4: 4} and 48 * 3 + 4 * 4 == 160
    assert all(len(PLACES[c]) == usage[c] for c in range(52))


def test_shared_cards_between_cartons() -> None:
    sets = [set(c) for c in CARTONS]
    assert not sets[0] & sets[1] and not sets[3] & sets[4]
    assert max(len(a & b) for a, b in combinations(sets, 2)) <= 10


def test_units_consistency_of_section_1() -> None:
    assert START_UNITS == 20 * 1 + 5 * 5 == 45
    assert GREEN_TOKENS == 8 * 20 and 8 * 5 == 40 and 8 * START_UNITS == 360


def test_cells_are_numbered_row_major() -> None:
    assert cell_of(1, 1) == 0 and cell_of(2, 1) == 5 and cell_of(4, 5) == 19
    assert CARTONS[0][cell_of(1, 4)] == parse_cards("9H")[0]


def test_the_10_figures_and_their_sizes() -> None:
    sizes = {f.number: f.size for f in FIGURES}
    assert sizes == {1: 4, 2: 5, 3: 8, 4: 8, 5: 11, 6: 11, 7: 11, 8: 11, 9: 14, 10: 20}
    assert len(FIGURE_BY_NUMBER[1].instances) == 5 and len(FIGURE_BY_NUMBER[2].instances) == 4
    assert FIGURE_BY_NUMBER[1].cells == FIGURE_BY_NUMBER[2].cells == ALL_CELLS  # D15
    assert FIGURE_BY_NUMBER[10].instances == (ALL_CELLS,)


def test_figures_are_drawn_as_in_the_spec() -> None:
    drawings = {
        1: "..X..", 3: "X....\nX....\nX....\nXXXXX", 4: "XXXXX\n..X..\n..X..\n..X..",
        5: "X...X\nXXXXX\nX...X\nX...X", 6: "X...X\nX...X\nX...X\nXXXXX",
        7: "X...X\nXX.XX\nX.X.X\nX...X", 8: "X...X\nXX..X\nX.X.X\nX..XX",
        9: "XXXXX\nX...X\nX...X\nXXXXX",
    }  # fmt: skip
    for number, expected in drawings.items():
        drawing = figure_drawing(FIGURE_BY_NUMBER[number], 2 if number == 1 else 0)
        if number == 1:
            assert drawing.replace(" ", "").split("\n") == [expected] * 4
        else:
            assert drawing.replace(" ", "") == expected


def test_completion_needs_one_whole_instance() -> None:
    column = FIGURE_BY_NUMBER[1]
    assert completes(column.instances[4], column)
    assert not completes(column.instances[4] ^ 1 << 19, column)
    assert completes(ALL_CELLS, FIGURE_BY_NUMBER[10])
