"""What every HTTP exchange goes through before and after the API (docs/server.md, « What the
server refuses »): a bounded request body, read before anything else and only as far as its
limit; JSON as RFC 8259 writes it; headers that keep the pages out of other sites' frames and
their scripts to ours; answers that can always be written; and logs without session tokens."""

from __future__ import annotations

import json
import logging
import re
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ludotheque.server.protocol import clean_json, loads_strict

MAX_BODY = 64 * 1024  # bytes of one request body (a table's request is a few hundred)

# The site's own files only: no inline script, no other origin, never inside a frame.
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
# FastAPI's API explorer (/api/docs) is a page of Swagger UI, loaded from its CDN by an inline
# script: it gets what it needs, and nothing else.
CSP_DOCS = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' https://cdn.jsdelivr.net; img-src 'self' data: https:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


def _answer(status: int, code: str, fr: str, en: str) -> JSONResponse:
    return JSONResponse(
        {"detail": {"code": code, "message": fr, "message_en": en}}, status_code=status
    )


# The scope's keys under which Guard leaves the ASGI server's send and receive of a WebSocket.
RAW_SEND = "ludotheque.raw_send"
RAW_RECEIVE = "ludotheque.raw_receive"


class Guard:
    """ASGI middleware: body limit and strict JSON on the way in, security headers out."""

    def __init__(self, app: ASGIApp, max_body: int = MAX_BODY) -> None:
        self.app = app
        self.max_body = max_body

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            if scope["type"] == "websocket":
                # The server's own send, for a connection's writer (messages.Conn): past the
                # handshake a message needs none of the layers between (Starlette's state
                # checks, the exception middleware's wrapper), a quarter of sending it.
                scope[RAW_SEND] = send
                scope[RAW_RECEIVE] = receive  # the same for the client's messages (app.play)
            await self.app(scope, receive, send)
            return
        csp = CSP_DOCS if scope.get("path", "") == "/api/docs" else CSP

        async def send_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", csp)
                for key, value in HEADERS.items():
                    headers.setdefault(key, value)
            await send(message)

        refusal, body = await self._read(scope, receive)
        if refusal is not None:
            await refusal(scope, receive, send_headers)
            return
        if body is None:  # no body to read (GET, HEAD…): the app reads nothing either
            await self.app(scope, receive, send_headers)
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()  # then the client's disconnect, when it comes

        await self.app(scope, replay, send_headers)

    async def _read(self, scope: Scope, receive: Receive) -> tuple[Any, bytes | None]:
        """(a refusal, None) or (None, the whole body), never reading past the limit."""
        headers = dict(scope.get("headers") or [])
        length = headers.get(b"content-length")
        if length is not None:
            if not length.isdigit():
                return _answer(
                    400,
                    "invalid",
                    "en-tête Content-Length invalide",
                    "invalid Content-Length header",
                ), None
            if int(length) > self.max_body:
                return self._too_large(), None
        bodiless = scope["method"] in ("GET", "HEAD", "OPTIONS", "DELETE")
        if bodiless and length is None and b"transfer-encoding" not in headers:
            return None, None
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return _answer(400, "invalid", "requête interrompue", "request cut short"), None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_body:
                return self._too_large(), None
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        kind = headers.get(b"content-type", b"").lower()
        if body and (not kind or b"json" in kind):
            try:
                loads_strict(body)
            except (ValueError, RecursionError, UnicodeDecodeError):
                return _answer(
                    400,
                    "invalid",
                    "corps de requête : du JSON strict est attendu (ni NaN, ni Infinity, ni "
                    "demi-paire UTF-16 isolée, UTF-8 valide)",
                    "request body: strict JSON expected (no NaN, no Infinity, no lone UTF-16 "
                    "surrogate, valid UTF-8)",
                ), None
        return None, body

    def _too_large(self) -> JSONResponse:
        kb = self.max_body // 1024
        return _answer(
            413,
            "too_large",
            f"corps de requête trop long ({kb} Kio au plus)",
            f"request body too large (at most {kb} KiB)",
        )


class SafeJSONResponse(JSONResponse):
    """The API's answers: JSON that can always be written. A value stored before the server
    refused them (a lone surrogate, a NaN) is replaced, never a 500 for everyone."""

    def render(self, content: Any) -> bytes:
        try:
            return json.dumps(
                content, ensure_ascii=False, allow_nan=False, separators=(",", ":")
            ).encode("utf-8")
        except (ValueError, UnicodeEncodeError):
            return json.dumps(
                clean_json(content), ensure_ascii=False, allow_nan=False, separators=(",", ":")
            ).encode("utf-8")


_TOKEN = re.compile(r"(token=)[^&\s\"']+")


class RedactTokens(logging.Filter):
    """Session tokens never reach a log: ``?token=…`` (the play WebSocket's URL) is written
    ``?token=…``. On uvicorn's access and error loggers (the WebSocket's « accepted » line)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args and isinstance(record.args, tuple):
            record.args = tuple(
                _TOKEN.sub(r"\1…", a) if isinstance(a, str) and "token=" in a else a
                for a in record.args
            )
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = _TOKEN.sub(r"\1…", record.msg)
        return True


def redact_logs() -> None:
    """Put the token filter on the loggers that write request lines (once)."""
    for name in ("uvicorn.access", "uvicorn.error"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
