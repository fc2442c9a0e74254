"""The worked examples E1–E13 of rules/pokerdas.md §5, each as a test."""

from __future__ import annotations

from ludotheque.games.pokerdas.hands import (
    BRELAN,
    CARRE,
    FULL,
    POKER,
    SEQUENCE,
    evaluate,
    parse_announcement,
    parse_throw,
)

from .helpers import ACCEPT, BLUFF, STOP, THROW, announce, conserved, load_dice, new, play


def ev(text: str, joker: bool = False):
    return evaluate(parse_throw(text), joker)


def test_E1_brelans_then_carres_with_jokers() -> None:
    assert ev("A A A K Q") > ev("K K K A Q")
    assert ev("A A A K Q").key == (6, 5, 4) and ev("K K K A Q").key == (5, 6, 4)
    a, b = ev("A A A K Q", True), ev("K K K A Q", True)
    assert a == b and a.combo == CARRE and a.key == (5, 4)


def test_E1_exact_tie_goes_to_a_coup_sec() -> None:
    state = new(2, first=0, poker_joker=True)
    load_dice(state, "A A A K Q", "K K K A Q", "9 9 9 9 9", "K K K K K")
    events = play(state, (0, THROW), (0, STOP), (1, THROW))
    assert state.phase == "coup_sec" and {"type": "coup_sec", "seats": [0, 1]} in events
    events = play(state, (0, THROW), (1, THROW))
    assert any(e["type"] == "round_won" and e["seat"] == 1 for e in events)


def test_E2_sequences() -> None:
    assert ev("A K J 10 9") > ev("K Q J 10 9")


def test_E3_two_pairs() -> None:
    assert ev("Q Q J J K") > ev("10 10 9 9 K")
    assert ev("Q Q J J K").key == (4, 3, 5) and ev("10 10 9 9 K").key == (2, 1, 5)


def test_E4_fifth_die_then_full_with_jokers() -> None:
    assert ev("Q Q J J A") > ev("Q Q J J K")
    assert ev("Q Q J J A", True).combo == FULL and ev("Q Q J J A", True) > ev("Q Q J J K", True)


def test_E5_sequence_beats_two_pairs() -> None:
    assert ev("K Q J 10 9") > ev("A A K K Q")


def test_E6_kickers_and_full_over_brelan() -> None:
    assert ev("K K A Q J") > ev("K K A Q 10")
    assert ev("J J J 9 9") > ev("A A A K Q")


def test_E7_poker_joker_table() -> None:
    assert ev("Q Q Q A A", True) == ev("Q Q Q Q Q", True)
    assert ev("A A A A A", True).combo == POKER and ev("A A A A A", True).key == (6,)
    assert ev("A A A A K", True).combo == POKER and ev("A A A A K", True).key == (5,)
    assert ev("A K Q J 10", True).combo == SEQUENCE and ev("A K Q J 10", True).key[0] == 6
    assert ev("A K K Q J", True).combo == BRELAN and ev("A K K Q J", True).key == (5, 4, 3)
    assert ev("A A K K Q", True).combo == CARRE and ev("A A K K Q", True).key == (5, 4)
    assert ev("A A A K Q", True).combo == CARRE and ev("A A A K Q", True).key == (5, 4)
    assert ev("K K A Q 9", True).combo == BRELAN and ev("K K A Q 9", True).key == (5, 4, 1)


def test_E8_throw_count_to_beat() -> None:
    state = new(3, first=0)
    load_dice(state, "K Q 9 9 10", "9 9 9 A J", "K K K K 10")
    play(state, (0, THROW), (0, THROW), (0, STOP))
    assert state.t1 == 2 and state.throw_limit(1) == 2
    play(state, (1, THROW))
    assert {"type": "stop"} in state.legal_actions(1) and {"type": "throw"} in state.legal_actions(
        1
    )
    play(state, (1, STOP))
    assert state.to_move() == {2}


def test_E8_cafe_keeps_the_nines() -> None:
    state = new(2, first=0, relance_totale=False, max_throws=3)
    load_dice(state, "K Q 9 9 10", "9 A J")
    play(state, (0, THROW), (0, {"type": "throw", "reroll": "K Q 10"}))
    assert sorted(state.dice[0]) == sorted(parse_throw("9 9 9 A J"))


def test_E9_stakes() -> None:
    state = new(4, first=0)
    assert state.pot == 4 and state.tokens == [9, 9, 9, 9]
    load_dice(state, "A A A A A", "K K K K K", "K K K K K", "K K K K K")
    play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW), (3, THROW))
    assert state.last_round is not None and state.last_round["winner"] == 0
    # The next round's stakes are already in: 13 − 1 and 9 − 1 each.
    assert state.tokens == [12, 8, 8, 8] and state.pot == 4 and conserved(state)
    # A one-round session stops there: 13 + 3 × 9 = 40.
    state = new(4, first=0, max_rounds=1)
    load_dice(state, "A A A A A", "K K K K K", "K K K K K", "K K K K K")
    play(state, (0, THROW), (0, STOP), (1, THROW), (2, THROW), (3, THROW))
    assert state.result().scores == (13, 9, 9, 9) and sum(state.tokens) == 40


def _liar(players: int = 2):
    state = new(players, first=0, menteur=True)
    return state


def test_E10_caught_lie() -> None:
    state = _liar()
    state.cup = parse_throw("K K A Q 9")
    load_dice(state, "9 9 9 9 9")
    events = play(state, (0, announce("full K Q")), (1, BLUFF))
    bluff = next(e for e in events if e["type"] == "bluff")
    assert bluff["true"] is False and bluff["payer"] == 0 and bluff["hand"].startswith("Brelan")
    assert state.tokens == [9, 11] and state.pot == 0 and state.starter == 0


def test_E11_wrong_challenge() -> None:
    state = _liar()
    state.cup = parse_throw("Q Q A 9 9")
    load_dice(state, "9 9 9 9 9")
    events = play(state, (0, announce("brelan Q")), (1, BLUFF))
    assert next(e for e in events if e["type"] == "bluff")["true"] is True
    assert state.tokens == [10, 9] and state.pot == 1 and state.starter == 1 and conserved(state)


def test_E12_ordering() -> None:
    state = _liar()
    play(state, (0, announce("brelan Q")), (1, ACCEPT))
    legal = {a["announcement"] for a in state.legal_actions(1) if a["type"] == "announce"}
    assert {"brelan K", "brelan A", "full 9 10", "carre 9", "poker A"} <= legal
    assert "sequence A K Q J 10" not in legal and "brelan J" not in legal
    assert parse_announcement("sequence A K Q J 10") < parse_announcement("brelan Q")


def test_E13_lap_wins_the_pot() -> None:
    state = _liar(3)
    state.pot, state.tokens = 2, [9, 10, 9]
    state.cup = parse_throw("K K Q J 9")
    load_dice(state, "Q", "9 9 9 9 9")
    play(
        state,
        (0, announce("paire K")),
        (1, ACCEPT),
        (1, {"type": "rethrow", "dice": "9"}),
        (1, announce("deux_paires K Q")),
        (2, ACCEPT),
        (2, announce("brelan 10")),
    )
    events = play(state, (0, ACCEPT))
    assert {"type": "pot_won", "seat": 2, "pot": 2} in events
    assert state.tokens == [9, 10, 11] and state.pot == 0 and state.starter == 0
