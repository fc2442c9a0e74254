"""La Belote AlphaPoker and La Belote secrète, rule by rule (rules/alphapoker.md R69–R84) and
examples E16–E18."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.cards.letters import VALUES
from ludotheque.engine import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.belote import GAME
from ludotheque.games.belote.rules import CARDS, BeloteState, team

from .helpers import cards, claim, lay, new, pass_, rig


def pick(pool: list[str], total: int) -> list[str]:
    """Cards of ``pool`` worth exactly ``total`` (greedy, the pool has many 1-point cards)."""
    out = []
    for card in sorted(pool, key=lambda c: -VALUES[c[0]]):
        if VALUES[card[0]] <= total - sum(VALUES[c[0]] for c in out):
            out.append(card)
    assert sum(VALUES[c[0]] for c in out) == total
    for card in out:
        pool.remove(card)
    return out


def end_manche(state: BeloteState, taken: tuple[int, int]) -> None:
    """Rig the last card of a manche: the teams took ``taken`` points, the rest is on the
    table but for one card in the actor's hand; the actor lays it, then everyone passes."""
    pool = list(CARDS)
    last = "Er"
    pool.remove(last)
    state.taken = [pick(pool, taken[0]), pick(pool, taken[1])]
    state.table = pool
    state.hands = [[], [], [], []]
    state.hands[state.actor] = [last]
    state.required = None
    manche = state.manche
    lay(state, state.actor, "E")
    while state.manche == manche and not state.is_over():
        (seat,) = state.to_move()
        pass_(state, seat)


def test_R69_two_teams_of_two_with_one_colour() -> None:
    assert (GAME.min_players, GAME.max_players) == (4, 4)
    assert len(CARDS) == 64 and {c[1] for c in CARDS} == {"r"} and "*r" not in CARDS
    assert sum(VALUES[c[0]] for c in CARDS) == 121
    assert [team(s) for s in range(4)] == [0, 1, 0, 1]


def test_R70_dealer_by_draw_then_clockwise_and_16_cards_each() -> None:
    state = new(seed=4)
    draw = state.dealer_draws[-1]
    ranks = ["ABCDEFGHIJKLMNOPQRSTUVWXYZ".index(c[0]) for c in draw]
    assert ranks.index(min(ranks)) == state.dealer and ranks.count(min(ranks)) == 1
    assert [len(h) for h in state.hands] == [16] * 4
    assert Counter(c for h in state.hands for c in h) == Counter(CARDS)
    dealer = state.dealer
    end_manche(state, (60, 60))
    assert state.manche == 2 and state.dealer == (dealer + 1) % 4


def test_R71_left_of_the_dealer_lays_first_then_clockwise() -> None:
    state = new(seed=1)
    first = (state.dealer + 1) % 4
    assert state.to_move() == {first}
    card = state.playable(first)[0]
    state.apply(first, {"type": "lay", "card": card})
    assert state.to_move() == {(first + 1) % 4} and state.table == [card]


def test_R72_R73_alternation_with_the_mixed_Y() -> None:
    """R72, R73: vowel after consonant and back; Y goes anywhere and frees the next card."""
    state = new()
    rig(state, hands={0: "TY", 1: "AB", 2: "EBC", 3: "LO"}, table="", actor=0, required=None)
    lay(state, 0, "T")
    assert state.required == "V" and state.playable(1) == ["Ar"]
    with pytest.raises(IllegalAction, match="voyelle"):
        lay(state, 1, "B")
    lay(state, 1, "A")
    assert state.playable(2) == ["Br", "Cr"]
    lay(state, 2, "B")
    lay(state, 3, "O")
    pass_(state, 3)
    lay(state, 0, "Y")  # after a vowel: a consonant or the Y
    assert state.required is None
    pass_(state, 0)
    assert state.playable(1) == ["Br"]  # the card after a Y is free (only B left)


def test_R74_no_card_of_the_required_kind_frees_the_player() -> None:
    state = new()
    rig(state, hands={1: "BCD"}, table="T", actor=1, required="V")
    assert state.playable(1) == ["Br", "Cr", "Dr"]
    rig(state, hands={1: "BCY"}, required="V")
    assert state.playable(1) == ["Yr"]


def test_R75_claims_only_right_after_laying_from_four_cards() -> None:
    state = new()
    rig(state, hands={0: "ESS", 1: "RU"}, table="TA", actor=0, required=None)
    lay(state, 0, "E")
    assert state.phase == "lay" and state.to_move() == {1}  # 3 cards: no claim
    lay(state, 1, "R")
    assert state.phase == "claim" and state.to_move() == {1}
    with pytest.raises(IllegalAction):
        lay(state, 2, state.playable(2)[0])
    assert {"type": "pass"} in state.legal_actions(1)
    with pytest.raises(InvalidAction):
        claim(state, 1, "")


def test_R76_3_a_valid_word_goes_to_the_claimant_team() -> None:
    state = new()
    rig(state, hands={1: "S"}, table="TAER", actor=1, required=None)
    lay(state, 1, "S")
    events = claim(state, 1, "TRESA")  # not a word
    assert events[0]["outcome"] == "not_admitted" and events[0]["team"] == 0
    assert events[0]["short"] is False
    rig(state, hands={2: "E"}, table="TABL", actor=2, required=None)
    state.phase = "lay"
    lay(state, 2, "E")
    events = claim(state, 2, "table")
    assert events[0]["outcome"] == "valid" and events[0]["team"] == 0
    assert state.table == [] and events[0]["points"] == 6


def test_R76_2_a_short_word_goes_to_the_opponents() -> None:
    state = new()
    rig(state, hands={0: "E"}, table="TABLO", actor=0, required=None)
    lay(state, 0, "E")
    events = claim(state, 0, "BLE")  # admissible, but fewer than 5 letters
    assert events[0]["outcome"] == "not_admitted" and events[0]["team"] == 1
    assert state.taken[1] == cards("BLE") and state.table == cards("TAO")
    # the event says why, so the screens need not count letters themselves
    assert events[0]["short"] is True and events[0]["min_letters"] == 5


def test_R76_1_E18_an_impossible_word_gives_the_present_cards() -> None:
    state = new()
    rig(state, hands={3: "O"}, table="RATES", actor=3, required=None)
    lay(state, 3, "O")
    events = claim(state, 3, "ORATEUR")
    assert events[0]["outcome"] == "impossible" and events[0]["team"] == 0
    assert Counter(state.taken[0]) == Counter(cards("ORATE"))
    assert state.table == cards("S")
    assert state.required is None  # D30: after any claim the next player is free


def test_R77_last_words_of_the_three_others() -> None:
    state = new()
    state.hands = [[], [], [], []]
    rig(state, hands={2: "E"}, table="TABL", actor=2, required=None)
    lay(state, 2, "E")
    pass_(state, 2)
    assert state.phase == "last" and state.last_queue == [3, 0, 1]
    claim(state, 3, "TABLE")
    assert state.manche == 2 and state.manches[0]["cards"] == [0, 6]


def test_R77_no_last_words_after_a_claim_on_the_last_card() -> None:
    state = new()
    state.hands = [[], [], [], []]
    rig(state, hands={2: "E"}, table="TABL", actor=2, required=None)
    lay(state, 2, "E")
    claim(state, 2, "TABLE")
    assert state.manche == 2 and state.manches[0]["cards"] == [6, 0]


def test_R78_R79_E17_manche_score_with_the_bonus() -> None:
    """R78, R79, E17: each team scores its cards, the better one 30 points more."""
    state = new()
    end_manche(state, (70, 45))
    m = state.manches[0]
    assert m["cards"] == [70, 45] and m["left"] == 6
    assert m["score"] == [100, 45] and state.totals == [100, 45]


def test_R79_equal_points_no_bonus() -> None:
    state = new()
    end_manche(state, (50, 50))
    assert state.manches[0]["score"] == [50, 50]


def test_R80_target_reached_and_equal_totals_play_on() -> None:
    state = new(belote_target=100)
    end_manche(state, (70, 45))
    assert state.is_over() and state.result().winners == (0, 2)
    assert state.result().scores == (100, 45, 100, 45)
    state = new(belote_target=100)
    state.totals = [30, 55]
    end_manche(state, (45, 50))  # 30+45 = 75 vs 55+50+30 = 135
    assert state.is_over() and state.winner == 1
    state = new(belote_target=100)
    state.totals = [80, 50]
    end_manche(state, (50, 50))  # 130 vs 100: both reach it, the higher total wins
    assert state.winner == 0
    state = new(belote_target=100)
    state.totals = [50, 50]
    end_manche(state, (60, 60))  # 110 each: another manche
    assert not state.is_over() and state.manche == 2


def test_R82_R84_secrete_views_show_the_top_card_and_the_stack_size() -> None:
    state = new(belote_secrete=True)
    rig(state, hands={0: "T", 1: "A", 2: "B"}, actor=0, required=None)
    lay(state, 0, "T")
    lay(state, 1, "A")
    view = state.view(2)
    assert "table" not in view and view["top"] == "Ar" and view["stack_size"] == 2
    assert [e["card"] for e in view["seen"] if e["type"] == "lay"] == ["Tr", "Ar"]
    lay(state, 2, "B")
    assert state.view(2)["seen"] == [{"type": "lay", "seat": 2, "card": "Br"}]
    assert "ARTA" not in str(state.legal_actions(2))  # nothing reveals the stack


def test_R83_secrete_claim_reveals_then_restacks_in_order() -> None:
    state = new(belote_secrete=True)
    rig(state, hands={0: "E"}, table="TXABLZ", actor=0, required=None)
    lay(state, 0, "E")
    events = claim(state, 0, "TABLE")
    assert events[0]["revealed"] == cards("TXABLZE")
    assert state.table == cards("XZ") and state.view(1)["top"] == "Zr"
    assert events[0]["stack"] == cards("XZ")


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        GAME.options_type(belote_target=0)


def test_E16_alternation_and_claim() -> None:
    state = new()
    rig(state, hands={0: "TL", 1: "AY", 2: "B", 3: "LE"}, table="", actor=0, required=None)
    lay(state, 0, "T")
    lay(state, 1, "A")
    lay(state, 2, "B")
    with pytest.raises(IllegalAction):
        lay(state, 3, "L")  # P3 holds a vowel
    lay(state, 3, "E")
    pass_(state, 3)
    lay(state, 0, "L")
    events = claim(state, 0, "TABLE")
    assert events[0]["outcome"] == "valid" and events[0]["points"] == 6
    assert state.taken[0] == cards("TABLE")
    assert state.required is None  # P1 may lay anything
    lay(state, 1, "Y")
    assert state.required is None  # P2, then P3, may lay anything


def test_R75_a_client_is_offered_one_claim_form_not_the_tables_best_words() -> None:
    import random

    from ludotheque import games

    state = games.get("belote").new(4, None, seed=5)
    rng = random.Random(5)
    while True:
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        if len([a for a in legal if a["type"] == "claim"]) > 1:
            break
        state.apply(seat, rng.choice(legal))
    offered = state.offered_actions(seat)
    claims = [a for a in offered if a["type"] == "claim"]
    assert len(claims) == 1 and claims[0] in legal
    assert {"type": "pass"} in offered
