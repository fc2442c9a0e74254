"""La Bataille AlphaPoker: two players, a real-time battle of words over face-up letter cards."""

from ludotheque.engine.protocol import Game
from ludotheque.games.bataille.bots import Facile, Guetteur
from ludotheque.games.bataille.labels import WORDS
from ludotheque.games.bataille.options import Options
from ludotheque.games.bataille.rules import BatailleState

GAME = Game(
    name="bataille",
    title="La Bataille AlphaPoker",
    min_players=2,
    max_players=2,
    options=Options,
    state=BatailleState,
    version=1,
    description_fr="Bataille de mots : posez la main sur la table et prenez les cartes d'un mot.",
    words=WORDS,
    terminal="ludotheque.games.bataille.terminal:BatailleTerminal",
    rl_features="ludotheque.games.bataille.rl",
    bots={"fort": Guetteur, "facile": Facile},
)

__all__ = ["GAME", "BatailleState", "Options"]
