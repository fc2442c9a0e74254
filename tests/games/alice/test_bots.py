"""Alice's bots: legal actions only, decisions from the view only, the glouton's three habits."""

from __future__ import annotations

import random

from ludotheque import bots as botlib
from ludotheque.games.alice import GAME
from ludotheque.games.alice.bots import Glouton, Mcts
from ludotheque.games.alice.rules import AliceState
from tests.games.alice.helpers import at


def test_bots_are_registered_with_their_levels() -> None:
    names = botlib.available("alice")
    assert {"glouton", "mcts", "mcts:facile", "mcts:moyen", "mcts:fort", "random"} <= set(names)
    assert botlib.make("alice", "mcts:fort").name == "mcts:fort"


def test_bots_play_whole_games_with_legal_actions() -> None:
    state = GAME.new(2, {"level": "B"}, 3)
    agents = {0: Glouton(1), 1: Mcts(2, playouts=8)}
    while not state.is_over():
        seat = state.turn
        action = agents[seat].act(state.view(seat), state.legal_actions(seat))
        assert action in state.legal_actions(seat)
        state.apply(seat, action)


def test_glouton_takes_the_best_capture() -> None:
    state = at({"d4": "3TR", "d7": "DCO", "b2": "RCA", "c3": "2CA"}, mem_w="3TR>DCO,RCA>2CA")
    action = Glouton().act(state.view(0), state.legal_actions(0))
    assert action == {"type": "capture", "from": "d4", "to": "d7"}


def test_glouton_flees_when_the_opponent_may_capture() -> None:
    state = at({"d4": "3TR", "d7": "DCO"}, trait="n", mem_w="3TR>DCO", locks="d4")
    action = Glouton().act(state.view(1), state.legal_actions(1))
    assert action["type"] == "move" and action["from"] == "d7"


def test_glouton_draws_otherwise() -> None:
    state = at({"d1": "3TR", "a8": "DCO"})
    assert Glouton().act(state.view(0), state.legal_actions(0)) == {"type": "draw"}


def test_mcts_takes_a_free_king() -> None:
    state = at({"a3": "5CA", "f3": "RTR", "h8": "7CO"}, mem_w="5CA>RTR")
    action = Mcts(4, playouts=60).act(state.view(0), state.legal_actions(0))
    assert action == {"type": "capture", "from": "a3", "to": "f3"}


def test_mcts_decides_from_the_view_never_from_the_real_pile() -> None:
    state = GAME.new(2, {}, 9)
    assert isinstance(state, AliceState)
    rng = random.Random(9)
    for _ in range(40):
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    other = state.clone()
    random.Random(1).shuffle(other.pile)
    assert other.pile != state.pile and other.view(other.turn) == state.view(state.turn)
    seat = state.turn
    a = Mcts(5, playouts=30).act(state.view(seat), state.legal_actions(seat))
    b = Mcts(5, playouts=30).act(other.view(seat), other.legal_actions(seat))
    assert a == b


def test_mcts_budget_in_milliseconds() -> None:
    state = at({"d1": "3TR", "d7": "DCO", "b2": "RCA"})
    bot = Mcts(1, budget_ms=50)
    bot.act(state.view(0), state.legal_actions(0))
    assert bot.last_playouts >= 1
