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
