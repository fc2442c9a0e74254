"""Le Poker d'As: poker dice, Poker-Joker (aces wild) and Poker d'As menteur (rules/pokerdas.md)."""

from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import Game
from ludotheque.games.pokerdas.bots import Menteur, Naif, Parfait, Prudent
from ludotheque.games.pokerdas.labels import WORDS
from ludotheque.games.pokerdas.options import CAFE, LITERAL, Options
from ludotheque.games.pokerdas.rules import PokerDasState


def default_bot(options: GameOptions) -> str:
    """Who a person plays against by default: the perfect bot, or in menteur the menteur bot."""
    return "menteur" if isinstance(options, Options) and options.menteur else "parfait"


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
    words=WORDS,
    terminal="ludotheque.games.pokerdas.terminal:PokerDasTerminal",
    cli_commands="ludotheque.games.pokerdas.cli",
    rl_features="ludotheque.games.pokerdas.rl",
    report_questions="ludotheque.games.pokerdas.report",
    # Menteur reads none of the café's options (kept dice, throws, rounds): its table is the
    # rule book's, and says so (« variante « menteur » », no departure).
    variants={
        "joker": {"poker_joker": True},
        "menteur": {"menteur": True},  # the menteur uses no throw limit, relance or round count
        "cafe": CAFE,
    },
    default_bot=default_bot,
    # The defaults policy (docs/defaults.md, docs/pokerdas.md « Table par défaut »): the rule
    # book's unlimited whole throws make rounds of thousands of throws and sessions of hundreds
    # of rounds; the default table is the café preset (D3) for twenty rounds.
    literal=LITERAL,
    defaults_note=(
        "dés gardés, trois lancers au plus, 20 manches (préréglage « café »)",
        "kept dice, three throws at most, 20 rounds (the 'café' preset)",
    ),
)

__all__ = ["GAME", "Options", "PokerDasState"]
