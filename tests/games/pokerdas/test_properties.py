"""Invariants under random play: token conservation (R14, R29), hidden cup and passed dice
(R29), replay."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from ludotheque.engine import replay
from ludotheque.games.pokerdas.hands import evaluate, parse_throw

from .helpers import GAME, conserved, new, shared_lists_intact

tables = st.fixed_dictionaries(
    {
        "players": st.integers(2, 8),
        "seed": st.integers(0, 2**32),
        "poker_joker": st.booleans(),
        "relance_totale": st.booleans(),
        "max_throws": st.one_of(st.none(), st.integers(1, 4)),
        "stake": st.integers(1, 3),
        "start_tokens": st.integers(1, 12),
        "max_rounds": st.one_of(st.none(), st.integers(1, 15)),
        "menteur": st.booleans(),
        "liar_rethrows": st.integers(0, 2),
    }
)


@settings(max_examples=60, deadline=None)
@given(tables)
def test_tokens_are_conserved_and_cup_stays_hidden(table: dict) -> None:
    table = dict(table)
    assume(table["menteur"] or table["stake"] <= table["start_tokens"])  # else refused (R7)
    players, seed = table.pop("players"), table.pop("seed")
    state = new(players, seed, **table)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 1500:
        assert conserved(state) and min(state.tokens) >= 0
        if state.options.menteur:
            for s in range(players):
                view = state.view(s)
                assert (view["cup"] is not None) == (s == state.holder)
                assert (view["passed"] is not None) == (state.passed[s] is not None)
            assert state.view(None)["cup"] is None and state.view(None)["passed"] is None
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    assert conserved(state)
    again = replay(json.loads(json.dumps(state.record())))
    assert again.view(None) == state.view(None)


@pytest.mark.parametrize(
    "options",
    [{}, {"relance_totale": True}, {"poker_joker": True}, {"menteur": True, "liar_rethrows": 2}],
)
def test_shared_legal_lists_are_the_legal_actions_and_playing_from_them_changes_none(
    options: dict[str, Any],
) -> None:
    # The server reads one list per set of choices (shared_legal_actions, no copy per action);
    # everyone else gets copies (legal_actions). Both say the same, and a game played from
    # the shared lists (a bot on the server picks from them) leaves them as they were.
    for seed in range(6):
        state = GAME.new(3, {"max_rounds": 4, **options}, seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            for seat in range(state.players):
                shared, own = state.shared_legal_actions(seat), state.legal_actions(seat)
                assert shared == own
                assert all(a is not b for a, b in zip(shared, own, strict=True))
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.shared_legal_actions(seat)))
    assert shared_lists_intact()


def test_views_copy_last_round_once_per_round_and_never_hand_out_the_states_own() -> None:
    # The views of a round's versions share one copy of the last round's summary (made when
    # the round ends, not at every version); a view changed by its reader changes no state.
    state = GAME.new(2, {"max_rounds": 6}, 3)
    rng = random.Random(3)
    rounds_seen = 0
    while not state.is_over():
        before = state.rounds
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if state.rounds == before or state.is_over():
            continue
        rounds_seen += 1
        summary = copy.deepcopy(state.last_round)
        shown = state.view(0)["last_round"]
        assert shown == summary and shown is not state.last_round
        shown["winner"] = 99
        shown["dice"].append("A A A A A")
        assert state.last_round == summary
        assert state.view(1)["last_round"]["winner"] == 99  # one copy for the round's views
    assert rounds_seen >= 3
    hand = evaluate(parse_throw("A A K K Q"))
    one, two = hand.to_dict(), hand.to_dict()
    one["name"] = "x"
    one["key"].append("A")  # type: ignore[union-attr]
    assert two == evaluate(parse_throw("A A K K Q")).to_dict() and two["name"] != "x"
