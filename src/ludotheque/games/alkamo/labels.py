"""Alkamo in words: its bots, variants and the sentence of each event (engine/labels.py)."""

from ludotheque.engine.labels import GENERIC_BOTS, GameWords, w

WORDS = GameWords(
    description_en="A word game of themes: make words tied to the themes of the central board "
    "and « plough » it square by square.",
    bots={"fort": w("Bot fort", "Strong bot"), **GENERIC_BOTS},
    variants={
        "arbitre_externe": w(
            "Arbitre externe : il ne joue pas, il juge (dernière place)",
            "Non-playing arbiter: he judges, at the last seat",
        ),
    },
    events={
        "tirage_premier": w("Tirage pour savoir qui commence", "Draw to decide who starts"),
        "premier": w("{who} commence", "{who} starts"),
        "tour": w("Tour {numero} : à {who}", "Turn {numero}: {who}"),
        "plaque": w("{who} prend la plaque {plaque}", "{who} takes plaque {plaque}"),
        "super_mot": w("{who} annonce « Super Mot » !", "{who} announces “Super Mot”!"),
        "offre": w("{who} propose une transaction à {_avec}", "{who} offers {_avec} a transaction"),
        "offre_retiree": w("{who} retire sa proposition", "{who} withdraws the offer"),
        "transaction": w("Transaction de {who} avec {_avec}", "{who}'s transaction with {_avec}"),
        "annulation": w(
            "Les transactions de {who} sont annulées", "{who}'s transactions are undone"
        ),
        "soumission": w("{who} propose {mot}", "{who} submits {mot}"),
        "jugement": w("Le mot de {who} est jugé", "{who}'s word is judged"),
        "vote_demande": w("Vote demandé à {_votants}", "Vote asked of {_votants}"),
        "vote": w("{who} a voté", "{who} has voted"),
        "accepte": w(
            "{who} place {mot} : {score} {score:point|points}",
            "{who} lays {mot}: {score} {score:point|points}",
        ),
        "rejete": w("Le mot {mot} de {who} est refusé", "{who}'s word {mot} is rejected"),
        "passe": w("{who} passe", "{who} passes"),
        "mise_de_cote": w(
            "{who} met {nombre} {nombre:tuile|tuiles} de côté",
            "{who} sets {nombre} {nombre:tile|tiles} aside",
        ),
        "rendu": w(
            "{who} rend {rendues} {rendues:tuile|tuiles} et en pioche {piochees}",
            "{who} gives back {rendues} {rendues:tile|tiles} and draws {piochees}",
        ),
        "temps_ecoule": w("Temps écoulé pour {who}", "Time is up for {who}"),
        "phase_finale": w("Phase finale !", "Final phase!"),
        "fin": w(
            "Fin de la partie : {_gagnants} {_gagnants:gagne|gagnent}",
            "Game over: {_gagnants} {_gagnants:wins|win}",
        ),
    },
)
