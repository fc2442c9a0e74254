"""Alice's own bots (ARCHITECTURE: bots see a seat's view and its legal actions, never the state).

* ``glouton`` — takes the most valuable capture; else flees with its most valuable card that
  the opponent may capture next turn; else draws, and places the drawn card where it threatens
  the most points (so that it may capture them on its next turn).
* ``mcts`` — determinized information-set Monte Carlo tree search (SO-ISMCTS). It rebuilds the
  position from the view's public notation; each iteration samples an order of the unseen pile
  (it never reads the real one), walks one shared tree of action keys with UCB restricted to
  the actions available in that sample and progressive widening (most promising actions
  first), then a short playout (the glouton's policy, some uniform actions) and an evaluation by
  the score difference. Budget in playouts or milliseconds; levels ``facile``, ``moyen`` (the
  default ``mcts``), ``fort``.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.alice.cards import TARGETS, value
from ludotheque.games.alice.notation import parse_position
from ludotheque.games.alice.rules import OVER, AliceState, Key, action_key, key_action

LEVELS = {"facile": {"playouts": 60}, "moyen": {"playouts": 200}, "fort": {"playouts": 600}}
PLAYOUT_PLIES = 12  # actions simulated after the tree before evaluating
EPSILON = 0.25  # share of uniform actions in the otherwise greedy playouts
SCALE = 60.0  # points of score difference worth most of a win in the evaluation
UCB_C = 0.7
WIDEN = 2  # progressive widening: a node opens WIDEN + sqrt(visits) of its actions


def state_of(view: dict[str, Any], seed: int = 0) -> AliceState:
    """The public position of ``view`` as a state (White at seat 0); the unseen pile is
    shuffled from ``seed``: the bot never sees the real order."""
    return parse_position(view["position"], view["options"], seed)


class Glouton:
    name = "glouton"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        state = state_of(view)
        keys = [action_key(a) for a in legal]
        return key_action(choose_greedy(state, keys, self.rng))


def choose_greedy(state: AliceState, keys: list[Key], rng: random.Random) -> Key:
    ace = state.options.ace_of_spades_value
    board = state.board
    captures = [k for k in keys if k[0] == "capture"]
    if captures:
        return max(captures, key=lambda k: value(board[k[2]], ace))
    if state.phase == "place":
        places = [k for k in keys if k[0] == "place"]

        def gain(k: Key) -> int:
            return sum(value(board[t], ace) for t in TARGETS[state.drawn][k[1]] if board[t] >= 0)

        best = max(gain(k) for k in places)
        return rng.choice([k for k in places if gain(k) == best])
    # Cards the opponent may capture on his next turn: his remembered threats still standing.
    danger = [p % 40 for p in state.memory[1 - state.turn] & state.threat_pairs()]
    for card in sorted(danger, key=lambda c: -value(c, ace)):
        flights = [k for k in keys if k[0] == "move" and board[k[1]] == card]
        if flights:
            return rng.choice(flights)
    if ("draw",) in keys:
        return ("draw",)
    return rng.choice(keys)


def ordered(state: AliceState, keys: list[Key], rng: random.Random) -> list[Key]:
    """Keys most promising first (progressive widening opens them in this order): captures by
    value, flights of cards the opponent may take, the draw, placements by threatened points,
    then the rest in random order."""
    ace = state.options.ace_of_spades_value
    board = state.board
    danger = {p % 40 for p in state.memory[1 - state.turn] & state.threat_pairs()}
    drawn = state.drawn
    scored = []
    for k in keys:
        kind = k[0]
        if kind == "capture":
            prio = 1000 + value(board[k[2]], ace)
        elif kind == "move" and board[k[1]] in danger:
            prio = 500 + value(board[k[1]], ace)
        elif kind == "draw":
            prio = 400
        elif kind == "place":
            prio = 100 + sum(value(board[t], ace) for t in TARGETS[drawn][k[1]] if board[t] >= 0)
        else:
            prio = 0
        scored.append((prio, rng.random(), k))
    scored.sort(reverse=True)
    return [k for _, _, k in scored]


class _Node:
    __slots__ = ("avail", "children", "n", "n_visits", "w")

    def __init__(self) -> None:
        self.n_visits = 0
        self.children: dict[Key, _Node] = {}
        self.n = 0
        self.w = 0.0  # reward of the player who chose the action leading here
        self.avail = 0


class Mcts:
    """Determinized ISMCTS. ``playouts`` or ``budget_ms`` bound the search (ms wins if given)."""

    def __init__(
        self, seed: int = 0, playouts: int = 200, budget_ms: int | None = None, level: str = ""
    ) -> None:
        self.rng = random.Random(seed)
        self.playouts = playouts
        self.budget_ms = budget_ms
        self.name = f"mcts:{level}" if level else "mcts"
        self.last_playouts = 0

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        root_state = state_of(view, self.rng.randrange(2**32))
        root = _Node()
        deadline = time.perf_counter() + self.budget_ms / 1000 if self.budget_ms else None
        done = 0
        while True:
            if deadline is not None:
                if time.perf_counter() >= deadline and done:
                    break
            elif done >= self.playouts:
                break
            state = root_state.clone()
            self.rng.shuffle(state.pile)  # determinization: a fresh order of the unseen cards
            self._iterate(root, state)
            done += 1
        self.last_playouts = done
        best = max(root.children.items(), key=lambda kv: kv[1].n)[0]
        wanted = key_action(best)
        return next((a for a in legal if a == wanted), legal[0])

    def _iterate(self, root: _Node, state: AliceState) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        while state.phase != OVER:
            keys = state.legal_keys()
            for k in keys:
                child = node.children.get(k)
                if child is not None:
                    child.avail += 1
            mover = state.turn
            node.n_visits += 1
            width = WIDEN + int(node.n_visits**0.5)
            opened = sum(1 for k in keys if k in node.children)
            key = None
            if opened < width and opened < len(keys):
                key = next(k for k in ordered(state, keys, self.rng) if k not in node.children)
            if key is not None:
                child = node.children[key] = _Node()
                child.avail = 1
                state.play_key(key)
                path.append((child, mover))
                break
            best, best_u = keys[0], -1.0
            for k in keys:
                c = node.children.get(k)
                if c is None:
                    continue
                u = c.w / c.n + UCB_C * math.sqrt(math.log(c.avail + 1) / c.n) if c.n else 9.0
                if u > best_u:
                    best, best_u = k, u
            node = node.children[best]
            state.play_key(best)
            path.append((node, mover))
        reward0 = self._playout(state)
        for n, mover in path:
            n.n += 1
            n.w += reward0 if mover == 0 else 1.0 - reward0

    def _playout(self, state: AliceState) -> float:
        """Reward of seat 0 in [0, 1] after a short captures-first playout."""
        rng = self.rng
        for _ in range(PLAYOUT_PLIES):
            if state.phase == OVER:
                break
            keys = state.legal_keys()
            if rng.random() < EPSILON:
                key = keys[rng.randrange(len(keys))]
            else:
                key = choose_greedy(state, keys, rng)
            state.play_key(key)
        s0, s1 = state.scores()
        if state.phase == OVER:
            return 1.0 if s0 > s1 else 0.0 if s0 < s1 else 0.5
        return 0.5 + 0.5 * math.tanh((s0 - s1) / SCALE)


def make_mcts(level: str) -> Any:
    def factory(seed: int = 0) -> Mcts:
        return Mcts(seed, level=level, **LEVELS[level])

    return factory


BOTS = {
    "glouton": Glouton,
    "mcts": make_mcts("moyen"),
    **{f"mcts:{level}": make_mcts(level) for level in LEVELS},
}

__all__ = ["BOTS", "Glouton", "Mcts", "choose_greedy", "state_of"]
