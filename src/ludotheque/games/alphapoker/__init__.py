"""AlphaPoker « le triple jeu »: letter-card poker where the hand you bet on is a French word."""

from ludotheque.engine.protocol import Game
from ludotheque.games.alphapoker.bots import Fort, Suiveur
from ludotheque.games.alphapoker.labels import WORDS
from ludotheque.games.alphapoker.options import Options
from ludotheque.games.alphapoker.rules import AlphaPokerState

GAME = Game(
    name="alphapoker",
    title="AlphaPoker",
    min_players=2,
    max_players=8,
    options=Options,
    state=AlphaPokerState,
    version=1,
    description_fr="Poker de lettres : misez sur le mot français que forment vos cartes.",
    bots={"fort": Fort, "suiveur": Suiveur},
    words=WORDS,
    terminal="ludotheque.games.alphapoker.terminal:AlphaPokerTerminal",
    cli_commands="ludotheque.games.alphapoker.cli",
    rl_features="ludotheque.games.alphapoker.rl",
    report_questions="ludotheque.games.alphapoker.report",
)

__all__ = ["GAME", "AlphaPokerState", "Options"]
