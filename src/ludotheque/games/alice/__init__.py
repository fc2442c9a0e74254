"""Alice « le jeu d'échecs de cartes »: 40 cards move like chess pieces on an 8 × 8 board."""

from ludotheque.engine.protocol import Game
from ludotheque.games.alice.bots import BOTS
from ludotheque.games.alice.labels import WORDS
from ludotheque.games.alice.options import Options
from ludotheque.games.alice.rules import AliceState

GAME = Game(
    name="alice",
    title="Alice",
    min_players=2,
    max_players=2,
    options=Options,
    state=AliceState,
    version=1,
    description_fr="Échecs de cartes : menacez, fuyez, prenez les cartes de forte valeur.",
    bots=BOTS,
    words=WORDS,
    terminal="ludotheque.games.alice.terminal:AliceTerminal",
    cli_commands="ludotheque.games.alice.cli",
    rl_features="ludotheque.games.alice.rl",
    report_questions="ludotheque.games.alice.report",
    default_bot=lambda options: "mcts:fort",  # a person plays the strongest level by default
)

__all__ = ["GAME", "AliceState", "Options"]
