"""The final ranking every table draws (term/render.py)."""

from __future__ import annotations

import io
import itertools

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


def test_a_rules_summary_is_wrapped_again_to_the_terminals_width() -> None:
    """Found by the English tables' helpers: the summaries are wrapped near 95 columns in the
    source; on an 80-column terminal every other line was a stub of one or two words."""
    from ludotheque.games.alphapoker.terminal import RULES
    from ludotheque.term.render import reflow

    text = reflow(RULES, 80)
    lines = text.splitlines()
    assert lines[0] == "[bold]AlphaPoker en bref[/]"
    assert all(len(line) <= 80 for line in lines)
    assert all(line.startswith(("•", "  ")) for line in lines[1:])  # the hanging indent
    assert " ".join(text.split()) == " ".join(RULES.split())  # nothing lost nor added
    # a short line is an item's last, never one followed by more of the same item
    stubs = [a for a, b in itertools.pairwise(lines) if len(a) < 50 and b.startswith("  ")]
    assert stubs == [], text


def test_reflow_keeps_paragraphs_headings_and_blank_lines() -> None:
    from ludotheque.term.render import reflow

    text = "[bold]Titre[/]\nUne phrase coupée\nau milieu.\nUne autre.\n\n- item un\n  suite\n- deux"
    assert reflow(text, 100) == (
        "[bold]Titre[/]\nUne phrase coupée au milieu.\nUne autre.\n\n- item un suite\n- deux"
    )
    assert reflow("- un deux trois quatre cinq six", 20) == "- un deux trois\n  quatre cinq six"
