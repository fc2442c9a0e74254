"""A self-contained HTML report: French text, tables and matplotlib figures embedded as PNG."""

from __future__ import annotations

import base64
import html
import io
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter

# The French numbers of the text, shared with `simulate` (which does not import matplotlib).
from ludotheque.sim.fmt import THIN, french_numbers
from ludotheque.sim.fmt import interval as interval
from ludotheque.sim.fmt import num as num
from ludotheque.sim.fmt import pct as pct

STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem;
       color: #222; line-height: 1.45; }
h1 { border-bottom: 2px solid #444; padding-bottom: .3rem; }
h2 { margin-top: 2.2rem; border-bottom: 1px solid #bbb; }
table { border-collapse: collapse; margin: .8rem 0; font-size: .92rem; }
th, td { border: 1px solid #ccc; padding: .25rem .55rem; text-align: right; }
th { background: #f0f0f0; } td:first-child, th:first-child { text-align: left; }
caption { caption-side: top; text-align: left; font-style: italic; padding: .2rem 0; }
figure { margin: 1rem 0; } figcaption { font-style: italic; font-size: .92rem; }
img { max-width: 100%; } .note { color: #555; font-size: .9rem; }
"""


def new_figure(width: float = 7.0, height: float = 3.8) -> tuple[Figure, Any]:
    """A figure and its axes, sized for the report."""
    fig, ax = plt.subplots(figsize=(width, height), dpi=110)
    return fig, ax


_DECIMAL = re.compile(r"(?<=\d)\.(?=\d)")
_THOUSANDS = re.compile(r"(?<![\d,.])(\d{4,})(?![\d])")


def french_tick(text: str) -> str:
    """A tick label the French way: « 0,5 », « 12,5 % », « 10 000 » (not 0.5, 10000)."""
    text = _DECIMAL.sub(",", text)
    return _THOUSANDS.sub(lambda m: f"{int(m.group(1)):,}".replace(",", THIN), text)


class FrenchTicks(Formatter):
    """Wraps an axis's own formatter (its choice of ticks, offsets, percents) and writes its
    labels the French way."""

    def __init__(self, inner: Formatter) -> None:
        self.inner = inner

    def set_axis(self, axis: Any) -> None:
        super().set_axis(axis)
        self.inner.set_axis(axis)

    def set_locs(self, locs: Any) -> None:
        self.inner.set_locs(locs)

    def __call__(self, x: float, pos: int | None = None) -> str:
        return french_tick(self.inner(x, pos))

    def format_ticks(self, values: Any) -> list[str]:
        return [french_tick(t) for t in self.inner.format_ticks(values)]

    def get_offset(self) -> str:
        return french_tick(self.inner.get_offset())

    def format_data_short(self, value: float) -> str:
        return french_tick(self.inner.format_data_short(value))


def frenchify(fig: Figure) -> None:
    """Every axis of ``fig`` labels its ticks the French way (decimal commas)."""
    for ax in fig.axes:
        for axis in (ax.xaxis, ax.yaxis):
            for getter, setter in (
                (axis.get_major_formatter, axis.set_major_formatter),
                (axis.get_minor_formatter, axis.set_minor_formatter),
            ):
                inner = getter()
                if not isinstance(inner, FrenchTicks):
                    setter(FrenchTicks(inner))


class Report:
    """Sections of paragraphs, tables and figures; ``render()`` gives one HTML page."""

    def __init__(self, title: str, subtitle: str = "") -> None:
        self.title = title
        self.subtitle = subtitle
        self.parts: list[str] = []
        self.figures: list[tuple[str, bytes]] = []  # (slug, PNG) for --png

    def section(self, title: str) -> None:
        self.parts.append(f"<h2>{html.escape(title)}</h2>")

    def text(self, paragraph: str, note: bool = False) -> None:
        """A paragraph; ``**bold**`` is kept, everything else escaped."""
        paragraph = french_numbers(paragraph)  # « 10 000 jeux battus », not 10000
        body = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", html.escape(paragraph))
        self.parts.append(f'<p class="note">{body}</p>' if note else f"<p>{body}</p>")

    def table(
        self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = ""
    ) -> None:
        head = "".join(f"<th>{html.escape(french_numbers(str(h)))}</th>" for h in headers)
        body = "".join(
            "<tr>" + "".join(f"<td>{html.escape(_cell(c))}</td>" for c in row) + "</tr>"
            for row in rows
        )
        cap = f"<caption>{html.escape(french_numbers(caption))}</caption>" if caption else ""
        self.parts.append(
            f"<table>{cap}<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
        )

    def figure(self, fig: Figure, caption: str, slug: str) -> None:
        """Embed ``fig`` as a PNG (and keep it for ``save_pngs``); the figure is closed."""
        buf = io.BytesIO()
        frenchify(fig)
        fig.tight_layout()
        fig.savefig(buf, format="png")
        plt.close(fig)
        png = buf.getvalue()
        self.figures.append((slug, png))
        caption = french_numbers(caption)
        data = base64.b64encode(png).decode()
        self.parts.append(
            f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{data}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        )

    def render(self) -> str:
        sub = f"<p><i>{html.escape(self.subtitle)}</i></p>" if self.subtitle else ""
        return (
            '<!DOCTYPE html>\n<html lang="fr"><head><meta charset="utf-8">'
            f"<title>{html.escape(self.title)}</title><style>{STYLE}</style></head><body>"
            f"<h1>{html.escape(self.title)}</h1>{sub}" + "\n".join(self.parts) + "</body></html>\n"
        )

    def save(self, path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(self.render(), encoding="utf-8")
        return path

    def save_pngs(self, folder: Path, prefix: str) -> list[Path]:
        folder.mkdir(parents=True, exist_ok=True)
        out = []
        for slug, png in self.figures:
            p = folder / f"{prefix}-{slug}.png"
            p.write_bytes(png)
            out.append(p)
        return out


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return french_tick(f"{value:.4g}")
    if isinstance(value, int) and not isinstance(value, bool):
        return f"{value:,}".replace(",", THIN)
    return french_numbers(str(value))
