"""AlphaPoker rules R1–R43, one test (or more) named after each rule."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.cards.letters import deck, draw_rank
from ludotheque.engine import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.alphapoker.rules import sub_multisets

from .helpers import GAME, act, conserved, declare, new, no_changes, rig, with_dealer


def all_cards(state) -> Counter:
    cards = Counter(state.pile) + Counter(state.discard_pile)
    for hand in state.hands:
        cards += Counter(hand)
    return cards


# ---------------------------------------------------------------- 3.1 set-up and dealing
@pytest.mark.parametrize(("players", "sets"), [(2, 1), (3, 1), (4, 1), (5, 2), (8, 2)])
def test_R1_one_set_up_to_4_players_two_sets_for_5_to_8(players: int, sets: int) -> None:
    state = new(players)
    assert all_cards(state) == Counter(deck(sets))
    assert sum(all_cards(state).values()) == 130 * sets


@pytest.mark.parametrize("players", [0, 1, 9])
def test_R1_more_than_8_or_fewer_than_2_players_refused(players: int) -> None:
    with pytest.raises(OptionsError, match="de 2 à 8 joueurs"):
        new(players)


def test_R2_the_best_word_takes_the_pot() -> None:
    state = with_dealer(0)
    no_changes(state)
    rig(
        state,
        hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Qb Ub Ib Zb Br Dr Fr", 0: "Zr Or Or Br Db Gb Fb"},
    )
    act(state, 1, "bet", amount=1, pour_voir=True)
    act(state, 2, "follow")
    act(state, 0, "follow")
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Qb Ub Ib Zb")
    declare(state, 0, "Zr Or Or")
    assert state.last_hand is not None and state.last_hand["winners"] == [2]


@pytest.mark.parametrize(("players", "capital"), [(2, 210), (3, 140), (4, 110), (5, 110), (8, 110)])
def test_R3_starting_capital(players: int, capital: int) -> None:
    state = new(players)
    assert state.initial_total == players * capital
    assert state.capital == [capital - 5] * players  # after the ante of the first hand


def test_R3_capital_option_overrides() -> None:
    assert new(3, capital=50).initial_total == 150


def test_R4_nearest_to_A_deals_and_a_shared_nearest_voids_the_draw() -> None:
    assert draw_rank("Ar") == draw_rank("Ab") == 0
    assert draw_rank("*r") > draw_rank("Zb")
    redraws = 0
    for seed in range(300):
        state = new(4, seed)
        *void, final = state.dealer_draws
        for draw in void:
            ranks = [draw_rank(c) for c in draw]
            assert ranks.count(min(ranks)) > 1
        ranks = [draw_rank(c) for c in final]
        assert ranks.count(min(ranks)) == 1 and state.dealer == ranks.index(min(ranks))
        redraws += len(void)
    assert redraws > 0  # the void case did happen in these seeds


def test_R5_deal_passes_clockwise_skipping_eliminated() -> None:
    state = with_dealer(0, players=4)
    rig(state, capitals=[100, 100, 2, 100])  # seat 2 will be eliminated at the next ante
    no_changes(state)
    act(state, 1, "bet", amount=1, pour_voir=False)
    for seat in (2, 3, 0):
        act(state, seat, "fold")
    assert state.dealer == 1 and state.hand_number == 2
    no_changes(state)
    entame = state.entame
    act(state, entame, "bet", amount=1, pour_voir=False)
    while state.hand_number == 2:
        (seat,) = state.to_move()
        act(state, seat, "fold")
    assert state.eliminated[2] is not None
    assert state.dealer == 3  # 2 was skipped


def test_R6_entame_is_left_of_the_dealer_and_changes_first() -> None:
    state = with_dealer(2, players=4)
    assert state.entame == 3 and state.to_move() == {3}


def test_R7_below_5_pm_at_the_start_of_a_hand_is_eliminated() -> None:
    state = with_dealer(0)
    rig(state, capitals=[4, 4, 135])
    no_changes(state)
    act(state, 1, "fold")  # entame folds; 2 and 0 to showdown at level 0
    declare(state, 2, "")
    declare(state, 0, "")
    # Split 15 between 2 and 0: 7 each, 1 carried. Seat 1 had 4: eliminated; 0 has 11.
    assert state.eliminated[1] is not None and state.eliminated[0] is None


def test_R8_deal_one_card_at_a_time_from_the_entame() -> None:
    state = with_dealer(0, players=3, hand_size=9)
    assert [len(h) for h in state.hands] == [9, 9, 9]
    assert len(state.pile) == 130 - 27
    # Re-deal by hand from the same RNG position to check the order of the deal.
    replica = new(3, state.seed, hand_size=9)
    assert replica.hands == state.hands


def test_R9_ante_of_5_before_any_change() -> None:
    state = new(4)
    assert state.pot == 20 and state.phase == "change"


# ---------------------------------------------------------------- 3.2 change rounds
@pytest.mark.parametrize(
    ("size", "rounds", "most"), [(5, 1, 3), (6, 2, 3), (7, 2, 4), (8, 3, 4), (9, 3, 5)]
)
def test_R10_change_rounds_and_maximum_by_hand_size(size: int, rounds: int, most: int) -> None:
    state = new(3, hand_size=size)
    seat = state.entame
    sizes = {len(a["cards"]) for a in state.legal_actions(seat)}
    assert sizes == set(range(most + 1))
    with pytest.raises(IllegalAction, match=f"au plus {most}"):
        act(state, seat, "change", cards=state.hands[seat][: most + 1])
    turns = 0
    while state.phase == "change":
        (seat,) = state.to_move()
        act(state, seat, "change", cards=[])
        turns += 1
    assert turns == rounds * 3


def test_R11_discard_then_draw_as_many_discards_never_reused() -> None:
    state = new(3)
    seat = state.entame
    gone = state.hands[seat][:3]
    before = len(state.pile)
    act(state, seat, "change", cards=gone)
    assert len(state.hands[seat]) == 7 and len(state.pile) == before - 3
    assert state.discard_pile == gone
    while state.phase == "change":
        (s,) = state.to_move()
        act(state, s, "change", cards=state.hands[s][:4])
    assert all_cards(state) == Counter(deck())


def test_R11_round_goes_clockwise_from_the_entame() -> None:
    state = with_dealer(1, players=4)
    order = []
    while state.phase == "change":
        (s,) = state.to_move()
        order.append(s)
        act(state, s, "change", cards=[])
    assert order == [2, 3, 0, 1, 2, 3, 0, 1]


def test_R11_cannot_discard_cards_not_held() -> None:
    state = new(3)
    seat = state.entame
    missing = next(c for c in ("Qr", "Qb", "Wr", "Wb", "Kr") if c not in state.hands[seat])
    with pytest.raises(IllegalAction, match="vous n'avez pas"):
        act(state, seat, "change", cards=[missing])


def test_R12_hands_and_discards_are_private_counts_are_public() -> None:
    state = new(3)
    seat = state.entame
    act(state, seat, "change", cards=state.hands[seat][:2])
    other = (seat + 1) % 3
    mine, theirs, spectator = state.view(seat), state.view(other), state.view(None)
    assert mine["hand"] == state.hands[seat] and len(mine["my_discards"]) == 2
    assert theirs["hand"] == state.hands[other] and theirs["my_discards"] == []
    assert "hand" not in spectator
    assert theirs["changes"][0][seat] == 2
    for card in state.hands[seat]:
        assert card not in str({k: v for k, v in theirs.items() if k not in ("hand",)}) or (
            card in theirs["hand"]
        )


def test_R13_misdrawn_card_goes_under_the_pile() -> None:
    state = new(3)
    seat = state.entame
    act(state, seat, "change", cards=state.hands[seat][:2])
    shown = state.hands[seat][-1]
    next_card = state.pile[-1]
    state.apply(None, {"type": "misdraw", "seat": seat, "card": shown})
    assert state.pile[0] == shown and next_card in state.hands[seat]
    assert len(state.hands[seat]) == 7
    with pytest.raises(IllegalAction):
        state.apply(None, {"type": "misdraw", "seat": (seat + 1) % 3, "card": shown})
    with pytest.raises(InvalidAction):
        state.apply(None, {"type": "fold"})


# ---------------------------------------------------------------- 3.3 betting
def betting(players: int = 3, **options) -> object:
    state = with_dealer(0, players=players, **options)
    no_changes(state)
    return state


def test_R14_only_the_entame_bets_others_follow_or_fold() -> None:
    state = betting()
    act(state, 1, "bet", amount=3, pour_voir=False)
    assert state.legal_actions(2) == [{"type": "follow"}, {"type": "fold"}]
    with pytest.raises(IllegalAction, match="seul le joueur de l'entame"):
        act(state, 2, "bet", amount=5, pour_voir=False)


def test_R15_opening_is_1_to_15_or_fold() -> None:
    state = betting()
    actions = state.legal_actions(1)
    amounts = {a["amount"] for a in actions if a["type"] == "bet"}
    assert amounts == set(range(1, 16))
    assert {"type": "check"} not in actions and {"type": "fold"} in actions
    with pytest.raises(IllegalAction, match="R15"):
        act(state, 1, "check")
    with pytest.raises(IllegalAction):
        act(state, 1, "bet", amount=16, pour_voir=False)
    with pytest.raises(InvalidAction):
        act(state, 1, "bet", amount="3")


def test_R16_follow_pays_the_difference_fold_keeps_what_was_paid() -> None:
    state = betting()
    act(state, 1, "bet", amount=4, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "fold")
    assert state.contrib == [0, 4, 4] and state.pot == 23 and state.folded[0]
    act(state, 1, "bet", amount=9, pour_voir=False)
    act(state, 2, "follow")
    assert state.contrib[2] == 9 and state.capital[2] == 135 - 9


def test_R16_a_player_who_cannot_follow_is_eliminated() -> None:
    state = betting()
    rig(state, capitals=[2, 135, 135])
    act(state, 1, "bet", amount=3, pour_voir=False)
    act(state, 2, "follow")
    assert state.eliminated[0] is not None and state.capital[0] == 2
    assert state.to_move() == {1}


def test_R17_back_to_the_entame_raise_check_or_fold() -> None:
    state = betting()
    act(state, 1, "bet", amount=4, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "follow")
    kinds = {a["type"] for a in state.legal_actions(1)}
    assert kinds == {"bet", "check", "fold"}
    assert min(a["amount"] for a in state.legal_actions(1) if a["type"] == "bet") == 5
    act(state, 1, "check")
    assert state.phase == "showdown" and state.level == 4


def test_R18_pour_voir_then_showdown_after_the_answers() -> None:
    state = betting()
    act(state, 1, "bet", amount=4, pour_voir=True)
    act(state, 2, "follow")
    assert state.phase == "bet"
    act(state, 0, "fold")
    assert state.phase == "showdown"


def test_R18_a_bet_to_15_is_always_pour_voir() -> None:
    state = betting()
    assert {"type": "bet", "amount": 15, "pour_voir": False} not in state.legal_actions(1)
    events = act(state, 1, "bet", amount=15, pour_voir=False)
    assert events[0]["pour_voir"] and state.pour_voir


def test_check_changes_nothing_and_the_record_keeps_the_canonical_form() -> None:
    """``_check`` only refuses (the protocol's contract); ``_normalise`` writes the one form
    the record keeps: cards spelled « Ar », a bet to the cap marked « pour voir » (R18)."""
    state = with_dealer(0)
    (seat,) = state.to_move()
    card = state.hands[seat][0]
    change = {"type": "change", "cards": [f" {card.lower()} "]}
    state._check(seat, change)
    assert change == {"type": "change", "cards": [f" {card.lower()} "]}
    state.apply(seat, change)
    assert state.actions[-1] == (seat, {"type": "change", "cards": [card]})
    state = betting()
    bet = {"type": "bet", "amount": 15}
    state._check(1, bet)
    assert bet == {"type": "bet", "amount": 15}
    state.apply(1, bet)
    assert state.actions[-1] == (1, {"type": "bet", "amount": 15, "pour_voir": True})


def test_R19_raises_loop_back_and_the_round_always_ends() -> None:
    state = betting()
    level = 0
    while state.phase == "bet":
        (seat,) = state.to_move()
        if seat == 1:
            level += 1
            act(state, 1, "bet", amount=level, pour_voir=False)
        else:
            act(state, seat, "follow")
    assert level == 15 and state.phase == "showdown"


def test_R20_entame_folds_the_others_go_to_showdown_at_this_level() -> None:
    state = betting()
    act(state, 1, "bet", amount=4, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "follow")
    act(state, 1, "fold")
    assert state.phase == "showdown" and state.level == 4 and state.order == [2, 0]


def test_R21_last_player_in_the_hand_takes_the_pot() -> None:
    state = betting()
    act(state, 1, "bet", amount=2, pour_voir=False)
    act(state, 2, "fold")
    events = act(state, 0, "fold")
    assert any(e["type"] == "pot" and e["how"] == "fold_out" for e in events)


def test_R22_nobody_bets_more_than_his_capital() -> None:
    state = betting()
    rig(state, capitals=[135, 6, 135])
    amounts = {a["amount"] for a in state.legal_actions(1) if a["type"] == "bet"}
    assert amounts == set(range(1, 7))
    with pytest.raises(IllegalAction, match="de 1 à 6 PM"):
        act(state, 1, "bet", amount=7, pour_voir=False)


def test_R23_alternate_betting_between_change_rounds() -> None:
    state = with_dealer(0, players=3, alternate_betting=True)
    for _ in range(3):
        (s,) = state.to_move()
        act(state, s, "change", cards=[])
    assert state.phase == "bet" and state.bet_stage == "intermediate"
    actions = state.legal_actions(1)
    assert max(a["amount"] for a in actions if a["type"] == "bet") == 14
    assert not any(a.get("pour_voir") for a in actions) and {"type": "check"} in actions
    with pytest.raises(IllegalAction, match="pour voir"):
        act(state, 1, "bet", amount=3, pour_voir=True)
    act(state, 1, "bet", amount=3, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "follow")
    assert state.phase == "change" and state.round == 1 and state.level == 3
    no_changes(state)
    assert state.bet_stage == "final" and state.to_move() == {1}
    assert {"type": "check"} in state.legal_actions(1)  # L > 0: no raise → showdown


def test_R23_entame_folding_in_an_intermediate_round_passes_the_role() -> None:
    state = with_dealer(0, players=3, alternate_betting=True)
    for _ in range(3):
        (s,) = state.to_move()
        act(state, s, "change", cards=[])
    act(state, 1, "fold")
    assert state.entame == 2 and state.phase == "change" and state.to_move() == {2}


def test_R23_no_effect_with_hand_size_5() -> None:
    state = with_dealer(0, players=3, alternate_betting=True, hand_size=5)
    no_changes(state)
    assert state.bet_stage == "final"


def test_R24_timers_change_nothing_or_fold() -> None:
    state = new(3, timers=True)
    seat = state.entame
    assert state.timeout_action(seat) == {"type": "change", "cards": []}
    assert state.timeout_action((seat + 1) % 3) is None  # not his turn
    no_changes(state)
    assert state.timeout_action(state.entame) == {"type": "fold"}
    assert new(3).timeout_action(new(3).entame) is None  # timers off: nothing times out


# ---------------------------------------------------------------- 3.4 elimination
def test_R25_an_eliminated_player_cannot_fold_instead() -> None:
    state = betting()
    rig(state, capitals=[0, 135, 135])
    act(state, 1, "bet", amount=1, pour_voir=False)
    assert state.to_move() == {2}
    act(state, 2, "follow")
    assert state.eliminated[0] is not None and 0 not in state.to_move()


def test_R26_eliminated_keeps_his_leftover_out_of_play() -> None:
    state = betting()
    rig(state, capitals=[2, 135, 135])
    act(state, 1, "bet", amount=3, pour_voir=False)
    act(state, 2, "follow")
    assert state.capital[0] == 2 and state.pot == 15 + 3 + 3
    assert conserved(state)
    assert state.view(1)["eliminated"][0] is True


def test_R27_last_player_in_the_game_wins_at_once() -> None:
    state = betting(players=2)
    rig(state, capitals=[1, 200])
    act(state, 1, "bet", amount=2, pour_voir=False)
    assert state.is_over() and state.winner == 1 and state.end_reason == "last_player"


def test_R28_players_eliminated_by_the_same_event_share_it() -> None:
    state = with_dealer(0, players=4)
    rig(state, capitals=[3, 100, 3, 100])
    no_changes(state)
    act(state, 1, "fold")  # seats 2, 3, 0 go to the showdown at level 0
    rig(state, hands={3: "Cr Hr Ar Tr Bb Db Fb"})
    for s in state.order:
        declare(state, s, "Cr Hr Ar Tr" if s == 3 else "")
    # Seats 0 and 2 start hand 2 with 3 PM: one R7 event eliminates both.
    assert state.eliminated[0] is not None and state.eliminated[0] == state.eliminated[2]


def test_R28_ranks_of_players_eliminated_together_and_apart() -> None:
    state = with_dealer(0, players=4)
    rig(state, eliminated=(0,))
    rig(state, eliminated=(2, 3))
    state._finish(1, "last_player")
    assert state.result().ranks == (4, 1, 2, 2)


# ---------------------------------------------------------------- 3.5 showdown and scoring
def showdown(players: int = 3, **options):
    state = betting(players, **options)
    act(state, 1, "bet", amount=1, pour_voir=True)
    while state.phase == "bet":
        (s,) = state.to_move()
        act(state, s, "follow")
    return state


def test_R30_words_shown_clockwise_from_the_entame_no_word_allowed() -> None:
    state = showdown()
    assert state.order == [1, 2, 0] and state.to_move() == {1}
    assert {"type": "declare", "cards": []} in state.legal_actions(1)
    declare(state, 1, "")
    assert state.declared[1]["score"] == 0 and state.to_move() == {2}
    assert state.view(0)["declared"]["1"]["word"] == ""


def test_R31_a_word_uses_distinct_cards_of_ones_own_hand() -> None:
    state = showdown()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb"})
    with pytest.raises(IllegalAction, match="vous n'avez pas"):
        declare(state, 1, "Cr Hr Ar Tr Tr")
    with pytest.raises(InvalidAction, match="joker"):
        declare(state, 1, "Cr Hr *r")
    with pytest.raises(InvalidAction):
        state.apply(1, {"type": "declare", "cards": "Cr Hr"})
    declare(state, 1, "Cr Hr")  # fewer than 3 letters: allowed, scores 0
    assert state.declared[1]["score"] == 0


def test_R32_length_points_plus_values_doubled_if_one_colour() -> None:
    state = showdown()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Cr Hr Ar Tb Bb Db Fb"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Cr Hr Ar Tb")
    assert state.declared[1]["score"] == 24 and state.declared[2]["score"] == 12


def test_R32_the_view_shows_each_word_count_term_by_term() -> None:
    """LIMBO 30 beat VIDAGE 22 said nothing: every shown word carries its count's terms
    (letters' values, length points, colour doubling; a joker is worth its letter)."""
    state = showdown()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Cr Hr *b Tb Bb Db Fb"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Cr Hr *b(=A) Tb")
    red = state.view(0)["declared"]["1"]["count"]
    assert [x["letter"] for x in red["letters"]] == ["C", "H", "A", "T"]
    assert [x["value"] for x in red["letters"]] == [2, 3, 1, 1]
    assert red["letters_sum"] == 7 and red["length_points"] == 5
    assert red["doubled"] and red["total"] == (7 + 5) * 2 == state.declared[1]["score"]
    mixed = state.view(1)["declared"]["2"]["count"]
    assert mixed["letters"][2] == {"letter": "A", "value": 1, "colour": "b", "joker": True}
    assert not mixed["doubled"] and mixed["total"] == 12 == state.declared[2]["score"]


def test_R33_simplified_counting() -> None:
    state = showdown(simplified_counting=True)
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb"})
    declare(state, 1, "Cr Hr Ar Tr")
    assert state.declared[1]["score"] == 14


def test_R33_the_option_says_what_simplified_counting_keeps() -> None:
    """Found play-testing: the table form said « Un point par lettre, sans doublement de
    couleur », while R33 keeps the letters' values and the doubling and drops the length
    points only."""
    from ludotheque.games.alphapoker.options import WORDS

    words = WORDS["simplified_counting"].help
    assert words is not None
    assert "longueur" in words.fr and "doublée" in words.fr and "sans doublement" not in words.fr
    assert "length" in words.en and "doubled" in words.en


def test_R34_an_inadmissible_word_scores_zero() -> None:
    state = showdown()
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb"})
    declare(state, 1, "Hr Cr Ar Tr")
    assert state.declared[1]["score"] == 0 and not state.declared[1]["admitted"]


def test_R34_a_refused_word_says_why_in_words_without_codes() -> None:
    state = showdown()
    rig(state, hands={1: "Ir Lr Sr Tr Bb Db Fb"})
    declare(state, 1, "Ir Lr Sr")  # ILS: a pronoun
    d = state.view(0)["declared"]["1"]
    assert d["reason"] == "pronom personnel, non admis"
    assert d["reason_en"] == "personal pronoun, not admitted"
    assert d["count"]["total"] == (3 + 3) * 2  # what it would have counted, for the curious


def test_R35_equal_counts_split_and_the_remainder_carries() -> None:
    state = showdown()  # pot 18
    for s in (1, 2, 0):
        declare(state, s, "")  # a tie at 0 is a tie like any other
    assert state.last_hand is not None
    assert state.last_hand["winners"] == [1, 2, 0] and state.last_hand["share"] == 6
    assert state.last_hand["carry"] == 0


def test_R36_a_remainder_left_at_the_end_is_discarded() -> None:
    state = showdown(hands_per_game=1)
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Cb Hb Ab Tb Br Dr Fr"})
    rig(state, pot=19, capitals=[134, 100, 134])
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Cb Hb Ab Tb")
    declare(state, 0, "")
    assert state.is_over() and state.discarded == 1 and state.pot == 0
    assert conserved(state)


def test_R37_a_game_lasts_hands_per_game_hands() -> None:
    state = new(3, hands_per_game=2)
    while not state.is_over():
        (s,) = state.to_move()
        if state.phase == "bet" and s == state.entame:
            act(state, s, "fold")
        elif state.phase == "change":
            act(state, s, "change", cards=[])
        else:
            act(state, s, "follow") if state.phase == "bet" else declare(state, s, "")
    assert state.hands_played == 2


def test_R38_tie_break_hand_ante_and_cap() -> None:
    state = with_dealer(0, players=3, hands_per_game=1)
    rig(state, capitals=[40, 40, 10], pot=0)
    state._end_of_regular_hands()
    assert state.tied == [0, 1] and state.ante == 5 and state.cap == 15
    assert not state.in_hand[2] and state.hands[2] == []


def test_R39_final_ranking() -> None:
    state = with_dealer(0, players=4, hands_per_game=1)
    rig(state, capitals=[30, 50, 30, 2], pot=0, eliminated=(3,))
    state._end_of_regular_hands()
    assert state.is_over() and state.winner == 1
    assert state.result().ranks == (2, 1, 2, 4)


# ---------------------------------------------------------------- 3.7 admissible words
def test_R40_nouns_adjectives_infinitives_participles_not_conjugations() -> None:
    state = showdown()
    rig(state, hands={1: "Pr Ar Rr Lr Er Rr Bb", 2: "Pr Ab Rr Lb Ar Ib Tr"})
    declare(state, 1, "Pr Ar Rr Lr Er Rr")
    declare(state, 2, "Pr Ab Rr Lb Ar Ib Tr")
    assert state.declared[1]["admitted"] and not state.declared[2]["admitted"]


def test_R41_accented_words_played_with_plain_letters() -> None:
    state = showdown()
    rig(state, hands={1: "Er Tr Er Bb Db Fb Gb"})
    declare(state, 1, "Er Tr Er")
    assert state.declared[1]["word"] == "ETE" and state.declared[1]["admitted"]


def test_R42_compound_words_only_with_the_option() -> None:
    hand = "Pr Er Ur Tr Er Tr Rr Er Bb"  # PEUT-ÊTRE, played without its hyphen
    plain, compound = showdown(hand_size=9), showdown(hand_size=9, compound_words=True)
    for state in (plain, compound):
        rig(state, hands={1: hand})
        declare(state, 1, "Pr Er Ur Tr Er Tr Rr Er")
    assert not plain.declared[1]["admitted"]
    assert compound.declared[1]["admitted"] and compound.declared[1]["score"] == (23 + 9) * 2


def test_R42_proper_nouns_need_the_tables_list() -> None:
    with pytest.raises(OptionsError, match="Liste de noms propres"):
        new(3, proper_nouns=True)
    state = showdown(proper_nouns=True, proper_noun_list=("Paris", "Lyon"))
    rig(state, hands={1: "Lr Yr Or Nr Bb Db Fb"})
    assert any(a["cards"] == ["Lr", "Yr", "Or", "Nr"] for a in state.legal_actions(1))
    declare(state, 1, "Lr Yr Or Nr")
    assert state.declared[1]["admitted"] and state.declared[1]["score"] == (5 + 8) * 2


def test_R43_themed_game_words_judged_by_the_others() -> None:
    state = showdown(theme="animaux")
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Rb Ab Tb Br Dr Fr Gr", 0: "Zb Ob Ob Br"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Rb Ab Tb")
    declare(state, 0, "Zb Ob Ob")
    assert state.phase == "judge" and state.to_move() == {0, 1, 2}
    state.apply(0, {"type": "judge", "accept": {"1": True, "2": True}})
    state.apply(2, {"type": "judge", "accept": {"1": False, "0": True}})
    with pytest.raises(InvalidAction):
        state.apply(1, {"type": "judge", "accept": {"2": True}})
    state.apply(1, {"type": "judge", "accept": {"2": True, "0": True}})
    assert state.last_hand is not None
    words = state.last_hand["words"]
    assert words["1"]["score"] == 0 and words["0"]["score"] == 20 and words["2"]["score"] == 12
    assert state.last_hand["winners"] == [0]


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError, match="Cartes par main"):
        GAME.options_type(hand_size=10)
    with pytest.raises(OptionsError, match="inconnue"):
        GAME.options_type.from_dict({"hand_sizes": 7})
    with pytest.raises(OptionsError, match="mauvais type"):
        GAME.options_type.from_dict({"hand_size": "7"})
    assert GAME.options_type.parse(["hand_size=9", "alternate_betting=oui"]).hand_size == 9
    with pytest.raises(OptionsError, match="nom=valeur"):
        GAME.options_type.parse(["hand_size"])


def test_sub_multisets_are_distinct_and_complete() -> None:
    subs = sub_multisets(["Ar", "Ar", "Bb"], 2)
    assert sorted(subs) == sorted([(), ("Ar",), ("Ar", "Ar"), ("Bb",), ("Ar", "Bb")])


def test_views_are_copies_a_bot_cannot_change_the_game_through_them() -> None:
    state = showdown()
    declare(state, 1, "")
    before = state.record()
    view = state.view(0)
    view["declared"]["1"]["score"] = 99
    view["dealer_draws"][0].append("Zr")
    view["hand"].clear()
    view["capitals"][0] = 0
    assert state.view(0)["declared"]["1"]["score"] == 0
    assert state.view(0)["hand"] and state.view(0)["capitals"][0] > 0
    assert state.record() == before


def test_R31_a_client_is_offered_no_word_at_the_showdown_only_the_empty_declaration() -> None:
    # The words of a hand are the player's to find: a browser must not read them off the
    # legal list; every legal declaration is still accepted by apply.
    from ludotheque import games

    state = games.get("alphapoker").new(2, {"hand_size": 7}, seed=11)
    rng = __import__("random").Random(3)
    while state.phase != "showdown":
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        action = next((a for a in legal if a["type"] in ("follow", "check")), rng.choice(legal))
        state.apply(seat, action)
    seat = min(state.to_move())
    assert len(state.legal_actions(seat)) > 1
    assert state.offered_actions(seat) == [{"type": "declare", "cards": []}]
    state.apply(seat, state.legal_actions(seat)[-1])


def test_R11_a_client_is_offered_one_change_form_not_every_subset_of_his_hand() -> None:
    from ludotheque import games

    state = games.get("alphapoker").new(2, {"hand_size": 7}, seed=11)
    while state.phase != "change":
        seat = min(state.to_move())
        state.apply(seat, state.legal_actions(seat)[0])
    seat = min(state.to_move())
    legal = state.legal_actions(seat)
    assert len(legal) > 50  # every subset of up to max_change cards
    assert state.offered_actions(seat) == [{"type": "change", "cards": []}]
    state.apply(seat, legal[-1])  # any legal change is still accepted


def test_R24_timers_give_60_s_per_change_turn_and_20_s_per_betting_decision() -> None:
    from ludotheque import games

    game = games.get("alphapoker")
    state = game.new(2, {"timers": True}, seed=4)
    seat = min(state.to_move())
    assert state.phase == "change" and state.timer_seconds(seat) == 60
    while state.phase == "change":
        s = min(state.to_move())
        state.apply(s, {"type": "change", "cards": []})
    assert state.phase == "bet" and state.timer_seconds(min(state.to_move())) == 20
    assert game.new(2, None, seed=4).timer_seconds(0) is None  # no timers by default


def test_R14_R15_refusals_say_fold_as_the_table_does() -> None:
    """Found play-testing: the refusals said « ou passer », which reads as a check, while the
    table's answer is « se coucher (p) »; every client shows the engine's words."""
    from ludotheque.engine.errors import IllegalAction

    from .helpers import new, no_changes

    state = new(2, 4)
    no_changes(state)
    (seat,) = state.to_move()
    with pytest.raises(IllegalAction) as opening:
        state.apply(seat, {"type": "check"})
    assert "au moins 1 PM ou se coucher" in opening.value.fr
    state.apply(seat, {"type": "bet", "amount": 3, "pour_voir": False})
    with pytest.raises(IllegalAction) as follower:
        state.apply(1 - seat, {"type": "check"})
    assert "suivre (« je suis ») ou vous coucher" in follower.value.fr
