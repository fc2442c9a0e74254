"""Drawing the table: cards as coloured chips that say their colour in a sign too, the seats'
table and the final ranking.

Colour never carries meaning alone: ``NO_COLOR``, a pipe or a colour-blind player see the same
table with its signs (rich drops the colours by itself when ``NO_COLOR`` is set or the output is
not a terminal)."""

from __future__ import annotations

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
