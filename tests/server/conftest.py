"""A live server on loopback (uvicorn in a thread) and players that check every message."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from websockets.sync.client import ClientConnection, connect

from ludotheque.server.app import create_app
from ludotheque.server.config import Settings
from ludotheque.server.protocol import problem
from ludotheque.server.websocket import uvicorn_options


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class LiveServer:
    """One server process's app, served on loopback from a thread."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.port = free_port()
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app, host="127.0.0.1", port=self.port, log_level="warning", **uvicorn_options()
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.http = httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=30)

    @property
    def hub(self) -> Any:
        return self.app.state.hub

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)

    def guest(self, name: str) -> dict[str, Any]:
        r = self.http.post("/api/guest", json={"name": name})
        r.raise_for_status()
        return dict(r.json())

    def ws(self, table_id: str, token: str | None = None) -> Player:
        return Player(self.port, table_id, token)


class Player:
    """A WebSocket client: every message it receives is checked against its schema."""

    def __init__(self, port: int, table_id: str, token: str | None) -> None:
        self.table_id = table_id
        q = f"?token={token}" if token else ""
        self._opened = connect(
            f"ws://127.0.0.1:{port}/ws/tables/{table_id}{q}", max_size=2**22, open_timeout=20
        )
        self.conn: ClientConnection = self._opened.__enter__()
        self.received: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.last: dict[str, Any] | None = None  # the last welcome or update

    def recv(self, timeout: float = 20) -> dict[str, Any]:
        text = self.conn.recv(timeout=timeout)
        assert isinstance(text, str)
        msg = json.loads(text)
        why = problem("server", msg)
        assert why is None, f"message breaks its schema: {why}: {text[:300]}"
        self.received.append(msg)
        self.texts.append(text)
        if msg["type"] in ("welcome", "update"):
            self.last = msg
        return dict(msg)

    def until(self, pred: Any, timeout: float = 20) -> dict[str, Any]:
        """Receive until a message satisfies ``pred``; return it."""
        deadline = time.monotonic() + timeout
        while True:
            msg = self.recv(max(0.05, deadline - time.monotonic()))
            if pred(msg):
                return msg

    def send(self, msg: dict[str, Any] | str) -> None:
        self.conn.send(msg if isinstance(msg, str) else json.dumps(msg))

    def act(self, action: dict[str, Any], version: int, ref: str | None = None) -> None:
        msg: dict[str, Any] = {"type": "action", "version": version, "action": action}
        if ref is not None:
            msg["id"] = ref
        self.send(msg)

    def close(self) -> None:
        self.conn.close()


def settings_for(tmp_path: Path, **kw: Any) -> Settings:
    base: dict[str, Any] = {
        "database_url": f"sqlite:///{tmp_path / 'ludo.sqlite3'}",
        "redis_url": None,
        "secret": "tests-secret",
        "bot_delay": 0.0,
        "grace": 30.0,
        "rate": 1000.0,
        "burst": 1000.0,
        "process_name": "test",
    }
    base.update(kw)
    return Settings(**base)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    server = LiveServer(settings_for(tmp_path))
    yield server
    server.stop()


def bearer(user: dict[str, Any]) -> dict[str, str]:
    return {"Authorization": f"Bearer {user['token']}"}


def play_together(players: list[Player], limit: int = 3000) -> dict[str, Any]:
    """Several people at one table, each playing his first legal action whenever it is his
    turn, until the game is over: the ``over`` message."""
    for _ in range(limit):
        for p in players:
            try:
                msg = p.recv(timeout=0.05)
            except TimeoutError:
                continue
            if msg["type"] == "over":
                return msg
            if msg["type"] in ("welcome", "update") and msg["legal"]:
                p.act(msg["legal"][0], msg["version"])
    raise AssertionError("the game did not end")


def across_two(a: LiveServer, b: LiveServer) -> tuple[Player, Player, dict[str, Any]]:
    """A guest's Poker d'As table against a bot on process ``a``, watched from process ``b``:
    (his connection, the watcher's, his first message with legal actions)."""
    ana = a.guest("Ana")
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]}
    t = a.http.post("/api/tables", headers=bearer(ana), json=body).json()
    player = a.ws(t["id"], ana["token"])
    watcher = b.ws(t["id"])
    watcher.until(lambda m: m["type"] == "welcome")
    first = player.until(lambda m: m["type"] in ("welcome", "update") and bool(m["legal"]))
    return player, watcher, first
