"""A sibling rule by information content (Resnik, Lin) instead of depth: the experiment.

The WordNet bridge (:mod:`ludotheque.lexicon.wordnet`) refuses a sibling whose common hypernym
with the theme is at least :data:`~ludotheque.lexicon.wordnet.SIB_MIN_DEPTH` below WordNet's
root. Depth is a poor proxy for how specific a category is (PAIN and FROMAGE share « food »,
4 below the root). Here the category's specificity is its information content instead:

- *counts* (Resnik 1995): p(c) from the sense-tagged counts WordNet ships
  (/usr/share/wordnet/cntlist.rev, SemCor and the Brown corpus), add-one per synset,
  propagated up the hypernym tree (instances included), IC(c) = −log p(c);
- *intrinsic* (Seco, Veale and Hayes 2004): IC(c) = 1 − log(hyponyms(c) + 1) / log(N), from
  the number of synsets below c, no counts needed.

Then Resnik(a, b) = IC(lcs) and Lin(a, b) = 2·IC(lcs) / (IC(a) + IC(b)). The rule (module
constants, set by ``bench_wordnet.py --ic``): a word the vectors accept is refused when a sense
of it and one of the theme's have a common hypernym c (neither of them) with similarity ≥ t,
while no WordNet relation links them (the bridge's relation test), unless a definition links
the word to the theme (the judge's exemption, unchanged).

- ``MODE = "depth"``: the bridge's test with its depth condition replaced (SIB_UP, SIB_NEAR,
  the lexicographer file kept; similarity ≥ t instead of depth ≥ SIB_MIN_DEPTH);
- ``MODE = "whole"``: any common hypernym (no distance limit), similarity ≥ t;
- ``LEXFILE``: require both senses in the same lexicographer file;
- ``COMBINE``: the bridge's rule or this one (either fires);
- ``FIRST``: the similarity over each translation's first WordNet sense only (the relation
  test still over the bridge's senses).

Not adopted (docs/alkamo.md, « Tried and not adopted »).
"""

from __future__ import annotations

import math

from ludotheque.lexicon import wordnet as W

KIND = "counts"  # "counts" or "intrinsic"
MEASURE = "lin"  # "lin" or "resnik"
T = 0.5
MODE = "depth"  # "depth" or "whole"
LEXFILE = True
COMBINE = False
FIRST = False  # similarity over each translation's first sense only (relations over all)


def tag_counts() -> dict[int, int]:
    """Noun synset offset → sum of its senses' tag counts (cntlist.rev), via data.noun's
    lemmas and lex_ids (sense key lemma%1:lexfile:lex_id::)."""
    by_key: dict[str, int] = {}
    for line in (W.WORDNET / "cntlist.rev").read_text(encoding="latin-1").splitlines():
        key, _, cnt = line.split()
        if "%1:" in key:
            by_key[key] = int(cnt)
    out: dict[int, int] = {}
    for line in (W.WORDNET / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        f = line.split()
        lex, n = int(f[1]), int(f[3], 16)
        total = 0
        for i in range(n):
            lemma, lex_id = f[4 + 2 * i].lower(), int(f[5 + 2 * i], 16)
            total += by_key.get(f"{lemma}%1:{lex:02d}:{lex_id:02d}::", 0)
        out[int(f[0])] = total
    return out


def ic_table(kind: str, raw: W.RawSynsets | None = None) -> dict[int, float]:
    """Information content of every noun synset (``kind``: counts or intrinsic)."""
    raw = raw if raw is not None else W.noun_synsets()
    parents = {s: v[2].get("@", []) + v[2].get("@i", []) for s, v in raw.items()}
    closure: dict[int, set[int]] = {}

    def up(s: int) -> set[int]:
        hit = closure.get(s)
        if hit is None:
            hit = {s}
            for h in parents[s]:
                hit |= up(h)
            closure[s] = hit
        return hit

    weight = {s: 1.0 for s in raw}
    if kind == "counts":
        counts = tag_counts()
        weight = {s: counts.get(s, 0) + 1.0 for s in raw}
    total: dict[int, float] = dict.fromkeys(raw, 0.0)
    for s in raw:
        for a in up(s):
            total[a] += weight[s]
    if kind == "counts":
        root = max(total.values())
        return {s: -math.log(v / root) for s, v in total.items()}
    n = len(raw)  # intrinsic: total[s] − 1 synsets below s
    return {s: 1.0 - math.log(total[s]) / math.log(n) for s in raw}


class ICWordNet(W.WordNet):
    """The bridge with the sibling rule by information content (module constants)."""

    def __init__(
        self,
        table: dict[str, object],
        ic: dict[int, float],
        first: dict[str, tuple[int, ...]] | None = None,
    ) -> None:
        super().__init__(table)
        self.ic = ic
        self.first = first or {}  # word → its translations' first senses (FIRST)

    def ic_senses(self, word: str) -> tuple[int, ...]:
        return self.first.get(word, ()) if FIRST else self.senses(word)

    def similarity(self, t: int, w: int, c: int) -> float:
        if MEASURE == "resnik":
            return self.ic[c]
        d = self.ic[t] + self.ic[w]
        return 2 * self.ic[c] / d if d > 0 else 0.0

    def best(self, theme: str, word: str) -> tuple[float, int, int, int] | None:
        """(similarity, common hypernym, theme's sense, word's sense) of the most similar
        pair under MODE and LEXFILE, relation or not."""
        best: tuple[float, int, int, int] | None = None
        for t in self.ic_senses(theme):
            at = self.ancestors(t)
            for w in self.ic_senses(word):
                if LEXFILE and self.synsets[t][0] != self.synsets[w][0]:
                    continue
                for c, dw in self.ancestors(w).items():
                    dt = at.get(c)
                    if dt is None or c in (t, w):
                        continue
                    if MODE == "depth" and (max(dw, dt) > W.SIB_UP or min(dw, dt) > W.SIB_NEAR):
                        continue
                    sim = self.similarity(t, w, c)
                    if best is None or sim > best[0]:
                        best = (sim, c, t, w)
        return best

    def _sibling(self, theme: str, word: str) -> W.Relation | None:
        if COMBINE:
            found = super()._sibling(theme, word)
            if found is not None:
                return found
        ts, ws = self.senses(theme), self.senses(word)
        if not ts or not ws or self._link(ts, ws, hyponyms=True, gloss=True) is not None:
            return None
        best = self.best(theme, word)
        if best is None or best[0] < T:
            return None
        sim, c, t, w = best
        path = f"{self.name(w)}, {self.name(t)} → {self.name(c)}, {MEASURE} {sim:.2f}"
        return W.Relation(
            "sibling",
            f"{word} et {theme} sont deux {self.kinds_of(c)} (WordNet : {path})",
            f"{word} and {theme} are two kinds of {self.name(c)} (WordNet: {path})",
        )
