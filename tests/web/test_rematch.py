"""« Rejouer » between two friends (found by two friends playing online for an evening)."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from tests.server.conftest import Player, play_together
from tests.web.test_e2e import no_page_errors
from tests.web.test_names import token_of

TIMEOUT_MS = 90_000


def test_when_one_friend_plays_again_the_other_is_taken_to_the_new_table(
    tab: Any, shots: Path
) -> None:
    """Zoé saw « Une nouvelle partie vous attend. » for 3 s, then nothing: the table's next
    message (a private table hides its next table from the lobby) wiped the link, and at the
    new table a bot took her seat 30 s later. A seated friend now goes to the new table."""
    zoe, marc = tab(), tab()
    zoe.guest("Zoé")
    marc.guest("Marc")
    http = zoe.server.http
    body = {
        "game": "pokerdas",
        "players": 2,
        "options": {"max_rounds": 1},
        "seats": [{"kind": "me"}, {"kind": "open"}],
        "private": True,
    }
    auth = {"Authorization": f"Bearer {token_of(zoe)}"}
    table_id = http.post("/api/tables", json=body, headers=auth).json()["id"]
    joined = http.post(
        f"/api/tables/{table_id}/join",
        json={},
        headers={"Authorization": f"Bearer {token_of(marc)}"},
    )
    assert joined.status_code == 200, joined.text
    for t in (zoe, marc):
        t.goto(f"/table/{table_id}")
    port = int(zoe.server.url.rsplit(":", 1)[-1])
    players = [Player(port, table_id, token_of(t)) for t in (zoe, marc)]
    play_together(players)
    for p in players:
        p.close()
    marc.page.click("[data-testid=again]", timeout=TIMEOUT_MS)
    marc.page.wait_for_url(re.compile(r".*/table/(?!" + table_id + r")[^/]+$"), timeout=TIMEOUT_MS)
    new_id = marc.page.url.rsplit("/", 1)[-1]
    zoe.page.wait_for_url(re.compile(rf".*/table/{new_id}$"), timeout=TIMEOUT_MS)
    time.sleep(1.0)  # the old table's late messages must not take her back nor wipe anything
    assert zoe.page.url.endswith(f"/table/{new_id}")
    zoe.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    seats = zoe.server.http.get(f"/api/tables/{new_id}").json()["seats"]
    assert [s.get("name") for s in seats] == ["Zoé", "Marc"]
    zoe.shot(shots, "rematch-friend")
    no_page_errors(zoe, marc)


def test_a_friend_who_leaves_is_said_to_have_left(tab: Any, shots: Path) -> None:
    """« Quitter la partie » looked exactly like a lost connection to the friend who stayed:
    « pas là — un bot prend sa place dans 29 s », no « Zoé a quitté la partie »."""
    zoe, marc = tab(), tab()
    zoe.guest("Zoé")
    marc.guest("Marc")
    http = zoe.server.http
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    table_id = http.post(
        "/api/tables", json=body, headers={"Authorization": f"Bearer {token_of(zoe)}"}
    ).json()["id"]
    http.post(
        f"/api/tables/{table_id}/join",
        json={},
        headers={"Authorization": f"Bearer {token_of(marc)}"},
    )
    for t in (zoe, marc):
        t.goto(f"/table/{table_id}")
        t.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    zoe.page.on("dialog", lambda d: d.accept())
    zoe.page.click("[data-testid=leave-game]")
    mark = marc.page.locator("[data-testid=absent-0]")
    mark.wait_for(timeout=TIMEOUT_MS)
    gone = "document.querySelector('[data-testid=absent-0]')?.innerText"
    marc.page.wait_for_function(f"{gone}.includes('a quitté la partie')", timeout=TIMEOUT_MS)
    assert "Zoé a quitté la partie." in marc.page.inner_text("body")  # the toast
    marc.shot(shots, "friend-left")
    no_page_errors(zoe, marc)
