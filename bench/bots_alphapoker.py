"""AlphaPoker bots: how often ``fort`` wins against ``random`` and against ``suiveur``.

Plays seeded games through the protocol (each bot gets ``state.view(seat)`` and the legal
actions, nothing else), rotating the seats so that every bot sits in every seat equally, and
prints per bot: win rate with a 95 % confidence interval (Wilson), mean final capital, and
the time per game. Prints figures, asserts nothing.

    .venv/bin/python bench/bots_alphapoker.py                  # 1000 games per match-up
    .venv/bin/python bench/bots_alphapoker.py --games 60 --quick   # smoke run
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections import defaultdict
from typing import Any

from ludotheque import bots, games
from ludotheque.sim.stats import wilson


def play(lineup: tuple[str, ...], seed: int, options: dict[str, Any]) -> dict[str, Any]:
    """One game; ``lineup[s]`` is the bot at seat s. Returns the result per seat and the time."""
    game = games.get("alphapoker")
    t0 = time.perf_counter()
    state = game.new(len(lineup), options, seed)
    players = [bots.make("alphapoker", name, seed * 31 + s) for s, name in enumerate(lineup)]
    decisions = 0
    while not state.is_over():
        for seat in sorted(state.to_move()):
            action = players[seat].act(state.view(seat), state.legal_actions(seat))
            state.apply(seat, action)
            decisions += 1
    result = state.result()
    return {
        "lineup": lineup,
        "winner": result.winners[0],
        "scores": list(result.scores),
        "seconds": time.perf_counter() - t0,
        "decisions": decisions,
    }


def _job(args: tuple[tuple[str, ...], int, dict[str, Any]]) -> dict[str, Any]:
    return play(*args)


def lineups(hero: str, villain: str, players: int) -> list[tuple[str, ...]]:
    """The hero in each seat in turn, the villains elsewhere."""
    return [tuple(hero if s == h else villain for s in range(players)) for h in range(players)]


def match(
    hero: str,
    villain: str,
    players: int,
    n_games: int,
    jobs: int,
    options: dict[str, Any],
    seed0: int = 1,
) -> dict[str, Any]:
    seats = lineups(hero, villain, players)
    tasks = [(seats[g % players], seed0 + g, options) for g in range(n_games)]
    t0 = time.perf_counter()
    if jobs > 1:
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, tasks, chunksize=4)
    else:
        results = [_job(t) for t in tasks]
    wall = time.perf_counter() - t0
    wins: dict[str, float] = defaultdict(float)
    capital: dict[str, list[int]] = defaultdict(list)
    seat_wins = [0] * players
    for r in results:
        for s, name in enumerate(r["lineup"]):
            capital[name].append(r["scores"][s])
        wins[r["lineup"][r["winner"]]] += 1
        if r["lineup"][r["winner"]] == hero:
            seat_wins[r["lineup"].index(hero)] += 1
    return {
        "hero": hero,
        "villain": villain,
        "players": players,
        "games": n_games,
        "hero_wins": wins[hero],
        "villain_wins": wins[villain],
        "hero_capital": sum(capital[hero]) / len(capital[hero]),
        "villain_capital": sum(capital[villain]) / len(capital[villain]),
        "hero_seat_wins": seat_wins,
        "cpu_per_game": sum(r["seconds"] for r in results) / n_games,
        "decisions_per_game": sum(r["decisions"] for r in results) / n_games,
        "wall": wall,
    }


def report(m: dict[str, Any]) -> None:
    n, k = m["games"], m["players"]
    lo, hi = wilson(m["hero_wins"], n)
    per_villain = m["villain_wins"] / (k - 1)
    vlo, vhi = wilson(per_villain, n)
    print(
        f"{m['hero']} vs {k - 1} × {m['villain']} ({k} players, {n} games, fair share {1 / k:.1%})"
    )
    print(
        f"  {m['hero']:<8} wins {m['hero_wins'] / n:6.1%}  95% CI [{lo:.1%}, {hi:.1%}]  "
        f"mean final capital {m['hero_capital']:6.1f} PM"
    )
    print(
        f"  {m['villain']:<8} wins {per_villain / n:6.1%}  95% CI [{vlo:.1%}, {vhi:.1%}]  "
        f"mean final capital {m['villain_capital']:6.1f} PM  (each)"
    )
    seats = ", ".join(f"seat {s}: {w}" for s, w in enumerate(m["hero_seat_wins"]))
    print(f"  {m['hero']} wins by seat: {seats}")
    print(
        f"  {m['cpu_per_game'] * 1000:.0f} ms per game (one core), "
        f"{m['decisions_per_game']:.0f} decisions per game, wall {m['wall']:.0f} s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per match-up")
    parser.add_argument("--jobs", type=int, default=multiprocessing.cpu_count())
    parser.add_argument("--quick", action="store_true", help="3 players only, hands_per_game 3")
    parser.add_argument("--players", type=int, nargs="*", default=None)
    args = parser.parse_args()
    options: dict[str, Any] = {"hands_per_game": 3} if args.quick else {}
    players = args.players or ([3] if args.quick else [3, 2])
    # Build the cached opponent distributions once before forking the workers.
    from ludotheque.games.alphapoker.bots import opponent_model

    for k in players:
        opponent_model(7, False, 1 if k <= 4 else 2, False)
    print(f"options: {options or 'defaults'}; jobs {args.jobs}")
    for k in players:
        for villain in ("random", "suiveur"):
            # Games are rotated so each bot sits in each seat the same number of times.
            n = args.games - args.games % k
            report(match("fort", villain, k, n, args.jobs, options))
        print()


if __name__ == "__main__":
    main()
