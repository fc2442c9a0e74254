"""Alkamo bots: fort plays the best accepted word, labours, announces its Super Mot, votes as
the judge, sells at value, returns unbalancing tiles; random plays any legal action."""

from __future__ import annotations

import pytest

from ludotheque import bots as botlib
from ludotheque.games.alkamo.bots import Fort
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW

from .helpers import deal, new, next_plaque


def test_fort_labours_first() -> None:
    state = new(judge="liste")
    seat = state.active
    deal(state, seat, "CHEVALSERT")
    next_plaque(state, "CHEVAL")
    state.apply(seat, {"type": "tirer"})
    action = Fort(1).act(state.view(seat), state.legal_actions(seat))
    assert action == {"type": "mot", "mot": "CHEVAL", "jokers": []}


def test_fort_plays_the_best_accepted_word_or_passes() -> None:
    state = new(judge="liste")
    seat = state.active
    deal(state, seat, "SELLEUXZTR")
    next_plaque(state, "CHEVAL")
    state.apply(seat, {"type": "tirer"})
    action = Fort(1).act(state.view(seat), state.legal_actions(seat))
    assert action["type"] == "mot" and action["mot"] == "SELLE"  # listed for CHEVAL
    state = new(judge="liste", transaction_limit=0)
    seat = state.active
    deal(state, seat, "ZZKWYXQQBB")
    next_plaque(state, "CHEVAL")
    state.apply(seat, {"type": "tirer"})
    assert Fort(1).act(state.view(seat), state.legal_actions(seat)) == {"type": "passer"}


def test_fort_announces_its_super_mot() -> None:
    state = new()
    seat = state.active
    deal(state, seat, "ORDINATEUR")
    assert Fort(1).act(state.view(seat), state.legal_actions(seat)) == {"type": "super_mot"}


def test_fort_buys_the_missing_letter_of_a_labour() -> None:
    """The purchase in the two listed steps (R26, R28): ask for the tile, then its price."""
    state = new(judge="liste", players=2)
    seat = state.active
    deal(state, seat, "ORDINATEUZ")
    next_plaque(state, "ORDINATEUR")
    state.apply(seat, {"type": "tirer"})
    bot = Fort(1)
    action = bot.act(state.view(seat), state.legal_actions(seat))
    assert action == {"type": "achat", "vendeur": 1 - seat, "lettre": "R"}
    state.apply(seat, action)
    assert state.phase == "draft"
    price = bot.act(state.view(seat), state.legal_actions(seat))
    assert price == {"type": "prix", "prix": 6}
    state.apply(seat, price)
    assert state.phase == "offer"


def test_fort_only_chooses_actions_of_the_legal_list() -> None:
    """Found play-testing: through the learning environment, as docs/rl.md shows it
    (``env.encode_action(bot.act(view, legal))``), fort's second decision was
    ``{'type': 'achat', 'vendeur': 2, 'lettre': 'M', 'prix': 6}`` — the one-step form that
    ``apply`` accepts, but not one of the legal actions, which list a purchase in two steps
    (``achat``, then ``prix``, R26 and R28). Every action of fort is now one of ``legal``,
    over a whole game (purchases included)."""
    state = new(players=3, judge="liste", seed=2)
    agents = {s: Fort(s) for s in range(3)}
    bought = 0
    while not state.is_over():
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        action = agents[seat].act(state.view(seat), legal)
        assert action in legal, (action, state.phase)
        bought += action["type"] == "prix"
        state.apply(seat, action)
    assert bought  # the purchases were made, in their two listed steps


def test_fort_sells_at_value_and_keeps_jokers() -> None:
    bot = Fort(1)
    view = {"phase": "offer", "offer": {"kind": "achat", "lettre": "Z", "prix": 10}}
    yes, no = {"type": "accepter"}, {"type": "refuser"}
    assert bot._answer(view, [yes, no]) == yes
    view["offer"]["prix"] = 9
    assert bot._answer(view, [yes, no]) == no
    view["offer"] = {"kind": "achat", "lettre": "*", "prix": 20}
    assert bot._answer(view, [yes, no]) == no


def test_fort_votes_like_the_judge() -> None:
    state = new(judge="vote", players=2)
    seat = state.active
    deal(state, seat, "TULIPEEEEE")
    next_plaque(state, "ARMEE")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "mot", "mot": "TULIPE"})
    voter = 1 - seat
    assert Fort(2).act(state.view(voter), state.legal_actions(voter)) == {"type": "refuser"}


def test_fort_return_plan() -> None:
    assert Fort.plan_return(list("QAAAAAEIOT"), exchange=False) == ["A", "A", "A", "Q"]
    kept = set("EASIRNTOUL")
    plan = Fort.plan_return(list("EEZZKWAS**"), exchange=True)
    assert "*" not in plan and sorted(plan) == sorted("EZZKW")
    assert not set(plan) & (kept - {"E"})


def test_bots_are_registered_and_play_a_game() -> None:
    state = new(players=2, judge="auto", seed=3)
    agents = {0: botlib.make("alkamo", "fort", 1), 1: botlib.make("alkamo", "random", 2)}
    steps = 0
    while not state.is_over() and steps < 5000:
        for seat in sorted(state.to_move()):
            if seat in state.to_move():
                state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
                steps += 1
    assert state.is_over()
    state.check_invariants()
    assert "fort" in botlib.available("alkamo")


def test_fort_stops_exchanging_when_nobody_can_play() -> None:
    """R34c: after rounds without any word, fort passes without exchange (« jeu bloqué »)."""
    state = new(judge="liste", players=2)
    seat = state.active
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "passer"})
    view, legal = state.view(seat), state.legal_actions(seat)
    assert Fort(1).act(view, legal)["lettres"] != ""  # early on: exchange
    state.idle_turns = 20
    view = state.view(seat)
    assert Fort(1).act(view, legal) == {"type": "rendre", "lettres": ""}


@pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")
def test_fort_prefers_a_known_word_the_judge_is_sure_of_to_a_rare_one_it_barely_accepts() -> None:
    """Issue 15: on JARDIN, THERMAL (0.4 per million, parenté 0.50, a hair above the
    threshold) outscored FLEURS (98 per million, in the theme's list): fort laid THERMAL."""
    state = new(judge="auto", players=2)
    seat = state.active
    deal(state, seat, "AEFHLMRSTU")
    next_plaque(state, "JARDIN")
    state.apply(seat, {"type": "tirer"})
    action = Fort(1).act(state.view(seat), state.legal_actions(seat))
    assert action["type"] == "mot" and action["mot"] != "THERMAL"
    decision = J.make_judge("auto").decide("JARDIN", action["mot"], THEMES["JARDIN"])
    assert decision.accepted and decision.score is not None and decision.score >= 0.6
    assert TW.frequency(action["mot"]) >= 1.0


THEMES = {t.word: t.related for t in maquette_of("A").themes}
