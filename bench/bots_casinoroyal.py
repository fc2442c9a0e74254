"""Casino Royal: the ``fort`` bot against ``random`` in games A and B (issue 4, deliverable 4),
and how the tables of ``fort`` bots play (issue 15).

One ``fort`` at a table of ``random`` bots, its seat rotating from game to game; a game is a
whole session (one round per player, R8). Prints, per table: fort's share of first places
with its Wilson 95 % interval (the chance level is 1/players; a shared first place counts as a
win and is also counted apart), and fort's mean final units with a 95 % interval. No asserts.

``--fort-tables N``: N sessions of three ``fort`` bots in A and in B, with the default table
(table stakes) and the rule book to the letter (variant « livre », no all-in), side by side:
the share of rounds decided at the first bet — everyone else passed before the card-by-card
phase — and among them those where someone passed because he could not pay; the actions per
session (mean and median).

    .venv/bin/python bench/bots_casinoroyal.py --games 1000    # the figures of docs/casinoroyal.md
    .venv/bin/python bench/bots_casinoroyal.py --games 200 --livre --fort-tables 200
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import time
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.casinoroyal.bots import Fort
from ludotheque.sim.stats import wilson

GAME = games.get("casinoroyal")
BETS = ("relance", "follow", "stake", "bet")  # the phases before the card-by-card phase


def fort_table(
    variant: str, all_in: bool, n: int, playouts: int, call_after: int = 1
) -> dict[str, Any]:
    """``n`` sessions of three ``fort`` bots: rounds decided at the first bet, actions, and the
    cards turned after « Relance ? » in the rounds that reach them."""
    rounds = first_bet = could_not_pay = 0
    actions: list[int] = []
    after: list[int] = []
    for g in range(n):
        options = {"game": variant, "all_in": all_in, "call_after": call_after}
        state = GAME.new(3, options, 9_000_000 + g)
        agents = {s: Fort(seed=g * 16 + s, playouts=playouts) for s in range(3)}
        count = 0
        forced = False
        while not state.is_over():
            seat = min(state.to_move())
            phase = state.view(None)["phase"]
            events = state.apply(
                seat, agents[seat].act(state.view(seat), state.legal_actions(seat))
            )
            count += 1
            forced |= any(e["type"] == "fold" and e["forced"] for e in events)
            for e in events:
                if e["type"] == "round_end":
                    if state.relance_done and not (e["reason"] == "folds" and phase in BETS):
                        after.append(len(state.turned) - state.relance_turned)
                    rounds += 1
                    if e["reason"] == "folds" and phase in BETS:
                        first_bet += 1
                        could_not_pay += forced
                    forced = False
        actions.append(count)
    return {
        "rounds": rounds,
        "first_bet": first_bet,
        "could_not_pay": could_not_pay,
        "mean": statistics.fmean(actions),
        "median": statistics.median(actions),
        "after": statistics.fmean(after) if after else 0.0,
    }


def match(
    variant: str, players: int, n: int, playouts: int, cap: bool, all_in: bool = True
) -> dict[str, float]:
    wins = ties = 0
    units: list[int] = []
    start = time.perf_counter()
    for g in range(n):
        me = g % players
        options = {"game": variant, "raise_cap": cap, "all_in": all_in}
        state = GAME.new(players, options, 7_000_000 + g)
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
    return {
        "wins": wins,
        "ties": ties,
        "n": n,
        "low": low,
        "high": high,
        "units": mean,
        "units_half": half,
        "secs": time.perf_counter() - start,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="sessions per table")
    parser.add_argument("--playouts", type=int, default=300, help="fort's simulations")
    parser.add_argument("--tables", default="A2,A4,B2,B4", help="game and players, e.g. A2,B4")
    parser.add_argument("--cap", action="store_true", help="also with the raise_cap option")
    parser.add_argument(
        "--livre", action="store_true", help="also the rule book to the letter (all_in=non)"
    )
    parser.add_argument(
        "--fort-tables",
        type=int,
        default=0,
        metavar="N",
        help="N sessions of three fort bots in A and B, default and livre",
    )
    parser.add_argument(
        "--call-after",
        default="",
        metavar="K,K…",
        help="with --fort-tables: game A (table stakes) for each call_after value instead",
    )
    args = parser.parse_args()
    if args.fort_tables and args.call_after:
        print(
            f"three fort bots ({args.playouts} playouts), game A with table stakes, "
            f"{args.fort_tables} sessions per value; load average "
            f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        print(
            f"  {'call_after':>10} {'rounds':>6} {'decided at 1st bet':>19} "
            f"{'cards after Relance':>20} {'actions mean':>12} {'median':>7}"
        )
        for k in (int(x) for x in args.call_after.split(",")):
            start = time.perf_counter()
            r = fort_table("A", True, args.fort_tables, args.playouts, k)
            share = f"{r['first_bet'] / r['rounds']:.1%}"
            print(
                f"  {k:>10} {r['rounds']:>6} {share:>19} {r['after']:>20.1f} "
                f"{r['mean']:>12.1f} {r['median']:>7.1f}   {time.perf_counter() - start:.0f} s",
                flush=True,
            )
        return
    if args.fort_tables:
        print(
            f"three fort bots ({args.playouts} playouts), {args.fort_tables} sessions per "
            f"table; load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        )
        print(
            f"  {'table':<22} {'rounds':>6} {'decided at 1st bet':>19} "
            f"{'(could not pay)':>16} {'actions mean':>12} {'median':>7}"
        )
        for variant in ("A", "B"):
            for all_in in (False, True):
                start = time.perf_counter()
                r = fort_table(variant, all_in, args.fort_tables, args.playouts)
                label = f"{variant}, " + ("default (tapis)" if all_in else "livre (no all-in)")
                share = f"{r['first_bet'] / r['rounds']:.1%}"
                cnp = f"{r['could_not_pay'] / r['rounds']:.1%}"
                print(
                    f"  {label:<22} {r['rounds']:>6} {share:>19} {cnp:>16} "
                    f"{r['mean']:>12.1f} {r['median']:>7.1f}   "
                    f"{time.perf_counter() - start:.0f} s",
                    flush=True,
                )
        if not args.games:
            return
    print(
        f"fort ({args.playouts} playouts) against random, {args.games} sessions per table; "
        f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
    )
    head = ("table", "chance", "fort wins", "95 % (Wilson)", "shared", "fort units (start)")
    print(f"  {head[0]:<24} {head[1]:>6} {head[2]:>10} {head[3]:>16} {head[4]:>6} {head[5]:>22}")
    tables = [(False, True)] + [(True, True)] * args.cap + [(False, False)] * args.livre
    for cap, all_in in tables:
        for spec in args.tables.split(","):
            variant, players = spec[0], int(spec[1:])
            r = match(variant, players, args.games, args.playouts, cap, all_in)
            start = 45
            label = (
                f"{variant}, {players} players"
                + (", raise_cap" if cap else "")
                + ("" if all_in else ", livre")
            )
            share = f"{r['wins'] / r['n']:.3f}"
            ci = f"[{r['low']:.3f}, {r['high']:.3f}]"
            units = f"{r['units']:.1f} ± {r['units_half']:.1f} ({start})"
            print(
                f"  {label:<24} {1 / players:>6.3f} {share:>10} {ci:>16} {r['ties']:>6} "
                f"{units:>22}   {r['secs']:.0f} s",
                flush=True,
            )


if __name__ == "__main__":
    main()
