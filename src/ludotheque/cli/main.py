"""Entry point of the ``ludotheque`` command: one sub-command group per tool."""

from __future__ import annotations

import typer

app = typer.Typer(
    name="ludotheque",
    help="Ludothèque : cinq jeux de société français, contre des bots ou entre amis.",
    no_args_is_help=True,
    add_completion=False,
)

# Sub-command groups are mounted here.
