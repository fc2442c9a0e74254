"""The sentences a table's log says for the engine's events, in the browser, checked on
events as the engines publish them (the screens' `describeEvent`, run in the page)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.web.conftest import Tab

pytestmark = pytest.mark.slow

NAMES = ["Léa", "Marc", "Zoé", "Paul"]


def said(tab: Tab, game: str, event: dict[str, Any], view: dict[str, Any] | None = None) -> str:
    """What the log of ``game``'s table says for ``event`` (French)."""
    tab.goto("/login")
    text = tab.page.evaluate(
        """async ([game, event, view, names]) => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const screens = await import("/static/js/games/index.js");
          const screen = await screens.screenFor(game);
          const ctx = { view, seat: 0, toMove: [], controls: false, legal: [], game,
                        name: (s) => names[s] };
          return screens.eventText(screen, event, ctx);
        }""",
        [game, event, view or {}, NAMES],
    )
    return str(text)


def test_alphapoker_game_over_agrees_with_its_one_winner(tab: Any) -> None:
    """Found play-testing: every AlphaPoker log ended « Fin de la partie : Marc gagnent »."""
    me = tab()
    assert said(me, "alphapoker", {"type": "game_over", "winner": 1}) == (
        "Fin de la partie : Marc gagne"
    )


def test_bataille_log_names_the_joker(tab: Any) -> None:
    """Found play-testing: the Bataille's log said « Léa retourne un * noir »."""
    me = tab()
    text = said(me, "bataille", {"type": "lay", "seat": 0, "card": "*b"})
    assert "*" not in text and "joker noir" in text, text
    assert said(me, "bataille", {"type": "lay", "seat": 0, "card": "Qr"}) == (
        "Léa retourne un Q rouge"
    )


def test_R84_the_belote_secretes_log_does_not_remember_the_cards_for_the_player(tab: Any) -> None:
    """Found play-testing: in the Belote secrète the log listed every card laid (« Marc pose
    W », « Léa pose E »…), while remembering the stack is part of the game (R84); the ordinary
    Belote's log still names them (they stay on the table)."""
    me = tab()
    event = {"type": "lay", "seat": 1, "card": "Wr"}
    assert said(me, "belote", event, {"secrete": True}) == "Marc pose une carte"
    assert said(me, "belote", event, {"secrete": False}) == "Marc pose W"


def test_R76_a_refused_belote_word_says_why_and_what_was_taken(tab: Any) -> None:
    """Found play-testing: every refused Belote word read « refusé, les cartes vont à … »,
    without the reason, even when no card had moved (a Z not on the table)."""
    me = tab()
    base = {"type": "claim", "seat": 0, "team": 1}
    impossible = said(
        me, "belote", {**base, "word": "ZZZZZ", "outcome": "impossible", "cards": [], "points": 0}
    )
    assert "ne se forme pas avec la table" in impossible and "aucune carte" in impossible
    taken = said(
        me,
        "belote",
        {**base, "word": "CHATS", "outcome": "impossible", "cards": ["Cr", "Hb"], "points": 7},
    )
    assert "ne se forme pas avec la table" in taken and "Marc et Paul" in taken, taken
    short = said(
        me,
        "belote",
        {
            **base,
            "word": "CHAT",
            "outcome": "not_admitted",
            "cards": ["Cr"],
            "points": 3,
            "short": True,
            "min_letters": 5,
        },
    )
    assert "moins de 5 lettres" in short, short
    unknown = said(
        me,
        "belote",
        {**base, "word": "TABRU", "outcome": "not_admitted", "cards": ["Tr"], "points": 3},
    )
    assert "n'est pas admis" in unknown and "Marc et Paul" in unknown, unknown


def finished_view(game_name: str, players: int, options: dict[str, Any], seed: int) -> Any:
    """Seat 0's view of a game played to its end by random moves."""
    import random

    from ludotheque import games

    game = games.get(game_name)
    state = game.new(players, options, seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state.view(0)


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("alphapoker", 3, {"hands_per_game": 1}),
        ("bataille", 2, {}),
        ("belote", 4, {"belote_target": 30}),
        ("alice", 2, {"level": "A"}),
    ],
)
def test_a_finished_tables_screen_fits_a_360_px_phone(
    tab: Any, game: str, players: int, options: dict[str, Any]
) -> None:
    """Found play-testing: at 360 px the AlphaPoker showdown's words and the Bataille's players
    made the page scroll sideways (435 px), their last columns cut off; a wide table now
    scrolls in its own box. And at the end of a long Alice game the 25 cards a player had
    taken ran in one line past the window (1,431 px at 1,200)."""
    view = finished_view(game, players, options, 5)
    me = tab(width=360, height=740)
    me.goto("/login")
    overflow = me.page.evaluate(
        """async ([game, view, names]) => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const api = await import("/static/js/api.js");
          const info = await api.gameInfo(game);
          const screens = await import("/static/js/games/index.js");
          const screen = await screens.screenFor(game);
          const ctx = { view, seat: 0, toMove: [], controls: false, legal: [], info, game,
                        local: {}, name: (s) => names[s],
                        table: { game, players: names.length, status: "over", options: {} },
                        act: () => {}, rerender: () => {} };
          const main = document.querySelector("main") || document.body;
          main.replaceChildren(screen.render(ctx));
          const last = screen.lastResult ? screen.lastResult(ctx) : null;
          if (last) main.append(last.node);
          return document.scrollingElement.scrollWidth - document.documentElement.clientWidth;
        }""",
        [game, view, ["Bot fort 1", "Bot fort 2", "Bot fort 3", "Bot fort 4"][:players]],
    )
    assert overflow <= 1, f"{game}: the page scrolls sideways by {overflow} px"


def test_R23_the_intermediate_bets_status_says_check_and_no_pour_voir(tab: Any) -> None:
    """Found play-testing: with `alternate_betting` the intermediate round's status read
    « Entame de la mise : Léa ouvre ou se couche. » beside a « Parole » button (check) and a
    greyed « pour voir » that nothing explained."""
    from ludotheque import games

    state = games.get("alphapoker").new(2, {"alternate_betting": True, "hand_size": 7}, 3)
    while state.view(0).get("bet_stage") != "intermediate":
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        state.apply(seat, next((a for a in legal if a["type"] == "change"), legal[0]))
    seat = min(state.to_move())
    me = tab()
    me.goto("/login")
    status = me.page.evaluate(
        """async ([view, seat]) => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const screen = await import("/static/js/games/alphapoker.js");
          const ctx = { view, seat, toMove: [seat], controls: false, legal: [], game: "alphapoker",
                        local: {}, name: (s) => ["Léa", "Marc"][s],
                        table: { game: "alphapoker", players: 2, status: "playing", options: {} },
                        act: () => {}, rerender: () => {} };
          return screen.render(ctx).querySelector(".status").textContent;
        }""",
        [state.view(seat), seat],
    )
    assert "intermédiaire" in status and "parole" in status and "pour voir" in status, status


def test_casino_royal_round_result_shows_no_empty_brackets(tab: Any) -> None:
    """Found play-testing: a player whose carton held no card read « Bot fort 2 : Aucune carte
    () » in the round's result."""
    view = finished_view("casinoroyal", 3, {"game": "A", "rounds": 1}, 4)
    seat = next(iter(view["last_round"]["hands"]))
    view["last_round"]["hands"][seat] = {**view["last_round"]["hands"][seat], "cards": ""}
    me = tab()
    me.goto("/login")
    text = me.page.evaluate(
        """async ([view, names]) => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const api = await import("/static/js/api.js");
          const info = await api.gameInfo("casinoroyal");
          const screen = await import("/static/js/games/casinoroyal.js");
          const ctx = { view, seat: 0, toMove: [], controls: false, legal: [], info,
                        game: "casinoroyal", local: {}, name: (s) => names[s] };
          return screen.lastResult(ctx).node.textContent;
        }""",
        [view, ["Léa", "Bot fort 2", "Bot fort 3"]],
    )
    assert "()" not in text, text


def test_R21_the_menteur_cup_is_named_and_the_list_opens_on_its_truth(tab: Any) -> None:
    """Found play-testing: in the menteur the dice under my cup had no hand name, and the list
    of announcements always opened on « Paire de 9 », with a Carré under the cup."""
    from ludotheque import games
    from ludotheque.games.pokerdas.hands import parse_throw

    state = games.get("pokerdas").new(3, {"menteur": True}, 2)
    holder = state.holder  # type: ignore[attr-defined]
    state.cup = parse_throw("K K K J 9")  # type: ignore[attr-defined]
    me = tab()
    render_controls(me, "pokerdas", state.view(holder), holder, state.legal_actions(holder))
    shown = [
        me.page.text_content("[data-testid=cup-hand]"),
        me.page.input_value("[data-testid=pd-announcement]"),
    ]
    assert shown[0] and "Brelan" in shown[0], shown
    assert shown[1] == "brelan K", shown


def render_controls(tab: Tab, game: str, view: Any, seat: int, legal: Any) -> Any:
    """The game's screen for ``seat`` to play (its controls), drawn in the page."""
    tab.goto("/login")
    return tab.page.evaluate(
        """async ([game, view, seat, legal]) => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const api = await import("/static/js/api.js");
          const info = await api.gameInfo(game);
          const screens = await import("/static/js/games/index.js");
          const screen = await screens.screenFor(game);
          const ctx = { view, seat, toMove: [seat], controls: true, legal, info, game,
                        local: {}, name: (s) => ["Léa", "Marc", "Zoé", "Paul", "Inès", "Hugo",
                                                 "Noé", "Lou"][s],
                        table: { game, players: view.players, status: "playing", options: {} },
                        act: () => {}, rerender: () => {} };
          document.body.replaceChildren(screen.render(ctx));
          return true;
        }""",
        [game, view, seat, legal],
    )


def test_casino_royal_C_shows_each_figure_before_the_dealer_chooses(tab: Any, shots: Any) -> None:
    """Found play-testing: in the Bingo (game C) the dealer chose « Figure 5 : H » from a list
    and a « Jouer » button, never seeing on a carton what an H or a « carré » covers."""
    from ludotheque import games

    state = games.get("casinoroyal").new(3, {"game": "C"}, 1)
    seat = min(state.to_move())
    me = tab()
    render_controls(me, "casinoroyal", state.view(seat), seat, state.legal_actions(seat))
    figures = me.page.locator("[data-testid^=pick-figure-]")
    assert figures.count() == 10
    first = me.page.locator("[data-testid=pick-figure-1]")
    assert first.locator("rect.on").count() == 4  # a column of the carton's 4 rows
    assert me.page.locator("[data-testid=pick-figure-10] rect.on").count() == 20
    assert "Figure 5" in me.page.inner_text("[data-testid=pick-figure-5]")
    said = me.page.inner_text("body")
    assert "Pot" not in said and "0 carte au talon" not in said  # C has no pot; no deck yet
    me.shot(shots, "casinoroyal-figure-picker")


def test_casino_royal_long_lists_say_what_their_button_does(tab: Any) -> None:
    """Found play-testing: every Casino Royal list (« Relancer de 1 », « Renchérir à 4 »…) had a
    button « Jouer » that did not say what it would do."""
    import random

    from ludotheque import games

    state = games.get("casinoroyal").new(3, {"game": "A"}, 1)
    rng = random.Random(1)
    while True:
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        if sum(a["type"] == "raise" for a in legal) > 8:
            break
        state.apply(seat, rng.choice(legal))
    me = tab()
    render_controls(me, "casinoroyal", state.view(seat), seat, legal)
    button = me.page.inner_text("[data-testid=action-raise]")
    assert button == "Relancer", button


def test_the_belotes_last_manche_reads_and_its_end_shows_no_empty_hand(tab: Any) -> None:
    """Found play-testing: the Belote's summary read « Léa et Bot fort 3 14 points de cartes »
    (a name run into a number), and a finished game kept an empty « Votre main » heading."""
    from tests.web.test_assets import WORDS

    assert not re.search(r"\{t[ab]\} \{[ab]\}", WORDS["be.why_last"]["fr"])
    view = finished_view("belote", 4, {"belote_target": 30}, 5)
    me = tab()
    render_controls(me, "belote", view, 0, [])
    assert "Votre main" not in me.page.inner_text("body")


OVERLAPS = """() => {
  const svg = document.querySelector("[data-testid=table-svg]");
  const boxes = [...svg.querySelectorAll("g.seat, g.dice-row, text[data-testid]")].map((e) => {
    const r = e.getBoundingClientRect();
    const what = e.classList.contains("seat") ? `seat ${e.dataset.seat}`
      : e.classList.contains("dice-row") ? "dice" : e.dataset.testid;
    return { what, r };
  });
  const hit = [];
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      const a = boxes[i].r, b = boxes[j].r;
      const across = a.left < b.right - 1 && b.left < a.right - 1;
      if (across && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
        hit.push(`${boxes[i].what} × ${boxes[j].what}`);
      }
    }
  }
  return hit;
}"""


@pytest.mark.parametrize(("width", "height"), [(1200, 900), (360, 740)])
def test_eight_poker_das_players_and_their_dice_do_not_overlap(
    tab: Any, shots: Any, width: int, height: int
) -> None:
    """Found play-testing: at an 8-player Poker d'As table the seats' boxes and dice overlapped
    (Bot fort 7's dice over Bot fort 8's, on a phone boxes over my own dice)."""
    import random

    from ludotheque import games

    state = games.get("pokerdas").new(8, {}, 3)
    rng = random.Random(3)
    while True:  # a round where everyone has thrown and the last is still throwing
        view = state.view(0)
        if view["phase"] != "coup_sec" and all(view["dice"]):
            break
        seat = min(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = min(state.to_move())
    me = tab(width=width, height=height)
    render_controls(me, "pokerdas", state.view(seat), seat, state.legal_actions(seat))
    hits = me.page.evaluate(OVERLAPS)
    me.shot(shots, f"pokerdas-eight-{width}")
    assert not hits, hits


def test_R24_a_change_of_no_card_and_a_timeout_say_what_happened(tab: Any) -> None:
    """Found play-testing: when the change clock ran out the log said « Temps écoulé pour Léa :
    le livret décide » and then « Léa change 0 carte »: what had happened was left to guess."""
    me = tab()
    text = said(me, "alphapoker", {"type": "change", "seat": 0, "count": 0, "round": 1})
    assert "garde ses cartes" in text and "0 carte" not in text, text
    from tests.web.test_assets import WORDS

    assert "le livret décide" not in WORDS["table.actor.timeout"]["fr"]


def test_R84_since_my_last_turn_shows_the_cards_i_saw_laid(tab: Any) -> None:
    """Found play-testing with four people: the Belote secrète's « Depuis votre dernier tour »
    read « Marc pose une carte » three times: each card is seen as it is laid (it is the top
    one, R82), the bots remember them, and the people had lost them. Only the long log keeps
    them no more (R84: remembering is the player's part)."""
    me = tab()
    view = {
        "secrete": True,
        "seen": [
            {"type": "lay", "seat": 1, "card": "Wr"},
            {"type": "lay", "seat": 2, "card": "Er"},
        ],
        "phase": "lay",
        "players": 4,
    }
    view = {**finished_view("belote", 4, {"belote_target": 30, "belote_secrete": True}, 5), **view}
    render_controls(me, "belote", view, 0, [])
    seen = me.page.inner_text("body")
    assert "Marc pose W" in seen and "Zoé pose E" in seen, seen
    assert said(me, "belote", {"type": "lay", "seat": 1, "card": "Wr"}, {"secrete": True}) == (
        "Marc pose une carte"
    )


def test_the_ap_status_and_pot_agree_with_several_players(tab: Any) -> None:
    """Found play-testing with friends: « Zoé, Marc et Léa juge les mots des autres », « Marc
    et Zoé gagne 9 PM »."""
    me = tab()
    text = said(me, "alphapoker", {"type": "pot", "winners": [0, 1], "share": 9, "pot": 18})
    assert "gagnent" in text, text
    from tests.web.test_assets import WORDS

    assert "{who:juge|jugent}" in WORDS["ap.status.judge"]["fr"]
    assert "{who:gagne|gagnent}" in WORDS["ap.last_showdown"]["fr"]


def test_the_belotes_manche_end_says_which_team_scored_what(tab: Any) -> None:
    """Found play-testing with four people: « Fin de la manche 2 : 0 à 121 (totaux 3 à 239) »
    did not say which team had which score."""
    me = tab()
    text = said(
        me,
        "belote",
        {"type": "manche_end", "number": 2, "score": [0, 121], "totals": [3, 239]},
    )
    assert "0 pour Léa et Zoé, 121 pour Marc et Paul" in text, text


def test_D17_a_tie_break_hand_is_not_counted_past_the_hands(tab: Any) -> None:
    """Found play-testing with friends: the tie-break hand read « Main 4/3 »."""
    from ludotheque import games

    state = games.get("alphapoker").new(2, {"hands_per_game": 3}, 1)
    seat = min(state.to_move())
    view = {**state.view(seat), "extra_hand": True, "hand_number": 4, "hands_per_game": 3}
    me = tab()
    render_controls(me, "alphapoker", view, seat, [])
    text = me.page.text_content("[data-testid=table-svg]") or ""
    assert "4/3" not in text and "Main de départage" in text, text


def test_alkamo_log_names_a_free_word_square_as_the_board_does(tab: Any) -> None:
    """Found by an English-speaking tester: the log said « Tester draws plaque C5 » — a code
    the board never shows (it prints « mot libre, 8 lettres » on that square)."""
    me = tab()
    board = [
        [
            {"plaque": "C5", "label": "C5", "longueur": 8},
            {"plaque": "HIVER", "label": "HIVER", "longueur": None},
        ]
    ]
    text = said(
        me, "alkamo", {"type": "plaque", "seat": 1, "plaque": "C5", "tiree": True}, {"board": board}
    )
    assert text == "Marc tire la plaque mot libre (8 lettres)", text
    text = said(
        me,
        "alkamo",
        {"type": "plaque", "seat": 1, "plaque": "HIVER", "tiree": True},
        {"board": board},
    )
    assert text == "Marc tire la plaque HIVER", text


def test_casino_royal_round_end_says_who_won(tab: Any) -> None:
    """Found by an English-speaking tester: « End of round 1: Strong bot 2 and Strong bot 3 »
    never said they won it."""
    me = tab()
    text = said(me, "casinoroyal", {"type": "round_end", "number": 1, "winners": [1, 2]})
    assert text == f"Fin de la manche 1 : {NAMES[1]} et {NAMES[2]} gagnent", text
    text = said(me, "casinoroyal", {"type": "round_end", "number": 2, "winners": [1]})
    assert text == f"Fin de la manche 2 : {NAMES[1]} gagne", text


def test_a_poker_das_replay_writes_the_dice_as_the_table_does(tab: Any) -> None:
    """Found by an accessibility tester: the replay said « lance A Q J » (the engine's English
    faces) where the table writes « A D V »."""
    me = tab()
    me.goto("/login")
    got = me.page.evaluate(
        """async () => {
          const i18n = await import("/static/js/i18n.js");
          await i18n.loadStrings();
          const p = await import("/static/js/games/pokerdas.js");
          const api = await import("/static/js/api.js");
          const info = await api.gameInfo("pokerdas");
          const ctx = { info, name: (s) => "Léa" };
          return [p.describeAction({ type: "throw", reroll: "A Q J" }, ctx),
                  p.describeAction({ type: "announce", announcement: "full K Q" }, ctx),
                  p.describeAction({ type: "stop" }, ctx)];
        }"""
    )
    assert got[0] == "lance A D V" and got[1].startswith("annonce Full") and got[2] is None, got
