"""Lexique's common nouns by spelling: which accented spellings fold to a word, most frequent
first (FORET → forêt, foret), and the lemma of a plural noun. Custom maquettes choose a theme's
spelling with it, and the screen and the judge's explanations a listed word's."""

from __future__ import annotations

import marshal
import threading
from typing import TYPE_CHECKING

from ludotheque.engine.errors import LexiconError
from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.source import LEXIQUE, fingerprint, resource

if TYPE_CHECKING:
    from ludotheque.lexicon.judge import Readings

NOUNS_VERSION = 3

_LOCK = threading.Lock()
_NOUNS: tuple[dict[str, tuple[str, ...]], dict[str, str]] | None = None


def nouns() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """(folded → Lexique's singular common-noun spellings, most frequent first; folded plural
    noun → its lemma).

    A row is a singular common noun when its category is NOM and its lemma is the form itself
    (armée/armée; ciseaux/ciseau is a plural); a spelling's frequency is its form's, in films
    and books per million words. Built from Lexique in about a second, cached on disk
    (``alkamo.nouns``)."""
    global _NOUNS
    with _LOCK:
        if _NOUNS is None:
            _NOUNS = store.load_or_build(
                store.cache_dir() / "alkamo.nouns",
                "nouns",
                f"{fingerprint()}|nouns={NOUNS_VERSION}",
                _decode_nouns,
                _build_nouns,
                marshal.dumps,
            )
        return _NOUNS


def _decode_nouns(data: bytes) -> tuple[dict[str, tuple[str, ...]], dict[str, str]] | None:
    loaded = marshal.loads(data)
    return loaded if isinstance(loaded, tuple) and len(loaded) == 2 else None


def _build_nouns() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    singular: dict[str, dict[str, float]] = {}  # folded → spelling → frequency
    plural: dict[str, str] = {}
    for ortho, lemme, cgram, freq in _noun_rows():
        if cgram != "NOM":
            continue
        key = fold(ortho)
        if shape(key) != "simple":
            continue
        if lemme == ortho:
            spellings = singular.setdefault(key, {})
            spellings[ortho] = max(freq, spellings.get(ortho, 0.0))
        elif lemme:
            plural.setdefault(key, lemme)
    ranked = {k: tuple(sorted(v, key=lambda o: (-v[o], o))) for k, v in singular.items()}
    return ranked, plural


def _noun_rows() -> list[tuple[str, str, str, float]]:
    """(form, lemma, category, frequency per million in films + books) of Lexique's rows."""
    text = resource(LEXIQUE).read_bytes().decode("latin-1")
    lines = text.split("\n")
    header = lines[0].rstrip("\r").split("\t")
    names = ("1_ortho", "3_lemme", "4_cgram", "9_freqfilms2", "10_freqlivres")
    try:
        o, lem, cat, films, books = (header.index(n) for n in names)
    except ValueError as err:
        raise LexiconError(
            f"en-tête inattendu dans Lexique383.txt : {err}",
            f"unexpected header in Lexique383.txt: {err}",
        ) from err
    out = []
    for line in lines[1:]:
        f = line.rstrip("\r").split("\t")
        if len(f) > max(o, lem, cat, films, books):
            out.append((f[o], f[lem], f[cat], _number(f[films]) + _number(f[books])))
    return out


def _number(text: str) -> float:
    try:
        return float(text.replace(",", "."))  # Lexique writes « 1,16 »
    except ValueError:
        return 0.0


def spelled(word: str, table: Readings) -> list[str]:
    """How Lexique writes a folded word, most likely first: its singular common-noun spellings,
    most frequent first (PECHE: péché, pêche; MAT: mat, mât), else its forms (PETRIR: pétrir);
    empty when Lexique does not know it (``table``: the readings of folded words)."""
    noun = nouns()[0].get(word)
    if noun:
        return list(noun)
    forms, _ = table.lookup(word)
    return [f for f in forms if fold(f) == word]
