"""Table stakes (the default table of A and B, option ``all_in``): all-in, side pots, and the
rule book without them (the variant « livre »). Worked examples with every number, then a
property: with several all-ins at different amounts the units are conserved and every unit
goes where the table-stakes principle sends it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludotheque import games
from ludotheque.engine import replay
from ludotheque.engine.errors import IllegalAction
from ludotheque.engine.protocol import LITERAL_VARIANT
from ludotheque.games.casinoroyal.options import Options
from ludotheque.games.casinoroyal.rules import CasinoRoyalState

from .helpers import DECLINE, FOLD, FOLLOW, MATCH, STOP, WAIT, play, raise_, rigged, wait_all

GAME = games.get("casinoroyal")


def transfer(state: CasinoRoyalState, source: int, target: int, units: int) -> None:
    """Move units between two balances (the total is kept): to set up short stacks."""
    state.balance[source] -= units
    state.balance[target] += units


def round_end(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e for e in events if e["type"] == "round_end")


# ------------------------------------------------------------------ the default table
def test_the_default_table_has_table_stakes_and_livre_is_the_rule_book() -> None:
    assert Options().all_in and Options().table_stakes
    assert not Options(game="C").table_stakes  # no bets in the Bingo
    assert GAME.variant_options(LITERAL_VARIANT) == {"all_in": False}
    # « livre » holds the betting option only: it combines with the game chosen.
    livre_b = Options.from_dict({**GAME.variant_options(LITERAL_VARIANT), "game": "B"})
    assert livre_b == Options(game="B", all_in=False)
    assert "livre" in GAME.table_kind(Options(all_in=False))[0]
    assert GAME.table_kind(Options())[0] == "par défaut — tapis et pots annexes en A et B"


def test_a_record_made_before_table_stakes_replays_without_them() -> None:
    state = GAME.new(3, {"all_in": False}, seed=4)
    record = state.record()
    old = {**record, "options": {k: v for k, v in record["options"].items() if k != "all_in"}}
    assert GAME.options_from_record(old["options"]).all_in is False
    assert replay(old).options.all_in is False


# ------------------------------------------------------------------ worked examples
def test_side_pots_in_A_two_all_ins_at_different_amounts() -> None:
    """Seat 0 (carton 1) owns 105, seat 1 (carton 2) 10, seat 2 (carton 3) 20. The opening
    cards 5S 6S 8S are on carton 1 only (seat 0 pays 3). Seat 0 raises 30: seat 1 calls
    all-in for 10, seat 2 for 20; betting stops. Seats 1 and 2 cover QS QC and 3S 3D without
    units; seat 0 pays for 9H. Seat 1 calls: pair of queens > pair of threes > nine high.
    On the table: seat 0 34 (3 + 30 + 1), seat 1 10, seat 2 20.
    Main pot 3 × 10 = 30 → seat 1; side pot 2 × 10 = 20 (seats 0 and 2) → seat 2; seat 0's
    last 14 units nobody else can win → back to seat 0. Balances 85, 30, 20 (135)."""
    state = rigged(3, dealer=0, decks=["5S 6S 8S  QS QC 3S 3D 9H"], rounds=1)
    transfer(state, 1, 0, 35)
    transfer(state, 2, 0, 25)
    assert state.balance == [102, 10, 20]
    events = play(state, (1, DECLINE), (2, DECLINE), (0, raise_(30)), (1, FOLLOW), (2, FOLLOW))
    assert {"type": "follow", "seat": 1, "amount": 10, "all_in": True} in events
    assert {"type": "follow", "seat": 2, "amount": 20, "all_in": True} in events
    assert [s for s in range(3) if state.is_all_in(s)] == [1, 2] and state.betting_over()
    view = state.view(0)
    assert view["all_in"] == [False, True, True] and view["put"] == [33, 10, 20]
    assert view["pots"] == [
        {"amount": 30, "eligible": [0, 1, 2]},
        {"amount": 20, "eligible": [0, 2]},
        {"amount": 13, "eligible": [0]},
    ]
    for _ in range(4):  # QS QC 3S 3D: covered without a unit by the all-in players
        assert state.to_move() == {0, 1, 2}  # all-in players may still call (A)
        wait_all(state)
    assert state.free[1].bit_count() == 2 and state.free[2].bit_count() == 2
    assert state.balance == [71, 0, 0] and state.put_in() == [34, 10, 20]
    end = round_end(play(state, (0, WAIT), (1, STOP), (2, WAIT)))
    assert end["winners"] == [1]
    assert end["pots"] == [
        {"amount": 30, "eligible": [0, 1, 2], "winners": [1]},
        {"amount": 20, "eligible": [0, 2], "winners": [2]},
        {"amount": 14, "eligible": [0], "winners": [0]},
    ]
    assert end["payout"] == [14, 30, 20] and state.balance == [85, 30, 20]
    assert state.conserved()


def test_side_pots_in_B_the_pot_counts_with_the_cartons() -> None:
    """B, dealer 0: seat 0 owns 113, seat 1 7, seat 2 15. Ante 2 (pot 6). Hidden cards: seat 1
    AS AD AH, seat 2 KS KD KH, seat 0 2S 4H 6D. Seat 1 stakes 0, seat 2 matches, seat 0
    raises to 20: seat 1 matches all-in (5), seat 2 all-in (13); betting stops, so there is
    no « Relance ? ». Cards 5S 8S TH JH mark carton 1 (seat 0 pays 4). Seat 1 calls « Rien ne
    va plus » without an enchère (nobody could answer one). On the table: seat 0 26 (22 in
    the pot, 4 markers), seat 1 7, seat 2 15. Main pot 21 → seat 1 (brelan d'As); side pot
    16 (seats 0 and 2) → seat 2 (brelan de Rois); seat 0's last 11 → back to him."""
    deck = "AS KS 2S AD KD 4H AH KH 6D  5S 8S TH  JH"
    state = rigged(3, dealer=0, decks=[deck], game="B", rounds=1)
    transfer(state, 1, 0, 38)
    transfer(state, 2, 0, 30)
    play(state, (0, {"type": "ante", "amount": 2}))
    assert state.balance == [111, 5, 13] and state.to_move() == {1}
    events = play(state, (1, {"type": "stake", "amount": 0}), (2, MATCH))
    events = play(state, (0, {"type": "outbid", "to": 20}), (1, MATCH), (2, MATCH))
    assert {"type": "match", "seat": 1, "amount": 5, "pot": 31, "all_in": True} in events
    assert {"type": "betting_over"} in events and "relance" not in [e["type"] for e in events]
    assert state.pot == 44 and state.balance == [87, 0, 0]  # 5S 8S TH, then JH at once
    assert state.view(None)["turned"][-4:] == ["5S", "8S", "TH", "JH"]
    assert [a["type"] for a in state.legal_actions(1)] == ["wait", "stop"]
    with pytest.raises(IllegalAction):
        state.apply(0, {"type": "bid", "amount": 5})  # nobody could answer an enchère
    end = round_end(play(state, (0, WAIT), (1, STOP), (2, WAIT)))
    assert [p["winners"] for p in end["pots"]] == [[1], [2], [0]]
    assert [p["amount"] for p in end["pots"]] == [21, 16, 11]
    assert end["payout"] == [11, 21, 16] and state.balance == [98, 21, 16]
    assert state.conserved()


def test_an_all_in_player_is_asked_no_more_bets_while_two_others_go_on() -> None:
    """B: seat 1 is all-in after the betting round; seats 0 and 2 still bet: only they answer
    « Rien ne va plus, j'enchéris ? » and the final phase; seat 1 stays in for what he put."""
    state = rigged(3, dealer=0, decks=[], game="B", rounds=1)
    transfer(state, 1, 0, 40)
    play(state, (0, {"type": "ante", "amount": 2}), (1, {"type": "stake", "amount": 3}))
    play(state, (2, MATCH), (0, MATCH))
    assert state.is_all_in(1) and not state.betting_over()
    assert state.phase == "relance" and state.to_move() == {2}  # seat 1 is skipped
    play(state, (2, DECLINE), (0, DECLINE))
    assert state.phase == "window" and state.to_move() == {0, 2}
    events = play(state, (0, WAIT), (2, {"type": "bid", "amount": 4}))
    assert state.to_move() == {0}  # the declarer's left is seat 0; seat 1 is not asked
    end = round_end(events + play(state, (0, FOLD)))
    assert end["reason"] == "call" and sorted(end["hands"]) == ["1", "2"]  # seat 1 shows too


def test_in_B_betting_stops_when_all_but_one_went_all_in_at_relance() -> None:
    state = rigged(2, dealer=0, decks=[], game="B", rounds=1)
    play(state, (0, {"type": "ante", "amount": 2}), (1, {"type": "stake", "amount": 0}))
    play(state, (0, MATCH))
    assert state.phase == "relance" and state.to_move() == {1}
    top = state.balance[1]
    events = play(state, (1, raise_(top)), (0, FOLLOW))
    assert {"type": "betting_over"} in events and state.betting_over()
    assert state.phase == "window" and state.to_move() == {0, 1}
    assert [a["type"] for a in state.legal_actions(0)] == ["wait", "stop"]


def test_a_short_player_may_pass_instead_of_going_all_in() -> None:
    state = rigged(3, dealer=0, decks=[], rounds=1)
    transfer(state, 2, 0, state.balance[2] - 3)
    events = play(state, (1, raise_(10)))
    assert state.to_move() == {2} and state.legal_actions(2) == [FOLLOW, FOLD]
    events = play(state, (2, FOLD))
    assert {"type": "fold", "seat": 2, "forced": False} in events


def test_no_raise_that_nobody_could_answer() -> None:
    """B: when every other player still in is all-in, « renchérir » and « j'enchéris » are
    refused with the reason."""
    state = rigged(2, dealer=0, decks=[], game="B", rounds=1)
    transfer(state, 1, 0, 40)
    play(state, (0, {"type": "ante", "amount": 2}), (1, {"type": "stake", "amount": 3}))
    assert state.is_all_in(1) and state.to_move() == {0}
    assert [a["type"] for a in state.legal_actions(0)] == ["match", "fold"]
    with pytest.raises(IllegalAction, match="à tapis"):
        state.apply(0, {"type": "outbid", "to": 9})


# ------------------------------------------------------------------ the principle, by property
class Checked(CasinoRoyalState):
    """Records, at every resolution, what the table-stakes principle says each seat gets."""

    def _resolve(
        self, keys: dict[int, int], reason: str, shown: list[int] | None = None
    ) -> list[dict[str, Any]]:
        self.expected = reference_payout(self, keys)
        self.pot_count = len(self.pots())
        return super()._resolve(keys, reason, shown)


def reference_payout(state: CasinoRoyalState, keys: dict[int, int]) -> list[float]:
    """Unit by unit: the i-th unit a player put on the table may be won by the players still
    in who put at least i units, or who are not all-in; it goes to the best hand among them
    (shared on a tie), or back to its owner when there is none."""
    n = state.players
    put = state.put_in()
    cap = [put[s] if state.is_all_in(s) else float("inf") for s in range(n)]
    out = [0.0] * n
    for owner in range(n):
        for i in range(1, put[owner] + 1):
            eligible = [s for s in keys if cap[s] >= i]
            if not eligible:
                out[owner] += 1
                continue
            best = max(keys[s] for s in eligible)
            winners = [s for s in eligible if keys[s] == best]
            for s in winners:
                out[s] += 1 / len(winners)
    return out


@settings(max_examples=40, deadline=None)
@given(
    players=st.integers(2, 6),
    seed=st.integers(0, 2**31),
    game=st.sampled_from(["A", "B"]),
    shares=st.lists(st.integers(1, 40), min_size=6, max_size=6),
)
def test_units_are_conserved_and_every_pot_paid_out_as_table_stakes_say(
    players: int, seed: int, game: str, shares: list[int]
) -> None:
    state = Checked(players, Options(game=game, rounds=3), seed)
    # Uneven stacks (the same total), so that all-ins come at different amounts.
    units = sum(state.balance)
    weights = shares[:players]
    stacks = [units * w // sum(weights) for w in weights]
    stacks[0] += units - sum(stacks)
    state.balance = stacks
    rng = random.Random(seed)
    resolutions = 0
    while not state.is_over():
        assert state.conserved() and min(state.balance) >= 0
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        bets = [a for a in legal if a.get("amount", a.get("to", 0)) > 0]
        # Big bets and calls half the time, so that players go all-in.
        if bets and rng.random() < 0.5:
            action = max(bets, key=lambda a: a.get("amount", a.get("to", 0)))
        else:
            action = rng.choice(legal)
        events = state.apply(seat, action)
        for e in events:
            if e["type"] == "round_end":
                resolutions += 1
                for s in range(players):
                    # R9: each pot's indivisible remainder goes to one winner.
                    assert abs(e["payout"][s] - state.expected[s]) < max(1, state.pot_count)
                assert abs(sum(e["payout"]) - sum(state.expected)) < 1e-9
    assert state.conserved() and resolutions >= 1
    assert sum(state.result().scores) == state.total
