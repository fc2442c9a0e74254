"""The terminal kit every game's table uses: the prompt loop (prompt.py), French for the
tables (french.py), drawing (render.py), clocks (clock.py), the table's loop (table.py) and a
generic table that plays any registered game from its views and actions (generic.py).

It depends on the engine only: games import it, never the other way round."""

from ludotheque.term.clock import Clock, TimeUp
from ludotheque.term.french import Seats, plural
from ludotheque.term.prompt import Answers, Quit, Terminal, read_line, without_rule_ids

__all__ = [
    "Answers",
    "Clock",
    "Quit",
    "Seats",
    "Terminal",
    "TimeUp",
    "plural",
    "read_line",
    "without_rule_ids",
]
