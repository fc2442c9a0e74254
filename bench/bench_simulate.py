"""Simulation throughput: games per second with ``--jobs 1`` and ``--jobs 2`` (target: the
second at least 1.8× the first), for every registered game, with random bots and with the
game's ``fort`` bot (or its first own bot: Poker d'As parfait, Alice glouton).

Each case plays the same seeded games with 1 then 2 local processes, alternately for
``--rounds`` rounds, and prints the median games/s (wall clock) and the speed-up; the number
of games per case is calibrated to take about ``--seconds`` with one process, and is at least
100 (a Poker d'As parfait game takes 0.02 to 0.6 s: with a few dozen games, the one left running
when the other worker runs out of games decides the figure). The load
average is printed before and after: other jobs on the machine take cores from ``--jobs 2``.
« cores » is the CPU time of the run with 2 processes divided by its wall time (2.0 when the
two cores are ours alone), « cpu 2/1 » the CPU time with 2 processes over that with 1 (the cost
of the workers: start-up, pickling rows, the shared tables each worker builds).

    .venv/bin/python bench/bench_simulate.py                 # all games, ~8 s per run
    .venv/bin/python bench/bench_simulate.py --games pokerdas --seconds 4 --rounds 1
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import time

from ludotheque import games
from ludotheque.sim import Plan, run
from ludotheque.sim.runner import play_game, warm_up

# Options that keep one game of a few seconds at most (random Poker d'As sessions run to
# thousands of throws; AlphaPoker's default is 10 hands).
OPTIONS = {"pokerdas": {"max_rounds": 10}, "alphapoker": {"hands_per_game": 3}}


def lineups(name: str) -> list[tuple[str, list[str]]]:
    g = games.get(name)
    # « fort », else the game's first own bot (Poker d'As parfait, Alice glouton: Alice's
    # default opponent, mcts:fort, takes tens of seconds a game)
    strong = "fort" if "fort" in g.bots else next(iter(g.bots), "random")
    return [("random", ["random"]), (strong, [strong, "random"])]


MIN_GAMES = 100  # fewer, and the length of the last game running decides the speed-up


def calibrate(plan: Plan, seconds: float) -> int:
    """How many games take about ``seconds`` on one process (at least MIN_GAMES), timed on a
    second pass over the same games: the first builds what a process builds on first meeting
    a game (Poker d'As parfait's rows), which the timed runs will not pay again."""
    t0 = time.perf_counter()
    n = 0
    while time.perf_counter() - t0 < min(1.5, seconds / 4) or n < 2:
        play_game(plan, 10_000 + n)
        n += 1
    t0 = time.perf_counter()
    for g in range(n):
        play_game(plan, 10_000 + g)
    per_game = (time.perf_counter() - t0) / n
    return max(MIN_GAMES, int(seconds / per_game) // 2 * 2)


def _burn(n: int) -> int:
    total = 0
    for i in range(n):
        total += i * i
    return total


def control(seconds: float) -> float:
    """The speed-up of a pure-Python CPU loop on 2 processes, measured the same way: what
    the machine allows now (2.0 on two free cores; less when other jobs hold a core)."""
    from concurrent.futures import ProcessPoolExecutor

    n = 2_000_000
    t0 = time.perf_counter()
    _burn(n)
    pieces = max(4, int(seconds / max(1e-3, time.perf_counter() - t0)) // 2 * 2)
    t0 = time.perf_counter()
    for _ in range(pieces):
        _burn(n)
    one = time.perf_counter() - t0
    t0 = time.perf_counter()
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_burn, [n] * pieces))
    return one / (time.perf_counter() - t0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=None, help="games to time (all)")
    parser.add_argument("--seconds", type=float, default=8.0, help="target time with 1 job")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"control: a pure-Python loop on 2 processes runs {control(args.seconds):.2f}× faster")
    print("Simulation throughput — games/s (wall), median over rounds")
    print(
        f"{'game':<12}{'bots':<16}{'games':>7}{'jobs=1':>10}{'jobs=2':>10}{'speed-up':>10}"
        f"{'cores':>10}{'cpu 2/1':>10}"
    )
    for name in args.games or games.names():
        for label, bots in lineups(name):
            plan = Plan.make(name, bots, 2, options=OPTIONS.get(name, {}))
            warm_up(plan)  # tables and lexicons built once, before timing and forking
            play_game(plan, 0)
            n = calibrate(plan, args.seconds)
            plan = Plan.make(name, bots, n, options=OPTIONS.get(name, {}), seed=1)
            # Once untimed: what a process builds on first meeting a game (Poker d'As parfait's
            # rows by throw count, the word searches' memories) is then in the parent for the
            # run with 1 job and in the workers forked from it for the run with 2, alike.
            run(plan, jobs=1)
            rates: dict[int, list[float]] = {1: [], 2: []}
            cores: list[float] = []  # CPU seconds per wall second with 2 processes
            cpu: dict[int, list[float]] = {1: [], 2: []}
            for _ in range(args.rounds):
                for jobs in (1, 2):
                    c0 = _cpu()
                    t0 = time.perf_counter()
                    run(plan, jobs=jobs)
                    wall = time.perf_counter() - t0
                    used = _cpu() - c0
                    rates[jobs].append(n / wall)
                    cpu[jobs].append(used)
                    if jobs == 2:
                        cores.append(used / wall)
            one, two = statistics.median(rates[1]), statistics.median(rates[2])
            extra = statistics.median(cpu[2]) / statistics.median(cpu[1])
            print(
                f"{name:<12}{label:<16}{n:>7}{one:>10.2f}{two:>10.2f}{two / one:>9.2f}×"
                f"{statistics.median(cores):>10.2f}{extra:>10.2f}×"
            )
    print(f"control: a pure-Python loop on 2 processes runs {control(args.seconds):.2f}× faster")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


if __name__ == "__main__":
    main()
