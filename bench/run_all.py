"""`make bench`: run every benchmark script of this folder, one after the other, in fresh
interpreters (so that memory and load times are measured cold), and print their figures."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).parent
ORDER = ["bench_lexicon.py", "bench_search.py", "bench_engine.py", "bots_alphapoker.py"]


def main() -> int:
    scripts = [HERE / name for name in ORDER if (HERE / name).exists()]
    scripts += sorted(p for p in HERE.glob("bench_*.py") if p not in scripts)
    failed = 0
    for script in scripts:
        print(f"\n===== {script.name} =====", flush=True)
        failed += subprocess.call([sys.executable, str(script), *sys.argv[1:]]) != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
