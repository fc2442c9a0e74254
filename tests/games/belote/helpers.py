"""Scenario helpers for the Belote rule tests: ``rig`` sets hands and the table directly."""

from __future__ import annotations

from typing import Any

from ludotheque.games.belote import GAME
from ludotheque.games.belote.rules import BeloteState


def cards(letters: str) -> list[str]:
    """ "TABLE" → ["Tr", "Ar", "Br", "Lr", "Er"]."""
    return [ch + "r" for ch in letters.replace(" ", "")]


def new(seed: int = 0, **options: Any) -> BeloteState:
    state = GAME.new(4, options, seed)
    assert isinstance(state, BeloteState)
    return state


def rig(
    state: BeloteState,
    hands: dict[int, str] | None = None,
    table: str | None = None,
    actor: int | None = None,
    required: str | None = "keep",
) -> None:
    for seat, letters in (hands or {}).items():
        state.hands[seat] = cards(letters)
    if table is not None:
        state.table = cards(table)
    if actor is not None:
        state.actor = actor
    if required != "keep":
        state.required = required


def lay(state: BeloteState, seat: int, letter: str) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": "lay", "card": letter})


def claim(state: BeloteState, seat: int, word: str) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": "claim", "word": word})


def pass_(state: BeloteState, seat: int) -> list[dict[str, Any]]:
    return state.apply(seat, {"type": "pass"})
