"""Issue 16, « Faster than the peer »: what the speed work must not change, and the fast paths
it relies on (the figures themselves are bench/vs_bgio.py's, never timed asserts)."""

from __future__ import annotations

from ludotheque.server import pipeline
from tests.server.conftest import LiveServer
from tests.server.test_play import make_table


def test_issue16_a_game_seen_slow_once_comes_back_to_the_event_loop(live: LiveServer) -> None:
    # One slow list (a garbage collection during it, a cold cache) sends a game's legal lists
    # to a worker thread; measured there too, they come back once they are fast again, instead
    # of paying a thread hop and the GIL's hand-over at every action for the server's life.
    saved = dict(pipeline.LEGAL_COST)
    pipeline.LEGAL_COST["pokerdas"] = 2 * pipeline.SLOW_LEGAL
    try:
        zoe = live.guest("Zoé")
        table = make_table(
            live,
            zoe,
            game="pokerdas",
            players=2,
            seats=[{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        )
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
