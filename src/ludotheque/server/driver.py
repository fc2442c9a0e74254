"""A table's driver (the process holding its lease): bots, the rule-book and move clocks, the
clock on the whole game, and the stand-ins of absent players."""

from __future__ import annotations

import asyncio
import heapq
import itertools
import logging
import random
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

from ludotheque import bots as botlib
from ludotheque.engine.options import shown
from ludotheque.server.limits import MAX_GAME_CLOCK, MAX_MOVE_CLOCK, MIN_RULE_CLOCK
from ludotheque.server.parts import RoomParts

if TYPE_CHECKING:
    pass

log = logging.getLogger("ludotheque.server")

T = TypeVar("T")


class BotPool:
    """Where the bots of a process think: off the event loop, on their own threads (never the
    ones that list a person's legal actions or reach the database), within a CPU budget.

    A search runs on one of ``workers`` threads. Searches for tables where people sit go
    first, and are what those people wait for; after a search for an all-bot table its thread
    rests until that search is at most ``share`` of its time (0.3 s of CPU at share 0.5 rests
    0.3 s), so however many all-bot tables play, the event loop — people's actions — keeps the
    GIL most of the time and all-bot tables simply play slower.
    """

    def __init__(self, workers: int, share: float) -> None:
        self.workers = max(1, workers)
        self.share = min(1.0, max(0.05, share))
        self.executor = ThreadPoolExecutor(self.workers, thread_name_prefix="ludo-bot")
        self._queue: list[tuple[int, int, Callable[[], Any], asyncio.Future[Any]]] = []
        self._order = itertools.count()
        self._free = self.workers
        self._tasks: set[asyncio.Task[None]] = set()
        self.cpu = 0.0  # CPU seconds the bots used (figures for /api/health and the bench)
        self.done = 0

    async def run(self, fn: Callable[[], T], people: bool) -> T:
        fut: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        heapq.heappush(self._queue, (0 if people else 1, next(self._order), fn, fut))
        self._start()
        return await fut

    def waiting(self) -> int:
        return len(self._queue)

    def _start(self) -> None:
        loop = asyncio.get_running_loop()
        while self._free > 0 and self._queue:
            rank, _, fn, fut = heapq.heappop(self._queue)
            if fut.done():  # its table gave up waiting
                continue
            self._free -= 1
            task = loop.create_task(self._one(fn, fut, rank == 0))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _one(self, fn: Callable[[], Any], fut: asyncio.Future[Any], people: bool) -> None:
        used = 0.0
        try:
            used, value = await asyncio.get_running_loop().run_in_executor(
                self.executor, _timed, fn
            )
            if not fut.done():
                fut.set_result(value)
        except Exception as exc:
            if not fut.done():
                fut.set_exception(exc)
        finally:
            self.cpu += used
            self.done += 1
            rest = 0.0 if people else used * (1.0 / self.share - 1.0)
            try:
                if rest > 0:
                    await asyncio.sleep(min(rest, 5.0))
            finally:
                self._free += 1
                self._start()

    def close(self) -> None:
        for _, _, _, fut in self._queue:
            fut.cancel()
        self._queue.clear()
        self.executor.shutdown(wait=False, cancel_futures=True)


def _timed(fn: Callable[[], T]) -> tuple[float, T]:
    t0 = time.thread_time()
    value = fn()
    return time.thread_time() - t0, value


class Driver(RoomParts):
    """Part of ``Room``: the timers of each version and what fires them."""

    def plays_here(self, seat: int) -> bool:
        return self.meta["seats"][seat]["kind"] == "bot" or seat in self.standin

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
        # A stored row may hold a length no clock can run (an integer of a thousand digits
        # crashed the start-up): past MAX_GAME_CLOCK there is no clock, and the log says why.
        if not isinstance(seconds, int | float) or not 0 < seconds <= MAX_GAME_CLOCK:
            log.warning(
                "table %s: game clock of %s s ignored (at most %g s)",
                self.id,
                shown(seconds),
                MAX_GAME_CLOCK,
            )
            return None
        return self.started_at() + float(seconds), float(seconds), action

    def game_clock_msg(self) -> dict[str, Any] | None:
        clock = self.game_clock()
        if clock is None:
            return None
        return {"deadline": round(clock[0], 3), "limit_s": clock[1]}

    def clocks(self) -> dict[str, dict[str, Any]]:
        out: dict[str, dict[str, Any]] = {}
        st = self.state
        if st is None or not self.in_play():
            return out
        for s in st.to_move():
            if self.meta["seats"][s]["kind"] != "human" or s in self.standin:
                continue
            best: tuple[float, str] | None = None
            # The rule book's timer, when the game gives its length; when it does not, the
            # table's move clock is that length if it has one (a slow reader sets a long one),
            # else the server's --rule-clock.
            timed = st.timer_seconds(s)
            if st.timeout_action(s) is not None and (
                (timed is not None and timed > 0) or not self.meta["move_clock"]
            ):
                best = (self.changed_at + self.rule_seconds(s), "rule")
            if self.meta["move_clock"]:
                least = self.host.settings.min_move_clock  # a row stored before the bound
                seconds = min(max(float(self.meta["move_clock"]), least), MAX_MOVE_CLOCK)
                cand = (self.changed_at + seconds, "move")
                best = cand if best is None or cand < best else best
            if best is not None:
                out[str(s)] = {"deadline": round(best[0], 3), "kind": best[1]}
        for s, deadline in self.absence_deadlines().items():
            if str(s) not in out:  # shown where no other clock runs; timed apart (schedule)
                out[str(s)] = {"deadline": round(deadline, 3), "kind": "absence"}
        return out

    def absence_deadlines(self) -> dict[int, float]:
        """When a stand-in takes each absent person's seat: the end of his grace period,
        whatever other clock runs on his decision (a move clock did not delay it: a stand-in
        came at 37.7 s for a 30 s grace, issue 17)."""
        if not self.absent_since:  # everyone is here (most of the time: a cheap answer)
            return {}
        here = {c.seat for c in self.conns}  # connected to this process, maybe not yet told
        grace = self.meta.get("grace") or self.host.settings.grace  # a tournament's own
        return {
            s: since + grace
            for s, since in self.absent_since.items()
            if s not in here and s not in self.standin and s not in self.connected
        }

    def rule_seconds(self, seat: int) -> float:
        """The rule book's timer: the game's ``timer_seconds(seat)`` when it has one."""
        assert self.state is not None
        value = self.state.timer_seconds(seat)
        if value is not None and value > 0:
            return min(max(float(value), MIN_RULE_CLOCK), MAX_GAME_CLOCK)
        return self.host.settings.rule_clock

    def cancel_timers(self) -> None:
        for h in self.handles:
            h.cancel()
        self.handles.clear()

    def _later(self, delay: float, coro_fn: Any, *args: Any) -> None:
        loop = asyncio.get_running_loop()

        def fire() -> None:
            self.host.spawn(coro_fn(*args))

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

    def schedule(self, clocks: dict[str, dict[str, Any]] | None = None) -> None:
        """Set the timers of this version: bots to move, clocks, absence grace periods;
        ``clocks``: this version's, when the caller worked them out just now."""
        self.cancel_timers()
        st = self.state
        if not self.driving or st is None or st.is_over():
            return
        now = time.time()
        v = self.version
        for s in sorted(st.to_move()):
            if self.meta["seats"][s]["kind"] == "bot" or s in self.standin:
                self._later(self.host.settings.bot_delay, self.bot_turn, s, v)
        for key, clock in (self.clocks() if clocks is None else clocks).items():
            if clock["kind"] != "absence":
                self._later(clock["deadline"] - now, self.clock_over, int(key), v, clock["kind"])
        # Absences are timed apart, whatever other clock runs on the decision (a move clock
        # delayed the stand-in, issue 17; a tournament's manche is lost by absence).
        for s, deadline in self.absence_deadlines().items():
            self._later(deadline - now, self.absence_over, s)
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
            log.warning(
                "table %s: the game clock's action was refused: %s", self.id, err["message_en"]
            )

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
        standin = seat in self.standin
        async with self.lock:
            if self.version != expect:
                return
            await self.ensure_legal()
            view, legal = st.view(seat), self.legal_for(seat)
            modest = self.modest_choice(seat, legal) if standin else None
        if not legal:
            return
        if modest is not None:
            action = modest
        else:
            try:
                action = await self.host.think(bot.act, view, legal, people=self.has_people())
            except Exception:
                log.exception("table %s: bot %s failed; it plays at random", self.id, bot.name)
                action = random.choice(legal)
        if self.version != expect:
            return
        actor = "standin" if standin else "bot"
        await self.when_allowed(seat, action)
        pace = self.pace_left(seat, action)
        if pace > 0:  # the table's pace for its bots; a person who acts meanwhile goes first
            await asyncio.sleep(pace)
            if self.version != expect:
                return
        err = await self.act(seat, action, actor, expect)
        if err is not None and err["code"] in ("illegal", "invalid"):
            log.warning(
                "table %s: bot %s refused (%s); plays at random",
                self.id,
                bot.name,
                err["message_en"],
            )
            await self.act(seat, random.choice(legal), actor, expect)

    def pace_left(self, seat: int, action: dict[str, Any]) -> float:
        """Seconds a bot still waits before ``action``: the game's ``bot_pace``, counted from
        the version it names (0 when it names none or it is over)."""
        st = self.state
        if st is None or self.times is None:
            return 0.0
        try:
            pace = st.bot_pace(seat, action)
        except Exception:  # a bot's malformed action: the engine will say why
            return 0.0
        if pace is None:
            return 0.0
        seconds, since = pace
        if not 0 <= since < len(self.times):
            return 0.0
        return max(0.0, self.times[since] + float(seconds) - time.time())

    def modest_choice(self, seat: int, legal: list[dict[str, Any]]) -> dict[str, Any] | None:
        """What a stand-in plays instead of asking its bot, when the decision is the game's
        skill: the game offers the player's client forms to fill in instead of its legal list
        (AlphaPoker's showdown word, Alkamo's word, a claim at the Bataille or the Belote), so
        the answers are the player's to find, and a bot that finds them would play better than
        he could be expected to. Then: the rule book's timeout action when there is one, else
        a pass when legal (no answer to find; the Bataille offers a live table none during
        play, and the empty claim there costs a card), else the first form offered (« no
        word » at AlphaPoker's showdown). None: an ordinary decision, the bot plays it."""
        st = self.state
        assert st is not None
        if st.offers_all_legal:
            return None
        offered = st.offered_actions(seat)
        if offered == legal or not offered:
            return None
        timeout = st.timeout_action(seat)
        if timeout is not None:
            return timeout
        passes = [a for a in legal if a.get("type") in ("pass", "passer")]
        return passes[0] if passes else offered[0]

    def has_people(self) -> bool:
        """Whether a person sits at this table (its bots' searches go before all-bot tables')."""
        return any(s["kind"] == "human" for s in self.meta["seats"])

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
            action = self.modest_choice(seat, legal) or await self.host.think(
                bot.act, view, legal, people=True
            )
        await self.when_allowed(seat, action)
        await self.act(seat, action, actor, expect)

    def standin_bot(self) -> str:
        name = self.host.settings.standin_bot or self.game.default_bot(self.game_options())
        return name if name in botlib.available(self.game.name) else "random"

    def game_options(self) -> Any:
        return self.game.options_type.from_dict(self.meta["options"])

    async def absence_over(self, seat: int) -> None:
        if not self.driving or seat in self.connected or seat in self.standin:
            return
        if self.state is None or self.state.is_over():
            return
        await self.host.set_standin(self, seat, True)

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
