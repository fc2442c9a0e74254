"""The commands' help as a new user reads it (`ludotheque --help`, `ludotheque CMD --help`)."""

from __future__ import annotations

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
    assert "Usage: ludotheque" in out.stdout and "tournoi" in out.stdout
