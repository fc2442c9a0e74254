"""The final ranking every table draws (term/render.py)."""

from __future__ import annotations

import io

from rich.console import Console

from ludotheque.engine.protocol import Result
from ludotheque.term.render import ranking


def _drawn(table: object) -> str:
    out = io.StringIO()
    Console(file=out, width=80, color_system=None).print(table)
    return out.getvalue()


def test_the_notes_column_is_drawn_only_when_a_seat_has_a_note() -> None:
    """Found play-testing: AlphaPoker's and the Poker d'As's final ranking had an empty, untitled
    fourth column when nobody was eliminated."""
    result = Result((30, 10), (1, 2), (0,), "", "")
    plain = _drawn(ranking(result, ["Vous", "Fort 1"], "PM", note=lambda s: ""))
    assert plain.splitlines()[2].count("┃") == 4  # three columns: four borders
    noted = _drawn(ranking(result, ["Vous", "Fort 1"], "PM", note=lambda s: "éliminé" * s))
    assert "éliminé" in noted and noted.splitlines()[2].count("┃") == 5


def test_the_notes_column_has_a_title() -> None:
    """Found play-testing: when a seat was eliminated at the Poker d'As, the note column of the
    final ranking had a blank header beside « Rang », « Joueur », « Jetons »."""
    result = Result((30, 0), (1, 2), (0,), "", "")
    noted = _drawn(ranking(result, ["Vous", "Fort 1"], "Jetons", note=lambda s: "éliminé" * s))
    assert "Remarque" in noted.splitlines()[2]
