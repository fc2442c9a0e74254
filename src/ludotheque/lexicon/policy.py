"""Which Lexique rows make a word admissible, per game (rules/README §3, alphapoker R40–R42).

A folded form is admissible iff at least one of its rows is admissible (:func:`row_admits`),
after the corrections of :data:`OVERRIDES` and the elision rule. Bump :data:`POLICY_VERSION`
whenever anything here changes: it is part of the key of the compiled cache.
"""

from __future__ import annotations

from typing import Literal

from ludotheque.lexicon.source import Row

POLICY_VERSION = 1
POLICIES = ("alphapoker", "alkamo")
Policy = Literal["alphapoker", "alkamo"]
MIN_LETTERS = 3

# Elided forms Lexique stores without their apostrophe: never admissible (README §3).
ELIDED = frozenset({"JUSQU", "LORSQU", "PUISQU", "QU"})

# Corrections of Lexique's tagging, per policy: folded form → (admitted, why in French, English).
OVERRIDES: dict[str, dict[str, tuple[bool, str, str]]] = {
    "alphapoker": {
        "CELA": (False, "pronom démonstratif (l'étiquette NOM de Lexique est une erreur)",
                 "demonstrative pronoun (Lexique's NOM tag is an error)"),
        "CELLE": (False, "pronom démonstratif (l'étiquette NOM de Lexique est une erreur)",
                  "demonstrative pronoun (Lexique's NOM tag is an error)"),
        "QUOI": (False, "pronom (l'étiquette ADJ de Lexique est une erreur)",
                 "pronoun (Lexique's ADJ tag is an error)"),
        "LEUR": (True, "déterminant possessif (« leur maison »), absent de Lexique",
                 "possessive determiner ('leur maison'), missing from Lexique"),
    },
    "alkamo": {},
}  # fmt: skip

_ALPHAPOKER_CGRAM = frozenset({"NOM", "ADV", "PRE", "CON"})


def tag_counts(row: Row, tag: str) -> bool:
    """A verb tag that is believable: Lexique's noise guard (README §3).

    ``inf`` counts only for spellings ending in -r/-re, ``par:pre`` only for -ant; 18 rows tag a
    finite form (voulez, viens, dois…) as an infinitive.
    """
    if tag == "inf":
        return row.ortho.endswith(("r", "re"))
    if tag == "par:pre":
        return row.ortho.endswith("ant")
    return True


def verb_forms(row: Row, guard: bool = True) -> set[str]:
    """The non-finite tags of a VER/AUX row that count: subset of {inf, par:pas, par:pre}."""
    return {
        t
        for t in row.tags()
        if t in ("inf", "par:pas", "par:pre") and (not guard or tag_counts(row, t))
    }


def row_admits(policy: str, row: Row, guard: bool = True) -> bool:
    """The game's predicate on one row (overrides and elisions are applied per form, later)."""
    cgram = row.cgram
    if policy == "alphapoker":
        if cgram in _ALPHAPOKER_CGRAM or cgram.startswith(("ADJ", "ART")):
            return True
        if cgram in ("VER", "AUX"):
            return bool(verb_forms(row, guard))
        return False
    if policy == "alkamo":
        if cgram in ("VER", "AUX"):
            return "inf" in verb_forms(row, guard)
        return cgram not in ("", "LIA")
    raise ValueError(policy)


def check_policy(policy: str) -> None:
    from ludotheque.engine.errors import OptionsError

    if policy not in POLICIES:
        raise OptionsError(
            f"politique de lexique inconnue : {policy!r} (choix : alphapoker, alkamo)",
            f"unknown lexicon policy: {policy!r} (choices: alphapoker, alkamo)",
        )
