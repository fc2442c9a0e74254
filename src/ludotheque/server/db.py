"""Storage: SQLAlchemy 2 Core over SQLite (embedded default) or PostgreSQL (``DATABASE_URL``).

The schema is created and upgraded by Alembic (``migrations/``) when the server starts. Calls
run on a small thread pool so the event loop never waits on the database; appended actions are
committed in groups (every action waiting when a commit starts goes in the next one), and a
caller is told its action is stored only once its group is committed. With a SQLite file the
group commit is made on the event loop itself (an append to the WAL, tens of microseconds),
unless another connection is writing: then it waits for it on the thread pool as before.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError

T = TypeVar("T")
log = logging.getLogger("ludotheque.server")
# A stored action's text: json.dumps(action, ensure_ascii=False, allow_nan=False), with one
# encoder for every row (json.dumps with options builds one per call).
_ACTION_JSON = json.JSONEncoder(ensure_ascii=False, allow_nan=False)

metadata = sa.MetaData()

users = sa.Table(
    "users",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("login", sa.String(64), unique=True, nullable=True),  # lower-cased account name
    sa.Column("password_hash", sa.String(255), nullable=True),
    sa.Column("guest", sa.Boolean, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    # The server's seed of this person's next table, its commitment readable first (0004).
    sa.Column("next_seed", sa.String(24), nullable=True),
)

tables = sa.Table(
    "ludo_tables",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("move_clock", sa.Float, nullable=True),
    sa.Column("status", sa.String(10), nullable=False, index=True),
    sa.Column("seed", sa.String(24), nullable=True),
    sa.Column("commitment", sa.String(64), nullable=True),
    sa.Column("created_by", sa.String(32), nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True, index=True),
    sa.Column("result", sa.JSON, nullable=True),
    sa.Column("parent", sa.String(32), nullable=True),
    sa.Column("next_table", sa.String(32), nullable=True),
    sa.Column("driver", sa.String(80), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    sa.Column("rev", sa.Integer, nullable=False, default=0),
    sa.Column("tournament", sa.String(32), nullable=True),  # a tournament's manche (0002)
    sa.Column("grace", sa.Float, nullable=True),  # its absence grace, then a forfeit
    # The server's seed (``commitment`` is its hash) and each seat's own seed, or None: the
    # deal's ``seed`` is rng.deal_seed of both (0004). None for a table made before 0004.
    sa.Column("server_seed", sa.String(24), nullable=True),
    sa.Column("contributions", sa.JSON, nullable=True),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),  # the version this action leads to
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("action", sa.JSON, nullable=False),
    sa.Column("actor", sa.String(10), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

seat_events = sa.Table(
    "seat_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False, index=True),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("kind", sa.String(16), nullable=False),  # standin_on, standin_off
    sa.Column("bot", sa.String(32), nullable=True),
    sa.Column("at", sa.Float, nullable=False),
)

chat = sa.Table(
    "chat",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("table_id", sa.String(32), nullable=False, index=True),
    sa.Column("user_id", sa.String(32), nullable=False),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("seat", sa.Integer, nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("game", sa.String(32), primary_key=True),
    sa.Column("player", sa.String(64), primary_key=True),  # user id, or bot:NAME
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("rating", sa.Float, nullable=False),
    sa.Column("rd", sa.Float, nullable=False),
    sa.Column("vol", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
)

# -- tournaments (issue 18, migration 0002) ------------------------------------------------------
tournaments = sa.Table(
    "tournaments",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("game", sa.String(32), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),  # the tables' game options
    sa.Column("formula", sa.JSON, nullable=False),  # TournamentOptions
    sa.Column("places", sa.Integer, nullable=False),
    sa.Column("bot", sa.String(32), nullable=True),  # who fills free places (None: nobody)
    sa.Column("move_clock", sa.Float, nullable=True),
    sa.Column("grace", sa.Float, nullable=False),  # absence before a manche is forfeited
    sa.Column("round_deadline", sa.Float, nullable=True),  # seconds from a round's start
    sa.Column("starts_at", sa.Float, nullable=True),  # None: the organiser starts it (0003)
    sa.Column("invite", sa.String(32), nullable=True),  # the invitation code (None: open)
    sa.Column("status", sa.String(12), nullable=False, index=True),
    sa.Column("seed", sa.String(24), nullable=True),  # the lots (drawn at the start)
    sa.Column("entrants", sa.JSON, nullable=True),  # frozen at the start: [{user, name, bot}]
    sa.Column("round_at", sa.JSON, nullable=False),  # round label → when it started
    sa.Column("ranking", sa.JSON, nullable=True),
    sa.Column("note", sa.JSON, nullable=True),  # why it was cancelled: [fr, en]
    sa.Column("created_by", sa.String(32), nullable=False),
    sa.Column("organiser", sa.String(64), nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("started_at", sa.Float, nullable=True),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("driver", sa.String(80), nullable=True),
    sa.Column("lease_until", sa.Float, nullable=True),
    sa.Column("rev", sa.Integer, nullable=False, default=0),
)

tournament_players = sa.Table(
    "tournament_players",
    metadata,
    sa.Column("tournament_id", sa.String(32), primary_key=True),
    sa.Column("user_id", sa.String(32), primary_key=True, index=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

tournament_duels = sa.Table(
    "tournament_duels",
    metadata,
    sa.Column("tournament_id", sa.String(32), primary_key=True),
    sa.Column("key", sa.String(16), primary_key=True),  # "prelim2/3": never created twice
    sa.Column("a", sa.Integer, nullable=False),
    sa.Column("b", sa.Integer, nullable=False),
    sa.Column("manches", sa.JSON, nullable=False),  # Manche.to_dict() + how, by, table
    sa.Column("table_id", sa.String(32), nullable=True),  # the manche in play
    sa.Column("winner", sa.Integer, nullable=True),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Column("finished_at", sa.Float, nullable=True),
    sa.Column("rev", sa.Integer, nullable=False, default=0),
)

tournament_events = sa.Table(
    "tournament_events",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("tournament_id", sa.String(32), nullable=False, index=True),
    sa.Column("kind", sa.String(16), nullable=False),  # start, pause, resume, settle, forfeit…
    sa.Column("by", sa.String(64), nullable=True),  # the organiser's name for his decisions
    sa.Column("detail", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

settings_table = sa.Table(
    "settings",
    metadata,
    sa.Column("key", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


# SQLite: the committing connection checkpoints itself only past this many WAL pages (4 KB);
# below, the checkpointer thread does it every CHECKPOINT_EVERY seconds, off the commit path.
WAL_PAGES = 10_000
CHECKPOINT_EVERY = 0.25


def sqlite_path(url: str) -> str | None:
    """The file of a SQLite URL (None: another database, or SQLite in memory)."""
    if not url.startswith("sqlite"):
        return None
    path = url.split("///", 1)[1] if "///" in url else ""
    return path if path and path != ":memory:" else None


def make_engine(url: str) -> Engine:
    """An engine for ``url``; a SQLite file gets WAL, a busy timeout and its directory made."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        url = "postgresql+psycopg://" + url.split("://", 1)[1]
    if url.startswith("sqlite"):
        path = sqlite_path(url)
        if path is not None:
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = sa.create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            # NORMAL in WAL mode: a commit is written to the WAL file (no fsync), so it survives
            # the process's crash (kill -9); an OS crash or a power cut may lose the last
            # commits since the last checkpoint, never the database's consistency. FULL would
            # fsync the WAL at each commit (durable against a power cut too): 8–10 ms a group
            # commit on this machine's disk, against 0.06 ms.
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=30000")
            # Checkpoints (the WAL copied into the database, two fsyncs) are the checkpointer
            # thread's work (Store): done by the committing connection every 1,000 pages, they
            # held up every action waiting for the next group commit for tens of milliseconds,
            # about once a second at 500 actions/s. Past WAL_PAGES the committing connection
            # still checkpoints, so the WAL stays bounded (≈ 40 MB) whatever happens.
            cur.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            cur.close()

        return engine
    return sa.create_engine(url, pool_size=8, max_overflow=8, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision (several processes may race: on
    PostgreSQL an advisory lock makes them take turns)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    from alembic.runtime.migration import MigrationContext

    with engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(sa.text("SELECT pg_advisory_xact_lock(727272)"))
        before = MigrationContext.configure(conn).get_current_revision()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")
        after = MigrationContext.configure(conn).get_current_revision()
    if before != after:  # a host upgrading wants to see it happen
        log.info("database schema upgraded: %s → %s", before or "empty", after)


class Store:
    """The database, used from the event loop through a thread pool."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)
        self.dialect = self.engine.dialect.name
        workers = 1 if self.dialect == "sqlite" else 4
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="ludo-db")
        self._pending: list[tuple[dict[str, Any], asyncio.Future[bool]]] = []
        self._flushing = False
        # SQLite: the connection the event loop commits the action log on (made at first use).
        self._sqlite_path = sqlite_path(url)
        self._inline: sqlite3.Connection | None = None
        self.inline_commits = 0  # of ``commits``, made on the event loop (figures, tests)
        self._flusher: asyncio.Task[None] | None = None
        self.commits = 0  # group commits made (figures for the benchmark)
        self.checkpoints = 0  # WAL checkpoints made by the checkpointer thread (SQLite)
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        path = sqlite_path(url)
        if path is not None:
            self._checkpointer = threading.Thread(
                target=self._checkpoint_loop, args=(path,), name="ludo-checkpoint", daemon=True
            )
            self._checkpointer.start()
        # The log's INSERT in the driver's own words: SQLAlchemy's statement building and
        # result handling cost ~0.5 ms of CPU per group commit, on a thread that holds the GIL.
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        cast = "::json" if self.dialect == "postgresql" else ""
        self._insert_sql = (
            "INSERT INTO actions (table_id, seq, seat, action, actor, at) "
            f"VALUES ({mark}, {mark}, {mark}, {mark}{cast}, {mark}, {mark})"
        )

    def close(self) -> None:
        self.pool.shutdown(wait=True)
        if self._inline is not None:
            self._inline.close()
            self._inline = None
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(10)
        self.engine.dispose()

    def _checkpoint_loop(self, path: str) -> None:
        """SQLite's WAL copied into the database on a thread of its own, on a connection of its
        own (``PASSIVE``: it never waits for a writer and no writer waits for it), so that a
        group commit is only an append to the WAL."""
        conn: sqlite3.Connection | None = None
        failing = False
        while not self._stop.wait(CHECKPOINT_EVERY):
            try:
                if conn is None:
                    conn = sqlite3.connect(path, timeout=30, check_same_thread=False)
                conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                self.checkpoints += 1
                failing = False
            except sqlite3.Error as exc:  # the file is gone or locked: the committer checkpoints
                if not failing:
                    log.warning("checkpoint of %s failed: %s", path, exc)
                failing = True
                if conn is not None:
                    conn.close()
                conn = None
        if conn is not None:
            conn.close()

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(self.pool, fn, *args)

    def tx(self) -> Any:
        return self.engine.begin()

    # -- the action log: group commit ------------------------------------------------------------
    async def append(
        self,
        table_id: str,
        seq: int,
        seat: int | None,
        action: dict[str, Any],
        actor: str,
        at: float | None = None,
    ) -> bool:
        """Store action ``seq`` of a table (accepted at ``at``, unix seconds, default now);
        False when another process stored that seq first."""
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[bool] = loop.create_future()
        row = {
            "table_id": table_id,
            "seq": seq,
            "seat": seat,
            "action": action,
            "actor": actor,
            "at": time.time() if at is None else at,
        }
        self._pending.append((row, fut))
        if not self._flushing:
            self._flushing = True
            if self._sqlite_path is not None:
                # every action judged in this turn of the event loop joins the commit
                loop.call_soon(self._flush_inline)
            else:
                self._flusher = loop.create_task(self._flush_loop())
        return await fut

    def _flush_inline(self) -> None:
        """SQLite: the waiting actions committed here, on the event loop, without the thread
        pool's hop (a future, a wake-up of the worker, the GIL handed over twice: more than the
        commit itself, and milliseconds when the event loop is busy). If another connection
        holds the write lock (a table being created on the pool), or anything else goes wrong,
        the group goes to the thread pool's path, which waits for the lock and tells each row's
        fate; the event loop never waits on a lock."""
        batch, self._pending = self._pending, []
        rows = [r for r, _ in batch]
        try:
            results = self._write_inline(rows)
        except sqlite3.Error:
            self._pending = batch + self._pending
            self._flusher = asyncio.get_running_loop().create_task(self._flush_loop())
            return
        self._flushing = False
        for (_, fut), ok in zip(batch, results, strict=True):
            if not fut.done():
                if isinstance(ok, Exception):  # this row alone could not be written
                    fut.set_exception(ok)
                else:
                    fut.set_result(ok)

    def _write_inline(self, rows: list[dict[str, Any]]) -> list[bool | Exception]:
        out, params = self._params(rows)
        if not params:
            return out
        conn = self._inline
        if conn is None:
            assert self._sqlite_path is not None
            # timeout 0: a lock held by another connection raises at once (then the pool's path)
            conn = sqlite3.connect(
                self._sqlite_path, timeout=0, isolation_level=None, check_same_thread=False
            )
            conn.execute("PRAGMA synchronous=NORMAL")  # as every connection (make_engine)
            conn.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            self._inline = conn
        try:
            conn.execute("BEGIN IMMEDIATE")
            conn.executemany(self._insert_sql, [p for _, p in params])
            conn.execute("COMMIT")
        except sqlite3.Error:
            if conn.in_transaction:
                conn.rollback()
            raise
        self.commits += 1
        self.inline_commits += 1
        return out

    async def _flush_loop(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                try:
                    results = await self.run(self._write_batch, [r for r, _ in batch])
                except Exception as exc:  # the database is gone: every waiter learns it
                    for _, fut in batch:
                        if not fut.done():
                            fut.set_exception(exc)
                    continue
                for (_, fut), ok in zip(batch, results, strict=True):
                    if fut.done():
                        continue
                    if isinstance(ok, Exception):  # this row alone could not be written
                        fut.set_exception(ok)
                    else:
                        fut.set_result(ok)
        finally:
            self._flushing = False

    @staticmethod
    def _params(
        rows: list[dict[str, Any]],
    ) -> tuple[list[bool | Exception], list[tuple[int, tuple[Any, ...]]]]:
        """Each row's outcome so far (True, or why it cannot be stored) and the INSERT's
        parameters of the rows that can be, with their index."""
        out: list[bool | Exception] = [True] * len(rows)
        params = []
        for i, r in enumerate(rows):
            try:  # JSON as RFC 8259 writes it, UTF-8 as the database stores it
                text = _ACTION_JSON.encode(r["action"])
                text.encode("utf-8")
            except (ValueError, TypeError) as exc:
                out[i] = exc
                continue
            params.append((i, (r["table_id"], r["seq"], r["seat"], text, r["actor"], r["at"])))
        return out, params

    def _write_batch(self, rows: list[dict[str, Any]]) -> list[bool | Exception]:
        """True for each row stored, False for one another process stored first, the error for
        a row that cannot be stored at all: one bad row never fails another table's write (a
        NaN made PostgreSQL's ``::json`` refuse a whole group)."""
        out, params = self._params(rows)
        if not params:
            return out
        try:
            with self.engine.begin() as conn:
                conn.exec_driver_sql(self._insert_sql, [p for _, p in params])
        except sa.exc.DBAPIError:
            for i, one in params:  # one by one: only the conflicting or bad ones fail
                try:
                    with self.engine.begin() as conn:
                        conn.exec_driver_sql(self._insert_sql, [one])
                except IntegrityError:
                    out[i] = False
                except sa.exc.DBAPIError as exc:
                    out[i] = exc
        self.commits += 1
        return out


def row_dict(row: Any) -> dict[str, Any]:
    return dict(row._mapping)


def get_setting(conn: Connection, key: str) -> str | None:
    return conn.execute(
        sa.select(settings_table.c.value).where(settings_table.c.key == key)
    ).scalar_one_or_none()


def ensure_setting(engine: Engine, key: str, make: Callable[[], str]) -> str:
    """The stored value of ``key``, storing ``make()`` first if there is none (race-safe)."""
    with engine.begin() as conn:
        value = get_setting(conn, key)
        if value is not None:
            return value
    try:
        with engine.begin() as conn:
            conn.execute(settings_table.insert().values(key=key, value=make()))
    except IntegrityError:
        pass
    with engine.begin() as conn:
        value = get_setting(conn, key)
    assert value is not None
    return value
