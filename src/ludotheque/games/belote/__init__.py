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
    seats_note=(
        "Les places 1 et 3 jouent ensemble contre les places 2 et 4 : pour jouer avec un ami, "
        "donnez-lui la place en face de la vôtre.",
        "Seats 1 and 3 play together against seats 2 and 4: to play with a friend, give him "
        "the seat across from yours.",
    ),
)

__all__ = ["GAME", "BeloteState", "Options"]
