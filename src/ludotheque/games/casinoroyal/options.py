"""Casino Royal table options (rules/casinoroyal.md §2)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions


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

    def check(self) -> None:
        if self.rounds is not None and not 1 <= self.rounds <= 1000:
            raise OptionsError(
                f"rounds doit valoir de 1 à 1000, ou none (reçu {self.rounds})",
                f"rounds must be 1 to 1000, or none (got {self.rounds})",
            )
        if not 1 <= self.cartons_per_player <= 4:
            raise OptionsError(
                f"cartons_per_player doit valoir de 1 à 4 (reçu {self.cartons_per_player}) : "
                "il n'y a que 8 cartons et au moins 2 joueurs",
                f"cartons_per_player must be 1 to 4 (got {self.cartons_per_player}): "
                "there are 8 cartons and at least 2 players",
            )
        if self.cartons_per_player > 1 and self.game != "C":
            raise OptionsError(
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
