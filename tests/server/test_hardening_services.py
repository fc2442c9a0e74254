"""Issue 16 on the real services of this machine: PostgreSQL's group commit (finding 3) and the
Redis fan-out between two processes (finding 2). A fresh PostgreSQL database per test."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from ludotheque.server import db
from tests.server.conftest import LiveServer, across_two, settings_for
from tests.server.test_scale import REDIS, database  # noqa: F401  (the fixture)


def test_F3_one_bad_row_never_fails_another_tables_write(database: str) -> None:  # noqa: F811
    store = db.Store(database)
    db.migrate(store.engine)

    async def group() -> list[Any]:
        rows = [
            ("a", {"type": "throw"}),
            ("b", {"type": "throw", "n": float("nan")}),
            ("c", {"type": "throw", "n": float("inf")}),
            ("d", {"type": "throw", "t": "\ud800"}),
            ("e", {"type": "stop"}),
        ]
        return await asyncio.gather(
            *(store.append(t, 1, 0, a, "player") for t, a in rows), return_exceptions=True
        )

    try:
        results = asyncio.run(group())
        assert results[0] is True and results[4] is True, results
        assert all(isinstance(r, Exception) for r in results[1:4]), results
        with store.engine.connect() as conn:
            stored = {r.table_id for r in conn.execute(sa.select(db.actions))}
        assert stored == {"a", "e"}
    finally:
        store.close()


def test_F2_two_processes_stay_in_step_when_one_is_sent_hostile_text(
    tmp_path: Path,
    database: str,  # noqa: F811
) -> None:
    settings = {"database_url": database, "redis_url": REDIS, "resume_all": False}
    a = LiveServer(settings_for(tmp_path, process_name="a", **settings))
    b = LiveServer(settings_for(tmp_path, process_name="b", **settings))
    try:
        player, watcher, w = across_two(a, b)
        v = w["version"]
        extra = {**w["legal"][0], "note": "x"}
        hostile = [
            '{"type": "chat", "text": "\\ud800"}',
            json.dumps({"type": "action", "version": v, "action": extra}),
            f'{{"type": "action", "version": {v}, "action": {{"type": "throw", "n": NaN}}}}',
        ]
        for text in hostile:
            player.send(text)
            assert player.until(lambda m: m["type"] == "error")["code"] in ("malformed", "invalid")
        player.send({"type": "chat", "text": "bonjour"})
        assert watcher.until(lambda m: m["type"] == "chat")["text"] == "bonjour"
        player.act(w["legal"][0], w["version"])
        v = w["version"] + 1
        mine = player.until(lambda m: m["type"] == "update" and m["version"] == v)
        theirs = watcher.until(lambda m: m["type"] == "update" and m["version"] == v)
        assert mine["events"] == theirs["events"]
        for server in (a, b):
            assert server.http.get("/api/tables").status_code == 200
            assert server.http.get(f"/api/tables/{player.table_id}/replay").status_code == 200
        player.close()
        watcher.close()
    finally:
        a.stop()
        b.stop()
