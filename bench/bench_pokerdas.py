"""Le Poker d'As: engine speed, optimal-policy tables, the policy's figures by simulation, and
the menteur bot against ``random`` and ``naif``. Prints figures; no asserts (docs/pokerdas.md
quotes them and gives the command of the full run).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.pokerdas import strategy as S
from ludotheque.games.pokerdas.options import LITERAL as S_LITERAL
from ludotheque.sim.stats import wilson

GAME = games.get("pokerdas")


def engine(options: dict, players: int, n: int) -> tuple[float, float, float]:
    """Median µs per random step (legal + choice + apply), in wall-clock and in CPU time (the
    machine is shared), and steps per game."""
    wall: list[int] = []
    cpu: list[int] = []
    steps = 0
    for seed in range(n):
        state = GAME.new(players, options, seed)
        rng = random.Random(seed)
        while not state.is_over():
            t0, c0 = time.perf_counter_ns(), time.process_time_ns()
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            cpu.append(time.process_time_ns() - c0)
            wall.append(time.perf_counter_ns() - t0)
            steps += 1
    return statistics.median(wall) / 1000, statistics.median(cpu) / 1000, steps / n


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


def throws_of_first(joker: bool, players: int) -> tuple[float, int]:
    """Mean and median number of throws of the optimal first player (no throw limit), from the
    policy: he stops after throw t with the probability of a hand at least its threshold."""
    odds, better = S._rank_odds(joker)
    at_least = odds + better
    thresholds, _ = S.whole_first(joker, players, None)
    alive, mean, median = 1.0, 0.0, 0
    for t, need in enumerate(thresholds, start=1):
        stop = alive * (float(at_least[need]) if need < len(odds) else 0.0)
        mean += t * stop
        alive -= stop
        if not median and alive <= 0.5:
            median = t
    e = float(odds[-1])  # then the Poker d'As only: a geometric wait
    mean += alive * (len(thresholds) + 1 / e)
    return mean, median or len(thresholds)


def liar_match(opponent: str, games_: int, players: int = 2) -> dict[str, float]:
    """Menteur games, the menteur bot in one seat (rotating), ``opponent`` in the others. A game
    is lost once the menteur bot is eliminated (the others may play on for ever: two bots that
    never challenge never end a game). Counts the bot's decisions and its decision time."""
    keys = "wins steps truthful voluntary forced freq freq_n accept right wrong decisions ns"
    stats = dict.fromkeys(keys.split(), 0.0)
    for g in range(games_):
        me = g % players
        state = GAME.new(players, {"menteur": True}, g)
        agents = {
            s: botlib.make("pokerdas", "menteur" if s == me else opponent, seed=g * 7 + s)
            for s in range(players)
        }
        while not state.is_over() and not state.eliminated[me]:
            seat = next(iter(state.to_move()))
            t0 = time.perf_counter_ns()
            action = agents[seat].act(state.view(seat), state.legal_actions(seat))
            if seat == me:
                stats["ns"] += time.perf_counter_ns() - t0
                stats["decisions"] += 1
                why = agents[me].last  # type: ignore[attr-defined]
                if action["type"] == "announce":
                    kind = (
                        "truthful"
                        if not why["bluff"]
                        else "forced"
                        if why["forced"]
                        else ("voluntary")
                    )
                    stats[kind] += 1
                if "frequency" in why and action["type"] == "announce":
                    stats["freq"] += why["frequency"]
                    stats["freq_n"] += 1
                stats["accept"] += action["type"] == "accept"
            for e in state.apply(seat, action):
                if e["type"] == "bluff" and e["seat"] == me:
                    stats["wrong" if e["true"] else "right"] += 1
            stats["steps"] += 1
        stats["wins"] += state.is_over() and state.result().winners == (me,)
    return stats


PERSON_SECONDS = 3.0  # a person's decision (a throw, the dice to keep, a stop)


def session(options: dict, players: int, n: int, bot: str = "parfait") -> dict[str, float]:
    """``n`` sessions with ``bot`` in every seat: per game, decisions (actions), throws, rounds
    and the waits ``State.bot_pace`` asks for (what a person watching the bots sits through)."""
    totals = dict.fromkeys(("decisions", "throws", "rounds", "pace", "cpu"), 0.0)
    for g in range(n):
        state = GAME.new(players, options, g)
        agents = [botlib.make("pokerdas", bot, seed=g * 10 + s) for s in range(players)]
        c0 = time.process_time()
        while not state.is_over():
            seat = next(iter(state.to_move()))
            action = agents[seat].act(state.view(seat), state.legal_actions(seat))
            pace = state.bot_pace(seat, action)
            totals["pace"] += pace[0] if pace else 0.0
            totals["throws"] += action["type"] == "throw"
            state.apply(seat, action)
        totals["cpu"] += time.process_time() - c0
        totals["decisions"] += len(state.actions)
        totals["rounds"] += state.rounds
    return {k: v / n for k, v in totals.items()}


def simulate_cli(players: int, games_: int) -> tuple[float, dict]:
    """``ludotheque simulate pokerdas --players N --games G`` with default options and bots, as
    a user runs it: its wall time and its JSON summary."""
    exe = os.path.join(os.path.dirname(sys.executable), "ludotheque")
    with tempfile.TemporaryDirectory() as tmp:
        t0 = time.perf_counter()
        out = subprocess.run(
            [
                exe,
                "simulate",
                "pokerdas",
                "--players",
                str(players),
                "--games",
                str(games_),
                "--json",
                "--out",
                os.path.join(tmp, "sim.csv"),
            ],
            capture_output=True,
            text=True,
            check=True,
        )
        return time.perf_counter() - t0, json.loads(out.stdout)


def print_sessions(games_: int) -> None:
    """The default table (issue 15): its length at a person's pace, against the rule book."""
    wall, summary = simulate_cli(4, 20)
    steps = summary["steps"]
    print(
        f"  simulate pokerdas --players 4 --games 20 (default options, bots "
        f"{', '.join(summary['plan']['bots'])}): {wall:.1f} s wall in all "
        f"({summary['wall_seconds']:.1f} s simulating); {steps['mean']:.1f} decisions a game "
        f"(median {steps['median']:.0f}) → {steps['mean'] * PERSON_SECONDS / 60:.1f} min "
        f"at {PERSON_SECONDS:.0f} s a decision"
    )
    tables = [
        ("default (café, 20 rounds)", {}, 4),
        ("default, 5 players", {}, 5),
        ("default, whole throws", {"relance_totale": True}, 4),
        ("café until one is left", {"max_rounds": None}, 4),
    ]
    for label, options, players in tables:
        st = session(options, players, games_)
        table = st["decisions"] * PERSON_SECONDS / 60
        person = (
            st["decisions"] / players * PERSON_SECONDS + st["pace"] * (players - 1) / players
        ) / 60
        print(
            f"  {label:<28} {players}p × parfait, {games_} games: {st['decisions']:7.1f} "
            f"decisions ({st['throws']:.1f} throws) in {st['rounds']:.1f} rounds; "
            f"{table:5.1f} min if all decide at {PERSON_SECONDS:.0f} s; one person and "
            f"paced bots {person:4.1f} min (+ the driver's own pace); "
            f"{st['cpu']:.2f} s CPU a game"
        )
    st = session({**S_LITERAL, "max_rounds": 2}, 4, max(1, games_ // 4))
    print(
        f"  rule book to the letter, 4p × parfait: {st['decisions'] / st['rounds']:.0f} "
        f"decisions a round ({st['decisions'] / st['rounds'] * PERSON_SECONDS / 60:.0f} min "
        f"a round at {PERSON_SECONDS:.0f} s), bot pace {st['pace'] / st['rounds']:.1f} s a "
        "round; a session lasts hundreds of rounds (above, kept dice: see « until one is "
        "left »)"
    )


def print_liar(opponent: str, games_: int, players: int) -> None:
    t0 = time.perf_counter()
    st = liar_match(opponent, games_, players)
    wins = int(st["wins"])
    lo, hi = wilson(wins, games_)
    claims = st["truthful"] + st["voluntary"] + st["forced"]
    print(
        f"  menteur vs {opponent} ×{players - 1}: won {wins}/{games_} = {wins / games_:.3f} "
        f"[{lo:.3f}, {hi:.3f}] (Wilson 95 %); {st['steps'] / games_:.0f} steps/game; "
        f"{time.perf_counter() - t0:.0f} s"
    )
    print(
        f"    its claims: {st['truthful'] / claims:.1%} true, {st['voluntary'] / claims:.1%} "
        f"voluntary bluffs (calibrated frequency, mean {st['freq'] / max(1, st['freq_n']):.2f} "
        f"when a lie was worth more), {st['forced'] / claims:.1%} forced lies; its « Bluff ! »: "
        f"{int(st['right'])} right, {int(st['wrong'])} wrong; "
        f"{st['ns'] / max(1, st['decisions']) / 1000:.0f} µs per decision"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30, help="random games per table")
    parser.add_argument("--rounds", type=int, default=4_000, help="simulated rounds per figure")
    parser.add_argument("--liar", type=int, default=200, help="menteur games per opponent")
    parser.add_argument("--sessions", type=int, default=20, help="sessions per default table")
    parser.add_argument(
        "--only",
        choices=["engine", "tables", "figures", "liar", "sessions"],
        nargs="*",
        default=["engine", "tables", "figures", "liar", "sessions"],
        help="parts to run",
    )
    args = parser.parse_args()
    print(f"Load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    if "engine" in args.only:
        print("Engine — random play (median µs per step: legal actions, choice, apply)")
        for name, options, players in [
            ("rule book, 2 players", S_LITERAL, 2),
            ("rule book, 8 players", S_LITERAL, 8),
            ("default (café), 4 players", {"max_rounds": None}, 4),
            ("menteur, 4 players", {"menteur": True}, 4),
        ]:
            us, cpu_us, steps = engine(options, players, args.games)
            print(
                f"  {name:<22} {us:6.1f} µs/step wall, {cpu_us:5.1f} µs CPU   "
                f"{steps:8.1f} steps/game"
            )

    if "tables" in args.only:
        print("Optimal policy tables, first use (each in a fresh interpreter, numpy import incl.)")
        for label, call in [
            ("whole throws, natural, 2p", "S.whole_first(False, 2, None)"),
            ("whole throws, joker, 2p", "S.whole_first(True, 2, None)"),
            ("kept dice (café), natural, 2p", "S.kept_first_value(False, 2, 3)"),
            ("kept dice (café), joker, 2p", "S.kept_first_value(True, 2, 3)"),
        ]:
            code = (
                "import time; from ludotheque.games.pokerdas import strategy as S; "
                f"t, c = time.perf_counter(), time.process_time(); {call}; "
                "print(time.perf_counter() - t, time.process_time() - c)"
            )
            out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
            wall, cpu = (float(x) for x in out.stdout.split())
            print(f"  {label:<32} {wall:6.2f} s wall, {cpu:5.2f} s CPU")

    if "figures" in args.only:
        print(
            "First player, whole throws, no throw limit: exact DP vs a simulation of the hands "
            f"({args.rounds} rounds; the engine would need thousands of steps a round)"
        )
        for joker, players in [(False, 2), (False, 3), (False, 4), (True, 2), (True, 4)]:
            thresholds, exact = S.whole_first(joker, players, None)
            names = S._tables(joker)[4]
            stops = ", ".join(names[r].name_fr() for r in thresholds[:4])
            mean, median = throws_of_first(joker, players)
            t0 = time.perf_counter()
            p = S.simulate_first_player(joker, players, None, args.rounds, seed=1)
            ci = 1.96 * math.sqrt(exact * (1 - exact) / args.rounds)
            print(
                f"  {players}p {'aces wild' if joker else 'natural':<9} exact {exact:.4f}  "
                f"simulated {p:.4f} ± {ci:.4f} ({time.perf_counter() - t0:.0f} s); throws of "
                f"the first player: mean {mean:.0f}, median {median}; stop after throws 1–4 on "
                f"{stops} or better"
            )
        print(f"Through the engine, parfait in every seat ({args.rounds} rounds)")
        for options, players in [
            ({"relance_totale": False, "max_throws": 3}, 2),
            ({"relance_totale": False, "max_throws": 3}, 4),
            ({"relance_totale": True, "max_throws": 3}, 2),
            ({"relance_totale": True, "max_throws": 3}, 4),
        ]:
            limit = options["max_throws"]
            if options.get("relance_totale", True):
                exact = S.whole_first(False, players, limit)[1]
            else:
                exact = S.kept_first_value(False, players, limit)
            p = first_player_rate(options, players, args.rounds)
            ci = 1.96 * math.sqrt(exact * (1 - exact) / args.rounds)
            print(f"  {players}p {options!s:<45} exact {exact:.4f}  simulated {p:.4f} ± {ci:.4f}")

    if "sessions" in args.only:
        print("Session length (issue 15): the default table against the rule book")
        print_sessions(args.sessions)

    if "liar" in args.only:
        print("Menteur bot (2 players: seats alternate; 4 players: one menteur bot, seat rotating)")
        for opponent in ("random", "naif"):
            print_liar(opponent, args.liar, 2)
        for opponent in ("random", "naif"):
            print_liar(opponent, args.liar, 4)
    print(f"Load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
