"""Redis down while people play (found by a club's host): the connection between the server
and Redis is cut by a relay the test holds, and put back."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.server.conftest import LiveServer, across_two, bearer, free_port, settings_for
from tests.server.test_scale import _services_up, database  # noqa: F401  (the fixture)

REDIS_PORT = 6379


class Relay:
    """A TCP relay to the machine's Redis that the test can cut (every connection closed, no
    new one accepted) and put back on the same port."""

    def __init__(self) -> None:
        self.port = free_port()
        self._socks: list[socket.socket] = []
        self._server: socket.socket | None = None
        self._lock = threading.Lock()
        self.restore()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def restore(self) -> None:
        server = socket.socket()
        server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        server.bind(("127.0.0.1", self.port))
        server.listen(16)
        self._server = server
        threading.Thread(target=self._accept, args=(server,), daemon=True).start()

    def _accept(self, server: socket.socket) -> None:
        while True:
            try:
                client, _ = server.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", REDIS_PORT))
            with self._lock:
                self._socks += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket) -> None:
        with contextlib.suppress(OSError):
            while data := src.recv(65536):
                dst.sendall(data)
        for s in (src, dst):
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        assert self._server is not None
        with contextlib.suppress(OSError):  # wakes the thread blocked in accept (close alone
            self._server.shutdown(socket.SHUT_RDWR)  # leaves the port listening)
        self._server.close()
        with self._lock:
            socks, self._socks = self._socks, []
        for s in socks:
            with contextlib.suppress(OSError):
                s.shutdown(socket.SHUT_RDWR)
            s.close()


@pytest.fixture
def relay() -> Iterator[Relay]:
    why = _services_up()
    if why is not None:
        pytest.fail(why)
    r = Relay()
    yield r
    r.cut()


def _wait(pred: Any, what: str, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not: {what}")
        time.sleep(0.05)


def test_a_table_opened_and_played_while_redis_is_down_goes_on(
    tmp_path: Path, relay: Relay, caplog: pytest.LogCaptureFixture
) -> None:
    """The play socket opened while Redis was down died in « Exception in ASGI application »
    (the server told Redis the seat was connected, and that raised): the player saw nothing.
    Now the table is served and played from this process, one line says Redis is down."""
    server = LiveServer(settings_for(tmp_path, redis_url=relay.url))
    try:
        ana = server.guest("Ana")
        body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]}
        t = server.http.post("/api/tables", headers=bearer(ana), json=body).json()
        with caplog.at_level(logging.WARNING):
            relay.cut()
            _wait(lambda: not server.hub.bus.connected, "the server sees Redis down")
            player = server.ws(t["id"], ana["token"])
            w = player.until(lambda m: m["type"] in ("welcome", "update") and bool(m["legal"]))
            player.act(w["legal"][0], w["version"])
            player.until(lambda m: m["type"] == "update" and m["version"] == w["version"] + 1)
            player.send({"type": "chat", "text": "ça marche ?"})
            assert server.http.get("/api/health").json()["redis_connected"] is False
            player.close()
            time.sleep(0.3)
        errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert not errors, [r.getMessage() for r in errors]
        down = [r.getMessage() for r in caplog.records if "redis" in r.getMessage().lower()]
        assert 1 <= len(down) <= 2, down
    finally:
        server.stop()


def test_redis_back_the_other_process_catches_up_with_what_it_missed(
    tmp_path: Path,
    relay: Relay,
    database: str,  # noqa: F811
) -> None:
    """While Redis is down, a process that follows a table another drives hears none of its
    actions; when Redis answers again it reads them from the database (its watchers saw the
    table stand still until the next action, or for ever at the game's last one)."""
    settings = {"database_url": database, "redis_url": relay.url, "resume_all": False}
    a = LiveServer(settings_for(tmp_path, process_name="a", **settings))
    b = LiveServer(settings_for(tmp_path, process_name="b", **settings))
    try:
        player, watcher, w = across_two(a, b)
        relay.cut()
        _wait(lambda: not a.hub.bus.connected and not b.hub.bus.connected, "both see Redis down")
        player.act(w["legal"][0], w["version"])
        v = w["version"] + 1
        player.until(lambda m: m["type"] == "update" and m["version"] == v)
        relay.restore()
        theirs = watcher.until(lambda m: m.get("version", 0) >= v, timeout=30)
        assert theirs["version"] >= v
        player.close()
        watcher.close()
    finally:
        a.stop()
        b.stop()
