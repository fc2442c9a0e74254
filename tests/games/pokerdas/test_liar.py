"""The menteur bot's model (liar.py) and the two menteur bots: menteur and naif (issue 3, §4)."""

from __future__ import annotations

import pytest

from ludotheque import bots as botlib
from ludotheque.games.pokerdas import liar as L
from ludotheque.games.pokerdas.bots import Menteur, chance_true
from ludotheque.games.pokerdas.hands import (
    announcement_index,
    parse_announcement,
    parse_faces,
    parse_throw,
)

from .helpers import ACCEPT, BLUFF, GAME, announce, new, play


def index(text: str) -> int:
    return announcement_index()[parse_announcement(text)]


@pytest.mark.parametrize("p", [0.05, 0.2, 0.5, 0.8])
@pytest.mark.parametrize("r", [0.3, 0.6, 0.9])
def test_calibrated_bluffs_leave_the_responder_indifferent(p: float, r: float) -> None:
    beta = L.bluff_frequency(p, r)
    if p >= r:
        assert beta == 1.0  # believed even if every such claim were a lie
    else:
        assert 0 < beta < 1 and p / (p + (1 - p) * beta) == pytest.approx(r)


@pytest.mark.parametrize("starter", [True, False])
@pytest.mark.parametrize("start", [-1.0, 0.0, 0.8])
def test_threshold_is_where_challenging_and_accepting_are_worth_the_same(
    starter: bool, start: float
) -> None:
    players, pot, chance = 3, 2, 0.6
    r = L.threshold(players, pot, starter, chance, False, start)
    w = L.worth(players)
    challenge = r * (start - 1) + (1 - r) * w
    accept = -pot / (players - 1) + start if starter else -(1 - chance) * w * L.CATCH
    assert challenge == pytest.approx(accept)


def test_beliefs_are_distributions_and_fresh_truth_matches_the_enumeration() -> None:
    fresh = L.belief(None, ())
    assert fresh.sum() == pytest.approx(1.0)
    tops = L.top_distribution(fresh)
    for text in ("paire 9", "brelan Q", "full K Q", "carre A", "poker A"):
        assert tops[index(text) :].sum() == pytest.approx(chance_true(parse_announcement(text)))
    known = L.belief(parse_throw("A K K 9 9"), ())
    assert known.max() == 1.0
    after = L.belief(parse_throw("A K K 9 9"), (2,))
    assert after.sum() == pytest.approx(1.0) and (after > 0).sum() > 1


def test_tops_and_reach() -> None:
    assert L.top_of(parse_throw("A A A A A")) == L.TOP_INDEX
    assert L.top_of(parse_throw("K K A Q 9")) == index("brelan K")  # E10: aces wild
    four_aces = L.state_of(parse_throw("A A A A K"))  # a Poker de Rois, aces wild
    assert L.reach(0)[four_aces, index("poker K")] == 1.0
    assert L.reach(1)[four_aces, L.TOP_INDEX] == pytest.approx(1 / 6)
    assert (L.reach(1) >= L.reach(0)).all() and (L.reach(2) >= L.reach(1)).all()


def test_sensible_keep_takes_aces_then_the_largest_group() -> None:
    assert L.sensible_keep(parse_throw("A Q Q 10 9"), 3) == parse_faces("A Q Q")
    assert L.useful_order(parse_throw("K 9 9 A 10"))[:3] == list(parse_faces("A 9 9"))


def test_menteur_calls_a_claim_its_own_dice_rule_out() -> None:
    state = new(2, first=0, menteur=True)
    state.cup = parse_throw("9 9 10 J Q")
    bot = Menteur(0)
    play(state, (0, announce("paire 9")))
    # seat 0 passed a Paire de 9; seat 1 accepts and, without re-throwing, claims a Carré.
    play(state, (1, ACCEPT), (1, announce("carre A")))
    view = state.view(0)
    assert view["passed"] == "Q J 10 9 9"
    action, why = bot.respond(view, state.legal_actions(0))
    assert action == BLUFF and why["truth"] < 1e-9


def test_menteur_accepts_a_likely_opening_claim() -> None:
    state = new(2, first=0, menteur=True)
    play(state, (0, announce("paire 9")))
    action, why = Menteur(0).respond(state.view(1), state.legal_actions(1))
    assert action == ACCEPT and why["truth"] > why["threshold"]


def test_menteur_learns_how_an_opponent_announces() -> None:
    lik = L.claim_likelihoods(L.top_distribution(L.belief(None, ())), index("carre K"), -1)
    w = dict(L.PRIOR)
    for _ in range(5):
        w = L.learn(w, lik, False)  # five improbable claims seen false
    assert w["random"] > 0.9 and L.truth_probability(w, lik) < L.truth_probability(L.PRIOR, lik)


def test_naif_never_bluffs_and_always_accepts() -> None:
    bot = botlib.make("pokerdas", "naif")
    state = new(2, first=0, menteur=True)
    state.cup = parse_throw("K K A Q 9")
    assert bot.act(state.view(0), state.legal_actions(0)) == announce("brelan K")
    play(state, (0, announce("full A K")))
    assert bot.act(state.view(1), state.legal_actions(1)) == ACCEPT
    play(state, (1, ACCEPT))
    action = bot.act(state.view(1), state.legal_actions(1))
    assert action["type"] == "rethrow" and action["dice"] == "Q 9"  # keeps A K K
    state2 = new(2, first=0, menteur=True)
    play(state2, (0, announce("poker A")))
    assert bot.act(state2.view(1), state2.legal_actions(1)) == BLUFF  # R26: cannot accept


def test_naif_beaten_after_its_re_throw_lies_at_the_lowest_claim() -> None:
    bot = botlib.make("pokerdas", "naif")
    state = new(2, first=0, menteur=True, liar_rethrows=0)
    state.cup = parse_throw("9 9 10 J Q")
    play(state, (0, announce("full A Q")), (1, ACCEPT))
    assert bot.act(state.view(1), state.legal_actions(1)) == announce("full A K")


def match(opponent: str, games: int) -> int:
    wins = 0
    for g in range(games):
        me = g % 2
        state = GAME.new(2, {"menteur": True}, 500 + g)
        agents = {
            s: botlib.make("pokerdas", "menteur" if s == me else opponent, seed=g * 7 + s)
            for s in (0, 1)
        }
        while not state.is_over():
            seat = next(iter(state.to_move()))
            state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
        wins += state.result().winners == (me,)
    return wins


@pytest.mark.parametrize("opponent", ["random", "naif"])
def test_menteur_beats_random_and_naif(opponent: str) -> None:
    # docs/pokerdas.md: 1,000 games each, all won; 12 games here, at least 10 won.
    assert match(opponent, 12) >= 10


def test_english_refusals_of_an_announcement_name_the_combinations_in_english() -> None:
    """Found by the English terminal's helper: the engine's English said « Brelan is announced
    with 1 face(s) », « a Séquence or Deux Paires », « Poker d'As cannot be beaten » — French
    names in the browser's English too."""
    from ludotheque.engine.errors import NotationError
    from ludotheque.games.pokerdas.hands import BRELAN, DEUX_PAIRES, Announcement

    with pytest.raises(NotationError) as refused:
        Announcement(BRELAN, ())
    assert refused.value.en == "Three of a kind is announced with one face (got 0)"
    with pytest.raises(NotationError) as refused:
        Announcement(DEUX_PAIRES, tuple(sorted(parse_faces("K 10"))))  # low to high
    assert "Straight or Two pairs" in refused.value.en
