"""What a newcomer who learned Alice and the Bataille from the browser alone found, in Debian's
chromium against a real server (the engines' side: tests/games/alice/test_newcomer.py and
tests/games/bataille/test_newcomer.py).

Rare moments (Alice's empty pile, the Bataille's last words) are shown to the page by rewriting
the server's messages on their way (``Tab.rewrite_incoming``): the page draws what it is sent.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Tab
from tests.web.test_e2e import create_table, no_page_errors, wait

pytestmark = pytest.mark.slow

Message = dict[str, Any]


def _english(tab: Tab) -> None:
    tab.page.evaluate("localStorage.setItem('ludotheque.lang', 'en')")
    tab.page.reload()


def _until(tab: Tab, ready: Callable[[], bool], what: str, seconds: float = 90) -> None:
    """Wait until ``ready()``, choosing a colour if the Bataille's lot asks me to."""
    deadline = time.monotonic() + seconds
    colour = "[data-testid=action-colour]:not([disabled])"
    while not ready():
        if time.monotonic() > deadline:
            pytest.fail(f"never: {what}")
        if tab.page.locator(colour).count():
            tab.page.locator(colour).first.click()
        wait(tab, 50)


# ------------------------------------------------------------------------------------- Alice
def _empty_pile(legal: list[Message]) -> Callable[[Message], Message]:
    """The server's messages as they would be once the pile is empty: 0 cards left, 2 turns
    before the end, and ``legal`` (never a draw) for the seat to move."""

    def rewrite(msg: Message) -> Message:
        if msg.get("type") in ("welcome", "update") and msg.get("view", {}).get("phase") == "play":
            msg["view"] = {**msg["view"], "pile": 0, "remaining_turns": 2}
            if msg["view"].get("to_move") in msg.get("to_move", []) and msg.get("legal"):
                msg["legal"] = legal
        return msg

    return rewrite


def test_alice_says_what_is_left_to_do_once_the_pile_is_empty(tab: Any, shots: Path) -> None:
    """Found by a newcomer learning from the browser: with the draw pile empty, the table still
    said « Tirez une carte ». Then nobody draws (R4, R5): a card on the board moves, captures or
    is exchanged, and a player passes only when nothing is possible (R4, D16); the game ends
    after the turns left (R25). The status, the hint and the « ? » say so, in French and in
    English."""
    me = tab()
    me.guest("Camille")
    moves = [{"type": "move", "from": "d1", "to": "d4"}, {"type": "exchange", "a": "d1", "b": "f5"}]
    me.rewrite_incoming = _empty_pile(moves)
    create_table(me, "alice", [{"kind": "me"}, {"kind": "bot", "bot": "glouton"}])
    page = me.page
    _until(me, lambda: page.locator(".alice-side .hint").count() > 0, "my turn at Alice")
    hint = page.inner_text(".alice-side .hint")
    status = page.inner_text("[data-testid=status]")
    assert "Tirez" not in hint and "pioche est vide" in hint, hint
    assert "déplacez" in hint and "échangez" in hint, hint
    assert "pioche est vide" in status and "2 tours" in status, status
    assert not page.locator("[data-testid=action-draw]").count()
    me.shot(shots, "alice-newcomer-empty-pile")
    page.click("[data-testid=help]")
    helped = page.inner_text("[data-testid=help-panel]")
    assert "pioche est vide" in helped.lower() or "pioche vide" in helped.lower(), helped

    # Nothing possible: pass, said as such.
    me.rewrite_incoming = _empty_pile([{"type": "pass"}])
    page.reload()
    _until(me, lambda: page.locator(".alice-side .hint").count() > 0, "my turn again")
    hint = page.inner_text(".alice-side .hint")
    assert "Tirez" not in hint and "Passer" in hint, hint

    _english(me)
    _until(me, lambda: page.locator(".alice-side .hint").count() > 0, "my turn in English")
    hint = page.inner_text(".alice-side .hint")
    status = page.inner_text("[data-testid=status]")
    assert "Draw" not in hint and "pile is empty" in hint and "Pass" in hint, hint
    assert "pile is empty" in status, status
    no_page_errors(me)


# ---------------------------------------------------------------------------------- Bataille
def _play_until(tab: Tab, wanted: Callable[[Message], bool], seconds: float = 120) -> Message:
    """Choose a colour and turn my cards until the server's last view is ``wanted`` (and the
    page drew it); that view."""
    page = tab.page
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        msg = tab.last()
        view = msg.get("view") or {}
        if view and wanted(view):
            wait(tab, 120)  # drawn
            if tab.last() is msg:
                return view
            continue
        for tid in ("action-colour", "action-lay"):
            sel = f"[data-testid={tid}]:not([disabled])"
            if page.locator(sel).count() and not page.locator(".game-box.pending").count():
                page.locator(sel).first.click()
                break
        wait(tab, 60)
    pytest.fail("the Bataille never reached the moment wanted")


def test_the_bataille_says_who_turns_the_next_card_and_offers_no_pass_in_play(
    tab: Any, shots: Path
) -> None:
    """Found by a newcomer learning from the browser: while the bot was to turn up a card, the
    page showed a « Laisser passer » button that the rules never mention, and the status said
    « À vous — … qui voit un mot pose la main ! Sinon Bot fort 2 retourne une carte. »: he
    believed the table waited for his click. It does not: the rules know only laying in turn
    (R57) and claiming at any moment (R58, R62); the bot turns its card by itself (« Réaction
    des bots » after the previous card), and « let this card pass » only took away his right to
    claim on it. During play the page offers no pass; it says who turns the next card and that
    he may claim meanwhile; when the card is his, it says so first."""
    me = tab()
    me.guest("Camille")
    create_table(me, "bataille", [{"kind": "me"}, {"kind": "bot", "bot": "fort"}])
    page = me.page

    # The bot is to turn a card; I may claim.
    view = _play_until(me, lambda v: v["phase"] == "play" and v["turn"] == 1 and v["claimers"])
    status = page.inner_text("[data-testid=status]")
    assert not page.locator("[data-testid=action-pass]").count(), "a pass button during play"
    assert page.locator("[data-testid=claim-word]").count(), "no claim box"
    assert "À vous" not in status, status
    assert "Bot fort 2 va retourner une carte" in status and "posez la main" in status, status
    me.shot(shots, "bataille-newcomer-waiting")
    # ... and does, without any click.
    laid = sum(view["play_piles"])
    _until(
        me,
        lambda: sum(me.last()["view"]["play_piles"]) < laid or me.last()["view"]["turn"] == 0,
        "the bot's card, without my click",
        seconds=30,
    )

    # My card to turn, claims open: said first.
    _play_until(me, lambda v: v["phase"] == "play" and v["turn"] == 0 and len(v["table"]) >= 5)
    status = page.inner_text("[data-testid=status]")
    assert "À vous" in status and "Retournez une carte" in status, status
    assert "Sinon Camille" not in status, status
    no_page_errors(me)


def test_the_bataille_waits_for_a_last_word_and_says_so(tab: Any) -> None:
    """Found by a newcomer learning from the browser: the one moment the table does wait for
    a click is a last word (R66): « Laisser passer » there is a real move (no last word), and
    the status now says that the game waits for his word or for « Laisser passer »."""
    me = tab()
    me.guest("Camille")

    def final(msg: Message) -> Message:
        if msg.get("type") in ("welcome", "update") and msg.get("view", {}).get("phase") == "play":
            msg["view"] = {
                **msg["view"],
                "phase": "final",
                "turn": None,
                "final_queue": [0, 1],
                "play_piles": [0, 0],
                "table": ["Cr", "Hb", "Ar", "Tb", "Er"],
            }
            msg["to_move"] = [0]
            msg["legal"] = [{"type": "claim", "word": ""}, {"type": "pass"}]
        return msg

    me.rewrite_incoming = final
    create_table(me, "bataille", [{"kind": "me"}, {"kind": "bot", "bot": "fort"}])
    page = me.page
    _until(me, lambda: page.locator("[data-testid=action-pass]").count() > 0, "the last word")
    status = page.inner_text("[data-testid=status]")
    assert "dernier mot" in status and "Laisser passer" in status, status
    assert "attend" in status, status
    _english(me)
    _until(me, lambda: page.locator("[data-testid=action-pass]").count() > 0, "in English")
    status = page.inner_text("[data-testid=status]")
    assert "last word" in status and "Let it pass" in status and "waits" in status, status
    no_page_errors(me)


def test_a_refused_bataille_word_is_said_by_the_box_and_faults_are_fautes(
    tab: Any, shots: Path
) -> None:
    """Found by a newcomer learning from the browser: a refused word (« BRAC ne se forme pas
    avec la table / Camille paie une carte de pénalité ») was said only in the side log, not by
    the box where he typed it; and the score table said « Erreurs » where the rules say
    « faute(s) » (R60)."""
    me = tab()
    me.guest("Camille")
    create_table(me, "bataille", [{"kind": "me"}, {"kind": "bot", "bot": "facile"}])
    page = me.page
    _play_until(me, lambda v: v["phase"] == "play" and 0 in v["claimers"] and not v["passed"][0])
    page.fill("[data-testid=claim-word]", "XXXXXX")
    page.press("[data-testid=claim-word]", "Enter")
    _until(me, lambda: page.locator("[data-testid=claim-refused]").count() > 0, "the refusal")
    said = page.inner_text("[data-testid=claim-refused]")
    assert "XXXXXX" in said and "ne se forme pas" in said and "faute" in said, said
    # By the box: in the claim controls, right after the box's row.
    assert page.locator(".claim-row + [data-testid=claim-refused]").count() == 1
    me.shot(shots, "bataille-newcomer-refused")
    header = page.inner_text(".screen.bataille table thead")
    assert "Fautes" in header and "Erreurs" not in header, header
    _english(me)
    _until(me, lambda: page.locator("[data-testid=claim-refused]").count() > 0, "in English")
    said = page.inner_text("[data-testid=claim-refused]")
    assert "XXXXXX" in said and "cannot be made" in said and "fault" in said, said
    header = page.inner_text(".screen.bataille table thead")
    assert "Faults" in header and "Errors" not in header, header
    no_page_errors(me)


def test_the_bataille_says_your_turn_to_a_screen_reader_only_when_the_table_waits(
    tab: Any,
) -> None:
    """Found by a newcomer learning from the browser (through the helper who fixed the rest):
    the page announced « À vous de jouer » whenever the seat could act — at every card the
    other turned, since anyone may claim at any moment (R58)."""
    me = tab()
    me.goto("/login")
    got = me.page.evaluate(
        """async () => {
        const screen = await import('/static/js/games/bataille.js');
        return [
          screen.waitsFor({ phase: 'play', turn: 1 }, 0),
          screen.waitsFor({ phase: 'play', turn: 0 }, 0),
          screen.waitsFor({ phase: 'colour', chooser: 0 }, 0),
          screen.waitsFor({ phase: 'final', final_queue: [1, 0] }, 0),
          screen.waitsFor({ phase: 'final', final_queue: [0, 1] }, 0),
        ];
      }"""
    )
    assert got == [False, True, True, False, True]
