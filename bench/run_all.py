"""`make bench`: run the benchmarks one after the other, each in a fresh interpreter (so
memory and load times are measured cold), and print their figures.

The bot matches here are short versions; the full runs quoted in docs/ take longer and are
started by hand with the commands given there.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
RUNS: list[tuple[str, list[str]]] = [
    ("bench_lexicon.py", []),
    ("bench_search.py", []),
    ("bench_engine.py", []),
    ("bench_tournament.py", []),
    ("bots_alphapoker.py", ["--games", "60"]),
    ("bench_alice.py", ["engine"]),
    ("bench_pokerdas.py", []),
    ("bench_casinoroyal.py", []),
    ("bots_casinoroyal.py", ["--games", "100"]),
    ("bench_alkamo.py", []),
    ("bench_judge.py", []),
    ("bench_judge.py", ["--walk"]),
    ("bench_themes.py", ["--games", "3"]),
    ("bots_alkamo.py", ["--games", "20", "--tables", "auto2"]),
    ("bench_rl.py", ["--rounds", "3"]),
    ("bench_simulate.py", ["--seconds", "4", "--rounds", "1"]),
    ("load.py", ["--tables", "100", "--duration", "8"]),  # the full run: docs/server.md
]


def main() -> int:
    known = {name for name, _ in RUNS}
    runs = [(n, a) for n, a in RUNS if (HERE / n).exists()]
    runs += [(p.name, []) for p in sorted(HERE.glob("bench_*.py")) if p.name not in known]
    failed = 0
    for name, args in runs:
        print(f"\n===== {name} {' '.join(args)} =====", flush=True)
        failed += subprocess.call([sys.executable, str(HERE / name), *args]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
