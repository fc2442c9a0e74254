"""The game registry: ``games.get(name)`` and ``games.names()``."""

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
    _load_builtin_games()
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES))
        raise OptionsError(
            f"jeu inconnu : « {name} » (jeux disponibles : {known})",
            f"unknown game: '{name}' (available: {known})",
        ) from None


def names() -> list[str]:
    _load_builtin_games()
    return sorted(_GAMES)


def _load_builtin_games() -> None:
    # Importing the games package registers every built-in game.
    import ludotheque.games  # noqa: F401
