"""The Belote in words: its bots and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="Two teams lay vowels and consonants in turn and take words.",
    bots={"fort": w("Bot fort", "Strong bot"), **GENERIC_BOTS},
    variants={"secrete": w("La Belote secrète", "Secret Belote")},
    events={
        "dealer_draw": w("Tirage du donneur : {_dealer} donne", "Dealer draw: {_dealer} deals"),
        "manche": w("Manche {number} : {_first} commence", "Round {number}: {_first} starts"),
        "lay": w("{who} pose une carte", "{who} lays a card"),
        "pass": w("{who} passe", "{who} passes"),
        "claim": w(
            "{who} propose {word} ({points} {points:point|points})",
            "{who} proposes {word} ({points} {points:point|points})",
        ),
        "manche_end": w("Fin de la manche {number}", "End of round {number}"),
        "game_over": w("Fin de la partie", "Game over"),
    },
)
