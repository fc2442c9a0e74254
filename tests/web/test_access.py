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
    tab: Tab,
    shots: Path,
    name: str,
    turn: Callable[[Tab, dict[str, Any]], None],
    moves: int,
    until: Callable[[dict[str, Any]], bool] = lambda view: False,
) -> int:
    """Play ``moves`` turns (or to the end, or until ``until(view)``) with ``turn``; axe and
    screenshots on each new phase. Returns the number of turns played."""
    seen: set[str] = set()
    played = 0
    while played < moves and my_turn(tab):
        view = tab.last()["view"]
        if until(view):
            break
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


# ------------------------------------------------------------------ every game, keyboard only
def first_button(tab: Tab, *testids: str) -> str | None:
    """The first of ``testids`` present and enabled in the game box, as a selector."""
    for tid in testids:
        sel = f"[data-testid=game] [data-testid={tid}]:not([disabled])"
        if tab.page.locator(sel).count():
            return sel
    return None


def alphapoker_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    from ludotheque.lexicon import load
    from ludotheque.lexicon.search import best_words

    page = tab.page
    if view["phase"] == "change":
        press(tab, "[data-testid=hand] [data-testid=card-0]")
        assert (
            page.get_attribute("[data-testid=hand] [data-testid=card-0]", "aria-pressed") == "true"
        )
        press(tab, "[data-testid=ap-change]")
    elif view["phase"] == "showdown":
        plays = best_words(view["hand"], load("alphapoker"), limit=1)
        if not plays:
            press(tab, "[data-testid=ap-no-word]")
            return
        hand, used = list(view["hand"]), set()
        for laid in (str(c) for c in plays[0].cards):
            m = re.fullmatch(r"(.[rb])(?:\(=([A-Z])\))?", laid)
            assert m
            i = next(k for k, c in enumerate(hand) if c == m.group(1) and k not in used)
            used.add(i)
            press(tab, f"[data-testid=hand] [data-testid=card-{i}]", " ")  # Space this time
            if m.group(2):
                tab_to(tab, f"[data-testid=ap-joker-{i}]")
                page.keyboard.press(m.group(2))  # a select takes the letter typed
        press(tab, "[data-testid=ap-declare]")
    else:
        sel = first_button(tab, "action-check", "ap-bet", "action-follow", "ap-judge")
        assert sel, view["phase"]
        press(tab, sel)


def test_alphapoker_by_keyboard_alone_with_counts_explained(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Clavier")
    create_table(
        me,
        "alphapoker",
        [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        options={"hands_per_game": 2},
    )
    me.page.wait_for_selector("[data-testid=hand]", timeout=TIMEOUT_MS)
    second = lambda view: view["hand_number"] == 2  # noqa: E731
    keyboard_game(me, shots, "alphapoker", alphapoker_key_turn, moves=60, until=second)
    # The first hand's result waits on top of the second hand, why it was won in words.
    result = me.page.inner_text("[data-testid=hand-result]")
    assert "Main 1" in result
    last = me.last()["view"]["last_hand"]
    if last["how"] == "showdown":
        assert "Le meilleur compte prend le pot" in result
        if any(d["cards"] and d["count"]["length"] >= 3 for d in last["words"].values()):
            assert "lettres" in result and "=" in result
    else:
        assert "Les autres se sont couchés" in result
    axe(me, "résultat de la main")
    me.shot(shots, "kbd-alphapoker-hand-result")
    press(me, "[data-testid=result-continue]")
    assert me.page.locator("[data-testid=hand-result]").count() == 0
    keyboard_game(me, shots, "alphapoker", alphapoker_key_turn, moves=60)
    # The live region said what happened, for a screen reader.
    assert me.page.locator("[data-testid=live] p").count() >= 1
    no_page_errors(me)


def pokerdas_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    if (
        tab.page.locator("[data-testid=my-dice] [role=button]").count()
        and view["throws"][view["seat"]] < 2
    ):
        press(tab, "[data-testid=my-dice] [data-testid=die-0]")
        sel = first_button(tab, "pd-reroll")
        assert sel, "the die picked by the keyboard enables the re-throw"
        press(tab, sel)
        return
    sel = first_button(tab, "pd-throw", "pd-stop", "pd-announce", "pd-accept")
    assert sel
    press(tab, sel)


def test_pokerdas_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Dé")
    create_table(
        me,
        "pokerdas",
        [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        options={"max_rounds": 2},
    )
    me.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    assert keyboard_game(me, shots, "pokerdas", pokerdas_key_turn, moves=12) >= 2
    no_page_errors(me)


def alice_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    squares = "[data-testid=alice-board] [role=button]"
    if view["phase"] == "place":
        press(tab, squares)
        return
    movable = [
        a for a in tab.last()["legal"] if a["type"] in ("move", "capture") and a["from"] != a["to"]
    ]
    if movable and len(view["board"]) >= 3:
        a = movable[0]
        press(tab, f"[data-testid=sq-{a['from']}]")
        assert tab.page.get_attribute(f"[data-testid=sq-{a['from']}]", "aria-pressed") == "true"
        press(tab, f"[data-testid=sq-{a['to']}]")
        if tab.page.locator("[data-testid=game] .alice-side .actions .btn.primary").count():
            press(tab, "[data-testid=game] .alice-side .actions .btn.primary")
        return
    press(tab, "[data-testid=action-draw]")


def test_alice_by_keyboard_alone_with_moves_listed(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Alice")
    create_table(me, "alice", [{"kind": "me"}, {"kind": "bot", "bot": "glouton"}])
    me.page.wait_for_selector("[data-testid=alice-board]", timeout=TIMEOUT_MS)
    keyboard_game(me, shots, "alice", alice_key_turn, moves=10)
    moves = me.last()["view"]["moves"]
    listed = me.page.locator("[data-testid=al-moves] li")
    assert listed.count() >= 3 and len(moves) >= 6
    # The last turn's squares are highlighted on the board.
    assert me.page.locator("[data-testid=alice-board] .last-move").count() >= 1, moves[-3:]
    # The « ? » of Alice: the cards belong to nobody, and their values.
    press(me, "[data-testid=help]")
    help_text = me.page.inner_text("[data-testid=help-panel]")
    assert "n'appartiennent à personne" in help_text
    assert me.page.locator("[data-testid=al-values] td").count() == 40
    axe(me, "alice — aide")
    me.shot(shots, "kbd-alice-help")
    no_page_errors(me)


def alkamo_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    page = tab.page
    if view["phase"] == "word" and page.locator("[data-testid=rack] [role=button]").count():
        # A tile is reached and chosen by the keyboard, then chosen off again; then pass.
        press(tab, "[data-testid=rack] [data-testid=tile-0]")
        assert (
            page.get_attribute("[data-testid=rack] [data-testid=tile-0]", "aria-pressed") == "true"
        )
        page.keyboard.press("Enter")
        assert (
            page.get_attribute("[data-testid=rack] [data-testid=tile-0]", "aria-pressed") == "false"
        )
    sel = first_button(
        tab, "action-tirer", "action-reprendre", "action-passer", "ak-return", "action-accepter"
    )
    if sel is None:
        sel = "[data-testid=game] .screen button.btn:not([disabled])"
    press(tab, sel)


def test_alkamo_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Kamo")
    create_table(me, "alkamo", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=alkamo-board]", timeout=TIMEOUT_MS)
    assert keyboard_game(me, shots, "alkamo", alkamo_key_turn, moves=4) >= 2
    no_page_errors(me)


def casino_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    sel = first_button(tab, "action-wait", "action-decline", "action-follow", "action-stop")
    if sel is None:
        sel = "[data-testid=game] [data-testid=actions] button.btn:not([disabled])"
    press(tab, sel)


def test_casinoroyal_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Royal")
    create_table(me, "casinoroyal", [{"kind": "me"}, {"kind": "bot", "bot": "fort"}])
    me.page.wait_for_selector("[data-testid=carton-1]", timeout=TIMEOUT_MS)
    assert keyboard_game(me, shots, "casinoroyal", casino_key_turn, moves=8) >= 2
    no_page_errors(me)


def bataille_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    sel = first_button(tab, "action-colour", "action-lay", "action-pass")
    assert sel, view["phase"]
    press(tab, sel)


def test_bataille_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Bataille")
    create_table(me, "bataille", [{"kind": "me"}, {"kind": "bot", "bot": "facile"}])
    me.page.wait_for_selector("[data-testid=table-cards]", timeout=TIMEOUT_MS)
    assert keyboard_game(me, shots, "bataille", bataille_key_turn, moves=6) >= 3
    # A word typed and sent with Enter: refused or taken, in words.
    if me.page.locator("[data-testid=claim-word]").count():
        tab_to(me, "[data-testid=claim-word]")
        me.page.keyboard.type("ZZZ")
        me.page.keyboard.press("Enter")
        settle(me)
    no_page_errors(me)


def belote_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    if view["phase"] == "lay":
        press(tab, "[data-testid=hand] [role=button]")
        return
    sel = first_button(tab, "action-pass")
    assert sel, view["phase"]
    press(tab, sel)


def test_belote_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Belote")
    create_table(me, "belote", [{"kind": "me"}] + [{"kind": "bot", "bot": "fort"}] * 3)
    me.page.wait_for_selector("[data-testid=hand]", timeout=TIMEOUT_MS)
    assert keyboard_game(me, shots, "belote", belote_key_turn, moves=8) >= 4
    no_page_errors(me)
