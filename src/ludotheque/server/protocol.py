"""The play protocol's JSON Schemas (``schemas/``, documented in docs/protocol.md)."""

from __future__ import annotations

import json
import math
import re
from functools import cache
from pathlib import Path
from typing import Any

import orjson
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SCHEMAS = Path(__file__).parent / "schemas"
CLIENT_TYPES = ("action", "chat", "mute", "sync", "ping")
SERVER_TYPES = (
    "welcome",
    "update",
    "table",
    "chat",
    "over",
    "again",
    "onward",
    "error",
    "pong",
    "tournament",
)  # tournament: on /ws/tournaments/ID


@cache
def _registry() -> Registry:
    resources = []
    for path in sorted(SCHEMAS.rglob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        resources.append((doc["$id"], Resource.from_contents(doc)))
    return Registry().with_resources(resources)


@cache
def validator(side: str, kind: str) -> Draft202012Validator:
    """The validator of message ``kind`` sent by ``side`` ("client" or "server")."""
    doc = json.loads((SCHEMAS / side / f"{kind}.json").read_text(encoding="utf-8"))
    return Draft202012Validator(doc, registry=_registry())


_KEYS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # type → (required keys, allowed keys), as in schemas/client/*.json
    "action": (
        frozenset({"type", "version", "action"}),
        frozenset({"type", "version", "action", "id"}),
    ),
    "chat": (frozenset({"type", "text"}), frozenset({"type", "text"})),
    "mute": (frozenset({"type", "user", "muted"}), frozenset({"type", "user", "muted"})),
    "sync": (frozenset({"type"}), frozenset({"type"})),
    "ping": (frozenset({"type"}), frozenset({"type", "id"})),
}


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


# 19 digits in a row: maybe an integer beyond 64 bits, which orjson would read as a float.
_LONG_TEXT = re.compile(r"[0-9]{19}")
_LONG_BYTES = re.compile(rb"[0-9]{19}")


def loads_strict(text: str | bytes) -> Any:
    """JSON as RFC 8259 writes it, the one way a client's text is read (WebSocket messages,
    HTTP bodies): ValueError for NaN and Infinity (Python's json takes them; PostgreSQL's
    ``json`` refuses them, and one such action failed a whole group commit) and for lone UTF-16
    surrogates (``"\\ud800"``: stored, they made every page that lists them answer 500 and
    Redis refuse to publish). RecursionError for a nest too deep to read.

    orjson reads it (a few times faster than json: every client message goes through here)
    and refuses all of these itself, and a number too large for a double (``1e400``, which
    json read as infinity); but it reads an integer beyond 64 bits as a float, so a text with
    19 digits in a row is read by json, exactly."""
    long = _LONG_TEXT.search(text) if isinstance(text, str) else _LONG_BYTES.search(text)
    if long is None:
        return orjson.loads(text)
    value = json.loads(text, parse_constant=_no_constant)
    escaped = "\\u" in text if isinstance(text, str) else b"\\u" in text
    if escaped:  # only an escape can make a surrogate: a decoded text holds none
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise ValueError("a lone UTF-16 surrogate is not text") from None
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def clean_json(value: Any) -> Any:
    """``value`` with what JSON or UTF-8 cannot carry replaced: a lone surrogate by U+FFFD, a
    NaN or an infinity by null. For rows stored before the server refused them."""
    if isinstance(value, str):
        return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, list | tuple):
        return [clean_json(v) for v in value]
    if isinstance(value, dict):
        return {clean_json(k) if isinstance(k, str) else k: clean_json(v) for k, v in value.items()}
    return value


def _short_str(value: Any, low: int, high: int) -> bool:
    return isinstance(value, str) and low <= len(value) <= high


def _named(kind: str) -> str:
    """An unknown type, quoted back only when short and plain: a refusal is no echo."""
    if len(kind) <= 32 and kind.isascii() and kind.replace("_", "").isalnum():
        return f" {kind!r}"
    return ""


def check_client(msg: Any) -> str | None:
    """The client schemas, checked by hand (a hundred times faster than the general validator,
    which costs half a millisecond a message; tests hold the two in agreement)."""
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        return "a message is a JSON object with a string 'type'"
    kind = msg["type"]
    if kind not in _KEYS:
        return f"unknown message type{_named(kind)} (known: {', '.join(CLIENT_TYPES)})"
    required, allowed = _KEYS[kind]
    keys = msg.keys()
    if not required <= keys:
        return f"missing: {', '.join(sorted(required - keys))}"
    if not keys <= allowed:
        return f"unexpected: {', '.join(sorted(keys - allowed))}"
    if "id" in msg and not _short_str(msg["id"], 0, 64):
        return "id: a string of at most 64 characters"
    if kind == "action":
        v = msg["version"]
        if type(v) is not int or v < 0:
            return "version: an integer ≥ 0"
        a = msg["action"]
        if not isinstance(a, dict) or not _short_str(a.get("type"), 1, 64):
            return "action: an object with a string 'type' (1–64 characters)"
    elif kind == "chat" and not _short_str(msg["text"], 1, 500):
        return "text: 1 to 500 characters"
    elif kind == "mute" and (
        not _short_str(msg["user"], 0, 64) or not isinstance(msg["muted"], bool)
    ):
        return "user: a string of at most 64 characters; muted: true or false"
    return None


def problem(side: str, msg: Any) -> str | None:
    """None when ``msg`` is a valid message of ``side``, else what is wrong with it."""
    kinds = CLIENT_TYPES if side == "client" else SERVER_TYPES
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        return "a message is a JSON object with a string 'type'"
    if msg["type"] not in kinds:
        return f"unknown message type {msg['type']!r} (known: {', '.join(kinds)})"
    err = next(iter(validator(side, msg["type"]).iter_errors(msg)), None)
    if err is None:
        return None
    where = "/".join(str(p) for p in err.absolute_path) or "message"
    return f"{where}: {err.message[:200]}"
