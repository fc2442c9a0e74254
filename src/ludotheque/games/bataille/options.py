"""La Bataille AlphaPoker table options (rules/alphapoker.md §2, R61, R65–R67)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions

MIN_TABLE = 5  # R58: claims from 5 cards on the table
LAY_MIN_S = 3  # R65
LAY_MAX_S = 10  # R65
JOKER_POINTS = 10  # R68


@dataclass(frozen=True)
class Options(GameOptions):
    """``bot_reaction_ms`` (« Réaction des bots ») is for drivers: a bot claims a word no earlier
    than this after the card that made it, and lays its card no earlier than this after the
    previous card (``State.bot_pace``; the server and the terminal honour it)."""

    bataille_mode: Literal["deck", "timed"] = "deck"
    bataille_duration_s: int = 600
    courtoisie: bool = False
    lay_timer: bool = False
    compound_words: bool = False
    bot_reaction_ms: int = 2500

    def check(self) -> None:
        if not 10 <= self.bataille_duration_s <= 24 * 3600:
            raise OptionsError(
                f"bataille_duration_s : de 10 à 86400 s (reçu {self.bataille_duration_s})",
                f"bataille_duration_s: 10 to 86400 s (got {self.bataille_duration_s})",
            )
        if not 0 <= self.bot_reaction_ms <= 60_000:
            raise OptionsError(
                f"bot_reaction_ms doit valoir de 0 à 60000 ms (reçu {self.bot_reaction_ms})",
                f"bot_reaction_ms must be 0 to 60000 ms (got {self.bot_reaction_ms})",
            )
