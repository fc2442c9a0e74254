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
    (Alkamo's non-playing arbiter): it counts in no rate, score or fair share.

    In a team game (rows with ``team_s`` columns, the Belote) a team's win is a win for each
    of its seats, the fair share is one over the number of teams, and every rate counts a
    team once per game: a bot's rate is over the games of the teams it sits in (its seats in
    one team count once), the first player's is his team's."""
    finished = [r for r in rows if not r["truncated"]]
    players = rows[0]["players"] if rows else 0
    teams = _teams(rows[0], players) if rows else None
    if teams is not None:
        return _summary(rows, finished, players, teams)
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
    per_bot = {b: rate(wins[b], seats[b]) for b in _in_order(rows, seats)}
    first = [r for r in finished if r["first"] >= 0]
    first_wins = sum(r[f"win_{r['first']}"] for r in first)
    return _assemble(
        rows,
        players,
        fair=1 / playing if playing else 0.0,
        teams=None,
        per_team=None,
        per_seat=per_seat,
        per_bot=per_bot,
        scores=scores,
        first=rate(first_wins, len(first)),
    )


def _assemble(
    rows: Sequence[Row],
    players: int,
    *,
    fair: float,
    teams: list[list[int]] | None,
    per_team: list[dict[str, Any]] | None,
    per_seat: list[dict[str, float]],
    per_bot: dict[str, dict[str, float]],
    scores: dict[str, list[float]],
    first: dict[str, float],
) -> dict[str, Any]:
    finished = sum(not r["truncated"] for r in rows)
    return {
        "games": len(rows),
        "finished": finished,
        "truncated": len(rows) - finished,
        "players": players,
        "fair_share": fair,
        "teams": teams,
        "per_team": per_team,
        "per_seat": per_seat,
        "per_bot": per_bot,
        "scores": {b: distribution(scores[b]) for b in _in_order(rows, scores)},
        "steps": distribution([r["steps"] for r in rows]),
        "seconds": distribution([r["seconds"] for r in rows]),
        "first_player": first,
        "reasons": dict(sorted(_count(r["reason"] for r in rows).items())),
    }


def _in_order(rows: Sequence[Row], bots: Any) -> list[str]:
    """The bots of ``bots`` in the order of --bots: as they first sit in the games, seat by
    seat (game 0 has the lineup unturned)."""
    seen: dict[str, None] = {}
    for r in rows:
        for s in range(r["players"]):
            seen.setdefault(r[f"bot_{s}"], None)
        if len(seen) >= len(bots):
            break
    return [b for b in seen if b in bots] + sorted(b for b in bots if b not in seen)


def _teams(row: Row, players: int) -> list[list[int]] | None:
    """The seats of each team, teams in order (``[[0, 2], [1, 3]]``), or None."""
    if "team_0" not in row:
        return None
    by_team: dict[int, list[int]] = defaultdict(list)
    for s in range(players):
        by_team[int(row[f"team_{s}"])].append(s)
    return [by_team[t] for t in sorted(by_team)]


def _summary(
    rows: Sequence[Row], finished: Sequence[Row], players: int, teams: list[list[int]]
) -> dict[str, Any]:
    """:func:`summarize` for a team game."""
    team_of = {s: t for t, seats in enumerate(teams) for s in seats}
    team_wins, team_games = [0.0] * len(teams), [0] * len(teams)
    seat_wins, seat_games = [0.0] * players, [0] * players
    wins: dict[str, float] = defaultdict(float)
    games: dict[str, int] = defaultdict(int)
    scores: dict[str, list[float]] = defaultdict(list)
    first_wins, first_games = 0.0, 0
    for r in finished:
        for t, seats in enumerate(teams):
            playing = [s for s in seats if _plays(r, s)]
            if not playing:
                continue
            won = sum(r[f"win_{s}"] for s in seats)  # 1 for the winning team (shared on a tie)
            team_wins[t] += won
            team_games[t] += 1
            for s in playing:
                seat_wins[s] += won
                seat_games[s] += 1
            for bot in sorted({r[f"bot_{s}"] for s in playing}):
                wins[bot] += won
                games[bot] += 1
                mine = [r[f"score_{s}"] for s in playing if r[f"bot_{s}"] == bot]
                scores[bot].append(statistics.fmean(mine))
        if r["first"] >= 0:
            first_wins += sum(r[f"win_{s}"] for s in teams[team_of[r["first"]]])
            first_games += 1
    return _assemble(
        rows,
        players,
        fair=1 / (sum(1 for g in team_games if g) or len(teams)),
        teams=teams,
        per_team=[
            {**rate(team_wins[t], team_games[t]), "seats": seats} for t, seats in enumerate(teams)
        ],
        per_seat=[rate(seat_wins[s], seat_games[s]) for s in range(players)],
        per_bot={b: rate(wins[b], games[b]) for b in _in_order(rows, games)},
        scores=scores,
        first=rate(first_wins, first_games),
    )


def significant(rates: Sequence[dict[str, float]], fair: float) -> list[tuple[int, str]]:
    """The indices (seats) whose 95 % interval excludes ``fair``, each with « + » (above) or
    « - » (below); seats that did not play (n = 0) are left out."""
    out = []
    for i, r in enumerate(rates):
        if r["n"] and r["low"] > fair:
            out.append((i, "+"))
        elif r["n"] and r["high"] < fair:
            out.append((i, "-"))
    return out


def _plays(row: Row, seat: int) -> bool:
    """Whether ``seat`` played this game (ranks start at 1; 0 is a non-playing seat)."""
    return bool(row.get(f"rank_{seat}", 1))


def _count(items: Any) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for item in items:
        out[item] += 1
    return out
