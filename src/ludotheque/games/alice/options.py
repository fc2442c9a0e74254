"""Alice table options (rules/alice.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.labels import OptionWords, option, w
from ludotheque.engine.options import GameOptions

# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "level": option(
        "Niveau",
        "Level",
        "A : on déplace et on prend, sans échanges ; B : la partie complète, avec les échanges.",
        "A: cards move and capture, without exchanges; B: the full game, with exchanges.",
        A=w("A — débutant", "A — beginner"),
        B=w("B — complet", "B — full game"),
    ),
    "blocage": option(
        "Blocage (pas de saut)",
        "Blocking (no jumps)",
        "Une carte ne saute pas par-dessus une autre : son chemin doit être libre.",
        "A card does not jump over another: its path must be free.",
    ),
    "extra_turns": option(
        "Tours après la dernière carte",
        "Turns after the last card",
        "Combien de coups chacun joue encore quand la pioche est vide.",
        "How many more moves each player makes once the pile is empty.",
    ),
    "ace_of_spades_value": option(
        "Valeur de l'As de pique",
        "Value of the Ace of spades",
        "21 (la série des valeurs du livret) ou 1 (le chiffre imprimé au livret).",
        "21 (the series of the rule book's values) or 1 (the figure the rule book prints).",
    ),
    "time_limit_s": option(
        "Durée de la partie (s)",
        "Game duration (s)",
        "Une pendule sur toute la partie ; vide : pas de limite.",
        "A clock on the whole game; empty: no limit.",
    ),
}


@dataclass(frozen=True)
class Options(GameOptions):
    """The rule book's defaults: level B, no blocage, one extra turn each, As de pique 21."""

    level: Literal["A", "B"] = "B"  # R22, D17
    blocage: bool = False  # R10, D3
    extra_turns: int = 1  # R25, D14
    ace_of_spades_value: int = 21  # D15
    time_limit_s: int | None = None  # R27, D18

    words = WORDS

    def check(self) -> None:
        if self.extra_turns < 1:
            raise self.refuse(
                "extra_turns",
                f"au moins 1 (reçu {self.extra_turns})",
                f"at least 1 (got {self.extra_turns})",
            )
        if self.ace_of_spades_value not in (21, 1):
            raise self.refuse(
                "ace_of_spades_value",
                f"21 ou 1 (reçu {self.ace_of_spades_value})",
                f"21 or 1 (got {self.ace_of_spades_value})",
            )
        if self.time_limit_s is not None and self.time_limit_s < 1:
            raise self.refuse(
                "time_limit_s",
                f"au moins 1 seconde (reçu {self.time_limit_s})",
                f"at least 1 second (got {self.time_limit_s})",
            )
