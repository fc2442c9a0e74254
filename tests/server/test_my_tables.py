"""« Mes parties en cours » (found by two friends playing online: with four private tables in
play, the lobby said « Aucune table ouverte : créez la vôtre ! », the history listed finished
games only, and « Quitter la partie » said « revenir à la table vous la rend » and left him in
the lobby with no way back)."""

from __future__ import annotations

from pathlib import Path

from tests.server.conftest import LiveServer, bearer, settings_for
from tests.server.test_scale import database  # noqa: F401  (the fixture)


def test_a_player_finds_his_unfinished_tables_private_ones_too(live: LiveServer) -> None:
    _his_tables(live)


def test_his_tables_on_postgresql(tmp_path: Path, database: str) -> None:  # noqa: F811
    """The seats are a JSON column: read as text the same way by PostgreSQL."""
    live = LiveServer(settings_for(tmp_path, database_url=database))
    try:
        _his_tables(live)
    finally:
        live.stop()


def _his_tables(live: LiveServer) -> None:
    marc, zoe, eve = live.guest("Marc"), live.guest("Zoé"), live.guest("Ève")
    private = {"game": "pokerdas", "players": 2, "private": True}
    vs_bot = live.http.post(
        "/api/tables",
        json={**private, "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}]},
        headers=bearer(marc),
    ).json()
    with_zoe = live.http.post(
        "/api/tables",
        json={**private, "seats": [{"kind": "open"}, {"kind": "me"}]},
        headers=bearer(zoe),
    ).json()
    joined = live.http.post(f"/api/tables/{with_zoe['id']}/join", json={}, headers=bearer(marc))
    assert joined.status_code == 200
    live.http.post(
        "/api/tables",
        json={**private, "seats": [{"kind": "me"}, {"kind": "open"}]},
        headers=bearer(eve),
    )
    mine = live.http.get("/api/my-tables", headers=bearer(marc))
    assert mine.status_code == 200, mine.text
    assert {t["id"] for t in mine.json()} == {vs_bot["id"], with_zoe["id"]}
    assert live.http.get("/api/tables").json() == []  # the lobby's list stays public only
    assert live.http.get("/api/my-tables").status_code == 401
