"""Best-word search: alphapoker.md E1, and agreement with an independent brute force."""

from __future__ import annotations

from collections import Counter
from itertools import permutations, product

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque.cards.letters import (
    LETTERS,
    Played,
    count,
    format_cards,
    one_set,
    parse_hand,
    parse_word,
)
from ludotheque.lexicon import Lexicon
from ludotheque.lexicon.search import WordPlay, all_words, best_words
from tests.games.alphapoker.test_examples import E1_ROWS

LETTER_CARDS = [c for c in one_set() if c[0] != "*"]


def brute_force(hand: list[str], lex: Lexicon, simplified: bool) -> dict[str, int]:
    """Every arrangement of every subset of the hand, jokers over A–Z: word → best count."""
    best: dict[str, int] = {}
    for n in range(3, min(len(hand), 9) + 1):
        for cards in set(permutations(hand, n)):
            jokers = [i for i, c in enumerate(cards) if c[0] == "*"]
            for letters in product(LETTERS, repeat=len(jokers)):
                fill = dict(zip(jokers, letters, strict=True))
                word = [Played(c, fill.get(i, c[0])) for i, c in enumerate(cards)]
                spelled = "".join(p.letter for p in word)
                if lex.admits(spelled):
                    best[spelled] = max(best.get(spelled, 0), count(word, simplified))
    return best


def check_play(play: WordPlay, hand: list[str], lex: Lexicon, simplified: bool) -> None:
    assert lex.admits(play.word)
    assert "".join(p.letter for p in play.cards) == play.word
    assert not Counter(p.card for p in play.cards) - Counter(hand)  # distinct cards of the hand
    assert all(p.letter == p.card[0] for p in play.cards if p.card[0] != "*")
    assert count(list(play.cards), simplified) == play.score


hands = st.tuples(
    st.lists(st.sampled_from(LETTER_CARDS), min_size=1, max_size=5),
    st.sampled_from([[], ["*r"], ["*b"], ["*r", "*b"], ["*b", "*b"]]),
).map(lambda t: (t[0] + t[1])[:5])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=hands, simplified=st.booleans())
def test_agrees_with_brute_force(alphapoker: Lexicon, hand: list[str], simplified: bool) -> None:
    expected = brute_force(hand, alphapoker, simplified)
    got = all_words(hand, alphapoker, simplified)
    assert {p.word: p.score for p in got} == expected
    best = best_words(hand, alphapoker, simplified, limit=3)
    ranked = sorted(expected.items(), key=lambda kv: (-kv[1], kv[0]))[:3]
    assert [(p.word, p.score) for p in best] == ranked
    for play in got:
        check_play(play, hand, alphapoker, simplified)


@settings(max_examples=25, deadline=None)
@given(
    letters=st.lists(st.sampled_from(LETTER_CARDS), min_size=5, max_size=9),
    jokers=st.sampled_from([[], ["*r"], ["*r", "*b"]]),
    limit=st.integers(1, 12),
)
def test_best_is_prefix_of_all(
    alphapoker: Lexicon, letters: list[str], jokers: list[str], limit: int
) -> None:
    hand = letters + jokers
    every = all_words(hand, alphapoker)
    best = best_words(hand, alphapoker, limit=limit)
    assert [(p.word, p.score) for p in best] == [(p.word, p.score) for p in every[:limit]]
    for play in best:
        check_play(play, hand, alphapoker, False)


@pytest.mark.parametrize(("cards", "normal", "simplified"), E1_ROWS)
def test_e1_words_are_found(alphapoker: Lexicon, cards: str, normal: int, simplified: int) -> None:
    played = parse_word(cards)
    word = "".join(p.letter for p in played)
    hand = [p.card for p in played]
    for simp, expected in ((False, normal), (True, simplified)):
        scores = {p.word: p.score for p in all_words(hand, alphapoker, simp)}
        assert scores[word] == expected


def test_zoo_with_black_joker(alphapoker: Lexicon) -> None:
    plays = {p.word: p for p in all_words(["Zb", "Ob", "*b"], alphapoker)}
    assert plays["ZOO"].score == 20
    assert format_cards(plays["ZOO"].cards) == "Zb Ob *b(=O)"
    assert best_words(["Zb", "Ob", "*b"], alphapoker, limit=1)[0].score >= 20


def test_prefers_real_letters_and_one_colour(alphapoker: Lexicon) -> None:
    # CHAT in red with a red joker available: the joker stays in hand.
    play = next(
        p for p in all_words(parse_hand("Cr Hr Ar Tr *r Tb"), alphapoker) if p.word == "CHAT"
    )
    assert format_cards(play.cards) == "Cr Hr Ar Tr" and play.score == 24
    # Only one colour can double: black needs its joker for T.
    play = next(p for p in all_words(parse_hand("Cb Hb Ab *b Tr"), alphapoker) if p.word == "CHAT")
    assert format_cards(play.cards) == "Cb Hb Ab *b(=T)" and play.score == 24


def test_edge_cases(alphapoker: Lexicon) -> None:
    assert best_words([], alphapoker) == []
    assert best_words(["Ar", "Br"], alphapoker) == []
    assert best_words(["*r", "*b"], alphapoker) == []
    assert best_words(parse_hand("Cr Hr Ar Tr"), alphapoker, limit=0) == []
    four = best_words(["*r", "*b", "*r", "*b"], alphapoker, limit=1)
    assert four and four[0].score == max(
        p.score for p in all_words(["*r", "*b", "*r", "*b"], alphapoker)
    )
    big = best_words([*LETTER_CARDS[:12], "*r"], alphapoker)
    assert all(3 <= len(p.word) <= 9 for p in big)


def test_simplified_ties_are_not_pruned(alphapoker: Lexicon) -> None:
    # Regression: the trie's children are ordered by the normal bound, not the simplified one.
    best = best_words(["Ar", "Ar", "*b", "*b"], alphapoker, simplified=True, limit=3)
    assert [(p.word, p.score) for p in best] == [("KAWA", 15), ("WAX", 14), ("AJAX", 11)]
