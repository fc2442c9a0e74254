"""`ludotheque tournoi` offline (bots only), as a play-tester typed it: its default bots, its
refusals (French, exit code 2, never a traceback) and a tournament run again in its folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.tournament import pairing
from ludotheque.tournament.formula import knockout_title

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


# ---------------------------------------------------------------- the standings shown and the lot
BY_LOT = "(départagés par tirage au sort)"


def _rounds(out: str) -> list[tuple[str, list[tuple[str, str]], list[list[str]]]]:
    """Each round as printed: its title, its duels (names), its standings' rows (cells)."""
    rounds = []
    body = out.split("Classement final")[0]
    for part in body.split("────── ")[1:]:
        title, newline, rest = part.partition("\n")
        if not newline:  # the left side of the « Classement final » rule
            continue
        duels = [
            tuple(line.split(" : ")[0].strip().split(" – "))
            for line in rest.splitlines()
            if " – " in line and " : " in line
        ]
        rows = [
            [cell.strip() for cell in line.strip("│").split("│")]
            for line in rest.splitlines()
            if line.startswith("│")
        ]
        rounds.append((title.strip("─ "), duels, rows))
    return rounds


def _final(out: str) -> list[str]:
    tail = out.split("Classement final")[1]
    return [
        line.split(".", 1)[1].replace(BY_LOT, "").strip()
        for line in tail.splitlines()
        if line.strip()[:1].isdigit() and "." in line.split()[0]
    ]


def _says_the_ties(rows: list[list[str]]) -> None:
    """The lines level on match and tie-break points say so, and only those."""
    for i, row in enumerate(rows):
        level = any(0 <= j < len(rows) and rows[j][2:4] == row[2:4] for j in (i - 1, i + 1))
        assert (BY_LOT in " ".join(row)) == level, rows


def test_D23_R54_the_last_standings_and_the_final_ranking_break_a_tie_alike(tmp_path) -> None:
    """Found play-testing: `ludotheque tournoi pokerdas -n 4 --formule championship --bots
    random --seed 1`: the last table showed « 1 Random 3 │ 8 │ +6 », « 2 Random 4 │ 8 │ +6 »,
    right above « Classement final 1. Random 4 2. Random 3 »: two draws by lot for one tie.
    One draw, the same in the table and the final ranking, and said next to the tied lines."""
    ties = 0
    for seed in (1, 2, 3):
        args = ["pokerdas", "-n", "4", "--formule", "championship", "--bots", "random"]
        code, out = tournoi(*args, "--seed", str(seed), "--dossier", str(tmp_path / str(seed)))
        assert code == 0, out
        rounds = _rounds(out)
        for _, _, rows in rounds:
            _says_the_ties(rows)
            ties += BY_LOT in str(rows)
        assert [row[1].replace(BY_LOT, "").strip() for row in rounds[-1][2]] == _final(out)
    assert ties, "no tie in these tournaments: the test proves nothing"


@pytest.mark.parametrize(
    ("n", "seed", "bots"), [(6, 39, "random"), (10, 5, "parfait,random"), (6, 3, "random")]
)
def test_R52_R53_the_standings_shown_are_the_order_the_next_round_pairs(
    tmp_path, n: int, seed: int, bots: str
) -> None:
    """Found play-testing: `tournoi pokerdas -n 6 --bots random --seed 39` showed, after
    « Préliminaires, tour 3 », Random 6 4th (qualified) and Random 4 5th, level, and the
    semi-finals took Random 4; `tournoi pokerdas -n 10 --seed 5` showed Random 4 9th and
    Random 8 10th after round 1, level, and round 2 paired them the other way round. What is
    shown after a round is the order the next one pairs (R52) or qualifies (R53) by."""
    args = ["pokerdas", "-n", str(n), "--bots", bots, "--seed", str(seed)]
    code, out = tournoi(*args, "--dossier", str(tmp_path), "--jobs", "1")
    assert code == 0, out
    rounds = _rounds(out)
    x = pairing.qualified(n)
    titles = [f"Préliminaires, tour {i}" for i in (1, 2, 3)] + [knockout_title(x // 2)]
    assert [title for title, _, _ in rounds[:4]] == titles
    for i in range(3):
        rows, duels = rounds[i][2], rounds[i + 1][1]
        _says_the_ties(rows)
        order = [row[1].replace(BY_LOT, "").strip() for row in rows]
        if i < 2:
            assert duels == pairing.halves_pairs(order), (i, order)
        else:  # the knockout, drawn by lot among the top x
            assert {e for d in duels for e in d} == set(order[:x]), order


# ---------------------------------------------------------------- an interruption, --jobs, words
def test_an_interrupted_tournament_says_the_same_command_resumes_it(tmp_path, monkeypatch) -> None:
    """Found play-testing: a Ctrl-C during `ludotheque tournoi` left the terminal with exit code
    130 and no word. It says the tournament is interrupted and that the same command resumes
    it (exit code 130, as for any interrupted command)."""
    from ludotheque.tournament import Tournament

    def interrupted(self: Tournament, on_round: object = None) -> list[int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(Tournament, "run", interrupted)
    code, out = tournoi("pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(tmp_path))
    assert code == 130, out
    text = said(out)
    assert "Tournoi interrompu" in text and "la même commande" in text, out


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_ctrl_c_during_the_duels_says_it_and_no_traceback(tmp_path, jobs: str) -> None:
    """Found play-testing: `timeout -s INT 20 ludotheque tournoi alphapoker -n 6 --seed 4
    --dossier /tmp/x` printed two tracebacks (KeyboardInterrupt in a ForkProcess, then
    « RuntimeError: cannot join thread before it is started »). A Ctrl-C (SIGINT to the whole
    process group, as a terminal sends it) ends it in one French line, and the same command
    then resumes it."""
    import os
    import signal
    import subprocess
    import sys
    import time

    cmd = [sys.executable, "-m", "ludotheque", "tournoi", "alphapoker", "-n", "6",
           "--seed", "4", "--dossier", str(tmp_path), "--jobs", jobs]  # fmt: skip
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
        preexec_fn=_sigint_default,
    )
    deadline = time.monotonic() + 60
    while not (tmp_path / "tournoi.json").exists() and time.monotonic() < deadline:
        time.sleep(0.02)
    os.killpg(proc.pid, signal.SIGINT)
    out = proc.communicate(timeout=60)[0].decode()
    assert proc.returncode == 130, out
    assert "Traceback" not in out and "Error" not in out, out
    text = said(out)
    assert "Tournoi interrompu" in text and "la même commande" in text, out
    again = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "Reprise du tournoi" in again.stdout, again.stdout


@pytest.mark.parametrize("jobs", ["0", "-1"])
def test_jobs_below_one_is_refused(tmp_path, jobs: str) -> None:
    """Found play-testing: `--jobs 0` and `--jobs -1` were accepted. They are refused as the
    other options are: in French, naming --jobs and the value, exit code 2."""
    code, out = tournoi(
        "pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(tmp_path), "--jobs", jobs
    )
    assert code == 2, out
    text = said(out)
    assert text.startswith("Erreur : --jobs") and jobs in text, out
    assert not (tmp_path / "tournoi.json").exists()


def test_a_tiebreak_of_zero_is_said_zero(tmp_path) -> None:
    """Found play-testing: the standings showed « Départage +0 ». Zero is « 0 », as on the
    tournament's page; a gain keeps its « + »."""
    from ludotheque.cli.tournament import signed

    assert [signed(p) for p in (12, -3, 0)] == ["+12", "-3", "0"]
    cells = []
    for seed in ("1", "2", "3"):
        code, out = tournoi(
            "pokerdas", "-n", "4", "--formule", "championship", "--bots", "random", "--seed",
            seed, "--dossier", str(tmp_path / seed),
        )  # fmt: skip
        assert code == 0, out
        cells += [c for _, _, rows in _rounds(out) for row in rows for c in row[3:4]]
    assert "+0" not in cells and "0" in cells, cells
    assert all(c == "0" or c[0] in "+-" for c in cells), cells


def test_a_game_not_played_by_two_is_named_by_its_title(tmp_path) -> None:
    """Found play-testing: `ludotheque tournoi belote` said « belote ne se joue pas à deux »,
    the command's id, where the server says « La Belote AlphaPoker ne se joue pas à deux »."""
    code, out = tournoi("belote", "-n", "4", "--dossier", str(tmp_path))
    assert code == 2, out
    assert "La Belote AlphaPoker ne se joue pas à deux" in said(out), out


def _sigint_default() -> None:
    """In the child: Ctrl-C as a terminal delivers it. A test run in the background (`nohup …
    &`) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
