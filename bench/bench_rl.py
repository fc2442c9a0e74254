"""PettingZoo adapter overhead: µs per decision through ``ludotheque.rl`` vs the raw engine.

For each registered game (default table), whole random games, interleaved in rounds:
- **raw**: what a bot driver does per decision — pick the seat to act, ``view(seat)``,
  ``legal_actions(seat)``, a uniform choice, ``apply``;
- **raw, no view**: the same without ``view`` (an engine-only loop, no observation at all);
- **env**: ``env.last()`` (view → observation tensor, legal actions → mask) then
  ``env.step(slot)`` with a uniform choice among the legal slots.

Both loops play the same games: the env's agent draws the same index into the legal actions as
the raw loop (``env.legal_slots()`` lists them in the engine's order), and real-time phases are
serialised by the same seeded draw, so each game is timed move for move both ways (the bench
checks the decision counts agree). Each game is first played once untimed, so that the engines'
caches (the word searches of AlphaPoker, the Bataille, the Belote, Alkamo) are as warm for each
timed loop: otherwise the loop timed second would find the first one's searches done. The
agent's own choice is left out of both timings.

Time is thread CPU time (``time.thread_time_ns``), so other jobs on the machine do not inflate
it. Prints the median µs per decision over rounds and the ratio env / raw (target ≤ 1.5×), with
the paired ratio (median of per-round ratios). Reference: PettingZoo's own wrappers cost about
3.6× over its raw tic-tac-toe env on this machine (shared/notes/perf-anchors.md §3).

    .venv/bin/python bench/bench_rl.py              # 7 rounds
    .venv/bin/python bench/bench_rl.py --rounds 3 --games alice pokerdas
    .venv/bin/python bench/bench_rl.py --python     # without the C module (rl/_fast)

``--python`` times the path of a machine without a C compiler: the generated Python encoder
(its incremental variant, as the env uses it), the slots and the mask in Python.
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

from ludotheque import games, rl
from ludotheque.rl import actions, encoding

env_module = importlib.import_module("ludotheque.rl.env")  # rl.env is the function

# Games per round (AlphaPoker games are long and slow: the word search dominates).
GAMES_PER_ROUND = {"alphapoker": 1, "belote": 1, "pokerdas": 2, "alice": 2}


def raw_game(name: str, seed: int, with_view: bool) -> tuple[int, int]:
    game = games.get(name)
    state = game.new(game.default_players(), None, seed)
    rng = random.Random(seed)
    order = random.Random(f"order:{seed}")
    steps = ns = 0
    clock = time.thread_time_ns
    while not state.is_over():
        t0 = clock()
        movers = state.to_move()
        seat = next(iter(movers)) if len(movers) == 1 else order.choice(sorted(movers))
        if with_view:
            state.view(seat)
        legal = state.legal_actions(seat)
        t1 = clock()
        action = rng.choice(legal)  # the agent's choice is not the engine's time
        t2 = clock()
        state.apply(seat, action)
        ns += clock() - t2 + t1 - t0
        steps += 1
    return ns, steps


def env_game(env: rl.LudoEnv, seed: int) -> tuple[int, int]:
    rng = random.Random(seed)
    steps = ns = 0
    clock = time.thread_time_ns
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        t0 = clock()
        obs, _reward, terminated, truncated, _info = env.last()
        t1 = clock()
        if terminated or truncated:
            env.step(None)
            continue
        # The agent's choice: the raw loop's draw, among the mask's slots in the engine's order.
        slot = rng.choice(list(env.legal_slots()))
        assert obs["action_mask"][slot]
        t2 = clock()
        env.step(slot)
        ns += clock() - t2 + t1 - t0
        steps += 1
    return ns, steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--games", nargs="*", default=None, help="games to time (all)")
    parser.add_argument("--python", action="store_true", help="without the C module")
    args = parser.parse_args()
    names = args.games or games.names()
    if args.python:  # as on a machine where rl/_fast did not build (tests/rl/test_compiled.py)
        encoding.COMPILED = False
        actions._fast = None
        env_module._mask = env_module._python_mask
    path = "Python (no C module)" if args.python else "compiled (C module)"
    print(f"PettingZoo adapter, {path} — µs per decision, median over rounds (thread CPU time)")
    head = ("raw", "raw-noview", "env", "env/raw", "paired", "env/noview", "obs", "slots")
    print(f"{'game':<12}" + "".join(f"{h:>11}" for h in head))
    for name in names:
        env = rl.env(name)
        games.get(name).new(games.get(name).default_players(), None, 0)  # warm caches
        env_game(env, 10**6)
        raw_game(name, 10**6, True)
        per = {"raw": [], "noview": [], "env": []}
        for r in range(args.rounds):
            seeds = [r * 1000 + g for g in range(GAMES_PER_ROUND.get(name, 5))]
            totals = {k: [0, 0] for k in per}
            for seed in seeds:
                raw_game(name, seed, with_view=False)  # untimed: the same caches for all three
                counts = set()
                for key in ("raw", "env", "noview"):
                    if key == "env":
                        ns, steps = env_game(env, seed)
                    else:
                        ns, steps = raw_game(name, seed, with_view=key == "raw")
                    totals[key][0] += ns
                    totals[key][1] += steps
                    counts.add(steps)
                assert len(counts) == 1, f"{name} seed {seed}: the loops played different games"
            for key in per:
                per[key].append(totals[key][0] / totals[key][1] / 1000)
        med = {k: statistics.median(v) for k, v in per.items()}
        paired = statistics.median(e / r for e, r in zip(per["env"], per["raw"], strict=True))
        print(
            f"{name:<12}{med['raw']:>11.1f}{med['noview']:>11.1f}{med['env']:>11.1f}"
            f"{med['env'] / med['raw']:>10.2f}×{paired:>10.2f}×"
            f"{med['env'] / med['noview']:>10.2f}×{env.encoder.size:>11}{env.codec.size:>11}"
        )


if __name__ == "__main__":
    main()
