"""A table's action pipeline: the state built from the log, the legal-list cache, and each action
judged, stored (committed before anything is sent), then broadcast and published."""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from ludotheque.engine.errors import IllegalAction, LudoError
from ludotheque.engine.options import shown
from ludotheque.engine.protocol import State
from ludotheque.server.messages import Conn, dumps, error_msg, too_early
from ludotheque.server.parts import ENDED, RoomParts

if TYPE_CHECKING:
    pass

log = logging.getLogger("ludotheque.server")
# What a client is told when the engine failed on his action other than by refusing it.
UNJUDGED = LudoError(
    "action refusée : elle n'a pas pu être jugée", "action refused: it could not be judged"
)

# Seconds the slowest recent legal_actions of each game took; past SLOW_LEGAL, they are worked
# out on a worker thread so the event loop keeps serving the other tables. Counted in this
# thread's CPU time: on a busy machine a fast list preempted by another process measured
# milliseconds of wall time, and every action of that game then paid a thread hop (and the
# GIL's hand-over) for a list of 20 µs. The thread's CPU clock is a system call (the wall
# clock is not): a list is timed on the wall clock, and only a game whose list looked slow
# there has its next lists timed in CPU time (CHECK_CPU), which alone raises its cost.
LEGAL_COST: dict[str, float] = {}
CHECK_CPU: set[str] = set()
SLOW_LEGAL = 0.002


# The action types of the lists a game shares between its states (``shared_legal_actions``),
# worked out once per list instead of at every version: keyed by the list's id, the list kept
# with them so that its id cannot be taken by another; bounded.
_SHARED_TYPES: dict[int, tuple[list[dict[str, Any]], frozenset[str]]] = {}
SHARED_TYPES_MAX = 10_000


def shares_lists(state_type: type[State]) -> bool:
    """Whether a game hands out shared legal lists (it writes ``shared_legal_actions``)."""
    return state_type.shared_legal_actions is not State.shared_legal_actions


def action_types(actions: list[dict[str, Any]], shared: bool) -> frozenset[str]:
    """The types of ``actions``; ``shared``: a list the game shares (never changed)."""
    if not shared or not actions:
        return frozenset(str(a.get("type")) for a in actions)
    known = _SHARED_TYPES.get(id(actions))
    if known is not None and known[0] is actions:
        return known[1]
    types = frozenset(str(a.get("type")) for a in actions)
    if len(_SHARED_TYPES) >= SHARED_TYPES_MAX:
        _SHARED_TYPES.clear()
    _SHARED_TYPES[id(actions)] = (actions, types)
    return types


class Pipeline(RoomParts):
    """Part of ``Room``: building the state, the legal lists of a version, and ``act``."""

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
        # When each version was reached, for the rule book's minimum intervals and the bots'
        # pace (``min_interval``, ``bot_pace``), which count from a version.
        self.times = [self.started_at()] + [float(row["at"]) for row in log_rows]
        if state.is_over() and self.meta["status"] != "over":
            self.meta["status"] = "over"

    async def rebuild(self) -> None:
        """Replay the stored log again (after a conflict with another process)."""
        rows = await self.host.load_log(self.id, 0)
        self.build(rows)
        self.changed_at = time.time()

    async def catch_up(self) -> None:
        """Apply the stored actions this copy has not seen yet, telling the connections."""
        if self.state is None:
            return
        rows = await self.host.load_log(self.id, self.version)
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

    async def catch_up_after_rebuild(self) -> None:
        """After a rebuild the connections may have missed versions: send each a welcome."""
        await self.ensure_legal()
        for c in self.conns:
            c.send(dumps(self.welcome(c)))

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
        # measured there too, so that a game seen slow once (a garbage collection during its
        # list) comes back to the event loop when its lists are fast again
        return await asyncio.get_running_loop().run_in_executor(None, self.legal_now, st, movers)

    def needs_legal(self, seat: int) -> bool:
        """Whether the server itself needs ``seat``'s whole legal list: a bot plays it, or its
        client is shown the legal list because the game offers every legal action."""
        if self.plays_here(seat):
            return True
        assert self.state is not None
        return self.state.offers_all_legal

    def legal_is_fast(self) -> bool:
        return LEGAL_COST.get(self.game.name, 0.0) < SLOW_LEGAL

    def legal_now(self, st: State, movers: list[int]) -> dict[int, list[Any]]:
        name = self.game.name
        if name not in CHECK_CPU:
            t0 = time.perf_counter()
            out = {s: st.shared_legal_actions(s) for s in movers}
            wall = time.perf_counter() - t0  # at least the CPU time it took
            if wall >= SLOW_LEGAL:  # slow, or preempted: the next lists say which
                CHECK_CPU.add(name)
            elif name in LEGAL_COST:
                LEGAL_COST[name] = max(wall, 0.95 * LEGAL_COST[name])
            return out
        t0 = time.thread_time()
        out = {s: st.shared_legal_actions(s) for s in movers}
        cost = time.thread_time() - t0
        LEGAL_COST[name] = max(cost, 0.95 * LEGAL_COST.get(name, 0.0))
        if cost < SLOW_LEGAL:
            CHECK_CPU.discard(name)
        return out

    def legal_for(self, seat: int) -> list[dict[str, Any]]:
        """``legal_actions(seat)`` of this version, computed once (some games take long). The
        game's shared list (``shared_legal_actions``): read it, send it, never change it."""
        version, cache = self._legal
        if version != self.version:
            cache = {}
            self._legal = (self.version, cache)
        if seat not in cache:
            assert self.state is not None
            cache[seat] = self.state.shared_legal_actions(seat)
        return cache[seat]

    def offered_for(self, seat: int) -> list[dict[str, Any]]:
        """What the seat's client is shown: ``offered_actions``, never the best words a legal
        list holds as representatives (bots, on the server, get ``legal_for``)."""
        st = self.state
        assert st is not None
        shared = st.offers_all_legal and shares_lists(type(st))
        # the legal list is computed once for bots and clients alike
        out = self.legal_for(seat) if st.offers_all_legal else st.offered_actions(seat)
        version, types = self._types
        if version != self.version:
            types = {}
            self._types = (self.version, types)
        if seat not in types:
            types[seat] = action_types(out, shared)
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
        if kind in self.state.typed_actions(seat):
            return None  # typed content (a word): the engine judges it and says why
        clock = self.game_clock()
        driver = {clock[2].get("type")} if clock is not None else set()
        timeout = self.state.timeout_action(seat)
        if timeout is not None:
            driver.add(timeout.get("type"))
        code = "driver_only" if kind in driver else "not_offered"
        return error_msg(code, self.version, str(kind)[:64], ref=ref)

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

    def started_at(self) -> float:
        """When play started: the deal's time, stored with the table (so every process and a
        restart count the game clock from the same instant)."""
        return float(self.meta.get("started_at") or self.meta["created_at"])

    def reached(self, at: float) -> None:
        """A new version was reached at ``at`` (unix seconds)."""
        self.changed_at = time.time()
        if self.times is not None:
            self.times.append(at)

    async def act(
        self,
        seat: int | None,
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
            if st.is_over() or self.meta["status"] in ENDED:
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
            except Exception:  # an engine that choked on hostile input: start afresh
                # The client learns that much; what choked stays in the log (never repr(exc)).
                log.exception("table %s: engine error on %s", self.id, shown(action, 300))
                await self.rebuild()
                return error_msg("invalid", self.version, ref=ref, exc=UNJUDGED)
            seq = self.version + 1
            # the next legal actions are worked out while the action is being stored
            movers = [s for s in sorted(st.to_move()) if self.needs_legal(s)]
            fast = self.legal_is_fast()
            next_legal = self.legal_now(st, movers) if fast else {}
            slow = None if fast else asyncio.ensure_future(self.compute_legal(st, movers))
            at = time.time()
            try:
                stored = await self.host.append_action(self.id, seq, seat, action, actor, at)
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
            clocks = self.clocks()  # once for the messages and the timers of this version
            self.broadcast_update(seat, actor, events, origin, ref, clocks)
            self.schedule(clocks)
            try:  # stored and sent here: the other processes catch up at worst at the next one
                await self.host.publish(
                    self.id,
                    {
                        "kind": "action",
                        "seq": seq,
                        "seat": seat,
                        "action": action,
                        "actor": actor,
                        "origin": self.host.name,
                        "at": at,
                    },
                )
            except Exception:
                log.exception("table %s: action %d stored but not published", self.id, seq)
            if st.is_over():
                await self.host.finish(self)
                self.local_over()
        return None

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

    def local_over(self) -> None:
        """This copy reached the end: everyone here learns the result and the seed."""
        if self.meta["status"] != "over":
            assert self.state is not None
            self.meta["status"] = "over"
            self.meta["result"] = self.state.result().to_dict()
            self.meta["finished_at"] = time.time()
            self.send_all(self.over_msg())
            self.cancel_timers()
