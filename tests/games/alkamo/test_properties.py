"""Invariants under random play (hypothesis): tiles and points are conserved (R31), racks never
leak through views (R13), records replay (ARCHITECTURE principle 1), games end (R34)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.engine import replay
from ludotheque.games.alkamo import GAME

JUDGES = st.sampled_from(["vote", "libre", "arbitre"])


def play(players: int, judge: str, seed: int, check: bool = True) -> object:
    state = GAME.new(players, {"judge": judge}, seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
        assert steps < 20_000
        if check:
            state.check_invariants()  # R31: 191 tiles, 25 plaques, points = words' scores
    return state


@settings(max_examples=6, deadline=None)
@given(players=st.integers(2, 4), judge=JUDGES, seed=st.integers(0, 10**6))
def test_R31_tiles_and_points_are_conserved(players: int, judge: str, seed: int) -> None:
    state = play(players, judge, seed)
    res = state.result()
    # R35: every final score is the game score minus the rack left.
    assert list(res.scores) == [state.scores[s] - state.rack_value(s) for s in range(players)]


@settings(max_examples=4, deadline=None)
@given(players=st.integers(2, 3), seed=st.integers(0, 10**6))
def test_records_replay_and_views_hide_racks(players: int, seed: int) -> None:
    state = play(players, "vote", seed, check=False)
    again = replay(state.record())
    for seat in [*range(players), None]:
        assert again.view(seat) == state.view(seat)
        view = state.view(seat)
        assert view["rack"] == (None if seat is None else state.racks[seat])
        assert view["set_aside"] in (None, []) or seat == state.active
        assert set(view) >= {"rack_sizes", "scores", "board"}
