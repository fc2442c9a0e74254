"""The WebSocket under the play protocol: uvicorn's sans-I/O protocol (websockets' framing)
with a short path for what a table exchanges most, one small text message at a time
(docs/server.md, « The fourth round of levers »).

Per action the server reads one message and sends one to each seat. Through uvicorn's protocol
each goes through websockets' frame parser or serializer (a generator, a ``Frame``, a list of
writes joined), and each read pauses the socket's reading until the application takes it.
Here:

- **reading**: data made only of whole, final, masked text frames within ``ws_max_size`` (what
  browsers and clients send for our messages) is unmasked and decoded here and queued as
  uvicorn queues it; anything else (a control frame, a fragment, a partial frame, binary, bad
  UTF-8, a length over the limit, reserved bits) goes, whole, to websockets' parser, where it
  would have gone anyway: the protocol's checks and its errors stay websockets' own. Reading is
  paused only once ``READ_AHEAD`` messages wait, not after each one.
- **writing**: ``send_text_soon(text)`` (in the scope's ``extensions`` as ``SEND_SOON``) frames
  a text message and keeps it until no reader is working on a message or, at the latest, the
  end of the event loop's pass; then every connection's frames go out in one write each
  (``_Batch``): on loopback a write made while the other side sleeps wakes it, tens of
  microseconds each here, and writing them one by one as the actions came made the writes a
  quarter of the server's time at saturation. The ASGI ``send`` stays for everything else and
  writes what was kept first; the caller keeps the order (``messages.Conn``).

Both paths are taken only while the connection is open with no extension negotiated
(``--ws-deflate`` goes the usual way) and websockets' parser holds neither a partial frame nor
a fragmented message, so that its state stays what it would have been without them.
"""

from __future__ import annotations

import asyncio
import struct
import weakref
from collections import deque
from typing import Any, cast

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # websockets built without its C extension
    from websockets.utils import apply_mask

# The scope's ``extensions`` key of ``send_text_soon``.
SEND_SOON = "ludotheque.send_text_soon"
# Messages read ahead of the application before the socket's reading is paused: uvicorn pauses
# after each one (two system calls a message); a table's client sends one and waits.
READ_AHEAD = 16

_FIN_TEXT = 0x81  # FIN, no reserved bit, opcode 1 (text)


class Inbox(asyncio.Queue[Any]):
    """What uvicorn's protocol uses of ``asyncio.Queue`` for the messages received, for the one
    task that reads them: a deque and the future that task waits on (the queue's bookkeeping,
    its loop check at every ``get`` included, was 3 % of the server's time at saturation).

    With a ``batch``, it also tells it how many readers hold a message they are working on:
    when the last of them comes back for the next one, what was framed is written at once
    instead of at the end of the loop's pass (``_Batch``)."""

    def __init__(self, batch: _Batch | None = None) -> None:
        super().__init__()
        self._items: deque[Any] = deque()
        self._waiter: asyncio.Future[None] | None = None
        self._batch = batch
        self._holding = False  # the reader took a message and has not come back yet

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        waiter = self._waiter
        if waiter is not None and not waiter.done():
            waiter.set_result(None)

    async def get(self) -> Any:
        batch = self._batch
        if self._holding:  # done with the last one
            self.release()
        while not self._items:
            if batch is not None and not batch.readers:
                batch.flush()  # nobody is working on a message: nothing more comes this pass
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        if batch is not None:
            self._holding = True
            batch.readers += 1
        return self._items.popleft()

    def release(self) -> None:
        """The reader is done with its message (or gone)."""
        if self._holding and self._batch is not None:
            self._holding = False
            self._batch.readers -= 1

    def get_nowait(self) -> Any:
        if not self._items:
            raise asyncio.QueueEmpty
        return self._items.popleft()

    def empty(self) -> bool:
        return not self._items

    def qsize(self) -> int:
        return len(self._items)


class WebSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's ``websockets-sansio`` protocol, with the short path above (``ws=`` of
    ``uvicorn.run``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._out: list[bytes] = []  # frames of send_text_soon, for the next flush
        self._batch = _batch(self.loop)
        self.inbox = self.queue = Inbox(self._batch)

    def send_receive_event_to_app(self) -> None:
        """uvicorn's, but a text frame that is not UTF-8 closes the connection (1007) without
        the ERROR and traceback uvicorn logs: it is the client's fault, and any client could
        fill the log with them."""
        if self.curr_msg_data_type == "text" and not self.close_sent:
            data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
            try:
                data.decode()
            except UnicodeDecodeError:
                self.frames = []
                self.conn.send_close(1007)
                self.handle_parser_exception()
                return
        super().send_receive_event_to_app()

    async def run_asgi(self) -> None:
        try:
            await super().run_asgi()
        finally:  # the application is done with this connection, and with its last message
            self.inbox.release()

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        if self.response.status_code == 101:
            cast(dict[str, Any], self.scope["extensions"])[SEND_SOON] = self.send_text_soon

    def _open_plain(self) -> bool:
        """Open, past the handshake, no extension, no close sent or received."""
        return (
            self.handshake_complete
            and not self.close_sent
            and not self.disconnected
            and self.initial_response is None
            and self.conn.state is State.OPEN
            and not self.conn.extensions
        )

    # -- reading ------------------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        texts = self._whole_texts(data)
        if texts is None:
            super().data_received(data)
            return
        put = self.queue.put_nowait
        for text in texts:
            put({"type": "websocket.receive", "text": text})
        if not self.read_paused and self.queue.qsize() >= READ_AHEAD:
            self.read_paused = True
            self.transport.pause_reading()

    def _whole_texts(self, data: bytes) -> list[str] | None:
        """The messages of ``data`` when it holds whole, final, masked text frames within the
        size limit and nothing else, else None (websockets' parser takes it)."""
        conn = self.conn
        if (
            not self._open_plain()
            or conn.current_size is not None  # a fragmented message is being received
            or conn.reader.buffer  # a partial frame is
            or conn.parser_exc is not None
        ):
            return None
        limit = self.config.ws_max_size
        texts: list[str] = []
        at, end = 0, len(data)
        while at < end:
            if end - at < 6 or data[at] != _FIN_TEXT:
                return None
            size = data[at + 1]
            if size < 0x80:  # a client's frame must be masked: websockets refuses it
                return None
            size &= 0x7F
            at += 2
            if size == 126:
                if end - at < 2:
                    return None
                size = (data[at] << 8) | data[at + 1]
                at += 2
            elif size == 127:  # 64 KiB and more: beyond the limit
                return None
            if size > limit or end - at < 4 + size:
                return None
            payload = apply_mask(data[at + 4 : at + 4 + size], data[at : at + 4])
            at += 4 + size
            try:
                texts.append(payload.decode())
            except UnicodeDecodeError:  # websockets' path closes with 1007
                return None
        return texts

    # -- writing ------------------------------------------------------------------------------
    def send_text_soon(self, text: str) -> bool:
        """Frame ``text`` for the next flush (``_Batch``); False (nothing kept) when the
        connection is not open and plain or the transport's buffer is full: send it through
        ``send`` then, which writes what was kept first."""
        if not self._open_plain() or not self.writable.is_set() or self.transport.is_closing():
            return False
        data = text.encode()
        size = len(data)
        if size < 126:
            head = bytes((_FIN_TEXT, size))
        elif size < 65536:
            head = struct.pack("!BBH", _FIN_TEXT, 126, size)
        else:
            head = struct.pack("!BBQ", _FIN_TEXT, 127, size)
        out = self._out
        out.append(head)
        out.append(data)
        if len(out) == 2:
            self._batch.add(self)
        return True

    def flush(self) -> None:
        """Write what ``send_text_soon`` framed, in one call; nothing once the connection is
        closing (the peer closed it, or the close frame went out)."""
        out = self._out
        if out:
            self._out = []
            if not self.transport.is_closing() and self.conn.state is State.OPEN:
                self.transport.write(b"".join(out))

    async def send(self, message: Any) -> None:
        self.flush()  # what was framed before goes first
        await super().send(message)


class _Batch:
    """The connections with frames to write, written together, one write per connection:
    when no reader is working on a message any more (``Inbox``: a lone action's update goes
    out as soon as it is built), else once the event loop has run what it had ready (at
    saturation, the updates of every action committed together). On loopback a write made
    while the other side sleeps wakes it, tens of microseconds of the server's time each here."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.pending: list[WebSocketProtocol] = []
        self.readers = 0  # connections whose reader is working on a message (Inbox)

    def add(self, protocol: WebSocketProtocol) -> None:
        if not self.pending:
            self.loop.call_soon(self.flush)
        self.pending.append(protocol)

    def flush(self) -> None:
        pending = self.pending
        if pending:
            self.pending = []
            for protocol in pending:
                protocol.flush()


_BATCHES: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Batch] = weakref.WeakKeyDictionary()


def _batch(loop: asyncio.AbstractEventLoop) -> _Batch:
    batch = _BATCHES.get(loop)
    if batch is None:
        batch = _BATCHES[loop] = _Batch(loop)
    return batch


class H11FirstRequestDeadline(H11Protocol):
    """uvicorn's HTTP/1.1 (pure Python), with one more deadline: a connection that sends
    nothing is closed after the keep-alive delay, as one idle between two requests is
    (uvicorn waits for ever for the first: idle sockets could take every file descriptor)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.timeout_keep_alive_task = self.loop.call_later(
            self.timeout_keep_alive, self.timeout_keep_alive_handler
        )


def _http_protocol() -> type[Any]:
    """The same deadline on httptools' parser when it is installed (uvicorn's ``auto``)."""
    try:
        from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
    except ImportError:
        return H11FirstRequestDeadline

    class HttpToolsFirstRequestDeadline(HttpToolsProtocol):
        __doc__ = H11FirstRequestDeadline.__doc__

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self.timeout_keep_alive_task = self.loop.call_later(
                self.timeout_keep_alive, self.timeout_keep_alive_handler
            )

    return HttpToolsFirstRequestDeadline


def uvicorn_options(deflate: bool = False) -> dict[str, Any]:
    """How every server of ours runs on uvicorn (``serve``, the tests' servers, the benches):
    this protocol, messages of at most 64 KiB, compression only when asked, and a connection
    that sends no request closed after the keep-alive delay."""
    return {
        "http": _http_protocol(),
        "ws": WebSocketProtocol,
        "ws_max_size": 64 * 1024,
        "ws_per_message_deflate": deflate,
    }
