"""Lexicon load figures: cold build, cached load (time, RSS added), trie, first explain().

Each case runs in a fresh subprocess. The cold build uses a temporary cache directory; the
cached cases then read that directory. Prints figures; asserts nothing about time.

    .venv/bin/python bench/bench_lexicon.py [--policy alphapoker] [--repeat 5]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

CASE = r"""
import json, sys, time
def rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
case, policy = sys.argv[1], sys.argv[2]
r0 = rss(); t0 = time.perf_counter()
from ludotheque.lexicon import load
t1 = time.perf_counter(); r1 = rss()
lex = load(policy)
t2 = time.perf_counter(); r2 = rss()
out = {"import_s": t1 - t0, "load_s": t2 - t1, "rss_import_mb": r1 - r0, "rss_load_mb": r2 - r1,
       "words": len(lex), "counts": lex.counts}
if case in ("trie", "cold"):
    t = time.perf_counter(); lex.search_index(); out["trie_s"] = time.perf_counter() - t
    out["rss_trie_mb"] = rss() - r2
if case == "explain":
    t = time.perf_counter(); lex.explain("mangeait"); out["explain_s"] = time.perf_counter() - t
print(json.dumps(out))
"""


def run(case: str, policy: str, cache: str) -> dict:
    env = dict(os.environ, LUDOTHEQUE_CACHE=cache)
    res = subprocess.run(
        [sys.executable, "-c", CASE, case, policy],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(res.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--policy", default="alphapoker")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as cache:
        cold = run("cold", args.policy, cache)
        c = cold["counts"]
        print(
            f"policy {args.policy}: {c['lexique']} Lexique forms + {c['completed']} completed "
            f"= {cold['words']} words"
        )
        print(
            f"cold build (load, no cache)      {cold['load_s']:.2f} s   "
            f"+ trie build {cold['trie_s']:.2f} s"
        )
        cached = [run("load", args.policy, cache) for _ in range(args.repeat)]
        load_s = statistics.median(r["load_s"] for r in cached)
        imp_s = statistics.median(r["import_s"] for r in cached)
        rss = statistics.median(r["rss_load_mb"] for r in cached)
        rss_imp = statistics.median(r["rss_import_mb"] for r in cached)
        print(
            f"cached load()                    {load_s * 1000:.0f} ms (median of {args.repeat}),"
            f" RSS added {rss:.1f} MB"
        )
        print(f"import ludotheque.lexicon        {imp_s * 1000:.0f} ms, RSS added {rss_imp:.1f} MB")
        print(f"import + cached load             {(imp_s + load_s) * 1000:.0f} ms")
        trie = [run("trie", args.policy, cache) for _ in range(args.repeat)]
        print(
            f"cached search index (first use)  "
            f"{statistics.median(r['trie_s'] for r in trie) * 1000:.0f} ms, RSS added "
            f"{statistics.median(r['rss_trie_mb'] for r in trie):.1f} MB"
        )
        exp = [run("explain", args.policy, cache) for _ in range(args.repeat)]
        print(
            f"first explain() (reasons file)   "
            f"{statistics.median(r['explain_s'] for r in exp) * 1000:.0f} ms"
        )


if __name__ == "__main__":
    main()
