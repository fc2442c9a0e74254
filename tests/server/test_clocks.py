"""Clocks the server runs for the rule books: the clock on the whole game (Alice R27, the
Bataille's timed mode R67), the Bataille's minimum between two cards (R65), and actions that
only a clock or the arbiter plays (refused from every client)."""

from __future__ import annotations

import itertools
import time
from pathlib import Path
from typing import Any

import sqlalchemy as sa

from ludotheque import games
from ludotheque.server import db
from ludotheque.server.rooms import Room
from tests.server.conftest import LiveServer, Player, settings_for
from tests.server.test_durability import two_humans


def seated(live: LiveServer, table_id: str, users: list[dict[str, Any]]) -> list[Player]:
    players = [live.ws(table_id, u["token"]) for u in users]
    for p in players:
        p.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
    return players


def set_start(tmp_path: Path, table_id: str, start: float) -> None:
    """Write the table's stored start of play (no server running)."""
    engine = db.make_engine(settings_for(tmp_path).database_url)
    with engine.begin() as conn:
        conn.execute(
            sa.update(db.tables).where(db.tables.c.id == table_id).values(started_at=start)
        )
    engine.dispose()


def play_to_the_end(players: list[Player]) -> dict[str, Any]:
    """The seats to move play their first offered action until the game is over."""
    while True:
        last = players[0].last
        assert last is not None
        if not last["to_move"]:
            return players[0].until(lambda m: m["type"] == "over")
        seat = last["to_move"][0]
        players[seat].act(players[seat].last["legal"][0], last["version"])  # type: ignore[index]
        v = last["version"] + 1
        for p in players:
            p.until(lambda m, v=v: m["type"] == "update" and m["version"] == v)


def test_R27_alice_game_clock_runs_from_the_stored_deal_across_a_restart(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path))
    table_id, users = two_humans(live, "alice", options={"time_limit_s": 60})
    players = seated(live, table_id, users)
    w = players[0].last
    assert w is not None
    assert w["game_clock"]["limit_s"] == 60
    assert not any(c["kind"] == "rule" for c in w["clocks"].values())  # no per-turn timer
    # a player cannot end the game: the engine would take « time_up » for the seat to move,
    # the server refuses it, and nothing changes
    seat = w["to_move"][0]
    players[seat].act({"type": "time_up"}, w["version"], ref="t")
    err = players[seat].until(lambda m: m["type"] == "error")
    assert err["code"] == "driver_only" and "pendule" in err["message"] and err["ref"] == "t"
    mine = players[seat].last
    assert mine is not None
    players[seat].act(mine["legal"][0], w["version"])  # a real move still goes through
    for p in players:
        p.until(lambda m: m["type"] == "update" and m["version"] == 1)
    for p in players:
        p.close()
    live.stop()
    # while no process runs, most of the 60 s pass (the stored start moves back, leaving 3 s):
    # the restarted server counts from the stored deal, not from its own start
    start = time.time() + 3 - 60
    set_start(tmp_path, table_id, start)
    live = LiveServer(settings_for(tmp_path))
    try:
        players = seated(live, table_id, users)
        w = players[0].last
        assert w is not None and abs(w["game_clock"]["deadline"] - (start + 60)) < 0.01
        upd = players[0].until(lambda m: m["type"] == "update" and m["actor"] == "clock")
        assert upd["seat"] is None and upd["events"] == [{"type": "time_up"}]
        assert time.time() >= start + 60 - 0.05 and "game_clock" not in upd
        assert upd["view"]["clock"]["up"] and upd["view"]["phase"] != "over"
        players[1].until(lambda m: m["type"] == "update" and m["version"] == upd["version"])
        over = play_to_the_end(players)  # the turn in progress is finished, then it ends
        assert over["result"]["details"]["end"] == "clock"
        record = live.http.get(over["record_url"]).json()
        assert [None, {"type": "time_up"}] in record["actions"]
        assert record["actors"][record["actions"].index([None, {"type": "time_up"}])] == "clock"
        assert live.http.get(over["verify_url"]).json()["ok"]
    finally:
        live.stop()


def test_R67_timed_bataille_ends_on_the_server_clock(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path))
    try:
        table_id, users = two_humans(
            live, "bataille", options={"bataille_mode": "timed", "bataille_duration_s": 600}
        )
        players = seated(live, table_id, users)
        w = players[0].last
        assert w is not None and "game_clock" not in w  # the colour is being chosen
        chooser = w["to_move"][0]
        players[chooser].act(players[chooser].last["legal"][0], 0)  # type: ignore[index]
        upd = players[0].until(lambda m: m["type"] == "update" and m["version"] == 1)
        assert upd["game_clock"]["limit_s"] == 600
        room = live.hub.rooms[table_id]
        assert abs(upd["game_clock"]["deadline"] - (room.started_at() + 600)) < 0.01
        turn = upd["to_move"][0]
        players[turn].act({"type": "time_up"}, 1)
        assert players[turn].until(lambda m: m["type"] == "error")["code"] == "driver_only"
        for p in players:
            p.close()
    finally:
        live.stop()
    # the next process counts from the stored start: move it back, leaving 3 s
    start = time.time() + 3 - 600
    set_start(tmp_path, table_id, start)
    live = LiveServer(settings_for(tmp_path))
    try:
        players = seated(live, table_id, users)
        w = players[0].last
        assert w is not None and abs(w["game_clock"]["deadline"] - (start + 600)) < 0.01
        end = players[0].until(lambda m: m["type"] == "update" and m["actor"] == "clock", 10)
        assert end["seat"] is None and end["events"][0] == {"type": "time_up"}
        assert end["view"]["time_up"] and "game_clock" not in end
    finally:
        live.stop()


def test_R65_a_card_laid_less_than_3_s_after_the_previous_is_refused(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path))
    try:
        table_id, users = two_humans(live, "bataille", options={"lay_timer": True})
        players = seated(live, table_id, users)
        chooser = players[0].last["to_move"][0]  # type: ignore[index]
        players[chooser].act({"type": "colour", "colour": "r"}, 0)
        for p in players:
            p.until(lambda m: m["type"] == "update" and m["version"] == 1)
        first = players[0].last["to_move"][0]  # type: ignore[index]
        assert players[0].last["clocks"][str(first)]["kind"] == "rule"  # type: ignore[index]
        players[first].act({"type": "lay"}, 1)  # the first card: no minimum
        for p in players:
            p.until(lambda m: m["type"] == "update" and m["version"] == 2)
        laid = time.time()
        second = 1 - first
        players[second].act({"type": "lay"}, 2, ref="early")
        err = players[second].until(lambda m: m["type"] == "error")
        assert err["code"] == "too_early" and err["ref"] == "early" and err["version"] == 2
        assert 2.0 < err["retry_after"] <= 3.0
        assert "rejouez dans" in err["message"] and "3 s" in err["message"]
        assert "play again in" in err["message_en"]
        assert live.hub.rooms[table_id].version == 2  # nothing changed
        time.sleep(max(0.0, laid + 3.05 - time.time()))
        players[second].act({"type": "lay"}, 2)
        upd = players[second].until(lambda m: m["type"] == "update" and m["version"] == 3)
        assert upd["events"][0]["type"] == "lay" and upd["seat"] == second
    finally:
        live.stop()


class _Hub:
    class settings:  # the few settings a Room reads here
        grace = 30.0
        rule_clock = 30.0


def test_R31_the_driver_only_check_never_lists_the_showdowns_best_words() -> None:
    # AlphaPoker's legal list at the showdown is an exact best-word search (tens of ms); the
    # check of a client's action looks at what he is offered first, so a word costs nothing
    game = games.get("alphapoker")
    state = game.new(2, {}, seed=3)
    while state.phase != "showdown":  # type: ignore[attr-defined]
        seat = min(state.to_move())
        state.apply(seat, state.legal_actions(seat)[0])
    row = {
        "id": "t",
        "game": "alphapoker",
        "players": 2,
        "options": {},
        "seats": [],
        "status": "playing",
        "seed": "3",
        "move_clock": None,
        "created_at": 0.0,
        "started_at": 0.0,
    }
    room = Room(_Hub(), row)  # type: ignore[arg-type]
    room.state, room.version = state, len(state.actions)
    calls = []
    real = state.legal_actions
    state.legal_actions = lambda s: calls.append(s) or real(s)  # type: ignore[method-assign]
    seat = min(state.to_move())
    word = {"type": "declare", "cards": state.hands[seat][:3]}  # type: ignore[attr-defined]
    assert room.unoffered(seat, word, None) is None and calls == []
    err = room.unoffered(seat, {"type": "time_up"}, "r")
    assert err is not None and err["code"] == "not_offered" and calls == [seat]
    assert room.unoffered(seat, {"type": "fold"}, None) is not None and calls == [seat]  # cached


def test_R65_bots_wait_3_s_between_two_cards_too(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path))
    try:
        anne = live.guest("Anne")
        r = live.http.post(
            "/api/tables",
            json={
                "game": "bataille",
                "players": 2,
                "options": {"lay_timer": True},
                "seats": [{"kind": "bot"}, {"kind": "bot"}],
            },
            headers={"Authorization": f"Bearer {anne['token']}"},
        )
        table_id = r.json()["id"]
        deadline = time.monotonic() + 30
        lays: list[float] = []
        while len(lays) < 3 and time.monotonic() < deadline:
            time.sleep(0.5)
            with live.hub.store.engine.connect() as conn:
                rows = conn.execute(
                    sa.select(db.actions.c.action, db.actions.c.at, db.actions.c.actor)
                    .where(db.actions.c.table_id == table_id)
                    .order_by(db.actions.c.seq)
                ).all()
            lays = [at for action, at, _ in rows if action["type"] == "lay"]
            actors = {actor for action, _, actor in rows if action["type"] == "lay"}
        assert len(lays) >= 3 and actors == {"bot"}  # waited, not refused then timed out
        assert all(b - a >= 3.0 for a, b in itertools.pairwise(lays))
    finally:
        live.stop()


def test_a_tables_move_clock_sets_the_length_of_the_timers_the_game_does_not_time(
    tmp_path: Path,
) -> None:
    """Found by an accessibility tester: Casino Royal's questions timed out after the
    server's default 30 s (the rule book names no length) although the table's creator had
    left room to think — a screen-reader user could not read three cartons in 30 s, and the
    move clock he could set never lengthened it. A table's move clock is now the length of the
    timers whose length the game does not give; the game's own timers (AlphaPoker's R24, the
    Bataille's R65) keep theirs."""
    live = LiveServer(settings_for(tmp_path))
    try:
        u = live.guest("Ana")
        seats = [{"kind": "me"}, {"kind": "bot", "bot": "random"}]
        body = {"game": "casinoroyal", "players": 2, "seats": seats, "move_clock": 300}
        t = live.http.post(
            "/api/tables", json=body, headers={"Authorization": f"Bearer {u['token']}"}
        )
        p = live.ws(t.json()["id"], u["token"])
        msg = p.until(lambda m: m["type"] in ("welcome", "update") and 0 in m["to_move"])
        clock = msg["clocks"]["0"]
        assert clock["kind"] == "move" and clock["deadline"] - time.time() > 200, clock
        p.close()
    finally:
        live.stop()
