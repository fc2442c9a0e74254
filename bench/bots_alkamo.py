"""Alkamo: the ``fort`` bot against ``random``, and the speed of the engine and of fort's moves.

One ``fort`` at a table of ``random`` bots, its seat rotating from game to game. Prints, per
table: fort's share of first places with its Wilson 95 % interval (chance is 1/players; a shared
first place counts as a win), the mean final scores, and fort's move time (median, 99th
percentile, max; the lexicon, the signature index and the judge are loaded before, and their
load time is printed apart). No asserts.

    .venv/bin/python bench/bots_alkamo.py --games 300                 # docs/alkamo.md's figures
    .venv/bin/python bench/bots_alkamo.py --games 300 --tables vote3  # the default judge, 3 players
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.alkamo.bots import Fort, predictor
from ludotheque.games.alkamo.search import word_index
from ludotheque.sim.stats import wilson

GAME = games.get("alkamo")


def match(judge: str, players: int, n: int) -> dict[str, object]:
    wins = 0
    fort_scores: list[int] = []
    other_scores: list[float] = []
    times: list[float] = []
    cpu: list[float] = []  # the same moves in thread CPU time: what the load cannot inflate
    steps = 0
    start = time.perf_counter()
    for g in range(n):
        me = g % players
        state = GAME.new(players, {"judge": judge}, 9_000_000 + g)
        agents = {
            s: Fort(seed=g) if s == me else botlib.RandomBot(seed=g * 16 + s)
            for s in range(players)
        }
        while not state.is_over():
            for s in sorted(state.to_move()):
                if s not in state.to_move():
                    continue
                view, legal = state.view(s), state.legal_actions(s)
                t0, c0 = time.perf_counter(), time.thread_time()
                action = agents[s].act(view, legal)
                dt, dc = time.perf_counter() - t0, time.thread_time() - c0
                if s == me:
                    times.append(dt)
                    cpu.append(dc)
                state.apply(s, action)
                steps += 1
        result = state.result()
        wins += result.ranks[me] == 1
        fort_scores.append(result.scores[me])
        other_scores.append(statistics.fmean(result.scores[s] for s in range(players) if s != me))
        if (g + 1) % max(1, n // 10) == 0:
            print(f"    … {g + 1}/{n} games, fort first in {wins}", flush=True)
    times.sort()
    cpu.sort()
    return {
        "n": n,
        "wins": wins,
        "ci": wilson(wins, n),
        "fort": statistics.fmean(fort_scores),
        "others": statistics.fmean(other_scores),
        "median_ms": 1000 * statistics.median(times),
        "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))],
        "max_ms": 1000 * times[-1],
        "p99_cpu_ms": 1000 * cpu[int(0.99 * (len(cpu) - 1))],
        "max_cpu_ms": 1000 * cpu[-1],
        "steps": steps / n,
        "secs": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=300, help="games per table")
    parser.add_argument(
        "--tables", default="auto2,auto3", help="judge and players, e.g. auto2,vote3,liste4"
    )
    args = parser.parse_args()
    print(
        f"fort against random, {args.games} games per table; load average "
        f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores"
    )
    t0 = time.perf_counter()
    word_index()
    for spec in args.tables.split(","):
        predictor(spec.rstrip("0123456789"))
    print(f"  loading the signature index and the judges: {time.perf_counter() - t0:.2f} s")
    for spec in args.tables.split(","):
        judge, players = spec.rstrip("0123456789"), int(spec[len(spec.rstrip("0123456789")) :])
        r = match(judge, players, args.games)
        low, high = r["ci"]  # type: ignore[misc]
        print(
            f"  judge {judge}, {players} players: fort first in {r['wins']}/{r['n']} = "
            f"{r['wins'] / r['n']:.3f} (95 % Wilson {low:.3f}–{high:.3f}; chance "
            f"{1 / players:.3f}); mean final score fort {r['fort']:.1f}, random "
            f"{r['others']:.1f}; {r['steps']:.0f} steps per game; {r['secs']:.0f} s"
        )
        print(
            f"    fort's move: median {r['median_ms']:.2f} ms, 99th percentile "
            f"{r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms"
        )


if __name__ == "__main__":
    main()
