"""Load generator of its own for the online ludothèque, over loopback. Prints figures, asserts
nothing.

    .venv/bin/python bench/load.py                  # SQLite then PostgreSQL, 500 tables
    .venv/bin/python bench/load.py --db sqlite --tables 100 --duration 10

For each database: a server process (uvicorn, one process) on 127.0.0.1; 1,000 guests at 500
two-seat tables, half Poker d'As and half AlphaPoker, one WebSocket per seat (1,000 clients in
this process); each client plays a random legal action whenever its seat may act:

1. paced: each client waits 0.5–1.5 s before acting (a table of two people playing briskly);
2. saturation: each client acts at once.

Latency is action → broadcast: from sending an action to receiving the update that carries it
(stored in the database before it is sent). Then the server's memory per idle table (500 dealt
tables nobody plays, resident memory before and after), and a restart with the unfinished
tables: the time from starting the process to every one of them resumed (replayed, driven).
PostgreSQL runs in a fresh database ``ludo_bench_<random>`` of the local server, dropped after.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

GAMES = ("pokerdas", "alphapoker")
PG = "postgresql://postgres@127.0.0.1:5432/"
STARTED: list[Server] = []  # every server process started, stopped whatever happens
LOG = Path(tempfile.gettempdir()) / "ludotheque-load-server.log"  # the server's own log

SERVER = """
import json, sys, uvicorn
from ludotheque.server.app import create_app
from ludotheque.server.config import Settings
known = Settings.__dataclass_fields__  # an older tree (bench/starve.py --before) has fewer
extra = {k: v for k, v in json.loads(sys.argv[3]).items() if k in known}
if "sockets_per_address" in known:  # every client of the bench comes from loopback
    extra.setdefault("sockets_per_address", 10**6)
s = Settings(database_url=sys.argv[1], redis_url=None, grace=3600.0, process_name="bench",
             **extra)
try:  # as `serve`; an older tree (bench A/B) had no short path
    from ludotheque.server.websocket import uvicorn_options
    ws = uvicorn_options()
except ImportError:
    ws = {"ws_max_size": 65536, "ws_per_message_deflate": False}
uvicorn.run(create_app(s), host="127.0.0.1", port=int(sys.argv[2]), log_level="warning",
            backlog=4096, **ws)
"""
# The load's own settings: no bot delay, and no limit on one client (every guest and table of
# the bench comes from one address, and each client is a person playing as fast as allowed).
LOAD_SETTINGS: dict[str, Any] = {
    "bot_delay": 0.0, "rate": 1e6, "burst": 1e6, "guest_rate": 1e6, "guest_burst": 1e6,
    "max_open_tables": 10**6,
}  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def cpu_s(pid: int) -> float:
    """CPU seconds (user + system) a process has used."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Server:
    def __init__(
        self, url: str, settings: dict[str, Any] | None = None, src: str | None = None
    ) -> None:
        """The server in its own process; ``src``: run the package from that tree instead."""
        self.url = url
        self.port = free_port()
        self.t0 = time.perf_counter()
        env = dict(os.environ)
        if src:
            env["PYTHONPATH"] = src
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVER,
                url,
                str(self.port),
                json.dumps(LOAD_SETTINGS if settings is None else settings),
            ],
            stdout=subprocess.DEVNULL,
            stderr=open(LOG, "ab"),  # noqa: SIM115 - the child keeps it
            env=env,
        )
        self.base = f"http://127.0.0.1:{self.port}"
        STARTED.append(self)

    async def ready(self) -> dict[str, Any]:
        """Health once the process has started and resumed every unfinished table it found."""
        async with httpx.AsyncClient(base_url=self.base, timeout=10) as http:
            while True:
                if self.proc.poll() is not None:
                    raise RuntimeError(Path(LOG).read_text()[-3000:])
                with contextlib.suppress(httpx.TransportError):
                    r = await http.get("/api/health")
                    if r.status_code == 200 and r.json()["resumed_in"] is not None:
                        return dict(r.json())
                await asyncio.sleep(0.02)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


async def make_tables(
    base: str, n: int, games: tuple[str, ...], options: dict[str, Any] | None = None
) -> list[tuple[str, list[str]]]:
    """``n`` dealt two-seat tables of two guests each: [(table id, [token0, token1])];
    ``options``: the games' options (default: each game's default table)."""
    sem = asyncio.Semaphore(32)
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:

        async def one(i: int) -> tuple[str, list[str]]:
            async with sem:
                users = [
                    (await http.post("/api/guest", json={"name": f"B{i}-{k}"})).json()
                    for k in range(2)
                ]
                h0 = {"Authorization": f"Bearer {users[0]['token']}"}
                h1 = {"Authorization": f"Bearer {users[1]['token']}"}
                body = {
                    "game": games[i % len(games)],
                    "players": 2,
                    "options": options or {},
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                }
                t = (await http.post("/api/tables", json=body, headers=h0)).json()
                r = await http.post(f"/api/tables/{t['id']}/join", json={}, headers=h1)
                assert r.json()["status"] == "playing", r.text
                return t["id"], [u["token"] for u in users]

        return list(await asyncio.gather(*(one(i) for i in range(n))))


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.recording = False


async def client(
    port: int,
    table_id: str,
    token: str,
    stats: Stats,
    think: tuple[float, float] | None,
    stop: asyncio.Event,
    rng: random.Random,
) -> None:
    url = f"ws://127.0.0.1:{port}/ws/tables/{table_id}?token={token}"
    sent: dict[str, float] = {}
    async with connect(url, max_size=2**22, open_timeout=120, ping_interval=None) as ws:

        async def act(msg: dict[str, Any]) -> None:
            if think:
                await asyncio.sleep(rng.uniform(*think))
            if stop.is_set():
                return
            ref = secrets.token_hex(4)
            sent[ref] = time.perf_counter()
            action = rng.choice(msg["legal"])
            await ws.send(
                json.dumps(
                    {"type": "action", "version": msg["version"], "action": action, "id": ref}
                )
            )

        pending: asyncio.Task[None] | None = None
        async for text in ws:
            if stop.is_set():
                return
            msg = json.loads(text)
            kind = msg["type"]
            if kind == "update" and "ref" in msg and msg["ref"] in sent:
                dt = time.perf_counter() - sent.pop(msg["ref"])
                if stats.recording:
                    stats.latencies.append(dt)
                    stats.actions += 1
            elif kind == "error":
                stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
            elif kind == "over":
                return
            if kind in ("welcome", "update") and msg["legal"]:
                if pending is not None and not pending.done():
                    pending.cancel()
                pending = asyncio.get_running_loop().create_task(act(msg))


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))] * 1000 if values else float("nan")


async def phase(
    pid: int,
    port: int,
    tables: list[tuple[str, list[str]]],
    think: tuple[float, float] | None,
    warmup: float,
    duration: float,
) -> Stats:
    stats = Stats()
    stop = asyncio.Event()
    rng = random.Random(7)
    tasks = [
        asyncio.get_running_loop().create_task(
            client(port, tid, tok, stats, think, stop, random.Random(rng.random()))
        )
        for tid, toks in tables
        for tok in toks
    ]
    await asyncio.sleep(warmup)
    stats.recording = True
    t0, c0, m0 = time.perf_counter(), cpu_s(pid), time.process_time()
    await asyncio.sleep(duration)
    stats.recording = False
    elapsed = time.perf_counter() - t0
    stats.server_cpu = (cpu_s(pid) - c0) / max(1, stats.actions)  # type: ignore[attr-defined]
    stats.client_cpu = (time.process_time() - m0) / max(1, stats.actions)  # type: ignore[attr-defined]
    stop.set()
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.actions_per_s = stats.actions / elapsed  # type: ignore[attr-defined]
    return stats


def report(name: str, s: Stats) -> None:
    print(
        f"  {name:<11} actions/s {s.actions_per_s:8.0f}   median {pct(s.latencies, 0.5):7.1f} ms"  # type: ignore[attr-defined]
        f"   p99 {pct(s.latencies, 0.99):7.1f} ms   ({len(s.latencies)} actions; CPU per action:"
        f" server {s.server_cpu * 1000:.2f} ms, clients {s.client_cpu * 1000:.2f} ms"  # type: ignore[attr-defined]
        + (f", refusals {s.errors}" if s.errors else "")
        + ")",
        flush=True,
    )


async def run_db(label: str, url: str, n: int, duration: float, games: tuple[str, ...]) -> None:
    print(f"\n== {label} — {n} two-seat tables ({', '.join(games)}), {2 * n} WebSocket clients")
    server = Server(url)
    await server.ready()
    await make_tables(server.base, 4, games)  # warm up: each game loaded once (lexicon…)
    await asyncio.sleep(1.0)
    before = rss_kb(server.proc.pid)
    t0 = time.perf_counter()
    tables = await make_tables(server.base, n, games)
    print(f"  set-up: {2 * n} guests, {n} tables dealt in {time.perf_counter() - t0:.1f} s")
    await asyncio.sleep(1.0)
    after = rss_kb(server.proc.pid)
    print(
        f"  memory: {(after - before) / n:.1f} KB per idle dealt table "
        f"(resident {before / 1024:.0f} → {after / 1024:.0f} MB for {n} tables)"
    )
    report("paced", await phase(server.proc.pid, server.port, tables, (0.5, 1.5), 3.0, duration))
    report("saturation", await phase(server.proc.pid, server.port, tables, None, 2.0, duration))
    async with httpx.AsyncClient(base_url=server.base) as http:
        unfinished = (await http.get("/api/health")).json()["unfinished"]
    server.stop()
    again = Server(url)
    health = await again.ready()
    wall = time.perf_counter() - again.t0
    inside = health["resumed_in"]
    # A table counted as unfinished may end on an action still in flight when it was counted.
    print(
        f"  restart: {health['resumed']} unfinished tables resumed (the first process had "
        f"{unfinished}); process start to all "
        f"driven {wall:.2f} s (replay inside the server {inside:.2f} s)"
    )
    again.stop()


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--db", choices=["sqlite", "postgres", "both"], default="both")
    ap.add_argument("--tables", type=int, default=500)
    ap.add_argument("--duration", type=float, default=15.0)
    ap.add_argument("--games", default=",".join(GAMES), help="comma-separated, in turn per table")
    args = ap.parse_args()
    games = tuple(args.games.split(","))
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.db in ("sqlite", "both"):
        with tempfile.TemporaryDirectory() as d:
            await run_db(
                "SQLite", f"sqlite:///{d}/bench.sqlite3", args.tables, args.duration, games
            )
    if args.db in ("postgres", "both"):
        import psycopg

        name = f"ludo_bench_{secrets.token_hex(5)}"
        with psycopg.connect(PG + "postgres", autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        try:
            await run_db("PostgreSQL", PG + name, args.tables, args.duration, games)
        finally:
            with psycopg.connect(PG + "postgres", autocommit=True) as conn:
                conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    try:
        asyncio.run(main())
    finally:
        for server in STARTED:
            server.stop(signal.SIGKILL)
