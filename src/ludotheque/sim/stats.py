"""Summaries of simulated games: win rates with Wilson intervals, distributions, the first
player's advantage (docs/simulate.md)."""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

Row = dict[str, Any]
Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (shared wins may be fractional)."""
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def rate(wins: float, n: int) -> dict[str, float]:
    lo, hi = wilson(wins, n)
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "low": lo, "high": hi}


def distribution(values: Sequence[float]) -> dict[str, float]:
    """Mean, standard deviation and quartiles."""
    if not values:
        return {"n": 0}
    xs = sorted(values)
    q = statistics.quantiles(xs, n=4, method="inclusive") if len(xs) > 1 else [xs[0]] * 3
    return {
        "n": len(xs),
        "mean": statistics.fmean(xs),
        "sd": statistics.pstdev(xs) if len(xs) > 1 else 0.0,
        "min": xs[0],
        "q1": q[0],
        "median": q[1],
        "q3": q[2],
        "max": xs[-1],
    }


def summarize(rows: Sequence[Row]) -> dict[str, Any]:
    """Everything ``simulate`` prints, as a JSON-able dict. Truncated games count in the
    lengths but not in the win rates (they have no winner). A seat ranked 0 does not play
    (Alkamo's non-playing arbiter): it counts in no rate, score or fair share."""
    finished = [r for r in rows if not r["truncated"]]
    players = rows[0]["players"] if rows else 0
    n = len(finished)
    per_seat = [
        rate(sum(r[f"win_{s}"] for r in finished), sum(_plays(r, s) for r in finished))
        for s in range(players)
    ]
    playing = max((sum(_plays(r, s) for s in range(players)) for r in finished), default=players)
    wins: dict[str, float] = defaultdict(float)
    seats: dict[str, int] = defaultdict(int)
    scores: dict[str, list[float]] = defaultdict(list)
    for r in finished:
        for s in range(players):
            if not _plays(r, s):
                continue
            bot = r[f"bot_{s}"]
            wins[bot] += r[f"win_{s}"]
            seats[bot] += 1
            scores[bot].append(r[f"score_{s}"])
    per_bot = {b: rate(wins[b], seats[b]) for b in sorted(seats)}
    first = [r for r in finished if r["first"] >= 0]
    first_wins = sum(r[f"win_{r['first']}"] for r in first)
    return {
        "games": len(rows),
        "finished": n,
        "truncated": len(rows) - n,
        "players": players,
        "fair_share": 1 / playing if playing else 0.0,
        "per_seat": per_seat,
        "per_bot": per_bot,
        "scores": {b: distribution(v) for b, v in sorted(scores.items())},
        "steps": distribution([r["steps"] for r in rows]),
        "seconds": distribution([r["seconds"] for r in rows]),
        "first_player": rate(first_wins, len(first)),
        "reasons": dict(sorted(_count(r["reason"] for r in rows).items())),
    }


def _plays(row: Row, seat: int) -> bool:
    """Whether ``seat`` played this game (ranks start at 1; 0 is a non-playing seat)."""
    return bool(row.get(f"rank_{seat}", 1))


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for item in items:
        out[item] += 1
    return out
