"""Who is here before the deal (found by two friends playing online: the host waiting for his
friend showed a grey dot, « connected: false », his page open)."""

from __future__ import annotations

import time

from tests.server.conftest import LiveServer, bearer


def test_a_player_waiting_at_his_table_is_shown_connected_and_gone_when_he_leaves(
    live: LiveServer,
) -> None:
    marc = live.guest("Marc")
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = live.http.post("/api/tables", json=body, headers=bearer(marc)).json()
    p = live.ws(table["id"], marc["token"])
    p.until(lambda m: m["type"] == "welcome")

    def connected() -> bool:
        return bool(live.http.get(f"/api/tables/{table['id']}").json()["seats"][0]["connected"])

    deadline = time.monotonic() + 5
    while not connected():
        assert time.monotonic() < deadline, "the host waiting at his table is shown absent"
        time.sleep(0.05)
    p.close()
    deadline = time.monotonic() + 5
    while connected():
        assert time.monotonic() < deadline, "the host gone is still shown here"
        time.sleep(0.05)
