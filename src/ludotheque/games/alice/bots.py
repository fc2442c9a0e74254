"""Alice's own bots (ARCHITECTURE: bots see a seat's view and its legal actions, never the state).

* ``glouton`` — takes the most valuable capture; else flees with its most valuable card that
  the opponent may capture next turn; else draws, and places the drawn card where it threatens
  the most points (so that it may capture them on its next turn).
* ``mcts`` — determinized information-set Monte Carlo tree search (SO-ISMCTS). It rebuilds the
  position from the view's public notation; each iteration samples an order of the unseen pile
  (it never reads the real one), walks one shared tree of action keys with UCB restricted to
  the actions available in that sample and progressive widening (most promising actions
  first), then a short playout and an evaluation by the score difference. The playout plays
  the glouton's policy computed straight from the threats (``playout_key``: no list of every
  action) with a share of cheap random moves (``random_key``). Budget in playouts (the search
  stops early once the most visited action cannot be overtaken) or milliseconds; levels
  ``facile`` (100 playouts), ``moyen`` (400; ``mcts`` is its old name), ``fort`` (1,600), each four
  times the one below.
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.alice.cards import TARGETS, VALUE_TABLES, value
from ludotheque.games.alice.notation import parse_position
from ludotheque.games.alice.rules import OVER, AliceState, Key, action_key, key_action

LEVELS = {"facile": {"playouts": 100}, "moyen": {"playouts": 400}, "fort": {"playouts": 1600}}
PLAYOUT_PLIES = 12  # actions simulated after the tree before evaluating
EPSILON = 0.25  # share of random actions in the otherwise greedy playouts
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


def playout_key(state: AliceState, rng: random.Random, values: tuple[int, ...]) -> Key:
    """The glouton's choice (``choose_greedy``) computed without generating every legal action:
    captures from the remembered threats still standing, flights of the cards the opponent may
    take, else the draw; placements by threatened points. Only the end after the pile (no draw
    left) and ``blocage`` tables go through the full list of actions."""
    if state.options.blocage:
        return choose_greedy(state, state.legal_keys(), rng)
    board = state.board
    if state.phase == "place":
        targets = TARGETS[state.drawn]
        best, squares, empty = -1, [], []
        for s in range(64):
            if board[s] >= 0:
                continue
            empty.append(s)
            moves, gain = False, 0
            for t in targets[s]:
                u = board[t]
                if u < 0:
                    moves = True
                else:
                    gain += values[u]
            if moves:
                if gain > best:
                    best, squares = gain, [s]
                elif gain == best:
                    squares.append(s)
        if not squares:  # D13: no square gives a move, any empty square will do
            return choose_greedy(state, state.legal_keys(), rng)
        return ("place", squares[rng.randrange(len(squares))] if len(squares) > 1 else squares[0])
    pairs = state.threat_pairs()
    locked, pos = state.locked, state.pos
    best_capture, best_value = None, -1
    for p in state.memory[state.turn] & pairs:  # R14: remembered and still standing
        a, t = divmod(p, 40)
        if values[t] > best_value and a not in locked and t not in locked:
            best_capture, best_value = ("capture", pos[a], pos[t]), values[t]
    if best_capture is not None:
        return best_capture
    danger = {p % 40 for p in state.memory[1 - state.turn] & pairs}
    if danger:
        counts = state.attack_counts()
        for card in sorted(danger, key=lambda c: -values[c]):
            if card in locked:
                continue
            flights = state.flights(card, counts)
            if flights:
                return ("move", pos[card], flights[rng.randrange(len(flights))])
    if state.pile:
        return ("draw",)
    return choose_greedy(state, state.legal_keys(), rng)


def random_key(state: AliceState, rng: random.Random) -> Key:
    """The playouts' random action, cheap: a placement of the drawn card, or a move (a flight if
    threatened) of a card picked at random, or the draw; the full list of actions (mostly
    exchanges at level B) only when none of these exists or with ``blocage``."""
    if state.options.blocage:
        keys = state.legal_keys()
        return keys[rng.randrange(len(keys))]
    board, pos = state.board, state.pos
    if state.phase == "place":
        squares = state.placements(state.drawn)
        return ("place", squares[rng.randrange(len(squares))])
    locked = state.locked
    cards = [c for c in range(40) if pos[c] >= 0 and c not in locked]
    if cards:
        threatened = state.threatened()
        counts = None
        for _ in range(3):
            card = cards[rng.randrange(len(cards))]
            sq = pos[card]
            if card in threatened:
                if counts is None:
                    counts = state.attack_counts()
                dests = state.flights(card, counts)
            else:
                dests = [t for t in TARGETS[card][sq] if board[t] < 0]
            if dests:
                return ("move", sq, dests[rng.randrange(len(dests))])
    if state.pile:
        return ("draw",)
    keys = state.legal_keys()
    return keys[rng.randrange(len(keys))]


def ordered(state: AliceState, keys: list[Key], rng: random.Random) -> list[Key]:
    """Keys most promising first (progressive widening opens them in this order): captures by
    value, flights of cards the opponent may take, the draw, placements by threatened points,
    then the rest in random order."""
    values = VALUE_TABLES[state.options.ace_of_spades_value]
    board = state.board
    danger = {p % 40 for p in state.memory[1 - state.turn] & state.threat_pairs()}
    targets = TARGETS[state.drawn] if state.drawn >= 0 else ()
    scored = []
    rand = rng.random
    for k in keys:
        kind = k[0]
        if kind == "capture":
            prio = 1000 + values[board[k[2]]]
        elif kind == "move" and board[k[1]] in danger:
            prio = 500 + values[board[k[1]]]
        elif kind == "draw":
            prio = 400
        elif kind == "place":
            prio = 100 + sum([values[u] for t in targets[k[1]] if (u := board[t]) >= 0])
        else:
            prio = 0
        scored.append((prio, rand(), k))
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
            elif done >= self.playouts or (done % 8 == 0 and self._decided(root, done)):
                break
            state = root_state.clone()
            self.rng.shuffle(state.pile)  # determinization: a fresh order of the unseen cards
            self._iterate(root, state)
            done += 1
        self.last_playouts = done
        best = max(root.children.items(), key=lambda kv: kv[1].n)[0]
        wanted = key_action(best)
        return next((a for a in legal if a == wanted), legal[0])

    def _decided(self, root: _Node, done: int) -> bool:
        """Early stop: the most visited action keeps its lead whatever the remaining playouts
        do, so the decision is the one the whole budget would make."""
        if done < 16:
            return False
        first = second = 0
        for c in root.children.values():
            if c.n > first:
                first, second = c.n, first
            elif c.n > second:
                second = c.n
        return first - second > self.playouts - done

    def _iterate(self, root: _Node, state: AliceState) -> None:
        path: list[tuple[_Node, int]] = []
        node = root
        while state.phase != OVER:
            keys = state.legal_keys()
            children = node.children
            mover = state.turn
            node.n_visits += 1
            present = state.legal_set()
            seen = [(k, c) for k, c in children.items() if k in present]
            for _, c in seen:
                c.avail += 1
            width = WIDEN + int(node.n_visits**0.5)
            if len(seen) < width and len(seen) < len(keys):
                key = next(k for k in ordered(state, keys, self.rng) if k not in children)
                child = children[key] = _Node()
                child.avail = 1
                state.play_key(key)
                path.append((child, mover))
                break
            key, child, best_u = seen[0][0], seen[0][1], -1.0
            for k, c in seen:
                if not c.n:
                    key, child = k, c
                    break
                u = c.w / c.n + UCB_C * math.sqrt(math.log(c.avail + 1) / c.n)
                if u > best_u:
                    key, child, best_u = k, c, u
            node = child
            state.play_key(key)
            path.append((node, mover))
        reward0 = self._playout(state)
        for n, mover in path:
            n.n += 1
            n.w += reward0 if mover == 0 else 1.0 - reward0

    def _playout(self, state: AliceState) -> float:
        """Reward of seat 0 in [0, 1] after a short captures-first playout."""
        rng = self.rng
        values = VALUE_TABLES[state.options.ace_of_spades_value]
        for _ in range(PLAYOUT_PLIES):
            if state.phase == OVER:
                break
            if rng.random() < EPSILON:
                key = random_key(state, rng)
            else:
                key = playout_key(state, rng, values)
            state.play_key(key)
        s0, s1 = state.scores()
        if state.phase == OVER:
            return 1.0 if s0 > s1 else 0.0 if s0 < s1 else 0.5
        return 0.5 + 0.5 * math.tanh((s0 - s1) / SCALE)


def make_mcts(level: str) -> Any:
    def factory(seed: int = 0) -> Mcts:
        return Mcts(seed, level=level, **LEVELS[level])

    return factory


# The levels weakest first, then « mcts », the old name of « mcts:moyen »: the same bot, kept so
# that tables and records made with it still play, and named last so that a list naming each
# bot once (the lobby's, server/app.py) offers the level by its own name.
BOTS = {
    "glouton": Glouton,
    **{f"mcts:{level}": make_mcts(level) for level in LEVELS},
    "mcts": make_mcts("moyen"),
}

__all__ = ["BOTS", "Glouton", "Mcts", "choose_greedy", "state_of"]
