"""Agents that play through the protocol. They see a seat's view and its legal actions only.

``bots.make("alphapoker", "fort", seed=3)`` builds a bot: the game's own bots first (declared
in its ``Game.bots``), then the generic ones here (``random``).
"""

from __future__ import annotations

from ludotheque.bots.base import RandomBot, available, make
from ludotheque.engine.protocol import Bot

__all__ = ["Bot", "RandomBot", "available", "make"]
