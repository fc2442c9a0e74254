"""Tables in play: each process keeps a copy of every table it serves or drives.

A table's game state is a pure function of its seed and its action log (ARCHITECTURE principle
1), so every process holding connections at a table keeps its own copy and applies the log in
order. An action is accepted by the process that receives it: the engine judges it, it is
committed to the log as row ``version`` (unique: two processes can never both accept an action
at one version), then it is broadcast to the local connections and published on the bus for the
other processes. One process at a time *drives* a table under a lease in the database: it runs
the bots, the clocks and the absence stand-ins; when it dies, another takes the lease.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import secrets
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import sqlalchemy as sa

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import IllegalAction, LudoError
from ludotheque.engine.protocol import State
from ludotheque.engine.rng import commitment, fresh_seed
from ludotheque.server import db
from ludotheque.server.protocol import check_client

if TYPE_CHECKING:
    from fastapi import WebSocket

    from ludotheque.server.hub import Hub

log = logging.getLogger("ludotheque.server")

MESSAGES = {
    "malformed": ("message mal formé : {detail}", "malformed message: {detail}"),
    "too_large": (
        "message trop long ({detail} octets au plus)",
        "message too large (at most {detail} bytes)",
    ),
    "rate_limited": (
        "trop de messages : ralentissez",
        "too many messages: slow down",
    ),
    "stale_version": (
        "la table a changé entre-temps (version {detail}) : regardez et rejouez",
        "the table changed meanwhile (version {detail}): look and play again",
    ),
    "not_seated": (
        "vous regardez cette table sans y avoir de place",
        "you watch this table without a seat",
    ),
    "not_your_turn": ("ce n'est pas à vous de jouer", "it is not your turn"),
    "not_started": (
        "la partie n'a pas commencé : des places sont libres",
        "the game has not started: seats are open",
    ),
    "over": ("la partie est terminée", "the game is over"),
    "unknown_user": ("joueur inconnu : {detail}", "unknown user: {detail}"),
    "conflict": (
        "l'action n'a pas pu être enregistrée : rejouez",
        "the action could not be stored: play again",
    ),
    "driver_only": (
        "« {detail} » n'est joué que par la pendule ou l'arbitre, jamais par un joueur",
        "'{detail}' is played only by the clock or the arbiter, never by a player",
    ),
    "not_offered": (
        "« {detail} » n'est pas une action que vous pouvez jouer maintenant",
        "'{detail}' is not an action you may play now",
    ),
}


# Seconds the slowest recent legal_actions of each game took; past SLOW_LEGAL, they are worked
# out on a worker thread so the event loop keeps serving the other tables.
LEGAL_COST: dict[str, float] = {}
SLOW_LEGAL = 0.002


def error_msg(
    code: str,
    version: int,
    detail: Any = "",
    ref: str | None = None,
    exc: LudoError | None = None,
    retry_after: float | None = None,
) -> dict[str, Any]:
    if exc is not None:
        fr, en = exc.fr, exc.en
    else:
        fr_t, en_t = MESSAGES[code]
        fr, en = fr_t.format(detail=detail), en_t.format(detail=detail)
    msg: dict[str, Any] = {
        "type": "error",
        "version": version,
        "code": code,
        "message": fr,
        "message_en": en,
    }
    if ref is not None:
        msg["ref"] = ref
    if retry_after is not None:
        msg["retry_after"] = round(retry_after, 2)
    return msg


def too_early(version: int, rule: float, left: float, ref: str | None) -> dict[str, Any]:
    """The rule book's minimum between two actions (``min_interval``) is not over yet."""
    wait = max(0.1, left)
    fr_rule, fr_wait = f"{rule:g}".replace(".", ","), f"{wait:.1f}".replace(".", ",")
    exc = LudoError(
        f"trop tôt : la règle demande {fr_rule} s entre ces deux coups ; rejouez dans {fr_wait} s",
        f"too early: the rules ask for {rule:g} s between these two moves; "
        f"play again in {wait:.1f} s",
    )
    return error_msg("too_early", version, ref=ref, exc=exc, retry_after=wait)


_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def dumps(msg: dict[str, Any]) -> str:
    return _ENCODER.encode(msg)


class Conn:
    """One WebSocket at one table: who it is, which seat, its send queue and its limits."""

    def __init__(self, ws: WebSocket | None, user: dict[str, Any] | None, hub: Hub) -> None:
        self.ws = ws
        self.user = user
        self.seat: int | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.tokens = hub.settings.burst
        self.stamp = time.monotonic()
        self.refusals = 0
        self.closed = False
        self.close_code: int | None = None

    @property
    def user_id(self) -> str | None:
        return self.user["id"] if self.user else None

    def send(self, text: str) -> None:
        if not self.closed:
            if self.queue.qsize() > 2000:  # a client that does not read: let it go
                self.close(1008)
                return
            self.queue.put_nowait(text)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    def allow(self, rate: float, burst: float) -> bool:
        """Token bucket: ``rate`` messages a second, bursts of ``burst``."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.stamp) * rate)
        self.stamp = now
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True

    async def writer(self) -> None:
        assert self.ws is not None
        while True:
            text = await self.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await self.ws.close(code=self.close_code or 1000)
                return
            await self.ws.send_text(text)


class Room:
    """One table in this process: its row, its game state, its connections."""

    def __init__(self, hub: Hub, row: dict[str, Any]) -> None:
        self.hub = hub
        self.id: str = row["id"]
        self.game = games.get(row["game"])
        self.meta = row
        self.state: State | None = None
        self.version = 0
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.driving = False
        self.bots: dict[int, botlib.Bot] = {}
        self.standin: dict[int, str] = {}  # absent human seat → the bot playing for him
        self.connected: set[int] = set()  # human seats with a live connection (the driver says)
        self.absent_since: dict[int, float] = {}
        self.changed_at = time.time()
        self.handles: list[asyncio.TimerHandle] = []
        self.chat_tail: deque[dict[str, Any]] = deque(maxlen=100)
        self.mutes: dict[str, set[str]] = {}
        self.idle_since = time.monotonic()
        self._legal: tuple[int, dict[int, list[dict[str, Any]]]] = (-1, {})
        # The types of the actions each seat was offered at a version (what a client may send).
        self._types: tuple[int, dict[int, frozenset[str]]] = (-1, {})
        # When each version was reached (unix seconds; [0] the deal), kept only for games with
        # a minimum between two actions (``min_interval``): another process or a restart
        # reads them from the stored log.
        self.times: list[float] | None = None

    # -- building ---------------------------------------------------------------------------
    def build(self, log_rows: list[dict[str, Any]]) -> None:
        """The state from the seed and the log (a table that is dealt)."""
        if self.meta["status"] == "waiting" or self.meta["seed"] is None:
            self.state, self.version = None, 0
            return
        self._legal = (-1, {})
        self._types = (-1, {})
        state = self.game.new(self.meta["players"], self.meta["options"], int(self.meta["seed"]))
        for row in log_rows:
            state.apply(row["seat"], row["action"])
        self.state, self.version = state, len(log_rows)
        self.times = None
        if type(state).min_interval is not State.min_interval:
            self.times = [self.started_at()] + [float(row["at"]) for row in log_rows]
        if state.is_over() and self.meta["status"] != "over":
            self.meta["status"] = "over"

    async def rebuild(self) -> None:
        """Replay the stored log again (after a conflict with another process)."""
        rows = await self.hub.store.run(self.hub.load_actions, self.id, 0)
        self.build(rows)
        self.changed_at = time.time()

    async def catch_up(self) -> None:
        """Apply the stored actions this copy has not seen yet, telling the connections."""
        if self.state is None:
            return
        rows = await self.hub.store.run(self.hub.load_actions, self.id, self.version)
        for row in rows:
            if row["seq"] != self.version + 1:
                continue
            events = self.state.apply(row["seat"], row["action"])
            self.version = row["seq"]
            self.reached(float(row["at"]))
            await self.ensure_legal()
            self.broadcast_update(row["seat"], row["actor"], events)
        if self.state.is_over():
            self.local_over()

    # -- what clients see -------------------------------------------------------------------
    async def ensure_legal(self) -> None:
        """Work out the legal actions of the seats to move off the event loop (AlphaPoker's
        showdown takes tens of milliseconds), so that ``legal_for`` finds them ready."""
        st, version = self.state, self.version
        if st is None:
            return
        cache = self._legal[1] if self._legal[0] == version else {}
        movers = [s for s in st.to_move() if s not in cache and self.needs_legal(s)]
        if not movers:
            return
        computed = await self.compute_legal(st, movers)
        if self.version == version and self.state is st:
            cache = self._legal[1] if self._legal[0] == version else {}
            cache.update(computed)
            self._legal = (version, cache)

    async def compute_legal(self, st: State, movers: list[int]) -> dict[int, list[Any]]:
        """``{seat: legal_actions(seat)}``: here when the game lists them quickly, on a worker
        thread when it has been seen to take long (a thread hop costs more than a fast list)."""
        if not movers:
            return {}
        if self.legal_is_fast():
            return self.legal_now(st, movers)
        return await asyncio.get_running_loop().run_in_executor(
            None, lambda: {s: st.legal_actions(s) for s in movers}
        )

    def needs_legal(self, seat: int) -> bool:
        """Whether the server itself needs ``seat``'s whole legal list: a bot plays it, or its
        client is shown the legal list because the game offers every legal action."""
        if self.plays_here(seat):
            return True
        offered = getattr(type(self.state), "offered_actions", None)
        return offered is None or offered is getattr(State, "offered_actions", None)

    def legal_is_fast(self) -> bool:
        return LEGAL_COST.get(self.game.name, 0.0) < SLOW_LEGAL

    def legal_now(self, st: State, movers: list[int]) -> dict[int, list[Any]]:
        name = self.game.name
        t0 = time.perf_counter()
        out = {s: st.legal_actions(s) for s in movers}
        cost = time.perf_counter() - t0
        LEGAL_COST[name] = max(cost, 0.95 * LEGAL_COST.get(name, 0.0))
        return out

    def offered_for(self, seat: int) -> list[dict[str, Any]]:
        """What the seat's client is shown: ``offered_actions``, never the best words a legal
        list holds as representatives (bots, on the server, get ``legal_for``)."""
        if type(self.state).offered_actions is State.offered_actions:
            out = self.legal_for(seat)  # the game offers all its legal actions
        else:
            assert self.state is not None
            out = self.state.offered_actions(seat)
        version, types = self._types
        if version != self.version:
            types = {}
            self._types = (self.version, types)
        if seat not in types:
            types[seat] = frozenset(a.get("type") for a in out)
        return out

    def offered_types(self, seat: int) -> frozenset[str]:
        """The types of the actions ``seat`` is offered now (noted when its message was built,
        so checking a client's action costs a set lookup)."""
        version, types = self._types
        if version != self.version or seat not in types:
            self.offered_for(seat)
            version, types = self._types
        return types[seat]

    def drop_lists(self) -> None:
        """Once this version's messages are built, keep only the legal lists the server itself
        plays from (bots, stand-ins): lists kept alive across versions are what the garbage
        collector scans again and again; a later welcome lists them anew."""
        version, cache = self._legal
        keep = {s: v for s, v in cache.items() if self.plays_here(s)}
        if len(keep) != len(cache):
            self._legal = (version, keep)

    def plays_here(self, seat: int) -> bool:
        return self.meta["seats"][seat]["kind"] == "bot" or seat in self.standin

    def started_at(self) -> float:
        """When play started: the deal's time, stored with the table (so every process and a
        restart count the game clock from the same instant)."""
        return float(self.meta.get("started_at") or self.meta["created_at"])

    def reached(self, at: float) -> None:
        """A new version was reached at ``at`` (unix seconds)."""
        self.changed_at = time.time()
        if self.times is not None:
            self.times.append(at)

    def game_clock(self) -> tuple[float, float, dict[str, Any]] | None:
        """The clock on the whole game (the state's ``game_clock``), when one runs now:
        ``(deadline, length, the arbiter's action)``, the deadline counted from the deal."""
        st = self.state
        if st is None or st.is_over():
            return None
        clock = st.game_clock()
        if clock is None:
            return None
        seconds, action = clock
        return self.started_at() + float(seconds), float(seconds), action

    def game_clock_msg(self) -> dict[str, Any] | None:
        clock = self.game_clock()
        if clock is None:
            return None
        return {"deadline": round(clock[0], 3), "limit_s": clock[1]}

    def wait_left(self, seat: int, action: dict[str, Any]) -> tuple[float, float] | None:
        """``(rule's seconds, seconds still to wait)`` when the rule book's minimum before this
        action (``min_interval``) is not over yet, else None."""
        st = self.state
        if st is None or self.times is None:
            return None
        try:
            rule = st.min_interval(seat, action)
        except Exception:  # a malformed action: the engine will say why
            return None
        if rule is None:
            return None
        seconds, since = rule
        if not 0 <= since < len(self.times):
            return None
        left = self.times[since] + float(seconds) - time.time()
        return (float(seconds), left) if left > 0 else None

    def unoffered(
        self, seat: int, action: dict[str, Any], ref: str | None
    ) -> dict[str, Any] | None:
        """A client plays only the kinds of action his seat has: a type among what he is
        offered (cheap: it is sent to him anyway), else among his legal actions (listed at
        most once a version). Actions only a clock or the arbiter plays (``time_up``) are in
        neither, so they are refused whatever the engine would do."""
        kind = action.get("type")
        if kind in self.offered_types(seat):
            return None
        if any(a.get("type") == kind for a in self.legal_for(seat)):
            return None
        assert self.state is not None
        clock = self.game_clock()
        driver = {clock[2].get("type")} if clock is not None else set()
        timeout = self.state.timeout_action(seat)
        if timeout is not None:
            driver.add(timeout.get("type"))
        code = "driver_only" if kind in driver else "not_offered"
        return error_msg(code, self.version, str(kind)[:64], ref=ref)

    def legal_for(self, seat: int) -> list[dict[str, Any]]:
        """``legal_actions(seat)`` of this version, computed once (some games take long)."""
        version, cache = self._legal
        if version != self.version:
            cache = {}
            self._legal = (self.version, cache)
        if seat not in cache:
            assert self.state is not None
            cache[seat] = self.state.legal_actions(seat)
        return cache[seat]

    def seat_of(self, user_id: str | None) -> int | None:
        if user_id is None:
            return None
        for i, seat in enumerate(self.meta["seats"]):
            if seat["kind"] == "human" and seat["user"] == user_id:
                return i
        return None

    def table_dict(self) -> dict[str, Any]:
        m = self.meta
        over = m["status"] == "over"
        seats = []
        for i, s in enumerate(m["seats"]):
            seats.append(
                {
                    "seat": i,
                    "kind": s["kind"],
                    "user": s.get("user"),
                    "name": s.get("name"),
                    "bot": self.standin.get(i) if s["kind"] == "human" else s.get("bot"),
                    "connected": s["kind"] == "human" and i in self.connected,
                    "standin": i in self.standin,
                }
            )
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": m["players"],
            "options": m["options"],
            "private": bool(m["private"]),
            "status": m["status"],
            "version": self.version,
            "seats": seats,
            "commitment": m["commitment"],
            "seed": m["seed"] if over else None,
            "move_clock": m["move_clock"],
            "created_by": m["created_by"],
            "created_at": m["created_at"],
            "next_table": m["next_table"],
            "result": m["result"] if over else None,
        }

    def clocks(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        st = self.state
        if st is None or st.is_over():
            return out
        for s in st.to_move():
            if self.meta["seats"][s]["kind"] != "human" or s in self.standin:
                continue
            best: tuple[float, str] | None = None
            if st.timeout_action(s) is not None:
                best = (self.changed_at + self.rule_seconds(s), "rule")
            if self.meta["move_clock"]:
                cand = (self.changed_at + float(self.meta["move_clock"]), "move")
                best = cand if best is None or cand < best else best
            if best is not None:
                out[str(s)] = {"deadline": round(best[0], 3), "kind": best[1]}
        here = {c.seat for c in self.conns}  # connected to this process, maybe not yet told
        for s, since in self.absent_since.items():
            if s in here or s in self.standin or s in self.connected or str(s) in out:
                continue
            out[str(s)] = {"deadline": round(since + self.hub.settings.grace, 3),
                           "kind": "absence"}  # fmt: skip
        return out

    def rule_seconds(self, seat: int) -> float:
        """The rule book's timer: the game's ``timer_seconds(seat)`` when it has one."""
        fn = getattr(self.state, "timer_seconds", None)
        if callable(fn):
            with contextlib.suppress(Exception):
                value = fn(seat)
                if isinstance(value, int | float) and value > 0:
                    return float(value)
        return self.hub.settings.rule_clock

    def welcome(self, conn: Conn) -> dict[str, Any]:
        st = self.state
        view = None
        legal: list[dict[str, Any]] = []
        to_move: list[int] = []
        if st is not None:
            view = st.view(conn.seat)
            to_move = sorted(st.to_move())
            if conn.seat is not None:
                legal = self.offered_for(conn.seat)
        muted = self.mutes.get(conn.user_id or "", set())
        return {
            "type": "welcome",
            "version": self.version,
            "table": self.table_dict(),
            "you": {
                "user": _public_user(conn.user),
                "seat": conn.seat,
                "role": "player" if conn.seat is not None else "spectator",
            },
            "view": view,
            "legal": legal,
            "to_move": to_move,
            "clocks": self.clocks(),
            "chat": [c for c in self.chat_tail if c["user"] not in muted],
            "muted": sorted(muted),
            **self._game_clock_field(),
        }

    def _game_clock_field(self) -> dict[str, Any]:
        gc = self.game_clock_msg()
        return {} if gc is None else {"game_clock": gc}

    def send_all(self, msg: dict[str, Any]) -> None:
        text = dumps(msg)
        for c in self.conns:
            c.send(text)

    def broadcast_table(self) -> None:
        self.send_all({"type": "table", "version": self.version, "table": self.table_dict()})

    def broadcast_update(
        self,
        seat: int | None,
        actor: str,
        events: list[dict[str, Any]],
        origin: Conn | None = None,
        ref: str | None = None,
    ) -> None:
        st = self.state
        assert st is not None
        to_move = sorted(st.to_move())
        clocks = self.clocks()
        game_clock = self.game_clock_msg()
        cache: dict[int | None, str] = {}
        for c in self.conns:
            if c is origin and ref is not None:
                msg = self._update(st, c.seat, seat, actor, events, to_move, clocks, ref)
                if game_clock is not None:
                    msg["game_clock"] = game_clock
                c.send(dumps(msg))
                continue
            if c.seat not in cache:
                msg = self._update(st, c.seat, seat, actor, events, to_move, clocks, None)
                if game_clock is not None:
                    msg["game_clock"] = game_clock
                cache[c.seat] = dumps(msg)
            c.send(cache[c.seat])
        self.drop_lists()

    def _update(
        self,
        st: State,
        viewer: int | None,
        seat: int | None,
        actor: str,
        events: list[dict[str, Any]],
        to_move: list[int],
        clocks: dict[str, Any],
        ref: str | None,
    ) -> dict[str, Any]:
        msg: dict[str, Any] = {
            "type": "update",
            "version": self.version,
            "seat": seat,
            "actor": actor,
            "events": events,
            "view": st.view(viewer),
            "legal": self.offered_for(viewer) if viewer is not None else [],
            "to_move": to_move,
            "clocks": clocks,
        }
        if ref is not None:
            msg["ref"] = ref
        return msg

    def over_msg(self) -> dict[str, Any]:
        st = self.state
        assert st is not None
        return {
            "type": "over",
            "version": self.version,
            "result": st.result().to_dict(),
            "seed": str(st.seed),
            "commitment": commitment(st.seed),
            "record_url": f"/api/tables/{self.id}/record",
            "verify_url": f"/api/tables/{self.id}/verify",
        }

    def local_over(self) -> None:
        """This copy reached the end: everyone here learns the result and the seed."""
        if self.meta["status"] != "over":
            assert self.state is not None
            self.meta["status"] = "over"
            self.meta["result"] = self.state.result().to_dict()
            self.meta["finished_at"] = time.time()
            self.send_all(self.over_msg())
            self.cancel_timers()

    # -- connections ------------------------------------------------------------------------
    async def attach(self, conn: Conn) -> None:
        async with self.lock:  # never a state whose action is not stored yet
            await self.ensure_legal()
            conn.seat = self.seat_of(conn.user_id)
            self.conns.add(conn)
            conn.send(dumps(self.welcome(conn)))
        if conn.seat is not None:
            await self.hub.seat_connected(self, conn.seat)

    async def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.idle_since = time.monotonic()
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
            await self.hub.seat_disconnected(self, conn.seat)

    async def handle(self, conn: Conn, text: str) -> None:
        """One message from a client: checked, limited, then acted on; refusals change nothing."""
        s = self.hub.settings
        err: dict[str, Any] | None = None
        if len(text.encode("utf-8")) > s.max_message:
            err = error_msg("too_large", self.version, s.max_message)
        elif not conn.allow(s.rate, s.burst):
            err = error_msg("rate_limited", self.version)
        else:
            try:
                msg = json.loads(text)
            except (ValueError, RecursionError):
                msg = None
            why = check_client(msg) if msg is not None else "not JSON"
            if why is not None:
                err = error_msg("malformed", self.version, why)
            else:
                err = await self.dispatch(conn, msg)
        if err is None:
            conn.refusals = 0
            return
        conn.refusals += 1
        conn.send(dumps(err))
        if conn.refusals > s.max_refusals:
            conn.close(1008)

    async def dispatch(self, conn: Conn, msg: dict[str, Any]) -> dict[str, Any] | None:
        kind = msg["type"]
        if kind == "action":
            ref = msg.get("id")
            if conn.seat is None:
                return error_msg("not_seated", self.version, ref=ref)
            return await self.act(
                conn.seat, msg["action"], "player", msg["version"], origin=conn, ref=ref
            )
        if kind == "chat":
            if conn.user is None:
                return error_msg("not_seated", self.version)
            await self.hub.post_chat(self, conn, msg["text"])
            return None
        if kind == "mute":
            if conn.user is None:
                return error_msg("not_seated", self.version)
            muted = self.mutes.setdefault(conn.user["id"], set())
            if msg["muted"]:
                muted.add(msg["user"])
            else:
                muted.discard(msg["user"])
            return None
        if kind == "sync":
            async with self.lock:
                await self.ensure_legal()
                conn.send(dumps(self.welcome(conn)))
            return None
        pong: dict[str, Any] = {"type": "pong", "version": self.version}
        if "id" in msg:
            pong["ref"] = msg["id"]
        conn.send(dumps(pong))
        return None

    # -- actions ----------------------------------------------------------------------------
    async def act(
        self,
        seat: int,
        action: dict[str, Any],
        actor: str,
        expect: int,
        origin: Conn | None = None,
        ref: str | None = None,
    ) -> dict[str, Any] | None:
        """Judge, store, then broadcast one action of ``seat``; an error message if refused."""
        async with self.lock:
            st = self.state
            if st is None:
                return error_msg("not_started", self.version, ref=ref)
            if st.is_over():
                return error_msg("over", self.version, ref=ref)
            if expect != self.version:
                return error_msg("stale_version", self.version, self.version, ref=ref)
            if seat is not None:  # None: the arbiter (the game clock), for the driver only
                if seat not in st.to_move():
                    return error_msg("not_your_turn", self.version, ref=ref)
                if actor == "player":
                    refused = self.unoffered(seat, action, ref)
                    if refused is not None:
                        return refused
                wait = self.wait_left(seat, action)
                if wait is not None:
                    return too_early(self.version, wait[0], wait[1], ref)
            try:
                events = st.apply(seat, action)
            except LudoError as exc:
                code = "illegal" if isinstance(exc, IllegalAction) else "invalid"
                return error_msg(code, self.version, ref=ref, exc=exc)
            except Exception as exc:  # an engine that choked on hostile input: start afresh
                log.warning("table %s: engine error on %r: %r", self.id, action, exc)
                await self.rebuild()
                err = LudoError(f"action refusée : {exc!r}", f"action refused: {exc!r}")
                return error_msg("invalid", self.version, ref=ref, exc=err)
            seq = self.version + 1
            # the next legal actions are worked out while the action is being stored
            movers = [s for s in sorted(st.to_move()) if self.needs_legal(s)]
            fast = self.legal_is_fast()
            next_legal = self.legal_now(st, movers) if fast else {}
            slow = None if fast else asyncio.ensure_future(self.compute_legal(st, movers))
            at = time.time()
            try:
                stored = await self.hub.store.append(self.id, seq, seat, action, actor, at)
                if slow is not None:
                    next_legal = await slow
            except Exception:
                log.exception("table %s: could not store action %d", self.id, seq)
                await self.rebuild()
                return error_msg("conflict", self.version, ref=ref)
            if not stored:  # another process accepted an action at this version first
                await self.rebuild()
                await self.catch_up_after_rebuild()
                return error_msg("stale_version", self.version, self.version, ref=ref)
            self.version = seq
            self._legal = (seq, next_legal)
            self.reached(at)
            self.broadcast_update(seat, actor, events, origin, ref)
            await self.hub.bus.publish(
                self.id,
                {"kind": "action", "seq": seq, "seat": seat, "action": action, "actor": actor,
                 "origin": self.hub.name, "at": at},
            )  # fmt: skip
            if st.is_over():
                await self.hub.finish(self)
                self.local_over()
            self.schedule()
        return None

    async def catch_up_after_rebuild(self) -> None:
        """After a rebuild the connections may have missed versions: send each a welcome."""
        await self.ensure_legal()
        for c in self.conns:
            c.send(dumps(self.welcome(c)))

    async def remote_action(self, msg: dict[str, Any]) -> None:
        """An action another process accepted (and stored)."""
        async with self.lock:
            if self.state is None or msg["seq"] <= self.version:
                return
            if msg["seq"] > self.version + 1:
                await self.catch_up()
            else:
                events = self.state.apply(msg["seat"], msg["action"])
                self.version = msg["seq"]
                self.reached(float(msg.get("at") or time.time()))
                await self.ensure_legal()
                self.broadcast_update(msg["seat"], msg["actor"], events)
                if self.state.is_over():
                    self.local_over()
            self.schedule()

    # -- driving: bots, clocks, stand-ins ----------------------------------------------------
    def cancel_timers(self) -> None:
        for h in self.handles:
            h.cancel()
        self.handles.clear()

    def _later(self, delay: float, coro_fn: Any, *args: Any) -> None:
        loop = asyncio.get_running_loop()

        def fire() -> None:
            task = loop.create_task(coro_fn(*args))
            self.hub.tasks.add(task)
            task.add_done_callback(self.hub.tasks.discard)

        self.handles.append(loop.call_later(max(0.0, delay), fire))

    def make_bot(self, seat: int, name: str) -> botlib.Bot:
        seed = int(self.meta["seed"] or 0) * 31 + seat
        return botlib.make(self.game.name, name, seed=seed)

    def start_driving(self) -> None:
        self.driving = True
        now = time.time()
        for i, s in enumerate(self.meta["seats"]):
            if s["kind"] == "bot" and i not in self.bots:
                self.bots[i] = self.make_bot(i, s["bot"])
            if s["kind"] == "human" and i not in self.connected:
                self.absent_since.setdefault(i, now)
        for i, name in self.standin.items():
            if i not in self.bots:
                self.bots[i] = self.make_bot(i, name)
        self.schedule()

    def stop_driving(self) -> None:
        self.driving = False
        self.cancel_timers()

    def schedule(self) -> None:
        """Set the timers of this version: bots to move, clocks, absence grace periods."""
        self.cancel_timers()
        st = self.state
        if not self.driving or st is None or st.is_over():
            return
        now = time.time()
        v = self.version
        for s in sorted(st.to_move()):
            if self.meta["seats"][s]["kind"] == "bot" or s in self.standin:
                self._later(self.hub.settings.bot_delay, self.bot_turn, s, v)
        for key, clock in self.clocks().items():
            s = int(key)
            if clock["kind"] == "absence":
                self._later(clock["deadline"] - now, self.absence_over, s)
            else:
                self._later(clock["deadline"] - now, self.clock_over, s, v, clock["kind"])
        game_clock = self.game_clock()
        if game_clock is not None:
            self._later(game_clock[0] - now, self.game_clock_over, v)

    async def game_clock_over(self, expect: int) -> None:
        """The clock on the whole game ran out: the arbiter's action (seat None), stored and
        broadcast like any other (``actor: "clock"``)."""
        if not self.driving or self.version != expect:
            return
        clock = self.game_clock()
        if clock is None:
            return
        if clock[0] > time.time() + 0.01:  # not yet (a timer that fired early): set again
            self._later(clock[0] - time.time(), self.game_clock_over, expect)
            return
        err = await self.act(None, clock[2], "clock", expect)
        if err is not None and err["code"] != "stale_version":
            log.warning("table %s: the game clock's action was refused: %s", self.id,
                        err["message_en"])  # fmt: skip

    async def when_allowed(self, seat: int, action: dict[str, Any]) -> None:
        """Wait out the rule book's minimum before a bot's or a clock's action."""
        wait = self.wait_left(seat, action)
        if wait is not None:
            await asyncio.sleep(wait[1] + 0.005)

    async def bot_turn(self, seat: int, expect: int) -> None:
        st = self.state
        if not self.driving or st is None or self.version != expect or seat not in st.to_move():
            return
        bot = self.bots.get(seat)
        if bot is None:
            return
        async with self.lock:
            if self.version != expect:
                return
            await self.ensure_legal()
            view, legal = st.view(seat), self.legal_for(seat)
        if not legal:
            return
        try:
            action = await asyncio.to_thread(bot.act, view, legal)
        except Exception:
            log.exception("table %s: bot %s failed; it plays at random", self.id, bot.name)
            action = random.choice(legal)
        actor = "standin" if seat in self.standin else "bot"
        await self.when_allowed(seat, action)
        err = await self.act(seat, action, actor, expect)
        if err is not None and err["code"] in ("illegal", "invalid"):
            log.warning("table %s: bot %s refused (%s); plays at random", self.id, bot.name,
                        err["message_en"])  # fmt: skip
            await self.act(seat, random.choice(legal), actor, expect)

    async def clock_over(self, seat: int, expect: int, kind: str) -> None:
        """A rule-book timer or the table's move clock ran out for ``seat``."""
        st = self.state
        if not self.driving or st is None or self.version != expect or seat not in st.to_move():
            return
        async with self.lock:
            if self.version != expect:
                return
            await self.ensure_legal()
            action = st.timeout_action(seat)
            view, legal = st.view(seat), self.legal_for(seat)
        actor = "timeout" if kind == "rule" else "clock"
        if action is None:  # a move clock where the rules name no default: the stand-in decides
            if not legal:
                return
            bot = self.make_bot(seat, self.standin_bot())
            action = await asyncio.to_thread(bot.act, view, legal)
        await self.when_allowed(seat, action)
        await self.act(seat, action, actor, expect)

    def standin_bot(self) -> str:
        name = self.hub.settings.standin_bot or self.game.default_bot(self.game_options())
        return name if name in botlib.available(self.game.name) else "random"

    def game_options(self) -> Any:
        return self.game.Options.from_dict(self.meta["options"])

    async def absence_over(self, seat: int) -> None:
        if not self.driving or seat in self.connected or seat in self.standin:
            return
        if self.state is None or self.state.is_over():
            return
        await self.hub.set_standin(self, seat, True)

    def presence_changed(self, connected: set[int], standin: dict[int, str]) -> bool:
        changed = connected != self.connected or standin != self.standin
        now = time.time()
        for s in self.connected - connected:
            self.absent_since[s] = now
        for s in connected:
            self.absent_since.pop(s, None)
        self.connected, self.standin = set(connected), dict(standin)
        for s, name in standin.items():
            if s not in self.bots or getattr(self.bots[s], "name", None) != name:
                self.bots[s] = self.make_bot(s, name)
        return changed


def _public_user(user: dict[str, Any] | None) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user["id"], "name": user["name"], "guest": bool(user["guest"])}


def new_id() -> str:
    return secrets.token_urlsafe(9)


def deal_values() -> tuple[str, str]:
    seed = fresh_seed()
    return str(seed), commitment(seed)


def select_actions(table_id: str, after: int) -> sa.Select[Any]:
    return (
        sa.select(db.actions)
        .where(db.actions.c.table_id == table_id, db.actions.c.seq > after)
        .order_by(db.actions.c.seq)
    )
