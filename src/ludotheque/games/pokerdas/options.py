"""Poker d'As table options (rules/pokerdas.md §2): the default table, the « café » preset (D3)
and the rule book read to the letter (the variant « livre »)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludotheque.engine.labels import OptionWords, option
from ludotheque.engine.options import GameOptions

# D3: the café habit, kept dice and three throws for the first player.
CAFE: dict[str, Any] = {"relance_totale": False, "max_throws": 3}
# The default table's session: twenty rounds (five laps of the table at four players, four at
# five), about ten minutes of play at a person's pace (docs/pokerdas.md, « Table par défaut »).
DEFAULT_ROUNDS = 20
# The rule book to the letter (§2): whole throws, no throw limit, until one player is left.
LITERAL: dict[str, Any] = {"relance_totale": True, "max_throws": None, "max_rounds": None}


# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "poker_joker": option(
        "Poker-Joker (As jokers)",
        "Poker-Joker (Aces wild)",
        "Les As remplacent n'importe quelle face.",
        "Aces stand for any face.",
    ),
    "max_throws": option(
        "Lancers au plus",
        "Maximum throws",
        "Le premier joueur lance au plus tant de fois ; vide : sans limite.",
        "The first player throws at most this many times; empty: no limit.",
    ),
    "relance_totale": option(
        "Relance des 5 dés",
        "Re-throw all 5 dice",
        "Chaque lancer reprend les cinq dés (sinon on garde ceux qu'on veut).",
        "Every throw takes all five dice (otherwise you keep the ones you like).",
    ),
    "stake": option(
        "Mise par manche",
        "Stake per round",
        "Les jetons que chacun met au pot.",
        "The tokens each player puts in the pot.",
    ),
    "start_tokens": option(
        "Jetons au départ",
        "Starting tokens",
        "Les jetons de chacun au début ; qui n'en a plus est éliminé.",
        "Each player's tokens at the start; a player with none left is out.",
    ),
    "max_rounds": option(
        "Manches au plus",
        "Maximum rounds",
        "La partie s'arrête après tant de manches ; vide : jusqu'à un seul joueur restant.",
        "The game stops after this many rounds; empty: until one player is left.",
    ),
    "liar_rethrows": option(
        "Relances sous le gobelet",
        "Re-throws under the cup",
        "Au Poker d'As menteur : combien de fois on peut relancer des dés caché.",
        "In Liar's Poker d'As: how many times dice may be re-thrown hidden.",
    ),
    "menteur": option(
        "Poker d'As menteur",
        "Liar's Poker d'As",
        "On annonce sans montrer ; le suivant accepte ou crie « Bluff ! ».",
        "You announce without showing; the next player accepts or calls “Bluff!”.",
    ),
}


@dataclass(frozen=True)
class Options(GameOptions):
    """The default table is the « café » preset (D3) for a session of twenty rounds: kept dice,
    three throws at most for the first player, 1 token stake, 10 tokens each. The rule book
    read to the letter (``LITERAL``, the variant « livre ») throws all five dice every time, with
    no throw limit, until one player is left: an optimal first player then throws hundreds or
    thousands of times a round, and a session of four lasts hundreds of rounds.

    ``menteur`` plays Poker d'As menteur (R20–R29), always with aces wild (D8).
    """

    poker_joker: bool = False
    max_throws: int | None = 3
    relance_totale: bool = False
    stake: int = 1
    start_tokens: int = 10
    max_rounds: int | None = DEFAULT_ROUNDS
    liar_rethrows: int = 1
    menteur: bool = False

    words = WORDS

    def check(self) -> None:
        for name, low in (("stake", 1), ("start_tokens", 1), ("liar_rethrows", 0)):
            value = getattr(self, name)
            if not low <= value <= 10_000:
                raise self.refuse(
                    name, f"de {low} à 10000 (reçu {value})", f"{low} to 10000 (got {value})"
                )
        if not self.menteur and self.stake > self.start_tokens:  # R7: nobody could stake
            raise self.refuse(
                "stake",
                f"au plus les jetons de départ ({self.start_tokens}) : sinon personne ne peut "
                f"miser (reçu {self.stake})",
                f"at most the starting tokens ({self.start_tokens}): otherwise nobody can stake "
                f"(got {self.stake})",
            )
        for name in ("max_throws", "max_rounds"):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= 10_000:
                raise self.refuse(
                    name,
                    f"de 1 à 10000, ou aucun (reçu {value})",
                    f"1 to 10000, or none (got {value})",
                )

    @property
    def joker(self) -> bool:
        """R15, D8: aces are wild with Poker-Joker, and always in menteur."""
        return self.poker_joker or self.menteur

    @classmethod
    def cafe(cls, **others: Any) -> Options:
        """The « café » preset (D3): ``relance_totale`` off and ``max_throws`` 3."""
        return cls.from_dict({**CAFE, **others})
