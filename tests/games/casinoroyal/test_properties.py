"""Invariants under random play: units conserved (R10), hidden cards private (R11), replay,
every session ends."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engine import canonical_json, replay

from .helpers import new

tables = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "seed": st.integers(0, 2**32),
        "game": st.sampled_from(["A", "B", "C"]),
        "rounds": st.one_of(st.none(), st.integers(1, 6)),
        "pass_cartons": st.one_of(st.none(), st.booleans()),
        "cartons_per_player": st.integers(1, 4),
        "cautious": st.booleans(),
        "raise_cap": st.booleans(),
        "all_in": st.booleans(),
    }
)


def cautious_choice(legal: list[dict], rng: random.Random) -> dict:
    """Small amounts and mostly « wait », so that rounds go deep into the deck."""
    waits = [a for a in legal if a["type"] == "wait"]
    if waits and rng.random() < 0.9:
        return waits[0]
    small = [a for a in legal if a.get("amount", a.get("to", 0)) <= 3]
    return rng.choice(small or legal)


def assert_view_ignores_unseen_cards(state, seat: int, rng: random.Random) -> None:
    """R11: re-dealing the cards a seat cannot see (the others' hidden cards and the rest of
    the deck) leaves that seat's view unchanged."""
    other = state.clone()
    seats = [s for s in range(state.players) if s != seat]
    unseen = [c for s in seats for c in other.hidden[s]] + other.deck
    rng.shuffle(unseen)
    for s in seats:
        k = len(other.hidden[s])
        other.hidden[s], unseen = unseen[:k], unseen[k:]
    other.deck = unseen
    assert canonical_json(other.view(seat)) == canonical_json(state.view(seat))


@settings(max_examples=60, deadline=None)
@given(tables)
def test_units_are_conserved_hidden_cards_stay_hidden_and_records_replay(table: dict) -> None:
    table = dict(table)
    players, seed, cautious = table.pop("players"), table.pop("seed"), table.pop("cautious")
    if table["game"] != "C" or players * table["cartons_per_player"] > 8:
        table["cartons_per_player"] = 1
    state = new(players, seed, **table)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        assert steps < 5000
        assert state.conserved() and min(state.balance) >= 0
        if state.variant == "B" and steps % 5 == 0:
            assert state.view(None)["hidden"] is None and state.view(None)["my_hand"] is None
            for s in range(players):
                assert_view_ignores_unseen_cards(state, s, rng)
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        action = cautious_choice(legal, rng) if cautious else rng.choice(legal)
        state.apply(seat, action)
        steps += 1
    assert state.conserved()
    result = state.result()
    assert sum(result.scores) == state.total and min(result.ranks) == 1
    again = replay(json.loads(json.dumps(state.record())))
    assert canonical_json(again.view(None)) == canonical_json(state.view(None))
