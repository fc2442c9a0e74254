"""Casino Royal: poker evaluator throughput against treys and phevaluator, best of 20 cards,
the NumPy batch path, and the engine's time per random step. Prints figures; no asserts
(docs/casinoroyal.md quotes them).

Every evaluator case is timed in short slices, round-robin over ``--rounds`` rounds, in thread
CPU time (other jobs on the shared cores do not inflate it); the tables give the median rate
over rounds and the paired ratio (median of per-round ratios) against treys, as in
shared/notes/perf-anchors.md. treys and phevaluator are development dependencies
(``pip install -e '.[dev]'``); the cases that need them are skipped with a message if absent.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Callable

from ludotheque import games
from ludotheque.cards.poker import evaluate

try:
    import numpy as np

    from ludotheque.cards.poker_batch import evaluate_batch
except ImportError:  # pragma: no cover - numpy is a dependency; kept for a stripped install
    np = None  # type: ignore[assignment]

try:
    from treys import Card as TreysCard
    from treys import Evaluator as TreysEvaluator
except ImportError:
    TreysCard = TreysEvaluator = None  # type: ignore[assignment,misc]

try:
    import phevaluator
except ImportError:
    phevaluator = None  # type: ignore[assignment]

RANKS, SUITS = "23456789TJQKA", "SHDC"


def treys_card(c: int) -> int:
    return TreysCard.new(RANKS[c % 13] + SUITS[c // 13].lower())


def phe_card(c: int) -> int:
    return (c % 13) * 4 + "CDHS".index(SUITS[c // 13])  # phevaluator: id = 4·rank + suit


def cpu_slice(fn: Callable[[], int]) -> tuple[int, int]:
    t0 = time.thread_time_ns()
    n = fn()
    return n, time.thread_time_ns() - t0


def run_cases(
    cases: dict[str, Callable[[int], Callable[[], int]]], rounds: int
) -> dict[str, list[float]]:
    """Rates (evaluations per second) per round, each case on a different window each round."""
    rates: dict[str, list[float]] = {name: [] for name in cases}
    for r in range(rounds):
        for name, make in cases.items():
            n, ns = cpu_slice(make(r))
            rates[name].append(n / ns * 1e9)
    return rates


def report(title: str, rates: dict[str, list[float]], ref: str | None) -> None:
    print(f"\n{title}")
    print(f"  {'case':<46} {'median eval/s':>14} {'µs/eval':>8} {'vs treys':>9} {'paired':>7}")
    for name, values in rates.items():
        med = statistics.median(values)
        ratio = paired = ""
        if ref and ref in rates:
            ratio = f"{med / statistics.median(rates[ref]):.2f}x"
            paired = (
                f"{statistics.median(a / b for a, b in zip(values, rates[ref], strict=True)):.2f}x"
            )
        print(f"  {name:<46} {med:>14,.0f} {1e6 / med:>8.2f} {ratio:>9} {paired:>7}")


def agreement(hands: list[list[int]]) -> str:
    """Our keys and treys' ranks order random pairs of hands identically (same ranking)."""
    if TreysEvaluator is None:
        return "treys absent: agreement not checked"
    ev = TreysEvaluator()
    rng = random.Random(1)
    sample = hands[:20_000]
    ours = [evaluate(h) for h in sample]
    theirs = [
        ev.evaluate([treys_card(c) for c in h[:2]], [treys_card(c) for c in h[2:]]) for h in sample
    ]
    bad = 0
    for _ in range(100_000):
        i, j = rng.randrange(len(sample)), rng.randrange(len(sample))
        a = (ours[i] > ours[j]) - (ours[i] < ours[j])
        b = (theirs[i] < theirs[j]) - (theirs[i] > theirs[j])
        bad += a != b
    return f"ranking agreement with treys on 100,000 random pairs of 7-card hands: {bad} differ"


def evaluators(n: int, rounds: int, window: int) -> None:
    rng = random.Random(20240601)
    hands7 = [rng.sample(range(52), 7) for _ in range(n)]
    hands20 = [rng.sample(range(52), 20) for _ in range(n // 4)]

    def windows(data: list, size: int) -> Callable[[int], list]:
        return lambda r: [data[(r * size + i) % len(data)] for i in range(size)]

    cases: dict[str, Callable[[int], Callable[[], int]]] = {}

    def ours7(r: int) -> Callable[[], int]:
        batch = windows(hands7, window)(r)

        def go() -> int:
            for h in batch:
                evaluate(h)
            return len(batch)

        return go

    cases["ours evaluate(7 cards), pure Python"] = ours7
    if TreysEvaluator is not None:
        ev = TreysEvaluator()
        tw = max(1, window // 10)
        converted = [
            ([treys_card(c) for c in h[:2]], [treys_card(c) for c in h[2:]])
            for h in hands7[: tw * (rounds + 1)]
        ]

        def treys7(r: int) -> Callable[[], int]:
            batch = [converted[(r * tw + i) % len(converted)] for i in range(tw)]

            def go() -> int:
                for hole, board in batch:
                    ev.evaluate(hole, board)
                return len(batch)

            return go

        cases["treys Evaluator.evaluate(hole, board)"] = treys7
    else:
        print("treys absent (pip install -e '.[dev]'): its cases are skipped")
    if phevaluator is not None:
        phe = [tuple(phe_card(c) for c in h) for h in hands7]
        e7 = phevaluator.evaluate_7cards

        def phe7(r: int) -> Callable[[], int]:
            batch = windows(phe, window)(r)

            def go() -> int:
                for h in batch:
                    e7(*h)
                return len(batch)

            return go

        cases["phevaluator evaluate_7cards(*cards) (C)"] = phe7
    else:
        print("phevaluator absent (pip install -e '.[dev]'): its cases are skipped")
    if np is not None:
        arr7 = np.array(hands7, dtype=np.int64)

        def batch7(r: int) -> Callable[[], int]:
            return lambda: len(evaluate_batch(arr7))

        cases["ours evaluate_batch(array of 7-card hands), NumPy"] = batch7
    rates = run_cases(cases, rounds)
    report(
        f"Best of 7 — {n:,} random hands, {rounds} rounds",
        rates,
        "treys Evaluator.evaluate(hole, board)",
    )

    def ours20(r: int) -> Callable[[], int]:
        batch = windows(hands20, window)(r)

        def go() -> int:
            for h in batch:
                evaluate(h)
            return len(batch)

        return go

    cases20: dict[str, Callable[[int], Callable[[], int]]] = {"ours evaluate(20 cards)": ours20}
    if np is not None:
        arr20 = np.array(hands20, dtype=np.int64)
        cases20["ours evaluate_batch(20-card hands), NumPy"] = lambda r: (
            lambda: len(evaluate_batch(arr20))
        )
    report("Best of 20 (a whole carton) — target ≤ 30 µs", run_cases(cases20, rounds), None)
    print(f"  {agreement(hands7)}")


def engine(games_: int) -> None:
    game = games.get("casinoroyal")
    print("\nEngine — random play, µs per step (legal_actions + choice + apply, thread CPU time)")
    print(f"  {'table':<22} {'median':>8} {'mean':>8} {'p99':>8} {'steps/game':>11}")
    for variant, players in [("A", 2), ("A", 4), ("A", 8), ("B", 4), ("B", 8), ("C", 4)]:
        times: list[int] = []
        steps = 0
        for seed in range(games_):
            state = game.new(players, {"game": variant}, seed)
            rng = random.Random(seed)
            while not state.is_over():
                t0 = time.thread_time_ns()
                seat = rng.choice(sorted(state.to_move()))
                state.apply(seat, rng.choice(state.legal_actions(seat)))
                times.append(time.thread_time_ns() - t0)
                steps += 1
        times.sort()
        med, mean = statistics.median(times) / 1000, statistics.fmean(times) / 1000
        p99 = times[int(0.99 * (len(times) - 1))] / 1000
        table = f"{variant}, {players} players"
        print(f"  {table:<22} {med:>8.1f} {mean:>8.1f} {p99:>8.1f} {steps / games_:>11.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=100_000, help="random 7-card hands")
    parser.add_argument("--rounds", type=int, default=9, help="round-robin rounds")
    parser.add_argument("--window", type=int, default=20_000, help="hands per slice")
    parser.add_argument("--games", type=int, default=300, help="random games per table")
    args = parser.parse_args()
    print(
        f"Load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} "
        f"({os.cpu_count()} CPUs)"
    )
    evaluators(args.hands, args.rounds, args.window)
    engine(args.games)
    print(f"Load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
