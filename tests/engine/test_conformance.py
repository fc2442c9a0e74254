"""The conformance harness: every registered game keeps the protocol of ARCHITECTURE.md.

Many seeded random games at the minimum and maximum number of players. At every step: only
the seats in ``to_move`` have actions; actions are unique and JSON-able; a game that declares
``offers_all_legal`` offers exactly its legal list; the rule book's ``timeout_action`` of every
seat to move, when it names one, is an action ``apply`` accepts (``verify``; played on a clone
at sampled steps). At sampled steps (see ``next_checkpoint``)
and at the end: a refused action leaves the state unchanged; ``_check`` changes nothing, not
even the action it checks; views are JSON-able; clone, record and replay give the same state.
A random game always ends, with a consistent ``Result`` (one score and one rank per seat, ranks
1..n, the winners exactly the seats ranked 1). A game registered later gets all of this for
free; the checks themselves are shown to catch a planted fault.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from ludotheque import games
from ludotheque.engine import (
    Game,
    IllegalAction,
    InvalidAction,
    LudoError,
    OptionsError,
    Result,
    State,
    canonical_json,
    replay,
)

GAMES = games.names()
SEEDS = range(4)
MAX_STEPS = 100_000  # an open-ended 8-player Poker d'As session runs ~15,000 random steps
# The sampled checks snapshot and replay the whole record, so each costs O(steps so far):
# every REPLAY_EVERY steps up to DENSE_STEPS, then each time the step count doubles (linear
# overall instead of quadratic for long games), and always at the end.
REPLAY_EVERY = 37
DENSE_STEPS = 1_500  # longer than any other game's random game (Belote: ~1,300 steps)
GROWTH = 2


def next_checkpoint(step: int, every: int) -> int:
    """The step after ``step`` at which the deep checks run again."""
    return step + every if step < DENSE_STEPS else max(step + every, int(step * GROWTH))


def snapshot(state: State) -> str:
    """Everything observable of a state: every seat's view, the spectator's, record, RNG."""
    views = [state.view(s) for s in range(state.players)] + [state.view(None)]
    return canonical_json(
        {"views": views, "record": state.record(), "rng": repr(state.rng.getstate())}
    )


def random_play(state: State, rng: random.Random, check_every: int = REPLAY_EVERY) -> int:
    steps = checkpoint = 0
    while not state.is_over():
        assert steps < MAX_STEPS, f"{state.game.name}: no end after {MAX_STEPS} steps"
        movers = state.to_move()
        assert movers, "a game that is not over has someone to move"
        for seat in range(state.players):
            actions = state.legal_actions(seat)
            assert state.shared_legal_actions(seat) == actions, "the shared list differs"
            if seat not in movers:
                assert actions == [], f"seat {seat} is not to move but has actions"
                continue
            assert actions, f"seat {seat} is to move but has no action"
            spelled = [canonical_json(a) for a in actions]
            assert len(set(spelled)) == len(spelled), "legal actions are not unique"
            json.loads(json.dumps(actions))
            offered = [canonical_json(a) for a in state.offered_actions(seat)]
            assert offered and set(offered) <= set(spelled), "offered actions are legal ones"
            if state.offers_all_legal:
                assert offered == spelled, "offers_all_legal, yet offers another list"
        check_timeouts(state, deep=steps == checkpoint)
        seat = rng.choice(sorted(movers))
        action = rng.choice(state.legal_actions(seat))
        if steps == checkpoint:
            probe = copy.deepcopy(action)
            state._check(seat, probe)
            assert probe == action, "_check changed the action (a game writes _normalise)"
            check_refusals(state, seat)
            check_clone_and_replay(state)
            checkpoint = next_checkpoint(steps, check_every)
        state.apply(seat, action)
        steps += 1
    assert state.to_move() == frozenset()
    check_result(state.result(), state.players)
    json.dumps(state.result().to_dict())
    check_clone_and_replay(state)
    return steps


def check_timeouts(state: State, deep: bool = False) -> None:
    """Every seat to move: its ``timeout_action``, when the rule book names one, is accepted
    (``verify``, which changes nothing); ``deep``: also played on a clone."""
    for seat in sorted(state.to_move()):
        action = state.timeout_action(seat)
        if action is None:
            continue
        try:
            state.verify(seat, action)
            if deep:
                state.clone().apply(seat, action)
        except LudoError as exc:
            raise AssertionError(
                f"{state.game.name}: seat {seat}'s timeout action {action} is refused: {exc}"
            ) from exc


def check_result(result: Result, players: int) -> None:
    """One score and one rank per seat; the seats that play (rank ≥ 1; rank 0 is a seat that
    does not play, scored 0) are ranked 1..n with someone first; the winners are exactly the
    seats ranked 1, each once."""
    assert len(result.scores) == players, f"{len(result.scores)} scores for {players} seats"
    assert len(result.ranks) == players, f"{len(result.ranks)} ranks for {players} seats"
    playing = [s for s in range(players) if result.ranks[s] != 0]
    assert playing, "no seat is ranked"
    for s in range(players):
        assert 0 <= result.ranks[s] <= len(playing), f"seat {s} ranked {result.ranks[s]}"
        if result.ranks[s] == 0:
            assert result.scores[s] == 0, f"seat {s} does not play, yet scores"
    assert min(result.ranks[s] for s in playing) == 1, "nobody is ranked first"
    firsts = [s for s in playing if result.ranks[s] == 1]
    assert len(set(result.winners)) == len(result.winners), "a winner is named twice"
    assert sorted(result.winners) == firsts, (
        f"winners {list(result.winners)} are not the seats ranked 1 ({firsts})"
    )


def check_refusals(state: State, seat: int) -> None:
    before = snapshot(state)
    for bad in ({"type": "__no_such_action__"}, {"no_type": 1}, "not an object"):
        with pytest.raises(InvalidAction):
            state.apply(seat, bad)  # type: ignore[arg-type]
        assert snapshot(state) == before, "a refused action changed the state"
    others = [s for s in range(state.players) if s not in state.to_move()]
    if others:
        with pytest.raises(IllegalAction):
            state.apply(others[0], state.legal_actions(seat)[0])
        assert snapshot(state) == before
    with pytest.raises(LudoError):
        state.apply(state.players + 5, {"type": "x"})
    assert snapshot(state) == before


def check_clone_and_replay(state: State) -> None:
    expected = snapshot(state)
    clone = state.clone()
    assert snapshot(clone) == expected, "clone differs"
    record = json.loads(json.dumps(state.record()))
    assert snapshot(replay(record)) == expected, "replay differs"
    for seat in [*range(state.players), None]:
        json.dumps(state.view(seat))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_protocol_at_min_players(name: str, seed: int) -> None:
    game = games.get(name)
    random_play(game.new(game.min_players, seed=seed), random.Random(seed))


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_random_games_keep_the_protocol_at_max_players(name: str, seed: int) -> None:
    game = games.get(name)
    random_play(game.new(game.max_players, seed=seed), random.Random(seed + 100))


VARIANTS = [(name, variant) for name in GAMES for variant in games.get(name).variants]
VARIANT_SEEDS = range(2)


def table_sizes(game: Game, options: dict[str, Any]) -> list[int]:
    """The smallest and largest tables a set of options allows (a variant may need more
    seats than the game's minimum, e.g. Alkamo's non-playing arbiter takes one)."""
    sizes = []
    for players in range(game.min_players, game.max_players + 1):
        try:
            game.new(players, options, 0)
        except OptionsError:
            continue
        sizes.append(players)
    assert sizes, f"{game.name}: no table size allows {options}"
    return sorted({sizes[0], sizes[-1]})


@pytest.mark.parametrize(("name", "variant"), VARIANTS)
@pytest.mark.parametrize("seed", VARIANT_SEEDS)
def test_random_games_keep_the_protocol_in_every_named_variant(
    name: str, variant: str, seed: int
) -> None:
    game = games.get(name)
    options = game.variant_options(variant)
    for players in table_sizes(game, options):
        state = game.new(players, options, seed=seed)
        random_play(state, random.Random(seed + 200 + players))


# Option sets that change what a game is made of, beyond its named variants: each is played
# like a variant (Alkamo's custom maquette, rules/alkamo.md §2: 20 themes of one's own, some
# with a list, free squares of other lengths).
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    # The rule book's timers, so that their timeout actions are checked at every step.
    "alphapoker": [{"timers": True}],
    "bataille": [{"lay_timer": True}],
    "alkamo": [
        {"sablier_s": 60},
        {
            "maquette": "chat:chien+souris,livre,soleil,route,arbre,pomme,musique,hiver,"
            "cheval,bateau,neige,jardin,marché,ville,table,porte,fleur,sport,armée:soldat,"
            "lettre,C1=3,C4=8",
        },
    ],
}
SETS = [(name, i) for name, sets in OPTION_SETS.items() for i in range(len(sets))]


@pytest.mark.parametrize(("name", "index"), SETS)
@pytest.mark.parametrize("seed", VARIANT_SEEDS)
def test_random_games_keep_the_protocol_with_other_option_sets(
    name: str, index: int, seed: int
) -> None:
    game = games.get(name)
    options = OPTION_SETS[name][index]
    for players in table_sizes(game, options):
        state = game.new(players, options, seed=seed)
        random_play(state, random.Random(seed + 300 + players))


@pytest.mark.parametrize("name", GAMES)
def test_same_seed_same_game(name: str) -> None:
    game = games.get(name)
    a, b = game.new(game.min_players, seed=11), game.new(game.min_players, seed=11)
    assert snapshot(a) == snapshot(b)
    random_play(a, random.Random(5), check_every=10**9)
    random_play(b, random.Random(5), check_every=10**9)
    assert snapshot(a) == snapshot(b)


@pytest.mark.parametrize("name", GAMES)
def test_a_game_that_writes_offered_actions_declares_it(name: str) -> None:
    """The server shows a client the legal list when ``offers_all_legal``: a game that offers
    forms instead (the best words are the player's to find) must say so, or they would leak."""
    state_type = games.get(name).state_type
    writes_its_own = state_type.offered_actions is not State.offered_actions
    assert state_type.offers_all_legal is not writes_its_own


@pytest.mark.parametrize("name", GAMES)
def test_metadata_is_declared(name: str) -> None:
    game = games.get(name)
    assert game.name == name and game.title
    assert 1 <= game.min_players <= game.max_players
    game.options_type()  # the rule book's defaults are valid


# -- the checks catch what they look for (a check that passes everything proves nothing) ------
def test_check_result_catches_an_inconsistent_result() -> None:
    good = Result((5, 3, 0), (1, 2, 0), (0,), "fin", "end")
    check_result(good, 3)
    check_result(Result((4, 4, 1), (1, 1, 3), (0, 1), "fin", "end"), 3)  # a shared first place
    bad = [  # (what is wrong, the result, the number of seats)
        ("a winner not ranked 1", Result((5, 3), (1, 2), (1,), "fin", "end"), 2),
        ("a seat ranked 1 not a winner", Result((5, 5), (1, 1), (0,), "fin", "end"), 2),
        ("a score missing", Result((5,), (1, 2), (0,), "fin", "end"), 2),
        ("a rank missing", Result((5, 3), (1,), (0,), "fin", "end"), 2),
        ("a rank beyond n", Result((5, 3), (1, 3), (0,), "fin", "end"), 2),
        ("nobody first", Result((5, 3), (2, 2), (), "fin", "end"), 2),
        ("a winner twice", Result((5, 3), (1, 2), (0, 0), "fin", "end"), 2),
        ("a seat out of play that scores", Result((5, 3, 2), (1, 2, 0), (0,), "fin", "end"), 3),
    ]
    for why, result, players in bad:
        with pytest.raises(AssertionError):
            check_result(result, players)
            pytest.fail(f"not caught: {why}")


def test_check_timeouts_catches_a_timeout_action_apply_refuses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = games.get("alphapoker").new(2, {"timers": True}, seed=1)
    check_timeouts(state, deep=True)
    assert any(state.timeout_action(s) is not None for s in state.to_move())
    monkeypatch.setattr(type(state), "timeout_action", lambda self, seat: {"type": "fold"})
    with pytest.raises(AssertionError, match="timeout action"):
        check_timeouts(state)  # the change phase: folding is not possible yet
