"""Compiling a lexicon from the sources: Lexique rows → admissible folded forms (+ completion).

The result is what the cache stores: the sorted word list, and the "reasons" table that
:meth:`Lexicon.explain` reads (every Lexique row by folded key, plus the origin of each
completed inflection).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ludotheque.lexicon.abbreviations import abbreviations
from ludotheque.lexicon.fold import fold, shape, squash
from ludotheque.lexicon.hunspell import NOMINAL_FLAGS, load_grammalecte
from ludotheque.lexicon.inflect import complete
from ludotheque.lexicon.policy import ADDITIONS, ELIDED, MIN_LETTERS, OVERRIDES, row_admits
from ludotheque.lexicon.source import Row, lexique_rows

COMPLETED = "+"  # cgram prefix of a completed inflection in the reasons table
ADDED = "="  # cgram prefix of a word added from Grammalecte (policy.ADDITIONS)
ABBREVIATION = "!"  # cgram prefix of a marker row: an abbreviation, its signal after it


@dataclass
class Built:
    words: list[str]
    reasons: str  # lines "KEY\tortho\tlemme\tcgram\tinfover", sorted by key
    counts: dict[str, int]


def keyed(rows: Iterable[Row]) -> list[tuple[str, str, Row]]:
    """``(key, shape, row)``: the folded form as played (separators removed) and its shape."""
    folded: dict[str, tuple[str, str]] = {}
    out = []
    for row in rows:
        hit = folded.get(row.ortho)
        if hit is None:
            f = fold(row.ortho)
            s = shape(f)
            hit = folded[row.ortho] = (squash(f) if s == "compound" else f, s)
        out.append((hit[0], hit[1], row))
    return out


def admissible_forms(
    policy: str,
    rows: list[tuple[str, str, Row]],
    *,
    compound: bool = False,
    guard: bool = True,
    min_letters: int = MIN_LETTERS,
    corrections: bool = True,
) -> set[str]:
    """Folded forms with at least one admissible row (README §3), before completion.

    ``guard``, ``min_letters`` and ``corrections`` (elisions and the override table) can be
    relaxed to reproduce the reference counts of the notes.
    """
    shapes = ("simple", "compound") if compound else ("simple",)
    out = {
        key
        for key, s, row in rows
        if s in shapes and len(key) >= min_letters and row_admits(policy, row, guard)
    }
    if corrections:
        out -= ELIDED
        for word, (admitted, _, _) in OVERRIDES[policy].items():
            if admitted:
                out.add(word)
            else:
                out.discard(word)
    return out


def build(policy: str, compound: bool = False) -> Built:
    rows = keyed(lexique_rows())
    words = admissible_forms(policy, rows, compound=compound)
    admitted = {w for w, (ok, _, _) in OVERRIDES[policy].items() if ok}
    lines = [f"{key}\t{row.ortho}\t{row.lemme}\t{row.cgram}\t{row.infover}" for key, _, row in rows]
    abbreviated = {k: v for k, v in abbreviations().items() if k not in admitted}
    for key, kind in abbreviated.items():
        lines.append(f"{key}\t\t\t{ABBREVIATION}{kind}\t")
    words -= abbreviated.keys()
    counts = {"lexique": len(words)}
    denied = {w for w, (ok, _, _) in OVERRIDES[policy].items() if not ok}
    bases: dict[str, str] = {}
    for key, s, row in rows:
        if s == "simple" and row.cgram in ("NOM", "ADJ") and key in words:
            bases.setdefault(row.ortho, row.cgram)
    for key, (form, cgram) in ADDITIONS.items():
        if row_admits(policy, Row(form, form, cgram, "")) and key not in words:
            words.add(key)
            bases.setdefault(form, cgram)
            lines.append(f"{key}\t{form}\t{form}\t{ADDED}{cgram}\t")
    counts["added"] = len(words) - counts["lexique"]
    accepted = load_grammalecte().forms(NOMINAL_FLAGS)
    for form, (kind, base) in complete(bases, accepted).items():
        key = fold(form)
        if shape(key) != "simple" or len(key) < MIN_LETTERS or key in ELIDED or key in denied:
            continue
        if key not in words and key not in abbreviated:
            words.add(key)
            lines.append(f"{key}\t{form}\t{base}\t{COMPLETED}{bases[base]}\t{kind}")
    counts["completed"] = len(words) - counts["lexique"] - counts["added"]
    counts["total"] = len(words)
    lines.sort()
    return Built(sorted(words), "\n".join(lines) + "\n", counts)
