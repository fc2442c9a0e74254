"""rules/alkamo.md §5: every worked example E1–E16, verbatim."""

from __future__ import annotations

import pytest

from ludotheque.games.alkamo.rules import AlkamoState

from .helpers import accepted, deal, finish_return, new, next_plaque, play_word, rejected


def scored(plaque: str | None, word: str, rack: str, **extra: object) -> int:
    state = new()
    deal(state, state.active, rack)
    event = accepted(play_word(state, plaque, word, **extra))
    assert event is not None, word
    return int(event["score"])


@pytest.mark.parametrize(
    ("example", "plaque", "word", "rack", "score"),
    [
        ("E1", "MAISON", "MAISON", "MAISONEEEE", 40),
        ("E2", "MAISON", "TOIT", "TOITEEEEEE", 16),
        ("E3", "CHEVAL", "CHEVAL", "CHEVALEEEE", 60),
        ("E4", "CHEVAL", "CHEVAUX", "CHEVAUXEEE", 36),
        ("E5", "MONTAGNE", "ALPINISTES", "ALPINISTES", 56),
        ("E6", "ORDINATEUR", "ORDINATEUR", "ORDINATEUR", 100),
        ("E8", "C1", "FROMAGE", "FROMAGEEEE", 40),
        ("E9", "C2", "CHAT", "CHATEEEEEE", 20),
    ],
)
def test_E1_to_E9_scores(example: str, plaque: str, word: str, rack: str, score: int) -> None:
    assert scored(plaque, word, rack) == score, example


def test_E7_super_mot() -> None:
    """E7: Super Mot ORDINATEUR (no plaque): 40 × 2 = 80."""
    assert scored(None, "ORDINATEUR", "ORDINATEUR") == 80


def test_E10_wrong_length_on_a_free_square_is_a_pass() -> None:
    state = new()
    deal(state, state.active, "CHATSEEEEE")
    events = play_word(state, "C2", "CHATS")
    assert rejected(events) is not None
    assert state.phase == "return" and state.pending == "C2"
    assert state.scores[state.active] == 0


def test_E11_joker_counts_zero() -> None:
    """E11: KAYAK with a joker as Y: 10 + 2 + 0 + 2 + 10 = 24 (on C3, 5 letters, no bonus)."""
    assert scored("C3", "KAYAK", "KAAK*EEEEE", jokers=[2]) == 24
    assert scored("C3", "KAYAK", "KAAK*EEEEE") == 24  # jokers placed for the player


def test_E12_deduction_at_the_end() -> None:
    """E12: end of game with Q, E and a joker left: −(10 + 2 + 0) = −12."""
    state = new(players=2)
    deal(state, 0, "QE*")
    deal(state, 1, "")
    state.phase = "over"
    state.end_reason = "rack_vide"
    res = state.result()
    assert res.details["deductions"][0] == 12 and res.scores[0] == -12


@pytest.mark.parametrize(
    ("word", "ok"), [("MANGER", True), ("MANGE", False), ("MANGEONS", False), ("ELLE", True)]
)
def test_E13_validity(word: str, ok: bool) -> None:
    """E13: MANGER accepted; MANGE, MANGEONS rejected; ELLE fits a 4-letter C plaque."""
    state = new(judge="libre")
    deal(state, state.active, (word + "AAAAAAAAAA")[:10])
    plaque = "C2" if word == "ELLE" else "MER"
    events = play_word(state, plaque, word)
    assert (accepted(events) is not None) is ok


def test_E13_compound_is_not_a_word() -> None:
    state = new(judge="libre")
    deal(state, state.active, "AUJOURDHUI")
    events = play_word(state, "MER", "AUJOURDHUI")
    assert rejected(events) is not None


def test_E14_pass_leaves_the_theme_pending() -> None:
    """E14: P1 draws HIVER, passes (returns 3 tiles, draws 3); P2, next counter-clockwise,
    may play HIVER or draw a new plaque, after which HIVER goes back into T."""
    state = new(players=3)
    p1 = state.active
    next_plaque(state, "HIVER")
    state.apply(p1, {"type": "tirer"})
    state.apply(p1, {"type": "passer"})
    three = "".join(state.racks[p1][:3])
    events = finish_return(state, three)
    done = next(e for e in events if e["type"] == "rendu")
    assert done["rendues"] == 3 and done["piochees"] == 3 and len(state.racks[p1]) == 10
    p2 = state.active
    assert p2 == (p1 - 1) % 3
    assert {"type": "reprendre"} in state.legal_actions(p2)
    assert {"type": "tirer"} in state.legal_actions(p2)
    state.apply(p2, {"type": "tirer"})
    assert state.plaque != "HIVER" and "HIVER" in state.bag_t and state.pending is None


def test_E15_transaction_and_its_undoing() -> None:
    """E15: P (30) buys a Z from Q for 15 on JARDIN: P 15, Q + 15, Q draws one tile, P holds
    11; P's word without the Z is rejected (R29), a pass: everything is undone."""
    state = new(players=3)
    p = state.active
    q = (p - 1) % 3
    deal(state, p, "CHATSEEEAI")
    deal(state, q, "ZOOOOOOOOO")
    state.scores[p], state.scores[q] = 30, 7
    l_before = list(state.bag_l)
    next_plaque(state, "JARDIN")
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "achat", "vendeur": q, "lettre": "Z"})
    state.apply(p, {"type": "prix", "prix": 15})
    state.apply(q, {"type": "accepter"})
    assert state.scores[p] == 15 and state.scores[q] == 22
    assert len(state.racks[p]) == 11 and "Z" in state.racks[p]
    assert len(state.racks[q]) == 10 and "Z" not in state.racks[q]
    events = state.apply(p, {"type": "mot", "mot": "CHAT"})
    assert "R29" in rejected(events)["raison"]
    assert state.scores[p] == 30 and state.scores[q] == 7
    assert sorted(state.racks[q]) == sorted("ZOOOOOOOOO")
    assert sorted(state.racks[p]) == sorted("CHATSEEEAI")
    assert state.bag_l == l_before and state.tx_count[p] == 0


@pytest.mark.parametrize(("tile", "cap"), [("E", 4), ("L", 12), ("J", 16), ("Z", 20), ("*", 20)])
def test_E15_price_caps(tile: str, cap: int) -> None:
    state = new(players=2)
    p = state.active
    state.apply(p, {"type": "tirer"})
    state.apply(p, {"type": "achat", "vendeur": 1 - p, "lettre": tile})
    prices = [a["prix"] for a in state.legal_actions(p) if a["type"] == "prix"]
    assert prices == list(range(cap + 1))


def test_E15_per_player_limit_ignores_the_others() -> None:
    """E15: with per_player, P has 3 transactions per game whatever the others do."""
    state = new(players=2)
    state.tx_count = [0, 0]
    state.tx_total = 5
    assert state.tx_left() == 3
    state.tx_count[state.active] = 3
    assert state.tx_left() == 0


def test_E16_list_judge_in_play() -> None:
    """E16: plaque MONTAGNE: ALPINISTES and GLACIERS accepted, CHAT refused; CHEVAUX on
    CHEVAL accepted (lemma CHEVAL)."""
    for plaque, word, ok in [
        ("MONTAGNE", "ALPINISTES", True),
        ("MONTAGNE", "GLACIERS", True),
        ("MONTAGNE", "CHAT", False),
        ("CHEVAL", "CHEVAUX", True),
    ]:
        state: AlkamoState = new(judge="liste")
        deal(state, state.active, (word + "EEEEEEEEEE")[:10])
        events = play_word(state, plaque, word)
        assert (accepted(events) is not None) is ok, word
