"""Casino Royal table options (rules/casinoroyal.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.labels import OptionWords, option, w
from ludotheque.engine.options import GameOptions

# The table form's words (engine/labels.py).
WORDS: dict[str, OptionWords] = {
    "game": option(
        "Jeu",
        "Game",
        "A : poker et bingo ; B : la variante du poker ; C : le bingo seul, sans mises.",
        "A: poker and bingo; B: the poker variant; C: bingo alone, no bets.",
        A=w("A — Poker-Bingo", "A — Poker-Bingo"),
        B=w("B — Variante du Poker", "B — Poker variant"),
        C=w("C — Bingo", "C — Bingo"),
    ),
    "rounds": option(
        "Manches",
        "Rounds",
        "Vide : une manche par joueur (chacun donne une fois).",
        "Empty: one round per player (each deals once).",
    ),
    "cartons_per_player": option(
        "Cartons par joueur",
        "Cartons per player",
        "Au Bingo (C) seulement : jusqu'à 4 cartons chacun.",
        "In the Bingo (C) only: up to 4 cartons each.",
    ),
    "pass_cartons": option(
        "Les cartons tournent",
        "Cartons pass on",
        "Après chaque manche, les cartons passent au voisin (oui en A et B, non en C).",
        "After each round cartons pass to the next player (yes in A and B, no in C).",
    ),
    "raise_cap": option(
        "Plafond des relances",
        "Raise cap",
        "Aucune relance au-delà de ce que le plus riche des autres peut payer.",
        "No raise beyond what the richest other player can pay.",
    ),
    "call_after": option(
        "« Rien ne va plus » à partir de la carte (A)",
        "“No more bets!” from card (A)",
        "En A : combien de cartes retourner après « Relance ? » avant qu'on puisse crier « Rien "
        "ne va plus » (1 : dès la première, la règle du livre).",
        "In A: how many cards are turned after “Raise?” before anyone may call “No more "
        "bets!” (1: from the first, the rule book).",
    ),
    "all_in": option(
        "Tapis et pots annexes (A, B)",
        "All-in and side pots (A, B)",
        "Qui ne peut pas payer met tout ce qu'il a et reste en jeu.",
        "Whoever cannot pay puts in all he has and stays in.",
    ),
}


@dataclass(frozen=True)
class Options(GameOptions):
    """``game``: A (Casino Royal-Poker), B (Variante du Poker) or C (Casino Royal Bingo).

    ``rounds``: rounds in the session, ``none`` = one per player (every player deals once, R8).
    ``cartons_per_player``: game C only, at most 8 cartons in play (R30).
    ``pass_cartons``: cartons passed to the left after each round (R7); ``none`` = the spec's
    default for the game (yes in A and B, no in C, D14).
    ``all_in`` (table stakes, not in the spec, on by default — the default table, see
    docs/casinoroyal.md « Table par défaut »): in games A and B a player who cannot pay what a
    bet asks may pay all he has and stay in (« tapis »); he then makes no more betting
    decisions, keeps covering the cards of his cartons without a unit, and can win from each
    other player at most what he himself has on the table: the rest forms side pots (« pots
    annexes ») for the players who put more. Off (the variant « livre »), the rule book to the
    letter: a player who cannot pay passes (R14, R23, R26) and without units he cannot mark
    (R4). No effect in game C (no bets).
    ``raise_cap`` (not in the spec, off by default): no raise, bid, stake or « j'enchéris » may
    ask more than the richest other player still in can pay. The spec has no all-in: a player
    who cannot pay passes (R14, R26), so without the cap the richest player wins any round at
    « Relance ? » by raising more than anybody else owns (see docs/casinoroyal.md).
    """

    game: Literal["A", "B", "C"] = "A"
    rounds: int | None = None
    cartons_per_player: int = 1
    pass_cartons: bool | None = None
    raise_cap: bool = False
    all_in: bool = True
    call_after: int = 1

    words = WORDS

    def check(self) -> None:
        if self.rounds is not None and not 1 <= self.rounds <= 1000:
            raise self.refuse(
                "rounds",
                f"de 1 à 1000, ou aucun (reçu {self.rounds})",
                f"1 to 1000, or none (got {self.rounds})",
            )
        if not 1 <= self.cartons_per_player <= 4:
            raise self.refuse(
                "cartons_per_player",
                f"de 1 à 4 (reçu {self.cartons_per_player}) : "
                "il n'y a que 8 cartons et au moins 2 joueurs",
                f"1 to 4 (got {self.cartons_per_player}): "
                "there are 8 cartons and at least 2 players",
            )
        if not 1 <= self.call_after <= 52:
            raise self.refuse(
                "call_after",
                f"de 1 à 52 (reçu {self.call_after})",
                f"1 to 52 (got {self.call_after})",
            )
        if self.cartons_per_player > 1 and self.game != "C":
            raise self.refuse(
                "cartons_per_player",
                "plusieurs cartons par joueur : seulement au Bingo (partie C)",
                "several cartons per player: only in the Bingo (game C)",
            )

    @property
    def passes(self) -> bool:
        """R7, D14: whether cartons pass to the left after each round."""
        return self.game != "C" if self.pass_cartons is None else self.pass_cartons

    @property
    def table_stakes(self) -> bool:
        """Whether all-in and side pots apply: the ``all_in`` option, in games A and B."""
        return self.all_in and self.game != "C"


__all__ = ["Options"]
