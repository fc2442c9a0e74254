"""AlphaPoker in words: its bots and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="Letter poker: bet on the French word your cards make.",
    bots={
        "fort": w("Bot fort", "Strong bot"),
        "suiveur": w("Bot suiveur", "Follower bot"),
        **GENERIC_BOTS,
    },
    events={
        "dealer_draw": w("Tirage du donneur : {_dealer} donne", "Dealer draw: {_dealer} deals"),
        "misdraw": w("Carte mal tirée : {who} la remet", "Misdrawn card: {who} puts it back"),
        "hand_start": w(
            "Main {number} : donneur {_dealer}, entame {_entame}, pot {pot} PM",
            "Hand {number}: dealer {_dealer}, opener {_entame}, pot {pot} PM",
        ),
        "change": w(
            "{who} change {count} {count:carte|cartes}", "{who} changes {count} {count:card|cards}"
        ),
        "bet": w("{who} mise {amount} PM", "{who} bets {amount} PM"),
        "check": w("{who} ne relance pas", "{who} does not raise"),
        "follow": w("{who} suit ({paid} PM)", "{who} follows ({paid} PM)"),
        "fold": w("{who} se couche", "{who} folds"),
        "cannot_open": w(
            "{who} ne peut pas ouvrir : abattage direct",
            "{who} cannot open: straight to the showdown",
        ),
        "entame_passes": w("L'entame passe à {who}", "The opener is now {who}"),
        "showdown": w("Abattage !", "Showdown!"),
        "declare": w(
            "{who} montre {word} : {score} {score:point|points}",
            "{who} shows {word}: {score} {score:point|points}",
        ),
        "judge": w("{who} juge les mots du thème", "{who} judges the theme's words"),
        "verdicts": w(
            "Thème « {theme} » : les mots sont jugés", "Theme “{theme}”: the words are judged"
        ),
        "rejected": w(
            "{word} ({who}) est refusé pour le thème", "{word} ({who}) is refused for the theme"
        ),
        "pot": w(
            "{_winners} {_winners:gagne|gagnent} {share} PM (pot de {pot})",
            "{_winners} {_winners:wins|win} {share} PM (pot of {pot})",
        ),
        "tie_break": w(
            "Égalité : main de départage entre {_seats}", "Tie: a tie-break hand between {_seats}"
        ),
        "eliminated": w(
            "{_seats} {_seats:est éliminé|sont éliminés}", "{_seats} {_seats:is|are} eliminated"
        ),
        "game_over": w("Fin de la partie : {_winner} gagne", "Game over: {_winner} wins"),
    },
)
