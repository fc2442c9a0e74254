"""Issue 21: a card's colour is said by a sign as well as by ANSI colour — in a pipe, with
NO_COLOR or for a colour-blind player, U₁ O₁ N₁ alone hid what doubles a word's count (R32)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cards.letters import card_label
from ludotheque.cli.play import play
from ludotheque.games.alphapoker.rules import AlphaPokerState
from ludotheque.games.alphapoker.terminal import AlphaPokerTerminal, cards_text
from ludotheque.term import Quit

from .helpers import GAME, new, no_changes, rig


def test_R32_card_colours_show_without_colour() -> None:
    assert card_label("Ur") == "U₁♦" and card_label("Nb") == "N₁♣"
    assert card_label("*r", "O") == "★O♦" and card_label("*b") == "★♣"
    out = io.StringIO()
    Console(file=out, no_color=True, width=80).print(cards_text(["Ur", "Ob", "*r"]))
    assert "U₁♦" in out.getvalue() and "O₁♣" in out.getvalue() and "★♦" in out.getvalue()


def _at_showdown(hand: str) -> AlphaPokerState:
    """A two-player game at its showdown, the person (seat 0) holding ``hand``, to declare."""
    state = new(2, 4)
    rig(state, {0: hand})
    no_changes(state)
    while state.phase == "bet":
        (seat,) = state.to_move()
        legal = state.legal_actions(seat)
        for kind in ("check", "follow"):
            if {"type": kind} in legal:
                state.apply(seat, {"type": kind})
                break
        else:
            state.apply(seat, min((a for a in legal if a["type"] == "bet"),
                                  key=lambda a: a["amount"]))  # fmt: skip
    while 0 not in state.to_move():
        (seat,) = state.to_move()
        state.apply(seat, {"type": "declare", "cards": []})
    assert state.phase == "showdown"
    return state


def _session(state: AlphaPokerState, answers: list[str], tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    replies = iter(answers)

    def ask(prompt: str) -> str:
        console.print(prompt)  # the questions too
        return next(replies, "quitter")

    with pytest.raises(Quit):
        play(GAME, state, 0, ["random"], console, ask, tmp_path / "a.json")
    return out.getvalue()


def test_R31_a_word_that_counts_nothing_is_confirmed_first(tmp_path: Path) -> None:
    """Issue 21: « eu » (2 letters, 0 point) was taken at once while an unformable word is
    refused; now the table says it counts 0 and asks. « n » asks for another word."""
    state = _at_showdown("Er Ub Cr Hr Ar Tr Sb")
    text = _session(state, ["eu", "n", "chat"], tmp_path)
    assert "EU compte 0 point (moins de 3 lettres)" in text and "(R31)" not in text
    assert [0, {"type": "declare", "cards": ["Cr", "Hr", "Ar", "Tr"]}] in [
        list(a) for a in state.record()["actions"]
    ]


def test_a_word_the_hand_makes_is_declared_even_if_it_spells_a_command(tmp_path: Path) -> None:
    """Found play-testing: « table », « aide », « regles » and « meilleur » at the showdown ran
    the command, though each is a word a hand can make."""
    state = _at_showdown("Tr Ab Br Lr Er Ub Sb")
    _session(state, ["table"], tmp_path)
    assert [0, {"type": "declare", "cards": ["Tr", "Ab", "Br", "Lr", "Er"]}] in [
        list(a) for a in state.record()["actions"]
    ]
    state = _at_showdown("Er Ub Cr Hr Ar Tr Sb")  # no TABLE in this hand: the command
    text = _session(state, ["table", "chat"], tmp_path)
    assert text.count("Votre main") >= 2


def test_R31_a_zero_word_confirmed_is_shown(tmp_path: Path) -> None:
    state = _at_showdown("Er Ub Cr Hr Ar Tr Sb")
    _session(state, ["eu", "o"], tmp_path)
    assert [0, {"type": "declare", "cards": ["Er", "Ub"]}] in [
        list(a) for a in state.record()["actions"]
    ]


def test_a_drawn_card_identical_to_a_discarded_one_is_shown() -> None:
    """Issue 21: discarding Er and drawing Er said « Vous gardez vos cartes »."""
    out = io.StringIO()
    ui = AlphaPokerTerminal(Console(file=out, width=120, color_system=None), 0,
                            ["Vous", "Random 1"], lambda p: "")  # fmt: skip
    before = ["Er", "Ub", "Cr", "Hr", "Ar", "Tr", "Sb"]
    ui.tell([], {"hand": before})
    after = ["Ub", "Cr", "Hr", "Ar", "Tr", "Sb", "Er"]  # drawn cards come at the end
    ui.tell([{"type": "change", "seat": 0, "count": 1, "round": 1}], {"hand": after})
    assert "Vous piochez : " in out.getvalue() and "E₁♦" in out.getvalue()
    assert "gardez" not in out.getvalue()


def test_a_drawn_card_identical_to_a_discarded_one_is_shown_through_the_input_loop(
    tmp_path: Path,
) -> None:
    """The same finding played: the person changes E♦ and the pile's top card is another E♦."""
    state = new(2, 4)
    rig(state, {0: "Er Ub Cr Hr Ar Tr Sb"})
    state.pile[-1] = "Er"
    text = _session(state, ["E♦"], tmp_path)
    drawn = text.split("Vous piochez :")[1].splitlines()[0]  # cards are chips, space-padded
    assert drawn.split() == ["E₁♦"] and "gardez" not in text


def test_R32_cards_are_typed_as_the_table_shows_them(tmp_path: Path) -> None:
    """Playing the default table: the hand reads « 2: Y₅♣ » and typing « Y♣ » (or « Y₅♣ »)
    was refused as « not a card » — the notation knew only « Yb ». A card is read as shown."""
    state = new(2, 4)
    rig(state, {0: "Er Ub Cr Hr Ar Tr Sb"})
    text = _session(state, ["U₁♣ S♣", "", "C♦ H♦ A♦ T♦"], tmp_path)
    assert "n'est pas une carte" not in text
    assert [0, {"type": "change", "cards": ["Ub", "Sb"]}] in [
        list(a) for a in state.record()["actions"]
    ]
    assert "r (rouge, ♦) ou b (noir, ♣)" in _session(new(2, 4), ["Y♠"], tmp_path)
