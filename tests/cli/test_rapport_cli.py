"""`ludotheque rapport` as a play-tester used it: an output that cannot be written, a seed, a
size or a process count out of range are refused before the (long) computation; a failure
while writing is said in French and the page is kept elsewhere; `--lang en`."""

from __future__ import annotations

import errno
import tempfile
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from ludotheque import report
from ludotheque.cli.main import app
from ludotheque.report.html import Report


def refusal(args: list[str]) -> str:
    res = CliRunner().invoke(app, args)
    said = " ".join(res.output.split())
    assert res.exit_code == 2, said
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit)
    return said


@pytest.fixture
def no_report(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fail if the report is computed: the refusal must come first."""

    def boom(*args: Any, **kwargs: Any) -> Report:
        raise AssertionError("the report was computed before the refusal")

    monkeypatch.setattr(report, "make", boom)


def test_an_unwritable_out_or_png_is_refused_before_the_report(
    tmp_path: Path, no_report: None
) -> None:
    """Found play-testing: `rapport casinoroyal --out /proc/nope.html` computed for 35 s, then
    a traceback; `--png /proc/nope` the same."""
    said = refusal(["rapport", "casinoroyal", "-j", "1", "--out", "/proc/nope.html"])
    assert "Erreur : --out /proc/nope.html" in said and "impossible d'écrire" in said
    said = refusal(["rapport", "casinoroyal", "-j", "1", "--png", "/proc/nope"])
    assert "Erreur : --png /proc/nope" in said and "impossible d'écrire" in said
    said = refusal(["rapport", "casinoroyal", "-j", "1", "--out", str(tmp_path)])
    assert "dossier" in said
    (tmp_path / "f").write_text("x", encoding="utf-8")
    said = refusal(["rapport", "casinoroyal", "-j", "1", "--png", str(tmp_path / "f")])
    assert "--png" in said and "fichier" in said


def test_a_failure_while_writing_the_page_is_said_and_the_page_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found play-testing: a page that could not be written ended on a traceback, the
    computation lost."""
    rescue = tmp_path / "secours"
    rescue.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(rescue))
    target = tmp_path / "r.html"
    save = Report.save

    def full(self: Report, path: Path) -> Path:
        if path == target:
            raise OSError(errno.ENOSPC, "No space left on device")
        return save(self, path)

    monkeypatch.setattr(Report, "save", full)
    said = refusal(["rapport", "bataille", "-g", "2", "-j", "1", "--out", str(target)])
    assert f"impossible d'écrire {target}" in said and "disque plein" in said
    (kept,) = rescue.glob("*.html")
    assert str(kept) in said and "Bataille" in kept.read_text(encoding="utf-8")


def test_rapport_refuses_seeds_sizes_and_jobs_out_of_range(no_report: None) -> None:
    """Found play-testing: `rapport --jobs 0` was accepted, `rapport pokerdas -g 999999999999`
    ate gigabytes before any game, a seed too large or negative died in numpy."""
    said = refusal(["rapport", "pokerdas", "--jobs", "0"])
    assert "--jobs" in said and "0" in said
    said = refusal(["rapport", "pokerdas", "-g", "999999999999"])
    assert "--games" in said and "au plus" in said
    for seed in ("-1", "99999999999999999999999"):
        said = refusal(["rapport", "pokerdas", "--seed", seed])
        assert "--seed" in said and "de 0 à" in said


def test_rapport_refusals_honour_lang_en(no_report: None) -> None:
    """Found play-testing: `rapport` did not take `--lang` as the other commands do."""
    said = refusal(["rapport", "dominos", "--lang", "en"])
    assert "Error: unknown game" in said and "Erreur" not in said


def test_a_ctrl_c_stops_the_report_promptly(tmp_path: Path) -> None:
    """Found by a game author: Ctrl-C in `rapport` at 20 s exited 108 s later without a word,
    and sometimes never. A Ctrl-C to the process group stops it within 2 s, exit 130, one
    French line, no traceback, no worker left, no page written."""
    import os
    import signal
    import subprocess
    import sys
    import time

    proc = subprocess.Popen(
        [sys.executable, "-m", "ludotheque", "rapport", "belote", "-g", "50", "-j", "2",
         "--out", "r.html"],
        cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
        preexec_fn=_sigint_default,
    )  # fmt: skip
    time.sleep(6)
    os.killpg(proc.pid, signal.SIGINT)
    sent = time.monotonic()
    try:
        _out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("still running 60 s after Ctrl-C") from None
    took = time.monotonic() - sent
    time.sleep(0.3)
    left = subprocess.run(["pgrep", "-s", str(proc.pid)], capture_output=True, text=True)
    assert not left.stdout.strip(), left.stdout
    assert proc.returncode == 130 and took < 5.0, (proc.returncode, took, err)
    said = err.decode()
    assert "Traceback" not in said and "Interrompu : le rapport n'est pas écrit." in said, said
    assert not (tmp_path / "r.html").exists()


def test_an_empty_out_is_refused(no_report: None) -> None:
    """Found by a game author: `--out ""` silently used the default name."""
    said = refusal(["rapport", "pokerdas", "--out", ""])
    assert "--out est vide" in said, said


def _sigint_default() -> None:
    """In the child: Ctrl-C as a terminal delivers it. A test run in the background (`nohup …
    &`) inherits SIGINT ignored, and Python then never raises KeyboardInterrupt."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)
