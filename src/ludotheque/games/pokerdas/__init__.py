"""Le Poker d'As: poker dice, Poker-Joker (aces wild) and Poker d'As menteur (rules/pokerdas.md)."""

from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import Game
from ludotheque.games.pokerdas.bots import Menteur, Naif, Parfait, Prudent
from ludotheque.games.pokerdas.options import CAFE, Options
from ludotheque.games.pokerdas.rules import PokerDasState


def default_bot(options: GameOptions) -> str:
    """Who a person plays against by default: the perfect bot, or in menteur the menteur bot."""
    return "menteur" if getattr(options, "menteur", False) else "parfait"


GAME = Game(
    name="pokerdas",
    title="Le Poker d'As",
    min_players=2,
    max_players=8,
    options=Options,
    state=PokerDasState,
    version=1,
    description_fr="Poker aux dés : la meilleure combinaison en moins de lancers ; "
    "variantes Poker-Joker (As joker) et Poker d'As menteur (« Bluff ! »).",
    bots={"parfait": Parfait, "prudent": Prudent, "menteur": Menteur, "naif": Naif},
    terminal="ludotheque.games.pokerdas.terminal:PokerDasTerminal",
    variants={"joker": {"poker_joker": True}, "menteur": {"menteur": True}, "cafe": CAFE},
    default_bot=default_bot,
)

__all__ = ["GAME", "Options", "PokerDasState"]
