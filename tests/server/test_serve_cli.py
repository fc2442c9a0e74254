"""`ludotheque serve`'s flags reach the server's settings (uvicorn itself not started)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    seen: dict[str, Any] = {}
    monkeypatch.setenv("LUDOTHEQUE_DATA", str(tmp_path / "donnees"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.setattr("ludotheque.server.app.create_app", lambda s: seen.setdefault("s", s))
    monkeypatch.setattr("uvicorn.run", lambda app, **kw: seen.setdefault("run", kw))
    return seen


def test_a_club_on_one_address_can_raise_the_guests_it_may_create(started: dict[str, Any]) -> None:
    """Found play-testing: after about 20 guests from one address the server said « trop
    d'invités créés depuis votre adresse » — a club on one Wi-Fi registering its players for a
    tournament hits it. `--invites-par-adresse` sets how many at once."""
    result = CliRunner().invoke(app, ["serve", "--invites-par-adresse", "80"])
    assert result.exit_code == 0, result.output
    assert started["s"].guest_burst == 80


def test_serve_says_where_its_data_is(started: dict[str, Any], tmp_path: Path) -> None:
    """Found play-testing: `serve` said « Données dans le dossier de l'utilisateur » although
    LUDOTHEQUE_DATA had moved the data elsewhere."""
    result = CliRunner().invoke(app, ["serve"])
    assert result.exit_code == 0, result.output
    assert str(tmp_path / "donnees") in result.output
    assert "dossier de l'utilisateur" not in result.output


# ------------------------------------------------------------------ a host's mistakes (preflight)
def _serve(*args: str, env: dict[str, str] | None = None) -> Any:
    return CliRunner().invoke(app, ["serve", *args], env=env)


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["--database-url", "postgresql://postgres@127.0.0.1:5432/ludo_nope_xyz"], "ne répond pas"),
        (["--database-url", "mysql://u@h/db"], "non prise en charge"),
        (["--database-url", "not a url"], "est illisible"),
        (["--redis-url", "redis://127.0.0.1:6390/0"], "Redis ne répond pas"),
        (["--redis-url", "http://127.0.0.1:6379"], "l'adresse de Redis"),
        (["--port", "99999"], "65535"),
        (["--lease-ttl", "0"], "--lease-ttl"),
        (["--grace", "-1"], "--grace"),
        (["--bot-delay", "-5"], "--bot-delay"),
        (["--log-level", "loud"], "--log-level"),
    ],
)
def test_a_hosts_mistake_is_one_line_before_anything_is_announced(
    started: dict[str, Any], args: list[str], said: str
) -> None:
    """Found by a club's host: each mistake was a traceback of 30 to 130 lines printed after
    « Ludothèque en ligne : … » (the site said up before it died); `--port 99999` listened on
    34463, `--lease-ttl 0` spun a core."""
    result = _serve(*args)
    assert result.exit_code == 2, result.output
    assert said in result.output and result.output.startswith("Erreur")
    assert "Traceback" not in result.output and "Ludothèque en ligne" not in result.output
    assert "run" not in started


def test_a_data_folder_or_database_file_that_cannot_be_used_is_said(
    started: dict[str, Any], tmp_path: Path
) -> None:
    """Found by a club's host: LUDOTHEQUE_DATA naming a file, and a « ludotheque.sqlite3 »
    that is not a database, were tracebacks."""
    afile = tmp_path / "a-file"
    afile.write_text("x", encoding="utf-8")
    result = _serve(env={"LUDOTHEQUE_DATA": str(afile)})
    assert result.exit_code == 2 and "dossier de la base" in result.output, result.output
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "ludotheque.sqlite3").write_text("not a database " * 100, encoding="utf-8")
    result = _serve(env={"LUDOTHEQUE_DATA": str(folder)})
    assert result.exit_code == 2 and "ne répond pas" in result.output, result.output
    assert "Traceback" not in result.output


def test_a_short_signing_key_is_refused(started: dict[str, Any]) -> None:
    """Found by a club's host: LUDOTHEQUE_SECRET=x (one character) signed the tokens."""
    result = _serve(env={"LUDOTHEQUE_SECRET": "x"})
    assert result.exit_code == 2 and "LUDOTHEQUE_SECRET" in result.output, result.output


def _lease(path: Path, key: str, name: str, until: float) -> None:
    import json
    import sqlite3

    with sqlite3.connect(path) as conn:
        conn.execute("DELETE FROM settings WHERE key = ?", (key,))
        value = json.dumps({"name": name, "until": until})
        conn.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (key, value))


def test_a_second_server_beside_a_live_one_without_redis_is_refused(tmp_path: Path) -> None:
    """Found by a club's host: a second server on the same SQLite file (or one started without
    Redis beside servers sharing PostgreSQL) took every table in play from the live one, and
    the games froze or showed players different states. A server without Redis keeps a lease
    on its database: one started while that lease is renewed is refused; a dead server's lease
    (not renewed) is not in the way."""
    import time

    from ludotheque.server import preflight
    from ludotheque.server.config import Settings

    path = tmp_path / "ludo.sqlite3"
    settings = Settings(database_url=f"sqlite:///{path}", redis_url=None)
    preflight.check(settings)  # the schema made, nobody else here
    _lease(path, preflight.SOLO_KEY, "other", time.time() + 6)

    def renewed(seconds: float) -> None:  # the other server is alive: it renews its lease
        _lease(path, preflight.SOLO_KEY, "other", time.time() + 6 + seconds)

    with pytest.raises(preflight.StartupError, match="sans Redis sert déjà"):
        preflight.check(settings, sleep=renewed)
    with pytest.raises(preflight.StartupError, match="sans Redis sert déjà"):
        preflight.check(Settings(database_url=settings.database_url, redis_url=None), renewed)
    preflight.check(settings, sleep=lambda s: None)  # killed: its lease is not renewed


def test_a_server_without_redis_beside_servers_with_redis_is_refused(tmp_path: Path) -> None:
    """The host's first finding: servers sharing a database through Redis renew their tables'
    leases; one started without Redis would take those tables (it resumes every table)."""
    import sqlite3
    import time

    from ludotheque.server import preflight
    from ludotheque.server.config import Settings

    path = tmp_path / "ludo.sqlite3"
    settings = Settings(database_url=f"sqlite:///{path}", redis_url=None)
    preflight.check(settings)

    def lease(until: float) -> None:
        with sqlite3.connect(path) as conn:
            conn.execute(
                "UPDATE ludo_tables SET driver = 'redis-b', lease_until = ? WHERE id = 't1'",
                (until,),
            )

    with sqlite3.connect(path) as conn:
        conn.execute(
            "INSERT INTO ludo_tables (id, game, players, options, seats, private, status, "
            "created_at, rev) VALUES ('t1', 'pokerdas', 2, '{}', '[]', 0, 'playing', 0, 0)"
        )
    lease(time.time() + 6)
    with pytest.raises(preflight.StartupError, match="sans --redis-url"):
        preflight.check(settings, sleep=lambda s: lease(time.time() + 6 + s))
    preflight.check(settings, sleep=lambda s: None)  # a dead server's lease runs out


def test_a_server_without_redis_keeps_its_lease_and_gives_it_back(live: Any) -> None:
    """The lease a server without Redis keeps on its database is there while it runs, renewed
    with its tables' leases, and gone once it stops (a restart after a stop waits for none)."""
    from ludotheque.server import db, preflight

    hub = live.hub
    with hub.store.engine.connect() as conn:
        lease = preflight.solo_lease(conn)
    assert lease is not None and lease[0] == hub.name
    hub._release()
    with hub.store.engine.connect() as conn:
        assert db.get_setting(conn, preflight.SOLO_KEY) is None


def test_redis_down_is_one_line_when_it_drops_and_one_when_it_is_back(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Found by a club's host: with Redis down the log got a traceback every 0.5 s (1,693
    lines in 20 s) and the health still said Redis was fine."""
    import asyncio
    import logging

    from ludotheque.server import bus as busmod

    real_sleep = asyncio.sleep
    waits: list[float] = []

    async def quick(seconds: float) -> None:
        waits.append(seconds)
        await real_sleep(0)

    class Flaky:
        """A subscription that drops, fails to come back 5 times, then delivers one message."""

        def __init__(self) -> None:
            self.failures = 5
            self.up = True  # subscribed (drops at the first listen)
            self.dropped = False

        async def listen(self) -> Any:
            if not self.dropped:
                self.dropped, self.up = True, False
            if not self.up:  # down until a subscription succeeds
                raise ConnectionError("Connection closed by server.")
            yield {"type": "pmessage", "channel": busmod.CHANNEL + "t1", "data": "{}"}
            await real_sleep(3600)

        async def psubscribe(self, pattern: str) -> None:
            if self.failures:
                self.failures -= 1
                raise ConnectionError("Error 111 connecting. Connection refused.")
            self.up = True

    got: list[str] = []

    async def handler(table_id: str, msg: dict[str, Any]) -> None:
        got.append(table_id)

    async def run() -> busmod.RedisBus:
        bus = busmod.RedisBus("redis://127.0.0.1:6379/0")
        bus._pubsub, bus._handler, bus.connected = Flaky(), handler, True
        monkeypatch.setattr(busmod.asyncio, "sleep", quick)
        task = asyncio.get_running_loop().create_task(bus._listen())
        for _ in range(200):
            await real_sleep(0)
            if got:
                break
        monkeypatch.setattr(busmod.asyncio, "sleep", real_sleep)
        task.cancel()
        await bus._redis.aclose()
        return bus

    with caplog.at_level(logging.WARNING, logger=busmod.log.name):
        bus = asyncio.run(run())
    lines = [r.getMessage() for r in caplog.records]
    assert got == ["t1"] and bus.connected, (lines, waits)
    assert len(lines) == 2 and "unreachable" in lines[0] and "answers again" in lines[1], lines
    assert not any(r.exc_info for r in caplog.records)
    assert waits == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]  # backing off, then subscribed
