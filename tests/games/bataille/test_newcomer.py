"""What a newcomer who learned the Bataille from the browser alone found (the browser's own
tests are in tests/web/test_newcomer_alice_bataille.py)."""

from __future__ import annotations

from ludotheque.games.bataille import GAME
from ludotheque.games.bataille.live import RULES, RULES_EN
from ludotheque.games.docs import rules_page

from .helpers import claim, new, rig


def test_the_rules_summary_names_letting_the_last_word_pass() -> None:
    """Found by a newcomer learning from the browser: a « Laisser passer » button that the
    rules summary never mentions. It is a move of the final claims only (R66: each player
    « may » make one last word; the game waits for his word or his « no word »): the summary
    says so, in French and in English, and so does the rules page."""
    end = RULES.split("• Fin", 1)[1]
    assert "laisser passer" in end.lower(), end
    end_en = RULES_EN.split("• End", 1)[1]
    assert "let it pass" in end_en.lower(), end_en
    assert "laisser passer" in rules_page(GAME, "fr").lower()
    assert "let it pass" in rules_page(GAME, "en").lower()


def test_the_view_says_how_the_last_claim_ended() -> None:
    """Found by a newcomer learning from the browser: a refused word was said only in the side
    log, not by the box where it was typed. The view says how the last claim ended (R59, R60),
    so that the table can show it by the box: who, the word, the outcome, the penalty card."""
    state = new()
    assert state.view(0)["last_claim"] is None
    rig(state, table="Cr Hb Ar Tb Er", piles=("Qr Wr", "Kb Zb"), turn=1, last_layer=0)
    claim(state, 0, "BRAC")
    assert state.view(1)["last_claim"] == {
        "seat": 0,
        "word": "BRAC",
        "outcome": "impossible",
        "penalty": "Wr",
    }
    claim(state, 1, "HCAT")
    last = state.view(0)["last_claim"]
    assert (last["seat"], last["outcome"], last["to"], last["penalty"]) == (
        1,
        "not_admitted",
        0,
        "Zb",
    )
    rig(state, table="Cr Hb Ar Tb Er")  # HCAT took C, H, A, T: a new table
    claim(state, 0, "CHAT")
    assert state.view(0)["last_claim"] == {
        "seat": 0,
        "word": "CHAT",
        "outcome": "valid",
        "to": 0,
        "value": 7,
        "penalty": None,
    }
    assert state.clone().view(0)["last_claim"] == state.view(0)["last_claim"]


def test_R57_R58_a_live_table_is_offered_no_pass_during_play_only_for_the_last_word() -> None:
    """Found by a newcomer learning from the browser: « Laisser passer » during play, which the
    rules do not have (it took away his right to claim on that card). The engine keeps the
    pass for turn-based drivers (``legal_actions``) and offers it to a client (a live table)
    for the last word only (R66) — the screen hid it on its own before."""
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", turn=1, last_layer=0)
    assert {"type": "pass"} in state.legal_actions(0)  # a bot match still lets a card pass
    assert all(a["type"] != "pass" for a in state.offered_actions(0))
    rig(state, piles=("", ""))
    state.phase = "final"
    state.final_queue = [0, 1]
    assert {"type": "pass"} in state.offered_actions(0)
