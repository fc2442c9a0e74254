"""Which Lexique rows make a word admissible, per game (rules/README §3, alphapoker R40–R42).

A folded form is admissible iff at least one of its rows is admissible (:func:`row_admits`),
after the corrections of :data:`OVERRIDES` and the elision rule, and unless it is an
abbreviation, a sigle or initials (:mod:`ludotheque.lexicon.abbreviations`: Alkamo R19 forbids
« initiales », AlphaPoker R40 asks for words of the language). :data:`ADDITIONS` are common
words Lexique lacks, taken from Grammalecte's dictionary. Bump :data:`POLICY_VERSION` whenever
anything here changes: it is part of the key and of the file names of the compiled cache.
"""

from __future__ import annotations

from typing import Literal

from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.source import Row

POLICY_VERSION = 2  # 2: abbreviations, sigles and initials refused; ADDITIONS
POLICIES = ("alphapoker", "alkamo")
Policy = Literal["alphapoker", "alkamo"]
MIN_LETTERS = 3  # the compiled lexicon's words (AlphaPoker R40)
# The shortest word each game admits: Alkamo plays two-letter words (R18, D6: OS for CORPS),
# which the lexicon answers for from its rows (:meth:`Lexicon.explain`, ``admits``).
GAME_MIN_LETTERS = {"alphapoker": 3, "alkamo": 2}
VOWELS = frozenset("AEIOUY")


def min_letters(policy: str) -> int:
    """The shortest word ``policy``'s game admits (3 for AlphaPoker, 2 for Alkamo)."""
    return GAME_MIN_LETTERS[policy]


# Elided forms Lexique stores without their apostrophe: never admissible (README §3).
ELIDED = frozenset({"JUSQU", "LORSQU", "PUISQU", "QU"})

# The abbreviation signals' one false alarm (Grammalecte writes only the sigle DAB): admitted.
_DAB = (
    True,
    "nom d'argot (« mon dab », le père), pas le sigle DAB",
    "slang noun ('mon dab', the father), not the sigle DAB",
)
# Corrections of Lexique's tagging, per policy: folded form → (admitted, why in French, English).
OVERRIDES: dict[str, dict[str, tuple[bool, str, str]]] = {
    "alphapoker": {
        "CELA": (
            False,
            "pronom démonstratif (l'étiquette NOM de Lexique est une erreur)",
            "demonstrative pronoun (Lexique's NOM tag is an error)",
        ),
        "CELLE": (
            False,
            "pronom démonstratif (l'étiquette NOM de Lexique est une erreur)",
            "demonstrative pronoun (Lexique's NOM tag is an error)",
        ),
        "QUOI": (
            False,
            "pronom (l'étiquette ADJ de Lexique est une erreur)",
            "pronoun (Lexique's ADJ tag is an error)",
        ),
        "LEUR": (
            True,
            "déterminant possessif (« leur maison »), absent de Lexique",
            "possessive determiner ('leur maison'), missing from Lexique",
        ),
        "DAB": _DAB,
    },
    "alkamo": {"DAB": _DAB},
}
# Common words missing from Lexique 3.83, found by comparing it with Grammalecte's dictionary
# (``ludotheque lexicon manquants`` lists the 31,000 lower-case Grammalecte entries Lexique
# lacks): folded form → (spelling, Lexique category). Kept: the Greek letters Lexique lacks,
# and the nouns and adjectives at 2.5 per million or more in French (wordfreq 3.1.1's zipf
# ≥ 3.4, read once when the table was written) that are neither English words French does not
# use as nouns (big, street, like), clipped forms (appli, ordi, tuto), abbreviations (nov,
# http) nor parts of locutions (tandis, instar). Their plurals and feminines
# come from Grammalecte as for Lexique's words (completion).
ADDITIONS: dict[str, tuple[str, str]] = {
    "ZETA": ("zêta", "NOM"), "ETA": ("êta", "NOM"), "SIGMA": ("sigma", "NOM"),
    "UPSILON": ("upsilon", "NOM"), "KHI": ("khi", "NOM"),
    "SELFIE": ("selfie", "NOM"), "SMARTPHONE": ("smartphone", "NOM"), "BLOG": ("blog", "NOM"),
    "WIFI": ("wifi", "NOM"), "STARTUP": ("startup", "NOM"), "PODCAST": ("podcast", "NOM"),
    "HASHTAG": ("hashtag", "NOM"), "NEWSLETTER": ("newsletter", "NOM"),
    "MEDIATHEQUE": ("médiathèque", "NOM"), "HOMOPHOBIE": ("homophobie", "NOM"),
    "ISLAMOPHOBIE": ("islamophobie", "NOM"), "ATTRACTIVITE": ("attractivité", "NOM"),
    "ENTREPRENEURIAT": ("entrepreneuriat", "NOM"), "ASSOCIATIF": ("associatif", "ADJ"),
    "PARTICIPATIF": ("participatif", "ADJ"), "GEEK": ("geek", "NOM"),
    "BITCOIN": ("bitcoin", "NOM"), "STREAMING": ("streaming", "NOM"),
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


def two_letter_admits(policy: str, key: str, rows: list[Row]) -> bool:
    """A two-letter folded form's verdict from its Lexique rows: one single-word row under the
    game's predicate, not an elision (QU), and a vowel (CM, KM, PC… are symbols or initials,
    R19). Rows of other shapes (K.-O., folded KO) do not count."""
    return (
        min_letters(policy) <= 2
        and key not in ELIDED
        and bool(set(key) & VOWELS)
        and any(shape(fold(r.ortho)) == "simple" and row_admits(policy, r) for r in rows)
    )
