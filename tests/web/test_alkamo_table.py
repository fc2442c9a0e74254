"""Alkamo's browser table, found play-testing: its screen rendered in the page from engine
views (alkamo.js `render`, `describeEvent`), and one word typed at a real table."""

from __future__ import annotations

from typing import Any

import pytest

from ludotheque.games.alkamo.rules import AlkamoState
from tests.games.alkamo.helpers import deal, new, next_plaque
from tests.web.conftest import Tab

pytestmark = pytest.mark.slow

NAMES = ["Léa", "Marc", "Zoé", "Paul"]

RENDER = """async ([view, seat, legal, names, typed]) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.loadStrings();
  const screen = await import("/static/js/games/alkamo.js");
  window.acted = [];
  const ctx = { view, seat, toMove: view.to_move, controls: true, legal, game: "alkamo",
                local: {}, name: (s) => names[s],
                table: { game: "alkamo", players: names.length, status: "playing", options: {} },
                act: (a) => window.acted.push(a), rerender: () => {} };
  const main = document.querySelector("main") || document.body;
  main.replaceChildren(screen.render(ctx));
  return main.innerText;
}"""


def shown(tab: Tab, state: AlkamoState, seat: int, names: list[str] | None = None) -> str:
    """The text of seat's screen (French), the buttons of what the server offers him."""
    tab.goto("/login")
    view = state.view(seat)
    legal = state.legal_actions(seat) if seat in state.to_move() else []
    legal = [a for a in legal if a["type"] != "mot"]  # the server never sends the words
    return str(tab.page.evaluate(RENDER, [view, seat, legal, names or NAMES, None]))


def said(tab: Tab, event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """What the table's log says for ``event`` (French)."""
    tab.goto("/login")
    return str(
        tab.page.evaluate(
            """async ([event, view, names]) => {
              const i18n = await import("/static/js/i18n.js");
              await i18n.loadStrings();
              const screens = await import("/static/js/games/index.js");
              const screen = await screens.screenFor("alkamo");
              const ctx = { view, seat: 0, toMove: [], controls: false, legal: [],
                            game: "alkamo", name: (s) => names[s] };
              return screens.eventText(screen, event, ctx);
            }""",
            [event, view or {}, NAMES],
        )
    )


def at_word(players: int = 3, **options: Any) -> AlkamoState:
    state = new(players=players, **options)
    seat = state.active
    deal(state, seat, "CHEVALAEIO")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    return state


def test_R26_R28_a_proposal_being_written_shows_no_placeholder(tab: Any) -> None:
    """Found play-testing: during a purchase the screen said « Marc veut acheter A à Bot fort 3
    pour {prix} points. », during an exchange « Zoé veut échanger {donne} contre A avec
    Marc. », and the status line « À vous — draft »."""
    me = tab()
    for ask in ({"type": "achat", "vendeur": 0}, {"type": "echange", "avec": 0}):
        state = at_word()
        seat = state.active
        other = next(s for s in range(3) if s != seat)
        ask = {**ask, ("vendeur" if ask["type"] == "achat" else "avec"): other, "lettre": "*"}
        state.apply(seat, ask)
        assert state.phase == "draft"
        text = shown(me, state, seat)
        assert "{" not in text and "draft" not in text, text
        assert "prépare une transaction" in text and "joker" in text, text


def test_R22_a_refusal_names_the_player_not_his_seat_number(tab: Any) -> None:
    """Found play-testing: « METRO de Zoé est refusé : refusé par un joueur (joueur 2) » while
    seat 2 was shown as « Bot fort 3 »."""
    me = tab()
    event = {
        "type": "rejete",
        "seat": 2,
        "mot": "METRO",
        "raison": "refusé par un joueur",
        "raison_en": "refused by a player",
        "par": 1,
    }
    assert said(me, event, {"judge": "vote", "arbiter_seat": None}) == (
        "METRO de Zoé est refusé par Marc"
    )


def test_R22_voters_are_told_a_word_is_absent_and_what_the_judge_said(tab: Any) -> None:
    """Found play-testing: voters were not told that the proposed word is absent from the
    dictionary (``submission.absent``), nor, with the ``mixte`` judge, what the judge said
    (« parenté avec MER : 0,63 — au vote »)."""
    me = tab()
    state = at_word(judge="vote")
    seat = state.active
    deal(state, seat, "ZZYXWAEIOU")
    state.apply(seat, {"type": "mot", "mot": "WAXOU"})
    assert state.phase == "judge" and state.submission and state.submission["absent"]
    voter = state.voters[0]
    assert "n'est pas dans le dictionnaire" in shown(me, state, voter)
    state = at_word(judge="vote")
    state.apply(state.active, {"type": "mot", "mot": "CHEVAL"})
    assert state.submission is not None
    state.submission["decision"] = {
        "reason": "parenté avec MER : 0,63 — au vote",
        "reason_en": "relatedness to MER: 0.63 — to the vote",
    }
    assert "parenté avec MER : 0,63" in shown(me, state, state.voters[0])


def test_R14_the_sablier_is_no_button(tab: Any) -> None:
    """Found play-testing: with ``sablier_s=20`` a « Temps écoulé » button stood beside
    « Tirer une plaque »; clicking it made the player pass (it is the clock's action)."""
    me = tab()
    state = new(sablier_s=20)
    text = shown(me, state, state.active)
    assert "Tirer une plaque" in text and "Temps écoulé" not in text, text
    state.apply(state.active, {"type": "tirer"})
    assert "Temps écoulé" not in shown(me, state, state.active)


def test_R9_enter_in_the_word_field_proposes_the_word(tab: Any) -> None:
    """Found play-testing: Enter in the word field did nothing."""
    me = tab()
    state = at_word()
    shown(me, state, state.active)
    me.page.fill("[data-testid=ak-word]", "cheval")
    me.page.press("[data-testid=ak-word]", "Enter")
    assert me.page.evaluate("window.acted") == [{"type": "mot", "mot": "CHEVAL"}]


def test_R22_the_judges_status_agrees_with_several_voters(tab: Any) -> None:
    """Found play-testing: « Zoé et Bot fort 3 juge le mot « PIC ». »"""
    me = tab()
    state = at_word(players=3, judge="vote")
    state.apply(state.active, {"type": "mot", "mot": "CHEVAL"})
    watcher = state.active
    text = shown(me, state, watcher)
    voters = " et ".join(NAMES[s] for s in sorted(state.voters))
    assert f"{voters} jugent le mot « CHEVAL »" in text, text


def test_R29_the_acquired_tile_is_marked_with_a_reminder(tab: Any) -> None:
    """Found play-testing: after buying a letter the acquired tile looked like any other; the
    player typed a word without it and lost his turn."""
    me = tab()
    state = at_word()
    seat = state.active
    other = next(s for s in range(3) if s != seat)
    deal(state, other, "ZOOOOOOOOO")
    state.apply(seat, {"type": "achat", "vendeur": other, "lettre": "Z", "prix": 0})
    state.apply(other, {"type": "accepter"})
    assert state.acquired == ["Z"]
    text = shown(me, state, seat)
    assert "La tuile acquise (Z) doit être dans votre mot" in text, text
    marked = me.page.locator("[data-testid=rack] .tile.acquired")
    assert marked.count() == 1 and marked.get_attribute("data-tile") == "Z"


def test_R22_the_elected_arbiter_is_told_she_decides(tab: Any) -> None:
    """Found play-testing: with judge=arbitre (a player elected arbiter) the arbiter was never
    told she is the arbiter, and the log said « Vote demandé à Zoé / Zoé vote pour »."""
    me = tab()
    state = new(players=3, judge="arbitre", arbiter=2)
    while state.active == 2:
        state = new(players=3, judge="arbitre", arbiter=2, seed=state.seed + 1)
    seat = state.active
    deal(state, seat, "CHEVALAEIO")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "mot", "mot": "CHEVAL"})
    assert state.voters == [2]
    text = shown(me, state, 2)
    assert "Vous êtes l'arbitre" in text and "Arbitre : Zoé" in text, text
    view = state.view(0)
    asked = said(me, {"type": "vote_demande", "seat": seat, "votants": [2]}, view)
    assert asked == "Décision demandée à l'arbitre, Zoé", asked
    voted = said(me, {"type": "vote", "seat": 2, "accepte": True}, view)
    assert voted == "Zoé, l'arbitre, accepte le mot", voted


def test_a_judges_refusal_does_not_say_refused_twice(tab: Any) -> None:
    """Found play-testing: « … est refusé : parenté avec FORÊT : 0,01 — refusé »."""
    me = tab()
    event = {
        "type": "rejete",
        "seat": 0,
        "mot": "PIC",
        "raison": "parenté avec FORÊT : 0,01 — refusé",
        "raison_en": "relatedness to FORÊT: 0.01 — refused",
    }
    assert said(me, event) == "PIC de Léa est refusé : parenté avec FORÊT : 0,01"


def test_R9_a_word_the_rack_cannot_form_gets_the_engines_reason(tab: Any) -> None:
    """Found play-testing: a typed word was refused with « « mot » n'est pas une action que
    vous pouvez jouer maintenant » whenever the rack formed no Lexique word (or none with
    the acquired tile): the player must read the engine's own reason."""
    from tests.web.test_e2e import TIMEOUT_MS, create_table, idle, settle, wait

    me = tab()
    me.guest("Ariane")
    bot = {"kind": "bot", "bot": "random"}
    create_table(me, "alkamo", [{"kind": "me"}, bot, bot], options={"judge": "liste"})
    me.page.wait_for_selector("[data-testid=alkamo-board]", timeout=TIMEOUT_MS)
    # A Super Mot: the rack forms (almost surely) no 10-letter word, so no word is listed
    for _ in range(1500):
        if idle(me) and me.page.locator("[data-testid=action-super_mot]").count():
            me.page.click("[data-testid=action-super_mot]")
            settle(me)
        if idle(me) and me.page.locator("[data-testid=ak-word]").count():
            break
        if idle(me) and me.page.locator("[data-testid=action-refuser]").count():
            me.page.click("[data-testid=action-refuser]")  # a bot's offer to buy a tile
            settle(me)
        if idle(me) and me.page.locator("[data-testid=ak-return]").count():
            me.page.click("[data-testid=ak-return]")
            settle(me)
        wait(me, 100)
    legal = me.last()["legal"]
    assert me.last()["view"]["super_mot"] and not any(a["type"] == "mot" for a in legal)
    me.page.fill("[data-testid=ak-word]", "qqqqq")
    me.page.click("[data-testid=ak-submit]")
    me.page.wait_for_selector("#toast.show", timeout=TIMEOUT_MS)
    text = me.page.inner_text("#toast")
    assert "pas une action" not in text and "former" in text, text


def test_R34_the_last_to_pass_without_exchange_is_warned_the_game_stops(tab: Any) -> None:
    """Found play-testing with three people: two words refused (passes), each player giving
    back no tile; the third, told only « touchez une à une les tuiles à échanger », clicked
    « C'est tout : piocher » and the game ended « jeu bloqué » at turn 3 (R34 c): nothing had
    warned him."""
    state = at_word()
    seat = state.active
    state.passes_no_exchange = state.playing - 1  # the others passed, giving nothing back
    state.apply(seat, {"type": "passer"})
    assert state.phase == "return" and seat in state.to_move()
    text = shown(tab(), state, seat)
    assert "la partie s'arrête" in text, text


def test_the_help_of_a_return_after_a_refused_word_does_not_say_it_was_accepted(
    tab: Any,
) -> None:
    """Found by an English-speaking tester: after « FRERE est refusé … passe », the « ? » said
    « Votre mot est accepté : rendez les lettres… » (R10's return), while this return is a
    pass's exchange (R12). (The phase is shown to the page as after a refused word.)"""
    from tests.web.test_e2e import create_table

    me = tab()
    me.guest("Léa")

    def after_a_refusal(msg: dict[str, Any]) -> dict[str, Any]:
        if isinstance(msg.get("view"), dict):
            msg["view"].update(phase="return", return_mode="exchange")
        return msg

    me.rewrite_incoming = after_a_refusal
    create_table(me, "alkamo", [{"kind": "me"}, {"kind": "bot", "bot": "random"}])
    me.page.wait_for_selector("[data-testid=help]")
    me.page.click("[data-testid=help]")
    help_text = me.page.inner_text("[data-testid=help-panel]")
    assert "compte comme un passage" in help_text and "est accepté" not in help_text, help_text


def test_R26_a_player_asked_for_a_letter_he_does_not_hold_is_told_so(tab: Any) -> None:
    """Found by a newcomer learning from the browser: « Bot fort 2 veut acheter R à Camille
    pour 6 points » when she had no R, with only « Refuser » and no word why."""
    me = tab()
    state = at_word()
    seat = state.active
    other = next(s for s in range(3) if s != seat)
    deal(state, other, "AAAAEEEEII")
    state.apply(seat, {"type": "achat", "vendeur": other, "lettre": "Z"})
    state.apply(seat, {"type": "prix", "prix": 4})
    text = shown(me, state, other)
    assert "Vous n'avez pas de Z" in text and "vous ne pouvez que refuser" in text, text
    deal(state, other, "ZAAAEEEEII")
    assert "Vous n'avez pas de" not in shown(me, state, other)
