"""`ludotheque play` and `ludotheque replay` driven as a person would, through the prompts."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()
# Answers that fit every prompt sooner or later: an unexpected one is refused and asked again.
ANSWERS = ("aide\n" + "\n" + "s\n" + "1v\n" + "chat\n" + "o\n") * 200


def test_a_whole_game_in_the_terminal_then_its_replay(tmp_path) -> None:
    path = tmp_path / "game.json"
    args = [
        "play",
        "alphapoker",
        "-n",
        "2",
        "--seed",
        "5",
        "-o",
        "hands_per_game=2",
        "--bots",
        "random",
        "--record",
        str(path),
    ]
    result = runner.invoke(app, args, input=ANSWERS)
    assert result.exit_code == 0, result.output
    assert "Classement final" in result.output
    assert "Votre main" in result.output and "Abattage" in result.output
    record = json.loads(path.read_text())
    assert record["game"] == "alphapoker" and record["actions"]
    replayed = runner.invoke(app, ["replay", str(path), "--seat", "0"])
    assert replayed.exit_code == 0 and "Classement final" in replayed.output
    verified = runner.invoke(app, ["replay", str(path), "--verify"])
    assert verified.exit_code == 0 and "✓" in verified.output


def test_quitting_keeps_the_record(tmp_path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "--seed", "1", "--bots", "random", "--record", str(path)], input="\nquitter\n"
    )
    assert result.exit_code == 0
    assert "enregistrée" in result.output and json.loads(path.read_text())["seed"] == 1


def test_bad_options_are_refused_clearly() -> None:
    result = runner.invoke(app, ["play", "-o", "hand_size=12"])
    assert result.exit_code == 2 and "« Cartes par main » : de 5 à 9 cartes" in result.output
    assert "(option hand_size)" in result.output
    result = runner.invoke(app, ["play", "-o", "couleur=bleu"])
    assert result.exit_code == 2 and "option inconnue : couleur" in result.output
    result = runner.invoke(app, ["play", "-n", "9"])
    assert result.exit_code == 2 and "de 2 à 8 joueurs" in result.output
    result = runner.invoke(app, ["play", "--bots", "génie"])
    assert result.exit_code == 2 and "bot inconnu" in result.output
    result = runner.invoke(app, ["play", "tarot"])
    assert result.exit_code == 2 and "jeu inconnu" in result.output


def test_replay_refuses_a_corrupted_record(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"game": "alphapoker", "actions": [')
    result = runner.invoke(app, ["replay", str(path)])
    assert result.exit_code == 2 and "tronqué" in result.output


def test_replay_verify_detects_a_wrong_commitment(tmp_path) -> None:
    path = tmp_path / "g.json"
    runner.invoke(
        app, ["play", "--seed", "3", "--bots", "random", "--record", str(path)], input="q\n"
    )
    record = json.loads(path.read_text())
    record["commitment"] = "0" * 64
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 2 and "ne correspond pas" in result.output


def test_replay_verify_reports_a_changed_seed_as_a_commitment_mismatch(tmp_path) -> None:
    """Issue 21: a record whose seed was changed is a seed/commitment mismatch, said first —
    not « action n° 1 refusée » from re-dealing with the wrong seed."""
    path = tmp_path / "g.json"
    args = [
        "play",
        "alphapoker",
        "-n",
        "2",
        "--seed",
        "3",
        "--bots",
        "random",
        "--record",
        str(path),
    ]
    runner.invoke(app, args, input="1 2\n" * 3 + "quitter\n")
    record = json.loads(path.read_text())
    assert record["actions"]
    record["seed"] = 4
    path.write_text(json.dumps(record))
    result = runner.invoke(app, ["replay", str(path), "--verify"])
    assert result.exit_code == 2 and "ne correspond pas" in result.output
    assert "refusée" not in result.output


def test_a_named_variant_sets_its_options_and_typed_options_override_it(tmp_path) -> None:
    path = tmp_path / "game.json"
    args = [
        "play",
        "pokerdas",
        "--variant",
        "cafe",
        "-o",
        "max_throws=2",
        "--seed",
        "2",
        "--bots",
        "random",
        "--record",
        str(path),
    ]
    result = runner.invoke(app, args, input="quitter\n")
    assert result.exit_code == 0, result.output
    options = json.loads(path.read_text())["options"]
    assert options["relance_totale"] is False and options["max_throws"] == 2


def test_an_unknown_variant_or_shortcut_value_is_refused_by_name(tmp_path) -> None:
    result = runner.invoke(app, ["play", "pokerdas", "--variant", "bof"])
    assert result.exit_code == 2 and "bof" in result.output and "menteur" in result.output
    result = runner.invoke(app, ["play", "alice", "--level", "C"])
    assert result.exit_code == 2 and "level" in result.output and "A ou B" in result.output
    result = runner.invoke(app, ["play", "alphapoker", "--judge", "auto"])
    assert result.exit_code == 2 and "judge" in result.output


def test_the_table_size_defaults_to_what_the_game_allows(tmp_path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "alice", "--seed", "1", "--record", str(path)], input="quitter\n"
    )
    assert result.exit_code == 0, result.output
    assert json.loads(path.read_text())["players"] == 2


def test_play_says_which_table_the_options_make(tmp_path) -> None:
    """The defaults policy (docs/defaults.md): `play` names the table — the default one, a
    named variant, or options chosen by hand."""

    def first_lines(*extra: str) -> str:
        args = [
            "play",
            "pokerdas",
            "--seed",
            "1",
            "--bots",
            "random",
            "--record",
            str(tmp_path / "g.json"),
            *extra,
        ]
        return runner.invoke(app, args, input="quitter\n").output

    assert "Table : par défaut" in first_lines()
    joker = " ".join(first_lines("--variant", "joker").split())
    assert (
        "Table : variante « joker » sur la table par défaut (--variant livre -o poker_joker=oui :"
        " la règle du livre à la lettre)" in joker
    )
    livre = first_lines("--variant", "livre", "-o", "poker_joker=oui")
    assert "Table : variante « joker », la règle du livre à la lettre." in livre
    assert "Table : options choisies" in first_lines("-o", "stake=2")


def test_quit_then_reprendre_goes_on_at_the_same_seat_and_finishes(tmp_path) -> None:
    """Issue 21: `play --reprendre FILE` and `ludotheque reprendre FILE` replay the record and
    go on at the same seat against the same bots, saving to the same file."""
    path = tmp_path / "game.json"
    args = [
        "play",
        "alphapoker",
        "-n",
        "2",
        "--seed",
        "5",
        "-o",
        "hands_per_game=2",
        "--bots",
        "random",
        "--record",
        str(path),
    ]
    first = runner.invoke(app, args, input="\n" * 3 + "quitter\n")
    assert first.exit_code == 0 and "enregistrée" in first.output
    saved = json.loads(path.read_text())
    assert saved["seat"] == 0 and saved["bots"] == ["random"] and saved["actions"]
    again = runner.invoke(app, ["reprendre", str(path)], input=ANSWERS)
    assert again.exit_code == 0, again.output
    assert "Partie reprise" in again.output and "Classement final" in again.output
    finished = json.loads(path.read_text())
    assert finished["actions"][: len(saved["actions"])] == saved["actions"]
    over = runner.invoke(app, ["play", "--reprendre", str(path)])
    assert over.exit_code == 2 and "terminée" in over.output


def test_a_new_game_never_overwrites_an_existing_record(tmp_path) -> None:
    path = tmp_path / "game.json"
    args = ["play", "--seed", "1", "--bots", "random", "--record", str(path)]
    runner.invoke(app, args, input="\nquitter\n")
    before = path.read_text()
    second = runner.invoke(app, args, input="quitter\n")
    assert second.exit_code == 0 and "game-2.json" in second.output.replace("\n", "")
    assert path.read_text() == before and (tmp_path / "game-2.json").exists()


def test_reprendre_refuses_a_record_it_cannot_continue(tmp_path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"game": "alphapoker"')
    out = runner.invoke(app, ["reprendre", str(broken)])
    assert out.exit_code == 2 and "JSON invalide" in out.output
    foreign = tmp_path / "foreign.json"
    from ludotheque import games

    version = games.get("pokerdas").version
    rec = {
        "format": 1,
        "game": "pokerdas",
        "version": version,
        "options": {},
        "players": 2,
        "seed": 3,
        "actions": [],
    }
    foreign.write_text(json.dumps(rec))
    out = runner.invoke(app, ["reprendre", str(foreign)])
    assert out.exit_code == 2 and "--seat" in out.output


RESUMABLE = ["alphapoker", "pokerdas", "casinoroyal", "alice", "alkamo", "belote", "bataille"]
# The five games of issue 21 must have actions to resume; Belote's and the Bataille's tables
# need their own answers (letters, live claims), their resume is checked from any point.
PLAYED = {"alphapoker", "pokerdas", "casinoroyal", "alice", "alkamo"}


@pytest.mark.parametrize("name", RESUMABLE)
def test_every_game_quits_with_how_to_resume_never_overwrites_and_resumes(
    name: str, tmp_path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21's first finding, for every game: quitting says how to go on, the same command
    again writes a new file (said on screen) and leaves the first alone, and `reprendre`
    replays the record and goes on at the same seat against the same bots."""
    from ludotheque.games.pokerdas.terminal import PokerDasTerminal

    monkeypatch.setattr(PokerDasTerminal, "sleep", staticmethod(lambda s: None))
    path = tmp_path / f"{name}.json"
    args = ["play", name, "--seed", "4", "--record", str(path)]
    first = runner.invoke(app, args, input="\n1\ns\n" + "quitter\n")
    assert first.exit_code == 0, first.output
    # squeezed: the console wraps a long path anywhere (« alphapok er.json » under xdist)
    flat = "".join(first.output.split())
    assert f"Partieenregistréedans{path}" in flat
    assert f"ludothequereprendre{path}" in flat
    saved = json.loads(path.read_text())
    assert saved["seat"] == 0 and saved["bots"] and (saved["actions"] or name not in PLAYED)
    second = runner.invoke(app, args, input="quitter\n")
    assert second.exit_code == 0 and f"{name}-2.json" in "".join(second.output.split())
    assert json.loads(path.read_text()) == saved
    again = runner.invoke(app, ["reprendre", str(path)], input="quitter\n")
    assert again.exit_code == 0, again.output
    assert "Partie reprise" in again.output or not saved["actions"]
    assert json.loads(path.read_text())["actions"][: len(saved["actions"])] == saved["actions"]


def test_a_finished_game_in_the_way_is_offered_to_replay_not_to_resume(tmp_path) -> None:
    """Found play-testing: a new game with a used seed said the old record « se reprend par
    `ludotheque reprendre …` » though that game was over (`reprendre` then refuses it)."""
    path = tmp_path / "game.json"
    args = ["play", "alphapoker", "-n", "2", "--seed", "5", "-o", "hands_per_game=2"]
    args += ["--bots", "random", "--record", str(path)]
    assert runner.invoke(app, args, input=ANSWERS).exit_code == 0
    again = "".join(runner.invoke(app, args, input="quitter\n").output.split())
    assert "terminée" in again and f"ludothequereplay{path}" in again
    assert "ludothequereprendre" + str(path) + "`" not in again


def _foreign_record(tmp_path, **extra) -> object:
    """A record with no seat nor bots (a server's, say): what `play` did not write."""
    from ludotheque import games

    rec = {
        "format": 1,
        "game": "pokerdas",
        "version": games.get("pokerdas").version,
        "options": {},
        "players": 2,
        "seed": 3,
        "actions": [],
        **extra,
    }
    path = tmp_path / "foreign.json"
    path.write_text(json.dumps(rec))
    return path


def test_reprendre_takes_the_seat_and_bots_its_refusal_asks_for(tmp_path) -> None:
    """Found play-testing: a record without seat and bots was refused with « choisissez-les
    avec --seat et --bots », but `reprendre` took neither option (« option inconnue : --seat »)
    and `play --reprendre F --seat 0` repeated the refusal."""
    path = _foreign_record(tmp_path)
    out = runner.invoke(
        app, ["reprendre", str(path), "--seat", "1", "--bots", "random"], input="quitter\n"
    )
    assert out.exit_code == 0, out.output
    saved = json.loads(path.read_text())
    assert saved["seat"] == 1 and saved["bots"] == ["random"]
    bad = runner.invoke(app, ["reprendre", str(_foreign_record(tmp_path)), "--seat", "5"])
    assert bad.exit_code == 2 and "--seat" in bad.output and "de 0 à 1" in bad.output


def test_play_reprendre_refuses_a_game_seed_or_option_it_would_ignore(tmp_path) -> None:
    """Found play-testing: `play alice --reprendre alkamo.json` resumed Alkamo, and `--seed 9
    -o maquette=B` were ignored without a word: the record decides them."""
    path = _foreign_record(tmp_path, seat=0, bots=["random"])
    for extra in (["alice"], ["--seed", "9"], ["-o", "stake=2"], ["--variant", "joker"]):
        out = runner.invoke(app, ["play", *extra, "--reprendre", str(path)])
        assert out.exit_code == 2, (extra, out.output)
        assert "l'enregistrement" in out.output, out.output
