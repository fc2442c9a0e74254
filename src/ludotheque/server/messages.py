"""A table's messages: the wire texts and refusals, one connection (its queue and rate limit),
and what a room says to its connections and how it answers theirs."""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import orjson

from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import State
from ludotheque.engine.rng import commitment
from ludotheque.server.guard import RAW_SEND
from ludotheque.server.parts import RoomParts
from ludotheque.server.protocol import check_client, clean_json, loads_strict
from ludotheque.server.websocket import SEND_SOON

if TYPE_CHECKING:
    from collections.abc import Callable

    from fastapi import WebSocket
    from starlette.types import Send

    from ludotheque.server.rooms import RoomHost

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


# A client's text must be JSON as RFC 8259 writes it (server/protocol.loads_strict).
STRICT = "not strict JSON (NaN, Infinity and lone UTF-16 surrogates are refused)"

_ENCODER = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))


def dumps(msg: dict[str, Any]) -> str:
    """A message's text, compact UTF-8 JSON. orjson writes it 5–10 times faster than the
    standard encoder (updates are most of the server's encoding, docs/server.md). Keys that
    are not strings (a game's own dicts keyed by seat) need orjson's option for them, which
    costs a fifth more on every message: tried only when the plain call refuses; what both
    refuse (an integer beyond 64 bits) goes through the standard encoder."""
    try:
        return orjson.dumps(msg).decode()
    except TypeError:
        pass
    try:
        return orjson.dumps(msg, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # a lone surrogate (stored before it was refused) is written U+FFFD
        return _ENCODER.encode(clean_json(msg))


# What one connection may have waiting to be sent, in characters: a client that reads
# nothing (while asking for welcomes) is let go past it, instead of holding the server's memory.
MAX_QUEUED = 8_000_000


class Conn:
    """One WebSocket at one table: who it is, which seat, its send queue and its limits."""

    def __init__(self, ws: WebSocket | None, user: dict[str, Any] | None, host: RoomHost) -> None:
        self.ws = ws
        self.user = user
        self.address = ws.client.host if ws is not None and ws.client else ""
        self.seat: int | None = None
        # What is to be sent, in order (None: close). A deque and one future the writer waits
        # on when it is empty: asyncio.Queue's bookkeeping cost as much again per message.
        self.queue: deque[str | None] = deque()
        self.queued = 0  # characters in ``queue``
        self._wake: asyncio.Future[None] | None = None
        # The socket's own short path (server/websocket.py): when nothing waits before it, a
        # message is framed and written with the others' (one write per connection), without
        # waking the writer; ``_busy`` while the writer holds one it has taken off the queue.
        extensions = (ws.scope.get("extensions") or {}) if ws is not None else {}
        self.send_soon: Callable[[str], bool] | None = extensions.get(SEND_SOON)
        self._busy = False
        self.tokens = host.settings.burst
        self.stamp = time.monotonic()
        self.refusals = 0
        self.closed = False
        self.close_code: int | None = None

    @property
    def user_id(self) -> str | None:
        return self.user["id"] if self.user else None

    def _put(self, text: str | None) -> None:
        send_soon = self.send_soon
        idle = not self.queue and not self._busy
        if send_soon is not None and text is not None and idle and send_soon(text):
            return
        self.queue.append(text)
        if text is not None:
            self.queued += len(text)
        wake = self._wake
        if wake is not None and not wake.done():
            wake.set_result(None)

    def send(self, text: str) -> None:
        if not self.closed:
            # A client that does not read: let it go.
            if len(self.queue) > 2000 or self.queued + len(text) > MAX_QUEUED:
                self.close(1008)
                return
            self._put(text)

    def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            self.close_code = code
            self._put(None)

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
        """Send what is queued, in order, then close. Messages go to the ASGI server's own
        send when the middleware left it in the scope (guard.Guard), else through
        Starlette's WebSocket."""
        ws = self.ws
        assert ws is not None
        raw: Send | None = ws.scope.get(RAW_SEND)
        queue = self.queue
        while True:
            while not queue:
                self._wake = asyncio.get_running_loop().create_future()
                await self._wake
            text = queue.popleft()
            if text is not None:
                self.queued -= len(text)
            if text is None:
                with contextlib.suppress(Exception):
                    await ws.close(code=self.close_code or 1000)
                return
            self._busy = True
            try:
                if raw is not None:
                    await raw({"type": "websocket.send", "text": text})
                else:
                    await ws.send_text(text)
            finally:
                self._busy = False


def public_user(user: dict[str, Any] | None) -> dict[str, Any] | None:
    if user is None:
        return None
    return {"id": user["id"], "name": user["name"], "guest": bool(user["guest"])}


class Messaging(RoomParts):
    """Part of ``Room``: the welcome, the broadcasts, and a client's messages checked, limited
    and dispatched (actions go to the pipeline, ``Room.act``)."""

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
        absent = self.absence_deadlines() if self.in_play() else {}
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
                    # Away, within his grace period: when a stand-in takes his seat.
                    "absent_until": round(absent[i], 3) if i in absent else None,
                    "left": i in self.left,
                }
            )
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": m["players"],
            "options": m["options"],
            # Which table this is in words (docs/defaults.md): default, a variant, chosen.
            "kind": self.kind[0],
            "kind_en": self.kind[1],
            "private": bool(m["private"]),
            "status": m["status"],
            "version": self.version,
            "seats": seats,
            "commitment": m["commitment"],
            "seed": m["seed"] if over else None,
            "server_seed": _server_seed(m) if over else None,
            "contributions": m.get("contributions") or [None] * m["players"],
            "move_clock": m["move_clock"],
            "created_by": m["created_by"],
            "created_at": m["created_at"],
            # A private table's rematch is private too: its players learn it (the ``again``
            # message, POST /again), not whoever watches or lists this one.
            "next_table": None if m["private"] else m["next_table"],
            "tournament": m.get("tournament"),
            "result": m["result"] if over else None,
        }

    def welcome(self, conn: Conn) -> dict[str, Any]:
        st = self.state
        view = None
        legal: list[dict[str, Any]] = []
        to_move: list[int] = []
        if st is not None:
            view = st.view(conn.seat)
        if st is not None and self.in_play():
            to_move = sorted(st.to_move())
            if conn.seat is not None:
                legal = self.offered_for(conn.seat)
        muted = self.mutes.get(conn.user_id or "", set())
        return {
            "type": "welcome",
            "version": self.version,
            "table": self.table_dict(),
            "you": {
                "user": public_user(conn.user),
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
        clocks: dict[str, dict[str, Any]] | None = None,
    ) -> None:
        """Each connection's update of this version; ``clocks``: this version's, when the
        caller worked them out just now for its timers too."""
        st = self.state
        assert st is not None
        to_move = sorted(st.to_move())
        if clocks is None:
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
            "server_seed": _server_seed(self.meta) or str(st.seed),
            "contributions": self.meta.get("contributions") or [None] * st.players,
            "commitment": self.meta.get("commitment") or commitment(st.seed),
            "record_url": f"/api/tables/{self.id}/record",
            "verify_url": f"/api/tables/{self.id}/verify",
        }

    async def attach(self, conn: Conn) -> None:
        async with self.lock:  # never a state whose action is not stored yet
            await self.ensure_legal()
            conn.seat = self.seat_of(conn.user_id)
            self.conns.add(conn)
            conn.send(dumps(self.welcome(conn)))
        if conn.seat is not None:
            await self.host.seat_connected(self, conn.seat)

    async def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        self.idle_since = time.monotonic()
        if conn.seat is not None and not any(c.seat == conn.seat for c in self.conns):
            await self.host.seat_disconnected(self, conn.seat)

    async def handle(self, conn: Conn, text: str) -> None:
        """One message from a client: checked, limited, then acted on; refusals change nothing."""
        s = self.host.settings
        err: dict[str, Any] | None = None
        if len(text) * 4 > s.max_message and len(text.encode("utf-8")) > s.max_message:
            err = error_msg("too_large", self.version, s.max_message)
        elif not conn.allow(s.rate, s.burst) or not self.host.admit_message(conn):
            err = error_msg("rate_limited", self.version)
        else:
            try:
                msg = loads_strict(text)
            except (ValueError, RecursionError):
                msg = None
            why = check_client(msg) if msg is not None else STRICT
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
            await self.host.post_chat(self, conn, msg["text"])
            return None
        if kind == "mute":
            if conn.user is None:
                return error_msg("not_seated", self.version)
            muted = self.mutes.setdefault(conn.user["id"], set())
            if msg["muted"]:
                # Only a player of the table or someone whose lines are here can be muted:
                # made-up ids would be kept and sent back in every welcome.
                known = any(s.get("user") == msg["user"] for s in self.meta["seats"]) or any(
                    c["user"] == msg["user"] for c in self.chat_tail
                )
                if known and len(muted) < 200:
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


def _server_seed(meta: Mapping[str, Any]) -> str | None:
    """The server's seed of a table: the deal's own when the table was dealt from it alone
    (opened before the players' seeds existed, 0004)."""
    server = meta.get("server_seed") or meta.get("seed")
    return None if server is None else str(server)
