"""AlphaPoker engine speed: random full games per second and microseconds per step.

A step is what a driver does per move: ``legal_actions`` + a uniform choice + ``apply``.
Word declarations are timed apart (they run the exact best-word search to list one
declaration per reachable count), as the issue's target excludes them. Prints medians over
rounds; no asserts. Reference: OpenSpiel's pure-Python games take 16–63 µs per step on this
machine (shared/notes/perf-anchors.md §2).

Steps are timed in thread CPU time (``time.thread_time_ns``), so that other jobs sharing the
two cores do not inflate the figures; games/s is wall time.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ludotheque import games


def one_game(seed: int, players: int, options: dict) -> tuple[list[int], list[int], float]:
    game = games.get("alphapoker")
    state = game.new(players, options, seed)
    rng = random.Random(seed)
    plain: list[int] = []
    words: list[int] = []
    start = time.perf_counter()
    while not state.is_over():
        t0 = time.thread_time_ns()
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        action = rng.choice(legal)
        state.apply(seat, action)
        dt = time.thread_time_ns() - t0
        (words if action["type"] == "declare" else plain).append(dt)
    return plain, words, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=60, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    games.get("alphapoker").new(2)  # load the lexicon before timing
    print("AlphaPoker engine — random play (median of rounds)")
    columns = ("mean µs", "median µs", "p99 µs", "decl. ms", "games/s", "steps/game")
    print(f"{'table':<28} " + " ".join(f"{c:>10}" for c in columns))
    for players, options in [
        (2, {}),
        (3, {}),
        (4, {}),
        (3, {"alternate_betting": True}),
        (3, {"hand_size": 9}),
        (8, {}),
    ]:
        per_step, means, p99s, decl, rate, length = [], [], [], [], [], []
        for r in range(args.rounds):
            plain_all, words_all, wall = [], [], 0.0
            for g in range(args.games):
                plain, words, secs = one_game(r * 10_000 + g, players, options)
                plain_all += plain
                words_all += words
                wall += secs
            per_step.append(statistics.median(plain_all) / 1000)
            means.append(statistics.fmean(plain_all) / 1000)
            p99s.append(sorted(plain_all)[int(0.99 * len(plain_all))] / 1000)
            decl.append(statistics.median(words_all) / 1e6 if words_all else 0.0)
            rate.append(args.games / wall)
            length.append((len(plain_all) + len(words_all)) / args.games)
        label = f"{players} players {options or ''}".strip()
        print(
            f"{label:<28} {statistics.median(means):>10.1f} {statistics.median(per_step):>10.1f} "
            f"{statistics.median(p99s):>10.1f} "
            f"{statistics.median(decl):>10.2f} {statistics.median(rate):>10.1f} "
            f"{statistics.median(length):>10.0f}"
        )
    print("mean/median/p99: CPU µs per non-declaration step (legal_actions + choice + apply),")
    print("medians over rounds; decl. ms: median declaration step (lists one word per count).")


if __name__ == "__main__":
    main()
