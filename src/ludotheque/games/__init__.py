"""The games. ``games.get(name)`` returns a registered game; ``games.names()`` lists them.

Importing this package registers the built-in games, listed here: the engine's registry never
imports a game (no import cycle between the engine and the games).
"""

from ludotheque.engine.registry import get, names, register
from ludotheque.games.alice import GAME as _alice
from ludotheque.games.alkamo import GAME as _alkamo
from ludotheque.games.alphapoker import GAME as _alphapoker
from ludotheque.games.bataille import GAME as _bataille
from ludotheque.games.belote import GAME as _belote
from ludotheque.games.casinoroyal import GAME as _casinoroyal
from ludotheque.games.pokerdas import GAME as _pokerdas

BUILTIN = (_alphapoker, _pokerdas, _alice, _bataille, _belote, _casinoroyal, _alkamo)
for _game in BUILTIN:
    register(_game)

__all__ = ["BUILTIN", "get", "names", "register"]
