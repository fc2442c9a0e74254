"""`ludotheque replay`: every game replayed from every point of view, and the refusals and
notices of `replay` and `replay --verify` (found play-testing)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.cli.main import app
from ludotheque.engine.rng import commitment
from ludotheque.games.pokerdas.terminal import PokerDasTerminal

runner = CliRunner()
# Short tables: whole games of a few dozen actions (Alice and Alkamo end in about a thousand).
SHORT: dict[str, dict[str, Any]] = {
    "alphapoker": {"hands_per_game": 1},
    "pokerdas": {"max_rounds": 2},
    "belote": {"belote_target": 100},
    "casinoroyal": {"rounds": 1},
}


@pytest.fixture(autouse=True)
def _no_pace(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Poker d'As table paces the bots' throws: the tests do not wait."""
    monkeypatch.setattr(PokerDasTerminal, "sleep", staticmethod(lambda s: None))


def played(name: str, seed: int = 4, upto: int | None = None, **options: Any) -> dict[str, Any]:
    """The record `ludotheque play` writes of a game of random bots (the person at seat 0),
    whole or cut after ``upto`` actions."""
    g = games.get(name)
    players = g.default_players()
    state = g.new(players, g.options_type.from_dict({**SHORT.get(name, {}), **options}), seed)
    bots = {s: botlib.make(name, "random", seed=s) for s in range(players)}
    while not state.is_over() and (upto is None or len(state.actions) < upto):
        seat = min(state.to_move())
        state.apply(seat, bots[seat].act(state.view(seat), state.legal_actions(seat)))
    rec = state.record()
    rec["commitment"] = commitment(state.seed)
    rec["seat"], rec["bots"] = 0, ["random"] * (players - 1)
    return rec


def write(tmp_path: Path, rec: dict[str, Any], name: str = "partie.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    return path


def replay(*args: str) -> Any:
    result = runner.invoke(app, ["replay", *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{type(result.exception).__name__}: {result.exception}\n{result.output[-2000:]}"
    )
    return result


@pytest.mark.parametrize("name", games.names())
def test_the_replay_command_printed_after_a_game_works_for_every_game_and_every_seat(
    name: str, tmp_path: Path
) -> None:
    """Found play-testing: the command printed at the end of every game,
    `ludotheque replay records/pokerdas-5.json`, crashed for Le Poker d'As
    (``view["eliminated"][None]``) and the Belote (``e["bonus"][None]``): without --seat the
    replay was drawn for a spectator, which their tables did not handle. Without --seat the
    replay is now seen from the person's seat, which the record keeps; a record that names no
    seat (a server's) and --spectateur are seen as a spectator, which every table draws."""
    rec = played(name)
    path = write(tmp_path, rec)
    mine = replay(str(path))
    assert mine.exit_code == 0, mine.output
    assert "siège 0" in mine.output and "Vous" in mine.output
    for seat in range(rec["players"]):
        seen = replay(str(path), "--seat", str(seat))
        assert seen.exit_code == 0, seen.output
    spectator = replay(str(path), "--spectateur")
    assert spectator.exit_code == 0, spectator.output
    assert "spectateur" in spectator.output and "Vous" not in spectator.output
    del rec["seat"], rec["bots"]  # a record of the server's: nobody's seat
    server = replay(str(write(tmp_path, rec, "serveur.json")))
    assert server.exit_code == 0, server.output
    assert "spectateur" in server.output and "Vous" not in server.output


@pytest.mark.parametrize(
    ("name", "options"),
    [(n, {"variant": v}) for n in ("pokerdas", "casinoroyal") for v in games.get(n).variants]
    + [("belote", {"belote_secrete": True}), ("alice", {"level": "A"})],
)
def test_variants_replay_for_a_spectator(
    name: str, options: dict[str, Any], tmp_path: Path
) -> None:
    """Found play-testing: the spectator's replay of the variants' tables (the Poker d'As
    menteur and café, the secret Belote…) must not crash either."""
    variant = options.pop("variant", None)
    if variant is not None:
        options = games.get(name).variant_options(variant)
    path = write(tmp_path, played(name, **options))
    for args in (["--spectateur"], ["--seat", "1"]):
        result = replay(str(path), *args)
        assert result.exit_code == 0, result.output


def test_a_replay_from_an_eliminated_seat_asks_nothing_and_shows_the_end(tmp_path: Path) -> None:
    """Found play-testing: replayed from a Poker d'As seat eliminated early (seen while
    checking the replay of every seat), the table asked « Entrée = manche suivante, « f » = la
    fin d'un coup » as in a game, and the end of the input (a pipe) stopped the replay with an
    uncaught ``Quit``. A replay asks nothing: it shows every round to the end."""
    g = games.get("pokerdas")
    for seed in range(20):  # a game of three where somebody is out before its end
        rec = played("pokerdas", seed=seed, max_rounds=20, start_tokens=2)
        state = g.new(3, g.options_from_record(rec["options"]), seed)
        out = [
            e["seats"][0]
            for seat, action in rec["actions"]
            for e in state.apply(seat, action)
            if e["type"] == "eliminated" and not state.is_over()
        ]
        if out:
            break
    assert out
    result = replay(str(write(tmp_path, rec)), "--seat", str(out[0]))
    assert result.exit_code == 0, result.output
    assert "Entrée = manche suivante" not in result.output
    assert "Classement final" in result.output


def test_verify_a_record_without_a_seed_says_the_seed_is_missing(tmp_path: Path) -> None:
    """Found play-testing: `replay --verify` of a record without « seed » said « l'empreinte
    publiée ef2d… ne correspond pas à la graine None »; plain `replay` rightly said « il
    manque seed »: --verify says so too."""
    rec = played("pokerdas")
    del rec["seed"]
    result = replay(str(write(tmp_path, rec)), "--verify")
    assert result.exit_code == 2
    assert "il manque seed" in result.output and "None" not in result.output


def test_verify_of_a_record_cut_short_says_the_game_never_finished(tmp_path: Path) -> None:
    """Found play-testing: a record cut to 50 of its 119 actions got « les 50 actions sont
    légales et la partie est reproduite à l'identique ✓ » with no word that the game never
    finished; its plain replay just stopped. Both say the record stops before the end."""
    full = played("pokerdas", seed=5, max_rounds=20)
    assert len(full["actions"]) > 50
    cut = dict(full, actions=full["actions"][:50])
    path = write(tmp_path, cut)
    verified = replay(str(path), "--verify")
    assert verified.exit_code == 0, verified.output
    said = " ".join(verified.output.split())
    assert "50 actions sont légales" in said
    assert "s'arrête avant la fin de la partie" in said
    watched = replay(str(path))
    assert watched.exit_code == 0
    said = " ".join(watched.output.split())
    assert "s'arrête avant la fin de la partie" in said and "après 50 actions" in said
    assert "ludotheque reprendre" in said  # a record of `play`: it can be resumed
    finished = replay(str(write(tmp_path, full, "fini.json")), "--verify")
    assert "avant la fin" not in finished.output


def test_replay_of_a_folder_a_missing_or_unreadable_file_says_it_in_french(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found play-testing: `ludotheque replay /tmp` said « lecture impossible de /tmp :
    [Errno 21] Is a directory: '/tmp' », the system's English inside the French message."""
    folder = replay(str(tmp_path))
    assert folder.exit_code == 2
    said = " ".join(folder.output.split())
    assert f"{tmp_path} est un dossier, pas un enregistrement" in said
    assert "Errno" not in said and "directory" not in said
    missing = replay(str(tmp_path / "absent.json"))
    assert missing.exit_code == 2 and "introuvable" in missing.output
    inside = replay(str(write(tmp_path, played("pokerdas")) / "x.json"))  # under a file
    assert inside.exit_code == 2 and "introuvable" in inside.output
    assert "Errno" not in inside.output
    path = write(tmp_path, played("pokerdas"), "secret.json")

    def forbidden(self: Path, *args: Any, **kwargs: Any) -> str:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "read_text", forbidden)
    refused = replay(str(path))
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert "pas le droit de lire" in said and "Errno" not in said and "Permission" not in said


def test_replay_takes_lang_en_for_its_refusals_and_notices(tmp_path: Path) -> None:
    """Found play-testing: `replay` had no --lang en, which other commands take."""
    refused = replay(str(tmp_path), "--lang", "en")
    assert refused.exit_code == 2
    said = " ".join(refused.output.split())
    assert "Error:" in said and "is a folder, not a record" in said
    rec = played("pokerdas", seed=5, max_rounds=20)
    cut = write(tmp_path, dict(rec, actions=rec["actions"][:30]))
    verified = replay(str(cut), "--verify", "--lang", "en")
    said = " ".join(verified.output.split())
    assert verified.exit_code == 0 and "30 actions are legal" in said
    assert "stops before the end of the game" in said


def test_replay_refuses_a_seat_out_of_range_and_a_spectator_with_a_seat(tmp_path: Path) -> None:
    """--seat out of the table, or with --spectateur, is refused in words (exit 2)."""
    path = write(tmp_path, played("pokerdas"))
    far = replay(str(path), "--seat", "7")
    assert far.exit_code == 2 and "--seat doit aller de 0 à 2" in far.output
    both = replay(str(path), "--seat", "1", "--spectateur")
    assert both.exit_code == 2 and "--spectateur" in both.output


def online(rec: dict[str, Any]) -> dict[str, Any]:
    """``rec`` as the server writes it: its table, its result, how it ended."""
    g = games.get(rec["game"])
    state = g.new(rec["players"], g.options_from_record(rec["options"]), int(rec["seed"]))
    for seat, action in rec["actions"]:
        state.apply(seat, action)
    return dict(
        rec, seed=str(rec["seed"]), table="T", ended="over", result=state.result().to_dict()
    )


def test_verify_compares_the_result_and_the_ending_a_record_states(tmp_path: Path) -> None:
    """Found by a sceptical player: `replay --verify` passed a downloaded record whose result
    was edited (the winner swapped, or null), one cut short though it carried a result, and
    one marked stopped though it reached its end — « reproduite à l'identique ✓ », exit 0.
    The re-dealt result is now compared with the one the record states, as the server's
    /verify does."""
    rec = online(played("pokerdas", seed=5))
    assert replay(str(write(tmp_path, rec)), "--verify").exit_code == 0
    swapped = dict(rec, result=dict(rec["result"], scores=list(reversed(rec["result"]["scores"]))))
    for bad, why in (
        (swapped, "résultat"),
        (dict(rec, result=None), "résultat"),
        (dict(rec, actions=rec["actions"][:-1]), "avant la fin"),
        (dict(rec, ended="stopped", result=None), "arrêtée"),
    ):
        out = replay(str(write(tmp_path, bad, "t.json")), "--verify")
        said = " ".join(out.output.split())
        assert out.exit_code == 2 and why in said and "✓ " not in said.split("Erreur")[-1], said


def test_verify_refuses_an_online_record_without_its_commitment_or_with_a_padded_seed(
    tmp_path: Path,
) -> None:
    """Found by a sceptical player: an online record whose commitment was deleted was taken
    for a local game and passed; a seed written « 08501… » passed, its SHA-256 printed beside
    a text that does not hash to it."""
    rec = online(played("pokerdas", seed=5))
    no_commitment = {k: v for k, v in rec.items() if k != "commitment"}
    out = replay(str(write(tmp_path, no_commitment, "t.json")), "--verify")
    assert out.exit_code == 2 and "empreinte" in out.output, out.output
    out = replay(str(write(tmp_path, dict(rec, seed="0" + rec["seed"]), "t.json")), "--verify")
    assert out.exit_code == 2 and "graine" in out.output, out.output
