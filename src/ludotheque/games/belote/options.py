"""La Belote AlphaPoker table options (rules/alphapoker.md §2, R80, R82–R84)."""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.engine.labels import OptionWords, option
from ludotheque.engine.options import GameOptions

HAND = 16  # R70
MIN_TABLE = 4  # R75, D29: claims from 4 cards on the table
MIN_WORD = 5  # R76.2
BONUS = 30  # R79
MANCHE_POINTS = 121  # R81


# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "belote_target": option(
        "Objectif (points)",
        "Target (points)",
        "La première équipe à l'atteindre gagne.",
        "The first team to reach it wins.",
    ),
    "belote_secrete": option(
        "Belote secrète",
        "Secret belote",
        "Seule la carte du dessus de la pile se voit.",
        "Only the top card of the stack shows.",
    ),
    "compound_words": option(
        "Mots composés",
        "Compound words",
        "Admettre les mots composés.",
        "Admit compound words.",
    ),
}


@dataclass(frozen=True)
class Options(GameOptions):
    belote_target: int = 1000
    belote_secrete: bool = False
    compound_words: bool = False

    words = WORDS

    def check(self) -> None:
        if not 1 <= self.belote_target <= 100_000:
            raise self.refuse(
                "belote_target",
                f"de 1 à 100000 points (reçu {self.belote_target})",
                f"1 to 100000 points (got {self.belote_target})",
            )
