"""Ours against boardgame.io's own server, side by side in one run (issue 16, « Faster than the
peer »). Prints figures and a table, asserts nothing.

    .venv/bin/python bench/vs_bgio.py                       # 500 tables, 15 s a phase, 1 round
    .venv/bin/python bench/vs_bgio.py --rounds 3 --tables 500 --duration 10

The anchor (``../shared/anchors/bgio``, see its README) is copied to a directory under /tmp and
``npm install``-ed there once (nothing of it enters this repository). Each round starts, one
after the other (who goes first alternates), each server in its own process, and drives it with
``--tables`` two-seat tables and one client per seat (1,000 at 500 tables): paced (each client
answers 0.5–1.5 s after his turn comes), then at saturation (at once), on the same tables.

- boardgame.io 0.50.2 (Koa + socket.io, one process, its default in-memory store: nothing is
  durable, and it sends a state before it stores it) playing the anchor's five-dice game;
- ours (uvicorn, one process, SQLite in WAL mode: every action committed before it is sent)
  playing Poker d'As, with tokens and rounds enough that no game ends during the run (the
  anchor's game never ends; ``--options '{}'`` plays the default table instead).

The load generator (``--load``): by default the same one for both, ``bench/vs_load.js`` (one
Node process; ours over ``ws``, boardgame.io over ``socket.io-client``, both from the anchor's
node_modules), so that neither server is measured through a slower client than the other.
``--load own`` drives each the way it was first measured: the anchor's ``load.js`` (its client
library, several times the server's CPU per action) and ``bench/load.py``'s Python clients.

Per phase: actions/s, action → update latency p50 / p99, the CPU time per action of the server
(/proc) and of the load generator, and the ratios ours / theirs against the issue's targets
(saturation actions/s ≥ 1.3×, paced p99 ≤ 1×). With several rounds: the median and the spread.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from load import STARTED, Server, free_port, make_tables, pct, phase

HERE = Path(__file__).resolve().parent
ANCHOR = HERE.parents[1] / "shared" / "anchors" / "bgio"
COPY = Path(tempfile.gettempdir()) / "ludotheque-bgio-anchor"
PHASES = ("paced", "saturation")
# Poker d'As that lasts the whole run: 10,000 tokens each and at most 10,000 rounds.
ENDLESS = {"start_tokens": 10_000, "max_rounds": 10_000}

Figures = dict[str, dict[str, float | None]]  # phase → figure → value


def prepared(anchor: Path) -> Path:
    """The anchor, copied under /tmp and installed there (once)."""
    if not (COPY / "node_modules" / "boardgame.io").is_dir():
        COPY.mkdir(parents=True, exist_ok=True)
        for f in ("package.json", "game.js", "server.js", "load.js"):
            shutil.copy(anchor / f, COPY / f)
            os.chmod(COPY / f, 0o644)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=COPY, check=True)
    return COPY


def figures(r: dict[str, Any]) -> dict[str, float | None]:
    """One phase's line of vs_load.js (or of the anchor's load.js) as this bench's figures."""
    return {
        "actions_per_s": r["actions_per_s"],
        "p50": r["p50_ms"],
        "p99": r["p99_ms"],
        "cpu_ms": r["server_cpu_ms_per_action"],
        "load_cpu_ms": r.get("load_cpu_ms_per_action"),
    }


async def node_load(
    target: str, where: Path, port: int, pid: int, tables: int, duration: float, options: str
) -> Figures:
    """bench/vs_load.js against one server: both phases on the same tables."""
    env = {**os.environ, "NODE_PATH": str(where / "node_modules")}
    run = await asyncio.create_subprocess_exec(
        "node",
        str(HERE / "vs_load.js"),
        target,
        str(port),
        str(tables),
        ",".join(PHASES),
        str(duration),
        str(pid),
        options,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=env,
    )
    text, err = await run.communicate()
    out = {}
    for line in text.decode().splitlines():
        if line.startswith("{"):
            r = json.loads(line)
            out[r["phase"]] = figures(r)
            if r["errors"]:
                print(f"  {target}: refusals in {r['phase']}: {r['errors']}", flush=True)
    if run.returncode != 0:
        print(f"  vs_load.js {target} failed: {err.decode().strip().splitlines()[-3:]}", flush=True)
    return out


async def anchor_load(where: Path, port: int, pid: int, tables: int, duration: float) -> Figures:
    """The anchor's own load.js (boardgame.io's client library), one process a phase."""
    out = {}
    for name in PHASES:
        for _attempt in range(2):  # its load.js gives up on a connect timeout: once more
            run = await asyncio.create_subprocess_exec(
                "node",
                "load.js",
                str(port),
                str(tables),
                str(int(name == "paced")),
                str(duration),
                str(pid),
                cwd=where,
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
            )
            text, err = await run.communicate()
            lines = text.decode().strip().splitlines()
            if run.returncode == 0 and lines:
                out[name] = figures(json.loads(lines[-1]))
                break
            print(
                f"  boardgame.io's load.js failed ({name}): "
                f"{err.decode().strip().splitlines()[-1:]}",
                flush=True,
            )
    return out


async def bgio_round(where: Path, tables: int, duration: float, load: str) -> Figures:
    port = free_port()
    proc = subprocess.Popen(
        ["node", "server.js", str(port)],
        cwd=where,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        assert line.startswith("ready"), line
        if load == "own":
            return await anchor_load(where, port, proc.pid, tables, duration)
        return await node_load("bgio", where, port, proc.pid, tables, duration, "")
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


async def python_load(server: Server, tables: int, duration: float, options: str) -> Figures:
    """bench/load.py's clients, in this process."""
    made = await make_tables(server.base, tables, ("pokerdas",), json.loads(options or "{}"))
    await asyncio.sleep(1.0)
    out = {}
    for name, think in (("paced", (0.5, 1.5)), ("saturation", None)):
        s = await phase(server.proc.pid, server.port, made, think, 3.0, duration)
        out[name] = {
            "actions_per_s": round(s.actions_per_s, 1),  # type: ignore[attr-defined]
            "p50": round(pct(s.latencies, 0.5), 1),
            "p99": round(pct(s.latencies, 0.99), 1),
            "cpu_ms": round(s.server_cpu * 1000, 3),  # type: ignore[attr-defined]
            "load_cpu_ms": round(s.client_cpu * 1000, 3),
        }  # type: ignore[attr-defined]
    return out


async def ours_round(where: Path, tables: int, duration: float, load: str, options: str) -> Figures:
    with tempfile.TemporaryDirectory() as d:
        server = Server(f"sqlite:///{d}/bench.sqlite3")
        try:
            await server.ready()
            await make_tables(server.base, 2, ("pokerdas",))  # warm up: the game loaded once
            if load == "own":
                return await python_load(server, tables, duration, options)
            return await node_load(
                "ours", where, server.port, server.proc.pid, tables, duration, options
            )
        finally:
            server.stop()


FIGURES = (
    ("actions_per_s", "actions/s", "saturation", 1.3, "≥"),
    ("p50", "p50 ms", None, None, ""),
    ("p99", "p99 ms", "paced", 1.0, "≤"),
    ("cpu_ms", "server CPU ms/action", None, None, ""),
    ("load_cpu_ms", "load CPU ms/action", None, None, ""),
)


def cell(values: list[float]) -> str:
    if not values:
        return "—"
    med = statistics.median(values)
    if len(values) == 1:
        return f"{med:,.2f}"
    return f"{med:,.2f} ({min(values):,.2f}–{max(values):,.2f})"


def summary(rounds: list[dict[str, Figures]], args: argparse.Namespace) -> None:
    load = (
        "bench/vs_load.js (Node) for both"
        if args.load == "node"
        else ("the anchor's load.js for boardgame.io, bench/load.py's clients for ours")
    )
    print(
        f"\n== {len(rounds)} round(s) of {args.tables} tables ({2 * args.tables} clients), "
        f"{args.duration:g} s a phase; load generator: {load}"
    )
    print(
        "   boardgame.io 0.50.2: in-memory store, nothing durable; ours: SQLite (WAL), every "
        "action committed before it is broadcast"
    )
    print("   " + ("median (min–max) of the rounds" if len(rounds) > 1 else "one round"))
    head = (
        f"{'phase':<11} {'figure':<21} {'boardgame.io':>24} {'ours':>24} {'ours/bgio':>22}  target"
    )
    print(head)
    print("-" * len(head))
    for ph in PHASES:
        for key, label, target_phase, target, sign in FIGURES:
            cols = []
            for who in ("bgio", "ours"):
                cols.append([v for r in rounds if (v := r[who].get(ph, {}).get(key)) is not None])
            ratios = [
                r["ours"][ph][key] / r["bgio"][ph][key]
                for r in rounds
                if r["bgio"].get(ph, {}).get(key) and r["ours"].get(ph, {}).get(key) is not None
            ]
            goal = ""
            if target_phase == ph and ratios:
                med = statistics.median(ratios)
                met = med >= target if sign == "≥" else med <= target
                goal = f"{sign} {target:g}  {'met' if met else 'NOT met'}"
            print(
                f"{ph:<11} {label:<21} {cell(cols[0]):>24} {cell(cols[1]):>24} "
                f"{cell(ratios):>22}  {goal}"
            )


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--duration", type=float, default=15.0)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--anchor", type=Path, default=ANCHOR)
    ap.add_argument(
        "--load",
        choices=["node", "own"],
        default="node",
        help="node: bench/vs_load.js for both; own: each side's first generator",
    )
    ap.add_argument(
        "--options",
        default=json.dumps(ENDLESS),
        help="our Poker d'As tables' options, JSON ('{}': the default table)",
    )
    args = ap.parse_args()
    where = prepared(args.anchor)
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.2f}", flush=True)
    rounds = []
    for i in range(args.rounds):
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        # alternate who goes first, so that neither always meets the machine's other jobs first
        theirs: Figures = {}
        ours: Figures = {}
        for who in ("bgio", "ours") if i % 2 == 0 else ("ours", "bgio"):
            if who == "bgio":
                theirs = await bgio_round(where, args.tables, args.duration, args.load)
            else:
                ours = await ours_round(where, args.tables, args.duration, args.load, args.options)
        rounds.append({"bgio": theirs, "ours": ours})
        took = time.perf_counter() - t0
        print(
            f"round {i + 1} (load average {load:.2f} → {os.getloadavg()[0]:.2f}, "
            f"{took:.0f} s): {json.dumps(rounds[-1])}",
            flush=True,
        )
    summary(rounds, args)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    finally:
        for s in STARTED:
            s.stop(signal.SIGKILL)
