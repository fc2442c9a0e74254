"""One server process: its database, its bus, the tables it holds, and their leases."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import os
import re
import secrets
import socket
import time
import unicodedata
from collections.abc import Callable, Coroutine
from typing import Any

import sqlalchemy as sa

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import LudoError
from ludotheque.engine.rng import check_contribution, commitment, deal_seed
from ludotheque.server import db, glicko2
from ludotheque.server.bus import BusDown, LocalBus, RedisBus
from ludotheque.server.config import Settings
from ludotheque.server.driver import BotPool
from ludotheque.server.errors import Refused
from ludotheque.server.limits import MAX_MOVE_CLOCK, Buckets
from ludotheque.server.messages import Conn, dumps
from ludotheque.server.parts import ENDED, RoomParts
from ludotheque.server.preflight import SOLO_KEY, solo_lease
from ludotheque.server.protocol import clean_json
from ludotheque.server.rooms import Room
from ludotheque.server.store import deal_values, load_actions, new_id
from ludotheque.server.tournaments import Tournaments, forfeit_loser

log = logging.getLogger("ludotheque.server")

# Garbage collection (docs/server.md, « The p99 tail »): a full collection scanned every object
# of the process — the modules, schemas and resumed tables of the start-up too — for 50–130 ms
# of CPU, several times a minute, and every action waiting then waited as long. After start-up
# those objects are frozen (never scanned again), young collections come after 5,000 new
# objects instead of 700 (a few milliseconds each), and a full one after 100 middle ones
# instead of 10.
GC_THRESHOLDS = (5_000, 10, 100)


# Dropped from chat lines: control, surrogate, private-use and unassigned characters and the
# invisible format ones that hide or turn text around (bidi overrides, zero-width space); the
# zero-width joiner stays (it joins emoji: 👩‍👩‍👦).
_KEPT_FORMAT = {"\u200d"}


def visible(text: str) -> str:
    """A chat line without the characters that hide or disguise what it says."""
    return "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" or ch in _KEPT_FORMAT)


class Hub:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.name = settings.process_name or f"{socket.gethostname()}:{os.getpid()}:" + (
            secrets.token_hex(3)
        )
        self.store = db.Store(settings.database_url)
        self.bus: LocalBus | RedisBus = (
            RedisBus(settings.redis_url) if settings.redis_url else LocalBus()
        )
        self.rooms: dict[str, Room] = {}
        self.bot_pool = BotPool(settings.bot_workers, settings.bot_share)
        self.guests = Buckets(settings.guest_rate, settings.guest_burst)
        # Password work (docs/server.md): logins and new accounts from one address, and guesses
        # at one account's name from anywhere.
        self.auth_addresses = Buckets(settings.auth_rate, settings.auth_burst)
        self.sockets_by_address: dict[str, int] = {}  # open table sockets, per address
        self.login_names = Buckets(settings.login_rate, settings.login_burst)
        # Play messages: a user may send twice what one connection may (two tabs), an address
        # fifty connections' worth (many players behind one address), however many sockets.
        self.user_messages = Buckets(2 * settings.rate, 2 * settings.burst)
        self.address_messages = Buckets(50 * settings.rate, 50 * settings.burst)
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self.tasks: set[asyncio.Task[Any]] = set()
        self._loops: list[asyncio.Task[Any]] = []
        self.secret = ""
        self.users: dict[str, dict[str, Any]] = {}
        self.started_at = time.time()
        self.resumed_in: float | None = None
        self.resumed = 0
        self.tournaments = Tournaments(self)

    # -- life -----------------------------------------------------------------------------------
    async def start(self) -> None:
        t0 = time.perf_counter()
        await self.store.run(db.migrate, self.store.engine)
        secret = self.settings.secret
        if not secret:
            secret = await self.store.run(
                db.ensure_setting, self.store.engine, "token_secret", lambda: secrets.token_hex(32)
            )
        self.secret = secret
        await self.bus.start(self.on_bus, self.resync)
        await self.store.run(self._sweep_waiting)
        resume_all = self.settings.resume_all
        if resume_all is None:
            resume_all = self.settings.redis_url is None
        if self.settings.redis_url is None:
            await self.store.run(self._keep_solo_lease)
        self.resumed = await self.claim(force=resume_all)
        gc.collect()
        gc.freeze()
        gc.set_threshold(*GC_THRESHOLDS)
        self.resumed_in = time.perf_counter() - t0
        loop = asyncio.get_running_loop()
        self._loops = [
            loop.create_task(self._lease_loop()),
            loop.create_task(self._presence_loop()),
            loop.create_task(self.tournaments.loop()),
        ]
        log.info(
            "%s: %d unfinished tables resumed in %.2f s", self.name, self.resumed, self.resumed_in
        )

    async def stop(self) -> None:
        for t in self._loops:
            t.cancel()
        for room in self.rooms.values():
            room.stop_driving()
            for c in list(room.conns):
                c.close(1012)  # service restart: clients reconnect
        for t in list(self.tasks):
            t.cancel()
        self.bot_pool.close()
        with contextlib.suppress(Exception):
            await self.store.run(self._release)
        with contextlib.suppress(Exception):
            await self.store.run(self.tournaments.release)
        with contextlib.suppress(Exception):
            await self.bus.close()
        self.store.close()

    def _release(self) -> None:
        with self.store.tx() as conn:
            conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.driver == self.name)
                .values(driver=None, lease_until=None)
            )
            if (solo_lease(conn) or ("", 0.0))[0] == self.name:
                conn.execute(
                    sa.delete(db.settings_table).where(db.settings_table.c.key == SOLO_KEY)
                )

    def _keep_solo_lease(self) -> None:
        """Without Redis this server must be alone on its database (it resumes every table at
        its start): its lease on the database tells a server started beside it (preflight)."""
        value = json.dumps({"name": self.name, "until": time.time() + self.settings.lease_ttl})
        with self.store.tx() as conn:
            t = db.settings_table
            done = conn.execute(sa.update(t).where(t.c.key == SOLO_KEY).values(value=value))
            if not done.rowcount:
                conn.execute(sa.insert(t).values(key=SOLO_KEY, value=value))

    # -- leases -----------------------------------------------------------------------------
    def _claim_rows(self, force: bool) -> list[str]:
        now = time.time()
        t = db.tables
        cond = t.c.status == "playing"
        if not force:
            cond = cond & (t.c.driver.is_(None) | (t.c.lease_until < now))
        with self.store.tx() as conn:
            rows = conn.execute(
                sa.update(t)
                .where(cond)
                .values(driver=self.name, lease_until=now + self.settings.lease_ttl)
                .returning(t.c.id)
            ).all()
        return [r[0] for r in rows]

    def _renew_rows(self) -> list[str]:
        now = time.time()
        t = db.tables
        with self.store.tx() as conn:
            rows = conn.execute(
                sa.update(t)
                .where(t.c.driver == self.name, t.c.status == "playing")
                .values(lease_until=now + self.settings.lease_ttl)
                .returning(t.c.id)
            ).all()
        return [r[0] for r in rows]

    async def claim(self, force: bool = False) -> int:
        """Take the lease of unfinished tables nobody drives; load and drive them."""
        ids = await self.store.run(self._claim_rows, force)
        if not ids:
            return 0
        if not force:  # another process stopped renewing them (a host wants to know)
            log.info("%s took the lease of %d tables: %s", self.name, len(ids), ", ".join(ids))
        missing = [i for i in ids if i not in self.rooms]
        for room in await self.store.run(self._load_many, missing):
            self.rooms.setdefault(room.id, room)
        for i in ids:
            if (found := self.rooms.get(i)) is None:
                continue
            room = found
            if i not in missing:
                async with room.lock:
                    await room.catch_up()
            if room.state is not None and room.state.is_over():
                # Its last action was committed but the process died before the end was
                # written (finding 6): the end is written now, result and ratings.
                log.warning("table %s was over but not finished: finishing it", i)
                await self.finish(room)
                continue
            if not room.driving:
                room.start_driving()
        return len(ids)

    async def _lease_loop(self) -> None:
        every = self.settings.lease_ttl / 3
        while True:
            await asyncio.sleep(every)
            try:
                if self.settings.redis_url is None:
                    await self.store.run(self._keep_solo_lease)
                held = set(await self.store.run(self._renew_rows))
                for room in self.rooms.values():
                    if room.driving and room.id not in held and room.meta["status"] == "playing":
                        log.warning("%s lost the lease of table %s", self.name, room.id)
                        room.stop_driving()
                await self.claim()
                self._evict()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("lease loop")

    def _evict(self) -> None:
        """Forget tables nobody here watches or drives (they reload on demand)."""
        now = time.monotonic()
        for tid in [
            tid
            for tid, r in self.rooms.items()
            if not r.conns and not r.driving and now - r.idle_since > 60
        ]:
            del self.rooms[tid]

    # -- presence -----------------------------------------------------------------------------
    async def _presence_loop(self) -> None:
        every = self.settings.presence_every
        while True:
            await asyncio.sleep(every)
            if not self.bus.connected:  # nobody's presence is known: no stand-in on a guess
                continue
            try:
                now = time.time()
                mine = {
                    f"{r.id}:{c.seat}": now
                    for r in self.rooms.values()
                    for c in r.conns
                    if c.seat is not None
                }
                await self.bus.touch(mine)
                seen = await self.bus.presence()
                fresh = now - 3 * every
                for room in list(self.rooms.values()):
                    if room.driving and room.state is not None and not room.state.is_over():
                        connected = {
                            i
                            for i, s in enumerate(room.meta["seats"])
                            if s["kind"] == "human" and seen.get(f"{room.id}:{i}", 0) >= fresh
                        }
                        await self._publish_presence(room, connected, dict(room.standin))
                        for s in list(room.standin):
                            if s in connected:
                                await self.set_standin(room, s, False)
            except asyncio.CancelledError:
                raise
            except BusDown:  # said once by the bus; the next round asks again
                continue
            except Exception:
                log.exception("presence loop")

    async def resync(self) -> None:
        """Redis answers again: what the other processes published meanwhile was lost, so the
        tables followed here are read again from the database (seats, the deal, the actions)."""
        for room in list(self.rooms.values()):
            if room.driving:
                continue
            await self.reload_meta(room)
            async with room.lock:
                await room.catch_up()

    async def _publish_presence(
        self, room: Room, connected: set[int], standin: dict[int, str]
    ) -> None:
        if connected == room.connected and standin == room.standin:
            return
        if room.presence_changed(connected, standin):
            room.broadcast_table()
            room.schedule()
        await self.bus.publish(
            room.id,
            {
                "kind": "presence",
                "connected": sorted(connected),
                "standin": {str(k): v for k, v in standin.items()},
                "origin": self.name,
            },
        )

    async def seat_connected(self, room: RoomParts, seat: int) -> None:
        self._waiting_presence(room, seat, True)
        await self.bus.touch({f"{room.id}:{seat}": time.time()})
        await self.bus.publish(room.id, {"kind": "hello", "seat": seat, "origin": self.name})

    async def seat_disconnected(self, room: RoomParts, seat: int) -> None:
        self._waiting_presence(room, seat, False)
        await self.bus.forget([f"{room.id}:{seat}"])
        await self.bus.publish(room.id, {"kind": "bye", "seat": seat, "origin": self.name})

    @staticmethod
    def _waiting_presence(room: RoomParts, seat: int, here: bool) -> None:
        """Before the deal no process drives the table (the presence loop and the absences are
        the driver's): the process holding a waiting player's connection says he is here (a
        host waiting for his friend showed a grey dot)."""
        assert isinstance(room, Room)
        if room.meta["status"] != "waiting" or (seat in room.connected) == here:
            return
        if here:
            room.connected.add(seat)
        else:
            room.connected.discard(seat)
        room.broadcast_table()

    async def set_standin(self, room: RoomParts, seat: int, on: bool) -> None:
        """A stand-in bot starts (or stops) playing for an absent human; the record says so."""
        assert isinstance(room, Room)  # the parts of a table are always a whole Room
        if (seat in room.standin) == on:
            return
        if on and room.meta.get("tournament"):  # a tournament's manche: lost by forfeit
            absent = {s: room.absent_since[s] for s in room.absence_deadlines()}
            grace = room.meta.get("grace") or self.settings.grace
            seat = forfeit_loser(room.id, seat, absent, grace, time.time())
            if await self.store.run(self.tournaments.forfeit_rows, room, seat):
                room.meta["status"] = "forfeit"
                room.stop_driving()
                room.broadcast_table()
                await self.after_change(room.id)
                self.tournaments.wake.set()
            return
        name = room.standin_bot()
        kind = "standin_on" if on else "standin_off"
        await self.store.run(
            self._seat_event, room.id, room.version, seat, kind, name if on else None
        )
        standin = dict(room.standin)
        if on:
            standin[seat] = name
        else:
            standin.pop(seat, None)
        connected = set(room.connected)
        if not on:
            connected.add(seat)
        await self._publish_presence(room, connected, standin)

    def _seat_event(
        self, table_id: str, version: int, seat: int, kind: str, bot: str | None
    ) -> None:
        with self.store.tx() as conn:
            conn.execute(
                db.seat_events.insert().values(
                    table_id=table_id,
                    version=version,
                    seat=seat,
                    kind=kind,
                    bot=bot,
                    at=time.time(),
                )
            )

    # -- the bus ------------------------------------------------------------------------------
    async def on_bus(self, table_id: str, msg: dict[str, Any]) -> None:
        if msg.get("kind") == "tournament":  # on the channel « tournament:ID »
            self.tournaments.changed(str(msg.get("id")))
            return
        room = self.rooms.get(table_id)
        if room is None:
            return
        kind = msg.get("kind")
        if kind == "action":
            if msg.get("origin") != self.name:  # this process stored and sent its own already
                await room.remote_action(msg)
        elif kind == "chat":
            line = msg["line"]
            room.chat_tail.append(line)
            text = dumps(line)
            for c in room.conns:
                if line["user"] not in room.mutes.get(c.user_id or "", set()):
                    c.send(text)
        elif kind == "meta":
            if msg.get("origin") != self.name:  # this process reread it already
                await self.reload_meta(room)
        elif kind == "presence":
            if msg.get("origin") == self.name:
                return
            standin = {int(k): v for k, v in msg["standin"].items()}
            if room.presence_changed(set(msg["connected"]), standin):
                room.broadcast_table()
        elif kind == "hello" and msg["seat"] in room.left:  # back after leaving: here again
            room.left.discard(msg["seat"])
            room.broadcast_table()
            if room.driving:
                await self._welcome_back(room, msg["seat"])
        elif kind == "hello" and room.driving:
            await self._welcome_back(room, msg["seat"])
        elif kind == "bye" and room.driving:
            await self._publish_presence(room, room.connected - {msg["seat"]}, dict(room.standin))
        elif kind == "leave" and not room.driving:
            room.left.add(msg["seat"])
            room.broadcast_table()
        elif kind == "leave" and room.driving:  # absent from now: a stand-in after the grace
            room.left.add(msg["seat"])
            # His connections here give up the seat (they watch as spectators until they
            # reconnect): one left open counted as « here » and no stand-in ever came.
            for c in room.conns:
                if c.seat == msg["seat"]:
                    c.seat = None
            room.absent_since.setdefault(msg["seat"], time.time())
            await self._publish_presence(room, room.connected - {msg["seat"]}, dict(room.standin))
            room.broadcast_table()  # « a quitté la partie », even when he had no connection
            room.schedule()
        elif kind == "again":
            room.meta["next_table"] = msg["table_id"]
            text = dumps({"type": "again", "version": room.version, "table_id": msg["table_id"]})
            for c in room.conns:
                if not room.meta["private"] or c.seat is not None:
                    c.send(text)
        elif kind == "onward":  # a tournament's next duel: only its player there is told
            text = dumps({"type": "onward", "version": room.version, "table_id": msg["table_id"]})
            for c in room.conns:
                if c.seat == msg["seat"]:
                    c.send(text)

    async def _welcome_back(self, room: Room, seat: int) -> None:
        """A seat's player connected (through any process): here, and his stand-in stops."""
        await self._publish_presence(room, room.connected | {seat}, dict(room.standin))
        if seat in room.standin:
            await self.set_standin(room, seat, False)

    async def reload_meta(self, room: Room) -> None:
        """The table's row changed (seats, the deal): read it again and tell everyone."""
        row = await self.store.run(self._table_row, room.id)
        if row is None:
            return
        async with room.lock:
            dealt = room.state is None and row["status"] != "waiting"
            keep = {k: room.meta[k] for k in ("status", "result", "finished_at")}
            room.set_meta(row)
            if keep["status"] == "over":
                room.meta.update(keep)
            if dealt:
                await room.rebuild()
            for c in room.conns:
                c.seat = room.seat_of(c.user_id)
            room.broadcast_table()
            # Ended by its tournament: nobody is to move, no clock runs any more.
            ended = keep["status"] not in ENDED and room.meta["status"] in ENDED
            if dealt:
                await room.ensure_legal()
            if dealt or ended:
                for c in room.conns:
                    c.send(dumps(room.welcome(c)))
            if dealt and row["driver"] == self.name:
                room.start_driving()

    # -- loading --------------------------------------------------------------------------------
    def _table_row(self, table_id: str) -> dict[str, Any] | None:
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(db.tables).where(db.tables.c.id == table_id)).first()
        return clean_json(db.row_dict(row)) if row else None

    def load_actions(self, table_id: str, after: int) -> list[dict[str, Any]]:
        return load_actions(self.store.engine, table_id, after)

    def _load_many(self, ids: list[str]) -> list[Room]:
        """Rooms for these tables, state replayed from the log (in bulk: one query each)."""
        if not ids:
            return []
        rooms = []
        with self.store.engine.connect() as conn:
            trows = conn.execute(sa.select(db.tables).where(db.tables.c.id.in_(ids))).all()
            logs: dict[str, list[dict[str, Any]]] = {i: [] for i in ids}
            for r in conn.execute(
                sa.select(db.actions)
                .where(db.actions.c.table_id.in_(ids))
                .order_by(db.actions.c.table_id, db.actions.c.seq)
            ):
                logs[r.table_id].append(db.row_dict(r))
            events: dict[str, list[Any]] = {i: [] for i in ids}
            for r in conn.execute(
                sa.select(db.seat_events)
                .where(db.seat_events.c.table_id.in_(ids))
                .order_by(db.seat_events.c.id)
            ):
                events[r.table_id].append(r)
            chats: dict[str, list[Any]] = {i: [] for i in ids}
            if len(ids) <= 50:
                for i in ids:
                    chats[i] = list(
                        conn.execute(
                            sa.select(db.chat)
                            .where(db.chat.c.table_id == i)
                            .order_by(db.chat.c.id.desc())
                            .limit(100)
                        )
                    )[::-1]
        for t in trows:
            row = clean_json(db.row_dict(t))
            try:
                room = Room(self, row)
                # today's bounds, say what is wrong
                room.game.options_type.from_dict(row["options"])
                room.build(logs[row["id"]])
            except Exception as exc:  # one table that cannot be rebuilt never stops the others
                why = exc.en if isinstance(exc, LudoError) else repr(exc)[:300]
                log.error("table %s cannot be replayed, marked broken: %s", row["id"], why)
                self._mark_broken(row["id"])
                continue
            for e in events[row["id"]]:
                if e.kind == "standin_on":
                    room.standin[e.seat] = e.bot or "random"
                elif e.kind == "standin_off":
                    room.standin.pop(e.seat, None)
            for c in chats[row["id"]]:
                room.chat_tail.append(_chat_line(c))
            rooms.append(room)
        return rooms

    def _mark_broken(self, table_id: str) -> None:
        """A table whose row or log cannot be played any more (stored before today's bounds):
        out of the lobby and the leases, its record and replay refused, the rest unharmed."""
        with self.store.tx() as conn:
            conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.id == table_id, db.tables.c.status != "over")
                .values(status="broken", driver=None, lease_until=None)
            )

    def _sweep_waiting(self) -> int:
        """Mark broken the tables waiting for players whose options today's bounds refuse (they
        are listed in the lobby before anyone loads them)."""
        t = db.tables
        bad = []
        with self.store.engine.connect() as conn:
            for r in conn.execute(
                sa.select(t.c.id, t.c.game, t.c.options, t.c.seats).where(t.c.status == "waiting")
            ):
                try:
                    games.get(r.game).options_type.from_dict(r.options)
                    assert isinstance(r.seats, list)
                except Exception as exc:
                    log.error("waiting table %s marked broken: %s", r.id, repr(exc)[:300])
                    bad.append(r.id)
        for table_id in bad:
            self._mark_broken(table_id)
        return len(bad)

    async def room(self, table_id: str) -> Room | None:
        if table_id in self.rooms:
            return self.rooms[table_id]
        if table_id in self._loading:
            return await asyncio.shield(self._loading[table_id])
        fut: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[table_id] = fut
        try:
            loaded = await self.store.run(self._load_many, [table_id])
            room = self.rooms.setdefault(table_id, loaded[0]) if loaded else None
            fut.set_result(room)
            return room
        except BaseException as exc:
            fut.set_exception(exc)
            raise
        finally:
            del self._loading[table_id]

    # -- what a room asks of its process (rooms.RoomHost) ----------------------------------------
    async def load_log(self, table_id: str, after: int) -> list[dict[str, Any]]:
        return await self.store.run(self.load_actions, table_id, after)

    async def append_action(
        self,
        table_id: str,
        seq: int,
        seat: int | None,
        action: dict[str, Any],
        actor: str,
        at: float,
    ) -> bool:
        return await self.store.append(table_id, seq, seat, action, actor, at)

    async def publish(self, table_id: str, msg: dict[str, Any]) -> None:
        if msg["kind"] == "action" and isinstance(self.bus, LocalBus):
            return  # no other process to tell: this one stored and sent it already
        await self.bus.publish(table_id, msg)

    async def think(
        self, act: Callable[[Any, Any], dict[str, Any]], view: Any, legal: Any, people: bool
    ) -> dict[str, Any]:
        return await self.bot_pool.run(lambda: act(view, legal), people)

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # -- users ----------------------------------------------------------------------------------
    def user_by_id(self, user_id: str) -> dict[str, Any] | None:
        if user_id in self.users:
            return self.users[user_id]
        with self.store.engine.connect() as conn:
            row = conn.execute(sa.select(db.users).where(db.users.c.id == user_id)).first()
        if row is None:
            return None
        user = db.row_dict(row)
        user.pop("password_hash", None)
        self.users[user_id] = user
        return user

    def admit_message(self, conn: Conn) -> bool:
        if conn.user_id is not None and self.user_messages.take(conn.user_id) is not None:
            return False
        return self.address_messages.take(conn.address) is None

    def admit_guest(self, address: str) -> None:
        """A new guest from ``address``, unless that address made too many lately."""
        wait = self.guests.take(address)
        if wait is not None:
            raise Refused(
                429,
                "rate_limited",
                f"trop d'invités créés depuis votre adresse : réessayez dans {wait:.0f} s",
                f"too many guests made from your address: try again in {wait:.0f} s",
            )

    # -- tables -------------------------------------------------------------------------------
    def create_table(
        self,
        user: dict[str, Any],
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[dict[str, Any]],
        private: bool,
        move_clock: float | None,
        parent: str | None = None,
        contribution: str | None = None,
        seen: str | None = None,
    ) -> str:
        """Check and store a new table; it is dealt at once when no seat is open.

        The server's seed is drawn now and its commitment shown from now on, so that whoever
        joins adds his own seed after seeing it. The creator's own (``contribution``) goes with
        the server's seed he could read first, his account's next one (``next_deal``;
        ``seen``: the commitment he read)."""
        least = self.settings.min_move_clock
        if move_clock is not None and not least <= move_clock <= MAX_MOVE_CLOCK:
            raise Refused(
                400,
                "invalid",
                f"pendule par coup : de {least:g} à {MAX_MOVE_CLOCK:g} s",
                f"move clock: {least:g} to {MAX_MOVE_CLOCK:g} s",
            )
        game = games.get(game_name)
        opts = game.options_type.from_dict(options)
        game.new(players, opts, 0)  # the game judges the table size and options
        seat_rows = []
        me = 0
        for i, spec in enumerate(seats):
            kind = spec.get("kind")
            if kind == "me":
                me += 1
                seat_rows.append({"kind": "human", "user": user["id"], "name": user["name"]})
            elif kind == "human":
                seat_rows.append({"kind": "human", "user": spec["user"], "name": spec["name"]})
            elif kind == "bot":
                name = spec.get("bot") or game.default_bot(opts)
                if name not in botlib.available(game.name):
                    botlib.make(game.name, name)  # raises the bot's « bot inconnu » error
                seat_rows.append({"kind": "bot", "user": None, "name": f"{name} {i}", "bot": name})
            elif kind == "open":
                seat_rows.append({"kind": "open", "user": None, "name": None})
            else:
                raise Refused(
                    400,
                    "invalid",
                    f"siège {i} : genre inconnu « {kind} »",
                    f"seat {i}: unknown kind '{kind}'",
                )
        if len(seat_rows) != players:
            raise Refused(
                400,
                "invalid",
                f"il faut {players} sièges, {len(seat_rows)} donnés",
                f"{players} seats are needed, {len(seat_rows)} given",
            )
        if me > 1:
            raise Refused(400, "invalid", "une seule place par joueur", "one seat per player")
        contributions: list[str | None] = [None] * players
        if (contribution is None) != (seen is None):
            # His seed must come after the commitment he read, and that one is his next deal's
            # only when he names it (a sceptical player gave seeds to three tables after one
            # read, two of them under commitments he never saw).
            raise Refused(
                400,
                "invalid",
                "votre graine (contribution) et l'empreinte lue avant elle (commitment, GET "
                "/api/deal) vont ensemble",
                "your seed (contribution) and the commitment read before it (commitment, GET "
                "/api/deal) go together",
            )
        if contribution is None or seen is None:
            server_seed = int(deal_values()[0])
        else:
            mine = [i for i, s in enumerate(seat_rows) if s.get("user") == user["id"]]
            if not mine:
                raise Refused(
                    400,
                    "invalid",
                    "votre graine va avec votre place : prenez une place à cette table",
                    "your seed goes with your seat: take a seat at this table",
                )
            contributions[mine[0]] = contribution_of(contribution)
            server_seed = self._take_next_seed(user["id"], seen)
        table_id = new_id()
        now = time.time()
        row: dict[str, Any] = {
            "id": table_id,
            "game": game.name,
            "players": players,
            "options": opts.to_dict(),
            "seats": seat_rows,
            "private": private,
            "move_clock": move_clock,
            "status": "waiting",
            "seed": None,
            "server_seed": str(server_seed),
            "commitment": commitment(server_seed),
            "contributions": contributions,
            "created_by": user["id"],
            "created_at": now,
            "parent": parent,
            "rev": 0,
        }
        if all(s["kind"] != "open" for s in seat_rows):
            self._deal_values(row, row["server_seed"], contributions)
        most = self.settings.max_open_tables
        with self.store.tx() as conn:
            t = db.tables
            open_ = conn.execute(
                sa.select(sa.func.count()).where(
                    t.c.created_by == user["id"], t.c.status.in_(("waiting", "playing"))
                )
            ).scalar_one()
            if open_ >= most:
                raise Refused(
                    429,
                    "too_many_tables",
                    f"vous avez déjà {open_} tables en cours ({most} au plus) : "
                    "finissez-en ou quittez-en une",
                    f"you already have {open_} unfinished tables (at most {most}): "
                    "finish or leave one",
                )
            conn.execute(db.tables.insert().values(**row))
        return table_id

    def _deal_values(
        self,
        row: dict[str, Any],
        server_seed: str | None = None,
        contributions: list[str | None] | None = None,
    ) -> None:
        """The deal: the table plays from now, its seed made of the server's, committed when
        the table was opened (drawn now for a tournament's manche or a table opened before
        0004), and the seats' own (rng.deal_seed)."""
        if server_seed is None:
            server_seed, commit = deal_values()
            row.update(server_seed=server_seed, commitment=commit)
        row.update(
            status="playing",
            seed=str(deal_seed(int(server_seed), contributions or [])),
            started_at=time.time(),
            driver=self.name,
            lease_until=time.time() + self.settings.lease_ttl,
        )

    def next_deal(self, user_id: str) -> str:
        """The commitment of the server's seed for this person's next table, drawn now when he
        has none: he reads it before he gives his own seed with the table he opens."""
        u = db.users
        with self.store.tx() as conn:
            conn.execute(
                sa.update(u)
                .where(u.c.id == user_id, u.c.next_seed.is_(None))
                .values(next_seed=deal_values()[0])
            )
            seed = conn.execute(sa.select(u.c.next_seed).where(u.c.id == user_id)).scalar_one()
        return commitment(int(seed))

    def _take_next_seed(self, user_id: str, seen: str) -> int:
        """The server's seed whose commitment this person could read (``next_deal``), for the
        table he opens now; his account gets a new one."""
        u = db.users
        if not re.fullmatch(r"[0-9a-f]{64}", seen):
            raise Refused(
                400,
                "invalid",
                "« commitment » : l'empreinte que GET /api/deal a donnée, 64 chiffres hexadécimaux",
                "'commitment': the one GET /api/deal gave, 64 hex digits",
            )
        stale = Refused(
            409,
            "stale_deal",
            "l'empreinte de votre prochaine donne a changé (une autre table ouverte entre-temps) "
            ": relisez-la (GET /api/deal) et recommencez",
            "your next deal's commitment has changed (another table opened meanwhile): read it "
            "again (GET /api/deal) and retry",
        )
        with self.store.tx() as conn:
            seed = conn.execute(sa.select(u.c.next_seed).where(u.c.id == user_id)).scalar()
            if seed is None:
                raise Refused(
                    409,
                    "no_deal",
                    "lisez d'abord l'empreinte de votre prochaine donne (GET /api/deal) : votre "
                    "graine doit venir après elle",
                    "read your next deal's commitment first (GET /api/deal): your seed must "
                    "come after it",
                )
            if seen != commitment(int(seed)):
                raise stale
            taken = conn.execute(
                sa.update(u)
                .where(u.c.id == user_id, u.c.next_seed == seed)
                .values(next_seed=deal_values()[0])
            ).rowcount
            if not taken:
                raise stale
        return int(seed)

    def change_seats(self, table_id: str, change: Any) -> dict[str, Any]:
        """Apply ``change(row)`` to a table's row with optimistic retries (several processes)."""
        for _ in range(10):
            row = self._table_row(table_id)
            if row is None:
                raise Refused(404, "not_found", "table inconnue", "unknown table")
            rev = row["rev"]
            new = change(row)
            if new is None:
                return row
            new["rev"] = rev + 1
            with self.store.tx() as conn:
                done = conn.execute(
                    sa.update(db.tables)
                    .where(db.tables.c.id == table_id, db.tables.c.rev == rev)
                    .values(**new)
                ).rowcount
            if done:
                return {**row, **new}
        raise Refused(
            409,
            "conflict",
            "la table change trop vite : réessayez",
            "the table is changing too fast: try again",
        )

    async def after_change(self, table_id: str, extra: dict[str, Any] | None = None) -> None:
        if extra:
            await self.bus.publish(table_id, extra)
        await self.bus.publish(table_id, {"kind": "meta", "origin": self.name})

    async def ensure_loaded(self, table_id: str) -> None:
        await self.room(table_id)

    # -- chat -----------------------------------------------------------------------------------
    async def post_chat(self, room: RoomParts, conn: Conn, text: str) -> None:
        user = conn.user
        assert user is not None
        text = visible(text)[:500]
        if not text.strip():
            return

        def store() -> int:
            with self.store.tx() as c:
                return int(
                    c.execute(
                        db.chat.insert().values(
                            table_id=room.id,
                            user_id=user["id"],
                            name=user["name"],
                            seat=conn.seat,
                            text=text,
                            version=room.version,
                            at=time.time(),
                        )
                    ).inserted_primary_key[0]
                )

        line_id = await self.store.run(store)
        line = {
            "type": "chat",
            "version": room.version,
            "id": line_id,
            "user": user["id"],
            "name": user["name"],
            "seat": conn.seat,
            "text": text,
            "at": time.time(),
        }
        await self.bus.publish(room.id, {"kind": "chat", "line": line})

    # -- the end: result and ratings ------------------------------------------------------------
    async def finish(self, room: RoomParts) -> None:
        st = room.state
        assert st is not None
        result = st.result().to_dict()
        await self.store.run(self._finish_rows, room, result)
        if room.meta.get("tournament"):
            self.tournaments.wake.set()  # its duel goes on at once

    def _finish_rows(self, room: Room, result: dict[str, Any]) -> None:
        now = time.time()
        seats = room.meta["seats"]
        ids = [
            s["user"] if s["kind"] == "human" else f"bot:{s.get('bot') or 'random'}" for s in seats
        ]
        names = [s.get("name") or ids[i] for i, s in enumerate(seats)]
        for i, s in enumerate(seats):
            if s["kind"] == "bot":
                names[i] = s["bot"]
        game = room.game.name
        with self.store.tx() as conn:
            done = conn.execute(
                sa.update(db.tables)
                .where(db.tables.c.id == room.id, db.tables.c.status == "playing")
                .values(
                    status="over", finished_at=now, result=result, driver=None, lease_until=None
                )
            ).rowcount
            if not done:  # finished already (by another process, before a restart): rated once
                return
            r = db.ratings
            have = {
                row.player: row
                for row in conn.execute(
                    sa.select(r).where(r.c.game == game, r.c.player.in_(set(ids)))
                )
            }
            before = [
                glicko2.Rating(have[p].rating, have[p].rd, have[p].vol)
                if p in have
                else glicko2.Rating()
                for p in ids
            ]
            # Rank 0 is a seat that does not play (Alkamo's non-playing arbiter): not rated.
            ranked = [i for i, rank in enumerate(result["ranks"]) if rank > 0]
            after = glicko2.rate_game(
                [before[i] for i in ranked], [result["ranks"][i] for i in ranked]
            )
            merged: dict[str, list[glicko2.Rating]] = {}
            for i, rating in zip(ranked, after, strict=True):
                merged.setdefault(ids[i], []).append(rating)
            for i, p in enumerate(ids):
                if p not in merged:
                    continue
                rs = merged.pop(p)  # one identity at several seats: the mean of its seats
                values = {
                    "rating": sum(x.rating for x in rs) / len(rs),
                    "rd": sum(x.rd for x in rs) / len(rs),
                    "vol": sum(x.vol for x in rs) / len(rs),
                    "name": names[i][:64],
                }
                if p in have:
                    conn.execute(
                        sa.update(r)
                        .where(r.c.game == game, r.c.player == p)
                        .values(games=r.c.games + 1, **values)
                    )
                else:
                    conn.execute(r.insert().values(game=game, player=p, games=1, **values))

    # -- records ----------------------------------------------------------------------------------
    def record(self, table_id: str) -> dict[str, Any]:
        row = self._table_row(table_id)
        if row is None:
            raise Refused(404, "not_found", "table inconnue", "unknown table")
        # A manche the tournament ended before its game did goes on no more: its seed too.
        if row["status"] not in ("over", *ENDED):
            raise Refused(
                409,
                "not_over",
                "la partie n'est pas terminée : la graine reste secrète",
                "the game is not over: the seed stays secret",
            )
        log_rows = self.load_actions(table_id, 0)
        game = games.get(row["game"])
        with self.store.engine.connect() as conn:
            evs = list(
                conn.execute(
                    sa.select(db.seat_events)
                    .where(db.seat_events.c.table_id == table_id)
                    .order_by(db.seat_events.c.id)
                )
            )
        absences: list[dict[str, Any]] = []
        open_: dict[int, dict[str, Any]] = {}
        for e in evs:
            if e.kind == "standin_on" and e.seat not in open_:
                open_[e.seat] = {"seat": e.seat, "from": e.version, "to": None, "bot": e.bot}
            elif e.kind == "standin_off" and e.seat in open_:
                item = open_.pop(e.seat)
                item["to"] = e.version
                absences.append(item)
        for item in open_.values():
            item["to"] = len(log_rows)
            absences.append(item)
        absences.sort(key=lambda a: (a["from"], a["seat"]))
        # The seats' own seeds, mixed with the server's (rng.deal_seed); a table opened before
        # they existed (0004) dealt from the server's seed alone and says nothing of them.
        mixed = (
            {
                "server_seed": str(row["server_seed"]),
                # a tournament's manche (dealt from the server's seed alone): a null per seat
                "contributions": row["contributions"] or [None] * row["players"],
            }
            if row.get("server_seed") is not None
            else {}
        )
        return {
            "format": 1,
            "game": game.name,
            "version": game.version,
            "options": row["options"],
            "players": row["players"],
            # A string: JavaScript reads an integer beyond 2**53 with its last digits lost, and
            # anyone hashing the seed shown must find the commitment (issue 17).
            "seed": str(row["seed"]),
            "actions": [[r["seat"], r["action"]] for r in log_rows],
            "commitment": row["commitment"],
            **mixed,
            "table": table_id,
            "names": [s.get("name") for s in row["seats"]],
            "actors": [r["actor"] for r in log_rows],
            "absences": absences,
            "result": row["result"] if row["status"] == "over" else None,
            "ended": row["status"],
            "started_at": row["started_at"],
            "finished_at": row["finished_at"],
        }

    def verify(self, table_id: str) -> dict[str, Any]:
        from ludotheque.engine.record import check_deal, check_ending, replay

        rec = self.record(table_id)
        try:
            check_deal(rec)
            commitment_ok, deal_fr, deal_en = True, "", ""
        except LudoError as exc:
            commitment_ok, deal_fr, deal_en = False, exc.fr, exc.en
        stopped = rec["ended"] != "over"  # a manche ended by the tournament: no result
        try:
            check_ending(rec, replay(rec))  # the rule `replay --verify` applies too
            replay_ok, why_fr, why_en = True, "", ""
        except LudoError as exc:
            replay_ok, why_fr, why_en = False, exc.fr, exc.en
        ok = commitment_ok and replay_ok
        n = len(rec["actions"])
        if stopped and n == 0:
            said_fr = "la donne en est tirée (manche arrêtée avant sa fin, avant toute action)"
            said_en = "the deal is drawn from it (a manche stopped before its end, before any move)"
        elif stopped:
            acts_fr = "l'action re-donnée" if n == 1 else f"les {n} actions re-données"
            acts_en = "the action re-dealt" if n == 1 else f"the {n} actions re-dealt"
            said_fr = (
                f"{acts_fr} depuis elle {'est permise' if n == 1 else 'sont toutes permises'} "
                "par les règles (manche arrêtée avant sa fin, sans résultat de partie)"
            )
            said_en = (
                f"{acts_en} from it {'is' if n == 1 else 'are all'} allowed by the rules (a "
                "manche stopped before its end, with no game result)"
            )
        else:
            acts_fr = "l'action re-donnée" if n == 1 else f"les {n} actions re-données"
            acts_en = "the action re-dealt" if n == 1 else f"the {n} actions re-dealt"
            said_fr = f"{acts_fr} depuis elle {'redonne' if n == 1 else 'redonnent'} le résultat"
            said_en = f"{acts_en} from it {'gives' if n == 1 else 'give'} the same result"
        given = [(i, c) for i, c in enumerate(rec.get("contributions") or []) if c]
        if given:
            names = rec["names"]
            who_fr = ", ".join(f"{names[i] or f'place {i + 1}'} « {c} »" for i, c in given)
            who_en = ", ".join(f"{names[i] or f'seat {i + 1}'} '{c}'" for i, c in given)
            seed_fr = (
                f"La graine du serveur {rec['server_seed']} a bien l'empreinte SHA-256 publiée "
                f"avant les graines des joueurs ({who_fr}) ; mêlée à elles, elle donne la graine "
                f"de la donne {rec['seed']}, et"
            )
            seed_en = (
                f"The server's seed {rec['server_seed']} has the SHA-256 published before the "
                f"players' seeds ({who_en}); mixed with them it gives the deal's seed "
                f"{rec['seed']}, and"
            )
        else:
            seed_fr = f"La graine {rec['seed']} a bien l'empreinte SHA-256 publiée au début, et"
            seed_en = f"Seed {rec['seed']} has the SHA-256 published at the start, and"
        return {
            "ok": ok,
            "commitment": rec["commitment"],
            "seed": str(rec["seed"]),
            "server_seed": rec.get("server_seed", str(rec["seed"])),
            "contributions": rec.get("contributions") or [],
            "commitment_ok": commitment_ok,
            "replay_ok": replay_ok,
            "actions": len(rec["actions"]),
            "message": (
                f"{seed_fr} {said_fr} ✓"
                if ok
                else "Vérification échouée : " + (deal_fr if not commitment_ok else why_fr)
            ),
            "message_en": (
                f"{seed_en} {said_en} ✓"
                if ok
                else "Verification failed: " + (deal_en if not commitment_ok else why_en)
            ),
        }


def contribution_of(text: str) -> str:
    """A person's own seed as given, or a 400 refusal that says the rule."""
    try:
        return check_contribution(text)
    except LudoError as exc:
        raise Refused(400, "invalid", exc.fr, exc.en) from None


def _chat_line(row: Any) -> dict[str, Any]:
    line: dict[str, Any] = clean_json(
        {
            "type": "chat",
            "version": row.version,
            "id": row.id,
            "user": row.user_id,
            "name": row.name,
            "seat": row.seat,
            "text": row.text,
            "at": row.at,
        }
    )
    return line
