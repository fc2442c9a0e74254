"""Casino Royal's terminal prompts: a refused answer names every legal answer, the figure is
chosen by its number or its name, and a line figure says that any column or row counts (found
play-testing)."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from ludotheque.engine.protocol import Action
from ludotheque.games.casinoroyal.cartons import FIGURES
from ludotheque.games.casinoroyal.rules import CasinoRoyalState
from ludotheque.games.casinoroyal.terminal import CasinoRoyalTerminal

from .helpers import GAME


def reach(
    game: str, phase: str, pick: Callable[[int, dict[str, Any], list[Action]], Action | None]
) -> CasinoRoyalState:
    """A 3-player game (seed 0) at seat 0's first decision in ``phase``; ``pick`` may choose
    a seat's move (None: its first legal action)."""
    state = GAME.new(3, {"game": game}, seed=0)
    assert isinstance(state, CasinoRoyalState)
    for _ in range(3000):
        assert not state.is_over()
        if 0 in state.to_move() and state.view(0)["phase"] == phase:
            return state
        seat = next(iter(state.to_move()))
        view, legal = state.view(seat), state.legal_actions(seat)
        state.apply(seat, pick(seat, view, legal) or legal[0])
    raise AssertionError(f"phase {phase} not reached")


def person(answers: list[str]) -> tuple[io.StringIO, CasinoRoyalTerminal, list[str]]:
    """Seat 0's terminal answering ``answers`` in turn; what it prints, and the prompts."""
    out = io.StringIO()
    replies = iter(answers)
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(replies)

    console = Console(file=out, width=160, highlight=False)
    return out, CasinoRoyalTerminal(console, 0, ["Vous", "Fort 1", "Fort 2"], ask), prompts


def refusals(out: io.StringIO) -> list[str]:
    return [line for line in out.getvalue().splitlines() if line.startswith("✗")]


# ---------------------------------------------------------------- B: every legal answer
def _stake_3(seat: int, view: dict[str, Any], legal: list[Action]) -> Action | None:
    return {"type": "stake", "amount": 3} if view["phase"] == "stake" else None


def test_B_a_refused_bet_names_following_outbidding_and_passing() -> None:
    """Found play-testing: at « Enchère la plus haute 3 : suivre (s, 3), renchérir (un
    niveau) ou je passe (p) », typing « e » answered « tapez « s » (je suis) ou « p » (je
    passe) », leaving out that a number outbids (R23) — and « je suis » is not « suivre »."""
    state = reach("B", "bet", _stake_3)
    view, legal = state.view(0), state.legal_actions(0)
    levels = [a["to"] for a in legal if a["type"] == "outbid"]
    out, ui, prompts = person(["e", "s"])
    assert ui.choose(view, legal) == {"type": "match"}
    [refused] = refusals(out)
    assert "« s » (suivre" in refused and "« p » (je passe)" in refused
    assert f"un nombre de {min(levels)} à {max(levels)}" in refused and "renchérir" in refused
    assert f"de {min(levels)} à {max(levels)}" in prompts[0]


def _bid_2(seat: int, view: dict[str, Any], legal: list[Action]) -> Action | None:
    if seat == 1 and {"type": "bid", "amount": 2} in legal:
        return {"type": "bid", "amount": 2}
    return None


def test_B_a_refused_final_answer_offers_only_the_legal_ones() -> None:
    """Found play-testing (the same fault as the betting prompt): « tapez c, e ou p » offered
    « e » (j'enchéris) when doubling was not possible, and named no answer in words."""
    state = reach("B", "final", _bid_2)
    state.balance[0] = 3  # « je continue » costs 2; doubling to 4 is out of reach
    view, legal = state.view(0), state.legal_actions(0)
    assert {"type": "double"} not in legal
    out, ui, _ = person(["x", "c"])
    assert ui.choose(view, legal) == {"type": "continue"}
    [refused] = refusals(out)
    assert "« c » (je continue" in refused and "« p » (je passe)" in refused
    assert "« e »" not in refused


@pytest.mark.parametrize(
    ("game", "phase", "typed", "done", "enter"),
    [
        ("B", "window", "r", {"type": "wait"}, "Entrée (carte suivante)"),
        ("A", "relance", "s", {"type": "decline"}, "Entrée (ne pas relancer)"),
    ],
)
def test_a_refused_amount_names_enter_too(
    game: str, phase: str, typed: str, done: dict, enter: str
) -> None:
    """Found play-testing (the same fault as the betting prompt): at B's « « Rien ne va plus,
    j'enchéris ! » : votre enchère (1–N), Entrée = carte suivante » and A's « « Relance ? »
    montant (1–N) ou Entrée pour ne pas relancer », a letter answered « tapez un nombre de 1
    à N », leaving out Entrée."""
    state = reach(game, phase, lambda seat, view, legal: None)
    view, legal = state.view(0), state.legal_actions(0)
    out, ui, _ = person([typed, ""])
    assert ui.choose(view, legal) == done
    [refused] = refusals(out)
    assert "un nombre de 1 à" in refused and enter in refused


# ---------------------------------------------------------------- C: the figure
@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("7", 7),
        ("L", 3),
        ("l", 3),
        ("carre", 9),
        ("Carré", 9),
        ("CARRE", 9),
        ("ligne verticale", 1),
        ("Ligne  Horizontale", 2),
        ("carton complet", 10),
        ("u", 6),
        ("T", 4),  # a figure here, not « table »
        ("h", 5),  # nor « aide »
    ],
)
def test_C_the_figure_is_chosen_by_its_number_or_its_name(typed: str, number: int) -> None:
    """Found play-testing: the figure list reads « 3 L (8) · … · 9 carré (14) », but « L » and
    « carre » answered « tapez un nombre de 1 à 10 »; names are read, case and accents
    ignored — « T » and « H » too, though they also stand for « table » and « aide »."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui, _ = person([typed])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "figure", "figure": number}
    assert not refusals(out)


def test_C_an_unknown_figure_is_refused_naming_numbers_and_names() -> None:
    """Found play-testing: a refused figure said only « tapez un nombre de 1 à 10 »."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui, prompts = person(["losange", "11", "T"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "figure", "figure": 4}
    refused = refusals(out)
    assert len(refused) == 2
    for line in refused:
        assert "1 à 10" in line and "carré" in line and "carton complet" in line, line
    assert "nom" in prompts[0]


@pytest.mark.parametrize(("number", "any_of"), [(1, "colonne"), (2, "rangée")])
def test_D15_a_line_figure_says_any_column_or_row_counts(number: int, any_of: str) -> None:
    """Found play-testing: « Fort 2 choisit la figure : ligne verticale » then a drawing with X
    in column 1 only, though any column completes it (R33, D15)."""
    figure = FIGURES[number - 1]
    out, ui, _ = person([])
    state = reach("C", "figure", lambda seat, view, legal: None)
    event = {"type": "figure", "seat": 2, "figure": number, "name": figure.name_fr}
    ui.tell([event], state.view(0))
    text = " ".join(out.getvalue().split())
    assert f"n'importe quelle {any_of}" in text
    out, ui, _ = person([str(number)])  # the dealer's own choice is drawn too
    ui.choose(state.view(0), state.legal_actions(0))
    assert f"n'importe quelle {any_of}" in out.getvalue()
    state.apply(0, {"type": "figure", "figure": number})  # and the table names the figure
    out, ui, _ = person([])
    ui.show_full(state.view(0))
    assert re.search(rf"Figure : {figure.name_fr} \(n'importe quelle {any_of}\)", out.getvalue())


def test_D15_a_one_shape_figure_has_no_any_column_caption() -> None:
    """The caption is only for the line figures: the L has one place on the carton."""
    out, ui, _ = person([])
    state = reach("C", "figure", lambda seat, view, legal: None)
    ui.tell([{"type": "figure", "seat": 2, "figure": 3, "name": "L"}], state.view(0))
    assert "n'importe" not in out.getvalue()
