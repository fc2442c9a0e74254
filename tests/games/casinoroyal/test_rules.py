"""One test per rule of rules/casinoroyal.md (R1–R36), named after it, through the protocol."""

from __future__ import annotations

import pytest

from ludotheque.cards.french52 import format_cards, parse_cards
from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.casinoroyal.cartons import CARTONS, FIGURE_BY_NUMBER
from ludotheque.games.casinoroyal.options import Options

from . import test_examples as examples
from .helpers import (
    CONTINUE,
    DECLINE,
    DOUBLE,
    FOLD,
    FOLLOW,
    GAME,
    MATCH,
    STOP,
    WAIT,
    bid,
    card_events,
    new,
    play,
    raise_,
    rigged,
    wait_all,
)

ANTE2 = {"type": "ante", "amount": 2}


def stake(s: int) -> dict:
    return {"type": "stake", "amount": s}


def transfer(state, source: int, target: int, units: int) -> None:
    """Move units between two balances (the total is kept): to set up short stacks."""
    state.balance[source] -= units
    state.balance[target] += units


def round_end(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "round_end")


def finish_round_waiting(state) -> list[dict]:
    events: list[dict] = []
    number = state.round_number
    while state.round_number == number and not state.is_over():
        events += wait_all(state)
    return events


# ------------------------------------------------------------------ common rules (R1–R11)
def test_R1_two_to_eight_players_and_the_deal_passes_clockwise() -> None:
    for bad in (1, 9):
        with pytest.raises(OptionsError, match="de 2 à 8 joueurs"):
            GAME.new(bad)
    dealers = {new(4, seed=s).dealer for s in range(40)}
    assert dealers == {0, 1, 2, 3}  # drawn by lot
    state = rigged(3, dealer=2, decks=[], rounds=3)
    seen = [state.dealer]
    while not state.is_over():
        number = state.round_number
        while state.round_number == number and not state.is_over():
            seat = min(state.to_move())
            kind = "stop" if state.phase == "window" else "decline"
            state.apply(seat, {"type": kind})
        if not state.is_over():
            seen.append(state.dealer)
    assert seen == [2, 0, 1]


def test_R2_balances_are_integer_units() -> None:
    state = new(3)
    assert all(type(b) is int for b in state.view()["balances"])
    assert sum(state.balance) + state.units_on_cartons() == 3 * 45


def test_R3_a_shuffled_52_card_deck_each_card_turned_once() -> None:
    state = new(2, seed=5)
    play(state, *[(s, DECLINE) for s in list(state.relance_queue)])
    finish_round_waiting(state)
    assert sorted(state.last_round["hands"]) == ["0", "1"]
    again = new(2, seed=5)
    assert again.opening_events == new(2, seed=5).opening_events  # same seed, same cards
    assert again.opening_events != new(2, seed=6).opening_events
    state = new(2, seed=1)
    deck = list(state.deck) + state.turned
    assert sorted(deck) == list(range(52))


def test_R4_each_card_marks_every_carton_showing_it_one_unit_each() -> None:
    state = rigged(3, dealer=0, decks=["QD KH 7C"])  # QD: cartons 2, 3; KH: 1; 7C: 2
    marks = [[m[:2] for m in e["marks"]] for e in card_events(state.opening_events)]
    assert marks == [[[1, 2], [2, 3]], [[0, 1]], [[1, 2]]]
    assert state.balance == [44, 43, 44] and state.covered[1].bit_count() == 2


def test_R4_a_player_without_units_cannot_mark() -> None:
    state = rigged(
        2, dealer=0, decks=["7C 9D  QS 2C"], all_in=False
    )  # the rule book  # 7C, 9D, QS: carton 2; 2C: carton 1
    assert state.balance == [45, 43]
    events = play(state, (1, raise_(43)), (0, FOLLOW))
    assert state.balance == [2, 0]
    assert card_events(events)[0]["marks"] == []  # QS is on carton 2, seat 1 has no unit left
    events = wait_all(state)
    assert card_events(events)[0]["marks"] == [[0, 1, 4]]  # 2C


def test_R5_the_winner_collects_every_carton_folded_ones_included() -> None:
    state = rigged(3, dealer=0, decks=["7C 9D KH  KC 3D"], rounds=1)  # 7C, 9D, KC: carton 2
    events = play(state, (1, DECLINE), (2, raise_(3)), (0, FOLLOW), (1, FOLD))
    assert state.folded[1] and card_events(events)[0]["marks"] == []  # KC: seat 1 folded
    wait_all(state)  # 3D for seat 2
    assert [state._units_on(k) for k in range(3)] == [1 + 3, 2, 1 + 3]
    end = round_end(
        play(state, (0, STOP), (1, WAIT), (2, WAIT))
        if 1 in state.to_move()
        else play(state, (0, STOP), (2, WAIT))
    )
    assert end["winners"] == [0] and end["payout"] == [4 + 2 + 4, 0, 0]
    assert state.balance == [45 - 4 + 10, 45 - 2, 45 - 4]


def test_R6_the_hand_is_the_best_five_of_the_covered_cards() -> None:
    state = rigged(2, dealer=0, decks=["TH 3C 8D"])  # carton 1 only (cartons 1, 2 disjoint)
    assert state.view()["hands"][0]["name"] == "Carte haute 10 (3)"
    play(state, (1, DECLINE), (0, DECLINE))
    assert state.view()["hands"][0]["name"] == "Carte haute 10 (8, 3)"
    assert state.view()["hands"][1]["name"] == "Aucune carte"


def test_R7_cartons_pass_to_the_left_after_each_round() -> None:
    state = rigged(3, dealer=0, decks=[], rounds=2)
    assert state.view()["cartons"] == [[1], [2], [3]]
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE), (0, WAIT), (1, WAIT), (2, STOP))
    assert state.round_number == 2 and state.view()["cartons"] == [[3], [1], [2]]
    keep = rigged(3, dealer=0, decks=[], rounds=2, pass_cartons=False)
    play(keep, (1, DECLINE), (2, DECLINE), (0, DECLINE), (0, WAIT), (1, WAIT), (2, STOP))
    assert keep.view()["cartons"] == [[1], [2], [3]]
    assert not Options(game="C").passes and Options(game="B").passes


def test_R8_out_at_zero_units_and_the_session_ends() -> None:
    state = rigged(3, dealer=0, decks=["7C 9D 2S  QS"], rounds=5)  # all on carton 2
    transfer(state, 2, 1, state.balance[2])  # seat 2 has nothing left at the next round
    assert state.to_move() == {1}  # with no unit, seat 2 cannot raise
    play(state, (1, DECLINE), (0, DECLINE), (0, WAIT), (1, STOP), (2, WAIT))
    assert state.out == [False, False, True] and state.round_number == 2
    assert 2 not in state.to_move() and state.view()["cartons"][2] == [3]
    state = rigged(2, dealer=0, decks=[], rounds=1)
    play(state, (1, DECLINE), (0, DECLINE), (0, WAIT), (1, STOP))
    result = state.result()
    assert state.is_over() and result.reason_fr.startswith("le plus d'unités")
    assert result.scores == tuple(state.balance) and sorted(result.ranks)[0] == 1


def test_R9_split_without_a_caller_the_remainder_to_the_first_winner_after_the_dealer() -> None:
    # Game C: 3C completes column 2 of carton 1 (seat 0) and column 5 of carton 3 (seat 2).
    state = rigged(3, dealer=1, decks=["5S 8S 5H 4S 3H JD 3C"], game="C", rounds=1)
    events = play(state, (1, {"type": "figure", "figure": 1}))
    assert next(e for e in events if e["type"] == "bingo")["seats"] == [2, 0]
    end = round_end(events)
    assert end["collected"] == 3  # carton 2: 4S, 3H, JD
    assert end["payout"] == [4 + 1, 0, 4 + 2]  # seat 2 is the first winner after dealer 1
    assert state.balance == [53 + 1, 53 - 3, 53 + 2]


def test_R10_units_are_conserved_after_every_action() -> None:
    state = rigged(3, dealer=0, decks=[], game="B")
    steps = [
        (0, ANTE2),
        (1, stake(3)),
        (2, MATCH),
        (0, {"type": "outbid", "to": 5}),
        (1, MATCH),
        (2, FOLD),
        (1, raise_(4)),
        (0, FOLLOW),
    ]
    for seat, action in steps:
        assert state.conserved()
        state.apply(seat, action)
    assert state.conserved()


def test_R11_cartons_and_markers_are_public_hidden_cards_private() -> None:
    state = rigged(3, dealer=0, decks=[], game="B")
    play(state, (0, ANTE2))
    for seat in range(3):
        view = state.view(seat)
        assert view["hidden"] is not None and view["my_hand"] is not None
        others = [state.view(s) for s in range(3) if s != seat] + [state.view(None)]
        assert all(view["hidden"] not in str(o) or o["seat"] == seat for o in others)
        assert view["covered"] == state.view(None)["covered"]


# ------------------------------------------------------------------ game A (R12–R19)
def test_R12_45_units_and_carton_i_plus_1() -> None:
    state = rigged(4, dealer=0, decks=[])
    assert [45 - state.balance[s] for s in range(4)] == [
        state.covered[s].bit_count() for s in range(4)
    ]
    assert state.view()["cartons"] == [[1], [2], [3], [4]] and state.total == 180


def test_R13_as_many_cards_as_players_then_relance() -> None:
    for n in (2, 5, 8):
        state = new(n, seed=n)
        assert len(state.turned) == n and state.phase == "relance"
        assert state.to_move() == {(state.dealer + 1) % n}
        assert [e["type"] for e in state.opening_events][-1] == "relance"


def test_R14_one_raise_then_each_other_player_follows_or_passes() -> None:
    state = rigged(4, dealer=0, decks=[])
    play(state, (1, DECLINE), (2, raise_(6)))
    assert state.phase == "follow" and state.to_move() == {3}  # from the raiser's left
    with pytest.raises(IllegalAction):
        state.apply(3, raise_(8))  # only one raise per « Relance ? »
    play(state, (3, FOLLOW), (0, FOLD))
    assert state.to_move() == {1}  # round to the player before the raiser, decliners too
    play(state, (1, FOLLOW))
    assert state.phase == "window" and state.to_move() == {1, 2, 3}
    assert state.folded == [True, False, False, False] and state.stakes[:4] == [0, 6, 6, 6]


def test_R14_nobody_raises_nothing_happens_and_a_short_player_passes() -> None:
    state = rigged(3, dealer=0, decks=[])
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE))
    assert state.phase == "window" and sum(state.stakes) == 0 and not any(state.folded)
    state = rigged(3, dealer=0, decks=[], all_in=False)  # the rule book: no all-in
    transfer(state, 2, 0, state.balance[2] - 3)
    events = play(state, (1, raise_(10)))
    assert {"type": "fold", "seat": 2, "forced": True} in events and state.to_move() == {0}


def test_R15_a_folded_player_stops_marking_and_cannot_win() -> None:
    state = rigged(2, dealer=0, decks=["7C 9D  QS"], rounds=1)  # all on carton 2 (seat 1)
    events = play(state, (1, raise_(2)), (0, FOLD))
    end = round_end(events)
    assert end["winners"] == [1] and end["reason"] == "folds"
    state = rigged(3, dealer=0, decks=["2C 3C 4C  5C 6C 7C"], rounds=1)
    play(state, (1, raise_(2)), (2, FOLLOW), (0, FOLD))
    events = wait_all(state)  # 5C is on carton 1 but seat 0 folded
    assert all(m[0] != 0 for m in card_events(events)[0]["marks"])
    assert state._units_on(0) == 3  # 2C 3C 4C: his carton and its units stay on the table
    assert 0 not in state.to_move()


def test_R16_after_each_card_any_player_still_in_may_call_first_clockwise_wins_the_call() -> None:
    state = rigged(4, dealer=1, decks=[])
    play(state, (2, DECLINE), (3, DECLINE), (0, DECLINE), (1, DECLINE))
    assert state.to_move() == {0, 1, 2, 3}  # all at once
    state.apply(0, STOP)
    assert state.to_move() == {1, 2, 3} and state.view(1)["caller"] is None  # secret so far
    events = play(state, (3, STOP), (1, WAIT), (2, WAIT))
    assert next(e for e in events if e["type"] == "rien_ne_va_plus")["seat"] == 3
    with pytest.raises(IllegalAction):
        rigged(2, dealer=0, decks=[]).apply(1, STOP)  # not before « Relance ? » is over


def test_call_after_turns_that_many_cards_after_relance_before_anyone_may_call() -> None:
    """An option for the rule's authors (docs/casinoroyal.md, « Une règle qui pose
    problème »): with ``call_after`` k, the k cards after « Relance ? » are turned at once and
    « Rien ne va plus » may first be called after the k-th; 1, the default, is R16 / D8."""
    state = rigged(2, dealer=0, decks=[], call_after=5)
    opening = len(state.turned)
    events = play(state, (1, DECLINE), (0, DECLINE))
    assert len(card_events(events)) == 5 and len(state.turned) == opening + 5
    assert state.to_move() == {0, 1} and state.view(0)["call_after"] == 5
    state = rigged(2, dealer=0, decks=[])
    events = play(state, (1, DECLINE), (0, DECLINE))
    assert len(card_events(events)) == 1  # R16: a call is possible after the first card
    with pytest.raises(OptionsError):
        Options(call_after=0)
    assert Options(game="B", call_after=5) and rigged(2, 0, [], game="B").view(0)["call_after"] == 1


def test_R17_the_best_hand_wins_even_if_another_player_called() -> None:
    examples.test_E3_a_round_of_game_A()  # seat 2 calls, seat 0's carré wins


def test_R18_the_whole_deck_without_a_call_is_resolved() -> None:
    state = rigged(2, dealer=0, decks=[], rounds=1)
    play(state, (1, DECLINE), (0, DECLINE))
    events = finish_round_waiting(state)
    assert len(state.turned) == 52 or state.is_over()
    end = round_end(events)
    assert end["reason"] == "deck" and end["caller"] is None


def test_R19_winnings_then_cartons_pass_and_the_next_dealer() -> None:
    state = rigged(3, dealer=0, decks=[], rounds=2)
    events = play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE), (0, WAIT), (1, WAIT), (2, STOP))
    types = [e["type"] for e in events]
    assert types.index("round_end") < types.index("pass_cartons") < types.index("round_start")
    assert state.dealer == 1


# ------------------------------------------------------------------ game B (R20–R29)
def test_R20_B_is_set_up_as_A() -> None:
    state = rigged(3, dealer=0, decks=[], game="B")
    assert state.balance == [45, 45, 45] and state.view()["cartons"] == [[1], [2], [3]]
    assert state.phase == "ante" and state.to_move() == {0} and not state.turned


def test_R21_every_player_pays_m_one_who_cannot_sits_out() -> None:
    state = rigged(3, dealer=0, decks=[], game="B")
    transfer(state, 2, 0, 44)
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "ante", "amount": 0})
    play(state, (0, {"type": "ante", "amount": 3}))
    assert state.in_round == [True, True, False] and state.pot == 6
    assert state.balance[2] == 1 and state.hidden[2] == []
    legal = rigged(2, dealer=0, decks=[], game="B").legal_actions(0)
    assert legal[0] == {"type": "ante", "amount": 1} and len(legal) == 45


def test_R22_three_hidden_cards_dealt_one_at_a_time_from_the_dealers_left() -> None:
    state = rigged(3, dealer=2, decks=["AS KS QS AH KH QH AD KD QD"], game="B")
    play(state, (2, ANTE2))
    assert state.hidden[0] == parse_cards("AS AH AD")
    assert state.hidden[1] == parse_cards("KS KH KD") and state.hidden[2] == parse_cards("QS QH QD")


def test_R23_first_betting_round_match_outbid_or_fold() -> None:
    state = rigged(4, dealer=0, decks=[], game="B")
    play(state, (0, ANTE2), (1, stake(0)))  # the opening stake may be 0
    assert state.to_move() == {2}
    play(state, (2, MATCH), (3, {"type": "outbid", "to": 4}))
    assert state.to_move() == {0}
    play(state, (0, FOLD), (1, MATCH))
    assert state.to_move() == {2}  # everyone must answer the last raise
    events = play(state, (2, MATCH))
    assert state.pot == 8 + 12 and state.phase == "relance"
    assert len(card_events(events)) == 4  # R24: players at the start of the round
    with pytest.raises(IllegalAction):
        rigged(2, dealer=0, decks=[], game="B").apply(0, MATCH)


def test_R24_relance_into_the_pot_and_only_players_still_in_mark() -> None:
    state = rigged(3, dealer=0, decks=["AS KS QS AH KH QH AD KD QD  2H 3H 4H"], game="B")
    events = play(state, (0, ANTE2), (1, stake(1)), (2, FOLD), (0, MATCH))
    assert len(state.turned) == 3  # three players at the start of the round, one folded
    marks = [[m[:2] for m in e["marks"]] for e in card_events(events)]
    assert marks == [[], [[1, 2]], [[1, 2]]]  # 2H: carton 3 (folded); 3H: cartons 2 and 3
    pot = state.pot
    play(state, (1, raise_(5)), (0, FOLLOW))
    assert state.pot == pot + 10 and sum(state.stakes) == 0


def test_R25_rien_ne_va_plus_j_encheris_stops_the_cards() -> None:
    state = rigged(3, dealer=0, decks=[], game="B")
    play(state, (0, ANTE2), (1, stake(0)), (2, MATCH), (0, MATCH))
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE))
    turned = len(state.turned)
    with pytest.raises(IllegalAction):
        state.apply(1, bid(state.balance[1] + 1))
    with pytest.raises(IllegalAction):
        state.apply(1, STOP)  # game B calls with an enchère
    events = play(state, (1, bid(3)), (2, bid(7)), (0, WAIT))  # seat 1 is first after dealer
    assert events[-1]["type"] == "rien_ne_va_plus" and events[-1]["amount"] == 3
    assert state.level == 3 and len(state.turned) == turned  # no more cards (D12)
    assert state.to_move() == {2}


def test_R26_answers_go_round_until_all_matched_and_a_short_player_must_pass() -> None:
    state = rigged(3, dealer=0, decks=[], game="B", all_in=False)  # the rule book: no all-in
    play(state, (0, ANTE2), (1, stake(0)), (2, MATCH), (0, MATCH))
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE))
    play(state, (0, WAIT), (1, WAIT), (2, bid(5)))
    assert state.to_move() == {0}
    transfer(state, 1, 2, state.balance[1] - 9)  # seat 1 could pay 5, not 10
    assert [a["type"] for a in state.legal_actions(0)] == ["fold", "continue", "double"]
    events = play(state, (0, DOUBLE))
    assert state.level == 10 and {"type": "fold", "seat": 1, "forced": True} in events
    assert state.to_move() == {2}  # the declarer answers the new level
    assert [a["type"] for a in state.legal_actions(2)] == ["fold", "continue", "double"]
    events = play(state, (2, CONTINUE))
    end = round_end(events)
    assert end["case"] == 3 and sorted(end["hands"]) == ["0", "2"]
    assert end["pot"] == 3 * 2 + 10 + 10  # the ante, then both at level 10


def test_R27_case_2_some_continue_nobody_doubles_all_show() -> None:
    state = rigged(3, dealer=0, decks=[], game="B", rounds=1)
    play(state, (0, ANTE2), (1, stake(0)), (2, MATCH), (0, MATCH))
    play(state, (1, DECLINE), (2, DECLINE), (0, DECLINE))
    play(state, (0, WAIT), (1, bid(2)), (2, WAIT))
    events = play(state, (2, CONTINUE), (0, FOLD))
    end = round_end(events)
    assert end["case"] == 2 and sorted(end["hands"]) == ["1", "2"]
    assert set(end["hidden"]) == {"1", "2"}


def test_R28_deck_runs_out_before_any_call_the_players_still_in_show() -> None:
    state = rigged(2, dealer=0, decks=[], game="B", rounds=1)
    play(state, (0, ANTE2), (1, stake(0)), (0, MATCH), (1, DECLINE), (0, DECLINE))
    events = finish_round_waiting(state)
    end = round_end(events)
    assert end["reason"] == "deck" and len(state.turned) == 52 - 6
    assert sorted(end["hands"]) == ["0", "1"]


def test_R29_the_winner_takes_the_pot_and_the_markers() -> None:
    examples.test_E5_game_B_betting()  # pot 35 + markers 11 + his own 4


# ------------------------------------------------------------------ game C (R30–R36)
def test_R30_several_cartons_per_player_at_most_8_in_play() -> None:
    state = new(3, game="C", cartons_per_player=2)
    assert state.view()["cartons"] == [[1, 2], [3, 4], [5, 6]]
    with pytest.raises(OptionsError, match="il n'y en a que 8"):
        new(3, game="C", cartons_per_player=3)
    with pytest.raises(OptionsError, match="seulement au Bingo"):
        Options(game="A", cartons_per_player=2)


def test_R31_the_160_green_units_are_shared_equally() -> None:
    for n in range(2, 9):
        state = new(n, game="C")
        assert state.balance == [160 // n] * n and state.total == n * (160 // n)


def test_R32_the_dealer_names_one_figure() -> None:
    state = rigged(3, dealer=1, decks=[], game="C")
    assert state.phase == "figure" and state.to_move() == {1}
    assert [a["figure"] for a in state.legal_actions(1)] == list(range(1, 11))
    with pytest.raises(IllegalAction, match="figure 11 inconnue"):
        state.apply(1, {"type": "figure", "figure": 11})


def test_R33_only_cells_of_the_figure_are_marked() -> None:
    state = rigged(2, dealer=0, decks=["9H TH"], game="C", rounds=1)
    events = play(state, (0, {"type": "figure", "figure": 3}))
    first, second = card_events(events)[:2]
    assert first["marks"] == [] and second["marks"] == [[0, 1, 0]]  # 9H off the L, TH on it


def test_R34_bingo_is_detected_after_every_card() -> None:
    deck = format_cards(CARTONS[1][c] for c in (4, 9, 14, 19))  # column 5 of carton 2
    state = rigged(2, dealer=0, decks=[deck], game="C", rounds=1)
    events = play(state, (0, {"type": "figure", "figure": 1}))
    types = [e["type"] for e in events]
    assert len(card_events(events)) == 4 and types[types.index("bingo") - 1] == "card"


def test_R35_the_winner_takes_the_units_of_all_the_others_cartons() -> None:
    state = rigged(2, dealer=0, decks=["QH 8H TH QC 7H AC"], game="C", rounds=1)
    events = play(state, (0, {"type": "figure", "figure": 1}))
    assert round_end(events)["payout"] == [0, 6] and state.balance == [78, 82]


def test_R36_no_bingo_the_units_go_back() -> None:
    state = rigged(2, dealer=0, decks=[], game="C", rounds=1)
    state.balance, state.total = [5, 6], 11  # too few units for a full carton
    events = play(state, (0, {"type": "figure", "figure": 10}))
    end = round_end(events)
    assert len(card_events(events)) == 52 and state.conserved()
    assert end["reason"] == "no_bingo" and state.balance == [5, 6]


# ------------------------------------------------------------------ refusals
def test_bad_actions_are_refused_in_french_and_change_nothing() -> None:
    state = rigged(3, dealer=0, decks=[])
    before = state.view()
    for bad, error in [
        ({"type": "raise"}, InvalidAction),
        ({"type": "raise", "amount": "5"}, InvalidAction),
        ({"type": "raise", "amount": 5, "x": 1}, InvalidAction),
        ({"type": "raise", "amount": 0}, IllegalAction),
        ({"type": "raise", "amount": 999}, IllegalAction),
        ({"type": "stop"}, IllegalAction),
        ({"type": "figure", "figure": 2}, IllegalAction),
    ]:
        with pytest.raises(error) as err:
            state.apply(1, bad)
        assert err.value.fr != err.value.en
    assert state.view() == before
    with pytest.raises(IllegalAction, match="ce n'est pas au joueur 2"):
        state.apply(2, DECLINE)
    assert FIGURE_BY_NUMBER[1].name_fr == "ligne verticale"


# ------------------------------------------------------------------ the raise_cap option
def test_R14_with_no_all_in_the_richest_player_can_force_everyone_out() -> None:
    # The rule book to the letter (variant « livre »): seat 2 (carton 3) marks once.
    state = rigged(3, dealer=0, decks=["7C 9D QD"], rounds=1, all_in=False)
    assert state.balance == [45, 42, 44]
    events = play(state, (1, DECLINE), (2, DECLINE), (0, raise_(45)))
    assert [e["seat"] for e in events if e["type"] == "fold" and e["forced"]] == [1, 2]
    assert round_end(events)["winners"] == [0]


def test_option_raise_cap_keeps_every_raise_payable_by_someone() -> None:
    state = rigged(3, dealer=0, decks=["7C 9D QD"], rounds=1, raise_cap=True)
    assert max(a.get("amount", 0) for a in state.legal_actions(1)) == 42  # his own units
    play(state, (1, DECLINE), (2, DECLINE))
    assert max(a.get("amount", 0) for a in state.legal_actions(0)) == 44
    with pytest.raises(IllegalAction, match="de 1 à 44"):
        state.apply(0, raise_(45))
    state = rigged(2, dealer=0, decks=[], game="B", raise_cap=True)
    transfer(state, 1, 0, 30)
    play(state, (0, ANTE2))
    assert max(a["amount"] for a in state.legal_actions(1)) == 13  # seat 0 can pay 73
    play(state, (1, stake(0)))
    assert max(a.get("to", 0) for a in state.legal_actions(0)) == 13  # seat 1 has 13


def test_a_clock_running_out_gives_the_cautious_answer() -> None:
    state = rigged(3, dealer=0, decks=[])
    assert state.timeout_action(1) == DECLINE and state.timeout_action(2) is None
    play(state, (1, raise_(2)))
    assert state.timeout_action(2) == FOLD
    play(state, (2, FOLLOW), (0, FOLLOW))
    assert all(state.timeout_action(s) == WAIT for s in range(3))
    b = rigged(3, dealer=0, decks=[], game="B")
    assert b.timeout_action(0) == {"type": "ante", "amount": 1}
    play(b, (0, ANTE2))
    assert b.timeout_action(1) == stake(0)
    play(b, (1, stake(0)))
    assert b.timeout_action(2) == MATCH  # nothing to pay: he stays in
    c = rigged(2, dealer=1, decks=[], game="C")
    assert c.timeout_action(1) == {"type": "figure", "figure": 1}
