"""Le Poker d'As: engine speed, optimal-policy tables, the policy's figures by simulation, and
the menteur bot against ``random``. Prints figures; no asserts (docs/pokerdas.md quotes them).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.pokerdas import strategy as S

GAME = games.get("pokerdas")


def engine(options: dict, players: int, n: int) -> tuple[float, float]:
    """Median µs per random step (legal + choice + apply) and steps per game."""
    times: list[int] = []
    steps = 0
    for seed in range(n):
        state = GAME.new(players, options, seed)
        rng = random.Random(seed)
        while not state.is_over():
            t0 = time.perf_counter_ns()
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            times.append(time.perf_counter_ns() - t0)
            steps += 1
    return statistics.median(times) / 1000, steps / n


def first_player_rate(options: dict, players: int, rounds: int) -> float:
    wins = 0
    for g in range(rounds):
        state = GAME.new(players, {**options, "max_rounds": 1}, g)
        agents = [botlib.make("pokerdas", "parfait", seed=g + s) for s in range(players)]
        first = state.starter
        while not state.is_over():
            seat = next(iter(state.to_move()))
            state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
        wins += state.last_round is not None and state.last_round["winner"] == first
    return wins / rounds


def liar_match(opponent: str, games_: int) -> tuple[int, int]:
    """Two-player menteur games, seats alternating: (wins of the menteur bot, games)."""
    wins = 0
    for g in range(games_):
        me = g % 2
        names = {me: "menteur", 1 - me: opponent}
        state = GAME.new(2, {"menteur": True}, g)
        agents = {s: botlib.make("pokerdas", names[s], seed=g * 3 + s) for s in (0, 1)}
        while not state.is_over():
            seat = next(iter(state.to_move()))
            state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
        wins += state.result().winners == (me,)
    return wins, games_


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="random games per table")
    parser.add_argument("--rounds", type=int, default=20_000, help="simulated rounds per figure")
    parser.add_argument("--liar", type=int, default=1000, help="menteur games vs random")
    args = parser.parse_args()

    print("Engine — random play (median µs per step)")
    for name, options, players in [
        ("base, 2 players", {}, 2),
        ("base, 8 players", {}, 8),
        ("café, 4 players", {"relance_totale": False, "max_throws": 3}, 4),
        ("menteur, 4 players", {"menteur": True}, 4),
    ]:
        us, steps = engine(options, players, args.games)
        print(f"  {name:<22} {us:6.1f} µs/step   {steps:8.1f} steps/game")

    print("Optimal policy tables (first use, then cached)")
    for label, fn in [
        ("whole throws, natural, 2p", lambda: S.whole_first(False, 2, None)),
        ("whole throws, joker, 2p", lambda: S.whole_first(True, 2, None)),
        ("kept dice (café), natural, 2p", lambda: S.kept_first_value(False, 2, 3)),
        ("kept dice (café), joker, 2p", lambda: S.kept_first_value(True, 2, 3)),
    ]:
        t0 = time.perf_counter()
        fn()
        print(f"  {label:<32} {time.perf_counter() - t0:6.2f} s")

    print("First player's win probability: exact DP vs simulation (parfait everywhere)")
    hands = S._tables(False)[4]
    for options, players in [({}, 2), ({}, 3), ({}, 4), ({"poker_joker": True}, 2),
                             ({"relance_totale": False, "max_throws": 3}, 2)]:  # fmt: skip
        joker = options.get("poker_joker", False)
        if options.get("relance_totale", True):
            thresholds, exact = S.whole_first(joker, players, None)
            names = S._tables(joker)[4]
            policy = f"stop after throw 1 on {names[thresholds[0]].name_fr()} or better"
        else:
            exact = S.kept_first_value(joker, players, 3)
            policy = "kept dice, 3 throws"
        p = first_player_rate(options, players, args.rounds)
        ci = 1.96 * math.sqrt(exact * (1 - exact) / args.rounds)
        print(f"  {players}p {options!s:<45} exact {exact:.4f}  simulated {p:.4f} ± {ci:.4f}"
              f"  ({policy})")  # fmt: skip
    del hands

    t0 = time.perf_counter()
    wins, n = liar_match("random", args.liar)
    print(f"Menteur bot vs random, 2 players: {wins}/{n} won "
          f"({time.perf_counter() - t0:.0f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
