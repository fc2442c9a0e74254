"""La Belote AlphaPoker (2 teams of 2); option ``belote_secrete``: La Belote secrète."""

from ludotheque.engine.protocol import Game
from ludotheque.games.belote.bots import Stratege
from ludotheque.games.belote.labels import WORDS
from ludotheque.games.belote.options import Options
from ludotheque.games.belote.rules import BeloteState

GAME = Game(
    name="belote",
    title="La Belote AlphaPoker",
    min_players=4,
    max_players=4,
    options=Options,
    state=BeloteState,
    version=1,
    description_fr="Deux équipes posent voyelles et consonnes en alternance et prennent des mots.",
    words=WORDS,
    terminal="ludotheque.games.belote.terminal:BeloteTerminal",
    rl_features="ludotheque.games.belote.rl",
    bots={"fort": Stratege},
    # La Belote secrète by its name: `play belote --variant secrete`, the lobby's list.
    variants={"secrete": {"belote_secrete": True}},
)

__all__ = ["GAME", "BeloteState", "Options"]
