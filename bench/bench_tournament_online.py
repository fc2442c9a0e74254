"""A 64-bot tournament on one server process, and people playing at other tables meanwhile
(issue 18). Prints figures, asserts nothing.

    .venv/bin/python bench/bench_tournament_online.py
    .venv/bin/python bench/bench_tournament_online.py --game casinoroyal --bot-delay 0.6

One server process (SQLite in a temporary folder, as ``bench/load.py`` starts it); 10 tables of
two people playing Poker d'As at a person's pace (each acts 0.5–1.5 s after his turn comes), one
WebSocket per seat. First the people alone for ``--baseline`` seconds; then a tournament of 64
bots (a knockout: 6 rounds, 63 duels, each of two winning manches, each manche a table of the
server, bots paced by ``--bot-delay``) runs while they play. Figures: the wall time of each round
(from its first table to its last duel's end), the whole tournament, and the people's
action → update latency (median, p99) with and without the tournament, with the server's CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).parent))
import load  # bench/load.py: the server process, people's clients, percentiles


async def people(
    port: int, tables: list[tuple[str, list[str]]], stats: load.Stats, stop: asyncio.Event
) -> list[asyncio.Task[None]]:
    rng = random.Random(11)
    return [
        asyncio.get_running_loop().create_task(
            load.client(port, tid, tok, stats, (0.5, 1.5), stop, random.Random(rng.random()))
        )
        for tid, toks in tables
        for tok in toks
    ]


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", default="casinoroyal", help="the duels' game (two players)")
    ap.add_argument("--bot", default="random", help="the bots' name")
    ap.add_argument("--entrants", type=int, default=64)
    ap.add_argument("--bot-delay", type=float, default=0.2)
    ap.add_argument("--tables", type=int, default=10, help="tables of two people meanwhile")
    ap.add_argument("--baseline", type=float, default=15.0)
    ap.add_argument("--timeout", type=float, default=170.0, help="stop waiting after this")
    args = ap.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="ludo-bench-tournament-"))
    settings = {**load.LOAD_SETTINGS, "bot_delay": args.bot_delay}
    server = load.Server(f"sqlite:///{folder / 'ludo.sqlite3'}", settings)
    try:
        await server.ready()
        tables = await load.make_tables(server.base, args.tables, ("pokerdas",))
        stats = load.Stats()  # one list of latencies: before the tournament, then during
        stop = asyncio.Event()
        tasks = await people(server.port, tables, stats, stop)
        await asyncio.sleep(3)  # connections open, first moves
        stats.recording = True
        c0, t0 = load.cpu_s(server.proc.pid), time.perf_counter()
        await asyncio.sleep(args.baseline)
        alone = list(stats.latencies)
        cpu_alone = (load.cpu_s(server.proc.pid) - c0) / (time.perf_counter() - t0)
        async with httpx.AsyncClient(base_url=server.base, timeout=60) as http:
            org = (await http.post("/api/guest", json={"name": "Orga"})).json()
            body = {"game": args.game, "places": args.entrants, "bots": True, "bot": args.bot}
            r = await http.post(
                "/api/tournaments", json=body, headers={"Authorization": f"Bearer {org['token']}"}
            )
            r.raise_for_status()
            tid = r.json()["id"]
            c0, t0 = load.cpu_s(server.proc.pid), time.perf_counter()
            ends: dict[str, float] = {}
            t: dict[str, Any] = {}
            while time.perf_counter() - t0 < args.timeout:
                t = (await http.get(f"/api/tournaments/{tid}")).json()
                for rnd in t["rounds"]:
                    if rnd["label"] not in ends and all(
                        d["winner"] is not None for d in rnd["duels"]
                    ):
                        ends[rnd["label"]] = time.time()
                if t["status"] == "over":
                    break
                await asyncio.sleep(1.0)  # a browser on the page asks every 2 s
            stats.recording = False
            during = stats.latencies[len(alone) :]
            wall = time.perf_counter() - t0
            cpu_during = (load.cpu_s(server.proc.pid) - c0) / wall
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        print(
            f"{args.entrants} bots ({args.game}, {args.bot}, bot delay {args.bot_delay} s), "
            f"one process, SQLite; {args.tables} tables of people meanwhile; load average "
            f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        )
        manches = sum(len(d["manches"]) for rnd in t.get("rounds", []) for d in rnd["duels"])
        for rnd in t.get("rounds", []):
            start, end = rnd["started_at"], ends.get(rnd["label"])
            took = f"{end - start:6.1f} s" if start and end else "  (unfinished)"
            n = len(rnd["duels"])
            print(f"  {rnd['title']:<18} {n:3d} {'duel ' if n == 1 else 'duels'}  {took}")
        print(
            f"  tournament: {t.get('status')} in {wall:.1f} s, {manches} manches "
            f"({manches / wall:.1f} a second)"
        )
        for name, lat, cpu in (("people alone", alone, cpu_alone), ("during", during, cpu_during)):
            print(
                f"  {name:<13} median {load.pct(lat, 0.5):6.1f} ms   p99 "
                f"{load.pct(lat, 0.99):6.1f} ms   ({len(lat)} actions; server "
                f"CPU {cpu * 100:.0f} % of a core)",
                flush=True,
            )
    finally:
        server.stop()


if __name__ == "__main__":
    asyncio.run(main())
