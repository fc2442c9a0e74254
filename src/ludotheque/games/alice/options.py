"""Alice table options (rules/alice.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions


@dataclass(frozen=True)
class Options(GameOptions):
    """The rule book's defaults: level B, no blocage, one extra turn each, As de pique 21."""

    level: Literal["A", "B"] = "B"  # R22, D17
    blocage: bool = False  # R10, D3
    extra_turns: int = 1  # R25, D14
    ace_of_spades_value: int = 21  # D15
    time_limit_s: int | None = None  # R27, D18

    def check(self) -> None:
        if self.extra_turns < 1:
            raise OptionsError(
                f"extra_turns doit valoir au moins 1 (reçu {self.extra_turns})",
                f"extra_turns must be at least 1 (got {self.extra_turns})",
            )
        if self.ace_of_spades_value not in (21, 1):
            raise OptionsError(
                f"ace_of_spades_value vaut 21 ou 1 (reçu {self.ace_of_spades_value})",
                f"ace_of_spades_value is 21 or 1 (got {self.ace_of_spades_value})",
            )
        if self.time_limit_s is not None and self.time_limit_s < 1:
            raise OptionsError(
                f"time_limit_s doit valoir au moins 1 seconde (reçu {self.time_limit_s})",
                f"time_limit_s must be at least 1 second (got {self.time_limit_s})",
            )
