"""Found play-testing: the AlphaPoker table's French — the person addressed as « vous », no
rule IDs on the final screen, agreement after a number, the opening bet's answers."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.alphapoker.rules import AlphaPokerState
from ludotheque.games.alphapoker.terminal import AlphaPokerTerminal
from ludotheque.term import Quit

from .helpers import GAME, new, no_changes, rig, with_dealer


def _terminal(seat: int = 0) -> tuple[io.StringIO, AlphaPokerTerminal]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    names = [f"Fort {s}" for s in range(3)]
    names[seat] = "Vous"
    return out, AlphaPokerTerminal(console, seat, names, input)


def _person_loses_everything() -> tuple[AlphaPokerState, list[dict[str, object]]]:
    """Two players with 12 PM: the person follows a 7 PM bet, shows no word and loses, so he
    cannot pay the next ante and the game ends (R7, R27)."""
    state = new(2, 5, capital=12)
    rig(state, {0: "Eb Fr Br Eb Tb Ar Jb", 1: "Cr Hr Ar Tr Er Sr Ub"})
    no_changes(state)
    (entame,) = state.to_move()
    state.apply(entame, {"type": "bet", "amount": 7, "pour_voir": True})
    state.apply(1 - entame, {"type": "follow"})
    events: list[dict[str, object]] = []
    while not state.is_over():
        (seat,) = state.to_move()
        cards = [] if seat == 0 else ["Cr", "Hr", "Ar", "Tr"]
        events += state.apply(seat, {"type": "declare", "cards": cards})
    return state, events


def test_R7_an_eliminated_person_is_told_in_the_second_person() -> None:
    """Found play-testing: « Vous êtes éliminé (ne peut pas payer l'ante) et garde 0 PM. »
    mixed « vous » with the third person; the bots keep the third person."""
    state, events = _person_loses_everything()
    out, ui = _terminal()
    ui.tell(events, state.view(0))
    text = out.getvalue()
    assert "Vous êtes éliminé (vous ne pouvez pas payer l'ante) et gardez 0 PM." in text
    out, ui = _terminal(seat=1)
    ui.tell(events, state.view(1))
    assert "Fort 0 est éliminé (ne peut pas payer l'ante) et garde 0 PM." in out.getvalue()


def test_R27_the_final_screen_shows_no_rule_id() -> None:
    """Found play-testing: the last screen said « seul joueur encore en jeu (R27) »: rule IDs
    are for maintainers, not for the table."""
    state, _ = _person_loses_everything()
    out, ui = _terminal()
    ui.finish(state.view(0), state.result())
    text = out.getvalue()
    assert "seul joueur encore en jeu." in text and "(R27)" not in text


def test_R35_one_pm_left_in_the_pot_is_singular() -> None:
    """Found play-testing: a split pot said « 1 PM restent au pot »."""
    out, ui = _terminal()
    pot = {"type": "pot", "winners": [1, 2], "pot": 11, "share": 5, "carry": 1, "how": "showdown"}
    ui.tell([pot], {"options": {}})
    assert "1 PM reste au pot" in out.getvalue()
    out, ui = _terminal()
    ui.tell([{**pot, "pot": 12, "carry": 2, "share": 5}], {"options": {}})
    assert "2 PM restent au pot" in out.getvalue()


def _opening(answers: list[str], tmp_path: Path) -> str:
    """The person (seat 0) is the entame at the opening bet (level 0): « c » is not legal."""
    state = with_dealer(1, players=2)
    no_changes(state)
    assert state.to_move() == {0} and {"type": "check"} not in state.legal_actions(0)
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    replies = iter(answers)
    with pytest.raises(Quit):
        play(
            GAME,
            state,
            0,
            ["random"],
            console,
            lambda p: next(replies, "quitter"),
            tmp_path / "a.json",
        )
    return out.getvalue()


def test_R15_c_at_the_opening_is_refused_with_the_answers_offered(tmp_path: Path) -> None:
    """Found play-testing: « c » at the opening answered « … miser au moins 1 PM ou passer »,
    but the table offers « p = se coucher », not « passer »."""
    text = _opening(["c"], tmp_path)
    assert "miser au moins 1 PM ou se coucher (p)" in text
    assert "ou passer" not in text


def test_R15_the_fallback_line_offers_c_only_when_it_is_legal(tmp_path: Path) -> None:
    """Found play-testing: « Un nombre (« 5 », « 5v »), « c » ou « p ». » offered « c » at the
    opening bet, where the entame may not check."""
    text = _opening(["zz"], tmp_path)
    assert "Un nombre (« 5 », « 5v ») ou « p »." in text and "« c »" not in text


def test_R35_one_pm_carried_over_is_singular() -> None:
    """Found play-testing (with « 1 PM restent au pot »): the next hand said « dont 1 PM
    reportés »."""
    out, ui = _terminal()
    start = {"type": "hand_start", "extra": False, "number": 2, "carry": 1, "ante": 5, "pot": 16}
    ui.tell([{**start, "dealer": 1, "entame": 2}], {"options": {}})
    assert "dont 1 PM reporté)" in out.getvalue()
