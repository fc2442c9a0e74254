"""Alice in words: its bots and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="Chess with cards: threaten, flee, capture the high-value cards.",
    bots={
        "glouton": w("Bot glouton", "Greedy bot"),
        "mcts:facile": w("Bot faible", "Weak bot"),
        "mcts:moyen": w("Bot moyen", "Medium bot"),
        "mcts:fort": w("Bot fort", "Strong bot"),
        "mcts": w("Bot moyen", "Medium bot"),  # the old name of mcts:moyen (bots.py)
        **GENERIC_BOTS,
    },
    events={
        "start": w("{_white} joue les blancs et commence", "{_white} plays white and starts"),
        "draw": w(
            "{who} tire une carte ({pile} {pile:reste|restent})", "{who} draws a card ({pile} left)"
        ),
        "place": w("{who} pose une carte en {to}", "{who} places a card on {to}"),
        "move": w(
            "{who} déplace la carte de {from} en {to}", "{who} moves the card from {from} to {to}"
        ),
        "capture": w(
            "{who} prend en {to} ({value} {value:point|points})",
            "{who} captures on {to} ({value} {value:point|points})",
        ),
        "exchange": w("{who} échange deux cartes", "{who} exchanges two cards"),
        "draw_exchange": w(
            "{who} pose sa carte en {on} et déplace l'autre en {to}",
            "{who} places the drawn card on {on} and moves the other to {to}",
        ),
        "pass": w("{who} passe", "{who} passes"),
        "time_up": w("Le temps de la partie est écoulé", "The game's time is up"),
        "end": w(
            "Fin de la partie : {_winners} {_winners:gagne|gagnent}",
            "Game over: {_winners} {_winners:wins|win}",
        ),
    },
)
