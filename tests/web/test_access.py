"""Issue 17 in Debian's chromium: the rules and the « ? » of each moment at the table, every game
played with the keyboard alone, axe-core on every screen (no serious or critical violation),
the last hand's result before the next, and the figures of docs/web.md (time to the first
decision, page weights — printed, never asserted on time).
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Tab
from tests.web.test_e2e import TIMEOUT_MS, idle, no_page_errors, settle, wait

pytestmark = pytest.mark.slow

SERIOUS = ("serious", "critical")


# ------------------------------------------------------------------------------------ helpers
def create_table(tab: Tab, game: str, seats: list[dict[str, Any]], **extra: Any) -> str:
    """Open a table through the API as the tab's person and go to it (a generous timeout: the
    first AlphaPoker table loads the lexicon, slow on a busy machine)."""
    token = tab.page.evaluate("localStorage.getItem('ludotheque.token')")
    body = {"game": game, "players": len(seats), "seats": seats, **extra}
    r = tab.server.http.post(
        "/api/tables", json=body, headers={"Authorization": f"Bearer {token}"}, timeout=300
    )
    assert r.status_code == 200, r.text
    table_id = str(r.json()["id"])
    tab.goto(f"/table/{table_id}")
    return table_id


def axe(tab: Tab, screen: str) -> None:
    """axe-core (the copy axe-playwright-python ships) on the page as it is: no serious or
    critical violation. The report names each rule, its help and the first elements."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(tab.page)
    bad = [v for v in results.response["violations"] if v.get("impact") in SERIOUS]
    lines = [
        f"{v['id']} ({v['impact']}): {v['help']} — "
        + "; ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in bad
    ]
    assert not bad, f"axe-core on « {screen} »:\n" + "\n".join(lines)


def focused(tab: Tab, selector: str) -> bool:
    return bool(tab.page.evaluate("(s) => !!document.activeElement?.matches(s)", selector))


def tab_to(tab: Tab, selector: str, limit: int = 250) -> None:
    """Press Tab (only Tab) until the focus is on an element matching ``selector``."""
    for _ in range(limit):
        if focused(tab, selector):
            return
        tab.page.keyboard.press("Tab")
    where = tab.page.evaluate("document.activeElement?.outerHTML?.slice(0, 200)")
    pytest.fail(f"Tab never reached {selector} (focus on {where})")


def press(tab: Tab, selector: str, key: str = "Enter") -> None:
    """Reach ``selector`` with Tab and press ``key`` on it: the keyboard alone."""
    tab_to(tab, selector)
    tab.page.keyboard.press(key)


def my_turn(tab: Tab, timeout_s: float = 90) -> bool:
    """Wait until the page may act (True) or the game is over (False)."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if tab.page.locator("[data-testid=result]").count():
            return False
        if idle(tab):
            return True
        wait(tab, 100)
    pytest.fail("the turn never came")


def keyboard_game(
    tab: Tab, shots: Path, name: str, turn: Callable[[Tab, dict[str, Any]], None], moves: int
) -> int:
    """Play ``moves`` turns (or to the end) with ``turn``; axe and screenshots on each new
    phase. Returns the number of turns played."""
    seen: set[str] = set()
    played = 0
    while played < moves and my_turn(tab):
        view = tab.last()["view"]
        phase = str(view.get("phase"))
        if phase not in seen:
            seen.add(phase)
            axe(tab, f"{name} — {phase}")
            tab.shot(shots, f"kbd-{name}-{phase}")
        turn(tab, view)
        settle(tab)
        played += 1
    return played


# ------------------------------------------------------------------------- rules and help
def test_rules_page_from_the_lobby_and_the_table_in_both_languages(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Lise")
    me.goto("/")
    me.page.wait_for_selector("[data-testid=rules-link]")
    axe(me, "salon")
    me.page.click("[data-game=pokerdas]")
    me.page.click("[data-testid=rules-link]")
    me.page.wait_for_selector("[data-testid=rules] h1")
    assert me.page.url.endswith("/rules/pokerdas")
    text = me.page.inner_text("[data-testid=rules]")
    assert "Le Poker d'As en bref" in text and "Options de table" in text
    assert me.page.locator("[data-testid=rules] table").count() >= 1
    axe(me, "règles")
    me.shot(shots, "rules-fr")
    # English: the rules are French only, and the page says so.
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("text=The rules are written in French only.")
    me.shot(shots, "rules-en")
    me.page.click("[data-testid=lang-switch]")

    # At the table: « Règles » opens the same text in a dialog; Escape closes it.
    create_table(me, "alphapoker", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=rules-open]", timeout=TIMEOUT_MS)
    me.page.click("[data-testid=rules-open]")
    me.page.wait_for_selector("[data-testid=rules-dialog] h2")
    assert "AlphaPoker en bref" in me.page.inner_text("[data-testid=rules-dialog]")
    axe(me, "règles à la table")
    me.page.keyboard.press("Escape")
    me.page.wait_for_selector("[data-testid=rules-dialog]", state="detached")
    no_page_errors(me)


def test_the_question_mark_explains_this_moment_from_the_rules(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Noé")
    create_table(me, "alphapoker", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=hand]", timeout=TIMEOUT_MS)
    my_turn(me)
    me.page.keyboard.press("?")  # the key, or the « ? » button
    panel = me.page.wait_for_selector("[data-testid=help-panel]")
    text = panel.inner_text()
    phase = me.last()["view"]["phase"]
    assert phase == "change"
    assert "Tour de change" in text and "« E » l'entame" in text
    assert "« D » marque le donneur" in text
    assert not re.search(r"\bR\d+\b", text)  # no rule numbers in the words...
    rule = me.page.get_attribute("[data-help='help.alphapoker.change']", "title")
    assert rule and "R10" in rule  # ...only in the tooltip
    axe(me, "aide du moment")
    me.shot(shots, "help-change-fr")
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("[data-testid=help-panel]")
    assert "Change round" in me.page.inner_text("[data-testid=help-panel]")
    me.shot(shots, "help-change-en")
    me.page.click("[data-testid=lang-switch]")
    me.page.click("[data-testid=help]")
    assert me.page.locator("[data-testid=help-panel]").count() == 0
    no_page_errors(me)
