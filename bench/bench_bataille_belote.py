"""Bataille and Belote: claim resolution time, bot matches, decision times. Prints figures,
asserts nothing.

    .venv/bin/python bench/bench_bataille_belote.py            # default sizes
    .venv/bin/python bench/bench_bataille_belote.py --quick    # smoke run

* Bataille claim resolution (target ≤ 5 ms): ``apply`` of a claim on tables of 5 to 60 cards
  with both jokers, typed words resolved by R64.
* Bataille bot match: ``fort`` against ``facile`` (seats alternated) with a miniature
  real-time driver: both seats decide on the same view and the claim with the shorter
  reaction time (``reaction_s``) is heard first.
* Belote: team ``fort`` (seats 0 and 2) against team ``random``, normal and secrète, to a
  reduced target (``--target``), and the time per ``fort`` decision.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from ludotheque import bots, games
from ludotheque.cards.letters import deck
from ludotheque.lexicon.tablewords import table_words


def bench_claims(repeat: int) -> None:
    game = games.get("bataille")
    for size in (5, 10, 20, 40, 60):
        times = []
        for k in range(repeat):
            cards = [c for c in deck() if c[0] != "*"]
            random.Random(k).shuffle(cards)
            table = [*cards[: size - 2], "*r", "*b"]
            state = game.new(2, seed=k)
            state.apply(state.chooser, {"type": "colour", "colour": "r"})
            state.table = list(table)
            words = table_words(table, limit=1)
            word = words[0].word if words else "CHAT"
            (seat,) = [s for s in state.to_move() if s in state.claimers()][:1] or [0]
            t0 = time.perf_counter()
            state.apply(seat, {"type": "claim", "word": word})
            times.append(time.perf_counter() - t0)
        print(
            f"bataille claim, {size:2d} cards: median {statistics.median(times) * 1e3:.3f} ms,"
            f" max {max(times) * 1e3:.3f} ms ({repeat} claims)"
        )


def step(state: Any, players: list[Any]) -> None:
    """A real-time driver in miniature: every seat to move decides on the same view; the claim
    of the seat with the shortest reaction time is submitted first; else passes, then the lay."""
    proposals = {}
    for seat in sorted(state.to_move()):
        view = state.view(seat)
        proposals[seat] = (players[seat].act(view, state.legal_actions(seat)), view)
    claims = sorted(
        (players[s].reaction_s(v), s) for s, (a, v) in proposals.items() if a["type"] == "claim"
    )
    if claims:
        seat = claims[0][1]
    else:
        seat = min(proposals, key=lambda s: proposals[s][0]["type"] != "pass")
    state.apply(seat, proposals[seat][0])


def bataille_match(games_n: int) -> None:
    game = games.get("bataille")
    wins = {"fort": 0, "facile": 0, "nul": 0}
    points = {"fort": [], "facile": []}
    t0 = time.perf_counter()
    for g in range(games_n):
        lineup = ("fort", "facile") if g % 2 == 0 else ("facile", "fort")
        players = [bots.make("bataille", n, g * 31 + s) for s, n in enumerate(lineup)]
        state = game.new(2, seed=g)
        while not state.is_over():
            step(state, players)
        result = state.result()
        for s in (0, 1):
            points[lineup[s]].append(result.scores[s])
        wins["nul" if len(result.winners) == 2 else lineup[result.winners[0]]] += 1
    dt = (time.perf_counter() - t0) / games_n
    print(
        f"bataille fort vs facile, {games_n} games: {wins}; mean points fort "
        f"{statistics.mean(points['fort']):.1f}, facile {statistics.mean(points['facile']):.1f};"
        f" {dt * 1e3:.0f} ms per game"
    )


def belote_match(games_n: int, target: int, secrete: bool) -> None:
    game = games.get("belote")
    won = 0
    decisions: list[float] = []
    t0 = time.perf_counter()
    for g in range(games_n):
        state = game.new(4, {"belote_target": target, "belote_secrete": secrete}, g)
        names = ("fort", "random", "fort", "random")
        players = [bots.make("belote", n, g * 31 + s) for s, n in enumerate(names)]
        while not state.is_over():
            (seat,) = state.to_move()
            t = time.perf_counter()
            action = players[seat].act(state.view(seat), state.legal_actions(seat))
            if names[seat] == "fort":
                decisions.append(time.perf_counter() - t)
            state.apply(seat, action)
        won += state.winner == 0
    dt = time.perf_counter() - t0
    print(
        f"belote{' secrète' if secrete else ''} team fort vs team random, {games_n} games to "
        f"{target}: fort won {won}/{games_n}; fort decision median "
        f"{statistics.median(decisions) * 1e3:.1f} ms, max {max(decisions) * 1e3:.0f} ms; "
        f"{dt / games_n:.1f} s per game"
    )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--target", type=int, default=300)
    args = parser.parse_args()
    bench_claims(20 if args.quick else 200)
    bataille_match(4 if args.quick else 40)
    belote_match(2 if args.quick else 20, 150 if args.quick else args.target, False)
    belote_match(2 if args.quick else 20, 150 if args.quick else args.target, True)


if __name__ == "__main__":
    main()
