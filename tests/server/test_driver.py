"""The driver's bots and stand-ins: the pace a game asks of its bots (``State.bot_pace``), a
stand-in that takes a seat only after the grace period and never plays better than its player
(issue 16, finding 8)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from ludotheque.engine import registry
from ludotheque.engine.errors import IllegalAction
from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import Game, Result, State
from ludotheque.server import db
from tests.server.conftest import LiveServer, bearer, settings_for
from tests.server.test_durability import two_humans

PACE = 1.2  # seconds the test game asks its bots to wait


# ------------------------------------------------------------------ a race that exists here only
@dataclass(frozen=True)
class GrabOptions(GameOptions):
    """Options of a tiny real-time game: both seats may grab at once, the first one scores."""

    rounds: int = 3


class GrabState(State):
    """Each round both seats may « grab »; the first grab stored wins the round."""

    def __init__(self, players: int, options: GrabOptions, seed: int) -> None:
        super().__init__(players, options, seed)
        self.points = [0, 0]

    def to_move(self) -> frozenset[int]:
        return frozenset() if self.is_over() else frozenset({0, 1})

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return [{"type": "grab"}]

    def _check(self, seat: int | None, action: dict[str, Any]) -> None:
        if action != {"type": "grab"}:
            raise IllegalAction("on ne peut que saisir", "you may only grab")

    def _apply(self, seat: int | None, action: dict[str, Any]) -> list[dict[str, Any]]:
        assert seat is not None
        self.points[seat] += 1
        return [{"type": "grab", "seat": seat}]

    def bot_pace(self, seat: int, action: dict[str, Any]) -> tuple[float, int] | None:
        return PACE, len(self.actions)  # a bot grabs PACE s after the last grab at the soonest

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {"points": list(self.points)}

    def is_over(self) -> bool:
        return sum(self.points) >= self.options.rounds  # type: ignore[attr-defined]

    def result(self) -> Result:
        best = max(self.points)
        ranks = tuple(1 if p == best else 2 for p in self.points)
        winners = tuple(i for i, p in enumerate(self.points) if p == best)
        return Result(tuple(self.points), ranks, winners, "saisies", "grabs")


@pytest.fixture
def grab() -> Iterator[Game]:
    game = registry.register(Game("grab_test", "Saisie (test)", 2, 2, GrabOptions, GrabState))
    yield game
    registry._GAMES.pop(game.name, None)  # registered for this test only


def stored(live: LiveServer, table_id: str) -> list[Any]:
    with live.hub.store.engine.connect() as conn:
        return list(
            conn.execute(
                sa.select(
                    db.actions.c.seat, db.actions.c.action, db.actions.c.actor, db.actions.c.at
                )
                .where(db.actions.c.table_id == table_id)
                .order_by(db.actions.c.seq)
            )
        )


def test_bots_wait_the_pace_their_game_asks_for(tmp_path: Path, grab: Game) -> None:
    live = LiveServer(settings_for(tmp_path, bot_delay=0.0))
    try:
        anne = live.guest("Anne")
        r = live.http.post(
            "/api/tables",
            json={
                "game": grab.name,
                "players": 2,
                "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
            },
            headers=bearer(anne),
        )
        assert r.status_code == 200, r.text
        table_id = r.json()["id"]
        started = float(r.json()["created_at"])
        deadline = time.monotonic() + 30
        while len(rows := stored(live, table_id)) < 3 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert len(rows) == 3
        times = [started] + [row.at for row in rows]
        gaps = [b - a for a, b in itertools.pairwise(times)]
        assert all(g >= PACE - 0.05 for g in gaps), gaps  # bot_delay is 0: the pace alone
    finally:
        live.stop()


def test_a_persons_claim_made_while_a_bot_waits_its_pace_wins(tmp_path: Path, grab: Game) -> None:
    live = LiveServer(settings_for(tmp_path, bot_delay=0.0))
    try:
        anne = live.guest("Anne")
        r = live.http.post(
            "/api/tables",
            json={
                "game": grab.name,
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
            },
            headers=bearer(anne),
        )
        table_id = r.json()["id"]
        p = live.ws(table_id, anne["token"])
        w = p.until(lambda m: m["type"] == "welcome")
        version = w["version"]
        while True:  # Anne grabs at once each round; the bot, waiting its pace, never first
            p.act({"type": "grab"}, version)
            msg = p.until(lambda m: m["type"] in ("update", "over", "error"))
            assert msg["type"] != "error", msg
            if msg["type"] == "over" or msg["version"] >= 3:
                break
            assert msg["actor"] == "player"
            version = msg["version"]
        p.close()
        rows = stored(live, table_id)
        assert [(row.seat, row.actor) for row in rows] == [(0, "player")] * 3
    finally:
        live.stop()


# ------------------------------------------------------------------------------- stand-ins
def test_leaving_hands_the_seat_to_a_standin_only_after_the_grace_period(
    tmp_path: Path,
) -> None:
    grace = 1.5
    live = LiveServer(settings_for(tmp_path, grace=grace, presence_every=0.2, bot_delay=0.05))
    try:
        table_id, (a, b) = two_humans(live, "pokerdas")
        pa, pb = live.ws(table_id, a["token"]), live.ws(table_id, b["token"])
        pa.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["connected"])
        pb.close()
        gone = time.time()
        r = live.http.post(f"/api/tables/{table_id}/leave", headers=bearer(b))
        assert r.status_code == 200
        pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["standin"])
        assert time.time() - gone >= grace - 0.1  # not at once on « leave »
        pa.close()
    finally:
        live.stop()


def test_R31_a_standin_at_alphapokers_showdown_lays_no_word(tmp_path: Path) -> None:
    """A player who leaves before the showdown is not handed the best word of his hand by a
    strong stand-in: for a decision that is the game's skill (the words are his to find, his
    client is offered only « no word »), the stand-in plays what he is offered, never better."""
    live = LiveServer(
        settings_for(tmp_path, grace=0.3, presence_every=0.1, bot_delay=0.0, standin_bot="fort")
    )
    try:
        table_id, (a, b) = two_humans(live, "alphapoker")
        pa = live.ws(table_id, a["token"])
        pa.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        live.http.post(f"/api/tables/{table_id}/leave", headers=bearer(b))
        deadline = time.monotonic() + 180  # generous: a loaded machine slows the fort bets
        while time.monotonic() < deadline:
            try:
                msg = pa.recv(5)
            except TimeoutError:  # nothing new: the person's turn may have come in an earlier
                msg = {"type": "update", "actor": None}  # message — act on the last view again
            if msg["type"] == "over":
                break
            if (
                msg["type"] == "update"
                and msg["actor"] == "standin"
                and any(
                    row.actor == "standin" and row.action["type"] == "declare"
                    for row in stored(live, table_id)
                )
            ):
                break
            last = pa.last
            if msg["type"] in ("welcome", "update") and last and last["legal"]:
                keep = [x for x in last["legal"] if x["type"] not in ("fold", "change")]
                choice = keep[0] if keep else last["legal"][0]
                pa.act(choice, last["version"])
        rows = stored(live, table_id)
        words = [
            row.action for row in rows if row.actor == "standin" and row.action["type"] == "declare"
        ]
        assert words, "the stand-in reached no showdown"
        assert all(w["cards"] == [] for w in words), words
        pa.close()
    finally:
        live.stop()


def test_the_grace_period_is_honoured_with_a_move_clock_and_shown_to_the_table(
    tmp_path: Path,
) -> None:
    """Issue 17: with a move clock the absence timer waited for the clock (a stand-in at
    37.7 s for a 30 s grace); the table's seats say who is away and until when; the stand-in's
    results are marked as his in the history."""
    grace = 1.0
    live = LiveServer(
        settings_for(tmp_path, grace=grace, presence_every=0.2, bot_delay=0.05, min_move_clock=1.0)
    )
    try:
        table_id, users = two_humans(live, "pokerdas", move_clock=8)
        players = [live.ws(table_id, u["token"]) for u in users]
        w = players[0].until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        away = w["to_move"][0]  # the person to move leaves: his move clock runs too
        players[away].close()
        gone = time.time()
        here = players[1 - away]
        r = live.http.post(f"/api/tables/{table_id}/leave", headers=bearer(users[away]))
        assert r.status_code == 200
        marked = here.until(
            lambda m: m["type"] == "table" and m["table"]["seats"][away]["absent_until"] is not None
        )
        until = marked["table"]["seats"][away]["absent_until"]
        assert until == pytest.approx(gone + grace, abs=0.5)
        taken = here.until(lambda m: m["type"] == "table" and m["table"]["seats"][away]["standin"])
        assert time.time() - gone < grace + 1.5  # the grace, not the 8 s move clock
        assert taken["table"]["seats"][away]["absent_until"] is None
        here.close()
        room = live.hub.rooms[table_id]
        room_seats = [s["seat"] for s in room.table_dict()["seats"] if s["standin"]]
        assert room_seats == [away]
    finally:
        live.stop()


def test_a_standins_result_is_marked_in_the_history(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, grace=0.2, presence_every=0.1, bot_delay=0.0))
    try:
        table_id, (a, b) = two_humans(live, "pokerdas", options={"max_rounds": 1})
        pa = live.ws(table_id, a["token"])
        pa.until(lambda m: m["type"] == "welcome")
        live.http.post(f"/api/tables/{table_id}/leave", headers=bearer(b))
        deadline, acted = time.monotonic() + 120, -1
        while time.monotonic() < deadline:
            last = pa.last
            if last and last["legal"] and last["version"] != acted:  # her turn (the welcome
                pa.act(last["legal"][0], last["version"])  # may hold it): she plays, once
                acted = last["version"]
            try:
                msg = pa.recv(5)
            except TimeoutError:  # nothing new: act again on the last view
                acted = -1
                continue
            if msg["type"] == "over":
                break
        pa.close()
        deadline = time.monotonic() + 20
        while not (hist := live.http.get("/api/history").json()) and time.monotonic() < deadline:
            time.sleep(0.1)
        players = {p["seat"]: p for p in hist[0]["players"]}
        assert players[1]["standin"] is True and players[0]["standin"] is False
    finally:
        live.stop()


def test_leaving_from_a_page_still_connected_still_hands_the_seat_over(tmp_path: Path) -> None:
    """Found in the browser test of « Quitter la partie »: when the leaving player's socket was
    still open as he left, his seat showed him gone but no stand-in ever came (his connection
    still counted as « here »). Leaving gives up the seat's connection: it watches as a
    spectator until it reconnects."""
    grace = 1.0
    live = LiveServer(settings_for(tmp_path, grace=grace, presence_every=0.2, bot_delay=0.05))
    try:
        table_id, (a, b) = two_humans(live, "pokerdas")
        pa, pb = live.ws(table_id, a["token"]), live.ws(table_id, b["token"])
        pa.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
        pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["connected"])
        r = live.http.post(f"/api/tables/{table_id}/leave", headers=bearer(b))
        assert r.status_code == 200
        pa.until(lambda m: m["type"] == "table" and m["table"]["seats"][1]["standin"])
        pa.close()
        pb.close()
    finally:
        live.stop()


def test_R58_a_standin_at_the_bataille_lets_a_card_pass_rather_than_claim_nothing() -> None:
    """The Bataille now offers a live table no « pass » during play (a newcomer's finding:
    the rules know none). A stand-in that looked for a pass among what is offered would have
    made the empty claim at every card the other turned — a penalty card each time (R59.1);
    a pass is no answer to find, so the stand-in takes it where it is legal."""
    from types import SimpleNamespace

    from ludotheque.server.driver import Driver
    from tests.games.bataille.helpers import new, rig

    state = new()
    rig(state, table="Cr Hb Ar Tb Er", turn=1, last_layer=0)
    legal = state.legal_actions(0)
    chosen = Driver.modest_choice(SimpleNamespace(state=state), 0, legal)  # type: ignore[arg-type]
    assert chosen == {"type": "pass"}
