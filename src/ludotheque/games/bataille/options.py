"""La Bataille AlphaPoker table options (rules/alphapoker.md §2, R61, R65–R67)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.labels import OptionWords, option, w
from ludotheque.engine.options import GameOptions

MIN_TABLE = 5  # R58: claims from 5 cards on the table
LAY_MIN_S = 3  # R65
LAY_MAX_S = 10  # R65
JOKER_POINTS = 10  # R68


# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "bataille_mode": option(
        "Fin de la bataille",
        "End of the battle",
        "Jusqu'au bout des cartes, ou au bout du temps annoncé.",
        "When the cards run out, or when the announced time is up.",
        deck=w("jusqu'au bout des cartes", "until the cards run out"),
        timed=w("au bout du temps annoncé", "when the announced time is up"),
    ),
    "bataille_duration_s": option(
        "Durée annoncée (s)",
        "Announced duration (s)",
        "La durée de la bataille chronométrée.",
        "The length of a timed battle.",
    ),
    "courtoisie": option(
        "Courtoisie",
        "Courtesy",
        "Laisser à l'adversaire le temps de voir la carte retournée avant de poser la main.",
        "Give the opponent time to see the card turned before claiming.",
    ),
    "lay_timer": option(
        "Minuteur de pose",
        "Laying timer",
        "Entre 3 et 10 s entre deux cartes retournées.",
        "3 to 10 s between two cards turned.",
    ),
    "compound_words": option(
        "Mots composés",
        "Compound words",
        "Admettre les mots composés.",
        "Admit compound words.",
    ),
    "bot_reaction_ms": option(
        "Réaction des bots (ms)",
        "Bots' reaction (ms)",
        "Le temps d'un bot avant de poser la main sur un mot.",
        "How long a bot waits before claiming a word.",
    ),
}


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

    words = WORDS

    def check(self) -> None:
        if not 10 <= self.bataille_duration_s <= 24 * 3600:
            raise self.refuse(
                "bataille_duration_s",
                f"de 10 à 86400 s (reçu {self.bataille_duration_s})",
                f"10 to 86400 s (got {self.bataille_duration_s})",
            )
        if not 0 <= self.bot_reaction_ms <= 60_000:
            raise self.refuse(
                "bot_reaction_ms",
                f"de 0 à 60000 ms (reçu {self.bot_reaction_ms})",
                f"0 to 60000 ms (got {self.bot_reaction_ms})",
            )
