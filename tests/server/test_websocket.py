"""The WebSocket's short path (server/websocket.py) against raw frames: what it takes itself
(whole masked text frames, several in one segment) is answered as before, and everything else —
a frame split over two segments, a fragmented message, a control frame, binary, bad UTF-8, an
unmasked or oversized frame, reserved bits — goes to websockets' parser, with its answers and
its close codes, and the short path takes over again afterwards."""

from __future__ import annotations

import base64
import json
import logging
import os
import socket
import struct
import time
from typing import Any

import pytest

from tests.server.conftest import LiveServer, bearer


def _table(live: LiveServer) -> str:
    user = live.guest("Ana")
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    r = live.http.post("/api/tables", json=body, headers=bearer(user))
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def frame(
    payload: bytes, opcode: int = 1, fin: bool = True, masked: bool = True, rsv: int = 0
) -> bytes:
    """One client frame, masked as a client's must be (unless ``masked`` is False)."""
    head = bytes(((0x80 if fin else 0) | rsv | opcode,))
    n = len(payload)
    bit = 0x80 if masked else 0
    if n < 126:
        head += bytes((bit | n,))
    elif n < 65536:
        head += bytes((bit | 126,)) + struct.pack("!H", n)
    else:
        head += bytes((bit | 127,)) + struct.pack("!Q", n)
    if not masked:
        return head + payload
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def ping(ref: str) -> bytes:
    return frame(json.dumps({"type": "ping", "id": ref}).encode())


class Raw:
    """A WebSocket client on a bare socket: writes what it is given, reads the server's frames."""

    def __init__(self, port: int, table_id: str) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /ws/tables/{table_id} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                "Upgrade: websocket\r\nConnection: Upgrade\r\n"
                f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        self.buf = b""
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._more()
        head, self.buf = self.buf.split(b"\r\n\r\n", 1)
        assert head.startswith(b"HTTP/1.1 101"), head

    def _more(self) -> bytes:
        data = self.sock.recv(65536)
        if not data:
            raise EOFError("the server closed the connection")
        return data

    def _take(self, n: int) -> bytes:
        while len(self.buf) < n:
            self.buf += self._more()
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def frame(self) -> tuple[int, bytes]:
        """The server's next frame: (opcode, payload). A server's frames are never masked."""
        b0, b1 = self._take(2)
        assert b0 & 0x80 and not b0 & 0x70, f"a final frame without reserved bits: {b0:#x}"
        assert not b1 & 0x80, "a server's frame is not masked"
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack("!H", self._take(2))[0]
        elif n == 127:
            n = struct.unpack("!Q", self._take(8))[0]
        return b0 & 0x0F, self._take(n)

    def message(self) -> dict[str, Any]:
        """The next text message, skipping none: a control frame here fails the test."""
        opcode, data = self.frame()
        assert opcode == 1, (opcode, data[:80])
        return dict(json.loads(data))

    def pongs(self, n: int) -> list[str]:
        """The refs of the next ``n`` pong messages (other messages are skipped)."""
        refs = []
        while len(refs) < n:
            msg = self.message()
            if msg["type"] == "pong":
                refs.append(msg.get("ref"))
        return refs

    def close_code(self) -> int:
        """Read until the server's close frame; its code."""
        while True:
            opcode, data = self.frame()
            if opcode == 8:
                return int(struct.unpack("!H", data[:2])[0])

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def raw(live: LiveServer) -> Any:
    client = Raw(live.port, _table(live))
    assert client.message()["type"] == "welcome"
    yield client
    client.close()


def test_whole_frames_in_one_segment_are_each_answered_in_order(raw: Raw) -> None:
    raw.send(ping("a") + ping("b") + ping("c"))
    assert raw.pongs(3) == ["a", "b", "c"]


def test_a_frame_split_over_two_segments_then_whole_ones(raw: Raw) -> None:
    data = ping("split") + ping("half")
    raw.send(data[:5])
    time.sleep(0.1)  # the server reads the first part alone
    raw.send(data[5:-3])
    time.sleep(0.1)
    raw.send(data[-3:] + ping("after"))
    assert raw.pongs(3) == ["split", "half", "after"]


def test_a_fragmented_message_then_a_whole_one(raw: Raw) -> None:
    text = json.dumps({"type": "ping", "id": "frag"}).encode()
    raw.send(frame(text[:7], fin=False) + frame(text[7:], opcode=0) + ping("next"))
    assert raw.pongs(2) == ["frag", "next"]


def test_a_control_frame_between_messages_is_answered_by_websockets(raw: Raw) -> None:
    raw.send(ping("1") + frame(b"hello", opcode=9) + ping("2"))
    seen: list[Any] = []
    while len([s for s in seen if s != "PONG"]) < 2:
        opcode, data = raw.frame()
        if opcode == 10:
            assert data == b"hello"
            seen.append("PONG")
        else:
            msg = json.loads(data)
            if msg["type"] == "pong":
                seen.append(msg["ref"])
    # websockets answers a ping as it parses it, before the application's answers
    assert sorted(seen) == ["1", "2", "PONG"] and [s for s in seen if s != "PONG"] == ["1", "2"]


def test_a_binary_frame_is_read_as_utf8_text(raw: Raw) -> None:
    raw.send(frame(json.dumps({"type": "ping", "id": "bin"}).encode(), opcode=2) + ping("txt"))
    assert raw.pongs(2) == ["bin", "txt"]


def test_long_messages_both_ways_use_the_16_bit_length(raw: Raw) -> None:
    ref = "é" * 60  # 120 bytes of UTF-8: both messages need the two-byte length
    payload = json.dumps({"type": "ping", "id": ref}, ensure_ascii=False).encode()
    assert len(payload) > 125
    raw.send(frame(payload))
    assert raw.pongs(1) == [ref]


@pytest.mark.parametrize(
    ("data", "code"),
    [
        (frame(b'{"type": "ping", "id": "\xff"}'), 1007),  # not UTF-8
        (frame(b'{"type": "ping"}', masked=False), 1002),  # a client's frame must be masked
        (frame(b'{"type": "ping"}', rsv=0x40), 1002),  # a reserved bit, no extension
        (frame(b"x" * 70_000), 1009),  # over the 64 KiB limit
        (frame(b"x" * 200, opcode=3), 1002),  # no such opcode
    ],
    ids=["bad-utf8", "unmasked", "reserved-bit", "too-big", "bad-opcode"],
)
def test_what_websockets_refuses_is_refused_with_its_close_code(
    raw: Raw, data: bytes, code: int
) -> None:
    raw.send(ping("before"))
    assert raw.pongs(1) == ["before"]
    raw.send(data + ping("lost"))
    assert raw.close_code() == code


def test_a_text_frame_that_is_not_utf8_leaves_no_error_in_the_log(
    raw: Raw, caplog: pytest.LogCaptureFixture
) -> None:
    """Found by a hostile user: any client, without a token, could write an ERROR and a
    traceback into the server's log by sending one text frame that is not UTF-8 (uvicorn logs
    it as its own failure); it is the client's fault, the connection closes with 1007."""
    caplog.set_level(logging.DEBUG)
    raw.send(ping("before"))
    assert raw.pongs(1) == ["before"]
    raw.send(frame(b'\xc3\x28{"type": "ping"}'))
    assert raw.close_code() == 1007
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


def test_the_connection_still_works_for_a_standard_client_after_a_flood(
    live: LiveServer,
) -> None:
    """More messages in one segment than the server reads ahead: all answered, in order."""
    client = Raw(live.port, _table(live))
    assert client.message()["type"] == "welcome"
    refs = [str(i) for i in range(100)]
    client.send(b"".join(ping(r) for r in refs))
    assert client.pongs(100) == refs
    client.close()


def test_the_short_path_is_the_one_taken_for_plain_messages(
    live: LiveServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whole text frames are read, and the answers written, without websockets' framing."""
    from ludotheque.server.websocket import WebSocketProtocol

    taken = {"read": 0, "write": 0}
    whole_texts = WebSocketProtocol._whole_texts
    send_text_soon = WebSocketProtocol.send_text_soon

    def read(self: WebSocketProtocol, data: bytes) -> list[str] | None:
        texts = whole_texts(self, data)
        taken["read"] += texts is not None
        return texts

    def write(self: WebSocketProtocol, text: str) -> bool:
        sent = send_text_soon(self, text)
        taken["write"] += sent
        return sent

    monkeypatch.setattr(WebSocketProtocol, "_whole_texts", read)
    monkeypatch.setattr(WebSocketProtocol, "send_text_soon", write)
    client = Raw(live.port, _table(live))
    assert client.message()["type"] == "welcome"
    for ref in ("a", "b", "c"):
        client.send(ping(ref))
        assert client.pongs(1) == [ref]
    client.close()
    assert taken["read"] == 3
    assert taken["write"] >= 4  # the welcome, the table and the three pongs


def test_the_inbox_hands_messages_in_order_to_its_reader() -> None:
    import asyncio

    from ludotheque.server.websocket import Inbox

    async def run() -> list[Any]:
        inbox = Inbox()
        inbox.put_nowait(1)
        got = [await inbox.get()]
        reader = asyncio.ensure_future(inbox.get())  # waits: nothing queued
        await asyncio.sleep(0)
        assert not reader.done() and inbox.empty()
        inbox.put_nowait(2)
        inbox.put_nowait(3)
        got.append(await reader)
        assert inbox.qsize() == 1
        got.append(inbox.get_nowait())
        with pytest.raises(asyncio.QueueEmpty):
            inbox.get_nowait()
        cancelled = asyncio.ensure_future(inbox.get())
        await asyncio.sleep(0)
        cancelled.cancel()
        inbox.put_nowait(4)  # a reader that gave up loses nothing
        got.append(await inbox.get())
        return got

    assert asyncio.run(run()) == [1, 2, 3, 4]


def test_kept_frames_go_out_when_no_reader_is_left_working_else_at_the_pass_end() -> None:
    """Two readers: while one still works on its message the other's return writes nothing;
    the last one back writes everything; frames kept with no reader working go at the end
    of the loop's pass."""
    import asyncio

    from ludotheque.server.websocket import Inbox, _Batch

    class Conn:
        def __init__(self) -> None:
            self.flushes = 0

        def flush(self) -> None:
            self.flushes += 1

    async def run() -> None:
        batch = _Batch(asyncio.get_running_loop())
        a, b = Inbox(batch), Inbox(batch)
        a.put_nowait("action A")
        b.put_nowait("action B")
        assert await a.get() == "action A" and await b.get() == "action B"
        assert batch.readers == 2
        conn = Conn()
        batch.add(conn)  # type: ignore[arg-type]  # A's update framed
        # Each reader's next get() stepped by hand up to its wait, within this pass.
        waiting_a = a.get()
        waiting_a.send(None)  # A is done, B still works
        assert batch.readers == 1 and conn.flushes == 0
        waiting_b = b.get()
        waiting_b.send(None)  # B is done: nobody works, all goes
        assert batch.readers == 0 and conn.flushes == 1 and not batch.pending
        batch.add(conn)  # a bot's update, no reader at all: at the end of the pass
        assert conn.flushes == 1
        await asyncio.sleep(0)
        await asyncio.sleep(0)
        assert conn.flushes == 2
        b.release()  # a reader gone while waiting holds nothing
        assert batch.readers == 0
        waiting_a.close()
        waiting_b.close()

    asyncio.run(run())
