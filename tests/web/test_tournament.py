"""A tournament in the browser (issue 18): an organiser creates a 4-place knockout that bots
fill, a person registers (with the keyboard, on a phone-sized screen), stays away from her
table and loses her manches by forfeit; the bots play on; the final ranking shows, in French
and in English, and her history lists the tournament."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import SHOTS, Server, Tab

pytestmark = pytest.mark.slow

TIMEOUT_MS = 120_000


def no_page_errors(*tabs: Tab) -> None:
    for t in tabs:
        assert not t.errors, t.errors


@pytest.fixture
def own(browser: Any, tmp_path: Path) -> Iterator[Callable[..., Tab]]:
    """Tabs on a server of this test's own: the session's server still drives the bots and
    stand-ins of the tables other tests left, and a tournament of bots' tables comes after
    tables where people sit in the bots' thread."""
    server = Server(tmp_path)
    opened: list[Tab] = []

    def make(**kw: Any) -> Tab:
        t = Tab(browser, server, **kw)
        opened.append(t)
        return t

    yield make
    for i, t in enumerate(opened):
        t.shot(SHOTS, f"tournament-last-{i}")
        t.close()
    server.stop()


def test_a_4_player_tournament_with_bots_a_forfeit_and_the_final_ranking(
    own: Any, shots: Path
) -> None:
    orga = own()
    ann = own(width=375, height=812)
    sockets: list[str] = []
    orga.page.on("websocket", lambda ws: sockets.append(ws.url))
    orga.guest("Orga")
    orga.page.click("[data-testid=new-tournament]")
    orga.page.wait_for_selector("[data-testid=create-tournament]")
    orga.page.fill("[data-testid=t-name]", "Coupe du club")
    orga.page.select_option("[data-testid=t-game]", "casinoroyal")
    orga.page.fill("[data-testid=t-places]", "4")
    orga.page.select_option("[data-testid=t-bot]", "random")
    orga.page.fill("[data-testid=t-grace]", "5")
    orga.shot(shots, "tournament-new")
    orga.page.click("[data-testid=t-create]")
    orga.page.wait_for_url(re.compile(r".*/tournament/[^/]+$"))
    orga.page.wait_for_selector("[data-testid=tournament-start]")

    # Ann finds it in the lobby and registers with the keyboard.
    ann.guest("Ann")
    ann.page.wait_for_selector("[data-testid=tournament-list] >> text=Coupe du club")
    ann.page.click("[data-testid=tournament-list] >> text=Coupe du club")
    ann.page.wait_for_selector("[data-testid=tournament-register]")
    ann.page.focus("[data-testid=tournament-register]")
    ann.page.keyboard.press("Enter")
    ann.page.wait_for_selector("[data-testid=tournament-withdraw]")
    assert "Ann" in ann.page.inner_text("[data-testid=registrations]")
    orga.page.wait_for_selector("[data-testid=registrations] >> text=Ann", timeout=TIMEOUT_MS)
    orga.page.click("[data-testid=tournament-start]")

    # The bracket: two semi-finals, Ann told where to play; readable on a phone.
    ann.page.wait_for_selector("[data-testid=bracket]", timeout=TIMEOUT_MS)
    assert "Demi-finales" in ann.page.inner_text("[data-testid=bracket]")
    ann.page.wait_for_selector("[data-testid=bracket] >> text=Jouer", timeout=TIMEOUT_MS)
    overflow = ann.page.evaluate(
        "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 1, f"the tournament page scrolls sideways by {overflow} px on a phone"
    ann.shot(shots, "tournament-phone")

    # Ann never sits down: her manches are lost by forfeit, the bots play to the end.
    orga.page.wait_for_selector("[data-testid=final-ranking]", timeout=TIMEOUT_MS)
    assert any("/ws/tournaments/" in u for u in sockets)  # kept up to date by its socket
    ranking = orga.page.locator("[data-testid=final-ranking] li").all_inner_texts()
    assert len(ranking) == 4 and "Ann" not in ranking[0]
    log = orga.page.inner_text("[data-testid=tournament-log]")
    assert "Ann perd une manche par forfait" in log
    standings = orga.page.inner_text("[data-testid=standings]")
    assert "Points de match" in standings and "Départage" in standings
    orga.shot(shots, "tournament-over")
    orga.page.click("[data-testid=lang-switch]")
    orga.page.wait_for_selector("text=Final ranking")
    assert "Match points" in orga.page.inner_text("[data-testid=standings]")
    orga.page.click("[data-testid=lang-switch]")

    ann.goto("/history")
    ann.page.wait_for_selector("[data-testid=my-tournaments] >> text=Coupe du club")
    no_page_errors(orga, ann)
