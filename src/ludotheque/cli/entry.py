"""The ``ludotheque`` command's entry point (and ``python -m ludotheque``'s).

The commands take a second or two to load on a busy machine (typer, pydantic, the server's
modules); a Ctrl-C in that time printed a traceback of some import. It now ends as a Ctrl-C
does once a command runs: a word on stderr, exit code 130."""

from __future__ import annotations

import itertools
import os
import sys


def run() -> None:
    try:
        from ludotheque.cli.main import app
    except KeyboardInterrupt:
        args = sys.argv[1:]
        english = "--lang=en" in args or any(
            a == "--lang" and b == "en" for a, b in itertools.pairwise(args)
        )
        sys.stderr.write("\nInterrupted.\n" if english else "\nInterrompu.\n")
        sys.stderr.flush()
        # Nothing is open yet; a plain exit could still end by the interrupt's signal (-2)
        # from the half-imported modules' finalisation.
        os._exit(130)
    app(prog_name="ludotheque")
