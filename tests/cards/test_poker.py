"""The poker evaluator of Casino Royal (rules/casinoroyal.md §1.1, D5, D6, R6, E1, E2, E4).

The evaluator is checked against an independent brute force written here from the spec's
table: every 5-card subset is classified by its sorted rank counts and compared with plain
tuples; the evaluator must order every pair of random hands exactly as the brute force does.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.cards.french52 import DECK, parse_cards
from ludotheque.cards.poker import (
    BRELAN,
    CARRE,
    CARTE_HAUTE,
    DEUX_PAIRES,
    FLOCHE,
    FULL,
    PAIRE,
    QUINTE,
    QUINTE_FLOCHE,
    best_five,
    category,
    compare,
    evaluate,
    hand,
    name_fr,
    parse_hand,
)


# ---------------------------------------------------------------------- independent brute force
def ref5(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Spec §1.1 for at most five cards: (category 1…9, tie-break values…)."""
    values = sorted((c % 13 + 2 for c in cards), reverse=True)
    counts = Counter(values)
    shape = sorted(counts.values(), reverse=True)
    by_count = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    flush = len(cards) == 5 and len({c // 13 for c in cards}) == 1
    straight_top = 0
    if len(counts) == 5:
        if values[0] - values[4] == 4:
            straight_top = values[0]
        elif values == [14, 5, 4, 3, 2]:
            straight_top = 5  # D5: A-2-3-4-5 is five-high
    if straight_top and flush:
        return (9, straight_top)
    if shape[:1] == [4]:
        return (8, *by_count)
    if shape[:2] == [3, 2]:
        return (7, *by_count)
    if flush:
        return (6, *values)
    if straight_top:
        # D6: the seed orders quintes by their point total (A = 1 in the wheel).
        total = sum(values) if straight_top != 5 else 15
        return (5, total)
    if shape[:1] == [3]:
        return (4, *by_count)
    if shape[:2] == [2, 2]:
        return (3, *by_count)
    if shape[:1] == [2]:
        return (2, *by_count)
    return (1, *values)


def reference(cards: list[int]) -> tuple[int, ...]:
    """R6: best five among the cards; fewer than five make one partial hand."""
    if len(cards) <= 5:
        return ref5(tuple(cards))
    return max(ref5(c) for c in combinations(cards, 5))


def sign(x: int) -> int:
    return (x > 0) - (x < 0)


def tcmp(a: tuple[int, ...], b: tuple[int, ...]) -> int:
    return (a > b) - (a < b)


def test_the_evaluator_orders_random_hands_as_the_brute_force() -> None:
    rng = random.Random(2024)
    sizes = [rng.choice((5, 6, 7, 7, 7, 8)) for _ in range(2500)] + [
        rng.randint(9, 11) for _ in range(60)
    ]
    sizes += [rng.randint(0, 4) for _ in range(400)]
    hands = [rng.sample(DECK, k) for k in sizes]
    keys = [evaluate(h) for h in hands]
    refs = [reference(h) for h in hands]
    for _ in range(20_000):
        i, j = rng.randrange(len(hands)), rng.randrange(len(hands))
        assert sign(keys[i] - keys[j]) == tcmp(refs[i], refs[j]), (hands[i], hands[j])
    for h, k, r in zip(hands, keys, refs, strict=True):
        assert category(k) == r[0] if h else category(k) == CARTE_HAUTE
        five = best_five(h)
        assert len(five) == min(5, len(h)) and set(five) <= set(h)
        assert evaluate(five) == k  # the five shown make the hand


def test_rare_categories_against_the_brute_force() -> None:
    """Random deals rarely give straight flushes and quads: build some on purpose."""
    rng = random.Random(7)
    for _ in range(300):
        suit, top = rng.randrange(4), rng.randint(5, 14)
        ranks = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
        base = [13 * suit + v - 2 for v in ranks]
        rank = rng.randrange(13)
        quad = [13 * s + rank for s in range(4)]
        for core in (base, quad):
            rest = rng.sample([c for c in DECK if c not in core], rng.randint(0, 4))
            cards = core + rest
            other = rng.sample(DECK, 7)
            assert category(evaluate(cards)) == reference(cards)[0]
            assert sign(evaluate(cards) - evaluate(other)) == tcmp(
                reference(cards), reference(other)
            )


# ---------------------------------------------------------------------- E1, verbatim
E1 = [
    ("AS KS QS JS TS", "9S 8S 7S 6S 5S", ">"),
    ("9H TH JH QH KH", "9D TD JD QD KD", "="),
    ("AH 2H 3H 4H 5H", "6C 5C 4C 3C 2C", "<"),
    ("AC AD AH 2C 2D", "KC KD KH QC QD", ">"),
    ("KH JH 9H 5H 3H", "KD JD 9D 5D 2D", ">"),
    ("TC 9D 8S 7H 6C", "5C 4D 3S 2H AC", ">"),
    ("AC KD QS JH TC", "TC 9D 8S 7H 6C", ">"),
    ("QH QD 3S 3C KD", "QS QC 3H 3D 7C", ">"),
    ("AS AD AH AC KS", "AS AD AH AC 2S", ">"),
    ("3S 3H 3D QC", "QS 3C", ">"),  # brelan 3-3-3 with Q (4 cards) against Q-3 (2 cards)
]


@pytest.mark.parametrize(("first", "second", "result"), E1)
def test_E1_hand_comparisons(first: str, second: str, result: str) -> None:
    assert compare(parse_cards(first), parse_cards(second)) == result
    back = {">": "<", "<": ">", "=": "="}[result]
    assert compare(parse_cards(second), parse_cards(first)) == back


def test_E1_names_of_the_combinations() -> None:
    assert parse_hand("AS KS QS JS TS").name_fr == "Quinte floche royale"
    assert parse_hand("9S 8S 7S 6S 5S").name_fr == "Quinte floche au 9"
    assert parse_hand("AH 2H 3H 4H 5H").name_fr == "Quinte floche au 5"
    assert parse_hand("AC AD AH 2C 2D").name_fr == "Full aux As par les 2"
    assert parse_hand("KH JH 9H 5H 3H").name_fr == "Floche au Roi (Valet, 9, 5, 3)"
    assert parse_hand("TC 9D 8S 7H 6C").name_fr == "Quinte au 10"
    assert parse_hand("5C 4D 3S 2H AC").name_fr == "Quinte au 5"
    assert parse_hand("QH QD 3S 3C KD").name_fr == "Deux paires, Dames et 3 (Roi)"
    assert parse_hand("AS AD AH AC KS").name_fr == "Carré d'As (Roi)"
    assert parse_hand("3S 3H 3D QC").name_fr == "Brelan de 3 (Dame)"
    assert parse_hand("QS 3C").name_fr == "Carte haute Dame (3)"
    assert parse_hand("QS QC 9D 4H 2S").name_fr == "Paire de Dames (9, 4, 2)"


def test_D6_a_quinte_is_ordered_by_its_point_total_which_is_its_highest_card() -> None:
    totals = {}
    for top in range(5, 15):
        ranks = [14, 2, 3, 4, 5] if top == 5 else list(range(top - 4, top + 1))
        cards = [13 * (i % 2) + v - 2 for i, v in enumerate(ranks)]  # two suits: no floche
        key = evaluate(cards)
        assert category(key) == QUINTE
        totals[key] = 15 if top == 5 else sum(ranks)
    assert sorted(totals.values()) == [totals[k] for k in sorted(totals)]
    assert min(totals.values()) == 15 and max(totals.values()) == 60


def test_R6_partial_hands_missing_kickers_rank_below_any_card() -> None:
    assert compare(parse_cards("QS QH KD"), parse_cards("QD QC KS 2H")) == "<"
    assert compare(parse_cards("QS QH KD 2C"), parse_cards("QD QC KS 2H")) == "="
    assert category(evaluate(parse_cards("7S 7H 7D 7C"))) == CARRE
    assert category(evaluate(parse_cards("7S 7H 2D 2C"))) == DEUX_PAIRES
    assert category(evaluate([])) == CARTE_HAUTE and name_fr(evaluate([])) == "Aucune carte"
    # four cards of one suit in sequence are neither a floche nor a quinte
    assert category(evaluate(parse_cards("9H TH JH QH"))) == CARTE_HAUTE


def test_many_cards_two_floches_and_a_quinte_floche_elsewhere() -> None:
    cards = parse_cards("AH KH QH JH 9H  9S 8S 7S 6S 5S  2D 2C 2H")
    h = hand(cards)
    assert h.category == QUINTE_FLOCHE and h.text() == "9S 8S 7S 6S 5S"
    assert hand(parse_cards("AH KH QH JH 9H 8S 7S 6S 5S 2S")).name_fr == (
        "Floche à l'As (Roi, Dame, Valet, 9)"
    )
    assert hand(parse_cards("3S 3H 3D 5S 5H 5D 9C")).name_fr == "Full aux 5 par les 3"
    assert hand(parse_cards("3S 3H 3D 3C 5S 5H 5D 5C 9C")).name_fr == "Carré de 5 (9)"


# ---------------------------------------------------------------------- E2, E4
E2 = {
    1: (QUINTE_FLOCHE, "Quinte floche au Roi", "KH QH JH TH 9H"),
    2: (QUINTE_FLOCHE, "Quinte floche au Roi", "KD QD JD TD 9D"),
    3: (CARRE, "Carré de 3 (As)", None),
    4: (FULL, "Full aux 8 par les Rois", None),
    5: (FULL, "Full aux 9 par les Dames", None),
    6: (FULL, "Full aux 9 par les As", None),
    7: (FULL, "Full aux As par les Valets", None),
    8: (FULL, "Full aux Rois par les Dames", None),
}


def test_E2_whole_cartons_covered() -> None:
    from ludotheque.games.casinoroyal.cartons import CARTONS

    keys = {}
    for number, (cat, name, cards) in E2.items():
        h = hand(CARTONS[number - 1])
        keys[number] = h.key
        assert (h.category, h.name_fr) == (cat, name)
        if cards:
            assert h.text() == cards
    assert keys[1] == keys[2]  # cartons 1 and 2 split


def test_E4_game_B_hands() -> None:
    full = hand(parse_cards("AS AD 7C") + parse_cards("AC 8S 8H 2D"))
    assert full.category == FULL and full.name_fr == "Full aux As par les 8"
    assert sorted(full.cards) == sorted(parse_cards("AS AD AC 8S 8H"))
    flush = hand(parse_cards("KH QH JH") + parse_cards("TH 9H 9S"))
    assert flush.category == QUINTE_FLOCHE and flush.name_fr == "Quinte floche au Roi"
    assert flush.key > full.key  # it wins


def test_every_category_has_its_name() -> None:
    examples = {
        PAIRE: "QS QC 9D 4H 2S", BRELAN: "QS QC QD 4H 2S", FLOCHE: "QS 9S 7S 4S 2S",
        DEUX_PAIRES: "QS QC 4D 4H 2S", FULL: "QS QC QD 4H 4S", QUINTE: "9S 8C 7D 6H 5S",
    }  # fmt: skip
    for cat, text in examples.items():
        h = parse_hand(text)
        assert h.category == cat and h.to_dict()["name"] == h.name_fr
        assert h.name_fr.startswith(h.category_fr)


@given(st.lists(st.sampled_from(DECK), unique=True, max_size=23), st.randoms())
def test_order_does_not_matter_and_more_cards_never_hurt(
    cards: list[int], rnd: random.Random
) -> None:
    key = evaluate(cards)
    shuffled = list(cards)
    rnd.shuffle(shuffled)
    assert evaluate(shuffled) == key
    if cards:
        assert evaluate(cards[:-1]) <= key


def test_the_numpy_batch_path_gives_the_same_keys() -> None:
    np = pytest.importorskip("numpy")
    from ludotheque.cards.poker_batch import evaluate_batch, evaluate_masks, masks_of

    rng = random.Random(11)
    for k in (1, 2, 4, 5, 6, 7, 10, 20, 23, 52):
        hands = [rng.sample(DECK, k) for _ in range(400)]
        assert evaluate_batch(np.array(hands)).tolist() == [evaluate(h) for h in hands]
    rare = [parse_cards(t) for t in ("AH 2H 3H 4H 5H 9C 9D", "7S 7H 7D 7C 2S 2H 2D")]
    assert evaluate_masks(masks_of(np.array(rare))).tolist() == [evaluate(h) for h in rare]
