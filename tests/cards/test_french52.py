"""The 52-card deck and its notation (rules/README §4, rules/casinoroyal.md §1, §9)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludotheque.cards.french52 import (
    DECK,
    card_name_fr,
    card_str,
    card_symbol,
    format_cards,
    parse_card,
    parse_cards,
    rank_value,
    sort_cards,
    suit_of,
)
from ludotheque.engine.errors import NotationError


def test_canonical_order_is_suits_S_H_D_C_each_from_2_to_A() -> None:
    assert len(DECK) == 52
    assert format_cards(DECK[:13]) == "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    assert [card_str(c) for c in (13, 26, 39, 51)] == ["2H", "2D", "2C", "AC"]


def test_every_card_round_trips_through_its_notation() -> None:
    assert [parse_card(card_str(c)) for c in DECK] == list(DECK)
    assert parse_cards(format_cards(DECK)) == list(DECK)


def test_ten_is_T_or_10_and_case_and_symbols_do_not_matter() -> None:
    th = parse_card("TH")
    assert parse_card("10H") == parse_card("th") == parse_card("10♥") == parse_card("T♡") == th
    assert parse_cards("AS KS 10D") == parse_cards("as,ks;td") == parse_cards("ASKS10D")
    assert card_str(th) == "TH" and card_symbol(th) == "10♥"
    assert card_name_fr(th) == "dix de cœur" and card_name_fr(parse_card("AS")) == "as de pique"
    assert rank_value(parse_card("AS")) == 14 and suit_of(parse_card("7C")) == "C"


@pytest.mark.parametrize("bad", ["1H", "TX", "AS K", "11S", "ZZ", "AS,,KQ"])
def test_malformed_cards_are_refused_in_french(bad: str) -> None:
    with pytest.raises(NotationError) as err:
        parse_cards(bad)
    assert "n'est pas une carte" in err.value.fr and "is not a card" in err.value.en


def test_a_card_written_twice_is_refused_unless_allowed() -> None:
    with pytest.raises(NotationError, match="deux fois"):
        parse_cards("AS KS 10S TS")
    assert parse_cards("AS AS", distinct=False) == [12, 12]
    with pytest.raises(NotationError):
        parse_card("AS KS")


@given(st.lists(st.sampled_from(DECK), unique=True))
def test_sort_is_high_rank_first_and_keeps_the_cards(cards: list[int]) -> None:
    out = sort_cards(cards)
    assert sorted(out) == sorted(cards)
    assert [rank_value(c) for c in out] == sorted((rank_value(c) for c in cards), reverse=True)
