"""Walks over French Wiktionary's definitions: how many short paths lead from a theme to a word.

The theme judge's definitions (:mod:`ludotheque.lexicon.glosses`) look one step away: the theme
in the word's definition or the word in the theme's. Here the same package's definitions make a
graph. Its nodes are folded lemmas; a headword that is an Alkamo word (or a multi-word headword
made of Alkamo words, « bûche de Noël ») is linked to each content word of its first
:data:`~ludotheque.lexicon.glosses.SENSES` senses, both ways, and the words of a multi-word
headword to each other. Words used by more than :data:`HUB_DF` entries (de, qui, être…) are
left out.

A walk starts at the theme and, at every step, either follows a link (chosen by weight) or,
with probability :data:`RESTART`, goes back to the theme: personalised PageRank. It visits most
the words that many short paths lead to — the theme's parts, people, places and acts, reached
through several definitions — while a sibling concept is reached through a shared genus
(« mammifère »), which leads everywhere and so passes little on. A word's *lift* is the log of
its visits over its share of a walk that starts anywhere (its PageRank), so that a word many
definitions use does not win for that; the judge's score weighs it
(:data:`ludotheque.lexicon.judge.WEIGHTS_FIELD_DEFS`). Chosen on development data
(``bench/glosses_walk.py``, docs/alkamo.md).

The graph (about 63,000 words and 1.7 million links) is built from the package in about 10 s,
once per machine, and cached (``alkamo.walk``); a walk takes about half a second, once per
theme (the last :data:`THEMES_KEPT` themes' walks are kept).
"""

from __future__ import annotations

import marshal
import math
import threading
from array import array
from collections import Counter, OrderedDict
from typing import TYPE_CHECKING, Any

from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.glosses import (
    PACKAGE,
    SENSES,
    STOP,
    categories,
    content_words,
    entries,
    lemmatizer,
    noun_senses_first,
)
from ludotheque.lexicon.nouns import nouns
from ludotheque.lexicon.source import fingerprint, version

if TYPE_CHECKING:
    import numpy as np

    from ludotheque.lexicon.judge import Readings

WALK_VERSION = 5  # 3: accents keep participles apart from nouns, noun senses first; 4: no
# example sentences; 5: a sense's opening context skipped in ordering the senses
HUB_DF = 20000  # a word in more entries than this is left out of the graph (de, qui, être…)
COMPOUND = 1.0  # weight of the link between two words of one headword (a definition's: 1)
COMPOUND_SHARE = 0.5  # a multi-word headword's definition weighs this much on each of its words
COMPOUND_WORDS = 4  # headwords of more words than this are left out
RESTART = 0.3  # probability that the walk goes back to the theme, at every step
STEPS = 20  # power iterations (0.7 ** 20 < 0.001 of the walk left unaccounted for)
FLOOR = 1e-9  # visits below this count as this
THEMES_KEPT = 64  # walks kept in memory (about 0.5 MB each)


class DefinitionGraph:
    """Folded lemmas and the links between them, ready for walks: the links sorted by the word
    they lead to (``src`` the word they come from, ``p`` the probability of following that
    link from there), so that a step is one gather and one segmented sum (``bounds``: where
    each ``nodes`` word's links start); ``rank`` is every word's PageRank. Arrays of 32 bits
    (a walk's visits need no more, and a step reads half the memory), PageRank's of 64."""

    def __init__(self, words: list[str], arrays: tuple[bytes, bytes, bytes, bytes, bytes]) -> None:
        import numpy as np

        src, p, bounds, nodes, rank = arrays
        self.words = words
        self.index = {w: i for i, w in enumerate(words)}
        self._arrays = arrays
        self._src = np.frombuffer(src, dtype=np.int32)
        self._p = np.frombuffer(p, dtype=np.float32)
        self._bounds = np.frombuffer(bounds, dtype=np.int32)
        self._nodes = np.frombuffer(nodes, dtype=np.int32)
        n = len(words)
        if not (
            len(self._src) == len(self._p)
            and len(self._bounds) == len(self._nodes)
            and (not len(self._src) or (self._src.min() >= 0 and self._src.max() < n))
            and (not len(self._nodes) or (self._nodes.min() >= 0 and self._nodes.max() < n))
            and (
                not len(self._bounds)
                or (self._bounds[0] == 0 and self._bounds[-1] < len(self._src))
            )
        ):
            raise ValueError("inconsistent definition graph")
        self.rank = np.frombuffer(rank, dtype=np.float64) if rank else self._walk(None)
        if len(self.rank) != n:
            raise ValueError("inconsistent definition graph")
        self._walks: OrderedDict[tuple[str, ...], np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    @classmethod
    def from_links(
        cls, words: list[str], a: array[int], b: array[int], w: array[float]
    ) -> DefinitionGraph:
        """From undirected links (``a[i]`` – ``b[i]`` of weight ``w[i]``), each listed once."""
        import numpy as np

        a32, b32 = np.frombuffer(a, dtype=np.int32), np.frombuffer(b, dtype=np.int32)
        src, dst = np.concatenate([a32, b32]), np.concatenate([b32, a32])
        weight = np.tile(np.frombuffer(w, dtype=np.float32).astype(np.float64), 2)
        out = np.bincount(src, weights=weight, minlength=len(words))
        order = np.argsort(dst, kind="stable")
        dst = dst[order]
        bounds = np.flatnonzero(np.r_[True, dst[1:] != dst[:-1]]) if len(dst) else dst
        arrays = (
            src[order].astype(np.int32).tobytes(),
            (weight / out[src])[order].astype(np.float32).tobytes(),
            bounds.astype(np.int32).tobytes(),
            dst[bounds].astype(np.int32).tobytes(),
            b"",
        )
        graph = cls(words, arrays)
        graph._arrays = (*arrays[:4], graph.rank.tobytes())
        return graph

    @classmethod
    def build(cls, readings: Readings) -> DefinitionGraph:
        """From the definitions' package (read once; the words' entry counts, then links)."""
        forms = categories()
        lemma = lemmatizer(readings, forms)
        spelled = nouns()[0]
        parsed: list[tuple[list[str], dict[str, None]]] = []  # (headwords, ordered word set)
        for head, senses in entries():
            heads = [h for h in content_words(head, lemma) if h not in STOP]
            if not heads or len(heads) > COMPOUND_WORDS:
                continue
            if not all(readings.known(h) for h in heads):
                continue
            if head.lower() in spelled.get(fold(head), ()):  # a noun: its noun senses first
                senses = noun_senses_first(senses, forms)
            said = (k for sense in senses[:SENSES] for k in content_words(sense, lemma))
            parsed.append((heads, dict.fromkeys(k for k in said if k not in STOP)))
        df = Counter(k for _, words in parsed for k in words)
        index: dict[str, int] = {}
        a, b, w = array("i"), array("i"), array("f")

        def node(k: str) -> int:
            i = index.get(k)
            if i is None:
                i = index[k] = len(index)
            return i

        for heads, words in parsed:
            share = 1.0 if len(heads) == 1 else COMPOUND_SHARE
            for h in heads:
                hi = node(h)
                for k in words:
                    if df[k] <= HUB_DF and k != h:
                        a.append(hi)
                        b.append(node(k))
                        w.append(share)
            for x in heads:
                for y in heads:
                    if x < y:
                        a.append(node(x))
                        b.append(node(y))
                        w.append(COMPOUND)
        return cls.from_links(list(index), a, b, w)

    def to_bytes(self) -> bytes:
        return marshal.dumps((self.words, *self._arrays))

    def _walk(self, start: np.ndarray | None) -> np.ndarray:
        """Visits of a walk that restarts at ``start`` (a distribution; None: anywhere)."""
        import numpy as np

        n = len(self.words)
        s = np.full(n, 1.0 / n, np.float32) if start is None else start.astype(np.float32)
        x = s.copy()
        moved = np.zeros(n, np.float32)
        for _ in range(STEPS):
            if len(self._bounds):
                moved[self._nodes] = np.add.reduceat(self._p * x[self._src], self._bounds)
            x = RESTART * s + (1 - RESTART) * moved
        return x.astype(np.float64)

    def walk(self, starts: tuple[str, ...]) -> np.ndarray | None:
        """Visits of a walk restarting at the (folded) ``starts`` it knows; None if none."""
        import numpy as np

        with self._lock:
            hit = self._walks.get(starts)
            if hit is not None:
                self._walks.move_to_end(starts)
                return hit
        ids = [self.index[k] for k in starts if k in self.index]
        if not ids:
            return None
        start = np.zeros(len(self.words))
        start[ids] = 1.0 / len(ids)
        visits = self._walk(start)
        with self._lock:
            self._walks[starts] = visits
            while len(self._walks) > THEMES_KEPT:
                self._walks.popitem(last=False)
        return visits

    def lift(self, theme: str, word: str, readings: Readings) -> float | None:
        """log(visits / PageRank) of the best reading of ``word`` on a walk from ``theme``
        (both folded); None when the graph knows neither the theme nor the word."""
        mine = {theme} | readings.lemmas(theme)
        visits = self.walk(tuple(sorted(mine)))
        if visits is None:
            return None
        best = None
        for k in ({word} | readings.lemmas(word)) - mine:
            i = self.index.get(k)
            if i is not None:
                v = math.log(max(float(visits[i]), FLOOR) / max(float(self.rank[i]), FLOOR))
                best = v if best is None else max(best, v)
        return best


def _loads(data: bytes) -> DefinitionGraph | None:
    got: Any = marshal.loads(data)
    if not (isinstance(got, tuple) and len(got) == 6 and isinstance(got[0], list)):
        return None
    if not all(isinstance(x, bytes) for x in got[1:]):
        return None
    try:
        return DefinitionGraph(got[0], got[1:])
    except ValueError:
        return None


_LOCK = threading.Lock()
_GRAPH: DefinitionGraph | None = None


def definition_graph(readings: Readings, readings_key: str) -> DefinitionGraph:
    """The process-wide graph (disk cache, built from the package when missing)."""
    global _GRAPH
    with _LOCK:
        if _GRAPH is None:
            _GRAPH = store.load_or_build(
                store.cache_dir() / "alkamo.walk",
                "walk",
                f"{fingerprint()}|{PACKAGE}={version(PACKAGE)}|v={WALK_VERSION}|{readings_key}",
                _loads,
                lambda: DefinitionGraph.build(readings),
                DefinitionGraph.to_bytes,
            )
        return _GRAPH
