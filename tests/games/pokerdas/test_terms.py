"""The Poker d'As hands in words (issue 17): the view and events name each hand by a code
(``brelan A K Q``) that screens put in their reader's language with the game's terms
(labels.py, served by /api/games). Filled as the browser fills them (web/js/i18n.js ``fill``),
the French terms give the engine's own name of every hand and announcement, and the English
terms have no French left."""

from __future__ import annotations

import re

import pytest

from ludotheque.games.pokerdas.hands import (
    all_announcements,
    evaluate,
    multisets,
)
from ludotheque.games.pokerdas.labels import WORDS

NAMED = {
    "poker": 1,
    "carre": 1,
    "full": 2,
    "brelan": 1,
    "sequence": 5,
    "deux_paires": 2,
    "paire": 1,
}


def named(code: str, kind: str, lang: str) -> str:
    """What pokerdas.js handName / announcementName write for ``code``."""
    terms = WORDS.terms

    def term(key: str) -> str:
        return getattr(terms[key], lang)

    combo, *fs = code.split()
    params = {
        "a": term(f"faces.{fs[0]}"),
        "b": term(f"faces.{fs[1]}") if len(fs) > 1 else "",
        "de_a": term(f"de.{fs[0]}"),
        "kickers": ", ".join(term(f"face.{f}") for f in fs[NAMED[combo] :]),
        "letters": "-".join(fs),
    }
    return re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], term(f"{kind}.{combo}"))


@pytest.mark.parametrize("joker", [False, True])
def test_issue17_every_hand_code_reads_as_the_engine_names_it(joker: bool) -> None:
    for dice in multisets():
        hand = evaluate(dice, joker)
        assert named(hand.code, "hand", "fr") == hand.name_fr(), hand.code
        english = named(hand.code, "hand", "en")
        assert not re.search(r"Paire|Brelan|Carré|Séquence|Rois|Dames|Valets|\bpar\b", english)


def test_issue17_every_announcement_reads_as_the_engine_names_it() -> None:
    for ann in all_announcements():
        assert named(ann.text(), "ann", "fr") == ann.name_fr(), ann.text()
        assert named("full K Q", "ann", "en") == "Full house (Kings over Queens)"


def test_issue17_round_result_gives_every_hand_and_the_tie() -> None:
    """The result of a round says why it was won: every player's hand and the coup sec."""
    from ludotheque import games

    game = games.get("pokerdas")
    state = game.new(players=3, seed=5)
    seen = 0
    while not state.is_over() and seen < 3:
        seat = min(state.to_move())
        for ev in state.apply(seat, state.legal_actions(seat)[0]):
            if ev["type"] == "round_won":
                last = state.view(None)["last_round"]
                assert last["code"] == ev["code"] and last["winner"] == ev["seat"]
                assert len(last["codes"]) == 3 and last["codes"][ev["seat"]]
                assert last["tied"] is None or ev["seat"] in last["tied"]
                seen += 1
    assert seen == 3


def test_issue17_the_engine_names_the_hand_the_winner_beat() -> None:
    """« X bat Y »: the runner-up is the engine's best hand among the others (its own order of
    hands, with its options), not a comparison the screen would redo."""
    from ludotheque import games
    from ludotheque.games.pokerdas.hands import parse_faces

    game = games.get("pokerdas")
    state = game.new(players=3, seed=11)
    seen = 0
    while not state.is_over() and seen < 4:
        seat = min(state.to_move())
        for ev in state.apply(seat, state.legal_actions(seat)[0]):
            if ev["type"] == "round_won":
                last = state.view(None)["last_round"]
                hands = [
                    evaluate(parse_faces(d), state.options.joker) if d else None
                    for d in last["dice"]
                ]
                others = [h for s, h in enumerate(hands) if h is not None and s != ev["seat"]]
                runner = last["runner_up"]
                assert runner != ev["seat"]
                assert (runner is None) == (not others)
                if others:
                    assert hands[runner] == max(others)
                seen += 1
    assert seen == 4
