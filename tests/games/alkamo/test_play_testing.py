"""Faults found play-testing the browser table, checked on the engine (the screen's side is in
tests/web/test_alkamo_table.py)."""

from __future__ import annotations

from ludotheque.games.alkamo.custom import maquette_of

from .helpers import deal, new, next_plaque, rejected


def test_R9_R22_a_typed_word_is_the_players_to_send_whatever_his_rack_forms() -> None:
    """Found play-testing: on a Super Mot with the rack B E E M P Q S T U V, typing « bus »
    was refused by the server as « not an action you may play now »: the server lets a
    client send only the kinds of action it lists, and Alkamo listed ``mot`` only for the
    Lexique words the rack forms. The engine now says which kinds a player types freely
    (``typed_actions``): a word while it is his turn to propose one, judged by ``apply``."""
    state = new(players=3)
    seat = state.active
    deal(state, seat, "BEEMPQSTUV")
    assert state.typed_actions(seat) == frozenset()  # the theme step first
    state.apply(seat, {"type": "super_mot"})
    assert not any(a["type"] == "mot" for a in state.legal_actions(seat))
    assert state.typed_actions(seat) == frozenset({"mot"})
    assert all(state.typed_actions(s) == frozenset() for s in range(3) if s != seat)
    events = state.apply(seat, {"type": "mot", "mot": "bus"})
    why = rejected(events)
    assert why is not None and "10 lettres" in why["raison"], events


def test_R22_a_refusal_by_vote_names_no_seat_number() -> None:
    """Found play-testing: « METRO de Zoé est refusé : refusé par un joueur (joueur 2) »
    while seat 2 was shown as « Bot fort 3 »: the reason names no seat; the event says who
    refused (``par``), for the screen to name him."""
    state = new(players=3, judge="vote")
    seat = state.active
    deal(state, seat, "CHEVALAEIO")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "mot", "mot": "CHEVAL"})
    voter = state.voters[0]
    events = state.apply(voter, {"type": "refuser"})
    why = rejected(events)
    assert why is not None and why["par"] == voter
    for text in (why["raison"], why["raison_en"]):
        assert str(voter) not in text and "siège" not in text and "seat" not in text, text


def test_R22_a_refusal_by_the_elected_arbiter_says_the_arbiter() -> None:
    state = new(players=3, judge="arbitre", arbiter=0)
    while state.active == 0:
        state = new(players=3, judge="arbitre", arbiter=0, seed=state.seed + 1)
    seat = state.active
    deal(state, seat, "CHEVALAEIO")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "mot", "mot": "CHEVAL"})
    assert state.voters == [0]
    why = rejected(state.apply(0, {"type": "refuser"}))
    assert why is not None and why["par"] == 0
    assert why["raison"] == "refusé par l'arbitre" and "0" not in why["raison_en"]


def test_R14_the_sablier_is_not_offered_to_the_player() -> None:
    """Found play-testing: with ``sablier_s=20`` a « Temps écoulé » button stood beside
    « Tirer une plaque »; clicking it made the player pass. It is the clock's action
    (``timeout_action``): a client is not offered it."""
    state = new(sablier_s=20)
    seat = state.active
    assert state.timeout_action(seat) == {"type": "temps_ecoule"}
    assert all(a["type"] != "temps_ecoule" for a in state.offered_actions(seat))
    state.apply(seat, {"type": "tirer"})
    assert all(a["type"] != "temps_ecoule" for a in state.offered_actions(seat))


def test_R18_a_bad_maquette_says_no_rule_number() -> None:
    """Found play-testing: the lobby's errors for a bad maquette showed « (§6 …) » and
    « (R18 : … ) »: rule numbers are not for players."""
    import re

    import pytest

    from ludotheque.engine.errors import OptionsError

    bad = "MER,PAIN,C5=1"
    with pytest.raises(OptionsError) as err:
        maquette_of(bad)
    for text in (err.value.fr, err.value.en):
        assert not re.search(r"§\d|\bR\d", text), text


def test_R34_the_view_says_when_giving_back_nothing_ends_the_game() -> None:
    """Found play-testing: the browser worked out itself (from the passes counted) whether
    giving back no tile would end the game; the engine, whose rule it is, says so in the view."""
    from tests.games.alkamo.helpers import deal, new, next_plaque

    state = new()
    seat = state.active
    deal(state, seat, "CHEVALAEIO")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    state.passes_no_exchange = state.playing - 1
    state.apply(seat, {"type": "passer"})
    assert state.view(seat)["empty_return_ends"] is True
    state.passes_no_exchange = 0
    assert state.view(seat)["empty_return_ends"] is False
