"""A 16-player knockout of `fort` bot duels (issue target: ≤ 60 s), default AlphaPoker options.

Prints the wall time, the number of duels and manches, and the time per manche.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from ludotheque.tournament import Entrant, Tournament
from ludotheque.tournament.runner import default_jobs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--bot", default="fort")
    parser.add_argument("--jobs", type=int, default=default_jobs())
    parser.add_argument("--seed", type=int, default=1)
    args, _ = parser.parse_known_args()
    entrants = [Entrant(f"{args.bot} {i + 1}", args.bot) for i in range(args.players)]
    with tempfile.TemporaryDirectory() as folder:
        t = Tournament("alphapoker", entrants, args.seed, folder=folder, jobs=args.jobs)
        start = time.perf_counter()
        t.run()
        wall = time.perf_counter() - start
    manches = sum(len(d.manches) for d in t.done.values())
    print(f"{args.players}-player knockout of '{args.bot}' duels, {args.jobs} process(es):")
    print(
        f"  {len(t.done)} duels, {manches} manches, {wall:.1f} s wall, "
        f"{wall / manches * args.jobs:.2f} s per manche per process"
    )


if __name__ == "__main__":
    main()
