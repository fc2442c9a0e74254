"""Alice: engine speed (µs per random step, clone µs, MCTS playouts/s) and bot matches.

A step is ``legal_actions`` + a uniform choice + ``apply``, timed in process CPU time (the
machine is shared: wall-clock time would count the other jobs). Matches alternate seats and seeds
(who is White is the seed's coin toss); a draw counts half. Prints figures; no asserts.

    .venv/bin/python bench/bench_alice.py engine
    .venv/bin/python bench/bench_alice.py match mcts random --games 200
    .venv/bin/python bench/bench_alice.py series mcts/random/200 mcts:fort/mcts:moyen/50 …
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.alice.bots import Mcts
from ludotheque.sim.stats import wilson


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
        print(
            f"options {options or 'défaut (B)'}: {statistics.median(step_us):.1f} µs/step, "
            f"clone {statistics.median(clone_us):.2f} µs, "
            f"{statistics.median(lengths):.0f} steps/random game"
        )
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
    """``a`` against ``b`` over ``n`` games, seats alternating, seeds 10000 + game. Prints the
    score with its Wilson interval, wins/draws/losses, the mean margin, and for ``a`` the CPU
    time and playouts per decision (decisions with more than one legal action)."""
    game = games.get("alice")
    points, wins, draws = 0.0, 0, 0
    margins: list[int] = []
    cpu_a, decisions, playouts = 0.0, 0, 0
    start_cpu = time.process_time()
    for g in range(n):
        state = game.new(2, options, 10_000 + g)
        seat_a = g % 2
        agents = {
            seat_a: botlib.make("alice", a, seed=g),
            1 - seat_a: botlib.make("alice", b, g + 7),
        }
        while not state.is_over():
            s = state.turn
            legal = state.legal_actions(s)
            t0 = time.process_time()
            action = agents[s].act(state.view(s), legal)
            if s == seat_a and len(legal) > 1:
                cpu_a += time.process_time() - t0
                decisions += 1
                playouts += getattr(agents[s], "last_playouts", 0)
            state.apply(s, action)
        r = state.result()
        won, drawn = r.winners == (seat_a,), len(r.winners) == 2
        wins, draws = wins + won, draws + drawn
        points += 1.0 if won else 0.5 if drawn else 0.0
        margins.append(r.scores[seat_a] - r.scores[1 - seat_a])
        if (g + 1) % 10 == 0 and g + 1 < n:
            lo, hi = wilson(points, g + 1)
            cpu = (time.process_time() - start_cpu) / (g + 1)
            print(
                f"  … {a} vs {b}: {points}/{g + 1} [{100 * lo:.0f}–{100 * hi:.0f} %], "
                f"{cpu:.1f} s CPU/game",
                flush=True,
            )
    lo, hi = wilson(points, n)
    per_game = (time.process_time() - start_cpu) / n
    extra = ""
    if decisions:
        extra = f"; {a}: {1000 * cpu_a / decisions:.0f} ms CPU per decision"
        if playouts:
            extra += f", {playouts / decisions:.0f} playouts per decision"
    print(
        f"{a} vs {b}: {points}/{n} = {100 * points / n:.1f}% (Wilson 95%: "
        f"{100 * lo:.1f}–{100 * hi:.1f}%), {wins} W {draws} D {n - wins - draws} L, mean margin "
        f"{statistics.mean(margins):+.0f} pts, {per_game:.1f} s CPU/game{extra}",
        flush=True,
    )


def series(specs: list[str], options: dict) -> None:
    """Several matches one after the other in this process (one core): ``A/B/N`` each."""
    for spec in specs:
        a, b, n = spec.split("/")
        print(f"== {a} vs {b}, {n} games, options {options} — {time.strftime('%H:%M')}", flush=True)
        match(a, b, int(n), options)


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
    r = sub.add_parser("series", help="matches in a row: A/B/N …")
    r.add_argument("specs", nargs="+")
    r.add_argument("--level", default="B")
    args = parser.parse_args()
    if args.cmd == "engine":
        engine(args.rounds, args.games)
    elif args.cmd == "series":
        series(args.specs, {"level": args.level})
    else:
        match(args.a, args.b, args.games, {"level": args.level})


if __name__ == "__main__":
    main()
