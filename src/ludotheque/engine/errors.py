"""The handful of precise errors every part of Ludothèque raises.

Each carries a message a player understands, French first (``str(err)``) with an English
translation (``err.en``). Each also subclasses the builtin it refines, so ``except ValueError``
keeps working for callers that do not know ours.
"""

from __future__ import annotations


class LudoError(Exception):
    """Base of all Ludothèque errors: a French message, and the same in English."""

    def __init__(self, fr: str, en: str | None = None) -> None:
        super().__init__(fr)
        self.fr = fr
        self.en = en if en is not None else fr

    def message(self, lang: str = "fr") -> str:
        return self.en if lang == "en" else self.fr


class IllegalAction(LudoError, ValueError):
    """A well-formed action that the rules do not allow now (the state is left unchanged)."""


class InvalidAction(LudoError, ValueError):
    """A malformed action: unknown type, missing field, wrong field type."""


class OptionsError(LudoError, ValueError):
    """An unknown table option or a value out of its range. The message names the option as
    the table form shows it (« Cartes par main »); ``option`` is its key (``hand_size``), for
    a command line where the key is what one types."""

    def __init__(self, fr: str, en: str | None = None, option: str | None = None) -> None:
        super().__init__(fr, en)
        self.option = option


class NotationError(LudoError, ValueError):
    """Text that is not valid in a game's notation (cards, hands, words)."""


class RecordError(LudoError, ValueError):
    """A game record that cannot be replayed: corrupted, truncated, or from another version."""


class LexiconError(LudoError, RuntimeError):
    """The French lexicon cannot be loaded or built."""
