"""Every refusal names the rule that refuses, in the player's words (issue 15: a move to an
empty square was answered « aucune carte en e3 » whatever the reason)."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.engine.errors import IllegalAction
from tests.games.alice.helpers import at, play


def refusal(state: Any, text: str) -> IllegalAction:
    before = state.view(0)
    with pytest.raises(IllegalAction) as info:
        play(state, text)
    assert state.view(0) == before  # a refused action changes nothing
    return info.value


def test_R8_a_card_that_does_not_move_that_way_says_how_it_moves() -> None:
    err = refusal(at({"d1": "3TR"}), "d1-e3")
    assert "aucune carte" not in err.fr
    assert "3♣" in err.fr and "exactement 3 cases" in err.fr and "colonne" in err.fr
    assert "d4" in err.fr  # where it may go
    assert "R8" in err.en and "exactly 3 squares" in err.en


@pytest.mark.parametrize(
    ("card", "pattern"),
    [
        ("RCA", "d'une case dans les 8 directions"),
        ("DCA", "de 2 cases à l'horizontale ou à la verticale"),
        ("VCA", "de 2 cases en diagonale"),
        ("3CA", "exactement 3 cases sur sa rangée"),
        ("3PI", "exactement 3 cases sur sa diagonale de pique"),
        ("3CO", "exactement 3 cases sur sa diagonale de cœur"),
    ],
)
def test_R8_each_pattern_is_named(card: str, pattern: str) -> None:
    err = refusal(at({"d4": card}), "d4-h1")
    assert pattern in err.fr and "(R8)" in err.fr


def test_R8_a_card_moves_only_to_an_empty_square_a_taken_one_is_a_capture() -> None:
    err = refusal(at({"d1": "3TR", "d4": "ACA"}), "d1-d4")
    assert "d4" in err.fr and "occupée" in err.fr and "A♦" in err.fr and "prise" in err.fr
    assert "R8" in err.en


def test_R11_a_threatened_card_must_flee_along_its_flight_pattern() -> None:
    err = refusal(at({"d7": "DCO", "d4": "3TR"}), "d7-e5")
    assert "aucune carte" not in err.fr
    assert (
        "menacée par 3♣" in err.fr and "ne se déplace qu'en fuyant" in err.fr and "(R11)" in err.fr
    )
    assert "e5" in err.fr and "R11" in err.en


def test_R11_a_flight_must_end_on_a_safe_square() -> None:
    state = at({"d7": "DCO", "d4": "3TR"})
    err = refusal(state, "d7-d1")
    assert "sûre" in err.fr and "d1" in err.fr and "serait menacée par 3♣" in err.fr
    assert "R11" in err.en and "threatened by 3♣" in err.en
    err = refusal(state, "d7-d6")
    assert "menacerait 3♣" in err.fr and "would threaten 3♣" in err.en


def test_R10_with_blocage_a_card_on_the_way_blocks_the_move() -> None:
    err = refusal(at({"d1": "3TR", "d2": "ACA"}, {"blocage": True}), "d1-d4")
    assert "barré" in err.fr and "A♦" in err.fr and "d2" in err.fr and "R10)" in err.fr


def test_R14_a_capture_needs_a_card_on_the_target_square() -> None:
    err = refusal(at({"d1": "3TR"}), "d1xd4")
    assert "aucune carte à prendre en d4" in err.fr and "déplacement" in err.fr
    assert "R14" in err.en


def test_R14_a_capture_needs_a_threat() -> None:
    err = refusal(at({"d1": "3TR", "e4": "ACA"}), "d1xe4")
    assert "ne menace pas A♦" in err.fr and "exactement 3 cases" in err.fr
    assert "R14" in err.fr


def test_moving_from_an_empty_square_says_so() -> None:
    err = refusal(at({"d1": "3TR"}), "e3-e4")
    assert "aucune carte en e3" in err.fr


def test_R17_a_locked_card_says_it_is_locked() -> None:
    state = at({"d1": "3TR"}, locks="d1")
    err = refusal(state, "d1-d4")
    assert "verrouillée" in err.fr and "(R17)" in err.fr


def test_R19_an_exchange_needs_the_same_rank_or_suit() -> None:
    err = refusal(at({"b2": "4TR", "g7": "5CA"}), "échange b2 g7")
    assert "ni le même rang ni la même couleur" in err.fr and "(R19)" in err.fr
    assert "neither the same rank nor the same suit" in err.en


def test_R19_a_prisonniere_cannot_be_exchanged() -> None:
    err = refusal(at({"h5": "ACO", "f3": "VCA", "a1": "2CO"}), "échange a1 h5")
    assert "A♥ est prisonnière" in err.fr and "(R12, R19)" in err.fr


def test_R21_a_draw_exchange_needs_a_related_card() -> None:
    state = at({"c1": "5TR"}, pile=["6CA"])
    play(state, "tirage")
    err = refusal(state, "pose c1 e4")
    assert "6♦" in err.fr and "5♣" in err.fr and "ni le même rang ni la même couleur" in err.fr
    assert "(R21)" in err.fr


def test_R21_a_draw_exchange_needs_a_card_to_replace() -> None:
    state = at({"c1": "5TR"}, pile=["5CO"])
    play(state, "tirage")
    err = refusal(state, "pose d1 e4")
    assert "aucune carte en d1" in err.fr and "R21" in err.fr


def test_R19_an_exchange_may_name_either_card_first() -> None:
    state = at({"b2": "4TR", "g7": "4CA"})
    state.apply(state.turn, {"type": "exchange", "a": "g7", "b": "b2"})
    assert state.view(0)["board"] == {"b2": "4CA", "g7": "4TR"}


def test_refusals_name_the_cards_as_the_board_draws_them() -> None:
    """Found play-testing: the board, the prompts and the log show 4♥, V♣, D♣, but the refusals
    said « DTR et VCA n'ont ni le même rang ni la même couleur », « 4CO est verrouillée »."""
    err = refusal(at({"h2": "DTR", "c3": "VCA"}), "échange h2 c3")
    assert "D♣ et V♦ n'ont ni le même rang ni la même couleur" in err.fr
    assert "Q♣ and J♦ have neither" in err.en  # the English board draws J, Q, K (draw.js)
    assert "TR" not in err.fr and "CA " not in err.fr
