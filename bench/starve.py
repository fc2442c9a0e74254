"""Can one visitor starve everyone? (issue 16, finding 5). Prints figures, asserts nothing.

    .venv/bin/python bench/starve.py                          # 200 all-bot tables, this tree
    git archive ae97a20 src | tar -x -C /tmp/before           # an older tree, to compare
    .venv/bin/python bench/starve.py --before /tmp/before/src

A server (SQLite, its default settings but for the limits on one address, so that the bench
can make its guests) gets ``--tables`` all-bot tables of ``--game`` with ``--bot`` bots, created
at 10 a second as the finding did; then ``--people`` pairs of people play Poker d'As at tables
of their own, each answering 0.5–1.5 s after his turn comes. Measured over ``--duration``
seconds: their action → broadcast latency (median, p99), the server's CPU (share of one core)
and the actions the bots' tables stored. With ``--before``, the same run first against that tree.
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

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from load import STARTED, Server, cpu_s, make_tables, pct, phase

# Only what the bench needs to make its own guests and tables from one address; the bots keep
# the default delay, budget and workers (what a visitor would get).
SETTINGS = {
    "guest_rate": 1e6,
    "guest_burst": 1e6,
    "max_open_tables": 10**6,
    "rate": 1e6,
    "burst": 1e6,
}


async def bot_tables(base: str, n: int, game: str, bot: str) -> None:
    """``n`` all-bot tables, 10 a second, each by a guest of its own."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        for i in range(n):
            t0 = time.perf_counter()
            user = (await http.post("/api/guest", json={"name": f"S{i}"})).json()
            seats = [{"kind": "bot", "bot": bot}, {"kind": "bot", "bot": bot}]
            body = {"game": game, "players": 2, "seats": seats}
            r = await http.post(
                "/api/tables", json=body, headers={"Authorization": f"Bearer {user['token']}"}
            )
            if r.status_code != 200:
                print(f"  table {i}: {r.status_code} {r.text[:200]}")
                return
            await asyncio.sleep(max(0.0, 0.1 - (time.perf_counter() - t0)))


def stored_actions(url: str) -> int:
    import sqlalchemy as sa

    engine = sa.create_engine(url)
    with engine.connect() as conn:
        n = int(conn.execute(sa.text("SELECT count(*) FROM actions")).scalar_one())
    engine.dispose()
    return n


async def run(label: str, src: str | None, args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory() as d:
        url = f"sqlite:///{d}/starve.sqlite3"
        server = Server(url, SETTINGS, src)
        await server.ready()
        people = await make_tables(server.base, args.people, ("pokerdas",))
        t0 = time.perf_counter()
        await bot_tables(server.base, args.tables, args.game, args.bot)
        print(
            f"  [{label}] {args.tables} all-bot {args.game} tables ({args.bot}) made in "
            f"{time.perf_counter() - t0:.1f} s",
            flush=True,
        )
        await asyncio.sleep(3.0)
        pid = server.proc.pid
        c0, w0, a0 = cpu_s(pid), time.perf_counter(), stored_actions(url)
        stats = await phase(pid, server.port, people, (0.5, 1.5), 2.0, args.duration)
        cpu = (cpu_s(pid) - c0) / (time.perf_counter() - w0)
        bots = (stored_actions(url) - a0 - stats.actions) / (time.perf_counter() - w0)
        print(
            f"  [{label}] the people's tables: {stats.actions} actions, median "
            f"{pct(stats.latencies, 0.5):.1f} ms, p99 {pct(stats.latencies, 0.99):.1f} ms, "
            f"max {max(stats.latencies, default=0) * 1000:.1f} ms; server CPU "
            f"{cpu * 100:.0f} % of a core; bot tables stored {bots:.0f} actions/s",
            flush=True,
        )
        server.stop()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--tables", type=int, default=200)
    ap.add_argument("--game", default="alphapoker")
    ap.add_argument("--bot", default="fort")
    ap.add_argument("--duration", type=float, default=20.0)
    ap.add_argument("--people", type=int, default=5, help="tables of two people measured")
    ap.add_argument("--before", help="the src/ directory of an older tree to compare with")
    args = ap.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    random.seed(1)
    if args.before:
        await run("before", args.before, args)
    await run("this tree", None, args)
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    finally:
        for s in STARTED:
            s.stop()
