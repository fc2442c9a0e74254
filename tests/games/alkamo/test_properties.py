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


def test_listing_and_checking_agree_one_verify_per_action() -> None:
    """Issue 20 (pokerkit's verify_x): every action but a word (listed one per word, R16–R22)
    is accepted exactly when it is listed, at every step of random games."""
    from ludotheque.engine.errors import LudoError
    from ludotheque.games.alkamo.maquettes import TILE_ORDER

    from .helpers import new

    kinds = [{"type": k} for k in ("tirer", "reprendre", "super_mot", "passer", "accepter",
             "refuser", "annuler", "temps_ecoule")]  # fmt: skip
    for seed, options in ((3, {}), (4, {"sablier_s": 60})):
        state, rng = new(3, seed, **options), random.Random(seed)
        for _ in range(150):
            if state.is_over():
                break
            seat = rng.choice(sorted(state.to_move()))
            legal = [a for a in state.legal_actions(seat) if a["type"] != "mot"]
            candidates = kinds + [{"type": "prix", "prix": p} for p in range(-1, 22)]
            candidates += [{"type": "donne", "lettre": t} for t in TILE_ORDER]
            candidates += [{"type": "rendre", "lettres": t} for t in ("", *TILE_ORDER)]
            for action in candidates:
                try:
                    state._check(seat, action)
                    accepted = True
                except LudoError:
                    accepted = False
                assert accepted == (action in legal), (state.phase, action)
            state.apply(seat, rng.choice(state.legal_actions(seat)))
