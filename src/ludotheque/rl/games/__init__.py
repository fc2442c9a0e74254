"""Per-game declarations for the learning environments: the action families and the view
features of a game. One module per game, named after it, defining ``codec(players, options)``
and ``features(players, options)``; a game without a module (or without one of the two
functions) gets the generic fallbacks (:class:`~ludotheque.rl.actions.LegalIndex`,
:class:`~ludotheque.rl.encoding.HashedView`).

These modules are the only place of ``rl/`` that knows a game's vocabulary (card names,
action fields); they read views and legal actions, never a state.
"""

from __future__ import annotations

import importlib
from types import ModuleType

DECLARED = ("alice", "alkamo", "alphapoker", "bataille", "belote", "casinoroyal", "pokerdas")


def declaration(game: str) -> ModuleType | None:
    """The declaration module of ``game``, or None if it has none."""
    if game not in DECLARED:
        return None
    return importlib.import_module(f"ludotheque.rl.games.{game}")
