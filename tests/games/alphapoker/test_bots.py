"""AlphaPoker's bots: legal actions only, views only, best word, betting sense, determinism.

The opponents' score distributions are simulated small here (a few hundred hands, in memory)
so that the file stays fast and leaves the disk cache alone; the real figures are in
bench/bots_alphapoker.py.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from ludotheque import bots as generic
from ludotheque.cards.letters import parse_hand
from ludotheque.games.alphapoker import bots
from ludotheque.games.alphapoker.bots import Fort, Suiveur, best_play, unseen_cards
from ludotheque.games.alphapoker.rules import AlphaPokerState
from ludotheque.lexicon import load
from ludotheque.lexicon.search import best_words
from tests.games.alphapoker.helpers import act, new, no_changes, rig, with_dealer


@pytest.fixture(autouse=True, scope="module")
def small_models() -> Iterator[None]:
    """Small opponent distributions, built lazily in memory for every table tried here."""
    models: dict[tuple[int, bool, int, bool], bots.OpponentModel] = {}

    def model(hand_size: int, simplified: bool, sets: int, compound: bool) -> bots.OpponentModel:
        key = (hand_size, simplified, sets, compound)
        if key not in models:
            models[key] = bots.simulate_model(*key, hands=300)
        return models[key]

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(bots, "opponent_model", model)
        yield


def play_game(
    lineup: list[str], seed: int, check_legal: bool = True, **options: Any
) -> AlphaPokerState:
    """A full game with bots built by the registry; every action checked against legal."""
    state = new(len(lineup), seed, **options)
    players = [generic.make("alphapoker", name, seed + s) for s, name in enumerate(lineup)]
    while not state.is_over():
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.view(seat), legal)
            if check_legal:
                assert action in legal, f"{lineup[seat]} played {action} at {state.phase}"
            state.apply(seat, action)
    return state


def test_registered() -> None:
    assert generic.available("alphapoker")[:2] == ["fort", "suiveur"]
    assert isinstance(generic.make("alphapoker", "fort", 3), Fort)
    assert isinstance(generic.make("alphapoker", "suiveur", 3), Suiveur)


@pytest.mark.parametrize(
    ("lineup", "options"),
    [
        (["fort", "suiveur"], {}),
        (["fort", "random", "suiveur"], {}),
        (["fort", "fort", "suiveur"], {"alternate_betting": True, "hand_size": 8}),
        (["suiveur", "fort", "random"], {"theme": "animaux", "simplified_counting": True}),
        (["fort", "suiveur", "random", "fort", "suiveur"], {}),
        (["fort", "random"], {"hand_size": 5}),
    ],
)
def test_only_legal_actions(lineup: list[str], options: dict[str, Any]) -> None:
    for seed in (1, 2):
        state = play_game(lineup, seed, hands_per_game=2, **options)
        assert state.is_over()


def test_deterministic_for_a_seed() -> None:
    a = play_game(["fort", "suiveur", "fort"], 7, hands_per_game=2)
    b = play_game(["fort", "suiveur", "fort"], 7, hands_per_game=2)
    assert a.record() == b.record()


def scramble_hidden(state: AlphaPokerState, seat: int, rng: random.Random) -> AlphaPokerState:
    """A copy whose hidden cards differ: other hands and the pile shuffled together."""
    other = copy.deepcopy(state)
    others = [s for s in range(state.players) if s != seat]
    pool = other.pile + [c for s in others for c in other.hands[s]]
    rng.shuffle(pool)
    for s in others:
        k = len(other.hands[s])
        other.hands[s], pool = pool[:k], pool[k:]
    other.pile = pool
    return other


def test_fort_decides_from_the_view_only() -> None:
    """Same view, other hidden cards → same decision; and the view survives JSON unchanged."""
    rng = random.Random(0)
    state = new(3, 11, hands_per_game=2)
    players = [Fort(s) for s in range(3)]
    checked = set()
    while not state.is_over():
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            view = state.view(seat)
            other = scramble_hidden(state, seat, rng)
            assert other.hands != state.hands or other.pile != state.pile
            assert other.view(seat) == view
            twin = copy.deepcopy(players[seat])
            jsonned = json.loads(json.dumps(other.view(seat)))
            action = players[seat].act(view, legal)
            assert twin.act(jsonned, other.legal_actions(seat)) == action
            checked.add(state.phase)
            state.apply(seat, action)
    assert {"change", "bet", "showdown"} <= checked


def test_unseen_cards_are_the_deck_minus_what_the_seat_saw() -> None:
    state = new(3, 4)
    no_changes(state)
    view = state.view(state.entame)
    unseen = unseen_cards(view)
    assert len(unseen) == 130 - 7
    view5 = new(5, 4).view(0)
    assert len(unseen_cards(view5)) == 260 - 7


def test_fort_declares_its_best_word() -> None:
    lex = load("alphapoker")
    for seed in range(3):
        state = new(3, seed, hands_per_game=1)
        rig(state, hands={0: "Wb Hb Ib Sb Kb Yb Ar"})
        no_changes(state)
        while state.phase == "bet":
            (seat,) = state.to_move()
            if state.followers:  # « je suis » has no field (an amount is refused, issue 16)
                act(state, seat, "follow")
            else:
                act(state, seat, "bet", amount=1, pour_voir=True)
        assert state.phase == "showdown"
        while state.phase == "showdown":
            (seat,) = state.to_move()
            view = state.view(seat)
            action = Fort(seed).act(view, state.legal_actions(seat))
            best = best_words(view["hand"], lex, limit=1)
            assert action["cards"] == ([str(c) for c in best[0].cards] if best else [])
            state.apply(seat, action)
            if seat == 0:
                assert state.declared[0]["word"] == "WHISKY"
                assert state.declared[0]["score"] == 70


def follower_decision(hand: str, amount: int, pour_voir: bool = True) -> dict[str, Any]:
    """Fort's answer, as the first follower, to the entame's opening bet of ``amount``."""
    state = with_dealer(0, 3)
    entame, follower = 1, 2
    rig(state, hands={follower: hand})
    no_changes(state)
    act(state, entame, "bet", amount=amount, pour_voir=pour_voir)
    assert state.to_move() == {follower}
    return Fort(0).act(state.view(follower), state.legal_actions(follower))


def test_fort_follows_a_cheap_bet_with_a_monster() -> None:
    assert follower_decision("Wb Hb Ib Sb Kb Yb Ar", 1) == {"type": "follow"}
    assert follower_decision("Wb Hb Ib Sb Kb Yb Ar", 15) == {"type": "follow"}


def test_fort_folds_a_big_bet_without_a_word() -> None:
    hand = "Qr Wb Kr Xb Zr Jb Vr"
    assert best_play(parse_hand(hand), load("alphapoker"), False) is None
    assert follower_decision(hand, 15) == {"type": "fold"}


def test_fort_entame_bets_big_with_a_monster_and_never_folds_a_free_check() -> None:
    state = with_dealer(0, 3)
    rig(state, hands={1: "Wb Hb Ib Sb Kb Yb Ar"})
    no_changes(state)
    action = Fort(0).act(state.view(1), state.legal_actions(1))
    assert action["type"] == "bet" and action["amount"] >= 12 and action["pour_voir"]
    # A weak entame facing a check option (back to him after a bet) checks, never folds.
    state = with_dealer(0, 3)
    rig(state, hands={1: "Qr Wb Kr Xb Zr Jb Vr"})
    no_changes(state)
    act(state, 1, "bet", amount=1, pour_voir=False)
    act(state, 2, "follow")
    act(state, 0, "follow")
    assert Fort(0).act(state.view(1), state.legal_actions(1)) == {"type": "check"}


def test_fort_changes_to_improve() -> None:
    """Junk letters go; the cards of a strong word stay."""
    state = with_dealer(0, 3)
    rig(state, hands={1: "Wb Hb Ib Sb Kb Yb Qr"})
    view = state.view(1)
    action = Fort(0).act(view, state.legal_actions(1))
    assert action in state.legal_actions(1)
    assert set(action["cards"]) <= {"Qr"}
    state = with_dealer(0, 3)
    rig(state, hands={1: "Qr Wb Kr Xb Zr Jb Vr"})
    action = Fort(0).act(state.view(1), state.legal_actions(1))
    assert len(action["cards"]) == 4


def test_suiveur_changes_nothing_opens_at_one_and_follows() -> None:
    state = with_dealer(0, 3)
    players = [Suiveur(s) for s in range(3)]
    while state.phase == "change":
        (seat,) = state.to_move()
        action = players[seat].act(state.view(seat), state.legal_actions(seat))
        assert action == {"type": "change", "cards": []}
        state.apply(seat, action)
    assert players[1].act(state.view(1), state.legal_actions(1)) == {
        "type": "bet",
        "amount": 1,
        "pour_voir": True,
    }
    act(state, 1, "bet", amount=9, pour_voir=False)
    assert players[2].act(state.view(2), state.legal_actions(2)) == {"type": "follow"}


def test_fort_beats_random() -> None:
    """A small sanity check (the real figures are in bench/): 24 short games, seats rotated."""
    wins = 0
    for g in range(24):
        hero = g % 3
        lineup = ["fort" if s == hero else "random" for s in range(3)]
        state = play_game(lineup, 100 + g, check_legal=False, hands_per_game=3)
        wins += state.result().winners[0] == hero
    assert wins >= 14  # fair share: 8
