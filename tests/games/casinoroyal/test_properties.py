"""Invariants under random play: units conserved (R10), hidden cards private (R11), replay,
every session ends."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engine import LudoError, canonical_json, replay

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


def candidates(legal: list[dict]) -> list[dict]:
    """Every action kind, with values around the listed ones, 0, 1 and far too many."""
    from ludotheque.games.casinoroyal.rules import _FIELDS

    out = []
    for kind, fields in _FIELDS.items():
        if not fields:
            out.append({"type": kind})
            continue
        listed = {a[fields[0]] for a in legal if a["type"] == kind}
        values = {0, 1, 2, 11, 500} | {v + d for v in listed for d in (-1, 0, 1)}
        out += [{"type": kind, fields[0]: v} for v in sorted(values)]
    return out


@settings(max_examples=25, deadline=None)
@given(tables)
def test_listing_and_checking_agree_one_verify_per_action(table: dict) -> None:
    """Issue 20 (pokerkit's verify_x): an action is accepted exactly when it is listed, at
    every step, for every kind and around every listed amount."""
    table = dict(table)
    players, seed = table.pop("players"), table.pop("seed")
    table.pop("cautious")
    if table["game"] != "C" or players * table["cartons_per_player"] > 8:
        table["cartons_per_player"] = 1
    state = new(players, seed, **table)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 400:
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        for action in candidates(legal):
            try:
                state._check(seat, action)
                accepted = True
            except LudoError:
                accepted = False
            assert accepted == (action in legal), (state.phase, action)
        state.apply(seat, cautious_choice(legal, rng))
        steps += 1
