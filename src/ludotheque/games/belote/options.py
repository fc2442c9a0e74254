"""La Belote AlphaPoker table options (rules/alphapoker.md §2, R80, R82–R84)."""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions

HAND = 16  # R70
MIN_TABLE = 4  # R75, D29: claims from 4 cards on the table
MIN_WORD = 5  # R76.2
BONUS = 30  # R79
MANCHE_POINTS = 121  # R81


@dataclass(frozen=True)
class Options(GameOptions):
    belote_target: int = 1000
    belote_secrete: bool = False
    compound_words: bool = False

    def check(self) -> None:
        if not 1 <= self.belote_target <= 100_000:
            raise OptionsError(
                f"belote_target doit valoir de 1 à 100000 points (reçu {self.belote_target})",
                f"belote_target must be 1 to 100000 points (got {self.belote_target})",
            )
