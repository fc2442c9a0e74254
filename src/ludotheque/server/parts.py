"""What the parts of a table share (``messages``, ``pipeline``, ``driver``; ``rooms.Room`` is
all three): a room's fields and the methods one part calls on another, declared once so that
each part is typed on its own."""

from __future__ import annotations

import asyncio
from collections import deque
from typing import TYPE_CHECKING, Any

from ludotheque import bots as botlib
from ludotheque.engine.protocol import Game, State
from ludotheque.engine.record import STOPPED_ENDINGS

if TYPE_CHECKING:
    from ludotheque.server.messages import Conn
    from ludotheque.server.rooms import RoomHost


# A tournament's manche ended before its game did: lost by forfeit, or stopped by the organiser
# or the round's deadline (server/tournaments.py); its record says so (engine/record.py).
ENDED = STOPPED_ENDINGS


class RoomParts:
    """A table's fields (set by ``Room.__init__``) and the methods its parts call on one another."""

    host: RoomHost
    id: str
    game: Game
    meta: dict[str, Any]
    kind: tuple[str, str]
    state: State | None
    version: int
    conns: set[Conn]
    lock: asyncio.Lock
    driving: bool
    bots: dict[int, botlib.Bot]
    standin: dict[int, str]  # absent human seat → the bot playing for him
    connected: set[int]  # human seats with a live connection (the driver says)
    left: set[int]  # seats whose player left the game, until he connects again
    absent_since: dict[int, float]
    changed_at: float
    handles: list[asyncio.TimerHandle]
    chat_tail: deque[dict[str, Any]]
    mutes: dict[str, set[str]]
    idle_since: float
    # The legal lists of a version, and the types of the actions each seat was offered.
    _legal: tuple[int, dict[int, list[dict[str, Any]]]]
    _types: tuple[int, dict[int, frozenset[str]]]
    times: list[float] | None  # when each version was reached ([0] the deal)

    def in_play(self) -> bool:
        """Someone may still move: dealt, not over, not ended by its tournament."""
        st = self.state
        return st is not None and not st.is_over() and self.meta["status"] not in ENDED

    if TYPE_CHECKING:  # written by one part, called by another
        # -- messages.Messaging
        def welcome(self, conn: Conn) -> dict[str, Any]: ...
        def send_all(self, msg: dict[str, Any]) -> None: ...
        def over_msg(self) -> dict[str, Any]: ...
        def broadcast_update(
            self,
            seat: int | None,
            actor: str,
            events: list[dict[str, Any]],
            origin: Conn | None = None,
            ref: str | None = None,
            clocks: dict[str, dict[str, Any]] | None = None,
        ) -> None: ...

        # -- pipeline.Pipeline
        async def ensure_legal(self) -> None: ...
        def legal_for(self, seat: int) -> list[dict[str, Any]]: ...
        def offered_for(self, seat: int) -> list[dict[str, Any]]: ...
        def drop_lists(self) -> None: ...
        def wait_left(self, seat: int, action: dict[str, Any]) -> tuple[float, float] | None: ...
        def started_at(self) -> float: ...
        async def act(
            self,
            seat: int | None,
            action: dict[str, Any],
            actor: str,
            expect: int,
            origin: Conn | None = None,
            ref: str | None = None,
        ) -> dict[str, Any] | None: ...

        # -- driver.Driver
        def plays_here(self, seat: int) -> bool: ...
        def clocks(self) -> dict[str, dict[str, Any]]: ...
        def absence_deadlines(self) -> dict[int, float]: ...
        def game_clock(self) -> tuple[float, float, dict[str, Any]] | None: ...
        def game_clock_msg(self) -> dict[str, Any] | None: ...
        def schedule(self, clocks: dict[str, dict[str, Any]] | None = None) -> None: ...
        def cancel_timers(self) -> None: ...
