"""`ludotheque simulate` as a play-tester used it: refusals said in French before any game is
played (a bad output path, a seed or a game count out of range, contradictory options), a
failure while writing said without losing the games, no silent overwrite, French numbers."""

from __future__ import annotations

import errno
import json
import os
import re
import socket
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.sim import results, runner

FAST = ["--bots", "random", "-j", "1"]  # random Casino Royal: thousands of games a second


def invoke(args: list[str]) -> tuple[int, str]:
    res = CliRunner().invoke(app, args)
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), (
        res.exception
    )
    return res.exit_code, " ".join(res.output.split())


def refusal(args: list[str]) -> str:
    code, said = invoke(args)
    assert code == 2, said
    assert "Traceback" not in said and "Usage:" not in said
    return said


@pytest.fixture
def no_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail if a single game is played: the refusal must come first."""

    def boom(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise AssertionError("a game was played before the refusal")

    monkeypatch.setattr(runner, "run", boom)


def test_an_unwritable_out_is_refused_before_any_game(tmp_path: Path, no_game: None) -> None:
    """Found play-testing: `simulate pokerdas -g 200 --out /proc/nope/x.parquet` played the
    200 games, then died on FileNotFoundError; `--out /tmp` (a folder) on IsADirectoryError,
    `--out /dev/full` on pyarrow's « No space left »."""
    said = refusal(["simulate", "casinoroyal", *FAST, "--out", "/proc/nope/x.parquet"])
    assert "Erreur : --out /proc/nope/x.parquet" in said and "impossible d'écrire" in said
    said = refusal(["simulate", "casinoroyal", *FAST, "--out", str(tmp_path)])
    assert "dossier" in said and "fichier" in said
    fifo = tmp_path / "tube.parquet"
    os.mkfifo(fifo)
    for device in [str(fifo), "/dev/null"] + ["/dev/full"] * Path("/dev/full").exists():
        said = refusal(["simulate", "casinoroyal", *FAST, "--out", device])
        assert device in said and "fichier ordinaire" in said


def test_a_failure_while_writing_is_said_and_the_games_are_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found play-testing: a full disk at the end of a run ended on a traceback and the games
    were lost. Now: the error in French, the summary still shown, the rows saved elsewhere."""
    target = tmp_path / "r.parquet"
    rescue = tmp_path / "secours"
    rescue.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(rescue))
    write = results.write

    def full(rows: Any, path: Path, fmt: str, plan: Any) -> Path:
        if path == target:
            raise OSError(errno.ENOSPC, "No space left on device")
        return write(rows, path, fmt, plan)

    monkeypatch.setattr(results, "write", full)
    said = refusal(["simulate", "casinoroyal", *FAST, "-g", "3", "--out", str(target)])
    assert f"impossible d'écrire {target}" in said and "disque plein" in said
    assert "3 parties jouées" in said and "Victoires par bot" in said
    (saved,) = rescue.glob("*.parquet")
    assert str(saved) in said and len(results.read(saved)) == 3


def test_seeds_out_of_the_accepted_range_are_refused_up_front(no_game: None) -> None:
    """Found play-testing: `--seed 99999999999999999999999` played every game, then died on
    OverflowError (Python int too large to convert to C long) writing the file."""
    for seed in ("99999999999999999999999", "-1"):
        said = refusal(["simulate", "casinoroyal", *FAST, "--seed", seed])
        assert "--seed" in said and "de 0 à" in said
        assert seed in said.replace(" ", "")  # grouped by thousands, the French way


def test_a_huge_games_count_is_refused_before_it_eats_memory(no_game: None) -> None:
    """Found play-testing: `simulate pokerdas -g 1000000000000` reached 7.6 GB in 30 s before
    the first game."""
    said = refusal(["simulate", "casinoroyal", *FAST, "-g", "1000000000000"])
    # split() took the narrow no-break spaces of « 1 000 000 » for spaces
    assert "--games" in said and "au plus" in said and "1 000 000" in said


def test_a_game_that_ends_on_a_clock_needs_max_steps(no_game: None) -> None:
    """Found play-testing: `simulate bataille -g 1 -j 1 -o bataille_mode=timed` never ended."""
    said = refusal(["simulate", "bataille", "-g", "1", "-j", "1", "-o", "bataille_mode=timed"])
    assert "horloge" in said and "--max-steps" in said


def test_an_unreachable_ray_address_is_refused_in_bounded_time(no_game: None) -> None:
    """Found play-testing: `simulate pokerdas -g 5 --ray nohost:1` retried for 400 s, printing
    only Ray's English warnings."""
    pytest.importorskip("ray")
    said = refusal(["simulate", "casinoroyal", *FAST, "--ray", "nohost:1"])
    assert "nohost:1" in said and "injoignable" in said
    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    said = refusal(["simulate", "casinoroyal", *FAST, "--ray", f"127.0.0.1:{port}"])
    assert "injoignable" in said and "connexion refusée" in said
    said = refusal(["simulate", "casinoroyal", *FAST, "--ray", "pas une adresse"])
    assert "hôte:port" in said


def test_simulate_never_overwrites_results_silently(tmp_path: Path) -> None:
    """Found play-testing: simulations/pokerdas-0.parquet of 1000 games was replaced by a
    3-game run without a word."""
    out = tmp_path / "r.parquet"
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "4", "--out", str(out)])
    assert code == 0, said
    said = refusal(["simulate", "casinoroyal", *FAST, "-g", "2", "--out", str(out)])
    assert str(out) in said and "existe déjà" in said and "--ecraser" in said
    assert len(results.read(out)) == 4  # untouched
    code, said = invoke(
        ["simulate", "casinoroyal", *FAST, "-g", "2", "--out", str(out), "--ecraser"]
    )
    assert code == 0, said
    assert len(results.read(out)) == 2


def test_bad_jobs_empty_bots_table_size_and_contradictory_out_are_refused(
    tmp_path: Path, no_game: None
) -> None:
    """Found play-testing: `--jobs -3` ran on « -3 processus »; `--bots ''` silently became
    the defaults; `-n 0 --bots parfait` said « 1 bots pour 0 places »; `--out res.csv
    --format parquet` wrote Parquet into a .csv file; `--out somedir/` wrote a file somedir."""
    said = refusal(["simulate", "casinoroyal", "--bots", "random", "--jobs", "-3"])
    assert "--jobs" in said and "-3" in said
    said = refusal(["simulate", "casinoroyal", "-j", "1", "--bots", ""])
    assert "--bots" in said and "bot" in said
    said = refusal(["simulate", "casinoroyal", "-j", "1", "--bots", "fort,,random"])
    assert "--bots" in said
    said = refusal(["simulate", "pokerdas", "-j", "1", "-n", "0", "--bots", "parfait"])
    assert "se joue de 2 à 8 joueurs (demandé : 0)" in said and "bots pour" not in said
    res_csv = str(tmp_path / "res.csv")
    said = refusal(["simulate", "casinoroyal", *FAST, "--out", res_csv, "--format", "parquet"])
    assert ".csv" in said and "parquet" in said
    said = refusal(["simulate", "casinoroyal", *FAST, "--out", str(tmp_path / "res.txt")])
    assert ".parquet" in said and ".csv" in said
    said = refusal(["simulate", "casinoroyal", *FAST, "--out", f"{tmp_path / 'somedir'}/"])
    assert "dossier" in said
    assert not (tmp_path / "somedir").exists()


def test_simulate_refusals_honour_lang_en(no_game: None) -> None:
    """Found play-testing: `simulate` did not take `--lang` as the other commands do."""
    said = refusal(["simulate", "pokerdas", "--bots", "champion", "--lang", "en"])
    assert "Error: unknown bot" in said and "Erreur" not in said
    said = refusal(["simulate", "casinoroyal", *FAST, "--seed", "-1", "--lang", "en"])
    assert "Error: --seed" in said


def test_simulate_prints_french_numbers_and_agrees_its_plurals(tmp_path: Path) -> None:
    """Found play-testing: `simulate` printed « 99.4% » and « 95.14 parties/s » where
    `rapport` prints « 41,7 % »; and « 1 parties »."""
    out = tmp_path / "one.parquet"
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "1", "--out", str(out)])
    assert code == 0, said
    # (« 1 partie » is followed by a comma, a space or a line break, as the console wraps;
    # a rate such as « 239,1 parties/s » is a decimal, not a count of one)
    assert re.search(r"(?<![\d,])1 partie(?!s)", said)
    assert not re.search(r"(?<![\d,])1 parties(?!/s)", said)
    assert not re.search(r"\d%", said) and not re.search(r"\d\.\d", said), said
    assert re.search(r"\d,\d %", said)
    assert re.search(r"\d,\d parties/s", said)
    summary = json.loads(out.with_suffix(".summary.json").read_text(encoding="utf-8"))
    assert summary["games"] == 1


# --- A game author's play-test (2026-11-28) -------------------------------------------------


def _run_and_interrupt(
    args: list[str], cwd: Path, after: float, sig: int
) -> tuple[int, str, str, float, str]:
    """Start ``ludotheque ARGS`` in its own session, send ``sig`` after ``after`` seconds (to
    the whole group for SIGINT, as a terminal's Ctrl-C does); (exit code, stdout, stderr,
    seconds to exit, processes of the session still alive)."""
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "ludotheque", *args],
        cwd=cwd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_sigint_default,
    )
    time.sleep(after)
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)
    else:
        os.kill(proc.pid, sig)
    sent = time.monotonic()
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        raise AssertionError("still running 60 s after the signal") from None
    took = time.monotonic() - sent
    time.sleep(0.3)
    left = subprocess.run(["pgrep", "-s", str(proc.pid)], capture_output=True, text=True).stdout
    if left.strip():
        os.killpg(proc.pid, signal.SIGKILL)
    return proc.returncode, out.decode(), err.decode(), took, left.strip()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_ctrl_c_stops_promptly_and_keeps_the_games_played(tmp_path: Path, jobs: str) -> None:
    """Found by a game author: Ctrl-C in `simulate belote -g 200` lost the 81 games played,
    said nothing, and often hung (the main process waiting, its workers idle; after a SIGTERM
    the workers were left behind). A Ctrl-C to the process group stops it within 2 s, exit
    130, no traceback, no process left, and the games finished are saved and said so."""
    import signal

    # Poker d'As, many games: some are played before the signal even on a loaded machine (a
    # Belote's first game could take longer than the 6 s: « aucune partie jouée »).
    code, out, err, took, left = _run_and_interrupt(
        ["simulate", "pokerdas", "-g", "1000000", "-j", jobs, "--out", "b.parquet"],
        tmp_path,
        6.0,
        signal.SIGINT,
    )
    assert code == 130, (out, err)
    assert took < 5.0, took  # 0.6–1.4 s alone; the bound leaves room for a loaded machine
    assert not left, left
    assert "Traceback" not in out + err, err
    said = " ".join(err.split())
    match = re.search(
        r"Interrompu : ([\d\s\u202f\u00a0]+) parties? jouées? sur 1[\s\u202f\u00a0]?000"
        r"[\s\u202f\u00a0]?000, enregistrées dans b\.parquet",
        said,
    )
    assert match, said
    rows = results.read(tmp_path / "b.parquet")
    played = int(re.sub(r"\D", "", match.group(1)))
    assert 0 < len(rows) == played < 1_000_000
    summary = json.loads((tmp_path / "b.summary.json").read_text(encoding="utf-8"))
    assert summary["interrupted"] == {"planned": 1_000_000, "played": len(rows)}


def test_a_sigterm_stops_the_workers_too(tmp_path: Path) -> None:
    """Found by a game author: after a SIGTERM to `simulate`, its workers were left behind.
    A SIGTERM stops it as a Ctrl-C does: promptly, workers and all."""
    import signal

    code, _out, err, took, left = _run_and_interrupt(
        ["simulate", "belote", "-g", "200", "-j", "2", "--out", "b.parquet"],
        tmp_path,
        5.0,
        signal.SIGTERM,
    )
    assert code == 130 and took < 5.0 and not left, (code, took, left, err)
    assert "Traceback" not in err and "Interrompu" in err, err


def test_a_table_that_may_never_end_needs_max_steps(no_game: None) -> None:
    """Found by a game author: `simulate pokerdas --variant livre` ran forever (the rule book's
    literal table never ends, docs/defaults.md). It is refused as a table on a clock is, in
    French, naming --max-steps; Casino Royal's « livre » (no table stakes) ends and is kept."""
    said = refusal(["simulate", "pokerdas", "--variant", "livre", "-g", "2"])
    assert "peut ne jamais finir" in said and "--max-steps" in said, said
    assert "« Lancers au plus »" in said and "« Manches au plus »" in said, said
    assert refusal(["simulate", "pokerdas", "-o", "max_throws=aucun", "-o", "max_rounds=aucun"])


def test_the_literal_tables_that_end_are_simulated(tmp_path: Path) -> None:
    """Found by a game author (the check for tables that never end): Casino Royal's « livre »
    ends; Poker d'As « livre » with --max-steps is played, its games cut off."""
    for args in (
        ["casinoroyal", "--variant", "livre", "-o", "game=B", "--bots", "fort,random"],
        ["pokerdas", "--variant", "livre", "--max-steps", "30", "--bots", "random"],
    ):
        code, said = invoke(["simulate", *args, "-g", "4", "-j", "1",
                             "--out", str(tmp_path / f"{args[0]}.parquet")])  # fmt: skip
        assert code == 0, said


def test_a_broken_pipe_on_the_screen_does_not_lose_the_results(tmp_path: Path) -> None:
    """Found by a game author: `simulate pokerdas -g 50 --out hp.parquet | head -2` exited 1,
    wrote no results and printed nothing. The results are written whatever happens to the
    screen, and a reader that went away is not a failure of the run."""
    import subprocess
    import sys

    cmd = (f"{sys.executable} -m ludotheque simulate casinoroyal -g 50 --bots random -j 1 "
           "--out hp.parquet | head -1; echo \"rc=${PIPESTATUS[0]}\"")  # fmt: skip
    done = subprocess.run(["bash", "-c", cmd], cwd=tmp_path, capture_output=True, text=True)
    assert "rc=0" in done.stdout, (done.stdout, done.stderr)
    assert "Traceback" not in done.stderr and "Exception" not in done.stderr, done.stderr
    assert len(results.read(tmp_path / "hp.parquet")) == 50
    assert (tmp_path / "hp.summary.json").exists()


def test_games_cut_off_are_said_and_rates_only_from_finished_ones(tmp_path: Path) -> None:
    """Found by a game author: with every game cut off by --max-steps the summary showed an
    empty bot table, « 0,0 % [0,0 ; 100,0] » for every place and « Aucune place ne s'écarte
    significativement… »; with some cut off, the rates were silently over the finished ones.
    Now: « taux sur 84 parties terminées (16 tronquées) », and with none finished no rate and
    no conclusion, one line saying so."""
    code, said = invoke(["simulate", "casinoroyal", "-o", "game=B", *FAST, "-g", "100",
                         "--max-steps", "1", "--out", str(tmp_path / "a.parquet")])  # fmt: skip
    assert code == 0, said
    assert "Aucune partie terminée" in said and "--max-steps" in said, said
    assert "s'écarte" not in said and "[0,0 ; 100,0]" not in said and "Premier joueur" not in said
    code, said = invoke(["simulate", "casinoroyal", "-o", "game=B", *FAST, "-g", "100",
                         "--max-steps", "6", "--out", str(tmp_path / "b.parquet")])  # fmt: skip
    assert code == 0, said
    summary = json.loads((tmp_path / "b.summary.json").read_text(encoding="utf-8"))
    done, cut = summary["finished"], summary["truncated"]
    assert done and cut, summary
    assert f"taux sur {done} parties terminées ({cut} tronquée" in said, said


def test_a_bot_against_itself_gets_no_interval(tmp_path: Path) -> None:
    """Found by a game author: `simulate pokerdas -g 50 -n 3 --bots parfait` printed
    « parfait │ 150 │ 50 │ 33,3 % [26,3 ; 41,2] »: the rate is 1/3 by construction and the
    interval treated the seats of one game as independent. It is said plainly instead."""
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-n", "3", "-g", "60",
                         "--out", str(tmp_path / "s.parquet")])  # fmt: skip
    assert code == 0, said
    assert "33,3 % (par construction)" in said, said
    assert not re.search(r"random │ 180 │ 60 │ 33,3 % \[", said), said
    assert "occupe toutes les places" in said, said


def test_numbers_are_french_on_screen_and_in_refusals(tmp_path: Path) -> None:
    """Found by a game author: « 1000 parties », « (demandé : 100000) », « de 1 à 10000 »,
    « 0.6 » on a figure's axis, « 0,6 parties/s ». Numbers the French way everywhere."""
    from ludotheque.report.html import french_tick
    from ludotheque.sim.fmt import per_second

    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "1000",
                         "--out", str(tmp_path / "n.parquet")])  # fmt: skip
    assert code == 0, said
    assert "1 000 parties" in said and "1000 parties" not in said, said  # (split: thin space)
    said = refusal(["simulate", "pokerdas", "-o", "stake=20000"])
    assert "de 1 à 10 000 (reçu 20 000)" in said, said
    assert per_second(0.6) == "0,6 partie/s" and per_second(95.1) == "95,1 parties/s"
    assert [french_tick(t) for t in ("0.5", "12.5%", "10000")] == ["0,5", "12,5%", "10\u202f000"]


def test_the_header_says_which_table_and_the_default_file_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a game author: the screen never said which table was simulated, and the default
    file `simulations/GAME-SEED` was the same for every option set, so a second run with other
    options was refused. The header names the variant and options; so does the default name."""
    monkeypatch.chdir(tmp_path)
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "3", "-o", "game=B"])
    assert code == 0, said
    assert "Casino Royal (game=B) — 3 parties" in said, said
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "3", "--variant", "livre"])
    assert code == 0, said
    assert "Casino Royal (livre) —" in said, said
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "3"])
    assert code == 0, said
    names = sorted(p.name for p in (tmp_path / "simulations").glob("*.parquet"))
    assert names == ["casinoroyal-0.parquet", "casinoroyal-game_B-0.parquet",
                     "casinoroyal-livre-0.parquet"], names  # fmt: skip
    said = refusal(["simulate", "casinoroyal", *FAST, "-g", "3"])
    assert "--out simulations/casinoroyal-0-2.parquet" in said, said


def test_refusals_go_to_stderr(no_game: None) -> None:
    """Found by a game author: checked errors went to stdout, the command line's own to
    stderr. Refusals all go to stderr."""
    res = CliRunner().invoke(app, ["simulate", "casinoroyal", "-g", "0"])
    assert res.exit_code == 2
    assert "Erreur : --games" in res.stderr and "Erreur" not in res.stdout, res.output
    res = CliRunner().invoke(app, ["rapport", "casinoroyal", "--seed", "-1"])
    assert res.exit_code == 2
    assert "Erreur : --seed" in res.stderr and "Erreur" not in res.stdout, res.output


def test_hints_fit_the_mistake(no_game: None) -> None:
    """Found by a game author: `--bots ''` suggested `--bots fort,random` for Poker d'As (no
    « fort » there); `-g 0` added « au-delà, lancez plusieurs simulations »; `--out
    /proc/x.csv` said « chemin introuvable »; `--out ""` silently used the default."""
    said = refusal(["simulate", "pokerdas", "--bots", ""])
    assert "--bots parfait,random" in said and "fort" not in said, said
    for games_count in ("0", "-1"):
        said = refusal(["simulate", "casinoroyal", "-g", games_count])
        assert "au moins 1" in said and "au-delà" not in said, said
    said = refusal(["simulate", "casinoroyal", "--out", "/proc/x.csv"])
    assert "on ne peut pas y créer de fichier" in said and "introuvable" not in said, said
    said = refusal(["simulate", "casinoroyal", "--out", ""])
    assert "--out est vide" in said, said


def test_overwriting_removes_the_other_formats_stale_files(tmp_path: Path) -> None:
    """Found by a game author: `--ecraser` left ov.csv and ov.plan.json of 7 games beside the
    ov.summary.json of 9. Replacing a run removes its files of the other format, and says so."""
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "7",
                         "--out", str(tmp_path / "ov.csv")])  # fmt: skip
    assert code == 0, said
    code, said = invoke(["simulate", "casinoroyal", *FAST, "-g", "9", "--ecraser",
                         "--out", str(tmp_path / "ov.parquet")])  # fmt: skip
    assert code == 0, said
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ov.parquet", "ov.summary.json"]
    assert "Remplacés (--ecraser)" in said and "ov.csv" in said, said


def test_bots_in_the_order_given_and_places_from_one(tmp_path: Path) -> None:
    """Found by a game author: bots listed alphabetically instead of in --bots order; places
    numbered from 0 (« place 0 ») while teams and cartons count from 1."""
    code, said = invoke(["simulate", "casinoroyal", "--bots", "random,fort", "-j", "1", "-g",
                         "20", "--out", str(tmp_path / "o.parquet")])  # fmt: skip
    assert code == 0, said
    assert said.index("│ random │") < said.index("│ fort │"), said
    places = re.findall(r"│ +(\d) │ +[\d,]+ │ +[\d,]+ %", said)
    assert places == ["1", "2"], said
    summary = json.loads((tmp_path / "o.summary.json").read_text(encoding="utf-8"))
    assert list(summary["per_bot"]) == ["random", "fort"]


def test_the_help_says_where_bots_options_and_variants_are_listed() -> None:
    """Found by a game author: the help of --bots, -o and --variant did not say where the
    choices are listed (docs/games/GAME.md, written by `ludotheque docs`)."""
    res = CliRunner().invoke(app, ["simulate", "--help"], env={"COLUMNS": "200"})
    said = " ".join(res.output.split())
    assert said.count("docs/games/JEU.md") >= 3, said
    assert (Path(__file__).parents[2] / "docs/games/pokerdas.md").exists()


def run_in_a_terminal(args: list[str], cwd: Path, timeout: float = 120) -> tuple[int, str]:
    """``ludotheque ARGS`` with a terminal for its output (a pseudo-terminal: the progress bar
    is live and redirects the standard output); (exit code, what the terminal showed)."""
    import pty
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "ludotheque", *args],
        cwd=cwd,
        stdin=slave,
        stdout=slave,
        stderr=slave,
        start_new_session=True,
    )
    os.close(slave)
    shown = b""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 0.5)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            shown += chunk
        elif proc.poll() is not None:
            break
    else:
        proc.kill()
        raise AssertionError(f"still running after {timeout} s: {shown[-500:]!r}")
    os.close(master)
    return proc.wait(10), shown.decode(errors="replace")


def test_the_progress_bar_in_a_terminal_ends(tmp_path: Path) -> None:
    """The screen that goes quiet when its reader has gone (found by a game author: `| head`)
    must not loop on itself when the progress bar redirects the standard output to it, as it
    does in a terminal (`rapport` hung there with the first version of the fix)."""
    code, shown = run_in_a_terminal(
        ["simulate", "casinoroyal", *FAST, "-g", "300", "--out", "t.parquet"], tmp_path
    )
    assert code == 0 and "Résultats" in shown, shown[-2000:]
    assert (tmp_path / "t.parquet").exists()
    code, shown = run_in_a_terminal(
        ["rapport", "bataille", "-g", "10", "-j", "2", "--out", "r.html"], tmp_path
    )
    assert code == 0 and "Rapport" in shown, shown[-2000:]


def _sigint_default() -> None:
    """In the child: Ctrl-C as a terminal delivers it. A test run in the background (`nohup …
    &`) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.mark.parametrize(("lang", "said"), [("fr", "Interrompu."), ("en", "Interrupted.")])
def test_a_ctrl_c_while_the_command_loads_ends_without_a_traceback(lang: str, said: str) -> None:
    """Found by a game author: a Ctrl-C in the first second (the commands' modules loading)
    printed a traceback of some import (pydantic's, typer's) and exit code -2. The Ctrl-C is
    raised here by the import itself, so that the test does not race the loading."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "class Interrupt:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'ludotheque.cli.main':\n"
        "            raise KeyboardInterrupt\n"
        "sys.meta_path.insert(0, Interrupt())\n"
        f"sys.argv = ['ludotheque', 'simulate', 'pokerdas', '--lang', '{lang}']\n"
        "from ludotheque.cli.entry import run\n"
        "run()\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.returncode == 130, done
    assert done.stderr.strip() == said and "Traceback" not in done.stderr
