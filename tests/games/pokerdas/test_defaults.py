"""The default table (issue 15, docs/pokerdas.md « Table par défaut »): the café preset for
twenty rounds, the rule book to the letter one variant away, and a bot's throws at a readable
pace (State.bot_pace)."""

from __future__ import annotations

from ludotheque import bots as botlib
from ludotheque.engine import replay
from ludotheque.games.pokerdas import strategy as S
from ludotheque.games.pokerdas.options import CAFE, LITERAL, Options
from ludotheque.games.pokerdas.rules import PACE, throw_pace

from .helpers import GAME, STOP, THROW, load_dice, new, play


def test_the_default_table_is_the_cafe_preset_for_twenty_rounds() -> None:
    assert Options() == Options.from_dict({**CAFE, "max_rounds": 20})
    assert GAME.table_kind(Options())[0].startswith("par défaut — dés gardés, trois lancers")
    assert GAME.default_bot(Options()) == "parfait"


def test_the_variant_livre_is_the_rule_book_to_the_letter() -> None:
    livre = Options.from_dict(GAME.variant_options("livre"))
    assert livre == Options.from_dict(LITERAL)
    assert livre.relance_totale and livre.max_throws is None and livre.max_rounds is None
    assert "livre" in GAME.table_kind(livre)[0]


def test_R9_the_default_first_player_keeps_dice_and_throws_three_times_at_most() -> None:
    state = GAME.new(2, None, seed=0)
    first = state.starter
    state.apply(first, THROW)
    assert all(a["type"] == "stop" or "reroll" in a for a in state.legal_actions(first))
    state.apply(first, {"type": "throw", "reroll": state.view(first)["dice"][first]})
    events = state.apply(first, {"type": "throw", "reroll": state.view(first)["dice"][first]})
    assert events[-1]["type"] == "stop" and events[-1]["forced"] and state.t1 == 3


def test_R14_a_default_session_of_four_perfect_bots_ends_after_twenty_rounds() -> None:
    state = GAME.new(4, None, seed=5)
    agents = [botlib.make("pokerdas", "parfait", seed=s) for s in range(4)]
    while not state.is_over():
        seat = next(iter(state.to_move()))
        state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
    assert state.rounds == 20 and state.end_reason == "max_rounds"
    assert len(state.actions) < 250  # about 175 decisions: docs/pokerdas.md
    assert replay(state.record()).view(None) == state.view(None)


def test_D2_strictly_fewer_throws_would_hand_the_round_to_a_first_player_who_stops() -> None:
    """« En moins de lancers » read as strictly fewer: a first player who stops after one throw
    leaves no throw to anyone and wins with any hand — no game; D2 keeps « at most »."""
    lowest = 0
    assert S.stop_value(lowest, False, 0, 4, True) == 1.0  # t1 − 1 = 0 throws for followers
    assert S.stop_value(lowest, False, 1, 4, True) < 0.01  # at most t1 = 1: a real round


# ---------------------------------------------------------------------------- bot pace
def test_a_bots_first_throw_has_no_pace_and_its_next_ones_wait_after_the_last() -> None:
    state = GAME.new(3, None, seed=2)
    first = state.starter
    assert state.bot_pace(first, THROW) is None  # nothing before its first throw
    state.apply(first, THROW)
    dice = state.view(first)["dice"][first]
    reroll = {"type": "throw", "reroll": dice}
    assert state.bot_pace(first, reroll) == (PACE, len(state.actions))
    assert state.bot_pace(first, STOP) is None
    other = (first + 1) % 3
    assert state.bot_pace(other, THROW) is None  # not his turn
    state.apply(first, reroll)
    assert state.bot_pace(first, reroll) == (PACE, len(state.actions))


def test_the_coup_sec_and_menteur_keep_the_drivers_pace() -> None:
    state = new(2, first=0)
    load_dice(state, "K K K K 9", "K K K K 9")
    play(state, (0, THROW), (0, STOP), (1, THROW))
    assert state.phase == "coup_sec" and state.bot_pace(0, THROW) is None
    liar = new(2, first=0, menteur=True)
    assert liar.bot_pace(0, {"type": "announce", "announcement": "paire 9"}) is None


def test_a_long_run_of_throws_speeds_up_and_takes_seconds_not_minutes() -> None:
    """The rule book's unlimited table: a perfect first player may throw thousands of times."""
    waits = [throw_pace(done) for done in range(0, 5000)]
    assert waits[0] == 0 and waits[1] == waits[2] == PACE
    assert waits[2:] == sorted(waits[2:], reverse=True) and waits[-1] == 0
    assert sum(waits) < 5
    state = new(2, first=0)
    load_dice(state, *["9 10 J Q K"] * 40)
    for _ in range(40):
        state.apply(0, THROW)
    assert state.bot_pace(0, THROW) == (0.0, len(state.actions))


def test_a_paced_default_round_takes_seconds() -> None:
    """Four perfect bots: the waits the pace asks for in one session, per round."""
    state = GAME.new(4, {"max_rounds": 5}, seed=1)
    agents = [botlib.make("pokerdas", "parfait", seed=s) for s in range(4)]
    total = 0.0
    while not state.is_over():
        seat = next(iter(state.to_move()))
        action = agents[seat].act(state.view(seat), state.legal_actions(seat))
        pace = state.bot_pace(seat, action)
        total += pace[0] if pace else 0.0
        state.apply(seat, action)
    assert total / state.rounds < 4 * 2 * PACE + 1e-9  # at most two paced throws a seat
