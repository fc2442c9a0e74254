"""Issue 17 in the browser: names people read (no option key, raw value, bot identifier or
event type on a screen), French agreement, seeds as strings, and the bugs seen by new users."""

from __future__ import annotations

import hashlib
import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.conftest import Tab
from tests.web.test_e2e import TIMEOUT_MS, create_table, no_page_errors, wait

pytestmark = pytest.mark.slow

SEED = 8601245298261201264


def token_of(tab: Tab) -> str:
    return str(tab.page.evaluate("localStorage.getItem('ludotheque.token')"))


def finished_bot_table(tab: Tab, name: str, **options: Any) -> str:
    """A table of two random bots, opened by the tab's person, played to its end."""
    body = {
        "game": name,
        "players": 2,
        "options": options,
        "seats": [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
    }
    r = tab.server.http.post(
        "/api/tables", json=body, headers={"Authorization": f"Bearer {token_of(tab)}"}
    )
    assert r.status_code == 200, r.text
    table_id = str(r.json()["id"])
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while tab.server.http.get(f"/api/tables/{table_id}", timeout=90).json()["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return table_id


def test_lobby_names_options_values_and_bots_in_words(tab: Any, shots: Path) -> None:
    me = tab()
    me.guest("Léa")
    page = me.page
    page.click("[data-game=bataille]")
    page.click("details.options summary")
    form = page.inner_text("[data-testid=create-table]")
    for raw in ("bataille_mode", "deck", "timed", "bot_reaction_ms", "random"):
        assert not re.search(rf"\b{raw}\b", form), raw
    assert not re.search(r"(?<!Bot )\bfort\b", form)
    assert "Fin de la bataille" in form and "jusqu'au bout des cartes" in form
    assert "Bot fort" in form and "Bot au hasard" in form
    # A changed option is marked as it changes, and unmarked when set back.
    label = page.locator("label[for=opt-courtoisie]")
    assert label.get_attribute("data-changed") == "false"
    page.check("#opt-courtoisie")
    assert label.get_attribute("data-changed") == "true"
    page.uncheck("#opt-courtoisie")
    assert label.get_attribute("data-changed") == "false"
    page.click("[data-game=alkamo]")
    page.click("details.options summary")
    form = page.inner_text("[data-testid=create-table]")
    for raw in ("per_player", "per_game", "final_phase", "transaction_scope"):
        assert raw not in form, raw
    assert "par joueur" in form and "phase finale" in form
    me.shot(shots, "names-lobby-fr")
    # The option errors name the field as the form shows it.
    page.click("[data-game=alphapoker]")
    page.click("details.options summary")
    page.fill("#opt-hand_size", "4")
    page.click("[data-testid=create]")
    error = page.inner_text("[data-testid=create-error]", timeout=TIMEOUT_MS)
    assert "« Cartes par main »" in error and "hand_size" not in error
    me.errors.clear()  # the browser logs the refused request (400): it is what we asked
    # In English: the description, the options, their values and the bots.
    page.click("[data-testid=lang-switch]")
    page.wait_for_selector("text=The Ludothèque lobby")
    page.click("[data-game=bataille]")
    page.click("details.options summary")
    form = page.inner_text("[data-testid=create-table]")
    assert "A battle of words" in form and "End of the battle" in form
    assert "until the cards run out" in form and "Strong bot" in form
    assert "Bataille de mots" not in form
    me.shot(shots, "names-lobby-en")
    no_page_errors(me)


def test_agreement_and_numbers_in_french_and_english(tab: Any) -> None:
    """« fort 1 et fort 3 gagne », « 1 unités », « 0.060 » were seen."""
    me = tab()
    me.goto("/")
    me.page.wait_for_selector("[data-testid=create-table]")
    got = me.page.evaluate(
        """async () => {
        const i = await import('/static/js/i18n.js');
        const out = [];
        for (const lang of ['fr', 'en']) {
          i.setLang(lang);
          out.push(i.t('ap.ev.game_over', { who: new i.Names(['Bot fort 1', 'Bot fort 3']) }));
          out.push(i.t('ap.ev.game_over', { who: new i.Names(['Zoé']) }));
          out.push(i.t('cr.units', { n: 1 }), i.t('cr.units', { n: 0 }), i.t('cr.units', { n: 2 }));
          out.push(i.num(0.06, 3));
        }
        i.setLang('fr');
        return out;
      }"""
    )
    assert got == [
        "Fin de la partie : Bot fort 1 et Bot fort 3 gagnent",
        "Fin de la partie : Zoé gagne",
        "1 unité",
        "0 unité",
        "2 unités",
        "0,060",
        "Game over: Bot fort 1 and Bot fort 3 win",
        "Game over: Zoé wins",
        "1 unit",
        "0 units",
        "2 units",
        "0.060",
    ]
    no_page_errors(me)


def test_alkamo_event_without_a_screen_sentence_reads_as_a_sentence(tab: Any) -> None:
    """« mise_de_cote (nombre: 1) » in Alkamo's log: the game's declared sentence is used."""
    me = tab()
    me.goto("/")
    me.page.wait_for_selector("[data-testid=create-table]")
    got = me.page.evaluate(
        """async () => {
        const api = await import('/static/js/api.js');
        const screens = await import('/static/js/games/index.js');
        const info = await api.gameInfo('alkamo');
        const screen = await screens.screenFor('alkamo');
        const ctx = { game: 'alkamo', info, name: (s) => ['Zoé', 'Marc'][s] };
        return [
          screens.eventText(screen, { type: 'mise_de_cote', seat: 0, nombre: 1 }, ctx),
          screens.eventText(screen, { type: 'mise_de_cote', seat: 1, nombre: 3 }, ctx),
        ];
      }"""
    )
    assert got == ["Zoé met 1 tuile de côté", "Marc met 3 tuiles de côté"]
    no_page_errors(me)


def test_a_finished_table_shows_the_seed_that_hashes_to_its_commitment(
    tab: Any, shots: Path, monkeypatch: Any
) -> None:
    """A finished table reopened showed « 8601245298261201000 » for 8601245298261201264."""
    monkeypatch.setattr("ludotheque.server.store.fresh_seed", lambda: SEED)
    me = tab()
    me.guest("Hugo")
    table_id = finished_bot_table(me, "pokerdas", max_rounds=1)
    me.goto(f"/table/{table_id}")
    me.page.wait_for_selector("[data-testid=result] .commit", timeout=TIMEOUT_MS)
    seed = me.page.inner_text("[data-testid=result] .commit").split(":")[-1].strip()
    commitment = me.page.inner_text(".table-head-panel .commit").split(":")[-1].strip()
    assert seed == str(SEED)
    assert hashlib.sha256(seed.encode("ascii")).hexdigest() == commitment
    # The header names no option key and the bots by their words.
    head = me.page.inner_text(".table-head-panel")
    assert "max_rounds" not in head and "Tours au plus : 1" in head
    seats = me.page.inner_text("[data-testid=seats]")
    assert "Bot au hasard 1" in seats and "random" not in seats
    me.shot(shots, "names-finished-table")
    no_page_errors(me)


def test_a_replay_seen_as_another_seat_never_says_yours(tab: Any, shots: Path) -> None:
    """The replay labelled another seat's hidden cards « Vos cartes cachées »."""
    me = tab()
    me.guest("Inès")
    table_id = finished_bot_table(me, "casinoroyal", rounds=1, game="B")
    me.goto(f"/replay/{table_id}?seat=1")
    me.page.wait_for_selector("[data-testid=replay-counter]", timeout=TIMEOUT_MS)
    me.page.click("[data-testid=replay-first]")
    for _ in range(40):
        if me.page.locator(".cr-hidden").count():
            break
        me.page.click("[data-testid=replay-next]")
        wait(me, 50)
    shown = me.page.inner_text(".cr-hidden")
    assert "Cartes cachées de Bot au hasard 2" in shown and "Vos" not in shown
    me.shot(shots, "names-replay-other-seat")
    no_page_errors(me)
