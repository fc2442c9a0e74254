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
        assert "--seed" in said and "de 0 à" in said and seed in said


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
