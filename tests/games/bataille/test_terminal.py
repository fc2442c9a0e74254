"""Terminal play of the Bataille: the live table with its real screen, the CLI handing its table
over, and the two real-clock input loops (a few milliseconds each)."""

from __future__ import annotations

import asyncio
import io
import time
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque import bots as botlib
from ludotheque.cli.play import Quit, play
from ludotheque.engine import record as records
from ludotheque.games.bataille import GAME
from ludotheque.games.bataille.live import (
    Lines,
    LiveTable,
    QuickEye,
    _line_loop,
    _prompt_toolkit_loop,
    run_scripted,
)
from ludotheque.games.bataille.live import Quit as LiveQuit
from ludotheque.games.bataille.terminal import BatailleTerminal

from .helpers import new, rig


def screen() -> tuple[BatailleTerminal, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    return BatailleTerminal(console, 0, ["Vous", "Fort 1"], input), out


def test_a_person_plays_a_whole_game_on_the_live_table() -> None:
    ui, out = screen()
    state = GAME.new(2, {"courtoisie": True}, seed=2)
    live = LiveTable(state, 0, {1: botlib.make("bataille", "facile", seed=1)}, ui, 0.0)
    run_scripted(live, Lines([(0.1, "aide"), (0.2, "regles"), (0.3, "vert")]), until=0.4)
    run_scripted(live, QuickEye(reaction=2.0), start=0.4)
    text = out.getvalue()
    assert state.is_over() and "pose la main" in text and "Couleurs" in text
    assert "La Bataille AlphaPoker en bref" in text and "temps réel" in text
    if state.chooser == 0:
        assert "r (rouge) ou b (noir)" in text  # « vert » is refused


def test_play_hands_the_table_to_the_live_loop_and_saves_on_quit(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(2, {}, seed=4)

    def ask(prompt: str) -> str:
        raise EOFError

    with pytest.raises(Quit):
        play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json")
    assert records.load(tmp_path / "rec.json")["seat"] == 0
    assert "Temps réel" in out.getvalue() and "Partie enregistrée" in out.getvalue()


def _claimable_table() -> tuple[LiveTable, io.StringIO]:
    state = new(bot_reaction_ms=60_000)  # the bot never gets to claim within the test
    rig(state, table="Cr Hb Ar Tb Er", piles=("Sr", "Mb"), turn=1, last_layer=0)
    ui, out = screen()
    return LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, ui, 0.0), out


def test_the_line_reader_claims_while_the_bots_play_then_quits() -> None:
    live, out = _claimable_table()
    lines = iter(["chat"])

    def ask(prompt: str) -> str:
        return next(lines) if lines.__length_hint__() else _eof()

    t0 = time.monotonic()
    with pytest.raises(LiveQuit):
        _line_loop(live, lambda: time.monotonic() - t0, ask)
    assert live.claims_won == [1, 0] and "« CHAT » — mot admis" in out.getvalue()


def _eof() -> str:
    raise EOFError


def test_the_prompt_toolkit_loop_reads_a_word_and_keeps_the_clock_line() -> None:
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    live, out = _claimable_table()
    t0 = time.monotonic()
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        pipe.send_text("chat\r")
        pipe.send_text("quitter\r")
        with pytest.raises(LiveQuit):
            asyncio.run(_prompt_toolkit_loop(live, lambda: time.monotonic() - t0))
    assert live.claims_won == [1, 0] and "« CHAT » — mot admis" in out.getvalue()
    assert "table 1 · vous 8 – 2" in live.status(0.0)  # CHAT and the S; his M


def test_the_line_reader_asks_its_question_before_it_refuses_an_answer() -> None:
    """Found by an English-speaking play-tester: in a pipe (no prompt line kept on screen) the
    live table's first words were « ✗ votre couleur : r (rouge) ou b (noir) » — the refusal of
    an answer to a question never asked. The question is said when it changes (not between
    the turns of play, where the table says whose card it is)."""
    ui, out = screen()
    state = GAME.new(2, {}, seed=3)
    assert state.chooser == 0
    live = LiveTable(state, 0, {1: botlib.make("bataille", "facile", seed=1)}, ui, 0.0)
    lines = iter(["xyz"])

    def ask(prompt: str) -> str:
        time.sleep(0.05)
        return next(lines) if lines.__length_hint__() else _eof()

    t0 = time.monotonic()
    with pytest.raises(LiveQuit):
        _line_loop(live, lambda: time.monotonic() - t0, ask)
    text = out.getvalue()
    assert "Votre couleur (r/b)" in text and "✗" in text, text
    assert text.index("Votre couleur (r/b)") < text.index("✗"), text
