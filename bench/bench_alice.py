"""Alice: engine speed (µs per random step, clone µs, MCTS playouts/s) and bot matches.

A step is ``legal_actions`` + a uniform choice + ``apply``, timed in process CPU time (the
machine is shared: wall-clock time would count the other jobs). Matches alternate seats and seeds
(who is White is the seed's coin toss); a draw counts half. Prints figures; no asserts.

    .venv/bin/python bench/bench_alice.py engine
    .venv/bin/python bench/bench_alice.py match mcts random --games 200
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.alice.bots import Mcts


def engine(rounds: int, per_round: int) -> None:
    game = games.get("alice")
    for options in ({}, {"level": "A"}, {"blocage": True}):
        step_us, clone_us, lengths = [], [], []
        for r in range(rounds):
            total_ns, steps, clones = 0, 0, []
            for g in range(per_round):
                state, rng = game.new(2, options, r * 1000 + g), random.Random(g)
                while not state.is_over():
                    t0 = time.process_time_ns()
                    seat = state.turn
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                    total_ns += time.process_time_ns() - t0
                    steps += 1
                    if steps % 50 == 0:
                        t1 = time.process_time_ns()
                        for _ in range(1000):
                            state.clone()
                        clones.append((time.process_time_ns() - t1) / 1000)
                lengths.append(steps / per_round)
            step_us.append(total_ns / steps / 1000)
            clone_us.append(statistics.median(clones) / 1000)
        print(f"options {options or 'défaut (B)'}: {statistics.median(step_us):.1f} µs/step, "
              f"clone {statistics.median(clone_us):.2f} µs, "
              f"{statistics.median(lengths):.0f} steps/random game")  # fmt: skip
    view_state = game.new(2, {}, 5)
    rng = random.Random(5)
    for _ in range(120):
        view_state.apply(view_state.turn, rng.choice(view_state.legal_actions(view_state.turn)))
    bot = Mcts(1, playouts=300)
    t0 = time.process_time()
    bot.act(view_state.view(view_state.turn), view_state.legal_actions(view_state.turn))
    rate = bot.last_playouts / (time.process_time() - t0)
    print(f"MCTS: {rate:.0f} playouts/s CPU (mid-game position, 300 playouts)")


def match(a: str, b: str, n: int, options: dict) -> None:
    game = games.get("alice")
    points = 0.0
    start = time.perf_counter()
    margins = []
    for g in range(n):
        state = game.new(2, options, 10_000 + g)
        seat_a = g % 2
        agents = {
            seat_a: botlib.make("alice", a, seed=g),
            1 - seat_a: botlib.make("alice", b, g + 7),
        }
        while not state.is_over():
            s = state.turn
            state.apply(s, agents[s].act(state.view(s), state.legal_actions(s)))
        r = state.result()
        points += 1.0 if r.winners == (seat_a,) else 0.5 if len(r.winners) == 2 else 0.0
        margins.append(r.scores[seat_a] - r.scores[1 - seat_a])
        if (g + 1) % max(1, n // 10) == 0 and g + 1 < n:
            print(f"  … {a} vs {b}: {points}/{g + 1}", flush=True)
    secs = time.perf_counter() - start
    print(f"{a} vs {b}: {points}/{n} = {100 * points / n:.1f}% "
          f"(mean margin {statistics.mean(margins):+.0f} pts, {secs / n:.1f} s/game)",
          flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    e = sub.add_parser("engine")
    e.add_argument("--rounds", type=int, default=3)
    e.add_argument("--games", type=int, default=10)
    m = sub.add_parser("match")
    m.add_argument("a")
    m.add_argument("b")
    m.add_argument("--games", type=int, default=200)
    m.add_argument("--level", default="B")
    args = parser.parse_args()
    if args.cmd == "engine":
        engine(args.rounds, args.games)
    else:
        match(args.a, args.b, args.games, {"level": args.level})


if __name__ == "__main__":
    main()
