"""Alkamo's theme judge measured on the evaluation sets of issue 19 (tests/lexicon/judge_eval/).

    python bench/bench_judge.py               # every set's figures with Wilson intervals, cost
    python bench/bench_judge.py --write-sets  # (once) draw the common and rare noun sets
    python bench/bench_judge.py --wordnet     # v2 without, then with, the WordNet bridge
    python bench/bench_judge.py --walk        # the walk's cost (no evaluation set read)

The sets were written before any tuning of judge v2 and are used for nothing else:
- ``fields.txt``: 21 evaluation themes (on neither maquette A, the calibration, nor B, the
  development themes), each with the 8 related words a maquette would print;
- ``related.txt``: 10 other related words per theme (the judge should accept them);
- ``siblings.txt``: 7 neighbours per theme in the same domain (a fair player refuses them);
- ``common.txt``: 100 common nouns per theme (Lexique lemma frequency, films + books, 20 per
  million or more), drawn at random (seed 3) from the evaluation half of the nouns (a
  checksum of the word; v2's calibration draws from the other half), minus the theme's own
  listed, related and sibling words. (Judge v1 was calibrated on random nouns from all of them:
  its « before » figures on this set are, if anything, flattered.)
- ``rare.txt``: 50 rare nouns per theme (lemma frequency, films + books, under 1 per million)
  that the vectors know, from the same evaluation half, drawn at random (seed 4);
- « list-less themes »: the same themes judged without their lists; related = the 8 listed and
  the 10 related words; false acceptance measured on ``common.txt``.
Random nouns are not checked by hand: a few are in fact related, so false acceptance is
slightly overstated.
"""

from __future__ import annotations

import argparse
import math
import random
import resource
import statistics
import sys
import time
import zlib
from pathlib import Path
from typing import Any

from ludotheque.games.alkamo.maquettes import MAQUETTES
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.source import LEXIQUE
from ludotheque.lexicon.source import resource as data_file
from ludotheque.sim.stats import wilson

SETS = Path(__file__).resolve().parent.parent / "tests" / "lexicon" / "judge_eval"
COMMON_PER_THEME = 100
RARE_PER_THEME = 50
COMMON_MIN = 20.0  # per million, films + books (as bench_alkamo.MIN_FREQ)
RARE_MAX = 1.0


def read_set(name: str) -> dict[str, list[str]]:
    """One evaluation set file → {theme as printed: folded words}."""
    return read_themes(SETS / f"{name}.txt")


def read_themes(path: Path) -> dict[str, list[str]]:
    """``THEME: W1 W2 …`` lines → {theme as printed: folded words} (``#`` lines: comments)."""
    out: dict[str, list[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        theme, _, words = line.partition(":")
        out[theme.strip()] = [fold(w) for w in words.split()]
    return out


def noun_lemmas() -> dict[str, float]:
    """Folded noun lemmas of Lexique → lemma frequency per million (films + books)."""
    lines = data_file(LEXIQUE).read_bytes().decode("latin-1").split("\n")
    head = lines[0].split("\t")
    i_lem, i_cg = head.index("3_lemme"), head.index("4_cgram")
    i_f1, i_f2 = head.index("7_freqlemfilms2"), head.index("8_freqlemlivres")
    out: dict[str, float] = {}
    for line in lines[1:]:
        f = line.split("\t")
        if len(f) <= i_f2 or f[i_cg] != "NOM":
            continue
        word = fold(f[i_lem])
        if not (word.isalpha() and word.isascii() and len(word) >= 3):
            continue
        freq = float(f[i_f1].replace(",", ".")) + float(f[i_f2].replace(",", "."))
        out[word] = max(out.get(word, 0.0), freq)
    return out


def evaluation_half(word: str) -> bool:
    """The nouns kept for evaluation: half of Lexique's nouns, fixed by a checksum of the word.
    Judge v2's calibration draws its random nouns from the other half only."""
    return zlib.crc32(word.encode()) % 2 == 0


def write_sets() -> None:
    fields, related, siblings = read_set("fields"), read_set("related"), read_set("siblings")
    judge = J.make_judge("auto")
    lemmas = noun_lemmas()
    common = sorted(w for w, f in lemmas.items() if f >= COMMON_MIN and evaluation_half(w))
    rare = sorted(
        w
        for w, f in lemmas.items()
        if f < RARE_MAX and evaluation_half(w) and judge.word_rows(w) and J.readings().known(w)
    )
    for name, pool, per, seed, what in (
        ("common", common, COMMON_PER_THEME, 3, f"lemma frequency ≥ {COMMON_MIN:g} per million"),
        ("rare", rare, RARE_PER_THEME, 4, f"lemma frequency < {RARE_MAX:g} per million"),
    ):
        rng = random.Random(seed)
        lines = [
            f"# Random Lexique nouns ({what}, films + books), {per} per evaluation theme,",
            f"# seed {seed}, drawn by bench/bench_judge.py --write-sets from the {len(pool)} nouns",
            "# of the evaluation half (crc32 even; calibration uses the other half), minus the",
            "# theme's own listed, related and sibling words.",
        ]
        for theme in fields:
            own = {fold(theme), *fields[theme], *related[theme], *siblings[theme]}
            drawn = rng.sample([w for w in pool if w not in own], per)
            lines.append(f"{theme}: {' '.join(drawn)}")
        (SETS / f"{name}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
        print(f"{name}: {per * len(fields)} words from a pool of {len(pool)}")


def evaluate(judge: J.VectorJudge, show: int = 12) -> dict[str, tuple[int, int]]:
    """Acceptances per set: {set: (accepted, judged)}; prints each with its interval."""
    fields, related = read_set("fields"), read_set("related")
    siblings, common, rare = read_set("siblings"), read_set("common"), read_set("rare")
    cases = {
        "related (with list)": [(t, w, fields[t]) for t in fields for w in related[t]],
        "common nouns": [(t, w, fields[t]) for t in fields for w in common[t]],
        "rare words": [(t, w, fields[t]) for t in fields for w in rare[t]],
        "siblings": [(t, w, fields[t]) for t in fields for w in siblings[t]],
        "list-less: related": [(t, w, []) for t in fields for w in fields[t] + related[t]],
        "list-less: common nouns": [(t, w, []) for t in fields for w in common[t]],
    }
    targets = {"related (with list)": "≥ 92 %", "common nouns": "≤ 5 %", "rare words": "≤ 5 %",
               "siblings": "≤ 25 %", "list-less: common nouns": "≤ 8 %"}  # fmt: skip
    out: dict[str, tuple[int, int]] = {}
    times: list[float] = []
    for name, pairs in cases.items():
        wrong: list[str] = []
        k = 0
        for theme, word, field in pairs:
            t0 = time.perf_counter()
            d = judge.decide(theme, word, field)
            times.append(time.perf_counter() - t0)
            ok = d.accepted is True
            k += ok
            if ok != ("related" in name):
                wrong.append(f"{theme}/{word}")
        n = len(pairs)
        lo, hi = wilson(k, n)
        out[name] = (k, n)
        print(
            f"{name:26} {k:5}/{n:<5} {k / n:6.1%}  [{lo:5.1%}, {hi:5.1%}]  "
            f"target {targets.get(name, '—')}"
        )
        if show and wrong:
            print(
                f"    {'refused' if 'related' in name else 'accepted'}: "
                f"{', '.join(wrong[:show])}{' …' if len(wrong) > show else ''}"
            )
    print(
        f"decision: median {statistics.median(times) * 1e3:.3f} ms, "
        f"max {max(times) * 1e3:.1f} ms ({len(times)} decisions)"
    )
    batch = []
    for theme in fields:
        for start in range(0, len(common[theme]), 20):
            t0 = time.perf_counter()
            judge.margins(theme, common[theme][start : start + 20], fields[theme])
            batch.append(time.perf_counter() - t0)
    print(
        f"margins of 20 words (a bot's rack): median {statistics.median(batch) * 1e3:.2f} ms, "
        f"max {max(batch) * 1e3:.1f} ms ({len(batch)} calls)"
    )
    return out


DEV_SIBLINGS = Path(__file__).resolve().parent / "data" / "judge_dev_siblings.txt"


def dev_rows(judge: J.VectorJudge) -> list[tuple[str, bool, list[float]]]:
    """Development data (maquettes A and B only, nouns from the calibration half):
    (kind, with a list, features) for listed words (leave one out), bench_alkamo's HELD_OUT
    words, random common and rare nouns, and the development siblings."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import bench_alkamo as B

    lemmas = noun_lemmas()
    common = sorted(w for w, f in lemmas.items() if f >= COMMON_MIN and not evaluation_half(w))
    rare = dev_rare_nouns(judge)
    siblings = read_themes(DEV_SIBLINGS)
    rng = random.Random(11)
    rows: list[tuple[str, bool, list[float]]] = []

    def add(kind: str, theme: str, word: str, field: list[str]) -> None:
        st, sf = judge.features(theme, word, field)
        link = judge.link(theme, word, field)
        if not math.isnan(st) and link is not None:
            lift = judge.walk_lift(theme, word) or 0.0
            defs = [float(link.theme), float(link.field), lift]
            rows.append((kind, bool(field), [st, sf, *defs]))

    for name in ("A", "B"):
        for theme in MAQUETTES[name].themes:
            rel = list(theme.related)
            held = B.HELD_OUT.get(theme.word, "").split()
            for w in rel:
                add("related", theme.display, w, [x for x in rel if x != w])
            for w in held:
                add("related", theme.display, w, rel)
            for w in rel + held:
                add("related", theme.display, w, [])
            own = {theme.word, *rel, *held}
            for w in rng.sample(common, 80):
                if w not in own:
                    add("common", theme.display, w, rel)
                    add("common", theme.display, w, [])
            for w in rng.sample(rare, 40):
                add("rare", theme.display, w, rel)
                add("rare", theme.display, w, [])
            for w in siblings.get(theme.display, []):
                add("sibling", theme.display, w, rel)
    return rows


LISTLESS_FALSE = 0.07  # without a list, the bias admits this share of development nouns


def dev_rare_nouns(judge: J.VectorJudge) -> list[str]:
    """Rare nouns (lemma frequency under RARE_MAX) of the calibration half that the vectors
    know: the development pool of rare words."""
    return sorted(
        w
        for w, f in noun_lemmas().items()
        if f < RARE_MAX and not evaluation_half(w) and judge.word_rows(w) and J.readings().known(w)
    )


def fit_weights(x: Any, kinds: Any, listed: bool, quantile: float) -> Any:
    """The judge's logistic weights fitted on development rows ``x`` of ``kinds`` (related
    words are the positives), the bias then set as the calibration sets it: with a list,
    ``1 - quantile`` of the related words accepted; without, LISTLESS_FALSE of the common
    nouns."""
    import numpy as np

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_alkamo import fit

    y = (kinds == "related").astype(float)
    w = fit(x, y)
    z = w[0] + x @ w[1:]
    if listed:
        w[0] -= np.quantile(z[y == 1], quantile)
    else:
        w[0] -= np.quantile(z[kinds == "common"], 1 - LISTLESS_FALSE)
    return w


def calibrate(quantile: float) -> None:
    """Refit WEIGHTS_FIELD_DEFS and WEIGHTS_THEME_DEFS on the development data. With a list,
    the bias puts ``1 - quantile`` of the development related words at or above the
    threshold; without one, :data:`LISTLESS_FALSE` of the development common nouns."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import numpy as np

    judge = J.make_judge("auto")
    rows = dev_rows(judge)
    for name, listed, cols in (
        ("WEIGHTS_FIELD_DEFS", True, [0, 1, 2, 3, 4]),
        ("WEIGHTS_THEME_DEFS", False, [0, 2, 4]),
    ):
        sel = [(k, f) for k, lst, f in rows if lst == listed]
        x = np.array([f for _, f in sel])[:, cols]
        kinds = np.array([k for k, _ in sel])
        w = fit_weights(x, kinds, listed, quantile)
        z = w[0] + x @ w[1:]
        rates = {
            k: f"{(z[kinds == k] >= 0).mean():.1%} of {(kinds == k).sum()}"
            for k in ("related", "common", "rare", "sibling")
            if (kinds == k).any()
        }
        print(f"{name} = ({', '.join(f'{v:.4g}' for v in w)})")
        print(f"    development acceptance: {rates}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--write-sets", action="store_true")
    parser.add_argument(
        "--calibrate",
        type=float,
        metavar="Q",
        default=None,
        help="refit the weights; Q: share of development related words refused",
    )
    parser.add_argument("--show", type=int, default=12, help="errors listed per set")
    parser.add_argument(
        "--wordnet",
        action="store_true",
        help="v2 without then with the WordNet bridge, back to back, and what changed",
    )
    parser.add_argument(
        "--lesk",
        action="store_true",
        help="the WordNet bridge with its first senses, then with Lesk's, back to back",
    )
    parser.add_argument(
        "--walk",
        action="store_true",
        help="the walk over the definitions: its graph's build, load and a theme's walk "
        "(no evaluation set read)",
    )
    args = parser.parse_args()
    if args.walk:
        walk_cost()
        return
    if args.write_sets:
        write_sets()
        return
    if args.calibrate is not None:
        calibrate(args.calibrate)
        return
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    judge = J.make_judge("auto")
    load = time.perf_counter() - t0
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"judge load {load:.2f} s, +{(rss1 - rss0) / 1024:.0f} MB max RSS")
    if args.wordnet:
        compare_wordnet(judge, args.show)
        return
    if args.lesk:
        compare_lesk(judge, args.show)
        return
    evaluate(judge, args.show)


def walk_cost() -> None:
    """What :mod:`ludotheque.lexicon.walk` costs: the graph built from the package (as once
    per machine), written and read back as the cache does, and one walk per maquette theme."""
    from ludotheque.lexicon import walk as WK

    readings = J.readings()
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    graph = WK.DefinitionGraph.build(readings)
    build = time.perf_counter() - t0
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    data = graph.to_bytes()
    t0 = time.perf_counter()
    graph = WK._loads(data) or graph
    read = time.perf_counter() - t0
    print(
        f"graph: {len(graph.words):,} words, {len(graph._src) // 2:,} links; built in "
        f"{build:.1f} s (+{(rss1 - rss0) / 1024:.0f} MB max RSS), cache {len(data) / 1e6:.1f} MB "
        f"read back in {read * 1e3:.0f} ms"
    )
    themes = [fold(t.word) for name in ("A", "B") for t in MAQUETTES[name].themes]
    times = []
    for theme in themes:
        t0 = time.perf_counter()
        graph.walk((theme,))
        times.append(time.perf_counter() - t0)
    print(
        f"a theme's walk: median {statistics.median(times) * 1e3:.0f} ms, "
        f"max {max(times) * 1e3:.0f} ms ({len(themes)} maquette themes)"
    )


def compare_wordnet(judge: J.VectorJudge, show: int) -> None:
    """The same judge without and with :mod:`ludotheque.lexicon.wordnet`, back to back, and
    the words whose decision the bridge changes."""
    from ludotheque.lexicon import wordnet as W

    if judge.wordnet is None:
        print(W.status()[2])
        return
    t0 = time.perf_counter()
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    bridge = W.WordNet(W.build(J.readings()))
    rss1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"WordNet bridge: cold build {time.perf_counter() - t0:.2f} s "
        f"(+{(rss1 - rss0) / 1024:.0f} MB max RSS), {len(bridge.words)} words, "
        f"{len(bridge.synsets)} synsets"
    )
    without = J.VectorJudge(judge.readings, judge.vectors, judge.definitions, None, judge.walks)
    print("— v2 without WordNet")
    before = evaluate(without, 0)
    print("— v2 with WordNet")
    after = evaluate(judge, 0)
    changes(without, judge, before, after, show)


def compare_lesk(judge: J.VectorJudge, show: int) -> None:
    """The WordNet bridge with each translation's first senses (the bridge before Lesk), then
    with the senses its French definition picks (bench/wordnet_lesk.py, not adopted),
    back to back, and the words whose decision changes."""
    import wordnet_lesk as L
    from ludotheque.lexicon import wordnet as W

    if judge.wordnet is None or judge.definitions is None:
        print(W.status()[2])
        return
    t0 = time.perf_counter()
    first = W.WordNet(W.build(J.readings()))
    t1 = time.perf_counter()
    lesk = L.GenusWordNet(L.build_table(J.readings(), judge.definitions))
    t2 = time.perf_counter()
    print(f"bridge build: first senses {t1 - t0:.2f} s, with Lesk {t2 - t1:.2f} s")
    before_judge = J.VectorJudge(
        judge.readings, judge.vectors, judge.definitions, first, judge.walks
    )
    after_judge = J.VectorJudge(judge.readings, judge.vectors, judge.definitions, lesk, judge.walks)
    print("— WordNet, first senses")
    before = evaluate(before_judge, 0)
    print("— WordNet, senses chosen by the definition (Lesk)")
    after = evaluate(after_judge, 0)
    changes(before_judge, after_judge, before, after, show)


def changes(
    a: J.VectorJudge,
    b: J.VectorJudge,
    before: dict[str, tuple[int, int]],
    after: dict[str, tuple[int, int]],
    show: int,
) -> None:
    """The counts before → after, and the related words and siblings whose decision changed."""
    without, judge = a, b
    for name in before:
        print(f"{name:26} {before[name][0]:5} → {after[name][0]:5} of {after[name][1]}")
    if not show:
        return
    fields, related = read_set("fields"), read_set("related")
    siblings = read_set("siblings")
    for name, words, field in (
        ("related", related, fields),
        ("siblings", siblings, fields),
        ("list-less related", {t: fields[t] + related[t] for t in fields}, None),
    ):
        changed = []
        for theme in fields:
            rel = fields[theme] if field is not None else []
            for w in words[theme]:
                a = without.decide(theme, w, rel).accepted is True
                d = judge.decide(theme, w, rel)
                if a != (d.accepted is True):
                    changed.append(f"{theme}/{w} {'+' if d.accepted else '-'} ({d.reason_fr})")
        print(f"{name}: {len(changed)} changed")
        for line in changed[:show]:
            print(f"    {line}")


if __name__ == "__main__":
    main()
