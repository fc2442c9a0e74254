"""The terminal's clocks: a countdown shown while the prompt waits, and its expiry.

The engine stays pure: it says how long a decision may take (``State.timer_seconds``) and what
running out means (``State.timeout_action``), or that the whole game has a clock
(``State.game_clock``). The table's loop (term/table.py) sets the deadlines of a :class:`Clock`;
:func:`timed` wraps the line reader so that the question shows the time left and raises
``TimeUp`` once it is over:

* in a real terminal (:func:`tty_countdown`), prompt_toolkit's prompt with the countdown kept
  in the bottom bar, redrawn twice a second, and closed when the time runs out;
* otherwise (a pipe, a test) the time left is written before the question, and an answer that
  comes after the deadline is too late: the time ran out first.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console


class TimeUp(Exception):
    """The clock of the question being asked ran out before an answer."""


Countdown = Callable[[str, "Clock"], str]


@dataclass
class Clock:
    """The table's time (``now``, in seconds) and the deadlines running now: the game clock's
    end, and the end of the timer on the question being asked."""

    now: Callable[[], float] = field(default=time.monotonic)
    game_end: float | None = None
    turn_end: float | None = None
    turn_what: str = ""  # « pour changer », « sablier »: what the question's timer is
    lang: str = "fr"  # the table's language (« partie » / « game »)

    def deadline(self) -> float | None:
        ends = [t for t in (self.game_end, self.turn_end) if t is not None]
        return min(ends) if ends else None

    def left(self) -> float | None:
        """Seconds left before the nearest deadline (None: no clock runs)."""
        end = self.deadline()
        return None if end is None else end - self.now()

    def game_left(self) -> float | None:
        return None if self.game_end is None else self.game_end - self.now()

    def status(self) -> str:
        """The clock line: « ⏱ 42 s pour changer · partie : 3 min 05 s » (« ⏱ 42 s to
        change · game: 3 min 05 s »)."""
        parts = []
        if self.turn_end is not None:
            what = f" {self.turn_what}" if self.turn_what else ""
            parts.append(f"{duration(self.turn_end - self.now())}{what}")
        if self.game_end is not None:
            game = "game:" if self.lang == "en" else "partie :"
            parts.append(f"{game} {duration(self.game_end - self.now())}")
        return "⏱ " + " · ".join(parts) if parts else ""


def duration(seconds: float) -> str:
    """« 42 s », « 60 s », « 3 min 05 s » (never negative; a started second counts)."""
    whole = max(0, int(-(-seconds // 1)))
    minutes, sec = divmod(whole, 60)
    return f"{minutes} min {sec:02d} s" if whole > 60 else f"{whole} s"


def timed(
    ask: Callable[[str], str], clock: Clock, countdown: Countdown | None = None
) -> Callable[[str], str]:
    """``ask`` under ``clock``: without a deadline, as it is; with one, the question shows the
    time left (``countdown`` reads with a live countdown in a real terminal), and ``TimeUp``
    is raised when the time runs out before the answer."""

    def read(prompt: str) -> str:
        left = clock.left()
        if left is None:
            return ask(prompt)
        if left <= 0:
            raise TimeUp
        if countdown is not None:
            return countdown(prompt, clock)
        text = ask(f"({clock.status()}) {prompt}")
        late = clock.left()
        if late is not None and late <= 0:
            raise TimeUp
        return text

    return read


def tty_countdown(console: Console) -> Countdown | None:
    """The live countdown of a real terminal (None in a pipe)."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return None
    return countdown_prompt(console)


def countdown_prompt(console: Console, pt_input: Any = None, pt_output: Any = None) -> Countdown:
    """prompt_toolkit's prompt with the clock line in its bottom bar, redrawn twice a second,
    closed by ``TimeUp`` at the deadline (``pt_input``/``pt_output``: prompt_toolkit's
    input and output, for tests)."""

    def read(prompt: str, clock: Clock) -> str:
        from prompt_toolkit import PromptSession
        from prompt_toolkit.formatted_text import ANSI

        with console.capture() as captured:
            console.print(prompt, end="")
        session: PromptSession[str] = PromptSession(input=pt_input, output=pt_output)

        async def run() -> str:
            async def expire() -> None:
                while True:
                    left = clock.left()
                    if left is None or left <= 0:
                        break
                    await asyncio.sleep(min(0.25, left))
                while not session.app.is_running:  # the prompt may not be drawn yet
                    await asyncio.sleep(0.05)
                session.app.exit(exception=TimeUp())

            watcher = asyncio.create_task(expire())
            try:
                return await session.prompt_async(
                    ANSI(captured.get()), bottom_toolbar=clock.status, refresh_interval=0.5
                )
            finally:
                watcher.cancel()

        return asyncio.run(run())

    return read
