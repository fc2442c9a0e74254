"""The play protocol's JSON Schemas (``schemas/``, documented in docs/protocol.md)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

SCHEMAS = Path(__file__).parent / "schemas"
CLIENT_TYPES = ("action", "chat", "mute", "sync", "ping")
SERVER_TYPES = ("welcome", "update", "table", "chat", "over", "again", "error", "pong")


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
