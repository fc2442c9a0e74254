"""Ours against boardgame.io's own server, side by side in one run (issue 16, « Faster than the
peer »). Prints figures, asserts nothing.

    .venv/bin/python bench/vs_bgio.py                       # 500 tables, 15 s a phase, 1 round
    .venv/bin/python bench/vs_bgio.py --rounds 3 --tables 500 --duration 10

The anchor (``../shared/anchors/bgio``, see its README) is copied to a directory under /tmp and
``npm install``-ed there once (nothing of it enters this repository). Each round runs, one after
the other, the same pattern as ``bench/load.py``: ``--tables`` two-seat tables and one client per
seat (1,000 at 500 tables), paced (each client answers 0.5–1.5 s after his turn comes) then at
saturation (at once):

- boardgame.io 0.50.2 (Koa + socket.io, one process, its default in-memory store: nothing is
  durable) playing its five-dice game, driven by the anchor's ``load.js``;
- ours (uvicorn, one process, SQLite: every action committed before it is broadcast) playing
  Poker d'As, driven by ``bench/load.py``'s clients.

Per phase: actions/s, action → update latency p50 / p99, the server's CPU per action (/proc),
and the ratios ours / theirs. With several rounds: the median of each figure and its spread.
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

ANCHOR = Path(__file__).resolve().parents[2] / "shared" / "anchors" / "bgio"
COPY = Path(tempfile.gettempdir()) / "ludotheque-bgio-anchor"


def prepared(anchor: Path) -> Path:
    """The anchor, copied under /tmp and installed there (once)."""
    if not (COPY / "node_modules" / "boardgame.io").is_dir():
        COPY.mkdir(parents=True, exist_ok=True)
        for f in ("package.json", "game.js", "server.js", "load.js"):
            shutil.copy(anchor / f, COPY / f)
            os.chmod(COPY / f, 0o644)
        subprocess.run(["npm", "install", "--no-audit", "--no-fund"], cwd=COPY, check=True)
    return COPY


async def bgio_round(where: Path, tables: int, duration: float) -> dict[str, dict[str, Any]]:
    port = free_port()
    cmd = ["node", "server.js", str(port)]
    proc = subprocess.Popen(
        cmd, cwd=where, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        assert line.startswith("ready"), line
        out = {}
        for name, paced in (("paced", 1), ("saturation", 0)):
            for _attempt in range(2):  # its load.js gives up on a connect timeout: once more
                run = await asyncio.create_subprocess_exec(
                    "node",
                    "load.js",
                    str(port),
                    str(tables),
                    str(paced),
                    str(duration),
                    str(proc.pid),
                    cwd=where,
                    stdout=asyncio.subprocess.PIPE,
                    stderr=asyncio.subprocess.PIPE,
                )
                text, err = await run.communicate()
                lines = text.decode().strip().splitlines()
                if run.returncode == 0 and lines:
                    r = json.loads(lines[-1])
                    cpu = r["server_cpu_ms_per_action"]
                    out[name] = {
                        "actions_per_s": r["actions_per_s"],
                        "p50": r["p50_ms"],
                        "p99": r["p99_ms"],
                        "cpu_ms": cpu,
                    }
                    break
                print(
                    f"  boardgame.io's load.js failed ({name}): "
                    f"{err.decode().strip().splitlines()[-1:]}",
                    flush=True,
                )
        return out
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(10)


async def ours_round(tables: int, duration: float) -> dict[str, dict[str, Any]]:
    with tempfile.TemporaryDirectory() as d:
        server = Server(f"sqlite:///{d}/bench.sqlite3")
        try:
            await server.ready()
            await make_tables(server.base, 2, ("pokerdas",))  # warm up
            made = await make_tables(server.base, tables, ("pokerdas",))
            await asyncio.sleep(1.0)
            out = {}
            for name, think, warm in (("paced", (0.5, 1.5), 3.0), ("saturation", None, 3.0)):
                s = await phase(server.proc.pid, server.port, made, think, warm, duration)
                out[name] = {
                    "actions_per_s": round(s.actions_per_s, 1),  # type: ignore[attr-defined]
                    "p50": round(pct(s.latencies, 0.5), 1),
                    "p99": round(pct(s.latencies, 0.99), 1),
                    "cpu_ms": round(s.server_cpu * 1000, 3),
                }  # type: ignore[attr-defined]
            return out
        finally:
            server.stop()


FIGURES = (("actions_per_s", "actions/s"), ("p50", "p50 ms"), ("p99", "p99 ms"),
           ("cpu_ms", "CPU ms/action"))  # fmt: skip


def summary(rounds: list[dict[str, dict[str, dict[str, Any]]]]) -> None:
    print(f"\n== {len(rounds)} round(s): median (min–max)")
    for ph in ("paced", "saturation"):
        print(f"  {ph}")
        for key, label in FIGURES:
            cells = []
            for who in ("bgio", "ours"):
                vals = [r[who][ph][key] for r in rounds if ph in r[who]]
                if not vals:
                    cells.append(f"{who} (no figure)")
                    continue
                cells.append(
                    f"{who} {statistics.median(vals):9.2f} ({min(vals):.2f}–{max(vals):.2f})"
                )
            ratios = [
                r["ours"][ph][key] / r["bgio"][ph][key]
                for r in rounds
                if ph in r["bgio"] and ph in r["ours"] and r["bgio"][ph][key]
            ]
            ratio = (
                (f"ours/bgio {statistics.median(ratios):.2f} ({min(ratios):.2f}–{max(ratios):.2f})")
                if ratios
                else ""
            )
            print(f"    {label:<14} " + "   ".join(cells) + "   " + ratio)


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--duration", type=float, default=15.0)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--anchor", type=Path, default=ANCHOR)
    args = ap.parse_args()
    where = prepared(args.anchor)
    rounds = []
    for i in range(args.rounds):
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        # alternate who goes first, so that neither always meets the machine's other jobs first
        if i % 2 == 0:
            theirs = await bgio_round(where, args.tables, args.duration)
            ours = await ours_round(args.tables, args.duration)
        else:
            ours = await ours_round(args.tables, args.duration)
            theirs = await bgio_round(where, args.tables, args.duration)
        rounds.append({"bgio": theirs, "ours": ours})
        took = time.perf_counter() - t0
        print(
            f"round {i + 1} (load average {load:.2f} → {os.getloadavg()[0]:.2f}, "
            f"{took:.0f} s): {json.dumps(rounds[-1])}",
            flush=True,
        )
    summary(rounds)


if __name__ == "__main__":
    try:
        asyncio.run(main())
    finally:
        for s in STARTED:
            s.stop(signal.SIGKILL)
