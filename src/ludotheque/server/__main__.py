"""``python -m ludotheque.server`` = ``ludotheque serve``."""

import typer

from ludotheque.server.cli import serve

typer.run(serve)
