"""Scenario helpers for the AlphaPoker rule tests.

The worked examples of the spec start from given capitals and hands; ``rig`` is the one place
where tests set those directly on a state. Everything after that goes through the protocol.
"""

from __future__ import annotations

from typing import Any

from ludotheque import games
from ludotheque.cards.letters import parse_hand
from ludotheque.games.alphapoker.rules import AlphaPokerState

GAME = games.get("alphapoker")


def new(players: int = 3, seed: int = 0, **options: Any) -> AlphaPokerState:
    state = GAME.new(players, options, seed)
    assert isinstance(state, AlphaPokerState)
    return state


def with_dealer(dealer: int, players: int = 3, **options: Any) -> AlphaPokerState:
    """A new game whose first dealer (drawn by R4) is ``dealer``: the first seed that gives it."""
    for seed in range(1000):
        state = new(players, seed, **options)
        if state.dealer == dealer:
            return state
    raise AssertionError("no seed gives that dealer")


def rig(
    state: AlphaPokerState,
    hands: dict[int, str] | None = None,
    capitals: list[int] | None = None,
    pot: int | None = None,
    eliminated: tuple[int, ...] = (),
) -> None:
    """Set hands (card notation), capitals, pot and earlier eliminations for an example.

    The initial total follows, so that the R29 invariant still holds from there on.
    """
    for seat, text in (hands or {}).items():
        state.hands[seat] = parse_hand(text)
    if capitals is not None:
        state.initial_total += sum(capitals) - sum(state.capital)
        state.capital = list(capitals)
    if pot is not None:
        state.initial_total += pot - state.pot
        state.pot = pot
    if eliminated:
        state.eliminations += 1  # one event
    for seat in eliminated:
        state.eliminated[seat] = state.eliminations
        state.in_hand[seat] = False


def no_changes(state: AlphaPokerState) -> None:
    """Every player keeps his cards through all change rounds."""
    while state.phase == "change":
        (seat,) = state.to_move()
        state.apply(seat, {"type": "change", "cards": []})


def act(state: AlphaPokerState, seat: int, kind: str, **fields: Any) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": kind, **fields})


def declare(state: AlphaPokerState, seat: int, cards: str) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": "declare", "cards": cards.split()})


def conserved(state: AlphaPokerState) -> bool:
    """R29: capitals + pot + discarded residue = the initial total."""
    return sum(state.capital) + state.pot + state.discarded == state.initial_total
