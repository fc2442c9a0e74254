"""The position and action notation: round trips, examples, precise errors."""

from __future__ import annotations

import random

import pytest

from ludotheque.engine.errors import NotationError
from ludotheque.games.alice import GAME
from ludotheque.games.alice.cards import parse_card
from ludotheque.games.alice.notation import (
    EMPTY,
    format_action,
    format_key,
    parse_action,
    parse_position,
    position,
    threats_created,
)
from ludotheque.games.alice.rules import AliceState, action_key
from tests.games.alice.helpers import at, fen


def states(seed: int, every: int = 7) -> list[AliceState]:
    state, rng, out = GAME.new(2, {}, seed), random.Random(seed), []
    assert isinstance(state, AliceState)
    step = 0
    while not state.is_over():
        if step % every == 0:
            out.append(state.clone())
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
        step += 1
    return [*out, state]


def test_the_empty_position() -> None:
    state = parse_position(EMPTY)
    assert position(state) == EMPTY and state.legal_actions(0) == [{"type": "draw"}]


def test_a_written_position() -> None:
    text = "8/3DCO4/8/8/33TR4/8/8/8 n d4 3TR>DCO - - - 38 - -"
    state = parse_position(text)
    assert state.board[51] == parse_card("DCO") and state.board[27] == parse_card("3TR")
    assert state.turn == 1 and state.locked == (parse_card("3TR"),)
    assert position(state) == text


def test_the_position_is_the_states_own_method_and_a_bad_one_changes_nothing() -> None:
    """As python-chess's ``Board.fen()`` / ``set_fen()``: the state writes and reads its own
    position (issue 20: the notation module no longer writes the state's private fields)."""
    text = "8/3DCO4/8/8/33TR4/8/8/8 n d4 3TR>DCO - - - 38 - -"
    state = AliceState.from_position(text)
    assert state.position() == text and state.view(None)["position"] == text
    played = states(4)[3]
    before, rng = played.position(order=True), played.rng.getstate()
    for bad in (text.replace(" 38 - -", " 38 3 -"), text.replace(" d4 ", " a1 "), "8/8 b"):
        with pytest.raises(NotationError):
            played.set_position(bad)  # refused after reading every field: nothing written
        assert played.position(order=True) == before and played.rng.getstate() == rng
    played.set_position(text)
    assert played.position() == text and played.legal_keys() == state.legal_keys()


@pytest.mark.parametrize("seed", range(3))
def test_positions_round_trip_through_random_games(seed: int) -> None:
    for state in states(seed):
        for order in (False, True):
            text = position(state, order=order)
            again = parse_position(text, state.options)
            assert position(again, order=order) == text
            if state.white == 0:
                assert again.legal_keys() == state.legal_keys()
        full = parse_position(position(state, order=True))
        assert full.pile == state.pile  # the analysis notation keeps the pile order


@pytest.mark.parametrize("seed", range(2))
def test_actions_round_trip(seed: int) -> None:
    for state in states(seed, every=3):
        if state.is_over():
            continue
        for key in state.legal_keys():
            text = format_key(key)
            assert action_key(parse_action(text)) == key
            assert format_action(parse_action(text)) == text


def test_action_spellings() -> None:
    assert parse_action("D1-D4") == {"type": "move", "from": "d1", "to": "d4"}
    assert parse_action("d4xd7") == {"type": "capture", "from": "d4", "to": "d7"}
    assert parse_action("d4:d7")["type"] == "capture"
    assert parse_action("tirage") == {"type": "draw"}
    assert parse_action("tirage e4") == {"type": "place", "to": "e4"}
    assert parse_action("pose c1 e4") == {"type": "draw_exchange", "on": "c1", "to": "e4"}
    assert parse_action("echange d7 f5") == {"type": "exchange", "a": "f5", "b": "d7"}
    assert parse_action("passe") == {"type": "pass"}
    # The verbs a player types at the terminal's first prompt (« tirer » was refused).
    for verb in ("tirer", "Piocher", "pioche", "tire"):
        assert parse_action(verb) == {"type": "draw"}


@pytest.mark.parametrize("bad", ["", "d1-d9", "échange d7", "tirage z1", "e4", "pose"])
def test_bad_actions_raise_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_action(bad)


@pytest.mark.parametrize("same", ["a1-a1", "a1xa1", "échange a1 a1", "pose a1 a1"])
def test_the_same_square_twice_is_refused_not_a_crash(same: str) -> None:
    """Found play-testing: « échange a1 a1 » ended the game with a KeyError traceback (the
    action table has no action from a square to itself)."""
    with pytest.raises(NotationError, match="deux fois la même case"):
        parse_action(same)


@pytest.mark.parametrize(
    ("bad", "words"),
    [
        ("8/8/8 b - - - - - 40 - -", "8 rangées"),
        ("9/8/8/8/8/8/8/8 b - - - - - 40 - -", "illisible"),
        ("7/8/8/8/8/8/8/8 b - - - - - 40 - -", "compte 7 cases"),
        ("8/8/8/8/8/8/8/8 x - - - - - 40 - -", "trait"),
        ("8/8/8/8/8/8/8/8 b - - - - - 39 - -", "40 cartes"),
        ("8/8/8/8/8/8/8/8 b - - - RTR,RTR - 38 - -", "double"),
        ("8/8/8/8/8/8/8/8 b d4 - - - - 40 - -", "case vide"),
        ("8/8/8/8/8/8/8/8 b - 3TR-DCO - - - 40 - -", "attaquant>cible"),
        ("8/8/8/8/8/8/8/8 b - - - - - 40 2 -", "fin"),
        ("8/8/8/8/8/8/8/8 b - - - - - 40 -", "10 champs"),
        ("8/8/8/8/8/8/8/8 b - - - - - 40 - 8TR", "carte"),
    ],
)
def test_bad_positions_say_why(bad: str, words: str) -> None:
    with pytest.raises(NotationError, match=words):
        parse_position(bad)


def test_threats_created_by_an_action() -> None:
    state = at({"d1": "3TR", "d7": "DCO"})
    assert threats_created(state, action_key(parse_action("d1-d4"))) == ["3TR>DCO"]
    assert position(state) == fen({"d1": "3TR", "d7": "DCO"})  # the state is unchanged
