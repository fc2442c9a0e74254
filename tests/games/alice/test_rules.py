"""One test (at least) per rule of rules/alice.md, named after it (examples: test_examples)."""

from __future__ import annotations

import json
import random

import pytest

from ludotheque.engine.errors import IllegalAction, InvalidAction, OptionsError
from ludotheque.games.alice import GAME
from ludotheque.games.alice.cards import NAMES, SQUARE_NAMES, VALUES, parse_square, value
from ludotheque.games.alice.rules import AliceState
from tests.games.alice.helpers import at, can, card, legal, moves_of, play


def new(seed: int = 0, **options: object) -> AliceState:
    state = GAME.new(2, options, seed)
    assert isinstance(state, AliceState)
    return state


def random_game(seed: int, **options: object) -> AliceState:
    state, rng = new(seed, **options), random.Random(seed)
    while not state.is_over():
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    return state


# -- components ------------------------------------------------------------------------------
def test_values_match_the_rule_book_totals() -> None:
    assert [sum(VALUES[s]) for s in range(4)] == [232, 179, 126, 73]
    assert sum(value(c) for c in range(40)) == 610
    assert sum(value(c, 1) for c in range(40)) == 590  # D15: the seed's printed As de pique


def test_D15_ace_of_spades_is_21_by_default_and_1_as_an_option() -> None:
    assert value(card("API")) == 21 and value(card("API"), 1) == 1
    with pytest.raises(OptionsError):
        GAME.options_type(ace_of_spades_value=5)


def test_options_are_checked() -> None:
    for bad in ({"extra_turns": 0}, {"time_limit_s": 0}, {"level": "C"}):
        with pytest.raises(OptionsError):
            GAME.options_type.from_dict(bad)
    assert GAME.options_type.parse(["level=A", "blocage=oui"]).blocage


# -- set-up and turn ----------------------------------------------------------------------------
def test_R1_a_coin_toss_decides_who_plays_first() -> None:
    whites = {new(seed).white for seed in range(20)}
    assert whites == {0, 1}
    for seed in range(5):
        state = new(seed)
        assert state.to_move() == {state.white}


def test_R2_shuffled_pile_and_empty_board() -> None:
    state = new(3)
    assert sorted(state.pile) == list(range(40)) and state.board == [-1] * 64
    assert new(3).pile == state.pile and new(4).pile != state.pile


def test_R3_cards_are_common_to_both_players() -> None:
    state = at({"d1": "3TR", "h8": "RCA"}, pile=["7CA"])
    play(state, "d1-d4")  # White moves 3TR …
    play(state, "tirage")
    play(state, "pose a1")
    assert can(state, "d4-d1") or can(state, "d4-d7")  # … and White may move it again
    state = at({"d1": "3TR"}, trait="n")
    assert can(state, "d1-d4")  # Black may move a card White placed, once unlocked


def test_R4_one_action_per_turn_and_pass_only_without_action() -> None:
    state = at({"d1": "3TR"}, pile=["7CA"])
    play(state, "d1-d4")
    assert state.turn == 1
    with pytest.raises(IllegalAction):
        play(state, "passe")
    stuck = at(
        {"a8": "7PI", "h1": "RTR"},
        locks="a8,h1",
        fin="2",
        cap_w=",".join(n for n in NAMES if n not in ("7PI", "RTR")),
    )
    assert legal(stuck) == {"passe"}
    play(stuck, "passe")
    assert stuck.turn == 1


def test_R5_draw_then_place_where_the_card_has_a_normal_move() -> None:
    state = at({}, pile=["7CO"])
    events = play(state, "tirage")
    assert events[0]["card"] == "7CO" and state.view(1)["drawn"] == "7CO"
    assert legal(state) == {"pose a1", "pose h8"}
    with pytest.raises(IllegalAction):
        play(state, "pose e4")
    play(state, "pose h8")
    assert state.board[parse_square("h8")] == card("7CO")


def test_R6_both_first_turns_are_draws() -> None:
    state = new(1)
    assert legal(state) == {"tirage"}
    play(state, "tirage")
    state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert legal(state) == {"tirage"}  # the only card on the board is locked


# -- moves and threats --------------------------------------------------------------------------
def test_R7_minor_cards_never_leave_their_line() -> None:
    def line(c: int, sq: int) -> int:
        x, y, suit = sq % 8, sq // 8, c // 10
        return (x, x + y, x - y, y)[suit]  # TR file, PI x+y, CO x-y, CA rank

    for seed in range(3):
        state, rng = new(seed, level="A"), random.Random(seed)
        while not state.is_over():
            before = state.pos[:]
            state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
            for c in range(40):
                if c % 10 < 7 and before[c] >= 0 and state.pos[c] >= 0:
                    assert line(c, before[c]) == line(c, state.pos[c])


def test_R7_D19_majors_move_the_same_in_every_suit() -> None:
    for rank in "RDV":
        moves = {frozenset(moves_of(at({"d4": rank + s}), "d4")) for s in ("TR", "PI", "CO", "CA")}
        assert len(moves) == 1


def test_R8_normal_moves_end_on_an_empty_square() -> None:
    state = at({"d4": "3TR", "d7": "ACA", "b2": "ACO"})  # d7 taken; ACO threatens nothing
    assert moves_of(state, "d4") == {"d1"}


def test_R9_threats_ignore_whether_the_square_is_empty_and_are_not_compulsory() -> None:
    state = at({"d4": "RTR", "e5": "2CA", "c3": "5CO"})
    pairs = state.threat_pairs()
    assert card("RTR") * 40 + card("2CA") in pairs and card("RTR") * 40 + card("5CO") in pairs
    assert card("2CA") * 40 + card("RTR") not in pairs  # 2CA threatens c5 and g5
    assert can(state, "tirage")


def test_R10_without_blocage_cards_jump_with_blocage_they_do_not() -> None:
    cards = {"d1": "3TR", "d2": "ACA", "d4": "RPI"}
    assert card("3TR") * 40 + card("RPI") in at(cards).threat_pairs()
    blocked = at(cards, {"blocage": True})
    assert card("3TR") * 40 + card("RPI") not in blocked.threat_pairs()
    assert moves_of(at({"d1": "3TR", "d2": "ACA"}), "d1") == {"d4"}
    assert moves_of(at({"d1": "3TR", "d2": "ACA"}, {"blocage": True}), "d1") == set()


def test_R10_blocage_stops_flights_at_the_first_card() -> None:
    cards = {"d7": "DCO", "d4": "3TR", "b7": "7TR"}  # 7TR on rank 7 threatens nothing
    assert moves_of(at(cards), "d7") >= {"c7", "a7"}
    blocked = moves_of(at(cards, {"blocage": True}), "d7")
    assert "c7" in blocked and "a7" not in blocked


def test_R11_a_threatened_card_only_flees_to_safe_squares() -> None:
    state = at({"d7": "DCO", "d4": "3TR"})
    flights = moves_of(state, "d7")
    assert "d1" not in flights and "d6" not in flights and "d3" in flights
    assert {"a7", "h3"} <= flights  # any distance, in any of the 8 directions (Dame)


def test_R12_prisonniere() -> None:
    state = at({"h5": "ACO", "f3": "VCA"})
    assert state.prisonniere(card("ACO")) and not state.prisonniere(card("VCA"))


def test_R13_the_third_threat_turns_against_the_first_threatener() -> None:
    # A strategic remark; this is its mechanism. White threatens (1), Black answers with a threat
    # of his own (2) instead of fleeing, White makes a third threat instead of cashing the first:
    # cards belong to nobody, so White's first threat, which stood at the end of Black's turn, is
    # now Black's to use, before White may use his third.
    cards = {"d1": "3TR", "d7": "DCO", "a5": "2CA", "e5": "VPI", "g1": "2TR", "g5": "RTR"}
    state = at(cards, pile=["7CA", "6CA", "5CA", "4CA"])
    assert state.threat_pairs() == set()
    play(state, "d1-d4")  # threat 1 (White): 3TR > DCO
    play(state, "a5-c5")  # threat 2 (Black): 2CA > VPI
    assert can(state, "d4xd7")  # White could cash threat 1 now …
    play(state, "g1-g3")  # … but makes threat 3: 2TR > RTR
    assert {"d4xd7", "c5xe5"} <= legal(state)  # Black may take DCO (25) with White's own threat
    assert not can(state, "g3xg5")  # threat 3 is not Black's: it was not there after his turn
    play(state, "d4xd7")
    assert state.scores() == (0, 25)  # White's first threat scored for Black


# -- captures and locks --------------------------------------------------------------------------
def test_R14_no_capture_before_the_second_turn() -> None:
    state = at({"d4": "3TR", "d7": "DCO"})  # no remembered threat: no previous turn
    assert not any("x" in a for a in legal(state))


def test_R14_capture_moves_onto_the_square_and_scores_and_is_not_compulsory() -> None:
    state = at({"d4": "3TR", "d7": "DCO"}, mem_w="3TR>DCO")
    assert {"d4xd7", "tirage"} <= legal(state)
    play(state, "d4xd7")
    assert state.board[parse_square("d7")] == card("3TR") and state.pos[card("DCO")] == -1
    assert state.captured[0] == [card("DCO")] and state.scores() == (25, 0)


def test_R14_the_threat_must_still_stand() -> None:
    state = at({"d4": "3TR", "d8": "DCO"}, mem_w="3TR>DCO")  # DCO fled meanwhile
    assert not any("x" in a for a in legal(state))


def test_R15_a_threatened_card_captures_by_its_attack_pattern() -> None:
    state = at({"d4": "RTR", "d1": "3TR", "e5": "ACA"}, mem_w="RTR>ACA")
    assert "e5" not in moves_of(state, "d4")  # no diagonal flight …
    assert can(state, "d4xe5")  # … but a diagonal capture


def test_R16_the_player_who_made_the_threat_captures_first() -> None:
    state = at({"d3": "RTR", "f5": "RCA"}, pile=["7CA", "6CA"])
    play(state, "d3-e4")  # the two Kings now threaten each other
    assert not can(state, "f5xe4")  # Black: no threat at the end of his previous turn
    play(state, "tirage")
    play(state, "pose a1")
    assert can(state, "e4xf5")  # White may capture first


def test_R17_locks_last_one_opponent_turn() -> None:
    state = at({"d1": "3TR", "h1": "RCA"}, pile=["7CA", "6CA"])
    play(state, "d1-d4")
    assert "d4" not in {a[:2] for a in legal(state)}
    play(state, "h1-h2")
    assert state.locked == (card("RCA"),)
    assert can(state, "d4-d1")  # White's own card: Black's lock is on RCA only


def test_R18_each_player_remembers_the_threats_at_the_end_of_his_turn() -> None:
    state = at({"d1": "3TR", "d7": "DCO"}, pile=["7CA"])
    play(state, "d1-d4")
    assert state.memory[0] == {card("3TR") * 40 + card("DCO")}
    assert state.memory[1] == frozenset()


def test_R19_exchange_same_rank_or_suit_not_locked_not_prisonniere() -> None:
    state = at({"b2": "4TR", "g7": "4CA", "a1": "2CO"})
    assert can(state, "échange b2 g7") and not can(state, "échange a1 b2")
    assert not can(at({"b2": "4TR", "g7": "4CA"}, locks="g7"), "échange b2 g7")
    a7 = at({"h8": "7CO", "e4": "RCO"})
    play(a7, "échange h8 e4")  # a 7 may leave its corner by an exchange
    assert a7.board[parse_square("e4")] == card("7CO")


def test_R20_a_threatened_card_may_flee_by_exchange_into_a_threat() -> None:
    state = at({"d7": "DCO", "d4": "3TR", "f5": "2CO", "h5": "RPI"}, trait="n")
    assert can(state, "échange d7 f5")


def test_R21_draw_exchange() -> None:
    state = at({"c1": "5TR", "h8": "7CO"}, pile=["5CO"])
    play(state, "tirage")
    keys = legal(state)
    assert "pose c1 e4" in keys and "pose h8 e4" in keys and "pose h8 c1" not in keys
    prisoner = at({"h5": "ACO", "f3": "VCA"}, pile=["2CO"])
    play(prisoner, "tirage")
    assert not any(a.startswith("pose h5") for a in legal(prisoner))


def test_R22_level_A_has_no_exchanges() -> None:
    state = at({"b2": "4TR", "g7": "4CA"}, {"level": "A"}, pile=["4CO"])
    assert not any(a.startswith("échange") for a in legal(state))
    with pytest.raises(IllegalAction, match="niveau A"):
        play(state, "échange b2 g7")
    play(state, "tirage")
    assert all(len(a.split()) == 2 for a in legal(state))


# -- end of game -------------------------------------------------------------------------------
def test_R23_views_hide_only_the_pile_order() -> None:
    state = new(2)
    play(state, "tirage")
    views = [state.view(0), state.view(1), state.view(None)]
    assert all(
        {k: v for k, v in w.items() if k != "you"}
        == {k: v for k, v in views[0].items() if k != "you"}
        for w in views
    )
    text = json.dumps(views)
    assert ":" not in views[0]["position"].split()[7]
    hidden = [NAMES[c] for c in state.pile]
    assert views[0]["pile"] == 39 and not all(n in text for n in hidden)


def test_R23_the_view_lists_every_move_so_far_in_the_same_words_for_both_seats() -> None:
    """The move list and the last move's highlight (issue 17) come from the view: every action
    is public, as [seat, type, square…], in the order played."""
    state = new(2)
    first = state.turn
    play(state, "tirage")
    drawn_to = next(a for a in state.legal_actions(first) if a["type"] == "place")["to"]
    state.apply(first, {"type": "place", "to": drawn_to})
    moves = state.view(None)["moves"]
    assert moves == [[first, "draw"], [first, "place", drawn_to]]
    assert state.view(0)["moves"] == state.view(1)["moves"] == moves
    # A whole random game: one entry per action, each square a square name.
    game = random_game(3)
    listed = game.view(0)["moves"]
    assert len(listed) == len(game.actions)
    assert all(q in SQUARE_NAMES for m in listed for q in m[2:])
    json.dumps(listed)


def test_R23_the_move_list_stays_right_when_viewed_move_by_move_and_across_clones() -> None:
    """The view reads only the moves since its last call: viewed at every step, and from a
    clone that plays on differently, each list is still exactly the state's own actions."""
    rng = random.Random(7)
    state = new(7)
    for _ in range(12):
        state.view(0)
        state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
    other = state.clone()
    for s in (state, other):
        for _ in range(6):
            s.view(1)
            s.apply(s.turn, rng.choice(s.legal_actions(s.turn)))
    for s in (state, other):
        fresh = [[seat, a["type"], *(a[k] for k in a if k != "type")] for seat, a in s.actions]
        assert s.view(0)["moves"] == fresh
    assert state.view(0)["moves"] != other.view(0)["moves"]


def test_R24_cards_are_conserved() -> None:
    for seed in range(2):
        state, rng = new(seed), random.Random(seed)
        while not state.is_over():
            state.apply(state.turn, rng.choice(state.legal_actions(state.turn)))
            on_board = sum(1 for c in state.board if c >= 0)
            drawn = state.drawn >= 0
            assert on_board + drawn + len(state.pile) + sum(map(len, state.captured)) == 40


def test_R25_random_games_end_after_the_pile() -> None:
    state = random_game(7, extra_turns=2)
    assert not state.pile and state.result().details["end"] == "pile"


def test_R26_equal_scores_are_a_draw() -> None:
    taken = ("RTR", "DPI", "DCA")
    board = dict(zip(SQUARE_NAMES, [n for n in NAMES if n not in taken], strict=False))
    state = at(board, cap_w="RTR", cap_b="DPI,DCA", fin="1", trait="n")
    state.apply(1, state.legal_actions(1)[0])
    result = state.result()
    assert result.scores == (50, 50) and result.winners == (0, 1) and result.ranks == (1, 1)


def test_R27_the_clock_ends_the_game_at_the_end_of_the_turn() -> None:
    with pytest.raises(IllegalAction):
        new(1).apply(None, {"type": "time_up"})  # no clock at this table
    state = new(1, time_limit_s=3600)
    play(state, "tirage")
    events = state.apply(None, {"type": "time_up"})  # the arbiter's clock ran out
    assert events == [{"type": "time_up"}] and state.view(0)["clock"] == {
        "limit_s": 3600,
        "up": True,
    }
    with pytest.raises(IllegalAction):
        state.apply(None, {"type": "time_up"})  # once
    assert not state.is_over()  # the turn is not over: the drawn card is placed first
    state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.is_over() and state.result().details["end"] == "clock"


def test_R27_the_clock_is_on_the_whole_game_not_on_each_turn() -> None:
    # D18: no clock by default; with time_limit_s the clock runs over the whole game, so there
    # is no per-turn timer (timeout_action, timer_seconds) and the driver gets game_clock().
    assert new(1).game_clock() is None
    state = new(1, time_limit_s=60)
    assert state.timeout_action(state.turn) is None and state.timer_seconds(state.turn) is None
    assert state.game_clock() == (60.0, {"type": "time_up"})
    play(state, "tirage")
    assert state.game_clock() == (60.0, {"type": "time_up"})  # the same clock, turn after turn
    _seconds, action = state.game_clock() or (0.0, {})
    assert action not in state.legal_actions(state.turn)  # the clock's, never a choice offered
    state.apply(None, action)  # as the server plays it on expiry: the arbiter, seat None
    assert state.game_clock() is None  # the time is up once
    assert not state.is_over()
    state.apply(state.turn, state.legal_actions(state.turn)[0])
    assert state.is_over() and state.result().details["end"] == "clock"


def test_malformed_actions_are_invalid() -> None:
    state = new(1)
    for bad in ({"type": "move"}, {"type": "move", "from": "z9", "to": "a1"}, {"type": "fly"}):
        with pytest.raises(InvalidAction):
            state.apply(state.turn, bad)


def test_clone_is_independent() -> None:
    state = at({"d1": "3TR", "d7": "DCO"}, pile=["7CA"])
    copy = state.clone()
    play(copy, "d1-d4")
    assert state.board[parse_square("d1")] == card("3TR") and state.turn == 0
    assert copy.view(0) != state.view(0)
