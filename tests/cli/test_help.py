"""The commands' help as a new user reads it (`ludotheque --help`, `ludotheque CMD --help`)."""

from __future__ import annotations

import re
from typing import Any

import typer.main

from ludotheque.cli.main import app


def _commands(group: Any, prefix: str = "") -> list[tuple[str, Any]]:
    out = []
    for name, cmd in group.commands.items():
        out.append((prefix + name, cmd))
        if hasattr(cmd, "commands"):
            out += _commands(cmd, f"{prefix}{name} ")
    return out


def test_no_command_help_breaks_a_sentence_across_lines() -> None:
    """`ludotheque --help` listed « tournoi » as « … Avec --serveur, crée » then « un tournoi »
    on a line of its own: the help keeps a docstring's line breaks, so a paragraph must be one
    line (a blank line between paragraphs)."""
    root = typer.main.get_command(app)
    broken = [
        name
        for name, cmd in _commands(root)
        for paragraph in (cmd.help or "").strip().split("\n\n")
        if "\n" in paragraph.strip()
    ]
    assert broken == []


def test_python_m_ludotheque_is_the_ludotheque_command() -> None:
    import subprocess
    import sys

    out = subprocess.run(
        [sys.executable, "-m", "ludotheque", "--help"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    assert "Usage : ludotheque" in out.stdout and "tournoi" in out.stdout


def test_the_help_speaks_french_and_shows_no_type_on_a_flag() -> None:
    """Found play-testing (earlier sessions, left then): every help page began « Usage:
    ludotheque play [OPTIONS] … », ended « --help <bool> Show this message and exit. », and
    showed « <bool> » beside each flag, which takes no value."""
    from typer.testing import CliRunner

    runner = CliRunner()
    for args in (["--help"], ["replay", "--help"], ["play", "--help"]):
        out = runner.invoke(app, args, env={"COLUMNS": "120"}).output
        assert "Usage : ludotheque" in out and "[options]" in out, out
        assert "Usage:" not in out and "[OPTIONS]" not in out, out
        assert "Show this message" not in out and "Afficher cette aide" in out, out
        assert "<bool>" not in out, out
    out = runner.invoke(app, ["--help"], env={"COLUMNS": "120"}).output
    assert "COMMANDE [ARGUMENTS]..." in out, out
    out = runner.invoke(app, ["replay", "--help"], env={"COLUMNS": "120"}).output
    assert "<entier>" in out and "<int>" not in out, out


def test_no_help_page_shows_the_frameworks_type_or_range_words() -> None:
    """Found by a club's host: `serve --help` showed « <int range> [x>=1] », « <float range> »,
    `tournoi --help` « <list[str]> »: the framework's words beside French help."""
    from typer.testing import CliRunner

    runner = CliRunner()
    root = typer.main.get_command(app)
    for name, _cmd in _commands(root):
        out = runner.invoke(app, [*name.split(), "--help"], env={"COLUMNS": "200"}).output
        for word in ("range>", "<list[", "x>=", "<=x", "x<="):
            assert word not in out, (name, word)
    out = runner.invoke(app, ["serve", "--help"], env={"COLUMNS": "200"}).output
    assert "<entier> [0 à 65535]" in out and "[≥ 1]" in out, out


def test_no_help_page_cuts_a_flag_name_on_an_80_column_terminal() -> None:
    """Found by a club's host: `serve --help` in an 80-column terminal showed
    « --invites-par-ad… » — the flag to type, cut (one two-word flag, --ws-deflate/
    --no-ws-deflate, took a column of its own and left the names too little room)."""
    from typer.testing import CliRunner

    runner = CliRunner()
    root = typer.main.get_command(app)
    for name, _cmd in _commands(root):
        out = runner.invoke(app, [*name.split(), "--help"], env={"COLUMNS": "80"}).output
        cut = re.findall(r"--[\w-]+…", out)
        assert cut == [], (name, cut)
