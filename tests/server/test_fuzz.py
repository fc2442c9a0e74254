"""Issue 16, « Tests that keep it so »: the HTTP API fuzzed from its own OpenAPI document
(schemathesis) and every WebSocket message type from its JSON Schema (hypothesis-jsonschema),
with a bounded budget. Zero 5xx, zero hangs; afterwards the lobby and every table still answer,
and a restart over what the fuzzing stored still starts."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

# Imported whole before any server thread: the Poker d'As bot imports numpy on first use, in
# the server's thread, while Hypothesis checks ``sys.modules["numpy"].ndarray`` in this one —
# a half-imported numpy failed the WebSocket fuzz about one run in two.
import numpy  # noqa: F401
import schemathesis
import sqlalchemy as sa
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.internal.conjecture import utils as cu
from hypothesis_jsonschema import from_schema

from ludotheque.server import db
from ludotheque.server.protocol import CLIENT_TYPES, SCHEMAS
from tests.server.conftest import LiveServer, bearer, settings_for

EXAMPLES = 12  # per HTTP operation (about 20 of them) and per WebSocket message type
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,  # a request's own timeout is the hang check
    database=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)
TIMEOUT = 15.0  # seconds: an answer slower than this is a hang


def _answers_everything(live: LiveServer) -> None:
    """The lobby and every table (its page, record, verify, replay) answer, without a 5xx."""
    assert live.http.get("/api/health").status_code == 200
    assert live.http.get("/api/tables").status_code == 200
    assert live.http.get("/api/history").status_code == 200
    with live.hub.store.engine.connect() as conn:
        ids = [r.id for r in conn.execute(sa.select(db.tables.c.id))]
    for table_id in ids:
        for tail in ("", "/record", "/verify", "/replay"):
            r = live.http.get(f"/api/tables/{table_id}{tail}")
            assert r.status_code < 500, (table_id, tail, r.status_code, r.text[:300])
    with live.hub.store.engine.connect() as conn:
        tournaments = [r.id for r in conn.execute(sa.select(db.tournaments.c.id))]
    for tid in tournaments:
        r = live.http.get(f"/api/tournaments/{tid}")
        assert r.status_code < 500, (tid, r.status_code, r.text[:300])


def test_the_http_api_fuzzed_from_its_openapi_document(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, rate=1e6, burst=1e6))
    try:
        user = live.guest("Fuzz")
        auth = bearer(user)
        base = f"http://127.0.0.1:{live.port}"
        schema = schemathesis.openapi.from_url(f"{base}/api/openapi.json")
        calls = 0
        for result in schema.get_all_operations():
            operation = result.ok()

            @FUZZ
            @given(case=operation.as_strategy())
            def call(case: Any) -> None:
                nonlocal calls
                response = case.call(base_url=base, headers=auth, timeout=TIMEOUT)
                calls += 1
                assert response.status_code < 500, (
                    f"{case.method} {case.formatted_path} → {response.status_code}: "
                    f"{response.text[:300]}"
                )

            call()
        assert calls >= 10 * EXAMPLES
        _answers_everything(live)
    finally:
        live.stop()
    again = LiveServer(settings_for(tmp_path))  # a restart over all the fuzzing stored
    try:
        _answers_everything(again)
    finally:
        again.stop()


def _many_more(self: Any) -> bool:
    """``many.more()`` as hypothesis-jsonschema 0.23 (the newest) calls it: Hypothesis now has
    ``with many(...) as elements: for _ in elements:`` instead, which this drives."""
    if getattr(self, "_compat_iter", None) is None:
        self.__enter__()
        self._compat_iter = iter(self)
    try:
        next(self._compat_iter)
    except StopIteration:
        self._closed = True
        return False
    return True


if not hasattr(cu.many, "more"):  # only where Hypothesis lacks it
    cu.many.more = _many_more  # type: ignore[attr-defined]


def _inline(node: Any, defs: dict[str, Any]) -> Any:
    """A client schema with its references to defs.json written out (one document)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and "#/$defs/" in ref:
            return _inline(defs[ref.rsplit("/", 1)[1]], defs)
        return {k: _inline(v, defs) for k, v in node.items() if k not in ("$id", "$schema")}
    if isinstance(node, list):
        return [_inline(v, defs) for v in node]
    return node


def _client_schemas() -> dict[str, dict[str, Any]]:
    defs = json.loads((SCHEMAS / "defs.json").read_text(encoding="utf-8"))["$defs"]
    return {
        kind: _inline(json.loads((SCHEMAS / "client" / f"{kind}.json").read_text("utf-8")), defs)
        for kind in CLIENT_TYPES
    }


# Text no strict JSON reader takes, and JSON no message type is.
HOSTILE = st.sampled_from(
    [
        '{"type": "chat", "text": "\\ud800"}',
        '{"type": "action", "version": 0, "action": {"type": "throw", "n": NaN}}',
        '{"type": "action", "version": 1e999, "action": {"type": "throw"}}',
        '{"type": "ping", "id": "' + "x" * 9000 + '"}',
        "[" * 5000,
        "\x00",
        "{}",
    ]
)


def test_every_websocket_message_type_fuzzed_from_its_schema(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, max_refusals=10**6))
    try:
        user = live.guest("Fuzz")
        body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "bot"}]}
        r = live.http.post("/api/tables", headers=bearer(user), json=body)
        table_id = r.json()["id"]
        player = live.ws(table_id, user["token"])
        spectator = live.ws(table_id)
        for p in (player, spectator):
            p.until(lambda m: m["type"] == "welcome")
        sent = 0
        pings = 0

        def still_answers(p: Any) -> None:
            nonlocal pings
            pings += 1
            p.send({"type": "ping", "id": f"p{pings}"})
            p.until(lambda m: m["type"] == "pong" and m.get("ref") == f"p{pings}", TIMEOUT)

        strategies = [from_schema(s) for s in _client_schemas().values()]
        for strategy in [*strategies, from_schema({}), HOSTILE]:

            @FUZZ
            @given(msg=strategy)
            def send(msg: Any) -> None:
                nonlocal sent
                for p in (player, spectator):
                    p.send(msg if isinstance(msg, str) else json.dumps(msg))
                    sent += 1
                    still_answers(p)  # every reply on the way was checked against its schema

            send()
        assert sent >= 2 * EXAMPLES * len(CLIENT_TYPES)
        player.close()
        spectator.close()
        _answers_everything(live)
    finally:
        live.stop()
    again = LiveServer(settings_for(tmp_path))
    try:
        _answers_everything(again)
    finally:
        again.stop()
