"""The worked examples of rules/alice.md §5 (E1–E10), each a test."""

from __future__ import annotations

import pytest

from ludotheque.engine.errors import IllegalAction
from ludotheque.games.alice.cards import NAMES, SQUARE_NAMES, parse_square
from ludotheque.games.alice.notation import parse_position
from tests.games.alice.helpers import at, can, card, fen, legal, moves_of, play

E1 = [
    ("3TR", "d4", {"d1", "d7"}),
    ("4PI", "e4", {"a8"}),
    ("4CO", "e4", set()),
    ("4CO", "c3", {"g7"}),
    ("2PI", "b7", {"d5"}),
    ("6CO", "b2", {"h8"}),
    ("7CA", "a5", {"h5"}),
    ("5CA", "a3", {"f3"}),
    ("ATR", "h8", {"h7"}),
    ("RTR", "d4", {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}),
    ("RCA", "d4", {"c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"}),
    ("DPI", "d4", {"b4", "d2", "d6", "f4"}),
    ("DCO", "d4", {"b4", "d2", "d6", "f4"}),
    ("VTR", "d4", {"b2", "b6", "f2", "f6"}),
    ("VCA", "d4", {"b2", "b6", "f2", "f6"}),
]


@pytest.mark.parametrize(("name", "square", "expected"), E1)
def test_E1_normal_moves_and_threatened_squares(name: str, square: str, expected: set) -> None:
    state = at({square: name})
    assert moves_of(state, square) == expected
    targets = {SQUARE_NAMES[t] for t in state.targets(card(name), parse_square(square))}
    assert targets == expected  # R9: a card threatens exactly where it would move


def test_E1_4CO_may_not_be_placed_on_e4() -> None:
    state = at({})
    assert parse_square("e4") not in state.placements(card("4CO"))
    assert parse_square("c3") in state.placements(card("4CO"))


def _placements(name: str, cards: dict[str, str] | None = None) -> set[str]:
    return {SQUARE_NAMES[s] for s in at(cards or {}).placements(card(name))}


def test_E2_placement_squares_on_an_empty_board() -> None:
    assert _placements("7PI") == {"a8", "h1"}
    assert _placements("7CO") == {"a1", "h8"}
    assert _placements("7TR") == {f + r for f in "abcdefgh" for r in "18"}
    assert _placements("7CA") == {f + r for f in "ah" for r in "12345678"}
    assert _placements("6PI") == {"a7", "a8", "b7", "b8", "g1", "g2", "h1", "h2"}
    assert len(_placements("6TR")) == len(_placements("4CO")) == 32
    assert len(_placements("ACA")) == 64
    assert all(len(_placements(f"R{s}")) == 64 for s in ("TR", "PI", "CO", "CA"))
    assert len(_placements("2CO")) == 56


def test_E2_D13_a_7PI_with_h1_taken_goes_on_any_empty_square() -> None:
    assert len(_placements("7PI", {"h1": "RTR"})) == 63


def test_E3_a_capture_in_three_turns() -> None:
    state = at({"d7": "DCO", "d1": "3TR"}, pile=["7CA", "2CA"])
    play(state, "d1-d4")
    assert state.threat_pairs() == {card("3TR") * 40 + card("DCO")}
    # Black: 3TR is locked, DCO may flee to its 19 safe squares.
    assert not any("d4" in a for a in legal(state) if a != "tirage")
    flights = [
        "a4",
        "a7",
        "b5",
        "b7",
        "c6",
        "c7",
        "c8",
        "d3",
        "d5",
        "d8",
        "e6",
        "e7",
        "e8",
        "f5",
        "f7",
        "g4",
        "g7",
        "h3",
        "h7",
    ]
    assert moves_of(state, "d7") == set(flights)
    with pytest.raises(IllegalAction):
        play(state, "d4xd7")  # not Black's threat, and 3TR is locked
    play(state, "tirage")
    play(state, "pose a1")  # 7CA on a1 changes nothing
    events = play(state, "d4xd7")
    assert events[0]["value"] == 25 and state.scores()[0] == 25


def test_E4_a_kings_flight() -> None:
    state = at({"d4": "RTR", "d1": "3TR", "a6": "5CA"})
    expected = ["a4", "b4", "c4", "d3", "d5", "d6", "d7", "d8", "e4", "f4", "g4", "h4"]
    assert moves_of(state, "d4") == set(expected)  # D9: no diagonal step, d2 excluded


def test_E5_prisonniere_cannot_be_exchanged() -> None:
    state = at({"h5": "ACO", "f3": "VCA", "a1": "2CO"})
    assert state.prisonniere(card("ACO"))
    assert moves_of(state, "h5") == set()
    assert not any(a.startswith("échange") for a in legal(state))
    free = at({"h5": "ACO", "a1": "2CO"})  # no threat: the two cœurs may swap
    assert can(free, "échange a1 h5")


def test_E6_blocage_and_the_history_condition() -> None:
    options = {"blocage": True}
    state = at({"a3": "5CA", "c3": "2CO", "f3": "RTR"}, options, trait="n", pile=["7CA", "6CA"])
    assert state.threat_pairs() == set()  # c3 blocks
    assert moves_of(state, "c3") == {"a1", "e5"}
    play(state, "c3-e5")
    assert card("5CA") * 40 + card("RTR") in state.threat_pairs()
    with pytest.raises(IllegalAction, match="fin de votre tour précédent"):
        play(state, "a3xf3")
    assert moves_of(state, "f3") == set(["d3", "e3", "f1", "f2", "f7", "f8", "g3", "h3"])
    assert moves_of(state, "a3") == set()  # 5CA has no normal move while f3 is taken
    assert not can(state, "échange a3 f3")  # not the same rank or suit
    assert not can(state, "échange a3 e5")
    play(state, "tirage")
    play(state, "pose a8")  # 7CA far away: White leaves R TR threatened
    play(state, "a3xf3")
    assert state.scores()[1] == 50
    plain = at({"a3": "5CA", "c3": "2CO", "f3": "RTR"})
    assert card("5CA") * 40 + card("RTR") in plain.threat_pairs()  # no blocage: all along


def test_E6_a_drawn_card_on_the_line_blocks_the_threat_again() -> None:
    state = at({"a3": "5CA", "e5": "2CO", "f3": "RTR"}, {"blocage": True}, pile=["RCA"])
    play(state, "tirage")
    play(state, "pose d3")
    assert card("5CA") * 40 + card("RTR") not in state.threat_pairs()


def test_E7_exchange_with_counter_threat() -> None:
    cards = {"d7": "DCO", "d4": "3TR", "f5": "2CO", "h5": "RPI"}
    state = at(cards, trait="n", locks="d4", mem_w="3TR>DCO", pile=["7CA", "6CA"])
    assert can(state, "échange d7 f5")
    play(state, "échange d7 f5")
    pairs = state.threat_pairs()
    assert card("DCO") * 40 + card("RPI") in pairs
    assert card("3TR") * 40 + card("2CO") in pairs
    assert not any(a.endswith("xd7") or "f5" in a for a in legal(state))  # both locked
    assert moves_of(state, "h5") == set(["a5", "h1", "h2", "h3", "h4", "h6", "h7", "h8"])
    play(state, "tirage")
    play(state, "pose a1")
    events = play(state, "f5xh5")
    assert events[0]["value"] == 40


def test_E8_plain_exchange_and_draw_exchange() -> None:
    state = at({"b2": "4TR", "g7": "4CA"}, pile=["5CO"])
    play(state, "échange b2 g7")
    assert state.board[parse_square("g7")] == card("4TR")
    assert state.board[parse_square("b2")] == card("4CA")
    assert set(state.locked) == {card("4TR"), card("4CA")}
    state = at({"c1": "5TR"}, pile=["5CO"])
    play(state, "tirage")
    assert can(state, "pose c1 e4")
    play(state, "pose c1 e4")
    assert state.board[parse_square("c1")] == card("5CO")
    assert state.board[parse_square("e4")] == card("5TR")  # no move from e4: allowed
    assert set(state.locked) == {card("5CO"), card("5TR")}


def test_E9_locks() -> None:
    state = at({"g5": "3PI"}, pile=["2PI", "7CA"])
    play(state, "tirage")
    play(state, "pose b7")
    assert state.locked == (card("2PI"),)
    actions = legal(state)
    assert not any("b7" in a for a in actions)  # no move, exchange, capture with or of it
    assert not can(state, "échange b7 g5")
    assert state.targets(card("2PI"), parse_square("b7")) == [parse_square("d5")]


def test_E9_a_locked_card_can_neither_capture_nor_be_captured() -> None:
    cards = {"d4": "3TR", "d7": "DCO"}
    free = at(cards, mem_w="3TR>DCO")
    assert can(free, "d4xd7")
    assert not can(at(cards, mem_w="3TR>DCO", locks="d4"), "d4xd7")
    assert not can(at(cards, mem_w="3TR>DCO", locks="d7"), "d4xd7")


def _last_card_game(extra: int) -> list[int]:
    rest = ",".join(n for n in NAMES if n not in ("RTR", "RCA", "7CA"))
    position = fen({"a1": "RTR", "h8": "RCA"}, cap_w=rest, pile=["7CA"])
    assert position.split()[7] == "1:7CA"
    state = parse_position(position, {"extra_turns": extra})
    seats = []
    while not state.is_over():
        seats.append(state.turn)
        action = state.legal_actions(state.turn)[0]
        state.apply(state.turn, action)
    return seats


def test_E10_end_after_the_pile() -> None:
    # White draws the last card (two actions, one turn), then Black, then White.
    assert _last_card_game(1) == [0, 0, 1, 0]
    assert _last_card_game(2) == [0, 0, 1, 0, 1, 0]


def test_E10_score() -> None:
    taken = {"RTR", "API", "7CA", "DTR", "VCO", "2TR"}
    rest = [n for n in NAMES if n not in taken]
    board = dict(zip(SQUARE_NAMES, rest, strict=False))  # everything else on the board
    position = fen(board, cap_w="RTR,API,7CA", cap_b="DTR,VCO,2TR", fin="1", trait="n")
    state = parse_position(position)
    assert state.scores() == (72, 84)
    state.apply(1, state.legal_actions(1)[0])
    assert state.is_over()
    result = state.result()
    assert result.winners == (1,) and result.scores == (72, 84)
    assert "Noir" in result.reason_fr
    assert parse_position(position, {"ace_of_spades_value": 1}).scores() == (52, 84)
