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
