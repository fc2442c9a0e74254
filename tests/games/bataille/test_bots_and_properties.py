"""Bataille bots (they claim the best admissible word) and invariants under random play."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.cards.letters import deck
from ludotheque.games.bataille import GAME
from ludotheque.games.bataille.bots import Facile, Guetteur
from ludotheque.lexicon import load
from ludotheque.lexicon.tablewords import card_points

from .helpers import all_cards, new, rig


def test_fort_claims_the_word_of_highest_value() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er Zb", turn=0, last_layer=1)
    action = Guetteur(0).act(state.view(1), state.legal_actions(1))
    assert action["type"] == "claim" and action in state.legal_actions(1)
    events = state.apply(1, action)
    assert events[0]["outcome"] == "valid"


def test_bots_let_a_card_pass_or_lay_when_there_is_no_word() -> None:
    state = new()
    rig(state, table="Kr Wb Xr Qb Zr", turn=0, last_layer=1)
    assert Guetteur(0).act(state.view(1), state.legal_actions(1)) == {"type": "pass"}
    assert Guetteur(0).act(state.view(0), state.legal_actions(0)) == {"type": "lay"}


def test_facile_sees_short_words_only_and_is_slower() -> None:
    state = new(bot_reaction_ms=1000)
    rig(state, table="Cr Hb Ar Tb Er Zb Or Nr", turn=0, last_layer=1)
    claim = Facile(0).act(state.view(1), state.legal_actions(1))
    assert claim["type"] == "claim" and len(claim["word"]) <= 5
    assert Guetteur(0).reaction_s(state.view(1)) == 1.0
    assert Facile(0).reaction_s(state.view(1)) == 2.0


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32), st.integers(5, 30))
def test_fort_never_claims_an_inadmissible_word(seed: int, size: int) -> None:
    cards = deck()
    random.Random(seed).shuffle(cards)
    state = new(seed % 7)
    rig(state, table=" ".join(cards[:size]), turn=0, last_layer=1)
    action = Guetteur(seed).act(state.view(1), state.legal_actions(1))
    if action["type"] == "claim":
        assert load("alphapoker").admits(action["word"])
        assert state.apply(1, action)[0]["outcome"] == "valid"


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 2**32), st.booleans(), st.sampled_from(["deck", "timed"]))
def test_cards_are_conserved_and_fort_matches_end(seed: int, courtoisie: bool, mode: str) -> None:
    state = GAME.new(2, {"courtoisie": courtoisie, "bataille_mode": mode}, seed)
    bots = [Guetteur(seed), Guetteur(seed + 1)]
    steps = 0
    while not state.is_over():
        seat = min(state.to_move())
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
        if state.phase != "colour":
            assert Counter(all_cards(state)) == Counter(deck())
        steps += 1
        if mode == "timed" and steps == 400:
            state.apply(None, {"type": "time_up"})
    assert sum(state.errors) == 0
    left = sum(card_points(c, 10) for c in state.table)
    assert sum(state.result().scores) + left == 2 * 121 + 2 * 10  # R68
