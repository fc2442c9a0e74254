"""A deal nobody chooses (found by a sceptical player): commit-reveal showed that the server did
not change its seed during the game, not that it had not *chosen* it — the seed was drawn by the
server alone when the seats filled. Now a person adds his own seed after he has seen the
commitment of the server's, and anyone recomputes the deal's seed from the two."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from ludotheque.cli.main import app as cli_app
from ludotheque.engine.rng import commitment
from tests.server.conftest import LiveServer, bearer, play_together
from tests.server.test_play import play_out


def by_hand(server_seed: str, seats: list[tuple[int, str]]) -> str:
    """docs/server.md's recipe: ``printf 'ludotheque:S\\n0:abc' | sha256sum``, 16 hex digits."""
    text = "\n".join([f"ludotheque:{server_seed}", *(f"{i}:{c}" for i, c in seats)])
    return str(int(hashlib.sha256(text.encode()).hexdigest()[:16], 16))


def vs_random(**extra: Any) -> dict[str, Any]:
    return {
        "game": "pokerdas",
        "players": 2,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        **extra,
    }


def test_a_friend_joins_with_his_seed_after_the_commitment_is_shown(
    live: LiveServer, tmp_path: Path
) -> None:
    ana, ben = live.guest("Ana"), live.guest("Ben")
    body = {"game": "pokerdas", "players": 2, "seats": [{"kind": "me"}, {"kind": "open"}]}
    table = live.http.post("/api/tables", json=body, headers=bearer(ana)).json()
    assert table["status"] == "waiting" and len(table["commitment"]) == 64  # shown before
    shown = live.http.get(f"/api/tables/{table['id']}").json()["commitment"]
    r = live.http.post(
        f"/api/tables/{table['id']}/join", json={"contribution": "benoit-42"}, headers=bearer(ben)
    )
    assert r.status_code == 200, r.text
    assert r.json()["commitment"] == shown and r.json()["contributions"] == [None, "benoit-42"]
    players = [live.ws(table["id"], u["token"]) for u in (ana, ben)]
    over = play_together(players)
    assert over["commitment"] == shown == commitment(int(over["server_seed"]))
    assert over["seed"] == by_hand(over["server_seed"], [(1, "benoit-42")])
    check = live.http.get(over["verify_url"]).json()
    assert check["ok"], check
    assert "avant les graines des joueurs (Ben « benoit-42 »)" in check["message"], check
    # replay --verify on the record as downloaded: the same two checks, said
    record = live.http.get(over["record_url"]).json()
    path = tmp_path / "partie.json"
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(cli_app, ["replay", str(path), "--verify"])
    assert out.exit_code == 0, out.output
    assert "graine du serveur" in out.output and "« 1:benoit-42 »" in out.output
    # a record whose contribution was edited is refused, saying which seed does not hold
    record["contributions"] = [None, "benoit-43"]
    path.write_text(json.dumps(record))
    out = CliRunner().invoke(cli_app, ["replay", str(path), "--verify"])
    assert out.exit_code != 0 and "n'est pas celle que font la graine du serveur" in out.output


def test_the_creator_gives_his_seed_after_reading_his_next_deals_commitment(
    live: LiveServer,
) -> None:
    zoe = live.guest("Zoé")
    never_read = vs_random(contribution="x", commitment="0" * 64)
    refused = live.http.post("/api/tables", json=never_read, headers=bearer(zoe))
    assert refused.status_code == 409 and "GET /api/deal" in refused.text  # the commitment first
    seen = live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"]
    assert live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"] == seen  # kept
    body = vs_random(contribution="ma-graine", commitment=seen)
    table = live.http.post("/api/tables", json=body, headers=bearer(zoe)).json()
    assert table["commitment"] == seen and table["status"] == "playing"
    nxt = live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"]
    assert nxt != seen  # a seed serves one table
    stale = live.http.post("/api/tables", json=body, headers=bearer(zoe))
    assert stale.status_code == 409 and "a changé" in stale.json()["detail"]["message"]
    p = live.ws(table["id"], zoe["token"])
    p.recv()
    over = play_out(p, 0)
    p.close()
    assert over["seed"] == by_hand(over["server_seed"], [(0, "ma-graine")])
    assert commitment(int(over["server_seed"])) == seen
    assert live.http.get(over["verify_url"]).json()["ok"]


def test_a_seed_that_is_not_one_is_refused_with_the_rule(live: LiveServer) -> None:
    zoe = live.guest("Zoé")
    seen = live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"]
    for bad in ("", "é", "a b", "x" * 65):
        body = vs_random(contribution=bad, commitment=seen)
        r = live.http.post("/api/tables", json=body, headers=bearer(zoe))
        assert r.status_code == 400, (bad, r.text)
        assert "de 1 à 64 lettres sans accent" in r.json()["detail"]["message"], r.text
    watcher = {"game": "pokerdas", "players": 2, "seats": [{"kind": "bot"}, {"kind": "open"}]}
    body = {**watcher, "contribution": "x", "commitment": seen}
    r = live.http.post("/api/tables", json=body, headers=bearer(zoe))
    assert r.status_code == 400 and "avec votre place" in r.json()["detail"]["message"]
    assert live.http.get("/api/tables").json() == []  # nothing was opened


def test_a_seed_comes_with_the_commitment_read_before_it(live: LiveServer) -> None:
    """Found by a sceptical player: after one GET /api/deal, three tables took seeds given
    without the commitment, two under commitments he never read; a commitment without a seed
    was taken silently, an empty one answered « une autre table ouverte entre-temps »."""
    zoe = live.guest("Zoé")
    seen = live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"]
    for body in (vs_random(contribution="seq1"), vs_random(commitment=seen)):
        r = live.http.post("/api/tables", json=body, headers=bearer(zoe))
        assert r.status_code == 400 and "vont ensemble" in r.json()["detail"]["message"], r.text
    r = live.http.post(
        "/api/tables", json=vs_random(contribution="a", commitment=""), headers=bearer(zoe)
    )
    assert r.status_code == 400 and "64 chiffres" in r.json()["detail"]["message"], r.text
    assert live.http.get("/api/deal", headers=bearer(zoe)).json()["commitment"] == seen


def test_a_seated_player_changes_his_seed_until_the_deal_never_after(live: LiveServer) -> None:
    """Found by a sceptical player: joining again with another seed answered 200 and kept the
    first, without a word — before the deal as after it."""
    ana, ben = live.guest("Ana"), live.guest("Ben")
    seats = [{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]
    body = {"game": "pokerdas", "players": 3, "seats": seats}
    table = live.http.post("/api/tables", json=body, headers=bearer(ana)).json()
    join = f"/api/tables/{table['id']}/join"
    live.http.post(join, json={"seat": 1, "contribution": "premiere"}, headers=bearer(ben))
    r = live.http.post(join, json={"contribution": "seconde"}, headers=bearer(ben))
    assert r.status_code == 200 and r.json()["contributions"][1] == "seconde"
    cid = live.guest("Cid")
    live.http.post(join, json={}, headers=bearer(cid))  # the deal
    r = live.http.post(join, json={"contribution": "troisieme"}, headers=bearer(ben))
    assert r.status_code == 409 and "ne peut plus changer" in r.json()["detail"]["message"]


def test_without_a_seed_of_his_own_nothing_changes(live: LiveServer) -> None:
    """An API client that gives no seed deals from the server's alone, as before: the seed
    revealed is the one committed to."""
    zoe = live.guest("Zoé")
    table = live.http.post("/api/tables", json=vs_random(), headers=bearer(zoe)).json()
    p = live.ws(table["id"], zoe["token"])
    p.recv()
    over = play_out(p, 0)
    p.close()
    assert (
        over["seed"] == over["server_seed"] and commitment(int(over["seed"])) == table["commitment"]
    )
    assert over["contributions"] == [None, None]
    assert live.http.get(over["verify_url"]).json()["ok"]
