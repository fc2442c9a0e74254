"""The game registry: ``games.get(name)`` and ``games.names()``.

The engine knows no game: ``ludotheque.games`` registers the built-in ones, from an explicit
list, when it is imported (importing any game imports it), and a test or a plug-in may register
its own. Nothing here imports a game, so the registry and the games form no import cycle.
"""

from __future__ import annotations

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.protocol import Game

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    if game.name in _GAMES and _GAMES[game.name] is not game:
        raise ValueError(f"game {game.name!r} is registered twice")
    _GAMES[game.name] = game
    return game


def get(name: str) -> Game:
    try:
        return _GAMES[name]
    except KeyError:
        if not _GAMES:
            raise OptionsError(
                f"jeu inconnu : « {name} » (aucun jeu enregistré : importez ludotheque.games)",
                f"unknown game: '{name}' (no game registered: import ludotheque.games)",
            ) from None
        known = ", ".join(sorted(_GAMES))
        raise OptionsError(
            f"jeu inconnu : « {name} » (jeux disponibles : {known})",
            f"unknown game: '{name}' (available: {known})",
        ) from None


def names() -> list[str]:
    return sorted(_GAMES)
