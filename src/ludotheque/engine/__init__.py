"""Game-agnostic core: the protocol every game keeps, errors, seeded RNG, records, registry."""

from ludotheque.engine.errors import (
    IllegalAction,
    InvalidAction,
    LexiconError,
    LudoError,
    NotationError,
    OptionsError,
    RecordError,
)
from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import Action, Event, Game, Result, State, canonical_json
from ludotheque.engine.record import replay

__all__ = [
    "Action",
    "Event",
    "Game",
    "GameOptions",
    "IllegalAction",
    "InvalidAction",
    "LexiconError",
    "LudoError",
    "NotationError",
    "OptionsError",
    "RecordError",
    "Result",
    "State",
    "canonical_json",
    "replay",
]
