"""The prompt every terminal table uses: reading a line, the words every table understands, and
the retry on a refused answer.

A game's terminal subclasses :class:`Terminal`: it writes ``ask_action`` (one question, giving
an action, or None to ask again) and the drawing (``show``, ``tell``, ``finish``); the base class
keeps the constructor, the retry loop that prints the reason of a refused answer in the
person's language, and the command words (``aide``, ``regles``, ``quitter``…) through
:func:`read_line`.

A table speaks French, or English with ``lang="en"`` (``ludotheque play --lang en``): a game's
terminal writes each sentence in both, ``self.t("Vous passez", "You pass")``, counts with
``self.count(n, "carte", "card")`` and names the seats with ``self.seats`` (« Vous criez » /
« You shout »); the command words it understands are the same in both languages (« aide » and
« help », « quitter » and « quit »), the prompt naming those of the table's language.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping
from typing import Any

from rich.console import Console
from rich.markup import escape

from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import Action, Event, Result, State
from ludotheque.term import english, french
from ludotheque.term.clock import Clock
from ludotheque.term.english import EnglishSeats
from ludotheque.term.french import Seats
from ludotheque.term.render import reflow

LANGS = ("fr", "en")


class Quit(Exception):
    """The person asked to leave the table (« quitter », the end of the input, Ctrl-C)."""


QUIT_WORDS = frozenset({"q", "quit", "quitter", "exit"})
Commands = Mapping[str, Callable[[], object]]
Answers = Callable[[str], bool]  # does the table take this line as an answer at this prompt?


def command_word(text: str) -> str:
    """A typed word as command words are compared: lower case, without accents (« Règles »
    is « regles »)."""
    decomposed = unicodedata.normalize("NFD", text.strip().lower())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


def read_line(
    ask: Callable[[str], str], prompt: str, commands: Commands, answers: Answers | None = None
) -> str | None:
    """One line typed at a game's table, with the words every table understands.

    « quitter » (q, quit, exit), the end of the input or Ctrl-C raise ``Quit``. ``commands``
    maps space-separated command words (« aide help ? h ») to what they do; such a word, case
    and accents ignored (« Règles » is « regles »), runs it and gives None. Anything else comes
    back stripped, as typed. A line the table takes as an answer at this prompt (``answers``:
    « q » laying the Q, « table » a word the hand makes) is one even when it spells a command
    or quit word.
    """
    try:
        text = ask(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
    if text and answers is not None and answers(text):
        return text
    word = command_word(text) if text else ""
    if word in QUIT_WORDS:
        raise Quit

    for words, run in commands.items():
        if word in words.split():
            run()
            return None
    return text


# « (R17) », « (R8, R14) », « (R1–R29) », and « , R10 » closing a parenthesis
_RULE_REF = re.compile(
    r"\s*\([RDE]\d+[a-z]?(?:\s*[,–-]\s*[RDE]?\d+[a-z]?)*\)|,\s*[RDE]\d+[a-z]?(?=\))"
)


def without_rule_ids(text: str) -> str:
    """A message as a player reads it: the rule book's IDs (« (R17) », « (blocage, R10) »)
    are for maintainers and the logs, not for the table."""
    return _RULE_REF.sub("", text)


class Terminal:
    """The base of every game's terminal table (``Game.terminal`` names the subclass).

    ``ask`` reads one line (the CLI gives ``console.input`` wrapped by the clock of
    term/clock.py); ``names`` are the seats' names, « Vous » (« You ») at ``seat``; ``lang``
    the table's language, « fr » or « en »."""

    def __init__(
        self,
        console: Console,
        seat: int | None,
        names: list[str],
        ask: Callable[[str], str],
        lang: str = "fr",
    ) -> None:
        if lang not in LANGS:
            raise ValueError(f"a table speaks fr or en, not {lang!r}")
        self.console = console
        self.seat = seat
        self.names = names
        self.ask_raw = ask
        self.lang = lang
        # « Vous criez », « Fort 1 vous propose » / « You shout », « Strong 1 offers you »
        self.seats = EnglishSeats(names, seat) if lang == "en" else Seats(names, seat)
        self.clock = Clock(lang=lang)  # the table's clocks, set by the kit's loop (table.py)

    # ------------------------------------------------------------------ the table's language
    @property
    def english(self) -> bool:
        return self.lang == "en"

    def t(self, fr: str, en: str) -> str:
        """The sentence in the table's language."""
        return en if self.lang == "en" else fr

    def count(
        self, n: int, fr: str, en: str, fr_many: str | None = None, en_many: str | None = None
    ) -> str:
        """« 2 cartes » / « 2 cards »: ``n`` and its noun, agreeing, in the table's language
        (French puts the plural from 2, English everywhere but 1)."""
        if self.lang == "en":
            return english.plural(n, en, en_many)
        return french.plural(n, fr, fr_many)

    # ------------------------------------------------------------------ what a game writes
    def show(self, view: dict[str, Any]) -> None:
        """Draw the table as ``seat`` sees it, before the person is asked."""

    def ask_action(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """Ask once: an action, or None to ask again (a command was typed, an answer was
        refused and said so). A refused answer may also raise a LudoError: its French text is
        printed and the question asked again."""
        raise NotImplementedError

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        """Say what just happened (public events), with the seat's view after it."""

    def finish(self, view: dict[str, Any], result: Result) -> None:
        """The end of the game."""

    def play_live(self, state: State, agents: Mapping[int, Any], save: Callable[..., None]) -> bool:
        """A real-time table runs its own clock and plays ``state`` to the end here (the
        Bataille); the turn-based tables say False and the kit's loop plays."""
        return False

    # ------------------------------------------------------------------ what the kit does
    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Ask until the person gives a well-formed action (``Quit`` to leave, ``TimeUp`` when
        the question's clock runs out)."""
        while True:
            try:
                action = self.ask_action(view, legal)
            except LudoError as exc:
                self.refuse(exc)
                continue
            if action is not None:
                return action

    def print_text(self, text: str) -> None:
        """A text of several lines (the rules summary, a help) wrapped again to the console's
        width (render.reflow: its hard line breaks are the source's, near 95 columns)."""
        self.console.print(reflow(text, self.console.width))

    def refuse(self, exc: LudoError) -> None:
        """A refused answer, in the table's language, without rule IDs, markup escaped."""
        said = exc.en if self.lang == "en" else exc.fr
        self.console.print(f"[red]✗ {escape(without_rule_ids(said))}[/]")

    def read(self, prompt: str, commands: Commands, answers: Answers | None = None) -> str | None:
        """One line, the table's command words run here (None then); ``answers``: the lines
        this prompt takes as answers even when they spell a command word (:func:`read_line`)."""
        return read_line(self.ask_raw, prompt, commands, answers)
