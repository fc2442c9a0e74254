"""The WordNet bridge of the theme judge (issue 19): how its rules were chosen, on development data.

    python bench/bench_wordnet.py              # the rules' effect on the development data
    python bench/bench_wordnet.py --grid       # the parameter search, development data only
    python bench/bench_wordnet.py --pair LION TIGRE   # what the bridge says of one pair
    python bench/bench_wordnet.py --lesk       # senses chosen by the definition (not adopted)
    python bench/bench_wordnet.py --pivot      # French → German → English as a second route
    python bench/bench_wordnet.py --ic         # siblings by information content (not adopted)

The bridge (:mod:`ludotheque.lexicon.wordnet`) reads FreeDict's French–English dictionaries and
Princeton WordNet 3.0 from Debian's packages. The development data are those of judge v2's
calibration (``bench_judge.py --calibrate``): maquettes A and B's listed words (each judged
with the rest of its list) and bench_alkamo's ``HELD_OUT`` words, 80 random common nouns per
theme from the calibration half, the development siblings (bench/data/judge_dev_siblings.txt),
each with the theme's list and without it. The evaluation sets (tests/lexicon/judge_eval/) are
measured by ``bench_judge.py --wordnet`` only, after the choice.

The search: senses per English noun, and for a sibling the common hypernym's largest distance
to either sense, its distance to the closer one and its least depth. Kept: the configuration
refusing the most development siblings with no development related word lost with a list
and at most two without one.
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_alkamo as B
import wordnet_ic as IC
import wordnet_lesk as L
import wordnet_pivot as P
from bench_judge import COMMON_MIN, DEV_SIBLINGS, evaluation_half, noun_lemmas, read_themes
from ludotheque.games.alkamo.maquettes import MAQUETTES
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import wordnet as W
from ludotheque.lexicon.fold import fold

Case = tuple[str, str, list[str]]  # theme as printed, folded word, listed words


def dev_cases() -> dict[str, list[Case]]:
    """Development data only (see the module's doc), with and without the themes' lists."""
    lemmas = noun_lemmas()
    common = sorted(w for w, f in lemmas.items() if f >= COMMON_MIN and not evaluation_half(w))
    siblings = read_themes(DEV_SIBLINGS)
    rng = random.Random(11)
    out: dict[str, list[Case]] = {"related": [], "common": [], "siblings": []}
    for name in ("A", "B"):
        for theme in MAQUETTES[name].themes:
            rel = list(theme.related)
            held = B.HELD_OUT.get(theme.word, "").split()
            out["related"] += [(theme.display, w, [x for x in rel if x != w]) for w in rel]
            out["related"] += [(theme.display, w, rel) for w in held]
            own = {theme.word, *rel, *held}
            drawn = [w for w in rng.sample(common, 80) if w not in own]
            out["common"] += [(theme.display, w, rel) for w in drawn]
            out["siblings"] += [(theme.display, w, rel) for w in siblings.get(theme.display, [])]
    out["list-less related"] = [(t, w, []) for t, w, _ in out["related"]]
    out["list-less common"] = [(t, w, []) for t, w, _ in out["common"]]
    return out


def v2_scores(judge: J.VectorJudge, cases: dict[str, list[Case]]) -> dict[str, list[float]]:
    """Judge v2's score of every case (-1 for a word it cannot score or a listed word)."""
    out: dict[str, list[float]] = {}
    for kind, pairs in cases.items():
        out[kind] = []
        for theme, word, field in pairs:
            p = judge.score(theme, word, field)
            listed = judge.listed(theme, word, field) is not None
            out[kind].append(-1.0 if p is None or listed else p)
    return out


def accepted(
    judge: J.VectorJudge, cases: dict[str, list[Case]], scores: dict[str, list[float]]
) -> dict[str, int]:
    """Words accepted per kind by v2's score and the judge's WordNet rules (family aside)."""
    out: dict[str, int] = {}
    for kind, pairs in cases.items():
        k = 0
        for (theme, word, field), p in zip(pairs, scores[kind], strict=True):
            if p < 0:
                continue
            verdict, _ = judge.wordnet_verdict(theme, word, field, p)
            k += verdict if verdict is not None else p >= J.THRESHOLD
        out[kind] = k
    return out


def sweep(
    judge: J.VectorJudge,
    cases: dict[str, list[Case]],
    scores: dict[str, list[float]],
    table_for: Callable[[], dict[str, object]],
) -> list[tuple[tuple[int, int, int, int], dict[str, int]]]:
    """Every (SENSES, SIB_UP, SIB_NEAR, SIB_MIN_DEPTH) of the grid with its development counts,
    the bridge's table built by ``table_for`` for each number of senses."""
    results = []
    for senses in (1, 2, 3):
        W.SENSES = senses
        table = table_for()
        for up, near, depth in itertools.product((3, 4, 5), (1, 2, 3, 5), (4, 5, 6, 7)):
            if near > up:
                continue
            W.SIB_UP, W.SIB_NEAR, W.SIB_MIN_DEPTH = up, near, depth
            judge.wordnet = W.WordNet(table)
            results.append(((senses, up, near, depth), accepted(judge, cases, scores)))
    return results


def grid(judge: J.VectorJudge) -> None:
    cases = dev_cases()
    scores = v2_scores(judge, cases)
    sizes = {k: len(v) for k, v in cases.items()}
    judge.wordnet = None
    base = accepted(judge, cases, scores)
    print(f"development data: {sizes}\nv2 without WordNet: {base}")
    results = sweep(judge, cases, scores, lambda: W.build(J.readings()))
    keep = [
        r
        for r in results
        if r[1]["related"] >= base["related"]
        and r[1]["list-less related"] >= base["list-less related"] - 2
    ]
    for config, counts in sorted(keep, key=lambda r: r[1]["siblings"])[:8]:
        print(f"SENSES, SIB_UP, SIB_NEAR, SIB_MIN_DEPTH = {config}: {counts}")


LESK_GRID: dict[str, tuple[object, ...]] = {  # Lesk's settings searched (development data)
    "LESK_MARGIN": (3.0, None, 0.0, 6.0, 10.0),
    "LESK_HITS": (2, 1, 3),
    "LESK_UNION": (True, False),
    "LESK_KEEP": (0.0, 0.5, 0.7, 1.0),
    "LESK_PER_NOUN": (False, True),
    "LESK_CANDIDATES": (8, 4),
    "LESK_HYPER": (1, 0, 2),
    "LESK_OWN": (0.0, 6.0),
    "LESK_FIRST": (False, True),
    "LESK_PRIOR": (0.0, 1.0, 3.0),
    "LESK_GENUS": (False, True),
}


def lesk_run(
    judge: J.VectorJudge,
    cases: dict[str, list[Case]],
    scores: dict[str, list[float]],
    src: L.Sources | None,
    settings: dict[str, object],
) -> dict[str, int]:
    """Development counts with the bridge's senses chosen by Lesk under ``settings`` (the
    module constants of bench/wordnet_lesk.py), or with its first senses when ``src`` is None."""
    assert judge.definitions is not None
    saved = {k: getattr(L, k) for k in settings}
    for k, v in settings.items():
        setattr(L, k, v)
    try:
        if src is None:
            judge.wordnet = W.WordNet(W.build(J.readings()))
        else:
            lesk = L.Lesk(src, judge.definitions, J.readings())
            judge.wordnet = L.GenusWordNet(L.build_table(J.readings(), None, lesk))
        return accepted(judge, cases, scores)
    finally:
        for k, v in saved.items():
            setattr(L, k, v)


def lesk_grid(judge: J.VectorJudge) -> None:
    """The bridge's first senses against Lesk's: the defaults, then one setting changed at a
    time; development counts of each, flagged when a related word is lost."""
    cases = dev_cases()
    scores = v2_scores(judge, cases)
    src = L.sources()
    base = lesk_run(judge, cases, scores, None, {})
    print(f"first senses: {base}", flush=True)
    default = {k: getattr(L, k) for k in LESK_GRID}
    print(f"Lesk {default}: {lesk_run(judge, cases, scores, src, {})}", flush=True)
    for key, values in LESK_GRID.items():
        for value in values[1:]:
            counts = lesk_run(judge, cases, scores, src, {key: value})
            lost = (
                counts["related"] < base["related"]
                or counts["list-less related"] < base["list-less related"]
            )
            print(f"{key}={value}: {counts}{'  (related lost)' if lost else ''}", flush=True)


PIVOTS = (  # (first deu-eng entry only, eng-deu backwards, deu-fra backwards)
    (False, True, True),
    (True, False, True),
    (True, False, False),
    (False, False, False),
    (True, True, True),
)
PIVOT_MODES = (  # (mode, top, the word itself before the pivot)
    ("agree", 0, True),
    ("cover", 1, True),
    ("cover", 2, True),
    ("cover", 3, True),
    ("cover", 2, False),
    ("both", 1, True),
    ("both", 2, True),
)


def _pivot_baseline(
    judge: J.VectorJudge,
) -> tuple[dict[str, list[Case]], dict[str, list[float]], dict[str, int]]:
    """The development cases with the calibration half's rare nouns, their v2 scores, and the
    counts the bridge as it is accepts (the judge left holding that bridge)."""
    import bench_thesaurus as T

    cases = dev_cases()
    cases["rare"] = T.rare_cases()
    scores = v2_scores(judge, cases)
    judge.wordnet = W.WordNet(W.build(J.readings()))
    return cases, scores, accepted(judge, cases, scores)


def pivot_grid(judge: J.VectorJudge) -> None:
    """The German route (bench/wordnet_pivot.py) for coverage, agreement or both: development
    counts of each variant (rare nouns of the calibration half included), against the bridge."""
    cases, scores, base = _pivot_baseline(judge)
    print(f"bridge as it is: {base}  ({len(judge.wordnet.words)} words)", flush=True)
    for first, rev_eng, rev_fra in PIVOTS:
        t0 = time.perf_counter()
        pivot = P.Pivot(first_entry=first, reverse_eng=rev_eng, reverse_fra=rev_fra)
        took = time.perf_counter() - t0
        print(f"pivot first={first} eng-deu={rev_eng} deu-fra={rev_fra} ({took:.1f} s)")
        for mode, top, own in PIVOT_MODES:
            table = P.build(J.readings(), pivot, mode, top, own)
            judge.wordnet = W.WordNet(table)
            counts = accepted(judge, cases, scores)
            diff = {k: counts[k] - base[k] for k in counts if counts[k] != base[k]}
            n = len(table["words"])  # type: ignore[arg-type]
            print(f"  {mode} top={top} own={own}: {n} words, {diff}", flush=True)


def pivot_retune(judge: J.VectorJudge) -> None:
    """The grid's parameters searched again with the German route's coverage (its two best
    variants on the development data): configurations losing at most 2 related words with a
    list and no more common or rare nouns, the most siblings refused first."""
    cases, scores, base = _pivot_baseline(judge)
    print(f"bridge as it is: {base}", flush=True)
    saved = (W.SENSES, W.SIB_UP, W.SIB_NEAR, W.SIB_MIN_DEPTH)
    for first, mode, top, own in (
        (False, "cover", 2, True),
        (False, "cover", 2, False),
        (False, "both", 2, True),
        (True, "both", 2, True),
        (True, "both", 2, False),
    ):
        pivot = P.Pivot(first_entry=first, reverse_eng=False, reverse_fra=False)
        results = sweep(judge, cases, scores, partial(P.build, J.readings(), pivot, mode, top, own))
        W.SENSES, W.SIB_UP, W.SIB_NEAR, W.SIB_MIN_DEPTH = saved
        keep = [
            r
            for r in results
            if r[1]["related"] >= base["related"] - 2
            and all(r[1][k] <= base[k] for k in ("common", "rare"))
        ]
        print(f"first entry={first} {mode} top={top} own={own}:")
        for config, counts in sorted(keep, key=lambda r: (r[1]["siblings"], -r[1]["related"]))[:8]:
            print(f"  SENSES, SIB_UP, SIB_NEAR, SIB_MIN_DEPTH = {config}: {counts}", flush=True)


IC_T = (0.3, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9)  # Lin, intrinsic Resnik
IC_T_RESNIK = (3.0, 4.0, 4.5, 5.0, 5.5, 6.0, 6.5, 7.0, 8.0)  # Resnik with tag counts


def ic_grid(judge: J.VectorJudge) -> None:
    """Siblings by information content (bench/wordnet_ic.py), development data only, rare
    nouns of the calibration half included: every IC kind, measure, mode, lexicographer-file
    requirement, combination with the bridge's rule and threshold. Each case's score, link
    to the theme, the bridge's verdicts and best similarity are computed once; a
    configuration's counts replay :meth:`~ludotheque.lexicon.judge.VectorJudge.
    wordnet_verdict` from them (checked against the real bridge for the default setting)."""
    from bench_thesaurus import rare_cases

    cases = dev_cases()
    cases["rare"] = rare_cases()
    cases["list-less rare"] = [(t, w, []) for t, w, _ in cases["rare"]]
    scores = v2_scores(judge, cases)
    print(f"development data: { {k: len(v) for k, v in cases.items()} }", flush=True)
    t0 = time.perf_counter()
    raw = W.noun_synsets()
    table = W.build(J.readings())
    t1 = time.perf_counter()
    ics = {kind: IC.ic_table(kind, raw) for kind in ("counts", "intrinsic")}
    t2 = time.perf_counter()
    print(f"bridge table {t1 - t0:.2f} s; both IC tables {t2 - t1:.2f} s", flush=True)
    W.SENSES = 1
    first: dict[str, tuple[int, ...]] = W.build(J.readings())["words"]  # type: ignore[assignment]
    W.SENSES = 2
    t2 = time.perf_counter()
    bridge = IC.ICWordNet(table, ics["counts"], first)
    judge.wordnet = W.WordNet(table)
    base = accepted(judge, cases, scores)
    judge.wordnet = None
    v2 = accepted(judge, cases, scores)
    print(f"v2 without WordNet: {v2}\nthe bridge as it is: {base}", flush=True)
    # Per case (score ≥ WORDNET_MIN only): score, linked to the theme, bridge's sibling,
    # bridge's relation, no relation (sibling test allowed), best similarity per setting.
    rows: dict[str, list[tuple[float, bool, bool, bool, bool, dict[tuple[str, ...], float]]]]
    rows = {}
    plain = W.WordNet(table)
    settings: list[tuple[str, ...]] = list(
        itertools.product(
            ("counts", "intrinsic"),
            ("lin", "resnik"),
            ("depth", "whole"),
            ("True", "False"),
            ("2", "first"),
        )
    )
    for kind, pairs in cases.items():
        rows[kind] = []
        for (theme, word, field), p in zip(pairs, scores[kind], strict=True):
            if p < 0:
                continue
            if p < J.WORDNET_MIN:
                rows[kind].append((p, False, False, False, False, {}))
                continue
            t = fold(theme)
            sib, rel = plain.judge(t, word)
            link = judge.link(theme, word, field)
            ts, ws = bridge.senses(t), bridge.senses(word)
            free = bool(ts and ws) and bridge._link(ts, ws, hyponyms=True, gloss=True) is None
            sims: dict[tuple[str, ...], float] = {}
            for kind_ic, measure, mode, lexfile, senses in settings:
                IC.MEASURE, IC.MODE, IC.LEXFILE = measure, mode, lexfile == "True"
                IC.FIRST = senses == "first"
                bridge.ic = ics[kind_ic]
                best = bridge.best(t, word) if free else None
                sims[(kind_ic, measure, mode, lexfile, senses)] = best[0] if best else -1.0
            linked = link is not None and link.theme
            rows[kind].append((p, linked, sib is not None, rel is not None, free, sims))
    print(f"cases read in {time.perf_counter() - t2:.1f} s", flush=True)

    def count(setting: tuple[str, ...], t: float, combine: bool) -> dict[str, int]:
        out = {}
        for kind, rs in rows.items():
            k = 0
            for p, linked, sib, rel, _, sims in rs:
                fires = (combine and sib) or sims.get(setting, -1.0) >= t
                if p >= J.THRESHOLD and fires and not linked:
                    continue
                k += p >= J.THRESHOLD or (rel and p >= J.WORDNET_MIN)
            out[kind] = k
        return out

    assert count(("counts", "lin", "depth", "True", "2"), 99.0, True) == base, "replay ≠ bridge"
    IC.KIND, IC.MEASURE, IC.MODE, IC.LEXFILE, IC.T, IC.COMBINE, IC.FIRST = (
        *("counts", "lin", "depth", True, 0.6, False, False),
    )
    judge.wordnet = bridge
    bridge.ic = ics["counts"]
    real = accepted(judge, cases, scores)
    assert count(("counts", "lin", "depth", "True", "2"), 0.6, False) == real, "replay ≠ ICWordNet"
    short = {"related": "rel", "common": "com", "siblings": "sib", "list-less related": "ll-rel",
             "list-less common": "ll-com", "rare": "rare", "list-less rare": "ll-rare"}  # fmt: skip
    head = "setting (IC, measure, mode, same lexfile, senses), combine, t: "
    print(head + ", ".join(short.values()))
    print(f"{'bridge as it is':44} " + " ".join(f"{base[k]:5}" for k in short))
    ok = []
    for setting in settings:
        thresholds = IC_T_RESNIK if setting[:2] == ("counts", "resnik") else IC_T
        for combine in (False, True):
            for t in thresholds:
                c = count(setting, t, combine)
                good = (
                    c["related"] >= base["related"] - 2
                    and c["common"] <= base["common"]
                    and c["rare"] <= base["rare"]
                    and c["list-less common"] <= base["list-less common"]
                    and c["list-less rare"] <= base["list-less rare"]
                )
                flag = " *" if good and c["siblings"] < base["siblings"] else ""
                if flag:
                    ok.append((c["siblings"], -c["related"], setting, combine, t, c))
                print(f"{' '.join(map(str, setting)):36} {combine!s:5} {t:5} "
                      + " ".join(f"{c[k]:5}" for k in short) + flag, flush=True)  # fmt: skip
    print("\nmeeting the criterion (≤ 2 related lost, no more common or rare accepted), "
          "fewest siblings first:")  # fmt: skip
    for _sib, _, setting, combine, t, c in sorted(ok)[:15]:
        print(f"  {' '.join(map(str, setting))} combine={combine} t={t}: {c}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--grid", action="store_true", help="the parameter search (slow)")
    parser.add_argument("--pair", nargs=2, metavar=("THEME", "WORD"))
    parser.add_argument(
        "--lesk", action="store_true", help="senses chosen by the definition (not adopted)"
    )
    parser.add_argument(
        "--pivot", action="store_true", help="French → German → English (experiment)"
    )
    parser.add_argument(
        "--pivot-grid", action="store_true", help="the grid again with the German route"
    )
    parser.add_argument(
        "--ic", action="store_true", help="siblings by information content (not adopted)"
    )
    args = parser.parse_args()
    if not W.installed():
        print(W.status()[2])
        return
    judge = J.make_judge("auto")
    if args.grid:
        grid(judge)
        return
    if args.lesk:
        lesk_grid(judge)
        return
    if args.pivot_grid:
        pivot_retune(judge)
        return
    if args.pivot:
        pivot_grid(judge)
        return
    if args.ic:
        ic_grid(judge)
        return
    t0 = time.perf_counter()
    bridge = W.WordNet(W.build(J.readings()))
    print(f"bridge built in {time.perf_counter() - t0:.2f} s")
    if args.pair:
        theme, word = (fold(x) for x in args.pair)
        for x in (theme, word):
            names = [
                f"{bridge.name(s)} ({W.LEXNAMES[bridge.synsets[s][0]]})" for s in bridge.senses(x)
            ]
            print(f"{x}: {', '.join(names) or '—'}")
        print(bridge.judge(theme, word))
        return
    cases = dev_cases()
    scores = v2_scores(judge, cases)
    judge.wordnet = None
    before = accepted(judge, cases, scores)
    judge.wordnet = bridge
    after = accepted(judge, cases, scores)
    for kind in cases:
        n = len(cases[kind])
        print(
            f"{kind:18} {before[kind]:5} → {after[kind]:5} of {n:5}  "
            f"({before[kind] / n:6.1%} → {after[kind] / n:6.1%})"
        )


if __name__ == "__main__":
    main()
