"""Bots and hints leave slurs and crude insults aside (lexicon/decency.py); people may still
play them, and the rules' own word lists are unchanged."""

from __future__ import annotations

from ludotheque.games.alphapoker.bots import best_play
from ludotheque.lexicon import load
from ludotheque.lexicon.decency import offensive
from ludotheque.lexicon.search import all_words, best_words
from ludotheque.lexicon.tablewords import table_words

HAND = ["Jr", "Ar", "Pr", "Sr", "Jb"]  # JAPS, and little else


def test_bots_and_hints_never_offer_a_slur_the_rules_still_count_it() -> None:
    """Found play-testing: Alkamo's « meilleur » suggested JAPS, an ethnic slur, on a C
    square. The lexicon admits it (Lexique lists it) and a person may play it; a bot or a
    hint does not offer it."""
    lex = load("alphapoker")
    assert offensive("japs") and offensive("Nègres") and not offensive("chat")
    assert "JAPS" in [p.word for p in all_words(HAND, lex)]  # the rules' own list
    assert "JAPS" not in [p.word for p in all_words(HAND, lex, decent=True)]
    assert all(not offensive(p.word) for p in best_words(HAND, lex, limit=20, decent=True))
    play = best_play(HAND, lex, simplified=False)
    assert play is None or not offensive(play.word)
    table = ["Jr", "Ab", "Pr", "Sb", "Er"]
    assert all(not offensive(w.word) for w in table_words(table, limit=8, decent=True))


def test_alkamo_bots_and_best_words_hint_never_offer_a_slur() -> None:
    """Found play-testing: on C2 (4 letters) Alkamo's « meilleur » suggested JAPS."""
    from ludotheque.games.alkamo.bots import Fort
    from tests.games.alkamo.helpers import deal, new, next_plaque

    state = new(2, 1)
    seat = state.active
    deal(state, seat, "JAPSKQWXZV")
    next_plaque(state, "C2")
    state.apply(seat, {"type": "tirer"})
    view = state.view(seat)
    legal = state.legal_actions(seat)
    listed = [(a["mot"], a["jokers"]) for a in legal if a["type"] == "mot"]
    assert "JAPS" in [w for w, _ in listed]  # a person may lay it
    ranked = Fort(seed=0).candidates(view, view["rack"], view["plaque"], False, listed)
    assert "JAPS" not in [w for _, w, _ in ranked]
    assert Fort(seed=0).act(view, legal).get("mot") != "JAPS"
