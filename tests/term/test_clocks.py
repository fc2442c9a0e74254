"""The terminal keeps the rule book's clocks (issue 21): the countdown is shown while the prompt
waits, and running out plays the game's ``timeout_action`` — through the table's own input
loop, with a fake clock that an answer moves forward."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque import games
from ludotheque.cli.play import play
from ludotheque.engine import record as records
from ludotheque.term import Clock, Quit, TimeUp
from ludotheque.term.clock import duration, timed


class Person:
    """Scripted answers, each given after ``delay`` seconds of the fake clock."""

    def __init__(self, answers: list[tuple[float, str]]) -> None:
        self.answers = list(answers)
        self.now = 0.0
        self.prompts: list[str] = []

    def clock(self) -> Clock:
        return Clock(now=lambda: self.now)

    def ask(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if not self.answers:
            raise EOFError
        delay, text = self.answers.pop(0)
        self.now += delay
        return text


def _play(
    name: str,
    options: dict[str, object],
    person: Person,
    tmp_path: Path,
    players: int = 2,
    seed: int = 3,
) -> tuple[str, list[list[object]]]:
    game = games.get(name)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    state = game.new(players, options, seed)
    path = tmp_path / "g.json"
    with pytest.raises(Quit):
        play(game, state, 0, ["random"], console, person.ask, path, clock=person.clock())
    return out.getvalue(), [list(a) for a in records.load(path)["actions"]]


def test_R24_a_change_turn_that_runs_out_keeps_the_cards(tmp_path: Path) -> None:
    """AlphaPoker -o timers=oui: 60 s to change; the answer came after 70 s, so the rule's
    timeout (no change) is played, and the countdown was on the question."""
    person = Person([(70, "1 2")])
    text, actions = _play("alphapoker", {"timers": True}, person, tmp_path)
    assert any("⏱ 60 s pour jouer" in p for p in person.prompts)
    assert "Temps écoulé" in text
    assert [0, {"type": "change", "cards": []}] in actions


def test_R24_an_answer_in_time_is_played(tmp_path: Path) -> None:
    person = Person([(59, "1 2")])
    text, actions = _play("alphapoker", {"timers": True}, person, tmp_path)
    assert "Temps écoulé" not in text
    mine = [a for s, a in actions if s == 0]
    assert mine and mine[0]["type"] == "change" and len(mine[0]["cards"]) == 2


def test_R24_the_betting_decision_has_20_seconds(tmp_path: Path) -> None:
    """Past the change rounds, a betting question runs out into a fold."""
    person = Person([(0, "")] * 3 + [(25, "5")] * 3)
    _text, actions = _play("alphapoker", {"timers": True}, person, tmp_path)
    assert any("⏱ 20 s pour jouer" in p for p in person.prompts)
    assert [0, {"type": "fold"}] in actions


def test_without_timers_nothing_is_counted(tmp_path: Path) -> None:
    person = Person([(500, "1 2")])
    text, actions = _play("alphapoker", {}, person, tmp_path)
    assert not any("⏱" in p for p in person.prompts) and "Temps écoulé" not in text
    assert [s for s, a in actions if s == 0]


def test_R14_alkamo_sablier_runs_out_into_a_pass(tmp_path: Path) -> None:
    """Alkamo -o sablier_s=30: the sablier shown, a late answer is a pass (the engine's
    temps_ecoule)."""
    person = Person([(45, "")])
    text, actions = _play("alkamo", {"sablier_s": 30}, person, tmp_path, players=2, seed=1)
    assert any("⏱ 30 s pour jouer" in p for p in person.prompts)
    assert "Temps écoulé" in text and "Vous passez." in text
    # said once: the table's « Temps écoulé » then « Vous passez. », not three lines in a row
    assert text.lower().count("temps écoulé") == 1, text
    seat0 = [a for s, a in actions if s == 0]
    assert seat0 and seat0[0]["type"] == "temps_ecoule"


def test_R27_alice_game_clock_is_counted_down_on_the_prompt(tmp_path: Path) -> None:
    person = Person([(10, "1"), (10, "1"), (100, "1")])
    text, actions = _play("alice", {"time_limit_s": 60}, person, tmp_path, seed=4)
    assert any("partie : " in p for p in person.prompts)
    assert [None, {"type": "time_up"}] in actions
    assert "Temps écoulé" in text


def test_timed_reader_refuses_a_late_answer_and_passes_through_without_a_deadline() -> None:
    now = [0.0]
    clock = Clock(now=lambda: now[0])
    seen: list[str] = []

    def ask(prompt: str) -> str:
        seen.append(prompt)
        now[0] += 5
        return "ok"

    read = timed(ask, clock)
    assert read("› ") == "ok" and seen[-1] == "› "
    clock.turn_end = now[0] + 3
    with pytest.raises(TimeUp):
        read("› ")
    assert seen[-1].startswith("(⏱ 3 s")
    clock.turn_end = now[0] - 1
    with pytest.raises(TimeUp):  # already over: not even asked
        read("› ")
    assert len(seen) == 2


def test_durations_read_in_french() -> None:
    assert duration(42) == "42 s" and duration(41.2) == "42 s" and duration(-3) == "0 s"
    assert duration(185) == "3 min 05 s"


def test_the_live_countdown_of_a_real_terminal_closes_the_prompt_at_the_deadline() -> None:
    """In a tty the prompt is prompt_toolkit's, with the clock in its bottom bar: an answer in
    time is read, silence until the deadline raises TimeUp (real time, half a second)."""
    import time

    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from ludotheque.term.clock import countdown_prompt

    console = Console(file=io.StringIO(), color_system=None)
    clock = Clock()
    with create_pipe_input() as pipe:
        read = countdown_prompt(console, pipe, DummyOutput())
        clock.turn_end = time.monotonic() + 5
        pipe.send_text("chat\r")
        assert read("› ", clock) == "chat"
        clock.turn_end = time.monotonic() + 0.5
        started = time.monotonic()
        with pytest.raises(TimeUp):
            read("› ", clock)
        assert 0.4 < time.monotonic() - started < 3
