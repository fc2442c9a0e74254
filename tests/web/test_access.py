"""Issue 17 in Debian's chromium: the rules and the « ? » of each moment at the table, every game
played with the keyboard alone, axe-core on every screen (no serious or critical violation),
the last hand's result before the next, and the figures of docs/web.md (time to the first
decision, page weights — printed, never asserted on time).
"""

from __future__ import annotations

import os
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


def my_turn(tab: Tab, timeout_s: float = 300) -> bool:
    """Wait until the page may act (True) or the game is over (False). Generous: a bot's first
    move may load the lexicon (tens of seconds when the machine is busy)."""
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
    assert "hand_size" not in text and "max_throws" not in text  # options by their words
    # English: the same page from the game's English declarations (issue 17).
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("text=Poker d'As in brief")
    text = me.page.inner_text("[data-testid=rules]")
    assert "Table options" in text and "Maximum throws" in text and "Full house" in text
    assert "Règles en bref" not in text and "Lancers au plus" not in text
    assert me.page.get_attribute("[data-testid=rules] .rules-text", "lang") == "en"
    axe(me, "rules")
    me.shot(shots, "rules-en")
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("text=Le Poker d'As en bref")

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
    me.page.click("[data-testid=lang-switch]")  # the page re-routes: wait for its new words
    me.page.wait_for_selector("[data-testid=help-panel] >> text=Change round")
    assert "Change round" in me.page.inner_text("[data-testid=help-panel]")
    me.shot(shots, "help-change-en")
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("[data-testid=help-panel] >> text=Tour de change")
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


def test_the_question_mark_speaks_of_this_table_and_escape_closes_it(tab: Any) -> None:
    """Found play-testing: the « ? » said « Chacun a 7 cartes » at a 9-card table, « la première
    à 1000 points gagne » at a 60-point Belote, « PM = pièces de monnaie » (points de mise),
    the Belote's teams by seat numbers the table does not show; and Escape, which closes the
    rules, left it open."""
    me = tab()
    me.guest("Noé")
    bot = {"kind": "bot", "bot": "random"}
    create_table(me, "alphapoker", [{"kind": "me"}, bot], options={"hand_size": 9})
    me.page.wait_for_selector("[data-testid=hand]", timeout=TIMEOUT_MS)
    me.page.click("[data-testid=help]")
    text = me.page.inner_text("[data-testid=help-panel]")
    assert "Chacun a 9 cartes" in text and "points de mise" in text, text
    me.page.keyboard.press("Escape")
    me.page.wait_for_selector("[data-testid=help-panel]", state="detached", timeout=5000)
    create_table(me, "belote", [{"kind": "me"}, bot, bot, bot], options={"belote_target": 60})
    me.page.wait_for_selector("[data-testid=help]", timeout=TIMEOUT_MS)
    me.page.click("[data-testid=help]")
    text = me.page.inner_text("[data-testid=help-panel]")
    assert "60 points" in text and "1000" not in text and "sièges" not in text, text
    no_page_errors(me)


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
    me.page.wait_for_selector("[data-testid=result]", timeout=TIMEOUT_MS)
    axe(me, "fin de partie")

    # The replay, by arrow keys, as the bot's seat: its hand is « Main de <the bot> ».
    table_url = me.page.url.removeprefix(me.server.url)
    me.goto(table_url.replace("/table/", "/replay/") + "?seat=1")
    me.page.wait_for_selector("[data-testid=replay-counter]")
    me.page.wait_for_selector("[data-testid=hand]")
    counter = lambda: me.page.inner_text("[data-testid=replay-counter]")  # noqa: E731
    first = counter()
    me.page.keyboard.press("ArrowRight")
    me.page.keyboard.press("ArrowRight")
    assert counter() != first
    me.page.keyboard.press("End")
    last = counter()
    me.page.keyboard.press("ArrowLeft")
    assert counter() != last
    me.page.keyboard.press("Home")
    assert counter() == first
    me.page.keyboard.press("ArrowRight")
    # the seat's name as drawn (a long one also carries its full spelling in a <title>)
    bot = me.page.eval_on_selector(
        "[data-seat='1'] .seat-name", "e => e.querySelector('title')?.textContent ?? e.textContent"
    )
    assert me.page.inner_text(".hand-title").startswith(f"Main de {bot.rstrip('…')}")
    assert "Votre main" not in me.page.inner_text("[data-testid=game], .game-box")
    axe(me, "revoir")
    me.shot(shots, "kbd-replay")
    for path, ready in (("/history", "history"), ("/ratings?game=alphapoker", "ratings")):
        me.goto(path)
        me.page.wait_for_selector(f"[data-testid={ready}]")
        axe(me, path)
    me.goto("/login")
    me.page.wait_for_selector("[data-testid=guest-name]")
    axe(me, "/login")
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


def pokerdas_against_random(tab: Any, rounds: int) -> Tab:
    """A guest's Poker d'As table against the random bot, ``rounds`` rounds, on screen."""
    me: Tab = tab()
    me.guest("Dé")
    create_table(
        me,
        "pokerdas",
        [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        options={"max_rounds": rounds},
    )
    me.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    return me


def test_pokerdas_by_keyboard_alone(tab: Any, shots: Path) -> None:
    me = pokerdas_against_random(tab, 2)
    assert keyboard_game(me, shots, "pokerdas", pokerdas_key_turn, moves=12) >= 2
    no_page_errors(me)


def board_to(tab: Tab, square: str, key: str = "Enter") -> None:
    """Reach ``square`` of Alice's board as a keyboard user does — Tab to the board (one stop),
    then the arrows, as the board is seen — and press ``key`` on it."""
    if not tab.page.evaluate("!!document.activeElement?.closest?.('[data-testid=alice-board]')"):
        tab_to(tab, "[data-testid=alice-board] [data-square]")
    target = f"[data-testid=alice-board] [data-square={square}]"
    for _ in range(16):
        if focused(tab, target):
            tab.page.keyboard.press(key)
            return
        here, there = tab.page.evaluate(
            """(t) => [document.activeElement, document.querySelector(t)].map((e) => {
                const r = e.getBoundingClientRect(); return [r.x, r.y]; })""",
            target,
        )
        if abs(there[0] - here[0]) > 5:
            tab.page.keyboard.press("ArrowRight" if there[0] > here[0] else "ArrowLeft")
        else:
            tab.page.keyboard.press("ArrowDown" if there[1] > here[1] else "ArrowUp")
    pytest.fail(f"the arrows never reached {square}")


def alice_key_turn(tab: Tab, view: dict[str, Any]) -> None:
    if view["phase"] == "place":
        # A placement square, not merely the first button: a square holding a card may start a
        # two-square exchange instead (Enter then only selects it).
        places = [a for a in tab.last()["legal"] if a["type"] == "place"]
        if places:
            board_to(tab, places[0]["to"])
        else:
            press(tab, "[data-testid=alice-board] [role=button]")
        return
    movable = [
        a for a in tab.last()["legal"] if a["type"] in ("move", "capture") and a["from"] != a["to"]
    ]
    if movable and len(view["board"]) >= 3:
        a = movable[0]
        board_to(tab, a["from"])
        assert tab.page.get_attribute(f"[data-testid=sq-{a['from']}]", "aria-pressed") == "true"
        board_to(tab, a["to"])
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
    # The « ? » of Alice: the cards belong to nobody, and their values. (Pressed on my turn:
    # an update re-draws the game box, and a key pressed while it does can be lost.)
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
    # The cards each team took are visible during play (opened by the keyboard).
    taken = me.last()["view"]["taken"]
    if any(taken):
        press(me, "[data-testid=won-cards] summary")
        # The bots play on: compare the page with the view it shows, read again until both
        # are of the same moment (a trick taken in between made 16 against 10 once).
        shown = me.page.locator("[data-testid=won-cards] .mini-card")
        for _ in range(50):
            taken = me.last()["view"]["taken"]
            if shown.count() == sum(map(len, taken)):
                break
            me.page.wait_for_timeout(200)
        assert shown.count() == sum(map(len, taken))
        axe(me, "belote — cartes prises")
    no_page_errors(me)


# ------------------------------------------------------------------------------ the figures
WEIGHT_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const all = [nav, ...performance.getEntriesByType("resource")];
  return {
    files: all.length,
    wire: all.reduce((n, e) => n + (e.transferSize || 0), 0),
    body: all.reduce((n, e) => n + (e.decodedBodySize || 0), 0),
  };
}"""


def test_figures_time_to_the_first_decision_and_page_weights(tab: Any, shots: Path) -> None:
    """docs/web.md's figures (targets: < 0.5 s and < 250 KB), printed, never asserted on time:
    « Ouvrir la table » in the lobby → the first decision drawn; what the home and table pages
    load, cold (a new browser context: nothing cached)."""
    me = tab()
    me.guest("Mesure")
    me.goto("/")
    me.page.wait_for_selector("[data-game=pokerdas]")
    # Warm the server's game once (the figure is the page's, not the first lexicon load).
    me.page.click("[data-game=pokerdas]")
    drawn, times = [], []
    for _ in range(3):
        me.goto("/")
        me.page.wait_for_selector("[data-game=pokerdas]")
        me.page.click("[data-game=pokerdas]")
        me.page.select_option("[data-testid=seat-kind-1]", "bot")
        start = time.perf_counter()
        me.page.click("[data-testid=create]")
        me.page.wait_for_selector("[data-testid=status]", timeout=TIMEOUT_MS)
        drawn.append(time.perf_counter() - start)  # the table and the status line drawn
        me.page.wait_for_selector("[data-testid=pd-throw]", timeout=TIMEOUT_MS)
        times.append(time.perf_counter() - start)  # my first decision (after the bot's turn)
    table_path = me.page.url.removeprefix(me.server.url)

    weights = {}
    for name, path, ready in (
        ("accueil (salon)", "/", "[data-game=pokerdas]"),
        ("table", table_path, "[data-testid=pd-throw]"),
    ):
        fresh = tab()  # a new context: an empty cache; the identity set before any script
        identity = me.page.evaluate(
            "[localStorage.getItem('ludotheque.token'), localStorage.getItem('ludotheque.user')]"
        )
        fresh.context.add_init_script(
            f"localStorage.setItem('ludotheque.token', {identity[0]!r});"
            f"localStorage.setItem('ludotheque.user', {identity[1]!r});"
        )
        fresh.page.goto(me.server.url + path)
        fresh.page.wait_for_selector(ready, timeout=TIMEOUT_MS)
        fresh.page.wait_for_load_state("networkidle")
        weights[name] = fresh.page.evaluate(WEIGHT_JS)
        fresh.shot(shots, f"figures-{name.split()[0]}")
    print()
    for what, runs in (("table dessinée", drawn), ("ma première décision", times)):
        text = ", ".join(f"{x:.3f}" for x in runs)
        print(f"« Ouvrir la table » → {what} : {text} s (médiane {sorted(runs)[1]:.3f} s)")
    print(f"(charge de la machine : {os.getloadavg()[0]:.1f} sur {os.cpu_count()} cœurs)")
    for name, w in weights.items():
        print(f"page {name} : {w['files']} fichiers, {w['wire'] / 1024:.1f} Ko transférés "
              f"({w['body'] / 1024:.1f} Ko décodés)")  # fmt: skip
    assert all(w["files"] >= 3 for w in weights.values())
    no_page_errors(me)


def test_help_rules_and_alice_on_a_375_px_phone_in_both_languages(tab: Any, shots: Path) -> None:
    """The new panels fit a phone: nothing scrolls sideways, in French and in English."""
    me = tab(width=375, height=812)
    me.guest("Téléphone")

    def no_sideways(what: str) -> None:
        overflow = me.page.evaluate(
            "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
        wide = me.page.evaluate(
            "[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right"
            " > document.documentElement.clientWidth + 1).slice(0, 6).map(e => e.tagName + '.'"
            " + e.getAttribute('class') + ' ' + Math.round(e.getBoundingClientRect().right))"
        )
        assert overflow <= 1, f"{what} scrolls sideways by {overflow} px on a phone: {wide}"

    me.goto("/rules/casinoroyal")
    me.page.wait_for_selector("[data-testid=rules] h1")
    no_sideways("the rules page")
    me.shot(shots, "phone-rules-fr", full_page=False)
    create_table(me, "alice", [{"kind": "me"}, {"kind": "bot", "bot": "glouton"}])
    me.page.wait_for_selector("[data-testid=alice-board]", timeout=TIMEOUT_MS)
    my_turn(me)
    me.page.click("[data-testid=help]")
    me.page.wait_for_selector("[data-testid=al-values]")
    no_sideways("Alice's help")
    me.shot(shots, "phone-alice-help-fr")
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("text=belong to nobody")
    no_sideways("Alice's help in English")
    me.shot(shots, "phone-alice-help-en")
    axe(me, "Alice, phone, English")
    me.page.click("[data-testid=rules-open]")
    me.page.wait_for_selector("[data-testid=rules-dialog] h2")
    me.shot(shots, "phone-rules-dialog-en", full_page=False)
    me.page.keyboard.press("Escape")
    me.page.click("[data-testid=lang-switch]")
    no_page_errors(me)


def test_a_closed_result_stays_closed_across_a_language_switch(tab: Any, shots: Path) -> None:
    """Found play-testing in the browser: after « Continuer » closed the Poker d'As's round
    result, switching to English (which redraws the page) brought it back, and again each
    switch."""
    me = pokerdas_against_random(tab, 3)
    shown = lambda view: bool(view.get("last_round"))  # noqa: E731
    keyboard_game(me, shots, "pokerdas", pokerdas_key_turn, moves=12, until=shown)
    me.page.wait_for_selector("[data-testid=hand-result]", timeout=TIMEOUT_MS)
    press(me, "[data-testid=result-continue]")
    assert me.page.locator("[data-testid=hand-result]").count() == 0
    me.page.click("[data-testid=lang-switch]")
    me.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    me.page.wait_for_timeout(300)
    assert me.page.locator("[data-testid=hand-result]").count() == 0
    me.page.click("[data-testid=lang-switch]")
    # Found play-testing: a reload brought the closed result back.
    me.page.reload()
    me.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)
    me.page.wait_for_timeout(500)
    assert me.page.locator("[data-testid=hand-result]").count() == 0
    no_page_errors(me)


# ------------------------------------------------------ found by an accessibility play-tester
SQUARE_LABEL = re.compile(
    r"^[a-h][1-8] : (vide|.+ de (trèfle|pique|cœur|carreau), \d+(, verrouillée)?)"
)


def square_labels(tab: Tab) -> dict[str, str]:
    return dict(
        tab.page.eval_on_selector_all(
            "[data-testid=alice-board] [data-square]",
            "els => els.map(e => [e.dataset.square, e.getAttribute('aria-label') || ''])",
        )
    )


def test_every_alice_square_has_a_name_in_words_with_the_kind_of_move(tab: Any) -> None:
    """Found by an accessibility tester: only the squares one may act on had a name (« case e4 :
    D♣ »), the other cards were bare text and the replay's board had no names at all; a
    destination's kind of move (déplacement, prise, échange) was shown by its colour only."""
    me = tab()
    me.guest("Aveugle")
    create_table(me, "alice", [{"kind": "me"}, {"kind": "bot", "bot": "glouton"}])
    me.page.wait_for_selector("[data-testid=alice-board]", timeout=TIMEOUT_MS)
    checked_move = False
    for _ in range(14):
        if not my_turn(me):
            break
        labels = square_labels(me)
        assert len(labels) == 64
        bad = {sq: label for sq, label in labels.items() if not SQUARE_LABEL.match(label)}
        assert not bad, bad
        assert not any(re.search("[♣♠♥♦]", x) for x in labels.values()), labels
        roles = me.page.eval_on_selector_all(
            "[data-testid=alice-board] [data-square]", "els => els.map(e => e.getAttribute('role'))"
        )
        assert all(roles), "a named square needs a role for its name to be read"
        view = me.last()["view"]
        movable = [
            a
            for a in me.last()["legal"]
            if a["type"] in ("move", "capture") and a["from"] != a["to"]
        ]
        if movable and view["phase"] != "place":
            a = movable[0]
            board_to(me, a["from"])
            label = square_labels(me)[a["to"]]
            kind = "prise" if a["type"] == "capture" else "déplacement"
            assert kind in label, label
            checked_move = True
            break
        alice_key_turn(me, view)
        settle(me)
    assert checked_move, "no move came in 14 turns"
    axe(me, "alice — cases nommées")
    # The replay (my own seat, game under way): the same names.
    me.goto(me.page.url.removeprefix(me.server.url).replace("/table/", "/replay/"))
    me.page.wait_for_selector("[data-testid=replay-counter]")
    me.page.keyboard.press("End")
    me.page.wait_for_selector("[data-testid=alice-board]")
    labels = square_labels(me)
    assert len(labels) == 64 and all(SQUARE_LABEL.match(x) for x in labels.values()), labels
    no_page_errors(me)


def test_alices_board_is_one_tab_stop_and_the_arrows_visit_every_square(tab: Any) -> None:
    """Found by an accessibility tester: placing a drawn card made 48 Tab stops on the board
    (every empty square), and no arrow key moved on it. The board is now one stop; the arrows
    go square by square as the board is seen, every square named (« c3 : vide »)."""
    me = tab()
    me.guest("Fleche")
    create_table(me, "alice", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=alice-board]", timeout=TIMEOUT_MS)
    for _ in range(6):
        assert my_turn(me)
        if me.last()["view"]["phase"] == "place":
            break
        alice_key_turn(me, me.last()["view"])
        settle(me)
    stops = me.page.eval_on_selector_all(
        "[data-testid=alice-board] [data-square]", "els => els.filter(e => e.tabIndex === 0).length"
    )
    assert stops == 1
    tab_to(me, "[data-testid=alice-board] [data-square]")
    start = me.page.evaluate("document.activeElement.dataset.square")
    me.page.keyboard.press("Tab")  # one Tab leaves the board
    assert not me.page.evaluate("!!document.activeElement.closest('[data-testid=alice-board]')")
    me.page.keyboard.press("Shift+Tab")
    assert me.page.evaluate("document.activeElement.dataset.square") == start
    seen = {start}
    for key in ["ArrowLeft"] * 8 + ["ArrowUp"] * 8:  # to the top left corner
        me.page.keyboard.press(key)
    for row in range(8):
        for _ in range(7):
            seen.add(me.page.evaluate("document.activeElement.dataset.square"))
            me.page.keyboard.press("ArrowLeft" if row % 2 else "ArrowRight")
        seen.add(me.page.evaluate("document.activeElement.dataset.square"))
        me.page.keyboard.press("ArrowDown")
    assert len(seen) == 64
    assert me.page.evaluate("document.activeElement.getAttribute('aria-label')")
    no_page_errors(me)


def test_casino_royal_cartons_read_row_by_row_with_covered_cells(tab: Any) -> None:
    """Found by an accessibility tester: covered cells were drawn only (a tint and a token), no
    text, and a carton read as one flat run of 20 cards."""
    me = tab()
    me.guest("Royal")
    create_table(me, "casinoroyal", [{"kind": "me"}, {"kind": "bot", "bot": "fort"}])
    me.page.wait_for_selector("[data-testid=carton-1]", timeout=TIMEOUT_MS)
    carton = "[data-testid=carton-1]"
    assert me.page.get_attribute(carton, "role") == "table"
    assert me.page.get_attribute(carton, "aria-label") == "Carton 1"
    assert me.page.locator(f"{carton} [role=row]").count() == 4
    cells = me.page.eval_on_selector_all(
        f"{carton} [role=cell]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    # (the bot may have dealt and a card been announced already: « 3 de trèfle, couverte »)
    cards = [c.removesuffix(", couverte") for c in cells]
    assert cards[0] == "10 de cœur" and cards[1] == "3 de trèfle" and len(cards) == 20, cells
    assert "Dame de cœur" in cards  # QH, in words
    for _ in range(10):
        if me.page.locator("[data-testid^=carton-] rect.covered").count():
            break
        if not my_turn(me):
            break
        casino_key_turn(me, me.last()["view"])
        settle(me)
    covered = me.page.eval_on_selector_all(
        "[data-testid^=carton-] [role=cell]:has(rect.covered)",
        "els => els.map(e => e.getAttribute('aria-label'))",
    )
    assert covered and all(re.search(r" de .+, couverte", x) for x in covered), covered
    axe(me, "casino royal — cartons")
    no_page_errors(me)


def test_lobby_and_login_errors_are_alerts_on_the_field_named(tab: Any) -> None:
    """Found by an accessibility tester: the lobby's « « Jetons au départ » : de 1 à 10000
    (reçu 0) » and the login's « nom ou mot de passe incorrect » were silent for a screen
    reader (no alert), the focus fell to the page's body and the field was not marked."""
    me = tab()
    me.guest("Erreur")
    me.goto("/")
    me.page.click("[data-game=pokerdas]")
    me.page.select_option("[data-testid=seat-kind-1]", "bot")
    if not me.page.is_visible("#opt-start_tokens"):
        me.page.click("details.options summary")
    me.page.fill("#opt-start_tokens", "0")
    me.page.click("[data-testid=create]")
    box = me.page.wait_for_selector("[data-testid=create-error]")
    assert box.get_attribute("role") == "alert"
    assert "Jetons au départ" in box.inner_text()
    assert me.page.get_attribute("#opt-start_tokens", "aria-invalid") == "true"
    assert focused(me, "#opt-start_tokens")
    me.goto("/login")
    me.page.fill("[data-testid=login-name]", "personne")
    me.page.fill("[data-testid=login-password]", "pas-le-bon-mot")
    me.page.click("[data-testid=login-submit]")
    box = me.page.wait_for_selector("[data-testid=login] .error-box")
    assert box.get_attribute("role") == "alert"
    assert me.page.get_attribute("[data-testid=login-password]", "aria-invalid") == "true"
    assert focused(me, "[data-testid=login-name]")  # (the 400 and 401 are the errors shown)


def test_others_chat_lines_are_announced(tab: Any) -> None:
    """Found by an accessibility tester: the live region (« Annonces de la partie ») did not
    say the other players' chat lines."""
    me, friend = tab(), tab()
    me.guest("Moi")
    friend.guest("Ami")
    table_id = create_table(me, "pokerdas", [{"kind": "me"}, {"kind": "open"}])
    friend.goto(f"/table/{table_id}")
    for t in (me, friend):
        t.page.wait_for_selector("[data-testid=chat-input]", timeout=TIMEOUT_MS)
    friend.page.fill("[data-testid=chat-input]", "bonjour la table")
    friend.page.keyboard.press("Enter")
    me.page.wait_for_selector("[data-testid=chat-lines] >> text=bonjour la table")
    live = me.page.inner_text("[data-testid=live]")
    assert "Ami" in live and "bonjour la table" in live, live
    # one's own line is not said again
    assert "bonjour la table" not in friend.page.inner_text("[data-testid=live]")
    no_page_errors(me, friend)


def timed_out_pokerdas(tab: Any) -> Tab:
    """A one-round Poker d'As that the clock plays for me (5 s a move) to its end."""
    me: Tab = tab()
    # Every line the live region ever said (it keeps only its last few).
    me.context.add_init_script(
        "window.__said = []; new MutationObserver((ms) => ms.forEach((m) => m.addedNodes"
        ".forEach((n) => { if (n.parentElement?.dataset?.testid === 'live')"
        " window.__said.push(n.textContent); }))).observe(document, {childList: true,"
        " subtree: true});"
    )
    me.guest("Lent")
    create_table(
        me,
        "pokerdas",
        [{"kind": "me"}, {"kind": "bot", "bot": "random"}],
        options={"max_rounds": 1},
        move_clock=5,
    )
    me.page.wait_for_selector("[data-testid=result]", timeout=TIMEOUT_MS)
    return me


def test_a_move_played_for_me_is_announced_and_the_verification_is_a_status(tab: Any) -> None:
    """Found by an accessibility tester: when his clock ran out the live region said « Clavier
    ne relance pas » then « À vous de jouer », never that the time was up; « Vérifier la
    donne »'s result was not announced."""
    me = timed_out_pokerdas(tab)
    said = me.page.evaluate("window.__said")
    # the move clock's words (« Temps écoulé pour Lent : … » when the rule book plays for him)
    timed_out = ("La pendule de Lent est tombée", "Temps écoulé pour Lent")
    assert any(x.startswith(timed_out) for x in said), said
    me.page.click("[data-testid=verify]")
    result = me.page.wait_for_selector("[data-testid=verify-result]")
    assert result.get_attribute("role") == "status"
    no_page_errors(me)


def test_replay_buttons_are_named_in_words_and_home_end_work_on_them(tab: Any) -> None:
    """Found by an accessibility tester: the replay's buttons were named by symbols only
    (« |◀ », « ◀ », « ▶ Lecture », « ▶ », « ▶| »), and Home/End did nothing while the focus
    was on one of them (docs/web.md promises them)."""
    me = timed_out_pokerdas(tab)
    me.goto(me.page.url.removeprefix(me.server.url).replace("/table/", "/replay/"))
    me.page.wait_for_selector("[data-testid=replay-counter]")
    names = {
        tid: me.page.get_attribute(f"[data-testid={tid}]", "aria-label")
        for tid in ("replay-first", "replay-prev", "replay-play", "replay-next", "replay-last")
    }
    assert names == {
        "replay-first": "Premier coup",
        "replay-prev": "Coup précédent",
        "replay-play": "Lecture",
        "replay-next": "Coup suivant",
        "replay-last": "Dernier coup",
    }, names
    counter = lambda: me.page.inner_text("[data-testid=replay-counter]")  # noqa: E731
    first = counter()
    me.page.focus("[data-testid=replay-next]")
    me.page.keyboard.press("End")
    last = counter()
    assert last != first
    me.page.keyboard.press("Home")
    assert counter() == first
    assert focused(me, "[data-testid=replay-next]")
    no_page_errors(me)


def test_the_focus_stays_in_place_after_an_action_and_in_the_lobby(tab: Any) -> None:
    """Found by an accessibility tester: in the lobby the focus fell to the page's body after
    choosing a game or changing « Joueurs », « Variante », « Place n ». (At the table, after an
    action whose button is gone, it goes to the table: the next test.)"""
    me = tab()
    me.guest("Focus")
    me.goto("/")
    me.page.wait_for_selector("[data-game=casinoroyal]")
    me.page.focus("[data-game=casinoroyal]")
    me.page.keyboard.press("Enter")
    me.page.wait_for_selector("[data-game=casinoroyal][aria-checked=true]")
    assert focused(me, "[data-game=casinoroyal]")
    me.page.focus("[data-testid=players]")
    me.page.select_option("[data-testid=players]", "3")
    assert focused(me, "[data-testid=players]")
    me.page.focus("[data-testid=seat-kind-2]")
    me.page.select_option("[data-testid=seat-kind-2]", "bot")
    assert focused(me, "[data-testid=seat-kind-2]")
    me.page.focus("[data-testid=variant]")
    me.page.select_option("[data-testid=variant]", index=1)
    assert focused(me, "[data-testid=variant]")

    no_page_errors(me)


def test_after_an_action_whose_control_is_gone_the_focus_is_on_the_table(tab: Any) -> None:
    """Found by an accessibility tester: after an action whose button went away (a throw, an
    announcement) the focus fell to the page's body — a keyboard user Tabbed again from the top
    of the page, a screen reader said nothing. It now goes to the table itself (named « La
    table de jeu »), whose next Tab is a control of the table; no key acts on its own."""
    me = pokerdas_against_random(tab, 3)
    for _ in range(20):
        if not my_turn(me):
            break
        sel = first_button(me, "pd-throw", "pd-stop", "pd-announce", "pd-accept")
        if sel is None:
            pokerdas_key_turn(me, me.last()["view"])
            settle(me)
            continue
        press(me, sel)
        settle(me)
        if me.page.locator(sel).count():
            continue
        assert focused(me, "[data-testid=game]"), me.page.evaluate(
            "document.activeElement?.outerHTML?.slice(0, 120)"
        )
        assert me.page.get_attribute("[data-testid=game]", "aria-label") == "La table de jeu"
        me.page.keyboard.press("Tab")
        assert me.page.evaluate(
            "document.querySelector('[data-testid=game]').contains(document.activeElement)"
            " && document.activeElement !== document.querySelector('[data-testid=game]')"
        )
        no_page_errors(me)
        return
    pytest.fail("no action took its control away")


def test_pokerdas_dice_and_buttons_are_at_hand_on_a_360_px_phone(tab: Any) -> None:
    """Found by an accessibility tester: at 360×640 « Lancer les dés » was 200 px below the
    screen, under the felt; on a phone the dice and buttons now come before the felt, in the
    page's order too (the keyboard and a screen reader meet them as they are seen)."""
    me = tab(width=360, height=640)
    me.guest("Mobile")
    create_table(me, "pokerdas", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=table-svg]", timeout=TIMEOUT_MS)

    def bottom(selector: str) -> float:
        return float(me.page.eval_on_selector(selector, "e => e.getBoundingClientRect().bottom"))

    assert my_turn(me)
    assert bottom("[data-testid=pd-throw]") <= 640
    me.page.click("[data-testid=pd-throw]")
    settle(me)
    if my_turn(me) and me.page.locator("[data-testid=my-dice]").count():
        for button in ("pd-throw", "pd-stop"):
            if me.page.locator(f"[data-testid={button}]").count():
                assert bottom(f"[data-testid={button}]") <= 640, button
    order = me.page.evaluate(
        "() => { const c = document.querySelector('.screen.pokerdas .controls');"
        " const t = document.querySelector('[data-testid=table-svg]');"
        " return !c || !!(c.compareDocumentPosition(t) & Node.DOCUMENT_POSITION_FOLLOWING); }"
    )
    assert order, "the controls come before the felt in the page's order"
    no_page_errors(me)


def test_alkamo_fits_a_360_px_phone_and_small_buttons_are_big_enough(tab: Any) -> None:
    """Found by an accessibility tester: Alkamo at 360×640 scrolled sideways (a 349 px list
    « Demander A à Bot fort 2 (échange) » stuck out), and the buttons « ? », « Règles du jeu »,
    « Copier le lien », « Quitter la partie » and the replay's were under 40 px high."""
    me = tab(width=360, height=640)
    me.guest("Mobile")
    create_table(me, "alkamo", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=alkamo-board]", timeout=TIMEOUT_MS)
    width = me.page.evaluate("document.documentElement.clientWidth")
    for _ in range(4):
        if not my_turn(me):
            break
        wide = me.page.eval_on_selector_all(
            "select",
            "(els, w) => els.filter(e => e.getBoundingClientRect().right > w + 1)"
            ".map(e => e.dataset.testid)",
            width,
        )
        assert not wide, wide
        overflow = me.page.evaluate(
            "document.scrollingElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 1, f"scrolls sideways by {overflow} px"
        alkamo_key_turn(me, me.last()["view"])
        settle(me)
    low = me.page.eval_on_selector_all(
        "button.small, .btn.small, [data-testid=help]",
        "els => els.filter(e => e.offsetParent && e.getBoundingClientRect().height < 40)"
        ".map(e => e.textContent + ' ' + Math.round(e.getBoundingClientRect().height))",
    )
    assert not low, low
    no_page_errors(me)


def test_empty_chat_is_no_tab_stop_and_each_page_has_its_title(tab: Any) -> None:
    """Found by an accessibility tester: the empty « Discussion » was a 0-px tab stop (the focus
    invisible), and every page was titled « Ludothèque »."""
    me = tab()
    me.guest("Titre")
    me.goto("/")
    me.page.wait_for_selector("[data-game=pokerdas]")
    assert me.page.title() == "Salon · Ludothèque"
    create_table(me, "pokerdas", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=chat-lines]", state="attached", timeout=TIMEOUT_MS)
    me.page.wait_for_function("document.title.startsWith('Table')")
    assert me.page.title() == "Table — Le Poker d'As · Ludothèque"
    assert me.page.get_attribute("[data-testid=chat-lines]", "tabindex") is None
    no_page_errors(me)


def test_the_end_of_a_game_is_said_with_its_winner_and_why(tab: Any) -> None:
    """Found by an accessibility tester: at the end the live region said only « Fin de la
    partie »; the result's title, who won and why were seen, never heard (a loser never learnt
    he had lost)."""
    from tests.web.test_e2e import pokerdas_to_its_end

    me = tab()
    me.guest("Léa")
    pokerdas_to_its_end(me, {"kind": "bot", "bot": "random"}, rounds=1)
    me.page.wait_for_timeout(1500)
    said = me.page.evaluate("document.querySelector('[data-testid=live]').textContent")
    assert re.search(r"(Vous avez gagné|Partie terminée|Égalité).*gagnen?t?\.", said), said


def test_each_seats_bot_choice_is_named_with_its_seat(tab: Any) -> None:
    """Found by an accessibility tester: the lobby's bot-level lists were all named « bot et
    niveau »: Place 2's and Place 3's sounded the same."""
    me = tab()
    me.guest("Léa")
    me.page.click("[data-game=pokerdas]")
    me.page.wait_for_selector("[data-testid=seat-bot-1]")
    names = me.page.eval_on_selector_all(
        "[data-testid^=seat-bot-]", "els => els.map((e) => e.getAttribute('aria-label'))"
    )
    assert names and len(set(names)) == len(names) and names[0].startswith("Place 2"), names


def test_dice_are_named_in_words_and_error_boxes_are_alerts_everywhere(tab: Any) -> None:
    """Found by an accessibility tester: dice read « dé : A / V / R » (a letter a screen
    reader says as a letter; a wild ace « A » only), and thrown dice had no name at all; the
    history, ratings, rules and tournament pages' error boxes were silent."""
    me = tab()
    me.goto("/")
    me.page.wait_for_selector("[data-testid=create-table]")
    got = me.page.evaluate(
        """async () => {
        const i = await import('/static/js/i18n.js');
        await i.loadStrings();
        const d = await import('/static/js/games/draw.js');
        const labels = (g) => [g.getAttribute('aria-label'), g.getAttribute('role')];
        return [labels(d.die('A', 0, 0, 54, { onClick: () => {}, joker: true })),
                labels(d.die('K', 0, 0)), labels(d.die('J', 0, 0))];
      }"""
    )
    assert got == [["dé : As (joker)", "button"], ["dé : Roi", "img"], ["dé : Valet", "img"]], got
    me.goto("/tournament/nope")
    assert me.page.wait_for_selector(".error-box[role=alert]")


def test_a_seats_badge_is_said_by_its_meaning(tab: Any) -> None:
    """Found by an accessibility tester: AlphaPoker's seats read « Clavier 135 PM D » — the
    dealer's and the entame's badges were bare letters."""
    me = tab()
    me.goto("/")
    me.page.wait_for_selector("[data-testid=create-table]")
    label = me.page.evaluate(
        """async () => {
        const l = await import('/static/js/games/layout.js');
        const ctx = { name: () => 'Léa', seat: 0, toMove: [] };
        const badges = [{ text: 'D', title: 'donneur' }];
        const g = l.seatCard(ctx, 0, 0, 0, { line1: '135 PM', badges });
        const badge = g.querySelector('[aria-label]');
        return badge ? badge.getAttribute('aria-label') : null;
      }"""
    )
    assert label == "donneur", label


def test_the_ratings_games_are_links_with_the_current_one_said(tab: Any) -> None:
    """Found by an accessibility tester: the ratings' games were announced as tabs, with no
    selected state, no panel and no arrow keys. They are links of a navigation, the game shown
    marked as the current page."""
    me = tab()
    me.goto("/ratings?game=pokerdas")
    me.page.wait_for_selector("nav[aria-label] a[aria-current=page]")
    assert me.page.locator("[role=tab], [role=tablist]").count() == 0
    assert "Poker" in me.page.inner_text("a[aria-current=page]")
