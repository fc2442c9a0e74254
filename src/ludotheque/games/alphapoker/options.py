"""AlphaPoker table options (rules/alphapoker.md §2) and the tables that depend on them."""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions

# R10: hand size → (change rounds, max cards per change).
CHANGE_TABLE: dict[int, tuple[int, int]] = {5: (1, 3), 6: (2, 3), 7: (2, 4), 8: (3, 4), 9: (3, 5)}
ANTE = 5  # R9
CAP = 15  # D1: bet level cap beyond the ante
INTERMEDIATE_CAP = 14  # R23, D16: 15 would be an automatic « pour voir »
TIMER_CHANGE_S = 60  # R24
TIMER_BET_S = 20  # R24


def starting_capital(players: int) -> int:
    """R3, D12: 210 / 140 / 110 PM for 2 / 3 / 4 players, 110 for 5–8 (two sets)."""
    return {2: 210, 3: 140}.get(players, 110)


def sets_for(players: int) -> int:
    """R1, D12: one set up to 4 players, two sets shuffled together for 5–8."""
    return 1 if players <= 4 else 2


@dataclass(frozen=True)
class Options(GameOptions):
    """Options of the main game. Tournament, Bataille and Belote options belong to those games."""

    hand_size: int = 7
    hands_per_game: int = 10
    simplified_counting: bool = False
    timers: bool = False
    alternate_betting: bool = False
    capital: int | None = None
    compound_words: bool = False
    proper_nouns: bool = False
    proper_noun_list: tuple[str, ...] = ()
    theme: str | None = None

    def check(self) -> None:
        if self.hand_size not in CHANGE_TABLE:
            raise OptionsError(
                f"hand_size doit valoir de 5 à 9 cartes (reçu {self.hand_size})",
                f"hand_size must be 5 to 9 cards (got {self.hand_size})",
            )
        if self.hands_per_game < 1:
            raise OptionsError(
                f"hands_per_game doit valoir au moins 1 (reçu {self.hands_per_game})",
                f"hands_per_game must be at least 1 (got {self.hands_per_game})",
            )
        if self.capital is not None and not ANTE <= self.capital <= 100_000:
            raise OptionsError(
                f"capital doit valoir de {ANTE} à 100000 PM (reçu {self.capital})",
                f"capital must be {ANTE} to 100000 PM (got {self.capital})",
            )
        if self.proper_nouns and not self.proper_noun_list:
            raise OptionsError(
                "proper_nouns exige une liste de noms propres fournie par la table "
                "(option proper_noun_list=Paris,Lyon,…)",
                "proper_nouns requires a list of proper nouns supplied by the table "
                "(option proper_noun_list=Paris,Lyon,…)",
            )
        if self.proper_noun_list and not self.proper_nouns:
            raise OptionsError(
                "proper_noun_list n'a de sens qu'avec proper_nouns=true",
                "proper_noun_list only makes sense with proper_nouns=true",
            )
        if self.theme is not None and not self.theme.strip():
            raise OptionsError("le thème ne peut pas être vide", "the theme cannot be empty")

    @property
    def change_rounds(self) -> int:
        return CHANGE_TABLE[self.hand_size][0]

    @property
    def max_change(self) -> int:
        return CHANGE_TABLE[self.hand_size][1]
