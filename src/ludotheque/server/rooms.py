"""Tables in play: each process keeps a copy of every table it serves or drives.

A table's game state is a pure function of its seed and its action log (ARCHITECTURE principle
1), so every process holding connections at a table keeps its own copy and applies the log in
order. An action is accepted by the process that receives it: the engine judges it, it is
committed to the log as row ``version`` (unique: two processes can never both accept an action
at one version), then it is broadcast to the local connections and published on the bus for the
other processes. One process at a time *drives* a table under a lease in the database: it runs
the bots, the clocks and the absence stand-ins; when it dies, another takes the lease.

The table's code is in parts: ``messages`` (the wire, a connection, what a room says and how it
answers), ``pipeline`` (the state, the legal lists, an action judged, stored and broadcast),
``driver`` (bots, clocks, stand-ins) and ``store`` (its rows). A room reaches its process only
through ``RoomHost``.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import TYPE_CHECKING, Any, Protocol

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import State
from ludotheque.server.driver import Driver
from ludotheque.server.messages import Conn, Messaging, dumps, error_msg
from ludotheque.server.parts import RoomParts
from ludotheque.server.pipeline import Pipeline
from ludotheque.server.store import deal_values, new_id, select_actions

if TYPE_CHECKING:
    from collections.abc import Callable, Coroutine

    from ludotheque.server.config import Settings

__all__ = [
    "Conn",
    "Room",
    "RoomHost",
    "deal_values",
    "dumps",
    "error_msg",
    "new_id",
    "select_actions",
]


class RoomHost(Protocol):
    """What a room asks of its process (the ``Hub``): nothing else."""

    settings: Settings
    name: str  # this process, as it signs what it publishes

    async def load_log(self, table_id: str, after: int) -> list[dict[str, Any]]:
        """The stored actions after version ``after``."""
        ...

    async def append_action(
        self,
        table_id: str,
        seq: int,
        seat: int | None,
        action: dict[str, Any],
        actor: str,
        at: float,
    ) -> bool:
        """Commit action ``seq``; False when another process stored that version first."""
        ...

    async def publish(self, table_id: str, msg: dict[str, Any]) -> None:
        """Tell the other processes (the bus)."""
        ...

    async def think(
        self, act: Callable[[Any, Any], dict[str, Any]], view: Any, legal: Any, people: bool
    ) -> dict[str, Any]:
        """A bot's search ``act(view, legal)``, within the process's budget for bots (tables
        where ``people`` sit first); never on the threads a person's action waits for."""
        ...

    def spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        """Run a task the process cancels when it stops."""
        ...

    async def finish(self, room: RoomParts) -> None:
        """Store the result and the ratings of a table that is over."""
        ...

    def admit_message(self, conn: Conn) -> bool:
        """Whether the limits of the connection's user and address let one more message in
        (its own limit is the connection's)."""
        ...

    async def seat_connected(self, room: RoomParts, seat: int) -> None: ...

    async def seat_disconnected(self, room: RoomParts, seat: int) -> None: ...

    async def post_chat(self, room: RoomParts, conn: Conn, text: str) -> None: ...

    async def set_standin(self, room: RoomParts, seat: int, on: bool) -> None: ...


class Room(Messaging, Pipeline, Driver):
    """One table in this process: its row, its game state, its connections."""

    def __init__(self, host: RoomHost, row: dict[str, Any]) -> None:
        self.host = host
        self.id: str = row["id"]
        self.game = games.get(row["game"])
        self.meta: dict[str, Any] = {}
        self.set_meta(row)
        self.state: State | None = None
        self.version = 0
        self.conns: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.driving = False
        self.bots: dict[int, botlib.Bot] = {}
        self.standin: dict[int, str] = {}  # absent human seat → the bot playing for him
        self.connected: set[int] = set()  # human seats with a live connection (the driver says)
        self.absent_since: dict[int, float] = {}
        # Seats whose player left the game (« Quitter la partie »), until he connects again:
        # the others read « a quitté la partie », not a lost connection.
        self.left: set[int] = set()
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

    def set_meta(self, row: dict[str, Any]) -> None:
        """The table's row; a table stored before one of its game's options existed keeps
        playing it as it was played (``Game.record_defaults``)."""
        self.meta = {**row, "options": self.game.stored_options(row.get("options"))}
        try:  # which table this is, in words (docs/defaults.md), for the lobby and the header
            self.kind = self.game.table_kind(self.game.options_type.from_dict(self.meta["options"]))
        except LudoError:  # options today's checks refuse: the table is reported broken
            self.kind = ("options anciennes", "old options")
