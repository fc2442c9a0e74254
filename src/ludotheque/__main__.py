"""``python -m ludotheque`` = the ``ludotheque`` command (for a venv without its script)."""

from ludotheque.cli.entry import run

run()
