"""Scenario helpers for the Casino Royal rule tests.

``rigged`` is the one place where tests choose the cards: the first dealer and the order of
each round's deck are given; everything else goes through the protocol.
"""

from __future__ import annotations

import random
from typing import Any

from ludotheque import games
from ludotheque.cards.french52 import parse_cards
from ludotheque.games.casinoroyal.options import Options
from ludotheque.games.casinoroyal.rules import CasinoRoyalState

GAME = games.get("casinoroyal")


def rigged(
    players: int, dealer: int, decks: list[str], seed: int = 0, **options: Any
) -> CasinoRoyalState:
    """A game whose first dealer is ``dealer`` and whose rounds' decks start with ``decks``
    (in the order the cards come off the deck: B's hidden cards first, clockwise from the
    dealer's left, one at a time); the rest of each deck follows in a seeded order."""
    queue = [parse_cards(d) for d in decks]
    rest_rng = random.Random(seed)

    class Rigged(CasinoRoyalState):
        def _draw_first_dealer(self) -> int:
            return dealer

        def _new_deck(self) -> list[int]:
            top = queue.pop(0) if queue else []
            rest = [c for c in range(52) if c not in top]
            rest_rng.shuffle(rest)
            return list(reversed(top + rest))  # cards are taken from the end

    return Rigged(players, Options(**options), seed)


def new(players: int = 3, seed: int = 0, **options: Any) -> CasinoRoyalState:
    state = GAME.new(players, options, seed)
    assert isinstance(state, CasinoRoyalState)
    return state


def play(state: CasinoRoyalState, *moves: tuple[int, dict[str, Any]]) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for seat, action in moves:
        events += state.apply(seat, action)
    return events


def wait_all(state: CasinoRoyalState) -> list[dict[str, Any]]:
    """Every player in the « Rien ne va plus » window lets the dealer go on."""
    events: list[dict[str, Any]] = []
    for s in sorted(state.to_move()):
        events += state.apply(s, WAIT)
    return events


def card_events(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == "card"]


WAIT = {"type": "wait"}
STOP = {"type": "stop"}
DECLINE = {"type": "decline"}
FOLLOW = {"type": "follow"}
FOLD = {"type": "fold"}
MATCH = {"type": "match"}
CONTINUE = {"type": "continue"}
DOUBLE = {"type": "double"}


def raise_(r: int) -> dict[str, Any]:
    return {"type": "raise", "amount": r}


def bid(e: int) -> dict[str, Any]:
    return {"type": "bid", "amount": e}
