"""« Mes parties en cours » in the lobby (found by two friends playing online)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.web.test_e2e import no_page_errors
from tests.web.test_names import token_of

TIMEOUT_MS = 90_000


def test_the_lobby_lists_my_private_game_in_progress_with_its_link(tab: Any, shots: Path) -> None:
    """With four private tables in play the lobby said « Aucune table ouverte : créez la
    vôtre ! » and nothing led back to them."""
    marc = tab()
    marc.guest("Marc")
    body = {
        "game": "pokerdas",
        "players": 2,
        "private": True,
        "seats": [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
    }
    auth = {"Authorization": f"Bearer {token_of(marc)}"}
    table_id = marc.server.http.post("/api/tables", json=body, headers=auth).json()["id"]
    marc.goto("/")
    mine = marc.page.locator("[data-testid=my-tables]")
    mine.wait_for(timeout=TIMEOUT_MS)
    text = mine.inner_text()
    assert "Le Poker d'As" in text and "privée" in text, text
    assert "Mes parties en cours" in marc.page.inner_text("main")
    marc.shot(shots, "lobby-my-tables")
    mine.locator("a").first.click()
    marc.page.wait_for_url(f"**/table/{table_id}")
    no_page_errors(marc)


def test_belote_says_who_plays_with_whom_where_seats_are_chosen(tab: Any, shots: Path) -> None:
    """Found by two friends: picking « Place 2 » for the friend, the natural choice, made them
    opponents — nothing said that places 1 and 3, 2 and 4 are partners."""
    marc = tab()
    marc.guest("Marc")
    marc.goto("/")
    marc.page.click("[data-game=belote]")
    note = marc.page.locator("[data-testid=seats-note]")
    note.wait_for(timeout=TIMEOUT_MS)
    assert "places 1 et 3 jouent ensemble" in note.inner_text()
    marc.page.select_option("[data-testid=seat-kind-2]", "open")
    marc.page.click("[data-testid=create]")
    marc.page.wait_for_selector("[data-testid=invite-link]", timeout=TIMEOUT_MS)
    assert "places 1 et 3 jouent ensemble" in marc.page.inner_text("[data-testid=seats-note]")
    marc.goto("/")
    marc.page.click("[data-game=alphapoker]")
    assert marc.page.locator("[data-testid=seats-note]").count() == 0  # all against all
    no_page_errors(marc)


def test_a_guest_is_asked_before_logging_out_and_told_he_lives_in_this_browser(tab: Any) -> None:
    """Found by two friends: « Se déconnecter » as a guest threw the identity away without a
    word, and the friend who came back by another browser was a spectator at her own table
    (typing « Zoé » again made another guest)."""
    zoe = tab()
    zoe.goto("/login")
    zoe.page.wait_for_selector("[data-testid=guest-name]")  # the page drawn
    assert "n'existe que dans ce navigateur" in zoe.page.inner_text("main")
    zoe.guest("Zoé")
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    zoe.page.on("dialog", answer)
    zoe.page.click("[data-testid=logout]")
    assert asked and "même en tapant le même pseudo" in asked[0]
    assert zoe.page.evaluate("localStorage.getItem('ludotheque.token')")  # still herself
    zoe.page.remove_listener("dialog", answer)
    zoe.page.on("dialog", lambda d: d.accept())
    zoe.page.click("[data-testid=logout]")
    zoe.page.wait_for_function("localStorage.getItem('ludotheque.token') === null")
    no_page_errors(zoe)
