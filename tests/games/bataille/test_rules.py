"""La Bataille AlphaPoker, rule by rule (rules/alphapoker.md R55–R68) and example E15."""

from __future__ import annotations

from collections import Counter

import pytest

from ludotheque.cards.letters import deck
from ludotheque.engine import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.bataille import GAME

from .helpers import all_cards, claim, new, rig


def test_R55_two_players_one_set() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 2)
    state = new()
    assert Counter(all_cards(state)) == Counter(deck())


def test_R56_the_lot_chooses_a_colour_and_lays_first() -> None:
    choosers = {GAME.new(2, seed=s).chooser for s in range(20)}
    assert choosers == {0, 1}
    state = GAME.new(2, seed=3)
    assert state.to_move() == {state.chooser}
    with pytest.raises(IllegalAction):
        state.apply(state.chooser, {"type": "lay"})
    with pytest.raises(InvalidAction):
        state.apply(state.chooser, {"type": "colour", "colour": "vert"})
    state.apply(state.chooser, {"type": "colour", "colour": "b"})
    c = state.chooser
    assert state.colours[c] == "b" and state.colours[1 - c] == "r"
    assert len(state.play_piles[c]) == 65 and all(x[1] == "b" for x in state.play_piles[c])
    assert sum(x[0] == "*" for x in state.play_piles[1 - c]) == 1
    assert state.turn == c and state.to_move() == {c}


def test_R57_players_lay_in_turn_and_an_empty_pile_is_skipped() -> None:
    state = new()
    first = state.turn
    top = state.play_piles[first][-1]
    state.apply(first, {"type": "lay"})
    assert state.table == [top] and state.turn == 1 - first
    with pytest.raises(IllegalAction):
        state.apply(first, {"type": "lay"})
    rig(state, piles=("", "Ar Eb"), turn=1)
    state.apply(1, {"type": "lay"})
    assert state.turn == 1  # seat 0 has nothing to lay: skipped (deck mode)


def test_R58_claims_need_five_cards_then_both_seats_may_claim() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb", turn=0, last_layer=1)
    assert state.to_move() == {0}
    with pytest.raises(IllegalAction, match="5 cartes"):
        claim(state, 0, "CHAT")
    rig(state, table="Cr Hb Ar Tb Er")
    assert state.to_move() == {0, 1}
    assert {"type": "claim", "word": "CHAT"} in state.legal_actions(1)
    assert {"type": "pass"} in state.legal_actions(1)
    assert {"type": "lay"} in state.legal_actions(0)
    assert {"type": "pass"} not in state.legal_actions(0)


def test_R59_1_an_empty_claim_is_an_error() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr Xr", "Zb"), won=("", ""))
    events = claim(state, 0, "")
    assert events[0]["outcome"] == "no_word"
    assert state.won[1] == ["Xr"] and state.play_piles[0] == ["Kr"]
    assert len(state.table) == 5


def test_R59_2_an_impossible_word_costs_only_the_penalty() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr Xr", "Zb"), won=("", ""))
    events = claim(state, 0, "CHATS")
    assert events[0]["outcome"] == "impossible"
    assert state.won == [[], ["Xr"]] and len(state.table) == 5


def test_R59_3_an_inadmissible_word_gives_its_cards_and_the_penalty() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr Xr", "Zb"), won=("", ""))
    events = claim(state, 0, "HCAT")
    assert events[0]["outcome"] == "not_admitted"
    assert state.won[1] == ["Hb", "Cr", "Ar", "Tb", "Xr"]
    assert state.table == ["Er"]


def test_R59_3_under_three_letters_is_not_admissible() -> None:
    state = new()
    rig(state, table="Er Tb Ar Cr Hb", piles=("Kr", "Zb"), won=("", ""))
    assert claim(state, 0, "ET")[0]["outcome"] == "not_admitted"


def test_R59_4_a_valid_word_takes_its_cards_and_leaves_the_rest() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr", "Zb"), won=("", ""))
    events = claim(state, 1, "chat")
    assert events[0]["outcome"] == "valid" and events[0]["value"] == 7
    assert state.won == [[], ["Cr", "Hb", "Ar", "Tb"]] and state.table == ["Er"]


def test_R60_penalty_from_the_won_pile_then_nothing() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("", "Zb"), won=("Qr Wr", ""), turn=1)
    claim(state, 0, "")
    assert state.won == [["Qr"], ["Wr"]]
    rig(state, won=("", "Wr"))
    events = claim(state, 0, "")
    assert events[-1] == {"type": "penalty", "seat": 0, "card": None, "from": None}
    assert state.won == [[], ["Wr"]]


def test_R61_courtoisie_only_the_opponent_of_the_last_layer_may_claim() -> None:
    state = new(courtoisie=True)
    rig(state, table="Cr Hb Ar Tb Er", piles=("", "Lb Kb"), turn=1, last_layer=1)
    assert state.to_move() == {0, 1}  # seat 1 lays again (seat 0's pile is empty)
    assert {"type": "claim", "word": "CHAT"} not in state.legal_actions(1)
    with pytest.raises(IllegalAction, match="courtoisie"):
        claim(state, 1, "CHAT")
    claim(state, 0, "CHAT")
    assert state.won[0] == ["Cr", "Hb", "Ar", "Tb"]


def test_R62_several_claims_between_two_cards() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er Mr Or Tr Sb", turn=0, last_layer=1)
    claim(state, 1, "CHAT")
    assert state.to_move() == {0, 1}
    claim(state, 0, "MOTS")
    assert state.table == ["Er"] and state.to_move() == {0}


def test_R63_won_piles_keep_the_order_won() -> None:
    state = new()
    rig(state, table="Tb Ar Cr Hb Er Sr Or Lr Ub Nb", piles=("Kr", "Zb Jb"), won=("", ""))
    claim(state, 0, "CHAT")
    claim(state, 1, "HCAT")  # impossible now: penalty Jb to seat 0
    claim(state, 0, "SOLE")
    assert state.won[0] == ["Cr", "Hb", "Ar", "Tb", "Jb", "Sr", "Or", "Lr", "Er"]


def test_R64_letter_cards_before_jokers_and_designated_jokers() -> None:
    state = new()
    rig(state, table="Cr *b Hb Ar Tb", piles=("Kr", "Zb"), won=("", ""))
    claim(state, 0, "CHAT")
    assert state.won[0] == ["Cr", "Hb", "Ar", "Tb"] and state.table == ["*b"]
    rig(state, table="Cr *b Hb Ar Tb", won=("", ""))
    events = state.apply(0, {"type": "claim", "cards": ["Cr", "*b(=H)", "Ar", "Tb"]})
    assert events[0]["outcome"] == "valid" and state.table == ["Hb"]
    rig(state, table="Cr *b Hb Ar Tb", won=("", ""))
    assert claim(state, 1, "CHATS")[0]["outcome"] == "valid"  # the joker is the S
    rig(state, table="Cr Hb Ar Tb Er", won=("", ""))
    bad = state.apply(0, {"type": "claim", "cards": ["Cr", "Hr", "Ar", "Tb"]})
    assert bad[0]["outcome"] == "impossible"  # no red H on the table
    with pytest.raises(InvalidAction):
        state.apply(0, {"type": "claim", "word": "CHAT", "cards": []})
    with pytest.raises(InvalidAction):
        state.apply(0, {"type": "claim", "cards": ["*b"]})


def test_R65_lay_timer_lays_the_top_card() -> None:
    state = new(lay_timer=True)
    assert state.timeout_action(state.turn) == {"type": "lay"}
    assert state.timeout_action(1 - state.turn) is None
    assert new().timeout_action(0) is None


def test_R65_lay_timer_asks_3_s_between_two_cards_claims_between_them_not_counting() -> None:
    state = new(lay_timer=True)
    lay = {"type": "lay"}
    assert state.min_interval(state.turn, lay) is None  # the first card: no minimum
    state.apply(state.turn, lay)  # version 2 (the colour was version 1)
    assert state.min_interval(state.turn, lay) == (3.0, 2)
    assert state.min_interval(state.turn, {"type": "pass"}) is None  # only laying waits
    rig(state, table="Cr Hb Ar Tb Er")
    claim(state, 1 - state.last_layer if state.last_layer is not None else 0, "CHAT")
    assert state.min_interval(state.turn, lay) == (3.0, 2)  # from the card, not the claim
    assert new().min_interval(new().turn, lay) is None  # no lay_timer: no minimum


def test_R67_the_timed_game_has_a_clock_on_the_whole_game() -> None:
    assert new().game_clock() is None  # deck mode: no game clock
    state = new(bataille_mode="timed", bataille_duration_s=90)
    assert state.game_clock() == (90.0, {"type": "time_up"})
    assert GAME.new(2, {"bataille_mode": "timed"}, 0).game_clock() is None  # colour phase
    state.apply(None, {"type": "time_up"})
    assert state.game_clock() is None  # run out once: the final claims follow


def test_R66_final_claims_in_deck_mode() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er Mr Or Tr Sb", piles=("", "Lb"), turn=1)
    state.apply(1, {"type": "lay"})
    assert state.phase == "final" and state.final_queue == [0, 1]
    assert state.to_move() == {0}
    assert {"type": "lay"} not in state.legal_actions(0)
    claim(state, 0, "CHAT")
    state.apply(1, {"type": "pass"})
    assert state.is_over() and len(state.table) == 6  # left cards count for nobody


def test_R66_courtoisie_final_claim_only_for_the_other_player() -> None:
    state = new(courtoisie=True)
    rig(state, table="Cr Hb Ar Tb Er Mr", piles=("", "Lb"), turn=1)
    state.apply(1, {"type": "lay"})
    assert state.final_queue == [0]
    state.apply(0, {"type": "pass"})
    assert state.is_over()


def test_R66_no_final_claim_under_five_cards() -> None:
    state = new()
    rig(state, table="Cr Hb Ar", piles=("", "Lb"), turn=1)
    state.apply(1, {"type": "lay"})
    assert state.is_over()


def test_R67_timed_mode_refills_from_the_won_pile_first_won_on_top() -> None:
    state = new(bataille_mode="timed")
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr", "Zb"), won=("Qr Wr", ""), turn=0)
    state.apply(0, {"type": "lay"})
    assert state.play_piles[0] == ["Wr", "Qr"] and state.won[0] == []
    assert state.play_piles[0][-1] == "Qr"  # first won card on top
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "time_up"})
    with pytest.raises(InvalidAction):
        state.apply(None, {"type": "lay"})
    state.apply(None, {"type": "time_up"})
    assert state.phase == "final"
    assert state.final_queue == [1, 0]  # seat 0 laid the last card
    claim(state, 1, "CHAT")
    assert state.is_over()  # two cards left: no claim for seat 0 (R58)
    assert state.result().scores == (8 + 8, 5 + 7)  # R68: play + won piles


def test_R67_time_up_is_refused_in_deck_mode() -> None:
    with pytest.raises(IllegalAction):
        new().apply(None, {"type": "time_up"})


def test_R68_scores_with_the_joker_at_ten_and_draws() -> None:
    state = new()
    rig(state, table="Er", piles=("", ""), won=("Qr Wr *r Er", "Kb Xb Jb Ab Ab Ab Ab Ab Ab"))
    state.phase = "over"
    result = state.result()
    assert result.scores == (27, 20) and result.winners == (0,) and result.ranks == (1, 2)
    rig(state, won=("Qr", "Qb"))
    assert state.result().winners == (0, 1) and state.result().ranks == (1, 1)


def test_E15_bataille_example() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr", "Zb"), won=("", ""))
    x, y = 0, 1
    claim(state, x, "CHAT")
    assert state.won[x] == ["Cr", "Hb", "Ar", "Tb"] and state.table == ["Er"]
    assert sum({"C": 2, "H": 3, "A": 1, "T": 1}.values()) == 7
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr", "Zb"), won=("", ""))
    claim(state, x, "HCAT")
    assert state.won[y] == ["Hb", "Cr", "Ar", "Tb", "Kr"]
    rig(state, table="Cr Hb Ar Tb Er", piles=("Kr", "Zb"), won=("", ""))
    claim(state, x, "CHATS")
    assert state.won == [[], ["Kr"]] and len(state.table) == 5
    rig(state, piles=("", ""), won=("Qr Wr *r Er", ""))
    assert state.scores()[x] == 27


def test_pass_lets_the_card_go_until_the_table_changes() -> None:
    state = new()
    rig(state, table="Cr Hb Ar Tb Er", turn=0, last_layer=1)
    state.apply(1, {"type": "pass"})
    assert state.to_move() == {0}
    with pytest.raises(IllegalAction):
        claim(state, 1, "CHAT")
    state.apply(0, {"type": "lay"})
    assert 0 in state.to_move() and 1 in state.to_move()
    with pytest.raises(IllegalAction):
        state.apply(1, {"type": "colour", "colour": "r"})


def test_options_are_checked() -> None:
    with pytest.raises(OptionsError):
        GAME.options_type(bataille_mode="forever")  # type: ignore[arg-type]
    with pytest.raises(OptionsError):
        GAME.options_type(bot_reaction_ms=-1)


def test_R59_a_client_is_offered_the_empty_claim_not_the_tables_best_words() -> None:
    import random

    from ludotheque import games

    state = games.get("bataille").new(2, None, seed=5)
    rng = random.Random(5)
    while True:
        seat = min(state.to_move())
        legal = state.legal_actions(seat)
        words = [a for a in legal if a["type"] == "claim" and a["word"]]
        if words:
            break
        state.apply(seat, rng.choice([a for a in legal if a["type"] != "claim"] or legal))
    offered = state.offered_actions(seat)
    assert not [a for a in offered if a["type"] == "claim" and a["word"]]
    assert {"type": "claim", "word": ""} in offered


def test_R65_the_lay_timer_gives_10_s_to_lay_a_card() -> None:
    from ludotheque import games

    state = games.get("bataille").new(2, {"lay_timer": True}, seed=2)
    while state.phase == "colour":
        s = min(state.to_move())
        state.apply(s, state.legal_actions(s)[0])
    assert state.timer_seconds(state.turn) == 10
    assert state.timer_seconds(1 - state.turn) is None
