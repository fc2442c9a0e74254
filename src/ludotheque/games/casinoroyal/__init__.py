"""Casino Royal: Poker-Bingo (A), the Poker variant (B) and Bingo (C) on 20-card cartons
(rules/casinoroyal.md)."""

from ludotheque.engine.protocol import Game
from ludotheque.games.casinoroyal.bots import Fort
from ludotheque.games.casinoroyal.labels import WORDS
from ludotheque.games.casinoroyal.options import Options
from ludotheque.games.casinoroyal.rules import CasinoRoyalState

GAME = Game(
    name="casinoroyal",
    title="Casino Royal",
    min_players=2,
    max_players=8,
    options=Options,
    state=CasinoRoyalState,
    version=1,
    description_fr="Poker et bingo sur des cartons de 20 cartes pendant que le donneur retourne "
    "le jeu : A Casino Royal-Poker, B Variante du Poker, C Casino Royal Bingo.",
    bots={"fort": Fort},
    words=WORDS,
    terminal="ludotheque.games.casinoroyal.terminal:CasinoRoyalTerminal",
    cli_commands="ludotheque.games.casinoroyal.cli",
    rl_features="ludotheque.games.casinoroyal.rl",
    report_questions="ludotheque.games.casinoroyal.report",
    variants={"A": {"game": "A"}, "B": {"game": "B"}, "C": {"game": "C"}},
    # The default table plays A and B with table stakes (docs/casinoroyal.md « Table par
    # défaut »): without them the richest player wins nearly every round at « Relance ? ».
    # « livre » holds the betting option only, so it combines with --game A/B/C.
    literal={"all_in": False},
    defaults_note=("tapis et pots annexes en A et B", "all-in and side pots in A and B"),
    record_defaults={"all_in": False},
)

__all__ = ["GAME", "CasinoRoyalState", "Options"]
