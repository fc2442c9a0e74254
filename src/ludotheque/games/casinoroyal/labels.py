"""Casino Royal in words: its bots, variants and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="Poker and bingo on cartons of 20 cards while the dealer turns the deck: "
    "A Casino Royal-Poker, B Poker variant, C Casino Royal Bingo.",
    bots={"fort": w("Bot fort", "Strong bot"), **GENERIC_BOTS},
    variants={
        "A": w("A — Poker-Bingo", "A — Poker-Bingo"),
        "B": w("B — Variante du Poker", "B — Poker variant"),
        "C": w("C — Bingo", "C — Bingo"),
    },
    events={
        "draw_dealer": w("Le sort désigne {who} comme donneur", "The lot picks {who} as dealer"),
        "round_start": w("Tour {number} : {_dealer} donne", "Round {number}: {_dealer} deals"),
        "deal_hidden": w(
            "Chacun reçoit {cards} {cards:carte cachée|cartes cachées}",
            "Each receives {cards} hidden {cards:card|cards}",
        ),
        "ante": w(
            "{who} fixe l'enjeu minimum à {amount}", "{who} sets the minimum stake at {amount}"
        ),
        "stake": w("{who} ajoute {amount}", "{who} adds {amount}"),
        "figure": w("{who} annonce la figure {name}", "{who} names the figure {name}"),
        "card": w(
            "Une carte est retournée ({left} au talon)", "A card is turned ({left} in the deck)"
        ),
        "raise": w("{who} relance de {amount}", "{who} raises {amount}"),
        "follow": w("{who} suit", "{who} follows"),
        "fold": w("{who} passe", "{who} folds"),
        "decline": w("{who} ne relance pas", "{who} does not raise"),
        "relance": w("« Relance ? »", "“Raise?”"),
        "rien_ne_va_plus": w("{who} : « Rien ne va plus ! »", "{who}: “No more bets!”"),
        "stop": w("{who} : « Rien ne va plus ! »", "{who}: “No more bets!”"),
        "bid": w("{who} enchérit de {amount}", "{who} bids {amount}"),
        "wait": w("{who} attend la carte suivante", "{who} waits for the next card"),
        "continue": w("{who} continue", "{who} continues"),
        "double": w("{who} enchérit : niveau {level}", "{who} bids: level {level}"),
        "match": w("{who} égale", "{who} matches"),
        "outbid": w("{who} renchérit à {to}", "{who} raises the level to {to}"),
        "betting_over": w(
            "Plus d'enchères : les autres joueurs encore en jeu sont à tapis",
            "No more betting: the other players still in are all-in",
        ),
        "bingo": w("Bingo ! {_seats}", "Bingo! {_seats}"),
        "out": w(
            "{_seats} {_seats:n'a|n'ont} plus d'unités", "{_seats} {_seats:has|have} no units left"
        ),
        "round_end": w("Fin du tour {number} : {_winners}", "End of round {number}: {_winners}"),
        "pass_cartons": w("Les cartons passent au voisin", "The cartons pass to the next player"),
        "game_over": w("Fin de la partie", "Game over"),
    },
)
