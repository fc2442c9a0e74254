"""Hand evaluation and notation (rules/pokerdas.md §1, R3–R5, R16–R19, R21)."""

from __future__ import annotations

from itertools import pairwise, product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.engine.errors import NotationError
from ludotheque.games.pokerdas.hands import (
    ACE,
    BRELAN,
    CARRE,
    COMBO_ID,
    DEUX_PAIRES,
    FACES,
    FULL,
    PAIRE,
    POKER,
    SEQUENCE,
    SPEC_COUNTS,
    Announcement,
    all_announcements,
    compare,
    evaluate,
    format_faces,
    odds,
    parse_announcement,
    parse_faces,
    parse_throw,
)

throws = st.tuples(*[st.sampled_from(FACES)] * 5)


def ev(text: str, joker: bool = False):
    return evaluate(parse_throw(text), joker)


def test_notation_reads_both_spellings_and_both_tens() -> None:
    assert parse_throw("A A K K Q") == parse_throw("AAKKQ") == (6, 6, 5, 5, 4)
    assert parse_throw("K Q J 10 9") == parse_throw("kqjt9") == parse_throw("K-Q-J-10-9")
    assert format_faces(parse_throw("9 10 A K K")) == "A K K 10 9"


@given(throws)
def test_notation_round_trips(dice: tuple[int, ...]) -> None:
    text = format_faces(dice, sort=False)
    assert parse_throw(text) == dice
    assert parse_throw(text.replace(" ", "").replace("10", "T")) == dice


@pytest.mark.parametrize("bad", ["AAKK", "AAKKQQ", "AAKKX", "1 A K Q J", ""])
def test_notation_errors_are_precise(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_throw(bad)


def test_R3_combinations_from_high_to_low() -> None:
    ladder = [
        "Q Q Q Q Q",
        "K K K K 9",
        "J J J 9 9",
        "A A A K Q",
        "K Q J 10 9",
        "A A K K Q",
        "A A K Q J",
    ]
    combos = [ev(t).combo for t in ladder]
    assert combos == [POKER, CARRE, FULL, BRELAN, SEQUENCE, DEUX_PAIRES, PAIRE]
    assert all(ev(a) > ev(b) for a, b in pairwise(ladder))


def test_R3_every_throw_is_exactly_one_combination_and_the_table_is_exact() -> None:
    assert sum(odds()) and sum(odds().values()) == 7776 == sum(odds(True).values())
    assert {c: (odds()[c], odds(True)[c]) for c in SPEC_COUNTS} == SPEC_COUNTS


def test_R4_key_tuples_compare_element_by_element() -> None:
    assert ev("A A A 9 10") > ev("K K K A Q")  # Brelan d'As > Brelan de Rois
    assert ev("K K A Q J") > ev("K K A Q 10")  # kickers high to low
    assert ev("Q Q J J 9").key == (4, 3, 1)
    assert ev("A K J 10 9").key == (6, 5, 3, 2, 1)


def test_R5_exact_tie() -> None:
    assert compare(parse_throw("K K Q Q 9"), parse_throw("9 Q K Q K")) == "="


def test_six_sequences_high_to_low() -> None:
    seqs = sorted(
        {
            ev(format_faces(d))
            for d in product(FACES, repeat=5)
            if ev(format_faces(d)).combo == SEQUENCE
        },
        reverse=True,
    )
    assert [format_faces(h.key) for h in seqs] == [
        "A K Q J 10",
        "A K Q J 9",
        "A K Q 10 9",
        "A K J 10 9",
        "A Q J 10 9",
        "K Q J 10 9",
    ]


def test_R16_aces_take_the_best_face() -> None:
    assert ev("A Q Q J J", True).combo == FULL
    assert ev("A A A A A", True) == ev("A A A A A")  # Poker d'As


def test_R17_joker_made_equals_natural() -> None:
    assert ev("Q Q Q A A", True) == ev("Q Q Q Q Q", True)
    assert ev("A K K K 9", True) == ev("K K K K 9")  # a Carré with one Ace


def test_R18_five_aces_is_the_best_hand() -> None:
    top = ev("A A A A A", True)
    assert all(top >= evaluate(d, True) for d in product(FACES, repeat=5))


@given(throws)
def test_R19_no_pair_of_aces_with_jokers(dice: tuple[int, ...]) -> None:
    hand = evaluate(dice, joker=True)
    aces = dice.count(ACE)
    if aces == 1:
        assert hand.combo >= (SEQUENCE if len(set(dice)) == 5 else BRELAN)
    if aces >= 2:
        assert hand.combo >= BRELAN
    if hand.combo in (PAIRE, DEUX_PAIRES):
        assert aces == 0
    assert hand >= evaluate(dice)  # wild aces never hurt


def test_R21_75_announcements_ordered_and_round_tripped() -> None:
    anns = all_announcements()
    assert len(anns) == 75 and list(anns) == sorted(anns)
    for a in anns:
        assert parse_announcement(a.text()) == a
    assert parse_announcement("Deux Paires K Q") == Announcement(DEUX_PAIRES, (5, 4))
    assert parse_announcement("paire A") == Announcement(PAIRE, (ACE,))  # allowed (R21)
    with pytest.raises(NotationError):
        parse_announcement("brelan K Q")
    with pytest.raises(NotationError):
        parse_announcement("quinte K")


def test_combination_ids_are_the_announcement_words() -> None:
    assert sorted(COMBO_ID.values()) == sorted(
        ["poker", "carre", "full", "brelan", "sequence", "deux_paires", "paire"]
    )


def test_french_names() -> None:
    assert ev("A A A K Q").name_fr() == "Brelan d'As (Roi, Dame)"
    assert ev("Q Q J J A", True).name_fr() == "Full (Dames par Valets)"
    assert ev("K Q J 10 9").name_fr() == "Séquence K-Q-J-10-9"
    assert parse_faces("") == ()


def test_the_hands_say_d_as_with_the_apostrophe_of_the_games_name() -> None:
    """Found play-testing: « Paire d’As » (curly) beside « Poker d'As » (straight)."""
    assert ev("A A K Q J").name_fr().startswith("Paire d'As")
    assert "’" not in ev("A A A A A").name_fr()
