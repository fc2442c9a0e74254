"""The handful of precise errors every part of Ludothèque raises.

Each carries a message a player understands, French first (``str(err)``) with an English
translation (``err.en``). Each also subclasses the builtin it refines, so ``except ValueError``
keeps working for callers that do not know ours.
"""

from __future__ import annotations

import errno


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


# Why the system refused to read or write a file, in words (its own strerror is English).
OS_REASONS: dict[int, tuple[str, str]] = {
    errno.ENOTDIR: ("un fichier se trouve sur ce chemin", "a file is in the way"),
    errno.EEXIST: ("un fichier porte ce nom", "a file has this name"),
    errno.EISDIR: ("c'est un dossier", "it is a folder"),
    errno.EACCES: ("permission refusée", "permission denied"),
    errno.EPERM: ("permission refusée", "permission denied"),
    errno.EROFS: ("système de fichiers en lecture seule", "read-only file system"),
    errno.ENOSPC: ("disque plein", "no space left on the disk"),
    errno.EDQUOT: ("quota de disque atteint", "disk quota exceeded"),
    errno.ENOENT: ("chemin introuvable", "no such path"),
    errno.ENAMETOOLONG: ("nom trop long", "name too long"),
}


def os_reason(exc: OSError) -> tuple[str, str]:
    """Why a read or a write failed, in French and in English (the system's words when the
    error is none of :data:`OS_REASONS`)."""
    text = exc.strerror or str(exc)
    return OS_REASONS.get(exc.errno or 0, (text, text))
