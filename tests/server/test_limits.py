"""One guest cannot starve everyone (issue 16, finding 5): tables per user, guests per address,
bounded clocks, and bots that think within a budget, people's tables first."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

from ludotheque.server.driver import BotPool
from ludotheque.server.rooms import Room
from tests.server.conftest import LiveServer, bearer, settings_for


def test_a_user_has_a_bounded_number_of_unfinished_tables(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, max_open_tables=3))
    try:
        anne, bruno = live.guest("Anne"), live.guest("Bruno")
        body = {
            "game": "pokerdas",
            "players": 2,
            "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        }
        for _ in range(3):
            assert live.http.post("/api/tables", json=body, headers=bearer(anne)).is_success
        r = live.http.post("/api/tables", json=body, headers=bearer(anne))
        assert r.status_code == 429 and r.json()["detail"]["code"] == "too_many_tables"
        assert "tables en cours" in r.json()["detail"]["message"]
        mine = [
            t for t in live.http.get("/api/tables").json() if t["created_by"] == anne["user"]["id"]
        ]
        assert len(mine) <= 3
        # another user is not held back by Anne's tables
        assert live.http.post("/api/tables", json=body, headers=bearer(bruno)).is_success
    finally:
        live.stop()


def test_guests_made_from_one_address_are_limited(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path, guest_burst=5, guest_rate=0.01))
    try:
        codes = [live.http.post("/api/guest", json={"name": f"G{i}"}).status_code for i in range(8)]
        assert codes[:5] == [200] * 5 and set(codes[5:]) == {429}
        r = live.http.post("/api/guest", json={"name": "encore"})
        assert "invités" in r.json()["detail"]["message"]
        assert "guests" in r.json()["detail"]["message_en"]
    finally:
        live.stop()


def test_move_clocks_are_bounded(tmp_path: Path) -> None:
    live = LiveServer(settings_for(tmp_path))
    try:
        anne = live.guest("Anne")
        for clock in (0.001, 1.0, 10**7):
            r = live.http.post(
                "/api/tables",
                json={
                    "game": "pokerdas",
                    "players": 2,
                    "seats": [{"kind": "me"}, {"kind": "open"}],
                    "move_clock": clock,
                },
                headers=bearer(anne),
            )
            assert r.status_code == 400, (clock, r.text)
            assert "pendule" in r.json()["detail"]["message"] or "move_clock" in r.text
        r = live.http.post(
            "/api/tables",
            json={
                "game": "pokerdas",
                "players": 2,
                "seats": [{"kind": "me"}, {"kind": "open"}],
                "move_clock": 30,
            },
            headers=bearer(anne),
        )
        assert r.status_code == 200
    finally:
        live.stop()


class _Host:
    class settings:  # the few settings a Room reads here
        grace = 30.0
        rule_clock = 30.0
        min_move_clock = 5.0


def test_a_stored_table_with_a_tiny_move_clock_still_waits_the_least_clock() -> None:
    from ludotheque import games

    row = {
        "id": "t",
        "game": "pokerdas",
        "players": 2,
        "options": {},
        "private": False,
        "seats": [
            {"kind": "human", "user": "a", "name": "A"},
            {"kind": "human", "user": "b", "name": "B"},
        ],
        "status": "playing",
        "seed": "3",
        "move_clock": 0.001,
        "created_at": 0.0,
        "started_at": 0.0,
    }
    room = Room(_Host(), row)  # type: ignore[arg-type]
    room.state = games.get("pokerdas").new(2, {}, 3)
    room.connected = {0, 1}
    clocks = room.clocks()
    assert clocks and all(c["deadline"] >= room.changed_at + 5.0 - 0.01 for c in clocks.values())


# ---------------------------------------------------------------------------- the bots' budget
def test_bots_of_tables_with_people_think_before_all_bot_tables() -> None:
    async def main() -> list[str]:
        pool = BotPool(workers=1, share=1.0)
        gate = threading.Event()
        order: list[str] = []

        def job(name: str) -> Any:
            def run() -> str:
                if name == "first":
                    gate.wait(5)
                order.append(name)
                return name

            return run

        first = asyncio.ensure_future(pool.run(job("first"), people=False))
        await asyncio.sleep(0.05)  # the only thread is busy: the others queue
        later = [asyncio.ensure_future(pool.run(job(f"bots{i}"), people=False)) for i in range(3)]
        person = asyncio.ensure_future(pool.run(job("people"), people=True))
        await asyncio.sleep(0.05)
        gate.set()
        await asyncio.gather(first, person, *later)
        pool.close()
        return order

    assert asyncio.run(main()) == ["first", "people", "bots0", "bots1", "bots2"]


def test_bots_of_all_bot_tables_use_at_most_their_share_of_the_time() -> None:
    share = 0.25

    def burn() -> None:  # a bot's search: 50 ms of CPU
        t0 = time.thread_time()
        while time.thread_time() - t0 < 0.05:
            pass

    async def main() -> tuple[float, float]:
        pool = BotPool(workers=1, share=share)
        t0 = time.monotonic()
        await asyncio.gather(*(pool.run(burn, people=False) for _ in range(6)))
        wall = time.monotonic() - t0
        pool.close()
        return pool.cpu, wall

    cpu, wall = asyncio.run(main())
    # five rests of 3 × the search (the last one's rest is after the work): wall ≥ cpu / share
    assert wall >= cpu * (1 + 5 / 6 * (1 / share - 1)) * 0.9, (cpu, wall)


def test_behind_a_proxy_on_this_machine_each_player_is_his_own_address(tmp_path: Path) -> None:
    """docs/server.md « Behind a reverse proxy »: a club's players behind nginx on the same
    machine are not one address for the guest limit (uvicorn trusts the proxy's
    X-Forwarded-For from 127.0.0.1); one player behind it is still limited."""
    live = LiveServer(settings_for(tmp_path, guest_burst=2, guest_rate=0.01))
    try:

        def guest(address: str, name: str) -> int:
            headers = {"X-Forwarded-For": address}
            return live.http.post("/api/guest", json={"name": name}, headers=headers).status_code

        assert [guest(f"203.0.113.{i}", f"Joueur {i}") for i in range(6)] == [200] * 6
        assert [guest("203.0.113.9", f"Seul {i}") for i in range(3)] == [200, 200, 429]
    finally:
        live.stop()
