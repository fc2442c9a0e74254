"""The bot interface and the generic random bot."""

from __future__ import annotations

import random
from typing import Any

from ludotheque import games
from ludotheque.engine.errors import OptionsError
from ludotheque.engine.protocol import Action, Bot, BotFactory


class RandomBot:
    """Chooses uniformly among the legal actions (seeded, so games replay)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        return self.rng.choice(legal)


GENERIC: dict[str, BotFactory] = {"random": RandomBot}


def available(game: str) -> list[str]:
    """Names of the bots that can play ``game``, the game's own first."""
    own = list(games.get(game).bots)
    return own + [name for name in GENERIC if name not in own]


def make(game: str, name: str, seed: int = 0) -> Bot:
    factories: dict[str, BotFactory] = {**GENERIC, **games.get(game).bots}
    if name not in factories:
        raise OptionsError(
            f"bot inconnu pour {game} : « {name} » (bots possibles : {', '.join(available(game))})",
            f"unknown bot for {game}: '{name}' (available: {', '.join(available(game))})",
        )
    return factories[name](seed)
