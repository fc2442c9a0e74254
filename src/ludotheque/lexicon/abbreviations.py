"""Abbreviations, sigles and initials: forms Lexique keeps as words that the games refuse.

Alkamo's rule book forbids « initiales » (R19) and AlphaPoker asks for words of the language
(R40); Lexique 3.83 nevertheless lists some abbreviations as nouns, adjectives or adverbs
(« svp », « mme », « etc », « lsd »). A folded form of three letters or more is one of them when
one of its Lexique rows (onomatopoeias aside: BRRR and PFF are interjections, not initials)
shows one of these signals:

1. **letter shape** — no vowel letter at all (SVP, BCBG): no French word is written so;
2. **read letter by letter** — Lexique's phonetic form is the names of its letters, a sigle
   (LSD /ɛlɛsde/, IBM, HIV, ADP, DNA), unless Grammalecte's dictionary also has it in
   lower case as a word of its own (ABC, « l'abc », the primer, stays);
3. **read as a longer word** — the phonetic form is much longer than the spelling (three
   sounds more, two for a form of four letters or fewer): an abbreviation read as the word
   it stands for (MME /madam/, MLLE, ETC /ɛtseteʁa/);
4. **Grammalecte's capitals** — Grammalecte writes the form only in capitals (a sigle: UHT,
   HLM), never in lower case nor capitalised (Grammalecte writes proper nouns « Nice »).

:func:`classify` names the signal; the compiled lexicon drops these forms
(:mod:`ludotheque.lexicon.build`) and :meth:`Lexicon.explain` says why.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable

from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.hunspell import load_grammalecte
from ludotheque.lexicon.source import LEXIQUE, resource

VOWELS = frozenset("AEIOUY")
# Lexique's phonetic alphabet for the names of the letters (a sigle read letter by letter).
LETTER_NAMES: dict[str, tuple[str, ...]] = {
    "A": ("a",), "B": ("be",), "C": ("se",), "D": ("de",), "E": ("2", "°", "e"),
    "F": ("Ef",), "G": ("Ze",), "H": ("aS",), "I": ("i",), "J": ("Zi",), "K": ("ka",),
    "L": ("El",), "M": ("Em",), "N": ("En",), "O": ("o", "O"), "P": ("pe",), "Q": ("ky",),
    "R": ("ER",), "S": ("Es",), "T": ("te",), "U": ("y",), "V": ("ve",),
    "W": ("dubl°ve", "dubleve"), "X": ("iks",), "Y": ("igREk",), "Z": ("zEd",),
}  # fmt: skip
# Which signal, in French and English (explanations, ``lexicon check``).
KINDS: dict[str, tuple[str, str]] = {
    "shape": ("sigle ou initiales : aucune voyelle", "initials: no vowel at all"),
    "letters": ("sigle lu lettre à lettre", "a sigle read letter by letter"),
    "reading": ("abréviation, lue comme le mot qu'elle abrège",
                "an abbreviation, read as the word it stands for"),
    "capitals": ("sigle ou abréviation : Grammalecte ne l'écrit qu'en capitales",
                 "a sigle or abbreviation: Grammalecte writes it only in capitals"),
}  # fmt: skip


def spelled_out(folded: str, phon: str) -> bool:
    """Whether ``phon`` is the names of the letters of ``folded`` (LSD → ElEsde)."""
    ends = {0}
    for letter in folded:
        names = LETTER_NAMES.get(letter, ())
        ends = {e + len(n) for e in ends for n in names if phon.startswith(n, e)}
        if not ends:
            return False
    return len(phon) in ends


def long_reading(folded: str, phon: str) -> bool:
    """The phonetic form is much longer than the spelling (MME → madam)."""
    extra = len(phon) - len(folded)
    return extra >= 3 or (len(folded) <= 4 and extra >= 2)


def classify(
    folded: str, rows: Iterable[tuple[str, str]], grammalecte: dict[str, frozenset[str]]
) -> str | None:
    """The signal that makes ``folded`` an abbreviation (a key of :data:`KINDS`), or None.

    ``rows``: its Lexique rows as (category, phonetic form); ``grammalecte``: folded form →
    how Grammalecte writes it (``lower``, ``capitals``, ``title``)."""
    rows = [(cgram, phon) for cgram, phon in rows if cgram != "ONO"]
    if len(folded) < 3 or not rows:
        return None
    cases = grammalecte.get(folded, frozenset())
    if not set(folded) & VOWELS:
        return "shape"
    if any(spelled_out(folded, phon) for _, phon in rows):
        return None if "lower" in cases else "letters"
    if any(long_reading(folded, phon) for _, phon in rows):
        return "reading"
    if cases == {"capitals"}:
        return "capitals"
    return None


@functools.cache
def grammalecte_cases() -> dict[str, frozenset[str]]:
    """Folded form of Grammalecte's dictionary (every stem and inflection, as hunspell
    expands them) → how it is written: ``lower`` (a word: chu, of choir), ``capitals`` (a
    sigle: CHU, UHT), ``title`` (Mme, Nice)."""
    out: dict[str, set[str]] = {}
    for form in load_grammalecte().forms():
        key = fold(form)
        if shape(key) != "simple":
            continue
        if form.islower():
            case = "lower"
        elif form.isupper():
            case = "capitals"
        else:
            case = "title"
        out.setdefault(key, set()).add(case)
    return {k: frozenset(v) for k, v in out.items()}


@functools.cache
def abbreviations() -> dict[str, str]:
    """Every folded simple form of Lexique that is an abbreviation → its signal."""
    lines = resource(LEXIQUE).read_bytes().decode("latin-1").split("\n")
    head = lines[0].rstrip("\r").split("\t")
    i_ortho, i_phon, i_cgram = head.index("1_ortho"), head.index("2_phon"), head.index("4_cgram")
    rows: dict[str, list[tuple[str, str]]] = {}
    for line in lines[1:]:
        f = line.rstrip("\r").split("\t")
        if len(f) <= i_cgram:
            continue
        key = fold(f[i_ortho])
        if shape(key) == "simple":
            rows.setdefault(key, []).append((f[i_cgram], f[i_phon]))
    cases = grammalecte_cases()
    out = {}
    for key, found in rows.items():
        kind = classify(key, found, cases)
        if kind is not None:
            out[key] = kind
    return out
