"""One test per rule of rules/pokerdas.md (R1–R29), through the protocol."""

from __future__ import annotations

import pytest

from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.pokerdas.hands import parse_throw
from ludotheque.games.pokerdas.options import CAFE, LITERAL, Options

from .helpers import ACCEPT, BLUFF, GAME, STOP, THROW, announce, conserved, load_dice, new, play


def test_R1_two_to_eight_players() -> None:
    assert (GAME.min_players, GAME.max_players) == (2, 8)
    with pytest.raises(OptionsError):
        GAME.new(9)


def test_R2_R11_best_combination_wins_the_round() -> None:
    """R2, R11: when everyone has thrown, the best combination wins the round."""
    state = new(3, first=0)
    load_dice(state, "K K K 9 10", "A A Q Q 9", "A A A 9 10")
    events = play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW))
    assert any(e["type"] == "round_won" and e["seat"] == 2 for e in events)


def test_R6_first_player_by_lot_then_clockwise() -> None:
    firsts = {new(4, seed=s).starter for s in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = new(3, first=2)
    assert state.order == [2, 0, 1]
    load_dice(state, "A A A A A", "9 9 9 9 9", "9 9 9 9 10")
    play(state, (2, THROW), (2, STOP), (0, THROW), (1, THROW))
    assert state.starter == 0 and state.order == [0, 1, 2]


def test_R7_stake_before_throwing_and_elimination() -> None:
    state = new(3, first=0, stake=2, start_tokens=3)
    assert state.tokens == [1, 1, 1] and state.pot == 6
    load_dice(state, "A A A A A", "9 9 9 9 9", "9 9 9 9 10")
    events = play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW))
    assert {"type": "eliminated", "seats": [1, 2], "reason": "stake"} in events
    assert state.is_over() and state.result().winners == (0,) and conserved(state)


def test_R8_throws_are_public() -> None:
    state = new(2, first=0)
    load_dice(state, "K Q 9 9 10")
    play(state, (0, THROW))
    assert state.view(1)["dice"][0] == "K Q 9 9 10" == state.view(None)["dice"][0]


def test_R9_first_player_throws_as_often_as_he_likes() -> None:
    state = new(2, first=0)
    load_dice(state, *["9 10 J Q K"] * 30)
    for _ in range(30):
        play(state, (0, THROW))
    assert state.throws[0] == 30 and state.to_move() == {0}
    play(state, (0, STOP))
    assert state.t1 == 30


def test_R9_max_throws_stops_the_first_player() -> None:
    state = new(2, first=0, max_throws=2)
    load_dice(state, "9 10 J Q K", "9 10 J Q K")
    events = play(state, (0, THROW), (0, THROW))
    assert events[-1]["type"] == "stop" and events[-1]["forced"] and state.t1 == 2


def test_R9_kept_dice_reroll_a_non_empty_subset() -> None:
    state = new(2, first=0, **CAFE)
    load_dice(state, "K Q 9 9 10")
    play(state, (0, THROW))
    rerolls = [a["reroll"] for a in state.legal_actions(0) if a["type"] == "throw"]
    assert "K Q 10" in rerolls and "K Q 10 9 9" in rerolls and len(rerolls) == len(set(rerolls))
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "throw"})  # must say which dice
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "throw", "reroll": "A"})
    with pytest.raises(InvalidAction):
        state.apply(0, {"type": "throw", "reroll": "X"})


def test_R9_whole_throws_refuse_kept_dice() -> None:
    state = new(2, first=0)
    load_dice(state, "K Q 9 9 10")
    play(state, (0, THROW))
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "throw", "reroll": "K"})
    with pytest.raises(IllegalAction):
        new(2, first=1).apply(1, STOP)  # throw at least once


def test_R10_others_at_most_t1_throws() -> None:
    state = new(3, first=0)
    load_dice(state, "9 10 J Q K", "9 9 9 9 9", "A A A A A", "9 9 10 10 J", "9 9 10 10 J")
    play(state, (0, THROW), (0, STOP), (1, THROW))
    assert state.to_move() == {2}  # t1 = 1: the second player stops after one throw
    play(state, (2, THROW))
    assert state.phase == "throw" and state.starter == 1  # the round ended


def test_R12_coup_sec_repeats_until_one_wins() -> None:
    state = new(3, first=0)
    load_dice(
        state,
        "K K K K 9",
        "K K K K 9",
        "9 9 10 10 J",
        "Q Q Q Q Q",
        "Q Q Q Q Q",
        "A A A A A",
        "9 9 9 9 9",
    )
    play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW))
    assert state.tied == [0, 1] and state.legal_actions(0) == [{"type": "throw"}]
    play(state, (0, THROW), (1, THROW))
    assert state.tied == [0, 1]  # still tied: again
    events = play(state, (0, THROW), (1, THROW))
    assert any(e["type"] == "round_won" and e["seat"] == 0 for e in events)


def test_R12_coup_sec_has_no_kept_dice() -> None:
    state = new(2, first=0, **CAFE)
    load_dice(state, "K K K K 9", "K K K K 9")
    play(state, (0, THROW), (0, STOP), (1, THROW))
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "throw", "reroll": "K"})


def test_R13_winner_takes_the_pot() -> None:
    state = new(3, first=0, stake=2)
    load_dice(state, "A A A A A", "9 9 9 9 9", "9 9 9 9 10")
    play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW))
    assert state.tokens[0] == 10 - 2 + 6 - 2 and conserved(state)


def test_R14_session_ends_after_max_rounds_ranked_by_tokens() -> None:
    state = new(2, first=0, max_rounds=1)
    load_dice(state, "9 9 9 9 10", "A A A A A")
    play(state, (0, THROW), (0, STOP), (1, THROW))
    result = state.result()
    assert state.is_over() and result.scores == (9, 11) and result.ranks == (2, 1)
    assert Options.from_dict(LITERAL).max_rounds is None  # §2: no limit in the rule book
    assert Options.parse(["max_rounds=5"]).max_rounds == 5


def test_R14_by_default_the_session_lasts_until_one_player_is_left() -> None:
    state = new(3, first=0, start_tokens=1)  # max_rounds: none (§2)
    load_dice(state, "A A A A A", "9 9 9 9 9", "9 9 9 9 10")
    events = play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW))
    assert {"type": "eliminated", "seats": [1, 2], "reason": "stake"} in events
    assert state.is_over() and state.end_reason == "last_player" and state.rounds == 1
    assert state.result().winners == (0,) and state.tokens == [3, 0, 0] and conserved(state)


def test_R15_joker_changes_only_the_evaluation() -> None:
    state = new(2, first=0, poker_joker=True)
    load_dice(state, "Q Q Q A A")
    play(state, (0, THROW))
    assert state.hands[0] is not None and state.hands[0].name_fr() == "Poker de Dames"


def test_R20_menteur_tokens_and_aces_wild() -> None:
    state = new(3, first=0, menteur=True)
    assert state.tokens == [10, 10, 10] and state.pot == 0 and state.joker


def test_R20_last_player_takes_the_pot() -> None:
    state = new(2, first=0, menteur=True)
    state.tokens, state.pot = [1, 18], 1
    state.cup = parse_throw("9 9 10 J Q")
    events = play(state, (0, announce("poker A")), (1, BLUFF))
    assert state.is_over() and state.tokens == [0, 20] and state.pot == 0
    assert {"type": "eliminated", "seats": [0], "reason": "tokens"} in events
    assert state.result().winners == (1,)


def test_R21_any_well_formed_announcement_even_impossible() -> None:
    state = new(2, first=0, menteur=True)
    assert {"type": "announce", "announcement": "paire A"} in state.legal_actions(0)
    with pytest.raises(InvalidAction):
        state.apply(0, announce("brelan de rien"))


def test_R22_starter_throws_hidden_and_may_rethrow() -> None:
    state = new(2, first=0, menteur=True, liar_rethrows=2)
    assert state.view(0)["cup"] is not None and state.view(1)["cup"] is None
    assert state.view(None)["cup"] is None
    load_dice(state, "A", "A")
    cup = state.view(0)["cup"]
    die = cup.split()[-1]
    play(state, (0, {"type": "rethrow", "dice": die}), (0, {"type": "rethrow", "dice": "A"}))
    assert not any(a["type"] == "rethrow" for a in state.legal_actions(0))


def test_R23_left_neighbour_answers() -> None:
    state = new(3, first=1, menteur=True)
    play(state, (1, announce("paire 9")))
    assert state.to_move() == {2} and state.legal_actions(2) == [ACCEPT, BLUFF]


def test_R24_bluff_shows_the_dice_and_ends_the_round() -> None:
    state = new(2, first=0, menteur=True)
    state.cup = parse_throw("K K A Q 9")
    load_dice(state, "9 9 9 9 9")
    events = play(state, (0, announce("brelan K")), (1, BLUFF))
    bluff = next(e for e in events if e["type"] == "bluff")
    assert bluff["dice"] == "A K K Q 9" and bluff["true"] and state.view(0)["last_round"]["true"]
    assert state.round_number == 2 and state.starter == 1


def test_R25_acceptor_takes_the_cup_and_must_announce_higher() -> None:
    state = new(2, first=0, menteur=True)
    cup = state.view(0)["cup"]
    play(state, (0, announce("brelan Q")), (1, ACCEPT))
    assert state.view(1)["cup"] == cup and state.view(0)["cup"] is None
    assert state.view(1)["rethrows_left"] == state.options.liar_rethrows  # his own re-throws
    assert any(a["type"] == "rethrow" for a in state.legal_actions(1))
    with pytest.raises(IllegalAction):
        state.apply(1, announce("brelan Q"))
    play(state, (1, announce("brelan K")))


def test_R26_poker_d_as_must_be_challenged() -> None:
    state = new(2, first=0, menteur=True)
    play(state, (0, announce("poker A")))
    assert state.legal_actions(1) == [BLUFF]
    with pytest.raises(IllegalAction):
        state.apply(1, ACCEPT)


def test_R27_pot_after_an_uncontested_lap() -> None:
    state = new(2, first=0, menteur=True)
    state.pot, state.tokens = 3, [9, 8]
    play(state, (0, announce("paire 9")), (1, ACCEPT), (1, announce("paire 10")))
    events = play(state, (0, ACCEPT))
    assert {"type": "pot_won", "seat": 1, "pot": 3} in events and state.tokens == [9, 11]


def test_R28_next_starter_is_the_payer_or_his_neighbour() -> None:
    state = new(3, first=0, menteur=True)
    state.tokens, state.pot = [10, 1, 10], 9
    state.cup = parse_throw("9 9 10 J Q")
    play(state, (0, announce("paire 9")), (1, ACCEPT))
    state.cup = parse_throw("A K Q J 10")
    play(state, (1, announce("sequence A K Q J 10")), (2, BLUFF))  # true: 2 pays the pot
    assert state.starter == 2
    state.cup = parse_throw("9 9 10 J Q")
    play(state, (2, announce("poker A")), (0, BLUFF))  # a lie: 2 pays 0
    assert state.starter == 2 and state.tokens == [11, 1, 8]
    state.cup = parse_throw("9 9 10 J Q")
    play(state, (2, announce("paire J")), (0, ACCEPT))
    state.cup = parse_throw("K K 10 J Q")
    play(state, (0, announce("paire K")), (1, BLUFF))  # true: 1 pays his last token
    assert state.eliminated[1] is not None and state.starter == 2 and conserved(state)


def test_R29_views_hide_the_cup_and_keep_the_invariant() -> None:
    state = new(3, first=0, menteur=True)
    play(state, (0, announce("paire 9")))
    assert state.view(0)["cup"] and all(state.view(s)["cup"] is None for s in (1, 2, None))
    view = state.view(0)
    view["tokens"][0] = 99
    assert state.tokens[0] == 10 and conserved(state)


def test_R29_a_seat_sees_again_only_the_dice_it_passed_on() -> None:
    state = new(3, first=0, menteur=True)
    state.cup = parse_throw("K K Q J 9")
    play(state, (0, announce("paire K")), (1, ACCEPT))
    assert state.view(0)["passed"] == "K K Q J 9"
    assert all(state.view(s)["passed"] is None for s in (1, 2, None))
    play(state, (1, announce("paire A")))
    assert state.view(1)["passed"] == "K K Q J 9" and state.view(2)["passed"] is None


def test_R21_the_holder_sees_his_cups_hand_and_its_true_announcement() -> None:
    """Found play-testing: under the cup the browser showed five dice and no hand name, and the
    announcement list opened on « Paire de 9 » with A R R R 9 under the cup: a beginner had to
    work out « Carré de Rois » alone among 75 announcements. The holder's view now names the
    hand and the announcement it makes true (no one else's)."""
    state = new(3, first=0, menteur=True)
    state.cup = parse_throw("K K K J 9")
    view = state.view(0)
    assert view["cup_code"].startswith("brelan K") and view["cup_truth"] == "brelan K"
    assert all(state.view(s).get("cup_truth") is None for s in (1, 2, None))
    assert all(state.view(s).get("cup_code") is None for s in (1, 2, None))
    state.cup = parse_throw("A K Q J 9")  # the Ace is wild in the menteur (D8): a Séquence
    assert str(state.view(0)["cup_truth"]).startswith("sequence")


def test_options_are_checked() -> None:
    for bad in ({"stake": 0}, {"start_tokens": 0}, {"max_throws": 0}, {"liar_rethrows": -1}):
        with pytest.raises(OptionsError):
            Options.from_dict(bad)
    assert Options.cafe().max_throws == 3 and not Options.cafe().relance_totale


def test_R7_a_stake_above_the_starting_tokens_is_refused() -> None:
    """Found play-testing: ``-o stake=11`` (10 tokens each) was accepted, every player was
    eliminated before the first throw (R7), and all three were « seul joueur encore en jeu »."""
    with pytest.raises(OptionsError) as refused:
        Options.from_dict({"stake": 11})
    assert "au plus les jetons de départ (10)" in refused.value.fr
    assert Options.from_dict({"stake": 10}).stake == 10
    assert Options.from_dict({"stake": 11, "start_tokens": 20}).stake == 11


def test_base_game_views_are_worked_out_once_a_version_and_follow_every_action() -> None:
    # Issue 16: the server asks every seat's view at every action; in the base game they are
    # one public view but for ``seat``, and a cached one must never outlive its version.
    import random

    st = new(2, seed=3)
    rnd = random.Random(5)
    for _ in range(60):
        if st.is_over():
            break
        fresh = st._view(None)
        for seat in (None, 0, 1):
            assert st.view(seat) == {**fresh, "seat": seat}
        seat = sorted(st.to_move())[0]
        st.apply(seat, rnd.choice(st.legal_actions(seat)))
    assert st.view(0) == {**st._view(None), "seat": 0}
    clone = st.clone()  # a copy's views follow the copy
    if not clone.is_over():
        seat = sorted(clone.to_move())[0]
        clone.apply(seat, clone.legal_actions(seat)[0])
        assert clone.view(1) == {**clone._view(None), "seat": 1}
        assert st.view(1) == {**st._view(None), "seat": 1}
