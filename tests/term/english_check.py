"""What French is left on an English table: the French function words and table words a
sentence of the interface would hold (« vous », « les », « tapez »…), looked for as lower-case
whole words so that the games' own French words (AlphaPoker's and Alkamo's words, written in
capitals), names (« Le Poker d'As ») and a quoted French command are not counted."""

from __future__ import annotations

import re

FRENCH_WORDS = frozenset(
    [
        "vous",
        "votre",
        "vos",
        "les",
        "des",
        "une",
        "est",
        "sont",
        "pour",
        "avec",
        "dans",
        "sur",
        "sous",
        "par",
        "chez",
        "qui",
        "que",
        "quand",
        "joueur",
        "joueurs",
        "partie",
        "manche",
        "tapez",
        "aide",
        "quitter",
        "jetons",
        "carte",
        "cartes",
        "mise",
        "gagne",
        "perd",
        "lancer",
        "lancers",
        "relancer",
        "gagné",
        "perdu",
        "reste",
        "restent",
        "tour",
        "prochain",
        "suivant",
        "et",
        "ou",
        "le",
        "la",
        "du",
        "au",
        "aux",
        "à",
        "pas",
        "plus",
        "très",
        "déjà",
        "encore",
        "aucun",
        "aucune",
        "rien",
    ]
)
_FRENCH = re.compile(r"(?<![\w'’])(" + "|".join(FRENCH_WORDS) + r")(?![\w'’])")


def french_left(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The French words left in ``text`` (each once, sorted), but those in ``allowed``."""
    found = {m.group(1) for m in _FRENCH.finditer(text)}
    return sorted(found - set(allowed))


def lines_with(text: str, word: str) -> list[str]:
    """The lines holding ``word`` as a whole word: what a failing check shows."""
    pattern = re.compile(r"(?<![\w'’])" + re.escape(word) + r"(?![\w'’])")
    return [line for line in text.splitlines() if pattern.search(line)]
