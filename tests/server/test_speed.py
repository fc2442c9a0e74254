"""Issue 16, « Faster than the peer »: what the speed work must not change, and the fast paths
it relies on (the figures themselves are bench/vs_bgio.py's, never timed asserts)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest

from ludotheque.server import db, pipeline
from tests.games.pokerdas.helpers import shared_lists_intact
from tests.server.conftest import LiveServer
from tests.server.test_play import make_table, play_out, vs_random


def test_issue16_a_game_seen_slow_once_comes_back_to_the_event_loop(live: LiveServer) -> None:
    # One slow list (a garbage collection during it, a cold cache) sends a game's legal lists
    # to a worker thread; measured there too, they come back once they are fast again, instead
    # of paying a thread hop and the GIL's hand-over at every action for the server's life.
    saved = dict(pipeline.LEGAL_COST)
    pipeline.LEGAL_COST["pokerdas"] = 2 * pipeline.SLOW_LEGAL
    try:
        zoe = live.guest("Zoé")
        table = vs_random(live, zoe)
        p = live.ws(table["id"], zoe["token"])
        msg = p.recv()
        for _ in range(400):
            if pipeline.LEGAL_COST["pokerdas"] < pipeline.SLOW_LEGAL or msg["type"] == "over":
                break
            if msg["type"] in ("welcome", "update") and msg["legal"]:
                p.act(msg["legal"][0], msg["version"])
            msg = p.recv()
        p.close()
        assert pipeline.LEGAL_COST["pokerdas"] < pipeline.SLOW_LEGAL
    finally:
        pipeline.LEGAL_COST.clear()
        pipeline.LEGAL_COST.update(saved)


def test_issue16_sqlite_commits_on_the_event_loop_and_never_waits_there_for_a_lock(
    tmp_path: Path,
) -> None:
    path = tmp_path / "inline.sqlite3"
    store = db.Store(f"sqlite:///{path}")
    db.migrate(store.engine)

    async def play() -> None:
        assert await store.append("t", 1, 0, {"type": "throw"}, "player")
        assert store.inline_commits == store.commits == 1  # no thread hop
        other = sqlite3.connect(path, isolation_level=None)  # a table being created, say
        other.execute("BEGIN IMMEDIATE")
        try:
            waiting = asyncio.ensure_future(store.append("t", 2, 1, {"type": "stop"}, "player"))
            t0 = time.monotonic()
            await asyncio.sleep(0.3)
            assert time.monotonic() - t0 < 1.0  # the event loop kept turning
            assert not waiting.done()  # the action waits for the lock, on the pool
        finally:
            other.execute("COMMIT")
            other.close()
        assert await waiting is True  # stored once the lock was free, then acknowledged
        assert store.commits == 2 and store.inline_commits == 1
        # the same version again (another process was first): refused, nothing lost
        assert await store.append("t", 2, 0, {"type": "throw"}, "player") is False
        assert await store.append("t", 3, 0, {"type": "throw"}, "player") is True

    try:
        asyncio.run(play())
    finally:
        store.close()
    with sqlite3.connect(path) as raw:
        rows = raw.execute("SELECT seq, seat FROM actions ORDER BY seq").fetchall()
    assert rows == [(1, 0), (2, 1), (3, 0)]


class _Clocks:
    """The pipeline's two clocks, advanced only by the lists below: the test does not depend
    on the machine (a preemption of a few ms on a loaded CI host made a fast list read slow)."""

    def __init__(self) -> None:
        self.wall = self.cpu = 0.0

    def perf_counter(self) -> float:
        return self.wall

    def thread_time(self) -> float:
        return self.cpu


class _Lists:
    """A state whose legal list takes ``seconds``: asleep (a preempted list: wall time, no
    CPU) or busy (a slow list)."""

    def __init__(self, clocks: _Clocks, seconds: float, busy: bool) -> None:
        self.clocks, self.seconds, self.busy = clocks, seconds, busy

    def shared_legal_actions(self, seat: int) -> list[dict[str, str]]:  # what the server asks
        self.clocks.wall += self.seconds
        if self.busy:
            self.clocks.cpu += self.seconds
        return [{"type": "x"}]


def test_issue16_legal_lists_are_timed_in_cpu_time_only_when_the_wall_clock_says_slow(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from types import SimpleNamespace

    room: Any = SimpleNamespace(game=SimpleNamespace(name="slowpoke"))
    clocks = _Clocks()
    monkeypatch.setattr(pipeline, "time", clocks)
    try:
        for _ in range(3):  # fast lists: the wall clock's word is enough
            pipeline.Pipeline.legal_now(room, _Lists(clocks, 0.0, busy=False), [0])  # type: ignore[arg-type]
        assert "slowpoke" not in pipeline.CHECK_CPU
        assert pipeline.LEGAL_COST.get("slowpoke", 0.0) < pipeline.SLOW_LEGAL
        # preempted: slow on the wall clock, the CPU clock says fast: still on the event loop
        pipeline.Pipeline.legal_now(room, _Lists(clocks, 0.01, busy=False), [0])  # type: ignore[arg-type]
        assert "slowpoke" in pipeline.CHECK_CPU
        pipeline.Pipeline.legal_now(room, _Lists(clocks, 0.01, busy=False), [0])  # type: ignore[arg-type]
        assert "slowpoke" not in pipeline.CHECK_CPU
        assert pipeline.LEGAL_COST.get("slowpoke", 0.0) < pipeline.SLOW_LEGAL
        # really slow: the second slow list sends the game's lists to a worker thread
        pipeline.Pipeline.legal_now(room, _Lists(clocks, 0.01, busy=True), [0])  # type: ignore[arg-type]
        pipeline.Pipeline.legal_now(room, _Lists(clocks, 0.01, busy=True), [0])  # type: ignore[arg-type]
        assert pipeline.LEGAL_COST["slowpoke"] >= pipeline.SLOW_LEGAL
    finally:
        pipeline.LEGAL_COST.pop("slowpoke", None)
        pipeline.CHECK_CPU.discard("slowpoke")


def test_issue16_client_json_read_by_orjson_keeps_the_strict_rules_and_exact_integers() -> None:
    from ludotheque.server.protocol import loads_strict

    msg = '{"type":"action","version":3,"action":{"type":"throw","reroll":[0,2]},"id":"é"}'
    assert loads_strict(msg) == loads_strict(msg.encode()) == json.loads(msg)
    big = "[123456789012345678901234567890, -98765432109876543210]"
    assert loads_strict(big) == [123456789012345678901234567890, -98765432109876543210]
    assert all(type(v) is int for v in loads_strict(big))
    for bad in ("NaN", "[Infinity]", "[-Infinity]", "[1e400]", '"\\ud800"', "[" * 5000):
        with pytest.raises((ValueError, RecursionError)):
            loads_strict(bad)
        with pytest.raises((ValueError, RecursionError)):
            loads_strict(bad.encode())
    assert loads_strict('"\\ud83d\\ude00"') == "😀"  # a pair is a character


def test_issue16_the_shared_legal_lists_come_out_of_a_server_game_unchanged(
    live: LiveServer,
) -> None:
    # The server builds its messages and its bots' choices from the lists Poker d'As shares
    # between states (shared_legal_actions): nothing on the way (the update, the bot, the
    # stored and published action) may change them, or every table would see the change.
    zoe = live.guest("Zoé")
    table = make_table(
        live,
        zoe,
        game="pokerdas",
        players=2,
        options={"max_rounds": 3},
        seats=[{"kind": "me"}, {"kind": "bot", "bot": "random"}],
    )
    p = live.ws(table["id"], zoe["token"])
    over = play_out(p, 0)
    p.close()
    assert over["type"] == "over"
    assert shared_lists_intact()


def test_issue16_action_types_of_shared_lists_are_noted_once_and_others_never_kept() -> None:
    from ludotheque import games
    from ludotheque.games.pokerdas.rules import PokerDasState

    assert pipeline.shares_lists(PokerDasState)
    assert not pipeline.shares_lists(games.get("casinoroyal").state_type)
    state = games.get("pokerdas").new(2, {}, 1)
    seat = next(iter(state.to_move()))
    state.apply(seat, {"type": "throw"})
    shared = state.shared_legal_actions(seat)
    assert pipeline.action_types(shared, True) == {"stop", "throw"}
    assert pipeline._SHARED_TYPES[id(shared)][0] is shared  # kept with its list: no id reuse
    assert pipeline.action_types(shared, True) is pipeline.action_types(shared, True)
    own = state.legal_actions(seat)  # a list of its own: worked out, never kept
    assert pipeline.action_types(own, False) == {"stop", "throw"}
    assert id(own) not in pipeline._SHARED_TYPES
    assert pipeline.action_types([], True) == frozenset() and len(pipeline._SHARED_TYPES) < (
        pipeline.SHARED_TYPES_MAX
    )


def test_issue16_stored_action_text_is_the_standard_encoders_and_refuses_nan() -> None:
    rows: list[dict[str, Any]] = [
        {"table_id": "t", "seq": 1, "seat": 0, "actor": "player", "at": 1.0, "action": a}
        for a in ({"type": "mot", "word": "ÉTÉ ☃"}, {"type": "bet", "amount": float("nan")})
    ]
    out, params = db.Store._params(rows)
    assert out[0] is True and isinstance(out[1], ValueError)
    text = json.dumps(rows[0]["action"], ensure_ascii=False, allow_nan=False)
    assert [p[1][3] for p in params] == [text] == ['{"type": "mot", "word": "ÉTÉ ☃"}']
