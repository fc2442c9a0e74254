"""Alkamo: the themed French word game (rules/alkamo.md)."""

from ludotheque.engine.protocol import Game
from ludotheque.games.alkamo.bots import Fort
from ludotheque.games.alkamo.labels import WORDS
from ludotheque.games.alkamo.options import Options
from ludotheque.games.alkamo.rules import AlkamoState

GAME = Game(
    name="alkamo",
    title="Alkamo",
    min_players=2,
    max_players=4,
    options=Options,
    state=AlkamoState,
    version=1,
    description_fr="Jeu de mots à thèmes : former des mots liés aux thèmes du tapis central et "
    "le « labourer » case par case.",
    bots={"fort": Fort},
    # R1: a non-playing arbiter at the last seat (3 seats: 2 players and him; 4: 3 and him).
    variants={"arbitre_externe": {"judge": "arbitre", "arbiter": "externe"}},
    words=WORDS,
    terminal="ludotheque.games.alkamo.terminal:AlkamoTerminal",
    cli_commands="ludotheque.games.alkamo.cli",
    rl_features="ludotheque.games.alkamo.rl",
    report_questions="ludotheque.games.alkamo.report",
)

__all__ = ["GAME", "AlkamoState", "Options"]
