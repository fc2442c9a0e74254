"""Scenario helpers for the Poker d'As rule tests.

``load_dice`` is the one place where tests choose the dice: the state's rolls are taken from a
list of throws written in notation. Everything else goes through the protocol.
"""

from __future__ import annotations

from typing import Any

from ludotheque import games
from ludotheque.games.pokerdas.hands import parse_faces
from ludotheque.games.pokerdas.options import LITERAL
from ludotheque.games.pokerdas.rules import PokerDasState

GAME = games.get("pokerdas")


def new(players: int = 2, seed: int = 0, first: int | None = None, **options: Any) -> PokerDasState:
    """A new game of the rule book read to the letter (the variant « livre »: whole throws, no
    throw limit, until one player is left) but for the ``options`` named; with ``first``, the
    first seed whose lot gives that first player (R6). The default table departs from the book
    (test_defaults.py)."""
    for s in range(seed, seed + 1000):
        state = GAME.new(players, {**LITERAL, **options}, s)
        assert isinstance(state, PokerDasState)
        if first is None or state.starter == first:
            return state
    raise AssertionError("no seed gives that first player")


def load_dice(state: PokerDasState, *throws: str) -> None:
    """The next rolls give these faces, in order (a re-roll of k dice takes k faces)."""
    queue = [f for t in throws for f in parse_faces(t)]

    def roll(count: int) -> tuple[int, ...]:
        assert len(queue) >= count, "the test did not load enough dice"
        out = tuple(queue[:count])
        del queue[:count]
        return out

    state._roll = roll  # type: ignore[method-assign]


def conserved(state: PokerDasState) -> bool:
    """R14, R29: tokens of all players + pot = players × start_tokens."""
    return sum(state.tokens) + state.pot == state.players * state.options.start_tokens


def play(state: PokerDasState, *moves: tuple[int, dict[str, Any]]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


THROW = {"type": "throw"}
STOP = {"type": "stop"}
ACCEPT = {"type": "accept"}
BLUFF = {"type": "bluff"}


def announce(text: str) -> dict[str, Any]:
    return {"type": "announce", "announcement": text}


def shared_lists_intact() -> bool:
    """Whether the legal lists Poker d'As shares between states (``shared_legal_actions``) are
    still what they were built as: nobody who read them changed them."""
    from ludotheque.games.pokerdas import rules
    from ludotheque.games.pokerdas.hands import all_announcements, multisets

    fixed = {
        "throw": (rules._ONLY_THROW, [{"type": "throw"}]),
        "stop or throw": (rules._STOP_OR_THROW, [{"type": "stop"}, {"type": "throw"}]),
        "bluff": (rules._ONLY_BLUFF, [{"type": "bluff"}]),
        "accept or bluff": (rules._ACCEPT_OR_BLUFF, [{"type": "accept"}, {"type": "bluff"}]),
    }
    if any(shared != fresh for shared, fresh in fixed.values()):
        return False
    announce = [{"type": "announce", "announcement": a.text()} for a in all_announcements()]
    for dice in multisets():
        rerolls = list(rules._rerolls(dice))
        throw = [{"type": "stop"}] + [{"type": "throw", "reroll": t} for t in rerolls]
        if rules._throw_choices(dice) != throw:
            return False
        rethrow = [{"type": "rethrow", "dice": t} for t in rerolls]
        for start in (0, 40):
            if rules._announce_choices(dice, start) != rethrow + announce[start:]:
                return False
    return rules._announce_choices(None, 0) == announce
