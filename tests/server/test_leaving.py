"""Leaving a game for good is said as such (found by two friends playing online: « Quitter la
partie » looked exactly like a lost connection — « pas là — un bot prend sa place dans 29 s »
— and no « Zoé a quitté la partie »)."""

from __future__ import annotations

import time
from typing import Any

from tests.server.conftest import LiveServer, bearer


def _seat(live: LiveServer, table_id: str, seat: int) -> dict[str, Any]:
    return dict(live.http.get(f"/api/tables/{table_id}").json()["seats"][seat])


def test_a_player_who_leaves_is_marked_left_until_he_comes_back(live: LiveServer) -> None:
    marc, zoe = live.guest("Marc"), live.guest("Zoé")
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = live.http.post("/api/tables", json=body, headers=bearer(marc)).json()
    live.http.post(f"/api/tables/{table['id']}/join", json={}, headers=bearer(zoe))
    watcher = live.ws(table["id"], marc["token"])
    watcher.until(lambda m: m["type"] == "welcome")
    assert _seat(live, table["id"], 1)["left"] is False
    r = live.http.post(f"/api/tables/{table['id']}/leave", headers=bearer(zoe))
    assert r.status_code == 200
    said = watcher.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["left"])
    assert said["table"]["seats"][1]["left"] is True
    back = live.ws(table["id"], zoe["token"])
    back.until(lambda m: m["type"] == "welcome")
    deadline = time.monotonic() + 5
    while _seat(live, table["id"], 1)["left"]:
        assert time.monotonic() < deadline, "back at the table, still marked as gone"
        time.sleep(0.05)
    back.close()
    watcher.close()
