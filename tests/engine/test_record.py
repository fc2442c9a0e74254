"""Records replay bit for bit, or are refused whole with a reason."""

from __future__ import annotations

import json
import random

import pytest

from ludotheque import games
from ludotheque.engine import RecordError, replay
from ludotheque.engine import record as records
from ludotheque.engine.rng import commitment, verify


def played_record(seed: int = 3, steps: int = 60) -> dict:
    state = games.get("alphapoker").new(3, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.record()


def test_record_is_versioned_json_and_replays() -> None:
    rec = played_record()
    assert {"format", "game", "version", "options", "players", "seed", "actions"} <= set(rec)
    again = replay(json.loads(json.dumps(rec)))
    assert again.record() == rec


def test_replay_upto_gives_an_intermediate_state() -> None:
    rec = played_record()
    assert len(replay(rec, upto=10).actions) == 10


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda r: r.pop("seed"), "il manque seed"),
        (lambda r: r.update(game="belote-inconnue"), "jeu inconnu"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(options={"hand_size": 12}), "Cartes par main"),
        (lambda r: r.update(players=1), "joueurs"),
        (lambda r: r.update(actions="x"), "liste"),
        (lambda r: r["actions"].append(["0", {"type": "fold"}]), "mal formée"),
        (lambda r: r["actions"].insert(3, [0, {"type": "bet", "amount": 99}]), "action n° 4"),
        (lambda r: r.update(format=7), "format"),
    ],
)
def test_a_damaged_record_is_refused_with_the_reason(damage, message: str) -> None:
    rec = played_record()
    damage(rec)
    with pytest.raises(RecordError, match=message):
        replay(rec)


def test_truncated_or_missing_file_is_refused(tmp_path) -> None:
    path = tmp_path / "game.json"
    records.save(played_record(), path)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(RecordError, match="tronqué"):
        records.load(path)
    with pytest.raises(RecordError, match="introuvable"):
        records.load(tmp_path / "absent.json")


def test_save_then_load_round_trips(tmp_path) -> None:
    rec = played_record()
    path = records.save(rec, tmp_path / "sub" / "g.json")
    assert records.load(path) == rec


def test_a_save_interrupted_midway_leaves_the_old_record_and_no_partial_file(
    tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found play-testing: a game interrupted while its record was written left an empty
    ``….json.tmp`` beside the good record."""
    old = records.save(played_record(3, 10), tmp_path / "g.json")
    before = old.read_text(encoding="utf-8")

    def interrupted(self: object, *args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(records.Path, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        records.save(played_record(3, 40), old)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.json"]
    assert old.read_text(encoding="utf-8") == before


def test_seed_commitment_is_sha256_of_the_seed() -> None:
    assert commitment(42) == "73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049"
    assert verify(42, commitment(42)) and not verify(43, commitment(42))


def test_errors_speak_french_first_and_english_too() -> None:
    rec = played_record()
    rec["game"] = "nope"
    with pytest.raises(RecordError) as info:
        replay(rec)
    assert "jeu inconnu" in str(info.value) and "unknown game" in info.value.en


def test_a_record_whose_seed_was_edited_is_refused_naming_the_commitment() -> None:
    """Found play-testing: a seed-3 record edited to « "seed": 4 » was refused as « action n° 1
    … refusée : ce n'est pas au joueur 0 de jouer », the published commitment not named."""
    rec = played_record()
    rec["commitment"] = commitment(rec["seed"])
    rec["seed"] += 1
    with pytest.raises(RecordError) as refused:
        replay(rec)
    assert "ne correspond pas à l'empreinte publiée" in refused.value.fr


def online_record(contributions: list[str | None]) -> dict:
    """A record as the server writes it for a table whose players mixed in their seeds."""
    from ludotheque.engine.rng import deal_seed

    server = 8601245298261201264
    rec = played_record(seed=deal_seed(server, contributions), steps=20)
    return {
        **rec,
        "seed": str(rec["seed"]),
        "server_seed": str(server),
        "contributions": contributions,
        "commitment": commitment(server),
        "table": "t1",
    }


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ({"commitment": ["<the commitment>"]}, "empreinte publiée mal formée"),
        ({"commitment": {"sha256": "<the commitment>"}}, "empreinte publiée mal formée"),
        ({"commitment": 7}, "empreinte publiée mal formée"),
        ({"contributions": ["aaa\n1:bbb", None, None]}, "« contributions »"),
        ({"contributions": ["aaa", "", None]}, "« contributions »"),
        ({"contributions": ["aaa"]}, "« contributions »"),
        ({"contributions": ["é", None, None]}, "« contributions »"),
        ({"server_seed": "08601245298261201264"}, "graine du serveur mal écrite"),
    ],
)
def test_a_forged_online_record_is_refused_by_the_deals_check(edit: dict, said: str) -> None:
    """Found by a sceptical player: `replay --verify` printed ✓ for a record whose commitment
    was a list holding the real one (the check returned silently on anything not text) and
    whose server seed was « 1 »; a seed with a newline hid another seat's; an empty seed, a
    short list, a server seed with a leading zero passed; « é » raised a traceback."""
    rec = online_record(["aaa", "bbb", None])
    records.check_deal(rec)  # as written: it holds
    if isinstance(edit.get("commitment"), list):
        edit = {"commitment": [rec["commitment"]], "server_seed": "1"}
    elif isinstance(edit.get("commitment"), dict):
        edit = {"commitment": {"sha256": rec["commitment"]}}
    forged = {**rec, **edit}
    with pytest.raises(RecordError) as refused:
        records.check_deal(forged)
    assert said in refused.value.fr, refused.value.fr
