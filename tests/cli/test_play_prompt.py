"""The words every terminal table understands (``ludotheque.cli.play.read_line``)."""

from __future__ import annotations

import pytest

from ludotheque.cli.play import Quit, read_line


def _answer(text: str):
    return lambda prompt: text


@pytest.mark.parametrize("typed", ["q", "Quitter", " exit "])
def test_quit_words_leave_the_table(typed: str) -> None:
    with pytest.raises(Quit):
        read_line(_answer(typed), "> ", {})


def test_end_of_input_leaves_the_table() -> None:
    def closed(prompt: str) -> str:
        raise EOFError

    with pytest.raises(Quit):
        read_line(closed, "> ", {})


def test_command_words_ignore_case_and_accents_and_give_none() -> None:
    ran: list[str] = []
    commands = {"regles rules": lambda: ran.append("regles"), "aide ?": lambda: ran.append("aide")}
    assert read_line(_answer(" Règles "), "> ", commands) is None
    assert read_line(_answer("?"), "> ", commands) is None
    assert ran == ["regles", "aide"]


def test_anything_else_comes_back_as_typed_and_stripped() -> None:
    assert read_line(_answer("  Éléphant 3 "), "> ", {"aide": lambda: None}) == "Éléphant 3"
    assert read_line(_answer(""), "> ", {"aide": lambda: None}) == ""


def test_an_answer_of_the_table_wins_over_command_and_quit_words() -> None:
    """Found play-testing: « q » to lay the Q at the Belote, or to throw again the Dame (Q) at
    the Poker d'As, left the table; « table » at AlphaPoker's showdown redrew the table."""
    ran: list[str] = []
    commands = {"table t": lambda: ran.append("table")}
    letters = lambda text: len(text) == 1 and text.isalpha()  # noqa: E731
    assert read_line(_answer("q"), "> ", commands, answers=letters) == "q"
    assert read_line(_answer("t"), "> ", commands, answers=letters) == "t"
    assert read_line(_answer("table"), "> ", commands, answers=lambda t: t == "table") == "table"
    assert ran == []
    assert read_line(_answer("table"), "> ", commands, answers=letters) is None and ran == ["table"]
