"""Property tests: random positions, the engine against the simple generator, and invariants."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque.games.alice import GAME
from ludotheque.games.alice.bots import playout_key, random_key
from ludotheque.games.alice.cards import NAMES, SQUARE_NAMES, VALUE_TABLES
from ludotheque.games.alice.notation import parse_position, position
from ludotheque.games.alice.rules import AliceState
from tests.games.alice import simple
from tests.games.alice.helpers import fen


@st.composite
def positions(draw: st.DrawFn) -> tuple[str, dict]:
    n = draw(st.integers(1, 14))
    cards = draw(st.lists(st.sampled_from(NAMES), min_size=n, max_size=n, unique=True))
    squares = draw(st.lists(st.sampled_from(SQUARE_NAMES), min_size=n, max_size=n, unique=True))
    board = dict(zip(squares, cards, strict=True))
    locks = draw(st.lists(st.sampled_from(squares), max_size=2, unique=True))
    options = {"level": draw(st.sampled_from("AB")), "blocage": draw(st.booleans())}
    probe = parse_position(fen(board), options)
    pairs = sorted(probe.threat_pairs())
    mem = draw(st.lists(st.sampled_from(pairs), unique=True)) if pairs else []
    memory = ",".join(f"{NAMES[p // 40]}>{NAMES[p % 40]}" for p in mem) or "-"
    trait = draw(st.sampled_from("bn"))
    rest = [c for c in NAMES if c not in cards]
    text = fen(
        board,
        trait=trait,
        locks=",".join(locks) or "-",
        mem_w=memory if trait == "b" else "-",
        mem_b=memory if trait == "n" else "-",
        pile=rest,
    )
    return text, options


def _norm(action: tuple) -> tuple:
    """An exchange is one unordered pair of squares."""
    return ("exchange", frozenset(action[1:])) if action[0] == "exchange" else action


def engine_actions(state: AliceState) -> set[tuple]:
    return {_norm((k[0], *(SQUARE_NAMES[s] for s in k[1:]))) for k in state.legal_keys()}


def simple_actions(p: simple.Pos) -> set[tuple]:
    rename = {"dx": "draw_exchange"}
    return {
        _norm((rename.get(a[0], a[0]), *(simple.name(s) for s in a[1:]))) for a in simple.actions(p)
    }


@settings(max_examples=50, deadline=None)
@given(positions())
def test_random_positions_agree_with_the_simple_generator(case: tuple[str, dict]) -> None:
    text, options = case
    state = parse_position(text, options)
    ref = simple.parse(text, blocage=options["blocage"], level_b=options["level"] == "B")
    assert engine_actions(state) == simple_actions(ref)
    threats = {(NAMES[p // 40], NAMES[p % 40]) for p in state.threat_pairs()}
    assert threats == simple.threats(ref, ref.board)
    assert position(parse_position(position(state, order=True), options), order=True) == position(
        state, order=True
    )


@settings(max_examples=25, deadline=None)
@given(positions())
def test_after_a_draw_placements_agree(case: tuple[str, dict]) -> None:
    text, options = case
    state = parse_position(text, options)
    ref = simple.parse(text, blocage=options["blocage"], level_b=options["level"] == "B")
    state.apply(state.turn, {"type": "draw"})
    ref = simple.play(ref, ("draw",))
    assert engine_actions(state) == simple_actions(ref)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from("AB"), st.booleans())
def test_incremental_threats_and_playout_policies_stay_legal(
    seed: int, level: str, blocage: bool
) -> None:
    # The threat pairs kept up to date move by move equal a fresh count, and the MCTS playout
    # policies (which skip the full list of actions) only ever choose legal actions.
    state = GAME.new(2, {"level": level, "blocage": blocage}, seed)
    assert isinstance(state, AliceState)
    rng = random.Random(seed)
    values = VALUE_TABLES[21]
    while not state.is_over():
        assert state.threat_pairs() == state._threat_pairs()
        legal = state.legal_set()
        assert playout_key(state, rng, values) in legal
        assert random_key(state, rng) in legal
        keys = state.legal_keys()
        state.play_key(keys[rng.randrange(len(keys))])
