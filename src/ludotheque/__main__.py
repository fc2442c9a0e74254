"""``python -m ludotheque`` = the ``ludotheque`` command (for a venv without its script)."""

from ludotheque.cli.main import app

app(prog_name="ludotheque")
