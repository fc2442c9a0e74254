"""Browser tests: a real server on loopback and Debian's chromium driven by Playwright.

The server runs in a thread of the test process (uvicorn, a fresh SQLite file); the browser is
``/usr/bin/chromium`` (installed by ``make test``), never a downloaded one. Without chromium or
Playwright every test here is skipped with the reason. Screenshots go to
``tests/web/screenshots/`` (git-ignored; ``LUDOTHEQUE_SCREENSHOTS`` moves them).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SHOTS = Path(os.environ.get("LUDOTHEQUE_SCREENSHOTS") or Path(__file__).parent / "screenshots")


def _why_no_browser() -> str | None:
    if not (Path(CHROMIUM).is_file() and os.access(CHROMIUM, os.X_OK)):
        return f"no {CHROMIUM}: install Debian's chromium (make test does, as root)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[dev]')"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """The ludothèque (API, WebSocket and front end) served on loopback from a thread."""

    def __init__(self, data: Path) -> None:
        import uvicorn

        from ludotheque.server.app import create_app
        from ludotheque.server.config import Settings
        from ludotheque.server.websocket import uvicorn_options

        settings = Settings(
            database_url=f"sqlite:///{data / 'ludo.sqlite3'}",
            redis_url=None,
            secret="web-tests-secret",
            bot_delay=0.05,
            grace=30.0,
            rate=1000.0,
            burst=1000.0,
            # every browser test logs in guests from 127.0.0.1: with the default burst (20) the
            # session's server answered 429 to the 21st (the limit is tested in tests/server)
            guest_burst=1000.0,
            process_name="web-tests",
        )
        self.settings = settings  # the hub's own: a test may change bot_delay for a while
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = create_app(settings)
        config = uvicorn.Config(
            self.app,
            host="127.0.0.1",
            port=self.port,
            log_level="warning",
            **uvicorn_options(),
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.http = httpx.Client(base_url=self.url, timeout=30)
        self.loop = self.server.servers[0].get_loop()

    def stop_tables(self) -> int:
        """Stop driving every table: what a test leaves playing (its bots, the stand-ins of
        people who left) would otherwise go on in the background of the next tests, sharing
        the server's bot threads with them. How many were still driven."""
        hub = self.app.state.hub

        async def stop() -> int:
            driving = [
                room
                for room in hub.rooms.values()
                if room.driving and room.state is not None and not room.state.is_over()
            ]
            for room in driving:
                room.stop_driving()
            return len(driving)

        return asyncio.run_coroutine_threadsafe(stop(), self.loop).result(30)

    def stop(self) -> None:
        self.http.close()
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    why = _why_no_browser()
    if why:
        pytest.skip(why)
    live = Server(tmp_path_factory.mktemp("web-server"))
    yield live
    live.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    why = _why_no_browser()
    if why:
        pytest.skip(why)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield b
        b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


class Tab:
    """One browser context (one person) on one page, with what the server sent it.

    Every WebSocket message passes through a route: the test sees the server's messages
    (``legal`` actions, views) and may rewrite one outgoing message to check how the page shows
    the engine's refusal.
    """

    def __init__(self, browser: Any, server: Server, *, width: int = 1200, height: int = 900):
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.server = server
        self.errors: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.rewrite: Callable[[dict[str, Any]], dict[str, Any]] | None = None
        # Every server message passes through this, if set (to show the page a rare outcome).
        self.rewrite_incoming: Callable[[dict[str, Any]], dict[str, Any]] | None = None
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.route_web_socket("**/ws/tables/**", self._route)

    def _route(self, ws: Any) -> None:
        upstream = ws.connect_to_server()

        def outgoing(message: str | bytes) -> None:
            if self.rewrite is not None and isinstance(message, str):
                msg = json.loads(message)
                if msg.get("type") == "action":
                    change, self.rewrite = self.rewrite, None
                    message = json.dumps(change(msg))
            upstream.send(message)

        def incoming(message: str | bytes) -> None:
            if isinstance(message, str):
                msg = json.loads(message)
                if self.rewrite_incoming is not None:
                    msg = self.rewrite_incoming(msg)
                    message = json.dumps(msg)
                self.received.append(msg)
            ws.send(message)

        ws.on_message(outgoing)
        upstream.on_message(incoming)

    def goto(self, path: str) -> None:
        self.page.goto(self.server.url + path)

    def last(self) -> dict[str, Any]:
        """The last welcome/update (the one holding ``legal`` and ``view``)."""
        for msg in reversed(self.received):
            if msg.get("type") in ("welcome", "update"):
                return msg
        return {}

    def guest(self, name: str) -> None:
        """Log in as a guest through the login page."""
        self.goto("/login")
        self.page.fill("[data-testid=guest-name]", name)
        self.page.click("[data-testid=guest-submit]")
        self.page.wait_for_url(self.server.url + "/")

    def shot(self, shots: Path, name: str, full_page: bool = True) -> Path:
        path = shots / f"{name}.png"
        self.page.screenshot(path=str(path), full_page=full_page)
        return path

    def close(self) -> None:
        self.context.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_FAILED] = report.failed
    return report


_FAILED = pytest.StashKey[bool]()


@pytest.fixture
def tab(
    request: pytest.FixtureRequest, browser: Any, server: Server
) -> Iterator[Callable[..., Tab]]:
    opened: list[Tab] = []

    def make(**kw: Any) -> Tab:
        t = Tab(browser, server, **kw)
        opened.append(t)
        return t

    yield make
    failed = request.node.stash.get(_FAILED, False)
    for i, t in enumerate(opened):
        if failed:  # what each browser showed when the test failed
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            t.shot(SHOTS, f"FAILED-{name}-{i}")
            print(f"page {i} errors: {t.errors}")
        t.close()
    server.stop_tables()


_STARTED = time.time()


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Say where this run's screenshots are (also under pytest-xdist: they are files)."""
    if SHOTS.is_dir() and any(p.stat().st_mtime >= _STARTED for p in SHOTS.glob("*.png")):
        terminalreporter.write_line(f"Screenshots of the browser tests: {SHOTS}")
