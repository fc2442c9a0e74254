"""Why a word is admitted or not, in French and English, from its Lexique rows.

The rows come from the cache's "reasons" table (see :mod:`ludotheque.lexicon.build`); a
completed inflection appears there as a row whose category starts with ``+``.
"""

from __future__ import annotations

from ludotheque.lexicon.abbreviations import KINDS
from ludotheque.lexicon.build import ABBREVIATION, ADDED, COMPLETED
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.inflect import ORIGIN_EN, ORIGIN_FR
from ludotheque.lexicon.policy import (
    ELIDED,
    OVERRIDES,
    VOWELS,
    min_letters,
    row_admits,
    verb_forms,
)
from ludotheque.lexicon.source import Row

# cgram → (French, English, French gender of the phrase)
CATEGORIES: dict[str, tuple[str, str, str]] = {
    "NOM": ("nom", "noun", "m"), "ADJ": ("adjectif", "adjective", "m"),
    "ADJ:num": ("adjectif numéral", "numeral", "m"),
    "ADJ:pos": ("déterminant possessif", "possessive determiner", "m"),
    "ADJ:dem": ("déterminant démonstratif", "demonstrative determiner", "m"),
    "ADJ:ind": ("déterminant indéfini", "indefinite determiner", "m"),
    "ADJ:int": ("déterminant interrogatif", "interrogative determiner", "m"),
    "ADV": ("adverbe", "adverb", "m"), "PRE": ("préposition", "preposition", "f"),
    "CON": ("conjonction", "conjunction", "f"),
    "ART:def": ("article défini", "definite article", "m"),
    "ART:ind": ("article indéfini", "indefinite article", "m"),
    "PRO:per": ("pronom personnel", "personal pronoun", "m"),
    "PRO:dem": ("pronom démonstratif", "demonstrative pronoun", "m"),
    "PRO:ind": ("pronom indéfini", "indefinite pronoun", "m"),
    "PRO:int": ("pronom interrogatif", "interrogative pronoun", "m"),
    "PRO:rel": ("pronom relatif", "relative pronoun", "m"),
    "PRO:pos": ("pronom possessif", "possessive pronoun", "m"),
    "ONO": ("onomatopée", "interjection", "f"), "LIA": ("liaison", "liaison", "f"),
    "": ("sans catégorie", "no category", "m"),
}  # fmt: skip
_VERB = {
    "inf": ("infinitif", "infinitive", "m"),
    "par:pas": ("participe passé", "past participle", "m"),
    "par:pre": ("participe présent", "present participle", "m"),
}


# A word Lexique does not hold at all (not merely one it holds and the game refuses): said in a
# player's words (a newcomer read « absent du lexique (Lexique 3.83) », a name nobody explains),
# and told apart by this value (Alkamo lets a vote admit such a word, R22).
ABSENT = (
    "absent du dictionnaire du jeu (Lexique 3.83), non admis",
    "not in the game's dictionary (Lexique 3.83), not admitted",
)


def _spelled(row: Row, key: str) -> tuple[str, str]:
    """`` (« mangé »)`` when the accents or separators differ from the folded key."""
    return ("", "") if row.ortho == key.lower() else (f" (« {row.ortho} »)", f" ('{row.ortho}')")


def describe(row: Row, key: str, admitted: bool, policy: str) -> tuple[str, str, str]:
    """One row in words: (French, English, gender)."""
    sp_fr, sp_en = _spelled(row, key)
    if row.cgram.startswith(ADDED):
        fr, en, g = CATEGORIES.get(row.cgram[1:], (row.cgram[1:],) * 2 + ("m",))
        return (
            f"{fr}{sp_fr}, absent de Lexique 3.83, ajouté d'après Grammalecte",
            f"{en}{sp_en}, missing from Lexique 3.83, added from Grammalecte",
            g,
        )
    if row.cgram.startswith(COMPLETED):
        kind = row.infover
        cat = CATEGORIES.get(row.cgram[1:], (row.cgram[1:],) * 2 + ("m",))
        return (
            f"{ORIGIN_FR[kind]} de {row.lemme}{sp_fr} ({cat[0]}, complété, Grammalecte)",
            f"{ORIGIN_EN[kind]} of {row.lemme}{sp_en} ({cat[1]}, completed, Grammalecte)",
            "m",
        )
    if row.cgram in ("VER", "AUX"):
        forms = verb_forms(row)
        if admitted and forms:
            tag = next(t for t in ("inf", "par:pas", "par:pre") if t in forms)
            fr, en, g = _VERB[tag]
            if policy == "alkamo" and tag != "inf":
                admitted = False
            else:
                return f"{fr} de {row.lemme}{sp_fr}", f"{en} of {row.lemme}{sp_en}", g
        tags = ", ".join(t for t in row.tags()) or "?"
        return (
            f"forme conjuguée de {row.lemme}{sp_fr} ({tags})",
            f"conjugated form of {row.lemme}{sp_en} ({tags})",
            "f",
        )
    fr, en, g = CATEGORIES.get(row.cgram, (row.cgram, row.cgram, "m"))
    return f"{fr}{sp_fr}", f"{en}{sp_en}", g


def _agree(gender: str, admitted: bool) -> tuple[str, str]:
    if admitted:
        return ("admise" if gender == "f" else "admis"), "admitted"
    return ("non admise" if gender == "f" else "non admis"), "not admitted"


def reason(
    key: str, rows: list[Row], policy: str, compound: bool, admitted: bool
) -> tuple[str, str]:
    """The French and English reason for ``key`` given its rows (Lexique and completion)."""
    shortest = min_letters(policy)
    if len(key) < shortest:
        return (
            f"moins de {shortest} lettres, non admis",
            f"fewer than {shortest} letters, not admitted",
        )
    if len(key) == 2 and rows and not set(key) & VOWELS:
        return (
            "symbole ou initiales sans voyelle (CM, KM, PC), non admis",
            "a symbol or initials without a vowel (CM, KM, PC), not admitted",
        )
    if key in ELIDED:
        return "forme élidée, non admise", "elided form, not admitted"
    override = OVERRIDES[policy].get(key)
    if override is not None:
        ok, fr, en = override
        fr_v, en_v = _agree("m", ok)
        return f"{fr} (table de corrections), {fr_v}", f"{en} (corrections table), {en_v}"
    marker = next((r for r in rows if r.cgram.startswith(ABBREVIATION)), None)
    if marker is not None:
        fr, en = KINDS[marker.cgram[1:]]
        rule = "R19" if policy == "alkamo" else "R40"
        return f"{fr}, non admis ({rule})", f"{en}, not admitted ({rule})"
    shapes = ("simple", "compound") if compound else ("simple",)
    usable = [
        r for r in rows if r.cgram.startswith((COMPLETED, ADDED)) or shape(fold(r.ortho)) in shapes
    ]
    if not usable:
        if rows:
            return (
                "mot composé, admis seulement avec l'option des mots composés",
                "compound word, admitted only with the compound-words option",
            )
        return ABSENT
    if admitted:
        good = [
            r for r in usable if r.cgram.startswith((COMPLETED, ADDED)) or row_admits(policy, r)
        ]
        good.sort(key=_preference)
        fr, en, g = describe(good[0], key, True, policy)
        fr_v, en_v = _agree(g, True)
        return f"{fr}, {fr_v}", f"{en}, {en_v}"
    parts: dict[str, tuple[str, str, str]] = {}
    for r in usable:
        d = describe(r, key, False, policy)
        parts.setdefault(d[0], d)
    first = next(iter(parts.values()))
    fr_v, en_v = _agree(first[2], False)
    return ("; ".join(parts) + f", {fr_v}", "; ".join(p[1] for p in parts.values()) + f", {en_v}")


_ORDER = ["NOM", "ADJ", "ADV", "PRE", "CON", "ART", "VER", "AUX"]


def _preference(row: Row) -> tuple[int, int]:
    cg = row.cgram.lstrip(COMPLETED + ADDED)
    rank = next((i for i, p in enumerate(_ORDER) if cg.startswith(p)), len(_ORDER))
    return (row.cgram.startswith((COMPLETED, ADDED)), rank)
