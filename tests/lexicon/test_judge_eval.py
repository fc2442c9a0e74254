"""The theme judge on issue 19's evaluation sets (tests/lexicon/judge_eval/, never used to tune
it): the targets it meets stay met, and the two it misses do not get worse.

Figures and Wilson intervals: ``python bench/bench_judge.py`` (docs/alkamo.md, « Judge v2 »).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from ludotheque.lexicon import judge as J
from ludotheque.lexicon import wordnet
from ludotheque.lexicon.fold import fold

SETS = Path(__file__).parent / "judge_eval"


def read_set(name: str) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in (SETS / f"{name}.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            theme, _, words = line.partition(":")
            out[theme.strip()] = [fold(w) for w in words.split()]
    return out


@pytest.fixture(scope="module")
def accepted() -> dict[str, tuple[int, int]]:
    judge = J.make_judge("auto")
    fields = read_set("fields")
    sets = {name: read_set(name) for name in ("related", "siblings", "common", "rare")}
    out = {}
    for name, words in sets.items():
        flags = [judge.accepts(t, words[t], fields[t]) for t in fields]
        out[name] = (sum(sum(f) for f in flags), sum(len(f) for f in flags))
    listless = [judge.accepts(t, sets["common"][t], ()) for t in fields]
    out["listless"] = (sum(sum(f) for f in listless), sum(len(f) for f in listless))
    return out


def test_sets_are_the_ones_written_before_tuning() -> None:
    sizes = {
        n: sum(map(len, read_set(n).values()))
        for n in ("fields", "related", "siblings", "common", "rare")
    }
    assert sizes == {"fields": 168, "related": 210, "siblings": 147, "common": 2100, "rare": 1050}


def test_false_acceptance_targets_met(accepted: dict[str, tuple[int, int]]) -> None:
    """≤ 5 % of common nouns, ≤ 5 % of rare words (< 1 per million), ≤ 8 % without a list."""
    for name, target in (("common", 0.05), ("rare", 0.05), ("listless", 0.08)):
        k, n = accepted[name]
        assert k / n <= target, (name, k, n)


def test_missed_targets_do_not_regress(accepted: dict[str, tuple[int, int]]) -> None:
    """Measured: 165/210 related words (target 92 %: missed), 105/147 siblings (target
    25 %: missed); judge v1 had 162 and 120. With the WordNet bridge (Debian's FreeDict and
    WordNet packages, rules chosen on development data): 164 and 68. With the walk over the
    definitions (2026-11-28): 166 and 59 (168 and 89 without the WordNet bridge); with the
    definitions read by their accents and noun senses (2026-11-28, later): 165 and 58 (167 and
    88 without the bridge)."""
    if wordnet.installed():
        assert accepted["related"][0] >= 165
        assert accepted["siblings"][0] <= 58
    else:
        assert accepted["related"][0] >= 167
        assert accepted["siblings"][0] <= 88
