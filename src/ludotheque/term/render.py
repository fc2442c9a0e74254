"""Drawing the table: cards as coloured chips that say their colour in a sign too, the seats'
table and the final ranking.

Colour never carries meaning alone: ``NO_COLOR``, a pipe or a colour-blind player see the same
table with its signs (rich drops the colours by itself when ``NO_COLOR`` is set or the output is
not a terminal)."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Sequence

from rich.table import Table
from rich.text import Text

from ludotheque.engine.protocol import Result

# A card's colour ("r" red, "b" black) as a chip's style; the label carries its sign (♦ ♣).
CARD_STYLE = {"r": "bold red on grey93", "b": "bold black on grey93"}


def chip(label: str, style: str) -> Text:
    """« A₁♦ » drawn as a chip: `` A₁♦ `` with its style."""
    return Text(f" {label} ", style=style)


def card_chip(label: str, colour: str) -> Text:
    """A red or black card (``colour`` "r" or "b"), its label already colour-safe."""
    return chip(label, CARD_STYLE[colour])


def chips(labels: Sequence[Text], numbered: bool = False) -> Text:
    """Chips in a row, numbered from 1 when the person picks them by number."""
    out = Text()
    for i, one in enumerate(labels):
        if numbered:
            out.append(f"{i + 1}:", style="dim")
        out.append_text(one)
        out.append(" ")
    return out


def ranking(
    result: Result,
    names: Sequence[str],
    score: str,
    note: Callable[[int], str] | None = None,
    title: str | None = None,
    lang: str = "fr",
) -> Table:
    """The final ranking: rank, player, ``score`` (« PM », « Jetons »…), and a note per seat
    when ``note`` gives one to some seat (« éliminé »); its headings in ``lang``."""
    english = lang == "en"
    if title is None:
        title = "Final ranking" if english else "Classement final"
    table = Table(title=title, title_style="bold")
    seats = sorted(range(len(result.scores)), key=lambda s: result.ranks[s])
    notes = {s: note(s) for s in seats} if note is not None else {}
    noted = any(notes.values())  # no empty column when nobody has a note
    heads = ["Rank", "Player"] if english else ["Rang", "Joueur"]
    for col in [*heads, score] + ([("Note" if english else "Remarque")] if noted else []):
        table.add_column(col)
    for s in seats:
        row = [str(result.ranks[s]), names[s], str(result.scores[s])]
        table.add_row(*row, *([notes[s]] if noted else []))
    return table


_ITEM = re.compile(r"(?:[•*-]|\d+[.)]) ")  # « • », « - », « 1. » opening an item
_HEADING = re.compile(r"^\[bold\][^\[]*\[/\]$")


def reflow(text: str, width: int) -> str:
    """A text written with hard line breaks (the rules summaries are wrapped near 95 columns in
    the source) wrapped again to ``width`` columns: an item (« • … ») keeps its hanging indent,
    the indented lines under it continue it, a paragraph's lines are joined until a sentence
    ends, and headings and blank lines stay. On an 80-column terminal the summaries' lines
    broke in two, every other line a stub of one or two words."""
    out: list[str] = []
    block: list[str] = []
    indent = ""

    def flush() -> None:
        if block:
            joined = " ".join(block)
            out.append(
                textwrap.fill(
                    joined,
                    width=max(20, width),
                    subsequent_indent=indent,
                    break_long_words=False,
                    break_on_hyphens=False,
                )
            )
            block.clear()

    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            flush()
            out.append("")
            continue
        item = _ITEM.match(stripped)
        continues = block and (
            line[0].isspace()  # an indented line goes on with the item or paragraph above
            or (
                not indent
                and not item
                and not _HEADING.match(block[-1])
                and not block[-1].endswith((".", ":", "!", "?"))
            )
        )
        if continues:
            block.append(stripped)
            continue
        flush()
        indent = " " * len(item.group(0)) if item else ""
        block.append(stripped)
    flush()
    return "\n".join(out)
