"""Words the bots never play and the hints never suggest: slurs and crude insults.

The rule books do not forbid them, and a person may still play them (the lexicons admit
what Lexique lists); but a bot laying JAPS, or a hint offering it, is not a game anyone
wants (found play-testing: Alkamo's « meilleur » suggested JAPS on a C square). Lexique and
Wiktionary's definitions carry no register label here, so the list is written out: ethnic and
homophobic slurs and crude sexual insults, in their folded forms (plurals and feminines
listed). A word with a common innocent sense (PÉDALE, TAPETTE, CHATTE, RATON, MACAQUE) is
not on it.
"""

from __future__ import annotations

from ludotheque.lexicon.fold import fold

_WORDS = """
jap japs bougnoul bougnouls bougnoule bougnoules bicot bicots crouille crouilles
youpin youpins youpine youpines youtre youtres rital ritals boche boches chleuh chleuhs
chinetoque chinetoques chintok chintoks niakoué niakoués nègre nègres négresse négresses
négro négros bamboula bamboulas
pédé pédés tarlouze tarlouzes tantouze tantouzes gouine gouines enculé enculés enculée
enculées
salope salopes pute putes pétasse pétasses pouffiasse pouffiasses connasse connasses
connard connards con cons conne connes bite bites couille couilles
"""

OFFENSIVE: frozenset[str] = frozenset(fold(w) for w in _WORDS.split())


def offensive(word: str) -> bool:
    """Whether a bot or a hint leaves ``word`` aside (any case, accents or not)."""
    return fold(word) in OFFENSIVE
