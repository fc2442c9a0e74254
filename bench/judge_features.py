"""A new feature for the theme judge, measured on development data (issue 19 experiments).

    import judge_features as F
    cases = F.cases()
    counts = F.refit_and_count(judge, cases, extra=lambda theme, word, field: [my_feature])

The judge's score is a logistic function of (theme similarity, field similarity, definition
link to the theme, to a listed word, the walk's lift); without a list, (theme similarity, link,
lift). An experiment
adds columns (``extra``: one list of floats per case, the same length every time), refits the
weights on the development data as ``bench_judge.py --calibrate 0.08`` does (the bias accepts
92 % of the development related words with a list, 7 % of the development common nouns
without), and counts the words the judge would accept — WordNet's rules included — per set.

Development data only: bench_wordnet's cases (maquettes A and B's listed and HELD_OUT words,
80 common nouns per theme of the calibration half, the 130 development siblings, with and
without the lists) and 40 rare nouns per theme of the calibration half (seed 12). The
evaluation sets (tests/lexicon/judge_eval/) are never read here.
"""

from __future__ import annotations

import math
import random
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import bench_wordnet as BW
from bench_judge import dev_rare_nouns, fit_weights
from ludotheque.games.alkamo.maquettes import MAQUETTES
from ludotheque.lexicon import judge as J

QUANTILE = 0.08  # as the judge's calibration: 92 % of development related words accepted
Extra = Callable[[str, str, Sequence[str]], list[float]]  # (theme as printed, word, field)
Exempt = Callable[[str, str, Sequence[str]], bool]  # keeps a WordNet sibling accepted


def cases() -> dict[str, list[BW.Case]]:
    """bench_wordnet's development cases and 40 rare nouns per theme, with and without lists."""
    out = BW.dev_cases()
    rare = dev_rare_nouns(J.make_judge("auto"))
    rng = random.Random(12)
    out["rare"], out["list-less rare"] = [], []
    for name in ("A", "B"):
        for theme in MAQUETTES[name].themes:
            for w in rng.sample(rare, 40):
                out["rare"].append((theme.display, w, list(theme.related)))
                out["list-less rare"].append((theme.display, w, []))
    return out


def refit_and_count(
    judge: J.VectorJudge,
    all_cases: dict[str, list[BW.Case]],
    extra: Extra | None = None,
    exempt: Exempt | None = None,
    quantile: float = QUANTILE,
    theme_link: Exempt | None = None,
    field_link: Exempt | None = None,
    label: str = "",
    decisions: dict[str, list[bool]] | None = None,
) -> dict[str, int]:
    """Refit the weights with the ``extra`` columns on the development data, then count the
    words accepted per set (listed words and words without a vector left out). ``exempt``
    keeps a WordNet sibling accepted; ``theme_link`` counts as the definitions' link to the
    theme; ``field_link``, when given, replaces their link to a listed word. ``decisions``,
    when given, receives every case's decision per set (False for a case left out)."""
    feats: dict[str, list[tuple[bool, list[float]]]] = {}
    for kind, pairs in all_cases.items():
        feats[kind] = []
        for theme, word, field in pairs:
            st, sf = judge.features(theme, word, field)
            link = judge.link(theme, word, field)
            if math.isnan(st) or link is None or judge.listed(theme, word, field) is not None:
                feats[kind].append((bool(field), []))
                continue
            more = extra(theme, word, field) if extra else []
            lt = link.theme or bool(theme_link and theme_link(theme, word, field))
            lf = field_link(theme, word, field) if field_link else link.field
            lift = judge.walk_lift(theme, word) or 0.0
            feats[kind].append((bool(field), [st, sf, float(lt), float(lf), lift, *more]))

    def columns(row: list[float], listed: bool) -> list[float]:
        return row if listed else [row[0], row[2], *row[4:]]

    weights = {}
    fitted = ("related", "common", "siblings", "rare")
    for listed in (True, False):
        xs, ks = [], []
        for kind, rows in feats.items():
            base = kind.removeprefix("list-less ")
            if base not in fitted or kind.startswith("list-less") == listed:
                continue
            for _, row in rows:
                if row:
                    xs.append(columns(row, listed))
                    ks.append(base)
        weights[listed] = fit_weights(np.array(xs), np.array(ks), listed, quantile)
    if label:
        print(f"  {label}: weights with a list {np.round(weights[True], 3).tolist()}")
        print(f"  {label}: weights without {np.round(weights[False], 3).tolist()}")
    counts: dict[str, int] = {}
    for kind, pairs in all_cases.items():
        decided: list[bool] = []
        for (theme, word, field), (listed, row) in zip(pairs, feats[kind], strict=True):
            if not row:
                decided.append(False)
                continue
            w = weights[listed]
            p = 1 / (1 + math.exp(-(w[0] + float(np.dot(w[1:], columns(row, listed))))))
            if exempt and p >= J.THRESHOLD and exempt(theme, word, field):
                decided.append(True)
                continue
            v, _ = judge.wordnet_verdict(theme, word, field, p)
            decided.append(bool(v) if v is not None else p >= J.THRESHOLD)
        counts[kind] = sum(decided)
        if decisions is not None:
            decisions[kind] = decided
    return counts


def table(results: dict[str, dict[str, int]]) -> None:
    """Print the variants' counts, one row each."""
    kinds = list(next(iter(results.values())))
    print(f"{'variant':16} " + " ".join(f"{k:>18}" for k in kinds))
    for name, c in results.items():
        print(f"{name:16} " + " ".join(f"{c[k]:>18}" for k in kinds))
