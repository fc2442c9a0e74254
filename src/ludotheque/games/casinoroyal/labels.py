"""Casino Royal in words: its bots, variants and the sentence of each event (engine/labels.py)."""

from ludotheque.cards.french52 import RANK_FR, RANK_FR_PLURAL
from ludotheque.engine.labels import GENERIC_BOTS, GameWords, Words, w

# Poker hands are named by their key (cards/poker.py: the category and five 4-bit ranks); the
# screens name them in their reader's language with these terms: {a}/{b} the first ranks in
# the plural, {a1} singular, {de_a} « d'As », {au_a} « au Roi », {aux_a} « aux 8 », {kickers}
# the other ranks « (Roi, 9, 3) ».
_RANK_EN = {2: "Two", 3: "Three", 4: "Four", 5: "Five", 6: "Six", 7: "Seven", 8: "Eight",
            9: "Nine", 10: "Ten", 11: "Jack", 12: "Queen", 13: "King", 14: "Ace"}  # fmt: skip
_RANKS_EN = {**{v: f"{n}s" for v, n in _RANK_EN.items()}, 6: "Sixes"}
_RANK_TERMS: dict[str, Words] = {}
for _v in RANK_FR:
    _fr, _frs, _en, _ens = RANK_FR[_v], RANK_FR_PLURAL[_v], _RANK_EN[_v], _RANKS_EN[_v]
    _RANK_TERMS |= {
        f"rank.{_v}": w(_fr, _en),
        f"ranks.{_v}": w(_frs, _ens),
        f"de.{_v}": w(f"d'{_frs}" if _v == 14 else f"de {_frs}", f"of {_ens}"),
        f"au.{_v}": w("à l'As" if _v == 14 else f"au {_fr}", f"{_en} high"),
        f"aux.{_v}": w(f"aux {_frs}", _ens),
    }

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
        "round_start": w("Manche {number} : {_dealer} donne", "Round {number}: {_dealer} deals"),
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
        "round_end": w(
            "Fin de la manche {number} : {_winners}", "End of round {number}: {_winners}"
        ),
        "pass_cartons": w("Les cartons passent au voisin", "The cartons pass to the next player"),
        "game_over": w("Fin de la partie", "Game over"),
    },
    terms={
        "hand.quinte_floche": w("Quinte floche {au_a}", "Straight flush, {a1} high"),
        "royal_flush": w("Quinte floche royale", "Royal flush"),
        "hand.carre": w("Carré {de_a}{kickers}", "Four {a}{kickers}"),
        "hand.full": w("Full {aux_a} par les {b}", "Full house, {a} over {b}"),
        "hand.floche": w("Floche {au_a}{kickers}", "Flush, {a1} high{kickers}"),
        "hand.quinte": w("Quinte {au_a}", "Straight, {a1} high"),
        "hand.brelan": w("Brelan {de_a}{kickers}", "Three {a}{kickers}"),
        "hand.deux_paires": w(
            "Deux paires, {a} et {b}{kickers}", "Two pairs, {a} and {b}{kickers}"
        ),
        "hand.paire": w("Paire {de_a}{kickers}", "Pair of {a}{kickers}"),
        "hand.carte_haute": w("Carte haute {a1}{kickers}", "High card {a1}{kickers}"),
        "no_card": w("Aucune carte", "No card"),
        **_RANK_TERMS,
        # Why a round was won (its result): the hands compared, the figure covered, the units.
        "beats": w("{winner} bat {other}", "{winner} beats {other}"),
        "tie": w("Égalité : {hand}", "Tie: {hand}"),
        "why_bingo": w(
            "{who} {who:couvre|couvrent} la figure « {figure} » en premier",
            "{who} {who:covers|cover} the figure “{figure}” first",
        ),
        "why_folds": w(
            "Les autres ont passé : {who} {who:gagne|gagnent} la manche sans montrer ses cartes",
            "Everyone else folded: {who} {who:wins|win} the round without showing",
        ),
        "collects": w(
            "{who} {who:ramasse|ramassent} {n} {n:unité|unités} des autres",
            "{who} {who:collects|collect} {n} {n:unit|units} from the others",
        ),
        # B: what the winner collects holds the pot, his own stake and bids included (E5).
        "collects_pot": w(
            "{who} {who:ramasse|ramassent} {n} {n:unité|unités} : le pot et les cartons des autres",
            "{who} {who:collects|collect} {n} {n:unit|units}: the pot and the others' cartons",
        ),
        # C's figures by number (cartons.py, §7), as the browser names them (i18n cr.figure.N).
        "figure.1": w("ligne verticale", "vertical line"),
        "figure.2": w("ligne horizontale", "horizontal line"),
        "figure.3": w("L", "L"),
        "figure.4": w("T", "T"),
        "figure.5": w("H", "H"),
        "figure.6": w("U", "U"),
        "figure.7": w("M", "M"),
        "figure.8": w("N", "N"),
        "figure.9": w("carré", "square"),
        "figure.10": w("carton complet", "full carton"),
    },
)
