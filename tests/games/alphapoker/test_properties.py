"""Invariants of AlphaPoker under random play (hypothesis draws the table and the seed)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.cards.letters import deck
from ludotheque.engine import replay
from ludotheque.games.alphapoker.options import sets_for

from .helpers import conserved, new

tables = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "seed": st.integers(0, 2**32),
        "hand_size": st.integers(5, 9),
        "alternate_betting": st.booleans(),
        "simplified_counting": st.booleans(),
        "hands_per_game": st.integers(1, 4),
        "capital": st.one_of(st.none(), st.integers(5, 60)),
    }
)


def cards_in_play(state) -> Counter:
    cards = Counter(state.pile) + Counter(state.discard_pile)
    for hand in state.hands:
        cards += Counter(hand)
    return cards


def play_randomly(table: dict, check) -> object:
    table = dict(table)
    players, seed = table.pop("players"), table.pop("seed")
    state = new(players, seed, **table)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        check(state)
        steps += 1
        assert steps < 5000
    return state


@settings(max_examples=40, deadline=None)
@given(tables)
def test_R29_pm_are_conserved_after_every_action(table: dict) -> None:
    play_randomly(table, lambda s: _assert(conserved(s)))


@settings(max_examples=25, deadline=None)
@given(tables)
def test_cards_are_conserved_during_every_hand(table: dict) -> None:
    def check(state) -> None:
        if not state.is_over():
            assert cards_in_play(state) == Counter(deck(sets_for(state.players)))

    play_randomly(table, check)


@settings(max_examples=25, deadline=None)
@given(tables)
def test_every_record_replays_to_the_same_state(table: dict) -> None:
    state = play_randomly(table, lambda s: None)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.view(None) == state.view(None)
    assert all(again.view(s) == state.view(s) for s in range(state.players))
    assert again.result() == state.result()


@settings(max_examples=25, deadline=None)
@given(tables)
def test_a_random_game_ends_with_a_consistent_ranking(table: dict) -> None:
    state = play_randomly(table, lambda s: None)
    result = state.result()
    assert result.ranks[result.winners[0]] == 1 and sorted(result.ranks)[0] == 1
    alive = [s for s in range(state.players) if state.eliminated[s] is None]
    assert result.winners[0] in alive


def _assert(ok: bool) -> None:
    assert ok


@settings(max_examples=30, deadline=None)
@given(tables, st.integers(0, 60))
def test_R12_a_view_does_not_depend_on_what_its_seat_cannot_see(table: dict, steps: int) -> None:
    table = dict(table)
    players, seed = table.pop("players"), table.pop("seed")
    state = new(players, seed, **table)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over():
            return
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for seat in [*range(players), None]:
        other = state.clone()
        hidden = [s for s in range(players) if s != seat]
        pool = list(other.pile) + [c for s in hidden for c in other.hands[s]]
        rng.shuffle(pool)
        for s in hidden:
            k = len(other.hands[s])
            other.hands[s], pool = pool[:k], pool[k:]
        other.pile = pool
        assert other.view(seat) == state.view(seat)
