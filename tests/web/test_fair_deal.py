"""« Donne vérifiable » in the browser: the person's own seed, drawn by the page or typed, goes
with the table he opens or joins, after the server has committed to its own (server tests:
tests/server/test_fair_deal.py)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.web.test_e2e import no_page_errors

TIMEOUT_MS = 90_000


def test_the_seed_typed_in_the_lobby_and_the_one_drawn_by_joining_are_the_tables(
    tab: Any, shots: Path
) -> None:
    """Found by a sceptical player (and a newcomer read « Engagement (SHA-256 de la graine) :
    fe9a02… » at the top of every table, unexplained): the server drew the seed alone; now each
    person's own seed is mixed with it, and the table says so in words, folded."""
    zoe, marc = tab(), tab()
    zoe.guest("Zoé")
    marc.guest("Marc")
    zoe.goto("/")
    zoe.page.click("[data-game=pokerdas]")
    zoe.page.select_option("[data-testid=players]", "2")
    zoe.page.select_option("[data-testid=seat-kind-1]", "open")
    zoe.page.click("[data-testid=fair-deal] summary")
    assert re.fullmatch(r"[0-9a-f]{16}", zoe.page.input_value("[data-testid=own-seed]"))
    zoe.page.fill("[data-testid=own-seed]", "graine-de-zoe")
    zoe.shot(shots, "fair-deal-lobby")
    zoe.page.click("[data-testid=create]")
    zoe.page.wait_for_url(re.compile(r".*/table/[^/]+$"))
    table_id = zoe.page.url.rsplit("/", 1)[-1]
    marc.goto(f"/table/{table_id}")
    marc.page.click("[data-testid=join-1]", timeout=TIMEOUT_MS)
    marc.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)  # dealt
    table = zoe.server.http.get(f"/api/tables/{table_id}").json()
    assert table["status"] == "playing"
    assert table["contributions"][0] == "graine-de-zoe"
    assert re.fullmatch(r"[0-9a-f]{16}", table["contributions"][1])  # drawn by Marc's page
    head = marc.page.locator("[data-testid=fair-deal]")
    head.wait_for(timeout=TIMEOUT_MS)
    assert head.inner_text().strip() == "Donne vérifiable"  # folded: two words, no hash
    marc.page.click("[data-testid=fair-deal] summary")
    text = head.inner_text()
    assert "Ni le serveur ni un joueur ne peut choisir seul la donne" in text
    assert table["commitment"] in text and "« graine-de-zoe »" in text
    assert "commitment-seen" not in marc.page.content()  # Marc's browser read none itself
    marc.shot(shots, "fair-deal-table")
    # Zoé's browser compares the table's commitment with the one it read before her seed went
    # (a sceptical player: the lobby said « vous en recevez l'empreinte » and never showed it).
    zoe.page.click("[data-testid=fair-deal] summary")
    seen = zoe.page.locator("[data-testid=commitment-seen]")
    assert "C'est l'empreinte que votre navigateur a lue avant d'envoyer votre graine" in (
        seen.inner_text()
    )
    no_page_errors(zoe)
    no_page_errors(marc)
