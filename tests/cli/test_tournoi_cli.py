"""`ludotheque tournoi` offline (bots only), as a play-tester typed it: its default bots, its
refusals (French, exit code 2, never a traceback) and a tournament run again in its folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()
FAST_PDA = ["-o", "start_tokens=3", "-o", "max_rounds=4"]  # a Poker d'As duel in a blink


def tournoi(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["tournoi", *args], env={"COLUMNS": "200"})
    assert "Traceback" not in result.output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise AssertionError(f"{result.exception!r} : {result.output}") from result.exception
    return result.exit_code, result.output


def said(output: str) -> str:
    return " ".join(output.split())


# ---------------------------------------------------------------- 5: the default bots
def test_without_bots_a_tournament_plays_the_games_default_bot_and_random(tmp_path) -> None:
    """Found play-testing: `ludotheque tournoi pokerdas` (and `alice`) stopped at once with
    « bot inconnu pour pokerdas : « fort » », the default --bots being fort,random, which
    neither game has. Without --bots, the game's own default bot and random play."""
    code, out = tournoi("pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 0, out
    assert "Parfait 1" in out and "Random 2" in out


def test_the_default_bots_are_each_games_own_default_bot_and_random() -> None:
    """Found play-testing: `ludotheque tournoi alice` refused the default « fort »; the
    default bots are the game's default bot (for the options played) and random."""
    from ludotheque import games
    from ludotheque.cli.tournament import default_bots

    assert default_bots("alice", {}) == ["mcts:fort", "random"]
    assert default_bots("pokerdas", {}) == ["parfait", "random"]
    assert default_bots("alphapoker", {}) == ["fort", "random"]
    for name in games.names():
        game = games.get(name)
        bots = default_bots(name, {})
        assert bots[-1] == "random" and bots[0] == game.default_bot(game.options_type())


def test_the_help_of_bots_says_the_default_is_the_games_own() -> None:
    """Found play-testing: the help showed « [défaut : fort,random] », bots that most games
    do not have."""
    result = runner.invoke(app, ["tournoi", "--help"], env={"COLUMNS": "200"})
    text = said(result.output)
    assert "fort,random" not in text
    assert "bot par défaut du jeu et random" in text, text


# ---------------------------------------------------------------- 6: an empty --bots
@pytest.mark.parametrize("bots", ["", ",", " , "])
def test_an_empty_bot_list_is_refused_naming_the_games_bots(tmp_path, bots: str) -> None:
    """Found play-testing: `ludotheque tournoi pokerdas --bots ''` ended in a traceback,
    « ZeroDivisionError: integer modulo by zero »."""
    code, out = tournoi("pokerdas", "--bots", bots, "--dossier", str(tmp_path / "t"))
    assert code == 2, out
    text = said(out)
    assert "Erreur : --bots" in text and "aucun bot" in text
    assert "parfait, prudent, menteur, naif, random" in text
    assert not (tmp_path / "t").exists()


def test_an_unknown_bot_among_known_ones_is_named(tmp_path) -> None:
    """Found play-testing: an unknown bot among known ones is refused by its name."""
    code, out = tournoi("pokerdas", "--bots", "parfait, xx", "--dossier", str(tmp_path / "t"))
    assert code == 2, out
    assert "bot inconnu pour pokerdas : « xx »" in said(out)


# ---------------------------------------------------------------- 7: a tournament run again
def _sections(out: str) -> list[str]:
    """The rounds as printed: from each round's title to the next title."""
    body = out.split("Classement final")[0]
    parts = body.split("────── ")[1:]  # a rule's left side, then its title
    return [part.split("\n", 1)[1] for part in parts if "\n" in part]


def test_a_resumed_tournament_shows_each_rounds_standings_as_they_were(tmp_path) -> None:
    """Found play-testing: `tournoi pokerdas -n 6 --bots parfait,random --seed 3 --dossier
    t_pda` run twice: the second run showed the FINAL standings (Parfait 1, 18 points, 5–0)
    after every round, where the first showed them as they were after that round."""
    args = ["pokerdas", "-n", "6", "--bots", "parfait,random", "--seed", "3", *FAST_PDA]
    code, first = tournoi(*args, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 0, first
    code, again = tournoi(*args, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 0, again
    assert "déjà terminé" in again, again
    assert _sections(again) == _sections(first) and len(_sections(first)) == 5
    # Stopped in the middle: the rounds already played show their standings as they were too.
    data = json.loads((tmp_path / "tournoi.json").read_text(encoding="utf-8"))
    data["duels"] = {k: v for k, v in data["duels"].items() if k.startswith("prelim1")}
    (tmp_path / "tournoi.json").write_text(json.dumps(data), encoding="utf-8")
    code, resumed = tournoi(*args, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 0, resumed
    assert "déjà terminé" not in resumed and "3 duels déjà joués" in resumed
    assert _sections(resumed) == _sections(first)


# ---------------------------------------------------------------- 14: the number of entrants
STANDARD = "la formule standard se joue à 2, ou à un nombre pair de 4 à 64 participants"
CHAMPIONSHIP = "un championnat se joue de 2 à 64 participants"


@pytest.mark.parametrize(
    ("formule", "n", "count", "limits"),
    [
        ("standard", "0", "0 participant :", STANDARD),
        ("standard", "1", "1 participant :", STANDARD),
        ("standard", "3", "3 participants : nombre impair", STANDARD),
        ("standard", "65", "65 participants : trop nombreux", STANDARD),
        ("standard", "1000", "1000 participants : trop nombreux", STANDARD),
        ("standard", "-3", "-3 participants : nombre négatif", STANDARD),
        ("championship", "0", "0 participant :", CHAMPIONSHIP),
        ("championship", "1", "1 participant :", CHAMPIONSHIP),
        ("championship", "65", "65 participants : trop nombreux", CHAMPIONSHIP),
        ("championship", "1000", "1000 participants : trop nombreux", CHAMPIONSHIP),
        ("championship", "-3", "-3 participants : nombre négatif", CHAMPIONSHIP),
    ],
)
def test_a_number_of_entrants_refused_says_the_formulas_real_limits(
    tmp_path, formule: str, n: str, count: str, limits: str
) -> None:
    """Found play-testing: `--formule championship -n 65` said « nombre impair ; il faut …
    un nombre pair de 4 à 64 » (a championship takes odd numbers), `-n -3` « 0 participants »,
    `-n 1` « 1 participants », and a bots-only run was told « l'organisateur ajoute ou retire
    un participant »."""
    code, out = tournoi(
        "alphapoker", "--formule", formule, "-n", n, "--bots", "random", "--dossier", str(tmp_path)
    )
    assert code == 2, out
    text = said(out)
    assert f"Erreur : {count}" in text and limits in text, text
    assert "organisateur" not in text and "--joueurs" in text
    if formule == "championship":
        assert "impair" not in text and "pair de" not in text
    assert not any(tmp_path.iterdir())


def test_an_odd_number_for_the_standard_formula_points_to_the_championship(tmp_path) -> None:
    """Found play-testing: an odd number was refused without saying that a championship
    takes it."""
    code, out = tournoi("alphapoker", "-n", "5", "--bots", "random", "--dossier", str(tmp_path))
    assert code == 2 and "--formule championship" in said(out), out


@pytest.mark.parametrize(
    ("formule", "n"), [("standard", 2), ("championship", 2), ("championship", 3)]
)
def test_the_numbers_each_formula_takes_are_accepted(tmp_path, formule: str, n: int) -> None:
    """Found play-testing (checking the refusals): 2 for both formulas, 3 for a championship."""
    code, out = tournoi(
        "alphapoker", "--formule", formule, "-n", str(n), "--bots", "random",
        "-o", "hands_per_game=1", "--dossier", str(tmp_path), "--jobs", "1",
    )  # fmt: skip
    assert code == 0, out


# ---------------------------------------------------------------- 18: --lang
def test_the_refusals_are_said_in_english_with_lang_en(tmp_path) -> None:
    """Found play-testing: `ludotheque tournoi --lang en …` answered « No such option:
    --lang », where the other commands take --lang fr|en for their refusals."""
    code, out = tournoi("pokerdas", "--bots", "xx", "--lang", "en", "--dossier", str(tmp_path))
    assert code == 2 and "Error: unknown bot for pokerdas: 'xx'" in said(out), out
    code, out = tournoi("alphapoker", "-n", "3", "--lang", "en", "--dossier", str(tmp_path))
    assert code == 2 and "odd number" in said(out) and "--joueurs" in said(out), out
    code, out = tournoi("pokerdas", "--bots", "", "--lang", "en", "--dossier", str(tmp_path))
    assert code == 2 and "--bots names no bot" in said(out), out
    code, out = tournoi("pokerdas", "--bots", "xx", "--dossier", str(tmp_path))
    assert code == 2 and "Erreur : bot inconnu" in said(out), out


def test_lang_takes_fr_or_en_only(tmp_path) -> None:
    """Found play-testing: --lang, as the other commands have it: fr or en."""
    result = runner.invoke(app, ["tournoi", "pokerdas", "--lang", "de"])
    assert result.exit_code == 2 and "attend fr ou en" in said(result.output), result.output


# ---------------------------------------------------------------- other bad inputs
def test_an_unknown_formula_names_the_option_typed(tmp_path) -> None:
    """Found play-testing: `--formule xx` was refused as « option tournament_format », a name
    the command does not show."""
    for flag, choices in (
        ("--formule", "standard ou championship"),
        ("--appariement", "halves ou fold"),
        ("--tetes-de-serie", "lot ou ranking"),
    ):
        code, out = tournoi("pokerdas", flag, "xx", "--dossier", str(tmp_path))
        text = said(out)
        assert code == 2 and f"Erreur : {flag} : « xx »" in text and choices in text, out
        assert "tournament_format" not in text and "prelim_pairing" not in text
        assert "bracket_seeding" not in text


def test_a_folder_that_cannot_be_written_is_refused(tmp_path) -> None:
    """Found play-testing: `--dossier` naming a file (or a folder one may not write) ended in a
    traceback, « NotADirectoryError »."""
    afile = tmp_path / "f"
    afile.write_text("x", encoding="utf-8")
    for folder in (afile, afile / "sub"):
        code, out = tournoi(
            "pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(folder), "--jobs", "1"
        )
        assert code == 2, out
        assert "Erreur : --dossier" in said(out) and str(folder) in said(out), out


@pytest.mark.parametrize(
    "corrupt",
    [
        lambda data: [],
        lambda data: {**data, "duels": []},
        lambda data: {**data, "duels": {"prelim1/0": {"a": 0}}},
        lambda data: {**data, "duels": {"prelim1/0": {"a": 0, "b": 99, "manches": []}}},
        lambda data: {
            **data,
            "duels": {
                k: {**d, "manches": [{**m, "winner": 99} for m in d["manches"]]}
                for k, d in data["duels"].items()
            },
        },
        lambda data: {**data, "duels": {"zz/0": next(iter(data["duels"].values()))}},
        lambda data: {**data, "duels": {"rr1/0": {"a": "x", "b": 1, "manches": []}}},
    ],
)
def test_a_corrupted_tournament_file_is_refused_not_a_traceback(tmp_path, corrupt) -> None:
    """Found play-testing: a tournament file edited by hand or cut short (duels not a mapping,
    an entrant number out of range, a winner who did not play) ended in a traceback
    (AttributeError, KeyError) instead of saying the file is unreadable."""
    args = ["alphapoker", "-n", "2", "--bots", "random", "--formule", "championship",
            "-o", "hands_per_game=1", "--dossier", str(tmp_path), "--jobs", "1"]  # fmt: skip
    code, out = tournoi(*args)
    assert code == 0, out
    path = Path(tmp_path) / "tournoi.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps(corrupt(data)), encoding="utf-8")
    code, out = tournoi(*args)
    assert code == 2, out
    assert "fichier de tournoi illisible" in said(out), out


def test_a_duel_of_the_file_between_other_entrants_is_refused(tmp_path) -> None:
    """Found play-testing: a tournament file whose duel does not pair the entrants the round
    pairs (edited by hand) was shown and counted as it stood."""
    args = ["alphapoker", "-n", "4", "--bots", "random", "--seed", "2",
            "-o", "hands_per_game=1", "--dossier", str(tmp_path), "--jobs", "1"]  # fmt: skip
    code, out = tournoi(*args)
    assert code == 0, out
    path = Path(tmp_path) / "tournoi.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    first = data["duels"]["ko1/0"]
    other = data["duels"]["ko1/1"]
    data["duels"]["ko1/0"] = {**first, "b": other["a"]}
    data["duels"]["ko1/0"]["manches"] = [
        {**m, "winner": first["a"] if m["winner"] == first["a"] else other["a"]}
        for m in first["manches"]
    ]
    path.write_text(json.dumps(data), encoding="utf-8")
    code, out = tournoi(*args)
    assert code == 2, out
    assert "fichier de tournoi illisible" in said(out) or "incohérent" in said(out), out


def test_a_folder_that_fails_mid_tournament_is_said_not_a_traceback(tmp_path, monkeypatch) -> None:
    """Found play-testing: a tournament whose folder can no longer be written while it plays
    (a full disk, a folder removed) ended in a traceback; it says so and that it will resume."""
    import errno

    from ludotheque.tournament import Tournament

    def full(self: Tournament) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Tournament, "save", full)
    code, out = tournoi("pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 2, out
    text = said(out)
    assert "Erreur : --dossier" in text and "disque plein" in text and "reprendra" in text, out
