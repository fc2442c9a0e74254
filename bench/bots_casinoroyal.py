"""Casino Royal: the ``fort`` bot against ``random`` in games A and B (issue 4, deliverable 4).

One ``fort`` at a table of ``random`` bots, its seat rotating from game to game; a game is a
whole session (one round per player, R8). Prints, per table: fort's share of first places
with its Wilson 95 % interval (the chance level is 1/players; a shared first place counts as a
win and is also counted apart), and fort's mean final units with a 95 % interval. No asserts.

    .venv/bin/python bench/bots_casinoroyal.py --games 1000    # the figures of docs/casinoroyal.md
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.casinoroyal.bots import Fort

GAME = games.get("casinoroyal")


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval of a proportion k/n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(variant: str, players: int, n: int, playouts: int, cap: bool) -> dict[str, float]:
    wins = ties = 0
    units: list[int] = []
    start = time.perf_counter()
    for g in range(n):
        me = g % players
        state = GAME.new(players, {"game": variant, "raise_cap": cap}, 7_000_000 + g)
        agents = {
            s: Fort(seed=g, playouts=playouts) if s == me else botlib.RandomBot(seed=g * 16 + s)
            for s in range(players)
        }
        while not state.is_over():
            for s in sorted(state.to_move()):
                if s in state.to_move():
                    state.apply(s, agents[s].act(state.view(s), state.legal_actions(s)))
        result = state.result()
        if result.ranks[me] == 1:
            wins += 1
            ties += len(result.winners) > 1
        units.append(result.scores[me])
    low, high = wilson(wins, n)
    mean = statistics.fmean(units)
    half = 1.96 * statistics.stdev(units) / math.sqrt(n)
    return {"wins": wins, "ties": ties, "n": n, "low": low, "high": high, "units": mean,
            "units_half": half, "secs": time.perf_counter() - start}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="sessions per table")
    parser.add_argument("--playouts", type=int, default=300, help="fort's simulations")
    parser.add_argument("--tables", default="A2,A4,B2,B4", help="game and players, e.g. A2,B4")
    parser.add_argument("--cap", action="store_true", help="also with the raise_cap option")
    args = parser.parse_args()
    print(f"fort ({args.playouts} playouts) against random, {args.games} sessions per table; "
          f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")  # fmt: skip
    head = ("table", "chance", "fort wins", "95 % (Wilson)", "shared", "fort units (start)")
    print(f"  {head[0]:<24} {head[1]:>6} {head[2]:>10} {head[3]:>16} {head[4]:>6} {head[5]:>22}")
    for cap in (False, True) if args.cap else (False,):
        for spec in args.tables.split(","):
            variant, players = spec[0], int(spec[1:])
            r = match(variant, players, args.games, args.playouts, cap)
            start = 45
            label = f"{variant}, {players} players" + (", raise_cap" if cap else "")
            share = f"{r['wins'] / r['n']:.3f}"
            ci = f"[{r['low']:.3f}, {r['high']:.3f}]"
            units = f"{r['units']:.1f} ± {r['units_half']:.1f} ({start})"
            print(f"  {label:<24} {1 / players:>6.3f} {share:>10} {ci:>16} {r['ties']:>6} "
                  f"{units:>22}   {r['secs']:.0f} s", flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
