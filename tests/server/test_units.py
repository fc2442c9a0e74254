"""Glicko-2 against Glickman's worked example, tokens, passwords, and the schemas themselves."""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from ludotheque.server import auth, glicko2
from ludotheque.server.protocol import SCHEMAS, problem
from tests.server.conftest import LiveServer


def test_glicko2_matches_glickmans_worked_example() -> None:
    # « Example of the Glicko-2 system », section 3: a 1500/200/0.06 player meets 1400/30
    # (wins), 1550/100 (loses), 1700/300 (loses); τ = 0.5.
    player = glicko2.Rating(1500, 200, 0.06)
    games = [
        (glicko2.Rating(1400, 30), 1.0),
        (glicko2.Rating(1550, 100), 0.0),
        (glicko2.Rating(1700, 300), 0.0),
    ]
    after = glicko2.update(player, games, tau=0.5)
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert after.rd == pytest.approx(151.52, abs=0.01)
    assert after.vol == pytest.approx(0.05999, abs=0.00001)


def test_glicko2_idle_period_only_widens_the_deviation() -> None:
    after = glicko2.update(glicko2.Rating(1500, 200, 0.06), [])
    assert after.rating == 1500 and after.rd == pytest.approx(200.27, abs=0.01)


def test_glicko2_ranks_score_every_pair() -> None:
    assert glicko2.pairwise_scores([1, 2, 2]) == [
        [(1, 1.0), (2, 1.0)],
        [(0, 0.0), (2, 0.5)],
        [(0, 0.0), (1, 0.5)],
    ]
    a, b = glicko2.rate_game([glicko2.Rating(), glicko2.Rating()], [1, 2])
    assert a.rating > 1500 > b.rating and a.rating - 1500 == pytest.approx(1500 - b.rating)


def test_tokens_are_signed_and_expire() -> None:
    token = auth.make_token("s3cret", "abc", now=1000)
    assert auth.read_token("s3cret", token, max_age=60, now=1030) == "abc"
    assert auth.read_token("s3cret", token, max_age=60, now=1100) is None  # expired
    assert auth.read_token("other", token, max_age=60, now=1030) is None  # another server
    _user, issued, sig = token.split(".")
    assert auth.read_token("s3cret", f"xyz.{issued}.{sig}", 60, now=1030) is None
    for junk in ("", "a.b", "a.b.c", "a.1.", "x" * 500):
        assert auth.read_token("s3cret", junk, 60) is None


def test_passwords_are_hashed_with_argon2() -> None:
    stored = auth.hash_password("correct horse")
    assert stored.startswith("$argon2") and "correct horse" not in stored
    assert auth.check_password(stored, "correct horse")
    assert not auth.check_password(stored, "wrong horse")
    assert not auth.check_password("not a hash", "x")


def test_a_guest_cannot_take_an_accounts_name(live: LiveServer) -> None:
    """Found play-testing: `POST /api/guest {"name": "Marc"}` succeeded while the account Marc
    existed: anyone could sit, be listed in the history and rated as « Marc »."""
    r = live.http.post("/api/accounts", json={"name": "Marcel", "password": "secret-Marcel-1"})
    assert r.status_code == 200
    taken = live.http.post("/api/guest", json={"name": "marcel"})
    assert taken.status_code == 409
    assert "compte" in taken.json()["detail"]["message"]
    assert "account" in taken.json()["detail"]["message_en"]
    assert live.http.post("/api/guest", json={"name": "Marcelle"}).status_code == 200


def test_a_guest_who_creates_an_account_keeps_his_games(live: LiveServer) -> None:
    """Found play-testing: a guest who created an account from the login page (« Vous jouez en
    tant que Zoé ») became a new person: his games, history and rating stayed with the guest,
    and the ratings listed two « Zoé ». The account is now the guest, made permanent."""
    guest = live.http.post("/api/guest", json={"name": "Zoéline"}).json()
    made = live.http.post(
        "/api/accounts",
        json={"name": "Zoéline", "password": "secret-Zoeline-1"},
        headers={"Authorization": "Bearer " + guest["token"]},
    )
    assert made.status_code == 200, made.text
    assert made.json()["user"]["id"] == guest["user"]["id"]
    assert made.json()["user"]["guest"] is False
    again = live.http.post("/api/login", json={"name": "zoéline", "password": "secret-Zoeline-1"})
    assert again.status_code == 200 and again.json()["user"]["id"] == guest["user"]["id"]
    # An account's token does not make another account of it.
    other = live.http.post(
        "/api/accounts",
        json={"name": "Zoéline Bis", "password": "secret-Zoeline-2"},
        headers={"Authorization": "Bearer " + made.json()["token"]},
    )
    assert other.status_code == 200 and other.json()["user"]["id"] != guest["user"]["id"]


def test_accounts_and_passwords_never_logged(
    live: LiveServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    secret = "mot-de-passe-Très-Secret-42"
    r = live.http.post("/api/accounts", json={"name": "Camille", "password": secret})
    assert r.status_code == 200 and r.json()["user"]["guest"] is False
    assert (
        live.http.post("/api/accounts", json={"name": "camille", "password": secret}).status_code
        == 409
    )
    bad = live.http.post("/api/login", json={"name": "Camille", "password": secret + "x"})
    assert bad.status_code == 401 and bad.json()["detail"]["message"]
    ok = live.http.post("/api/login", json={"name": "CAMILLE", "password": secret})
    assert ok.status_code == 200
    me = live.http.get("/api/me", headers={"Authorization": "Bearer " + ok.json()["token"]})
    assert me.json()["name"] == "Camille"
    short = live.http.post("/api/accounts", json={"name": "Dom", "password": "court"})
    assert (
        short.status_code == 400
        and "mot de passe : au moins 8" in short.json()["detail"]["message"]
    )
    assert "court" not in short.text and secret not in short.text
    assert secret not in caplog.text
    with live.hub.store.engine.connect() as conn:
        dump = "\n".join(conn.connection.driver_connection.iterdump())
    assert secret not in dump and "$argon2" in dump


def test_every_schema_is_valid_and_documented() -> None:
    paths = sorted(SCHEMAS.rglob("*.json"))
    assert (
        len(paths) == 1 + 5 + 10 + 1
    )  # defs, client, server (tournament: issue 18; onward), http/games
    doc = (SCHEMAS.parents[3] / "docs" / "protocol.md").read_text(encoding="utf-8")
    for path in paths:
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        if path.parent.name in ("client", "server"):
            assert f"{path.parent.name}/{path.name}" in doc


def test_client_messages_are_checked() -> None:
    assert problem("client", {"type": "action", "version": 3, "action": {"type": "fold"}}) is None
    assert problem("client", {"type": "action", "version": 3}) is not None
    assert (
        problem("client", {"type": "action", "version": 3, "action": {"type": "fold"}, "seat": 2})
        is not None
    )
    assert problem("client", {"type": "chat", "text": "x" * 501}) is not None
    assert problem("client", ["action"]) is not None
    assert problem("client", {"type": "welcome"}) is not None


CLIENT_CORPUS: list[object] = [
    {"type": "action", "version": 0, "action": {"type": "fold"}},
    {"type": "action", "version": 7, "action": {"type": "bet", "amount": 3}, "id": "a1"},
    {"type": "action", "version": 7, "action": {"type": "bet"}, "id": "x" * 64},
    {"type": "action", "version": 7, "action": {"type": "bet"}, "id": "x" * 65},
    {"type": "action", "version": -1, "action": {"type": "fold"}},
    {"type": "action", "version": True, "action": {"type": "fold"}},
    {"type": "action", "version": 1.5, "action": {"type": "fold"}},
    {"type": "action", "version": "1", "action": {"type": "fold"}},
    {"type": "action", "version": 1, "action": {"type": ""}},
    {"type": "action", "version": 1, "action": {"type": "t" * 65}},
    {"type": "action", "version": 1, "action": {"type": 3}},
    {"type": "action", "version": 1, "action": ["fold"]},
    {"type": "action", "version": 1},
    {"type": "action", "version": 1, "action": {"type": "fold"}, "seat": 0},
    {"type": "chat", "text": "bonjour"},
    {"type": "chat", "text": ""},
    {"type": "chat", "text": "x" * 500},
    {"type": "chat", "text": "x" * 501},
    {"type": "chat", "text": 5},
    {"type": "mute", "user": "abc", "muted": True},
    {"type": "mute", "user": "abc", "muted": 1},
    {"type": "mute", "user": "abc"},
    {"type": "sync"},
    {"type": "sync", "x": 1},
    {"type": "ping"},
    {"type": "ping", "id": "p"},
    {"type": "ping", "id": 3},
    {"type": "pong"},
    {"type": 3},
    {},
    [],
    "action",
    None,
]


@pytest.mark.parametrize("msg", CLIENT_CORPUS)
def test_the_fast_client_check_agrees_with_the_schemas(msg: object) -> None:
    from ludotheque.server.protocol import check_client

    assert (check_client(msg) is None) == (problem("client", msg) is None)


def test_a_table_stored_before_an_option_existed_plays_as_it_was_played() -> None:
    """docs/defaults.md: Casino Royal's table stakes (`all_in`) came after tables were stored;
    such a table resumes without them, as it was played, while a new table has them."""
    from ludotheque import games
    from ludotheque.server.rooms import Room

    old = Room(None, {"id": "t1", "game": "casinoroyal", "options": {"game": "A"}})  # type: ignore[arg-type]
    assert old.meta["options"]["all_in"] is False
    assert old.kind[0].startswith("la règle du livre")
    assert games.get("casinoroyal").options_type().all_in is True
    new = Room(None, {"id": "t2", "game": "pokerdas", "options": {}})  # type: ignore[arg-type]
    assert new.kind[0].startswith("par défaut")


@pytest.mark.parametrize(
    "msg",
    [
        {"type": "update", "view": {"scores": {0: 3, 1: 5}}},  # a game's dict keyed by seat
        {"type": "update", "view": {"big": 2**70}},  # beyond orjson's 64 bits
        {"type": "chat", "text": "é « ok » \u2019"},
        {"type": "chat", "text": "lone \ud800 surrogate"},  # stored before it was refused
    ],
    ids=["int-keys", "big-int", "french", "surrogate"],
)
def test_every_message_is_encoded_as_the_standard_encoder_reads_it(msg: dict[str, Any]) -> None:
    from ludotheque.server.messages import dumps
    from ludotheque.server.protocol import clean_json

    text = dumps(msg)
    assert json.loads(text) == json.loads(json.dumps(clean_json(msg), ensure_ascii=False))


def test_a_bot_kept_under_two_names_is_offered_once() -> None:
    """Found by an English-speaking tester: Alice's lobby and rules page listed « Medium bot »
    twice (« mcts », the old name of « mcts:moyen »)."""
    from ludotheque import games
    from ludotheque.server.app import _game_dict

    for name in games.names():
        shown = _game_dict(games.get(name))
        labels = [shown["bot_words"][b]["fr"] for b in shown["bots"]]
        assert len(labels) == len(set(labels)), (name, labels)
        assert shown["default_bot"] in shown["bots"], name
