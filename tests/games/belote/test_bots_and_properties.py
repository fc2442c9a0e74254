"""The 121-point invariant (R81) and conservation under random play; the Belote bot."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.games.belote import GAME
from ludotheque.games.belote.bots import Stratege
from ludotheque.games.belote.rules import CARDS, BeloteState, value
from ludotheque.lexicon import load

from .helpers import lay, new, rig


def check(state: BeloteState) -> None:
    if state.phase in ("lay", "claim", "last"):
        held = Counter(state.table) + Counter(c for h in state.hands for c in h)
        held += Counter(state.taken[0]) + Counter(state.taken[1])
        assert held == Counter(CARDS)
        in_hands = sum(value(h) for h in state.hands)
        assert value(state.taken[0]) + value(state.taken[1]) + value(state.table) + in_hands == 121
    for m in state.manches:
        assert m["cards"][0] + m["cards"][1] + m["left"] == 121  # R81
        assert sorted(m["bonus"]) in ([0, 0], [0, 30])


@settings(max_examples=12, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_R81_121_points_per_manche_under_random_play(seed: int, secrete: bool) -> None:
    state = GAME.new(4, {"belote_target": 150, "belote_secrete": secrete}, seed)
    rng = random.Random(seed)
    while not state.is_over():
        (seat,) = state.to_move()
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check(state)
    assert max(state.totals) >= 150 and state.totals[0] != state.totals[1]


def test_bot_claims_the_best_word_and_never_a_bad_one() -> None:
    state = new()
    rig(state, hands={0: "E"}, table="TABLOQU", actor=0, required=None)
    lay(state, 0, "E")
    action = Stratege(0).act(state.view(0), state.legal_actions(0))
    assert action["type"] == "claim" and load("alphapoker").admits(action["word"])
    assert state.apply(0, action)[0]["outcome"] == "valid"


def test_bot_lays_the_card_that_makes_its_word() -> None:
    state = new()
    rig(state, hands={0: "EXK"}, table="TABL", actor=0, required=None)
    action = Stratege(0).act(state.view(0), state.legal_actions(0))
    assert action == {"type": "lay", "card": "Er"}


def test_secrete_bot_remembers_only_what_it_saw() -> None:
    state = new(belote_secrete=True)
    rig(state, hands={0: "T", 1: "A", 2: "B", 3: "L"}, actor=0, required=None)
    bots = [Stratege(s) for s in range(4)]
    for seat in (0, 1, 2, 3):
        assert state.to_move() == {seat}
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        if state.phase == "claim":
            state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
    assert bots[1].memory == ["Tr"]  # all it saw before its only decision
    assert bots[3].memory == ["Tr", "Ar", "Br", "Lr"]  # the three others' cards, then its own


@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2**32), st.booleans())
def test_bot_games_end_and_keep_the_invariant(seed: int, secrete: bool) -> None:
    state = GAME.new(4, {"belote_target": 100, "belote_secrete": secrete}, seed)
    bots = [Stratege(seed + s) for s in range(4)]
    while not state.is_over():
        (seat,) = state.to_move()
        action = bots[seat].act(state.view(seat), state.legal_actions(seat))
        events = state.apply(seat, action)
        if action["type"] == "claim" and not secrete:
            assert events[0]["outcome"] == "valid"  # it only claims what the table gives
        check(state)
