"""The fan-out between server processes: one Redis pub/sub channel per table, and who is
connected where. With no Redis (one process), the same interface in memory."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from redis.exceptions import RedisError

from ludotheque.server.protocol import clean_json

log = logging.getLogger("ludotheque.server")

Handler = Callable[[str, dict[str, Any]], Awaitable[None]]
Resync = Callable[[], Awaitable[None]]
CHANNEL = "ludotheque:table:"
PRESENCE = "ludotheque:presence"


class BusDown(Exception):
    """Redis does not answer: who is connected through the other processes is not known."""


class LocalBus:
    """One process: messages go straight back to this process's handler, in order."""

    connected = True  # nothing to lose

    def __init__(self) -> None:
        self._handler: Handler | None = None
        self._presence: dict[str, float] = {}
        self._queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    async def start(self, handler: Handler, resync: Resync | None = None) -> None:
        self._handler = handler
        self._task = asyncio.get_running_loop().create_task(self._pump())

    async def _pump(self) -> None:
        while True:
            table_id, msg = await self._queue.get()
            assert self._handler is not None
            try:
                await self._handler(table_id, msg)
            except Exception:  # one bad message must not stop the pump
                log.exception("bus message for table %s failed", table_id)

    async def publish(self, table_id: str, msg: dict[str, Any]) -> None:
        self._queue.put_nowait((table_id, msg))

    async def touch(self, entries: dict[str, float]) -> None:
        self._presence.update(entries)

    async def forget(self, keys: list[str]) -> None:
        for key in keys:
            self._presence.pop(key, None)

    async def presence(self) -> dict[str, float]:
        return dict(self._presence)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()


class RedisBus:
    """Several processes: each publishes a table's accepted actions, chat, seat changes on the
    table's channel ``ludotheque:table:ID`` and listens to every table channel (a pattern
    subscription); who holds which seat's connection is a hash of last-seen times.

    Redis down: what this process publishes is lost (a table it drives is played on from here,
    every action stored first), what it asks of the presence hash raises ``BusDown``; when the
    subscription is back, ``resync`` reads from the database what the others did meanwhile."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis

        self._redis = aioredis.Redis.from_url(url, decode_responses=True)
        self.connected = False  # the subscription is up (health says so)
        self._pubsub: Any = None
        self._task: asyncio.Task[None] | None = None
        self._handler: Handler | None = None
        self._resync: Resync | None = None
        self._sending = True  # the last publish went out (one log line when that changes)

    async def start(self, handler: Handler, resync: Resync | None = None) -> None:
        self._handler, self._resync = handler, resync
        await self._redis.ping()
        self._pubsub = self._redis.pubsub(ignore_subscribe_messages=True)
        await self._pubsub.psubscribe(CHANNEL + "*")
        self.connected = True
        self._task = asyncio.get_running_loop().create_task(self._listen())

    async def _listen(self) -> None:
        assert self._handler is not None
        wait = 0.5
        while True:
            try:
                async for item in self._pubsub.listen():
                    if item.get("type") != "pmessage":
                        continue
                    table_id = item["channel"][len(CHANNEL) :]
                    try:
                        await self._handler(table_id, json.loads(item["data"]))
                    except Exception:
                        log.exception("bus message for table %s failed", table_id)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the connection dropped: subscribe again and go on
                # One line when it drops and one when it is back (a host found 1,693 lines, 92
                # tracebacks, in 20 s of Redis down); the retries back off to 5 s.
                if self.connected:
                    log.warning("redis unreachable (%s): subscribing again until it answers", exc)
                    self.connected = False
                await asyncio.sleep(wait)
                try:
                    await self._pubsub.psubscribe(CHANNEL + "*")
                except Exception:
                    wait = min(2 * wait, 5.0)
                    continue
                log.warning("redis answers again: subscribed")
                self.connected, wait = True, 0.5
                if self._resync is not None:
                    try:
                        await self._resync()
                    except Exception:
                        log.exception("reading again what was missed while redis was down")

    def _unsent(self, exc: Exception) -> None:
        if self._sending:
            log.warning("redis unreachable (%s): the other processes are not told meanwhile", exc)
            self._sending = False

    def _sent(self) -> None:
        self._sending = True

    async def publish(self, table_id: str, msg: dict[str, Any]) -> None:
        text = json.dumps(msg, ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:  # what Redis cannot carry is replaced, never refused
            text = json.dumps(clean_json(msg), ensure_ascii=False)
        try:
            await self._redis.publish(CHANNEL + table_id, text)
        except (RedisError, OSError) as exc:
            self._unsent(exc)
        else:
            self._sent()

    async def touch(self, entries: dict[str, float]) -> None:
        if entries:
            try:
                # redis-py types the mapping's keys invariantly: str keys are among those it takes
                await self._redis.hset(PRESENCE, mapping=entries)  # type: ignore[arg-type]
            except (RedisError, OSError) as exc:
                self._unsent(exc)

    async def forget(self, keys: list[str]) -> None:
        if keys:
            try:
                await self._redis.hdel(PRESENCE, *keys)
            except (RedisError, OSError) as exc:
                self._unsent(exc)

    async def presence(self) -> dict[str, float]:
        try:
            raw = await self._redis.hgetall(PRESENCE)
        except (RedisError, OSError) as exc:
            self._unsent(exc)
            raise BusDown(str(exc)) from exc
        return {k if isinstance(k, str) else k.decode(): float(v) for k, v in raw.items()}

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
        if self._pubsub is not None:
            await self._pubsub.aclose()
        await self._redis.aclose()
