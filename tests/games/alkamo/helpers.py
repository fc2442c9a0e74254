"""Positions for Alkamo tests: deal chosen tiles and plaques while keeping every invariant."""

from __future__ import annotations

from typing import Any

from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.rules import AlkamoState, sort_tiles


def new(players: int = 3, seed: int = 1, **options: Any) -> AlkamoState:
    options.setdefault("judge", "liste")
    state = GAME.new(players, options, seed)
    assert isinstance(state, AlkamoState)
    return state


def deal(state: AlkamoState, seat: int, tiles: str) -> None:
    """Give ``seat`` exactly ``tiles`` (``*`` for a joker), through L (R31 holds)."""
    state.bag_l += state.racks[seat]
    state.racks[seat] = []
    for t in tiles:
        if t not in state.bag_l:  # another player holds it: he gets a tile from L instead
            other = next(s for s in range(state.players) if t in state.racks[s])
            spare = next(x for x in state.bag_l if x not in tiles)
            state.racks[other].remove(t)
            state.bag_l.remove(spare)
            state.racks[other] = sort_tiles([*state.racks[other], spare])
            state.bag_l.append(t)
        state.bag_l.remove(t)
    state.racks[seat] = sort_tiles(list(tiles))


def next_plaque(state: AlkamoState, plaque: str) -> None:
    """Make ``plaque`` the next one drawn from T."""
    state.bag_t.remove(plaque)
    state.bag_t.append(plaque)


def play_word(state: AlkamoState, plaque: str | None, word: str, **extra: Any) -> list[dict]:
    """The active player draws ``plaque`` (None: Super Mot) and submits ``word``."""
    seat = state.active
    if plaque is None:
        events = state.apply(seat, {"type": "super_mot"})
    else:
        next_plaque(state, plaque)
        events = state.apply(seat, {"type": "tirer"})
    return events + state.apply(seat, {"type": "mot", "mot": word, **extra})


def accepted(events: list[dict]) -> dict | None:
    return next((e for e in events if e["type"] == "accepte"), None)


def rejected(events: list[dict]) -> dict | None:
    return next((e for e in events if e["type"] == "rejete"), None)


def finish_return(state: AlkamoState, tiles: str = "") -> list[dict]:
    seat = state.active
    events = []
    if tiles:
        events += state.apply(seat, {"type": "rendre", "lettres": tiles})
    if state.phase == "return":
        events += state.apply(seat, {"type": "rendre", "lettres": ""})
    return events
