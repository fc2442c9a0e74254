"""The Poker d'As in words: its bots, variants and the sentence of each event
(engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, Words, w
from ludotheque.games.pokerdas.hands import COMBO_FR, COMBO_ID, FACE_FR, FACES_FR, SYMBOL

_COMBO_EN = {
    "poker": "Five of a kind",
    "carre": "Four of a kind",
    "full": "Full house",
    "brelan": "Three of a kind",
    "sequence": "Straight",
    "deux_paires": "Two pairs",
    "paire": "Pair",
}
_FACE_EN = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "10": "Ten", "9": "Nine"}
_COMBOS: dict[str, Words] = {
    COMBO_ID[c]: w(fr, _COMBO_EN[COMBO_ID[c]]) for c, fr in COMBO_FR.items()
}
_FACE = {SYMBOL[f]: w(fr, _FACE_EN[SYMBOL[f]]) for f, fr in FACE_FR.items()}
_FACES = {SYMBOL[f]: w(fr, _FACE_EN[SYMBOL[f]] + "s") for f, fr in FACES_FR.items()}
_DE = {
    SYMBOL[f]: w(f"d'{fr}" if fr == "As" else f"de {fr}", f"of {_FACE_EN[SYMBOL[f]]}s")
    for f, fr in FACES_FR.items()
}

WORDS = GameWords(
    description_en="Poker with dice: the best hand in fewer throws; variants Poker-Joker (aces "
    "wild) and Liar's Poker d'As (“Bluff!”).",
    bots={
        "parfait": w("Bot fort", "Strong bot"),
        "prudent": w("Bot moyen", "Medium bot"),
        "naif": w("Bot faible", "Weak bot"),
        "menteur": w("Bot menteur", "Liar bot"),
        **GENERIC_BOTS,
    },
    variants={
        "joker": w("Poker-Joker", "Poker-Joker"),
        "menteur": w("Poker d'As menteur", "Liar's Poker d'As"),
        "cafe": w("Café (relance au choix)", "Café (chosen re-throws)"),
    },
    events={
        "draw_first": w("Le sort désigne {who} pour commencer", "The lot picks {who} to start"),
        "round_start": w("Manche {number} : {_first} commence", "Round {number}: {_first} starts"),
        "throw": w("{who} lance : {hand}", "{who} throws: {hand}"),
        "stop": w(
            "{who} s'arrête sur {hand} en {throws} {throws:lancer|lancers}",
            "{who} stops on {hand} after {throws} {throws:throw|throws}",
        ),
        "coup_sec": w("Égalité : coup sec entre {_seats}", "Tie: dry throw between {_seats}"),
        "round_won": w(
            "{who} gagne la manche avec {hand} ({pot} {pot:jeton|jetons})",
            "{who} wins the round with {hand} ({pot} {pot:token|tokens})",
        ),
        "eliminated": w(
            "{_seats} {_seats:est éliminé|sont éliminés}", "{_seats} {_seats:is|are} eliminated"
        ),
        "cup_throw": w(
            "{who} lance les dés sous le gobelet", "{who} throws the dice under the cup"
        ),
        "rethrow": w(
            "{who} relance {count} {count:dé|dés}", "{who} re-throws {count} {count:die|dice}"
        ),
        "announce": w("{who} annonce {name}", "{who} announces {name}"),
        "accept": w("{who} accepte", "{who} accepts"),
        "bluff": w("{who} crie « Bluff ! » ; {_payer} paie", "{who} calls “Bluff!”; {_payer} pays"),
        "pot_won": w("{who} ramasse le pot ({pot})", "{who} takes the pot ({pot})"),
        "game_over": w("Fin de la partie", "Game over"),
    },
    # The hands and announcements the view and events name by a code (« full A K »,
    # hands.Hand.code): {a} and {b} the key faces in the plural, {de_a} the French « d'As » /
    # « de Rois », {kickers} the other faces, {letters} a straight's faces as the dice show them.
    terms={
        **{f"combo.{k}": v for k, v in _COMBOS.items()},
        "hand.poker": w("Poker {de_a}", "Five {a}"),
        "hand.carre": w("Carré {de_a} ({kickers})", "Four {a} ({kickers})"),
        "hand.full": w("Full ({a} par {b})", "Full house ({a} over {b})"),
        "hand.brelan": w("Brelan {de_a} ({kickers})", "Three {a} ({kickers})"),
        "hand.sequence": w("Séquence {letters}", "Straight {letters}"),
        "hand.deux_paires": w(
            "Deux Paires ({a} et {b}, {kickers})", "Two pairs ({a} and {b}, {kickers})"
        ),
        "hand.paire": w("Paire {de_a} ({kickers})", "Pair of {a} ({kickers})"),
        "ann.poker": w("Poker {de_a}", "Five {a}"),
        "ann.carre": w("Carré {de_a}", "Four {a}"),
        "ann.full": w("Full ({a} par {b})", "Full house ({a} over {b})"),
        "ann.brelan": w("Brelan {de_a}", "Three {a}"),
        "ann.sequence": w("Séquence {letters}", "Straight {letters}"),
        "ann.deux_paires": w("Deux Paires ({a} et {b})", "Two pairs ({a} and {b})"),
        "ann.paire": w("Paire {de_a}", "Pair of {a}"),
        **{f"face.{k}": v for k, v in _FACE.items()},
        **{f"faces.{k}": v for k, v in _FACES.items()},
        **{f"de.{k}": v for k, v in _DE.items()},
        # How the better hand beat the next one (the result of a round).
        "beats": w("{winner} bat {other}", "{winner} beats {other}"),
        "beats_tie": w(
            "Égalité à {hand} : {winner} au coup sec", "Tie on {hand}: {winner} in the dry throw"
        ),
        "alone": w("seul joueur en lice", "the only player left"),
        "bluff_true": w(
            "Les dés montraient {hand} : l'annonce « {ann} » était vraie",
            "The dice showed {hand}: the announcement “{ann}” was true",
        ),
        "bluff_false": w(
            "Les dés montraient {hand} : l'annonce « {ann} » était fausse",
            "The dice showed {hand}: the announcement “{ann}” was false",
        ),
    },
)
