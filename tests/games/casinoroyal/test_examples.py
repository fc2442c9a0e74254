"""The spec's worked examples E3, E5–E8 verbatim (E1, E2, E4: tests/cards/test_poker.py)."""

from __future__ import annotations

from ludotheque.cards.french52 import parse_cards
from ludotheque.games.casinoroyal.cartons import CARTONS, FIGURE_BY_NUMBER, cell_of

from .helpers import (
    CONTINUE,
    DECLINE,
    DOUBLE,
    FOLD,
    FOLLOW,
    MATCH,
    STOP,
    WAIT,
    bid,
    card_events,
    play,
    raise_,
    rigged,
    wait_all,
)


def test_E3_a_round_of_game_A() -> None:
    state = rigged(3, dealer=0, decks=["KH 5S QD  5D 5H 5C 3D 3H 3S"], rounds=1)
    assert state.view()["cartons"] == [[1], [2], [3]]
    marks = [[m[1] for m in e["marks"]] for e in card_events(state.opening_events)]
    assert marks == [[1], [1], [2, 3]]  # KH, 5S on carton 1; QD on cartons 2 and 3
    assert state.to_move() == {1}  # « Relance ? » from the dealer's left
    play(state, (1, DECLINE), (2, raise_(5)), (0, FOLLOW), (1, FOLLOW))
    assert state.stakes[:3] == [5, 5, 5]
    for _ in range(5):  # 5D, 5H, 5C, 3D, 3H: nobody calls
        wait_all(state)
    assert state.turned[-1] == parse_cards("3S")[0]
    events = play(state, (0, WAIT), (1, WAIT), (2, STOP))
    call = next(e for e in events if e["type"] == "rien_ne_va_plus")
    end = next(e for e in events if e["type"] == "round_end")
    assert call["seat"] == 2 and end["winners"] == [0]  # seat 0 wins although seat 2 called
    assert end["hands"]["0"]["name"] == "Carré de 5 (Roi)"
    assert end["hands"]["1"]["name"] == "Carte haute Dame (3)"
    assert end["hands"]["2"]["name"] == "Brelan de 3 (Dame)"
    assert end["collected"] == 7 + 9 and end["payout"] == [10 + 16, 0, 0]
    assert state.balance == [61, 38, 36] and sum(state.balance) == 135
    assert state.is_over()


def e5_state():
    hidden = {1: "AS AD AH", 2: "2D 3D 4D", 0: "5S 6S 7D"}
    dealt = " ".join(hidden[s].split()[i] for i in range(3) for s in (1, 2, 0))
    turned = "8S 3S 2S  9S 7S JS 5H KS QS 9H 9C 4H TH TC 6D"
    return rigged(3, dealer=0, decks=[f"{dealt} {turned}"], game="B", rounds=1)


def test_E5_game_B_betting() -> None:
    state = e5_state()
    assert state.to_move() == {0}  # the dealer chooses the minimum stake
    play(state, (0, {"type": "ante", "amount": 2}))
    assert state.pot == 6
    assert state.view(1)["hidden"] == "AS AH AD" and state.view(2)["hidden"] == "4D 3D 2D"
    assert state.view(0)["hidden"] == "7D 6S 5S" and state.view(None)["hidden"] is None
    play(state, (1, {"type": "stake", "amount": 3}), (2, MATCH), (0, MATCH))
    assert state.pot == 15
    assert len(state.turned) == 3  # as many cards as players (R24)
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE))  # no raise at « Relance ? »
    for _ in range(11):
        wait_all(state)
    events = play(state, (0, WAIT), (1, WAIT), (2, bid(4)))
    assert events[-1] == {"type": "rien_ne_va_plus", "seat": 2, "amount": 4, "pot": 19}
    assert [state.covered[k].bit_count() for k in range(3)] == [5, 4, 6]
    play(state, (0, CONTINUE))
    assert state.pot == 23
    play(state, (1, DOUBLE))
    assert state.level == 8 and state.pot == 31
    play(state, (2, CONTINUE))
    assert state.pot == 35
    events = play(state, (0, FOLD))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["case"] == 3 and end["winners"] == [1]
    assert sorted(end["hands"]) == ["1", "2"]  # P1 and P2 show
    assert end["hands"]["1"]["name"] == "Brelan d'As (Dame, Valet)"
    assert end["hidden"] == {"1": "AS AD AH", "2": "2D 3D 4D"}
    assert end["collected"] == 35 + 5 + 6 and end["payout"][1] == 35 + 11 + 4
    assert state.balance == [31, 78, 26] and sum(state.balance) == 135


def test_E5_variant_P1_wins_without_showing_when_both_pass_case_1() -> None:
    state = e5_state()
    play(
        state,
        (0, {"type": "ante", "amount": 2}),
        (1, {"type": "stake", "amount": 3}),
        (2, MATCH),
        (0, MATCH),
        (1, DECLINE),
        (2, DECLINE),
        (0, DECLINE),
    )
    for _ in range(11):
        wait_all(state)
    play(state, (0, WAIT), (1, WAIT), (2, bid(4)), (0, CONTINUE), (1, DOUBLE), (2, FOLD))
    events = play(state, (0, FOLD))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["case"] == 1 and end["winners"] == [1]
    assert end["hands"] == {} and end["hidden"] == {}  # he need not show his cards
    assert state.balance[1] == 45 - 2 - 3 - 8 - 4 + 31 + 11 + 4 == 74


def test_E6_game_C_vertical_line() -> None:
    state = rigged(2, dealer=0, decks=["QH 8H TH QC 7H AC"], game="C", rounds=1)
    assert state.balance == [80, 80]
    events = play(state, (0, {"type": "figure", "figure": 1}))
    cards = card_events(events)
    assert len(cards) == 6  # bingo at the 6th card
    assert [m[:2] for e in cards for m in e["marks"]] == [
        [0, 1],
        [1, 2],
        [0, 1],
        [1, 2],
        [1, 2],
        [1, 2],
    ]
    assert cards[0]["marks"][0][2] == cell_of(2, 1) and cards[1]["marks"][0][2] == cell_of(3, 5)
    bingo = next(e for e in events if e["type"] == "bingo")
    assert bingo["seats"] == [1]
    end = next(e for e in events if e["type"] == "round_end")
    assert end["collected"] == 2 and end["payout"] == [0, 2 + 4]
    assert state.balance == [78, 82]


def test_E7_figure_membership() -> None:
    L = FIGURE_BY_NUMBER[3]
    on = [{c for i, c in enumerate(CARTONS[k]) if L.cells >> i & 1} for k in (0, 1)]
    assert on[0] == set(parse_cards("TH QH 6S 8C 5H 5C KH 4C"))
    assert on[1] == set(parse_cards("7C QD 4H JS 4S TS TD 7H"))
    state = rigged(2, dealer=1, decks=["9H"], game="C", rounds=1)
    events = play(state, (1, {"type": "figure", "figure": 3}))
    assert card_events(events)[0]["card"] == "9H" and card_events(events)[0]["marks"] == []


def test_E8_split_remainder_goes_to_the_caller() -> None:
    deck = "KH KS 2S  9H 9C JS 2C 2H QS 4H 8H TD"
    state = rigged(3, dealer=0, decks=[deck], rounds=1)
    play(state, (1, raise_(5)), (2, FOLLOW), (0, FOLLOW))
    for _ in range(8):
        wait_all(state)
    assert state._units_on(1) == 11  # carton 2: 6 markers + 5
    events = play(state, (0, WAIT), (1, WAIT), (2, STOP))
    end = next(e for e in events if e["type"] == "round_end")
    assert end["winners"] == [2, 0] and end["collected"] == 11  # clockwise from dealer's left
    assert end["hands"]["0"]["name"] == end["hands"]["2"]["name"] == "Carte haute Roi (9, 2)"
    own0, own2 = 3 + 5, 3 + 5
    assert end["payout"] == [own0 + 5, 0, own2 + 6]  # the caller receives 6, the other 5


def test_E8_game_C_three_players_share_160_units() -> None:
    state = rigged(3, dealer=0, decks=[], game="C")
    assert state.balance == [53, 53, 53] and state.total == 159
