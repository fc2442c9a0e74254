"""The games. ``games.get(name)`` returns a registered game; ``games.names()`` lists them."""

from ludotheque.engine.registry import get, names, register
from ludotheque.games.alice import GAME as _alice
from ludotheque.games.alkamo import GAME as _alkamo
from ludotheque.games.alphapoker import GAME as _alphapoker
from ludotheque.games.bataille import GAME as _bataille
from ludotheque.games.belote import GAME as _belote
from ludotheque.games.casinoroyal import GAME as _casinoroyal
from ludotheque.games.pokerdas import GAME as _pokerdas

register(_alphapoker)
register(_pokerdas)
register(_alice)
register(_bataille)
register(_belote)
register(_casinoroyal)
register(_alkamo)

__all__ = ["get", "names", "register"]
