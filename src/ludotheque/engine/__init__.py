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

__all__ = [
    "IllegalAction",
    "InvalidAction",
    "LexiconError",
    "LudoError",
    "NotationError",
    "OptionsError",
    "RecordError",
]
