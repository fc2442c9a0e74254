"""R1, R22: the non-playing arbiter (option ``arbiter=externe``), who holds the last seat.

He has no rack and no score, never plays a word nor trades, judges every word in ``arbitre``
mode (his decisions are final: he may accept a word absent from Lexique, never an
inadmissible one), is shown the automatic judge's opinion as advice, sees no rack (R5: racks
are private; the seed gives the arbiter the bags and the sablier, not the racks) and is
never ranked.
"""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from ludotheque import bots as botlib
from ludotheque.cli.play import play
from ludotheque.engine import replay
from ludotheque.engine.errors import IllegalAction, OptionsError
from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.rules import AlkamoState

from .helpers import accepted, deal, new, play_word, rejected

EXTERNAL = {"judge": "arbitre", "arbiter": "externe"}


def external(players: int = 3, seed: int = 1) -> AlkamoState:
    return new(players=players, seed=seed, **EXTERNAL)


def judged(events: list[dict]) -> dict:
    return next(e for e in events if e["type"] == "vote_demande")


def test_R1_the_non_playing_arbiter_holds_one_more_seat_the_last() -> None:
    for seats in (3, 4):
        state = external(players=seats)
        arbiter = seats - 1
        assert state.arbiter_seat == arbiter and state.playing == seats - 1
        assert state.racks[arbiter] == [] and all(len(r) == 10 for r in state.racks[:arbiter])
        draws = [e for e in state.opening_events if e["type"] == "tirage_premier"]
        assert all(len(e["tuiles"]) == seats - 1 for e in draws)  # R3: players draw, he doesn't
        premier = next(e for e in state.opening_events if e["type"] == "premier")
        assert premier["arbitre"] == arbiter and premier["seat"] != arbiter
        assert state.view(arbiter)["arbiter_seat"] == arbiter
        state.check_invariants()
    with pytest.raises(OptionsError, match="3 ou 4 sièges"):
        GAME.new(2, EXTERNAL)  # one player and an arbiter is no game
    with pytest.raises(OptionsError, match="jugement « par l'arbitre »"):
        GAME.new(3, {"judge": "vote", "arbiter": "externe"})
    with pytest.raises(OptionsError, match="externe"):
        GAME.new(3, {"judge": "arbitre", "arbiter": "dehors"})
    assert GAME.options_type.parse(["judge=arbitre", "arbiter=externe"]).external_arbiter


def test_R4_turns_go_round_the_players_only() -> None:
    state = external(players=4)
    assert [state.next_seat(s) for s in range(3)] == [2, 0, 1]
    order = [state.active]
    for _ in range(2):  # two passes without exchange (a third would block the game, R34c)
        state.apply(state.active, {"type": "tirer"})
        state.apply(state.active, {"type": "passer"})
        state.apply(state.active, {"type": "rendre", "lettres": ""})
        order.append(state.active)
    assert order == [order[0], (order[0] - 1) % 3, (order[0] - 2) % 3]


def test_R34_a_blocked_game_is_one_pass_per_player_not_per_seat() -> None:
    state = external(players=3)
    for _ in range(2):
        state.apply(state.active, {"type": "tirer"})
        state.apply(state.active, {"type": "passer"})
        state.apply(state.active, {"type": "rendre", "lettres": ""})
    assert state.is_over() and state.end_reason == "bloque"


def test_R22_the_arbiter_judges_every_word_and_his_decision_is_final() -> None:
    state = external(players=3)
    seat = state.active
    deal(state, seat, "TULIPEEEEE")
    events = play_word(state, "ARMEE", "TULIPE")  # unrelated: the automatic judge refuses it
    ask = judged(events)
    assert ask["votants"] == [2] and state.to_move() == frozenset([2])
    assert ask["avis"]["accepted"] is False  # advice only
    assert state.legal_actions(2) == [{"type": "accepter"}, {"type": "refuser"}]
    done = accepted(state.apply(2, {"type": "accepter"}))
    assert done is not None and done["mot"] == "TULIPE" and done["score"] > 0
    state.apply(seat, {"type": "rendre", "lettres": ""})
    seat = state.active
    deal(state, seat, "SELLEEEEEE")
    ask = judged(play_word(state, "CHEVAL", "SELLE"))  # in CHEVAL's list: the judge accepts
    assert ask["votants"] == [2] and ask["avis"]["accepted"] is True
    refused = rejected(state.apply(2, {"type": "refuser"}))
    assert refused is not None and "arbitre" in refused["raison"]
    assert state.scores[seat] == 0 and state.pending == "CHEVAL"  # R9: a pass, plaque pending


def test_R22_the_arbiter_may_accept_a_word_absent_from_lexique_never_an_inadmissible_one() -> None:
    state = external(players=3)
    deal(state, state.active, "ZOEEEEEEEE")
    ask = judged(play_word(state, "MER", "ZO"))
    assert ask["absent"] and ask["votants"] == [2] and "avis" not in ask
    assert accepted(state.apply(2, {"type": "accepter"}))["mot"] == "ZO"
    state = external(players=3)
    deal(state, state.active, "MANGEEEEEE")
    events = play_word(state, "CUISINE", "MANGE")  # conjugated: inadmissible, never asked
    assert rejected(events) is not None and not any(e["type"] == "vote_demande" for e in events)
    assert state.phase == "return"


def test_R22_words_needing_no_judgement_are_not_put_to_the_arbiter() -> None:
    """The exact theme word and a word on a C plaque are settled by the rules (R21, R7)."""
    state = external(players=3)
    deal(state, state.active, "CHEVALEEEE")
    events = play_word(state, "CHEVAL", "CHEVAL")
    assert accepted(events)["labourage"] and not any(e["type"] == "vote_demande" for e in events)


def test_R1_the_arbiter_never_trades_nor_plays() -> None:
    state = external(players=3)
    seat = state.active
    assert state.legal_actions(2) == []
    with pytest.raises(IllegalAction):
        state.apply(2, {"type": "tirer"})
    state.apply(seat, {"type": "tirer"})
    targets = {a.get("vendeur", a.get("avec")) for a in state.legal_actions(seat)}
    assert 2 not in targets and targets - {None} == {1 - seat}
    before = state.view(None)
    with pytest.raises(IllegalAction, match="arbitre ne joue pas"):
        state.apply(seat, {"type": "achat", "vendeur": 2, "lettre": "E", "prix": 2})
    assert state.view(None) == before


def _arbiter_sees_what_a_spectator_sees(state: AlkamoState) -> None:
    arbiter = state.arbiter_seat
    assert arbiter is not None
    mine, public = state.view(arbiter), state.view(None)
    assert mine.pop("seat") == arbiter and public.pop("seat") is None
    assert mine == public, "the arbiter's view holds more than the table shows"
    assert mine["rack"] is None and mine["set_aside"] is None


def test_R5_the_arbiters_view_holds_nothing_he_may_not_see() -> None:
    """Racks are private (R5); the seed gives the arbiter the bags and the sablier (Art. 1a),
    not the racks: his view is the spectator's (board, scores, the word submitted and the
    judge's advice, all public), at every step of whole games."""
    for seed in range(3):
        state = external(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            _arbiter_sees_what_a_spectator_sees(state)
            seat = rng.choice(sorted(state.to_move()))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        _arbiter_sees_what_a_spectator_sees(state)


def test_R1_R22_a_whole_game_with_a_non_playing_arbiter() -> None:
    """fort at every seat, the arbiter's too (he judges as the automatic judge)."""
    for seats, seed in ((3, 4), (4, 5)):
        state = GAME.new(seats, EXTERNAL, seed)
        arbiter = seats - 1
        agents = [botlib.make("alkamo", "fort", seed * 31 + s) for s in range(seats)]
        decisions = 0
        while not state.is_over():
            movers = state.to_move()
            seat = min(movers)
            if arbiter in movers:
                assert movers == {arbiter} and state.phase == "judge"
                assert state.voters == [arbiter]
            action = agents[seat].act(state.view(seat), state.legal_actions(seat))
            if seat == arbiter:
                assert action["type"] in ("accepter", "refuser")
                decisions += 1
            state.apply(seat, action)
            assert state.active != arbiter
            state.check_invariants()
        assert decisions > 0 and state.scores[arbiter] == 0 and state.boards[arbiter] == []
        _the_arbiter_is_not_ranked(state)


def _the_arbiter_is_not_ranked(state: AlkamoState) -> None:
    result = state.result()
    arbiter = state.arbiter_seat
    assert arbiter is not None and len(result.scores) == len(result.ranks) == state.players
    assert result.ranks[arbiter] == 0 and result.scores[arbiter] == 0
    assert arbiter not in result.winners and result.details["arbitre"] == arbiter
    players = [result.ranks[s] for s in range(state.playing)]
    assert min(players) == 1 and max(players) <= state.playing
    fin = state.view(None)["result"]
    assert fin["ranks"][arbiter] == 0


def test_R1_the_arbiter_never_appears_in_the_ranking() -> None:
    state = external(players=3)
    deal(state, state.active, "CHEVALEEEE")
    first = state.active
    play_word(state, "CHEVAL", "CHEVAL")
    state.apply(first, {"type": "rendre", "lettres": ""})
    for _ in range(2):
        state.apply(state.active, {"type": "tirer"})
        state.apply(state.active, {"type": "passer"})
        state.apply(state.active, {"type": "rendre", "lettres": ""})
    assert state.is_over()
    result = state.result()
    assert result.winners == (first,) and result.ranks[first] == 1
    assert result.ranks[1 - first] == 2
    _the_arbiter_is_not_ranked(state)


def test_R22_a_person_arbitrates_in_the_terminal_while_bots_play(tmp_path: Path) -> None:
    """``ludotheque play alkamo -n 3 --judge arbitre -o arbiter=externe --seat 2``."""
    out = io.StringIO()
    console = Console(file=out, width=140, highlight=False)
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) == 1:
            return "aide"
        return "o" if len(asked) % 3 else "n"

    state = GAME.new(3, EXTERNAL, seed=6)
    play(GAME, state, 2, ["fort"], console, answer, tmp_path / "r.json")
    text = out.getvalue()
    assert state.is_over() and asked
    assert all("Votre décision d'arbitre" in p for p in asked)
    for expected in (
        "Vous êtes l'arbitre",
        "À l'arbitre",
        "Fin de partie",
        "Arbitre : Vous",
        "Laboureur",
    ):
        assert expected in text, expected
    assert "Votre chevalet" not in text


@settings(max_examples=4, deadline=None)
@given(seats=st.integers(3, 4), seed=st.integers(0, 10**6))
def test_R31_tiles_and_points_are_conserved_and_records_replay_with_the_arbiter(
    seats: int, seed: int
) -> None:
    state = external(players=seats, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        seat = rng.choice(sorted(state.to_move()))
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        state.check_invariants()
    again = replay(state.record())
    assert again.record()["players"] == seats
    for seat in [*range(seats), None]:
        assert again.view(seat) == state.view(seat)
    _the_arbiter_is_not_ranked(state)
