"""The worked examples E1–E11 of rules/alphapoker.md §7, verbatim."""

from __future__ import annotations

import pytest

from ludotheque.cards.letters import count, parse_word
from ludotheque.lexicon import load

from .helpers import act, conserved, declare, no_changes, rig, with_dealer

# E1: (cards, normal count, simplified count)
E1_ROWS = [
    ("Cr Hr Ar Tr", 24, 14),
    ("Cr Hr Ar Tb", 12, 7),
    ("Zb Ob *r(=O)", 10, 7),
    ("Zb Ob *b(=O)", 20, 14),
    ("Wb Hb Ib Sb Kb Yb", 70, 46),
    ("*b(=Q) Ub Ib Zb", 40, 30),
    ("Qr Ur Ar Dr Rr Ur Pr Lr Er", 96, 36),
    ("Mr Ab Nr Gb Er", 15, 7),
]


@pytest.mark.parametrize(("cards", "normal", "simplified"), E1_ROWS)
def test_E1_normal_and_simplified_counting(cards: str, normal: int, simplified: int) -> None:
    word = parse_word(cards)
    assert count(word) == normal
    assert count(word, simplified=True) == simplified
    assert load("alphapoker").admits("".join(p.letter for p in word))


@pytest.mark.parametrize(
    ("word", "admitted"),
    [
        ("MANGEONS", False),
        ("PARLAIT", False),
        ("ELLE", False),
        ("CELA", False),
        ("LEUR", True),
        ("OUF", False),
        ("MANGE", True),
        ("CHANTE", True),
        ("EST", True),
        ("PARLER", True),
        ("PARLANT", True),
        ("ETRE", True),
        ("HCAT", False),
    ],
)
def test_E2_admissibility(word: str, admitted: bool) -> None:
    assert load("alphapoker").admits(word) is admitted


def test_E2_two_letter_participle_scores_zero() -> None:
    state = e3_table()
    rig(state, hands={1: "Er Ur Ab Cb Db Fb Gb"})
    act(state, 1, "bet", amount=1, pour_voir=True)
    act(state, 2, "fold")
    act(state, 0, "follow")
    declare(state, 1, "Er Ur")  # EU: a participle, but 2 letters
    assert state.last_hand is None and state.declared[1]["score"] == 0


def e3_table():
    """3 players, capital 140, P0 dealer, P1 entame; antes paid; changes done."""
    state = with_dealer(0, players=3)
    assert state.entame == 1 and state.pot == 15 and state.capital == [135, 135, 135]
    no_changes(state)
    return state


def test_E3_a_full_hand() -> None:
    state = e3_table()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "*b Ub Ib Zb Br Dr Fr"})
    act(state, 1, "bet", amount=4, pour_voir=False)
    assert (state.capital[1], state.pot) == (131, 19)
    act(state, 2, "follow")
    assert (state.capital[2], state.pot) == (131, 23)
    act(state, 0, "fold")
    assert state.capital[0] == 135
    act(state, 1, "bet", amount=9, pour_voir=True)
    assert (state.capital[1], state.pot) == (126, 28)
    act(state, 2, "follow")
    assert (state.capital[2], state.pot) == (126, 33)
    assert state.phase == "showdown" and state.to_move() == {1}
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "*b(=Q) Ub Ib Zb")
    assert state.last_hand is not None
    assert state.last_hand["words"]["1"]["score"] == 24
    assert state.last_hand["words"]["2"]["score"] == 40
    assert state.last_hand["winners"] == [2] and state.last_hand["pot"] == 33
    # The next hand has started (antes paid again); undo them to read the E3 capitals.
    assert [c + 5 for c in state.capital] == [135, 126, 159]
    assert conserved(state)


def test_E4_split_with_remainder_carried() -> None:
    state = e3_table()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Cb Hb Ab Tb Br Dr Fr"})
    act(state, 1, "bet", amount=4, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "fold")
    act(state, 1, "bet", amount=9, pour_voir=True)
    act(state, 2, "follow")
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Cb Hb Ab Tb")
    assert state.last_hand is not None
    assert (state.last_hand["share"], state.last_hand["carry"]) == (16, 1)
    assert state.pot == 1 + 15  # next hand's pot after antes
    assert conserved(state)


def test_E4_pot_of_47_split_three_ways() -> None:
    state = e3_table()
    rig(state, hands={s: "Cr Hr Ar Tr Bb Db Fb" for s in range(3)})
    act(state, 1, "bet", amount=1, pour_voir=True)
    act(state, 2, "follow")
    act(state, 0, "follow")
    rig(state, pot=47)
    for seat in (1, 2, 0):
        declare(state, seat, "Cr Hr Ar Tr")
    assert state.last_hand is not None
    assert (state.last_hand["share"], state.last_hand["carry"]) == (15, 2)
    assert conserved(state)


def test_E5_raise_to_15_is_automatically_pour_voir() -> None:
    state = e3_table()
    act(state, 1, "bet", amount=6, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "follow")
    events = act(state, 1, "bet", amount=15, pour_voir=False)
    assert events[0]["pour_voir"] is True
    act(state, 2, "follow")
    act(state, 0, "follow")
    assert state.phase == "showdown"  # nobody can raise any more


def test_E6_fold_out_takes_the_pot_without_showing() -> None:
    state = e3_table()
    act(state, 1, "bet", amount=2, pour_voir=False)
    act(state, 2, "fold")
    events = act(state, 0, "fold")
    pot = next(e for e in events if e["type"] == "pot")
    assert pot["winners"] == [1] and pot["pot"] == 17 and pot["how"] == "fold_out"
    assert state.last_hand is not None and state.last_hand["words"] == {}
    assert [c + 5 for c in state.capital] == [135, 135 - 2 + 17, 135]


def test_E7_elimination_while_following() -> None:
    state = with_dealer(0, players=2)  # seat 1 (B) is the entame
    rig(state, capitals=[2, 408])  # A had 7, B 413; antes paid: pot 10
    no_changes(state)
    events = act(state, 1, "bet", amount=3, pour_voir=False)
    kinds = [e["type"] for e in events]
    assert kinds == ["bet", "eliminated", "pot", "game_over"]
    assert state.is_over() and state.winner == 1
    assert state.capital == [2, 418]
    assert sum(state.capital) == 420


def test_E8_elimination_at_the_ante() -> None:
    state = with_dealer(0, players=3)
    rig(state, capitals=[4 - 5 + 5, 135, 135])  # seat 0 will start the next hand with 4 PM
    no_changes(state)
    act(state, 1, "bet", amount=1, pour_voir=False)
    act(state, 2, "fold")
    act(state, 0, "fold")
    # Seat 0 had 4 PM at the start of hand 2: eliminated before the deal.
    assert state.eliminated[0] is not None and state.hand_number == 2
    assert state.in_hand[0] is False and state.hands[0] == []


def test_E8_exactly_5_pm_then_cannot_follow_an_opening_of_1() -> None:
    state = with_dealer(0, players=3)
    rig(state, capitals=[0, 135, 135])  # seat 0 had exactly 5 PM and paid the ante
    no_changes(state)
    act(state, 1, "bet", amount=1, pour_voir=False)
    act(state, 2, "follow")
    assert state.eliminated[0] is not None  # reached in turn, cannot pay 1
    assert state.to_move() == {1}


def test_E9_entame_with_no_money_goes_straight_to_showdown() -> None:
    state = with_dealer(0, players=3)
    rig(state, capitals=[135, 0, 135])
    no_changes(state)
    assert state.phase == "showdown" and state.level == 0 and state.pot == 15
    assert state.to_move() == {1}


def test_E10_change_table_for_hand_size_8() -> None:
    state = with_dealer(0, players=3, hand_size=8)
    assert state.options.change_rounds == 3 and state.options.max_change == 4
    changed = 0
    while state.phase == "change":
        (seat,) = state.to_move()
        sizes = {len(a["cards"]) for a in state.legal_actions(seat)}
        assert sizes == {0, 1, 2, 3, 4}
        cards = state.hands[seat][:4]
        act(state, seat, "change", cards=cards)
        assert len(state.hands[seat]) == 8
        changed += 4 if seat == 1 else 0
    assert changed == 12


def test_E11_tie_for_the_win_is_an_extra_hand() -> None:
    # After the last regular hand: A (seat 0) and B (seat 1) have 3 PM, C was eliminated.
    state = with_dealer(0, players=3, hands_per_game=1)
    rig(state, capitals=[3, 3, 0], pot=0, eliminated=(2,))
    events = state._end_of_regular_hands()
    assert events[0] == {"type": "tie_break", "seats": [0, 1]}
    assert state.dealer == 1 and state.entame == 0  # first tied player after the last dealer
    assert (state.ante, state.cap, state.pot) == (3, 0, 6)
    assert state.capital[:2] == [0, 0]
    no_changes(state)
    assert state.phase == "showdown"  # bets capped at 0
    rig(state, hands={0: "Cr Hr Ar Tr Bb Db Fb", 1: "Cb Hb Ab Tb Br Dr Fr"})
    declare(state, 0, "Cr Hr Ar Tr")
    declare(state, 1, "Cb Hb Ab Tb")  # equal: each takes 3, another extra hand, ante 3 again
    assert not state.is_over() and state.extra_hands == 2
    assert (state.ante, state.pot, state.capital[:2]) == (3, 6, [0, 0])
    no_changes(state)
    rig(state, hands={0: "Cr Hr Ar Tr Bb Db Fb", 1: "Qb Ub Ib Zb Br Dr Fr"})
    declare(state, state.entame, "Cr Hr Ar Tr" if state.entame == 0 else "Qb Ub Ib Zb")
    other = 1 - state.entame
    declare(state, other, "Cr Hr Ar Tr" if other == 0 else "Qb Ub Ib Zb")
    assert state.is_over() and state.winner == 1 and state.end_reason == "tie_break"
    assert state.result().ranks == (2, 1, 3)
    assert conserved(state)
