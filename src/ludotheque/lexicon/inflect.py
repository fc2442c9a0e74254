"""Completing the inflections Lexique lacks (rules/README §3, "Missing inflections").

Lexique lists only forms met in its corpora (10,373 noun lemmas have no plural). For every
admissible noun and adjective row we generate the regular plural and feminine candidates of
French grammar and keep those that Grammalecte's dictionary produces as a noun, adjective or
participle form (never through a conjugation class, so no finite verb form gets in).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

# Feminine endings: masculine ending → feminine endings tried (every matching rule is tried).
_FEMININE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("eux", ("euse",)), ("eur", ("euse", "rice", "eresse", "eure")), ("teur", ("trice",)),
    ("er", ("ère",)), ("ier", ("ière",)), ("if", ("ive",)), ("f", ("ve",)),
    ("en", ("enne",)), ("on", ("onne",)), ("el", ("elle",)), ("eil", ("eille",)),
    ("et", ("ette", "ète")), ("ot", ("otte",)), ("at", ("atte",)), ("eau", ("elle",)),
    ("c", ("que", "che")), ("g", ("gue",)), ("x", ("se", "sse")), ("s", ("se", "sse")),
)  # fmt: skip

ORIGIN_FR = {"pl": "pluriel", "f": "féminin", "fpl": "féminin pluriel"}
ORIGIN_EN = {"pl": "plural", "f": "feminine", "fpl": "feminine plural"}


def plurals(word: str) -> list[str]:
    """Regular plural candidates: +s, -al→-aux, -ail→-aux, -eau/-au/-eu→+x; s/x/z unchanged."""
    if word.endswith(("s", "x", "z")):
        return []
    out = [word + "s"]
    if word.endswith("al") or word.endswith("ail"):
        out.append(word[: -2 if word.endswith("al") else -3] + "aux")
    if word.endswith(("au", "eu", "œu")):
        out.append(word + "x")
    return out


def feminines(word: str) -> list[str]:
    """Regular feminine candidates (+e, -er→-ère, -eux→-euse, -if→-ive, -en→-enne, …)."""
    if word.endswith("e"):
        return []
    out = [word + "e"]
    for ending, replacements in _FEMININE:
        if word.endswith(ending) and len(word) > len(ending):
            stem = word[: -len(ending)]
            out += [stem + r for r in replacements]
    return out


def candidates(word: str) -> Iterator[tuple[str, str]]:
    """``(form, kind)`` for each candidate inflection of ``word``; kind is pl, f or fpl."""
    for p in plurals(word):
        yield p, "pl"
    for f in feminines(word):
        yield f, "f"
        for fp in plurals(f):
            yield fp, "fpl"


def complete(bases: Iterable[str], accepted: set[str]) -> dict[str, tuple[str, str]]:
    """Candidate forms of ``bases`` that ``accepted`` contains: form → (kind, base).

    The first base met wins, so the origin is deterministic for a given iteration order.
    """
    out: dict[str, tuple[str, str]] = {}
    for base in bases:
        for form, kind in candidates(base):
            if form in accepted and form not in out:
                out[form] = (kind, base)
    return out
