"""How common a word is: Lexique 3.83's frequencies, per folded A–Z form.

Lexique gives, per row, the frequency of the form and of its lemma in two corpora (film
subtitles, books), in occurrences per million words. For a folded form (every accented
spelling and category that folds to it) this module keeps:

- :func:`frequency`: the form's frequency, the mean of the two corpora, summed over the rows
  that fold to it (PECHE = pêche + péché + pèche…);
- :func:`lemma_frequency`: the highest frequency of its lemmas (mean of the two corpora): how
  common the word's family is (CHEVAUX → cheval's).

Both are 0.0 for a word Lexique does not have. Bots and hints read them to prefer words players
know; the theme judge reads :func:`lemma_frequency` (rare words have less reliable vectors).
The table is built from Lexique in about a second and cached (``lexique.frequencies``).

>>> frequency("MAISON") > frequency("MASURE") > 0.0
True
"""

from __future__ import annotations

import marshal
import threading

from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.source import LEXIQUE, fingerprint, resource

FREQUENCIES_VERSION = 2  # 2: (form, lemma) pairs
_COLUMNS = ("1_ortho", "7_freqlemfilms2", "8_freqlemlivres", "9_freqfilms2", "10_freqlivres")

_LOCK = threading.Lock()
_TABLE: dict[str, tuple[float, float]] | None = None


def _number(text: str) -> float:
    try:
        return float(text.replace(",", "."))
    except ValueError:
        return 0.0


def build() -> dict[str, tuple[float, float]]:
    """Folded simple form → (form frequency, lemma frequency), per million words."""
    lines = resource(LEXIQUE).read_bytes().decode("latin-1").split("\n")
    head = lines[0].rstrip("\r").split("\t")
    i_ortho, i_fl1, i_fl2, i_f1, i_f2 = (head.index(c) for c in _COLUMNS)
    table: dict[str, tuple[float, float]] = {}
    folded: dict[str, str] = {}
    for line in lines[1:]:
        f = line.rstrip("\r").split("\t")
        if len(f) <= i_f2:
            continue
        ortho = f[i_ortho]
        key = folded.get(ortho)
        if key is None:
            key = folded[ortho] = fold(ortho)
        if shape(key) != "simple":
            continue
        form = (_number(f[i_f1]) + _number(f[i_f2])) / 2
        lemma = (_number(f[i_fl1]) + _number(f[i_fl2])) / 2
        old = table.get(key, (0.0, 0.0))
        table[key] = (old[0] + form, max(old[1], lemma))
    return table


def _decode(data: bytes) -> dict[str, tuple[float, float]] | None:
    t = marshal.loads(data)
    if not isinstance(t, dict) or not all(isinstance(v, tuple) for v in t.values()):
        return None
    return t


def _key() -> str:
    return f"{fingerprint()}|frequencies={FREQUENCIES_VERSION}"


def table() -> dict[str, tuple[float, float]]:
    """The process-wide table (disk cache, built from Lexique when missing)."""
    global _TABLE
    with _LOCK:
        if _TABLE is None:
            _TABLE = store.load_or_build(
                store.cache_dir() / "lexique.frequencies",
                "frequencies",
                _key(),
                _decode,
                build,
                marshal.dumps,
            )
        return _TABLE


def frequency(word: str) -> float:
    """Occurrences per million words of the form (any spelling: « Chevaux », CHEVAUX), the
    mean of Lexique's film and book corpora; 0.0 when Lexique does not have it."""
    return table().get(fold(word.strip()), (0.0, 0.0))[0]


def lemma_frequency(word: str) -> float:
    """Occurrences per million of the word's most frequent lemma (CHEVAUX → cheval), mean of
    the two corpora; 0.0 when Lexique does not have it."""
    return table().get(fold(word.strip()), (0.0, 0.0))[1]
