"""Storage, restart, absence and clocks: nothing a player saw is ever lost."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from ludotheque import games
from ludotheque.server import db
from tests.server.conftest import LiveServer, bearer, settings_for


def two_humans(live: LiveServer, game: str, **extra: Any) -> tuple[str, list[dict[str, Any]]]:
    a, b = live.guest("Anne"), live.guest("Bruno")
    r = live.http.post(
        "/api/tables",
        json={"game": game, "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}], **extra},
        headers=bearer(a),
    )
    table_id = r.json()["id"]
    assert live.http.post(f"/api/tables/{table_id}/join", json={}, headers=bearer(b)).is_success
    return table_id, [a, b]


def stored_versions(live: LiveServer, table_id: str) -> int:
    with live.hub.store.engine.connect() as conn:
        return int(
            conn.execute(
                sa.select(sa.func.count()).where(db.actions.c.table_id == table_id)
            ).scalar_one()
        )


def step(players: list[Any], rng: random.Random) -> int:
    """One random action by a seat to move; every player receives its update."""
    last = players[0].last
    seat = rng.choice(last["to_move"])
    players[seat].act(rng.choice(players[seat].last["legal"]), last["version"])
    v = last["version"] + 1
    for p in players:
        p.until(lambda m: m["type"] == "update" and m["version"] == v)
    return v


def test_actions_are_committed_before_broadcast_and_a_restart_resumes_exactly(
    tmp_path: Path,
) -> None:
    live = LiveServer(settings_for(tmp_path))
    table_id, users = two_humans(live, "pokerdas")
    players = [live.ws(table_id, u["token"]) for u in users]
    for p in players:
        p.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
    rng = random.Random(5)
    for _ in range(12):
        v = step(players, rng)
        assert stored_versions(live, table_id) >= v  # stored before anyone was told
    seen = [p.last for p in players]
    live.stop()  # everything stops: connections close
    again = LiveServer(settings_for(tmp_path))
    try:
        assert again.http.get("/api/health").json()["resumed"] == 1
        players = [again.ws(table_id, u["token"]) for u in users]
        for p, before in zip(players, seen, strict=True):
            w = p.until(lambda m: m["type"] == "welcome")
            assert w["version"] == before["version"] == 12
            assert w["view"] == before["view"] and w["legal"] == before["legal"]
        while players[0].last["to_move"]:
            step(players, rng)
        over = players[0].until(lambda m: m["type"] == "over")
        assert again.http.get(over["verify_url"]).json()["ok"]
    finally:
        again.stop()


def test_an_absent_player_is_replaced_by_a_bot_until_he_returns(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, grace=0.4, presence_every=0.2, bot_delay=0.05))
    try:
        table_id, (a, b) = two_humans(live, "pokerdas")
        pa, pb = live.ws(table_id, a["token"]), live.ws(table_id, b["token"])
        pa.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["connected"])
        pb.close()
        t = pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["standin"])
        assert t["table"]["seats"][1]["bot"] and not t["table"]["seats"][1]["connected"]
        # the stand-in plays Bruno's turns while Anne plays hers
        rng = random.Random(1)
        if pa.last["legal"]:
            pa.act(rng.choice(pa.last["legal"]), pa.last["version"])
        for _ in range(400):
            msg = pa.recv()
            if msg["type"] == "update" and msg["actor"] == "standin" and msg["seat"] == 1:
                break
            if msg["type"] in ("welcome", "update") and msg["legal"]:
                pa.act(rng.choice(msg["legal"]), msg["version"])
        else:
            raise AssertionError("the stand-in never played")
        pb = live.ws(table_id, b["token"])
        w = pb.until(lambda m: m["type"] == "welcome")
        assert w["you"]["seat"] == 1 and w["view"]["seat"] == 1  # the full view again
        assert w["clocks"].get("1", {}).get("kind") != "absence"  # he is here: no grace clock
        pa.until(lambda m: m["type"] == "table" and not m["table"]["seats"][1]["standin"])
        # play it out: both connected, each plays his own turns
        players = [pa, pb]
        for p in players:
            p.last = None
        pb.send({"type": "sync"})
        pa.send({"type": "sync"})
        for p in players:
            p.until(lambda m: m["type"] == "welcome")
        while players[0].last["to_move"]:
            if players[0].last["version"] != players[1].last["version"]:
                for p in players:
                    p.until(lambda m: m["type"] == "update")
                continue
            step(players, rng)
        rec = live.http.get(f"/api/tables/{table_id}/record").json()
        assert "standin" in rec["actors"]
        assert rec["absences"] and rec["absences"][0]["seat"] == 1
        assert rec["absences"][0]["to"] > rec["absences"][0]["from"]
        pa.close()
        pb.close()
    finally:
        live.stop()


def test_rule_timers_and_move_clocks_run_on_the_server(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, rule_clock=0.3, min_move_clock=0.3))
    try:
        # Casino Royal names a default for every question when a clock runs out
        game = games.get("casinoroyal")
        table_id, (a, _b) = two_humans(live, game.name)
        p = live.ws(table_id, a["token"])
        w = p.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        assert "rule" in {c["kind"] for c in w["clocks"].values()}
        upd = p.until(lambda m: m["type"] == "update")
        assert upd["actor"] == "timeout" and upd["version"] == 1
        p.close()
        # Poker d'As has no rule-book timer: the table's move clock lets the stand-in decide
        table_id, (a, _b) = two_humans(live, "pokerdas", move_clock=0.3)
        p = live.ws(table_id, a["token"])
        w = p.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        assert "move" in {c["kind"] for c in w["clocks"].values()}
        upd = p.until(lambda m: m["type"] == "update")
        assert upd["actor"] == "clock"
        p.close()
    finally:
        live.stop()


def test_sqlite_checkpoints_run_off_the_commit_path_and_lose_nothing(tmp_path: Path) -> None:
    """The WAL is copied into the database by the checkpointer thread, not by the connection
    that commits the actions (which would make every action waiting for the next group commit
    wait for two fsyncs); what was committed is all there after the store is closed."""
    path = tmp_path / "ck.sqlite3"
    store = db.Store(f"sqlite:///{path}")
    try:
        db.migrate(store.engine)
        with store.engine.connect() as conn:
            pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one()
        assert pages == db.WAL_PAGES  # the committer checkpoints only past a bound

        async def play() -> list[bool]:
            return list(
                await asyncio.gather(
                    *(store.append(f"t{i % 7}", i // 7 + 1, 0, {"type": "throw"}, "player")
                      for i in range(700))
                )
            )  # fmt: skip

        assert all(asyncio.run(play()))
        deadline = store.checkpoints + 2
        for _ in range(200):
            if store.checkpoints >= deadline:
                break
            time.sleep(0.05)
        assert store.checkpoints >= deadline
        with sqlite3.connect(path) as raw:  # the checkpointer caught up: the WAL is all copied
            busy, log_frames, done = raw.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
        assert busy == 0 and done == log_frames
    finally:
        store.close()
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT count(*) FROM actions").fetchone()[0] == 700


def test_many_tables_of_every_game_and_options_resume_with_their_own_options(
    tmp_path: Path,
) -> None:
    # Every table made or resumed builds its options (from_dict), whose type hints are now
    # worked out once per options class: tables of several games and option sets, dealt and
    # waiting, come back after a restart each with its own options and the same state.
    many = {"max_open_tables": 100, "guest_rate": 1000.0, "guest_burst": 1000.0}
    live = LiveServer(settings_for(tmp_path, **many))
    made: list[tuple[str, dict[str, Any]]] = []
    try:
        a, b = live.guest("Anne"), live.guest("Bruno")
        pokerdas = [{}, {"max_rounds": 3, "stake": 2}, {"menteur": True}, {"relance_totale": True}]
        wanted = [("pokerdas", o) for o in pokerdas for _ in range(3)]
        wanted += [(g, {}) for g in games.names() if games.get(g).min_players == 2]
        for i, (game, options) in enumerate(wanted):
            r = live.http.post(
                "/api/tables",
                json={
                    "game": game,
                    "players": 2,
                    "options": options,
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                },
                headers=bearer(a),
            )
            assert r.status_code == 200, r.text
            table_id = r.json()["id"]
            if i % 4 != 3:  # one in four stays waiting for its second player
                joined = live.http.post(f"/api/tables/{table_id}/join", json={}, headers=bearer(b))
                assert joined.is_success, joined.text
            made.append((table_id, options))
        before = {}
        for table_id, _ in made:
            spectator = live.ws(table_id)
            before[table_id] = spectator.until(lambda m: m["type"] == "welcome")
            spectator.close()
    finally:
        live.stop()
    again = LiveServer(settings_for(tmp_path, **many))
    try:
        assert again.http.get("/api/health").json()["resumed"] == sum(
            1 for w in before.values() if w["table"]["status"] == "playing"
        )
        for table_id, options in made:
            spectator = again.ws(table_id)
            after = spectator.until(lambda m: m["type"] == "welcome")
            spectator.close()
            old = before[table_id]
            assert after["table"]["options"] == old["table"]["options"]
            assert options.items() <= after["table"]["options"].items()
            assert after["table"]["status"] == old["table"]["status"]
            assert (after["version"], after["view"]) == (old["version"], old["view"])
    finally:
        again.stop()
