"""Security: each seat receives its own view and public events, never another seat's secrets.

Every registered game is played through the server by random players, one WebSocket per seat.
Then the game is replayed independently from the stored seed and log, and for every message
sent to every seat at every version:

1. exactness: its ``view`` is ``state.view(seat)``, its ``legal`` is
   ``state.offered_actions(seat)``, its ``events`` are the engine's events of that action, and it
   has no field beyond its schema (checked on receipt) — so the server adds nothing of its own;
2. scan: the rest of the message (everything but the seat's own view and legal actions) holds
   none of the others' secrets at that version. The secrets are derived generically: every part
   of another seat's view (a subtree, in its canonical JSON) that differs from what the
   spectator and this seat see at the same place and appears nowhere in their views (their hand,
   their dice under the cup…: groups of two or more, or long strings — a single card name cannot
   be told from a public card of the same name), and every list held by the state that no view
   shows (the order of the pile, the deck).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
import sqlalchemy as sa

from ludotheque import games
from ludotheque.engine.protocol import canonical_json
from ludotheque.server import db
from tests.server.conftest import LiveServer, bearer

MAX_STEPS = 250
OPEN_GAMES = {"bataille"}  # nothing hidden between the seats (its view's docstring says so)
PLAYERS = {name: games.get(name).default_players() for name in games.names()}


def _subtrees(value: Any, path: tuple[Any, ...] = ()) -> Any:
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _subtrees(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _subtrees(v, (*path, i))


_MISSING = object()


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        try:
            value = value[key]
        except (KeyError, IndexError, TypeError):
            return _MISSING
    return value


def _state_lists(obj: Any, depth: int = 0) -> Any:
    """Lists of three or more items held by the state (piles, decks, hands), two levels deep."""
    if depth > 2:
        return
    items = obj.__dict__.items() if hasattr(obj, "__dict__") else []
    for key, value in items:
        if key.startswith("_shared_") or key in ("actions", "rng", "options"):
            continue
        if isinstance(value, list | tuple):
            if len(value) >= 3:
                yield list(value)
            for v in value:
                if isinstance(v, list | tuple) and len(v) >= 3:
                    yield list(v)
        elif isinstance(value, dict):
            for v in value.values():
                if isinstance(v, list | tuple) and len(v) >= 3:
                    yield list(v)


def secrets_for(state: Any, seat: int) -> set[str]:
    """Canonical JSON of what ``seat`` must not learn now."""
    mine, public = state.view(seat), state.view(None)
    known = canonical_json(mine) + canonical_json(public)
    out: set[str] = set()
    for other in range(state.players):
        if other == seat:
            continue
        for path, value in _subtrees(state.view(other)):
            if _at(public, path) == value or _at(mine, path) == value:
                continue
            # A single card or number cannot be told apart from a public one of the same name
            # (two decks, dice): the secrets scanned are groups (a hand, the dice under a cup)
            # and long strings; single values are covered by the exactness check.
            if isinstance(value, list | dict):
                if len(value) < 2:
                    continue
            elif not (isinstance(value, str) and len(value) >= 6):
                continue
            token = canonical_json(value)
            if token not in known:
                out.add(token)
    for items in _state_lists(state):
        try:
            token = canonical_json(items)
        except TypeError:
            continue
        if len(token) >= 12 and token not in known:
            out.add(token)
    return out


def play_randomly(live: LiveServer, name: str, seed: int) -> tuple[str, list[Any]]:
    game = games.get(name)
    n = PLAYERS[name]
    users = [live.guest(f"J{i}") for i in range(n)]
    r = live.http.post(
        "/api/tables",
        json={"game": name, "players": n, "seats": [{"kind": "me"}] + [{"kind": "open"}] * (n - 1)},
        headers=bearer(users[0]),
    )
    assert r.status_code == 200, r.text
    table_id = r.json()["id"]
    for u in users[1:]:
        assert (
            live.http.post(f"/api/tables/{table_id}/join", json={}, headers=bearer(u)).status_code
            == 200
        )
    players = [live.ws(table_id, u["token"]) for u in users]
    for p in players:
        p.until(lambda m: m["type"] == "welcome" and m["view"] is not None)
    rng = random.Random(seed)
    for version in range(MAX_STEPS):
        last = players[0].last
        assert last is not None and last["version"] == version
        if not last["to_move"]:
            break
        seat = rng.choice(last["to_move"])
        legal = players[seat].last["legal"]
        assert legal, f"{name}: seat {seat} is to move with no legal action"
        players[seat].act(rng.choice(legal), version)
        for p in players:
            p.until(lambda m, v=version + 1: m["type"] == "update" and m["version"] == v)
    for p in players:
        p.close()
    assert game.name == name
    return table_id, players


@pytest.mark.parametrize("name", games.names())
def test_no_message_to_a_seat_holds_another_seats_secret(live: LiveServer, name: str) -> None:
    table_id, players = play_randomly(live, name, seed=sum(map(ord, name)))
    with live.hub.store.engine.connect() as conn:
        row = conn.execute(sa.select(db.tables).where(db.tables.c.id == table_id)).one()
        log = conn.execute(
            sa.select(db.actions).where(db.actions.c.table_id == table_id).order_by("seq")
        ).all()
    game = games.get(name)
    state = game.new(row.players, row.options, int(row.seed))
    events_at: dict[int, list[Any]] = {}
    expected: dict[tuple[int, int], tuple[Any, ...]] = {}
    secrets: dict[tuple[int, int], set[str]] = {}

    def snapshot(v: int) -> None:
        for s in range(row.players):
            expected[(v, s)] = (state.view(s), state.offered_actions(s), sorted(state.to_move()))
            secrets[(v, s)] = secrets_for(state, s)

    snapshot(0)
    for entry in log:
        events_at[entry.seq] = state.apply(entry.seat, entry.action)
        snapshot(entry.seq)
    checked = 0
    for seat, p in enumerate(players):
        for msg in p.received:
            v = msg["version"]
            if msg["type"] in ("welcome", "update") and msg["view"] is not None:
                view, legal, to_move = expected[(v, seat)]
                assert msg["view"] == view, f"{name} v{v}: seat {seat} got another view"
                assert msg["legal"] == legal and msg["to_move"] == to_move
                if msg["type"] == "update":
                    assert msg["events"] == events_at[v]
                rest = {k: x for k, x in msg.items() if k not in ("view", "legal")}
            else:
                rest = msg
            text = canonical_json(rest)
            leaked = [t for t in secrets[(v, seat)] if t in text]
            assert not leaked, f"{name} v{v}: seat {seat} received {leaked[:3]} in {text[:300]}"
            checked += 1
    assert checked >= len(log) * row.players
    # The scan has teeth: had the server sent seat 1's view to seat 0, it would have said so.
    caught = sum(
        any(t in canonical_json(expected[(v, 1)][0]) for t in secrets[(v, 0)])
        for v in range(len(log) + 1)
    )
    assert caught > 0 or name in OPEN_GAMES, f"{name}: no secret of seat 1 ever found"
