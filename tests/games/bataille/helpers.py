"""Scenario helpers for the Bataille rule tests: ``rig`` sets piles and table directly."""

from __future__ import annotations

from typing import Any

from ludotheque.cards.letters import parse_hand
from ludotheque.games.bataille import GAME
from ludotheque.games.bataille.rules import BatailleState


def new(seed: int = 0, colour: str = "r", **options: Any) -> BatailleState:
    """A game past the colour choice (the chooser takes ``colour``)."""
    state = GAME.new(2, options, seed)
    assert isinstance(state, BatailleState)
    state.apply(state.chooser, {"type": "colour", "colour": colour})
    return state


def rig(
    state: BatailleState,
    table: str | None = None,
    piles: tuple[str, str] | None = None,
    won: tuple[str, str] | None = None,
    turn: int | None = None,
    last_layer: int | None = None,
) -> None:
    """Piles are written top card last: "Ar Eb" has Eb on top."""
    if table is not None:
        state.table = parse_hand(table)
        state.laid_versions = [0] * len(state.table)  # as if laid before the first action
    if piles is not None:
        state.play_piles = [parse_hand(p) for p in piles]
    if won is not None:
        state.won = [parse_hand(w) for w in won]
    if turn is not None:
        state.turn = turn
    if last_layer is not None:
        state.last_layer = last_layer


def claim(state: BatailleState, seat: int, word: str) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": "claim", "word": word})


def all_cards(state: BatailleState) -> list[str]:
    return sorted(state.table + [c for pile in state.play_piles + state.won for c in pile])
