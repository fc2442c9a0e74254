"""Two server processes, one PostgreSQL database, one Redis: players connected to different
processes play at one table; one process is killed mid-game and the game goes on."""

from __future__ import annotations

import contextlib
import os
import random
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from ludotheque import games
from tests.server.conftest import Player, free_port

PG = "postgresql://postgres@127.0.0.1:5432/"
REDIS = "redis://127.0.0.1:6379/0"


def _services_up() -> str | None:
    try:
        import psycopg
        import redis

        psycopg.connect(PG + "postgres", connect_timeout=3).close()
        redis.Redis.from_url(REDIS, socket_connect_timeout=3).ping()
    except Exception as exc:  # the machine's services: say which one is missing
        return f"PostgreSQL or Redis is not reachable on 127.0.0.1: {exc!r}"
    return None


@pytest.fixture
def database() -> Iterator[str]:
    """A fresh database ``ludo_test_<random>`` in the local PostgreSQL, dropped afterwards."""
    import psycopg

    why = _services_up()
    if why is not None:
        pytest.fail(why)
    name = f"ludo_test_{secrets.token_hex(6)}"
    with psycopg.connect(PG + "postgres", autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield PG + name
    finally:
        with psycopg.connect(PG + "postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Process:
    def __init__(self, database_url: str) -> None:
        self.port = free_port()
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "ludotheque.server",
                "--port",
                str(self.port),
                "--database-url",
                database_url,
                "--redis-url",
                REDIS,
                "--bot-delay",
                "0.05",
                "--grace",
                "20",
                "--lease-ttl",
                "1.5",
                "--log-level",
                "warning",
            ],
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30)
        deadline = time.monotonic() + 60
        while True:
            try:
                if self.http.get("/api/health").status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if self.proc.poll() is not None or time.monotonic() > deadline:
                err = self.proc.stderr.read().decode() if self.proc.stderr else ""
                raise RuntimeError(f"server process did not start: {err[-2000:]}")
            time.sleep(0.1)

    def stop(self, sig: int = signal.SIGTERM) -> None:
        self.http.close()
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


def drive(players: dict[int, Player], rng: random.Random, stop: Any, timeout: float = 60) -> None:
    """Each seat plays a random legal action whenever its last view says it may."""
    acted: set[tuple[int, int]] = set()
    deadline = time.monotonic() + timeout
    while not stop():
        if time.monotonic() > deadline:
            tail = {
                s: [
                    (m["type"], m.get("version"), m.get("to_move"), m.get("code"))
                    for m in p.received[-4:]
                ]
                for s, p in players.items()
            }
            raise AssertionError(f"the game stalled: {tail}")
        for seat, p in players.items():
            with contextlib.suppress(TimeoutError):
                msg = p.recv(timeout=0.02)
                if msg["type"] == "error" and msg["code"] == "rate_limited":
                    time.sleep(0.2)  # the server's limit: wait and play that version again
                    acted.discard((seat, msg["version"]))
            last = p.last
            if last and last["legal"] and (seat, last["version"]) not in acted:
                acted.add((seat, last["version"]))
                p.act(rng.choice(last["legal"]), last["version"])


def test_two_processes_share_a_table_and_survive_one_dying(database: str) -> None:
    a, b = Process(database), Process(database)
    try:
        anne = a.http.post("/api/guest", json={"name": "Anne"}).json()
        bruno = b.http.post("/api/guest", json={"name": "Bruno"}).json()
        table = a.http.post(
            "/api/tables",
            json={
                "game": "pokerdas",
                "players": 3,
                "seats": [{"kind": "me"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}],
            },
            headers={"Authorization": f"Bearer {anne['token']}"},
        ).json()
        tid = table["id"]
        pa = Player(a.port, tid, anne["token"])  # Anne on process A
        joined = b.http.post(
            f"/api/tables/{tid}/join",
            json={},
            headers={"Authorization": f"Bearer {bruno['token']}"},
        )
        assert joined.json()["status"] == "playing"  # process B dealt (and drives the bot)
        pb = Player(b.port, tid, bruno["token"])  # Bruno on process B
        pa.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        rng = random.Random(3)
        drive({0: pa, 1: pb}, rng, lambda: (pa.last or {}).get("version", 0) >= 12)
        seen_by = {m.get("actor") for m in pa.received if m["type"] == "update"}
        assert {"player", "bot"} <= seen_by  # A saw Bruno's (via B) and the bot's (B) actions
        assert a.http.get(f"/api/tables/{tid}").json()["version"] >= 12
        b.stop(signal.SIGKILL)  # process B dies mid-game
        with pytest.raises(Exception):  # noqa: B017 - Bruno's connection is gone
            for _ in range(1000):
                pb.recv(timeout=5)
        pb = Player(a.port, tid, bruno["token"])  # he reconnects to process A
        w = pb.until(lambda m: m["type"] == "welcome")
        assert w["you"]["seat"] == 1 and w["view"]["seat"] == 1
        # A takes over the bot once B's lease runs out, and the game goes on
        resumed_at = w["version"]

        def bot_played_on_a() -> bool:
            return (
                any(
                    m["type"] == "update" and m["actor"] == "bot" and m["version"] > resumed_at
                    for m in pa.received
                )
                and pa.last["version"] >= resumed_at + 12
            ) or bool(pa.last and not pa.last["to_move"])

        drive({0: pa, 1: pb}, rng, bot_played_on_a, timeout=90)
        # what A's players see is exactly the stored log replayed from the stored seed (the bot
        # may have played on meanwhile: the log is read after the welcome, replayed up to it)
        import psycopg

        pa.send({"type": "sync"})
        final = pa.until(lambda m: m["type"] == "welcome")
        with psycopg.connect(database) as conn:
            seed, options = conn.execute(
                "SELECT seed, options FROM ludo_tables WHERE id = %s", (tid,)
            ).fetchone()
            log = conn.execute(
                "SELECT seat, action FROM actions WHERE table_id = %s ORDER BY seq", (tid,)
            ).fetchall()
        assert len(log) >= final["version"] > resumed_at
        state = games.get("pokerdas").new(3, options, int(seed))
        for seat, action in log[: final["version"]]:
            state.apply(seat, action)
        assert final["view"] == state.view(0)
        pa.close()
        pb.close()
    finally:
        a.stop()
        b.stop()
