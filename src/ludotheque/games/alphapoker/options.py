"""AlphaPoker table options (rules/alphapoker.md §2) and the tables that depend on them."""

from __future__ import annotations

from dataclasses import dataclass

from ludotheque.engine.labels import OptionWords, option
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


# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "hand_size": option(
        "Cartes par main",
        "Cards per hand",
        "De 5 à 9 ; le nombre de changes et de cartes changées suit (7 : deux changes de 4).",
        "5 to 9; the number of changes and of cards changed follows (7: two changes of 4).",
    ),
    "hands_per_game": option(
        "Mains par partie",
        "Hands per game",
        "La partie s'arrête après ce nombre de mains ; le plus riche gagne.",
        "The game stops after this many hands; the richest player wins.",
    ),
    "simplified_counting": option(
        "Comptage simplifié",
        "Simplified counting",
        "Sans points de longueur : la valeur des lettres, doublée si le mot est d'une couleur.",
        "No length points: the letters' values, doubled when the word is of one colour.",
    ),
    "timers": option(
        "Minuteurs (60 s / 20 s)",
        "Timers (60 s / 20 s)",
        "60 s pour changer, 20 s pour miser, comme au livret.",
        "60 s to change, 20 s to bet, as in the rule book.",
    ),
    "alternate_betting": option(
        "Mises intermédiaires",
        "Intermediate betting",
        "Un tour de mise après chaque change.",
        "A betting round after each change.",
    ),
    "capital": option(
        "Capital de départ",
        "Starting capital",
        "Les PM de chacun au départ ; vide : selon le nombre de joueurs (210, 140, 110).",
        "Each player's PM at the start; empty: by the number of players (210, 140, 110).",
    ),
    "compound_words": option(
        "Mots composés",
        "Compound words",
        "Admettre les mots composés (porte-clé…).",
        "Admit compound words (porte-clé…).",
    ),
    "proper_nouns": option(
        "Noms propres",
        "Proper nouns",
        "Admettre les noms propres de la liste de la table.",
        "Admit the proper nouns of the table's list.",
    ),
    "proper_noun_list": option(
        "Liste de noms propres",
        "Proper noun list",
        "Les noms propres admis, séparés par des virgules.",
        "The proper nouns admitted, comma-separated.",
    ),
    "theme": option(
        "Thème (jugé par les joueurs)",
        "Theme (judged by the players)",
        "Un mot montré doit appartenir au thème, sinon il compte 0.",
        "A word shown must belong to the theme, else it counts 0.",
    ),
}


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

    words = WORDS

    def check(self) -> None:
        if self.hand_size not in CHANGE_TABLE:
            raise self.refuse(
                "hand_size",
                f"de 5 à 9 cartes (reçu {self.hand_size})",
                f"5 to 9 cards (got {self.hand_size})",
            )
        if self.hands_per_game < 1:
            raise self.refuse(
                "hands_per_game",
                f"au moins 1 (reçu {self.hands_per_game})",
                f"at least 1 (got {self.hands_per_game})",
            )
        if self.capital is not None and not ANTE <= self.capital <= 100_000:
            raise self.refuse(
                "capital",
                f"de {ANTE} à 100000 PM (reçu {self.capital})",
                f"{ANTE} to 100000 PM (got {self.capital})",
            )
        if self.proper_nouns and not self.proper_noun_list:
            raise self.refuse(
                "proper_nouns",
                f"il faut une {self.named('proper_noun_list')} fournie par la table "
                "(Paris, Lyon, …)",
                f"a {self.named('proper_noun_list', 'en')} supplied by the table is needed "
                "(Paris, Lyon, …)",
            )
        if self.proper_noun_list and not self.proper_nouns:
            raise self.refuse(
                "proper_noun_list",
                f"n'a de sens qu'avec {self.named('proper_nouns')} cochés",
                f"only makes sense with {self.named('proper_nouns', 'en')} ticked",
            )
        if self.theme is not None and not self.theme.strip():
            raise self.refuse("theme", "il ne peut pas être vide", "it cannot be empty")

    @property
    def change_rounds(self) -> int:
        return CHANGE_TABLE[self.hand_size][0]

    @property
    def max_change(self) -> int:
        return CHANGE_TABLE[self.hand_size][1]
