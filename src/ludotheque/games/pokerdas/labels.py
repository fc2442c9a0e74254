"""The Poker d'As in words: its bots, variants and the sentence of each event
(engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

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
        "round_start": w("Tour {number} : {_first} commence", "Round {number}: {_first} starts"),
        "throw": w("{who} lance : {hand}", "{who} throws: {hand}"),
        "stop": w(
            "{who} s'arrête sur {hand} en {throws} {throws:lancer|lancers}",
            "{who} stops on {hand} after {throws} {throws:throw|throws}",
        ),
        "coup_sec": w("Égalité : coup sec entre {_seats}", "Tie: dry throw between {_seats}"),
        "round_won": w(
            "{who} gagne le tour avec {hand} ({pot} {pot:jeton|jetons})",
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
)
