"""The Bataille in words: its bots and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="A battle of words: slap the table and take the cards of a word.",
    bots={
        "fort": w("Bot fort", "Strong bot"),
        "facile": w("Bot faible", "Weak bot"),
        **GENERIC_BOTS,
    },
    events={
        "lot": w(
            "Le sort désigne {_chooser} pour choisir sa couleur",
            "The lot picks {_chooser} to choose a colour",
        ),
        "colours": w(
            "Les couleurs sont choisies ; {_first} commence",
            "The colours are chosen; {_first} starts",
        ),
        "lay": w("{who} retourne une carte", "{who} turns a card"),
        "pass": w("{who} laisse passer", "{who} lets it pass"),
        "claim": w("{who} pose la main : {word}", "{who} claims: {word}"),
        "penalty": w("{who} paie une carte de pénalité", "{who} pays a penalty card"),
        "refill": w(
            "{who} reprend {cards} {cards:carte gagnée|cartes gagnées}",
            "{who} takes back {cards} won {cards:card|cards}",
        ),
        "time_up": w("Le temps annoncé est écoulé", "The announced time is over"),
        "final_claims": w(
            "Derniers mots, dans l'ordre : {_order}", "Last words, in order: {_order}"
        ),
        "game_over": w(
            "Fin de la bataille : {_winners} {_winners:gagne|gagnent}",
            "End of the battle: {_winners} {_winners:wins|win}",
        ),
    },
)
