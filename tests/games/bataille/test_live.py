"""La Bataille in real time (issue 15): the bots' pace, the live terminal table on a fake clock.

Times are seconds of a fake clock; nothing here sleeps."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ludotheque import bots as botlib
from ludotheque.engine import record as records
from ludotheque.games.bataille.live import Lines, LiveTable, QuickEye, Quit, run_scripted
from ludotheque.games.bataille.rules import BatailleState

from .helpers import new, rig

LAY: dict[str, Any] = {"type": "lay"}


class Screen:
    """What the person is told, as plain text."""

    def __init__(self) -> None:
        self.said: list[str] = []
        self.events: list[dict[str, Any]] = []
        self.shown = 0

    def say(self, text: str) -> None:
        self.said.append(text)

    def tell(self, events: list[dict[str, Any]], view: dict[str, Any]) -> None:
        self.events += events

    def show(self, view: dict[str, Any]) -> None:
        self.shown += 1


def table(
    piles: tuple[str, str] = ("Er Ar Tr Cr", "Zb Qb Hb"), bot: str = "fort", **options: Any
) -> tuple[LiveTable, Screen]:
    """The person at seat 0 lays first; the cards come C H T Q A (CHAT made by his A, the 5th
    card) unless ``piles`` say otherwise. Played from time 0."""
    state = new(**options)
    rig(state, piles=piles, turn=0)
    screen = Screen()
    return LiveTable(state, 0, {1: botlib.make("bataille", bot, seed=1)}, screen, 0.0), screen


def claims(screen: Screen) -> list[tuple[int, str, str]]:
    return [(e["seat"], e["word"], e["outcome"]) for e in screen.events if e["type"] == "claim"]


def test_bot_pace_counts_the_reaction_from_the_card_that_made_the_word() -> None:
    state = new(bot_reaction_ms=2500)
    rig(state, piles=("Er Ar Tr Cr", "Zb Qb Hb"), turn=0)
    for _ in range(5):
        state.apply(state.turn, LAY)  # C H T Q A: versions 2…6 (the colour was version 1)
    chat = {"type": "claim", "word": "CHAT"}
    assert state.word_made_at(chat) == 6  # the A, fifth card, made it
    state.apply(state.turn, LAY)  # Z: version 7
    assert state.bot_pace(1, chat) == (2.5, 6)  # still counted from the A, not from the Z
    cards = {"type": "claim", "cards": ["Cr", "Hb", "Ar", "Tr"]}
    assert state.word_made_at(cards) == 6
    state.apply(state.turn, LAY)  # E: version 8
    assert state.bot_pace(1, {"type": "claim", "word": "CHEZ"}) == (2.5, 8)
    assert state.bot_pace(1, LAY) == (2.5, 8)  # a bot's card: the reaction after the last card
    assert state.bot_pace(1, {"type": "claim", "word": "XYZ"}) == (2.5, 8)  # not on the table
    assert state.bot_pace(1, {"type": "pass"}) is None


def test_bot_pace_follows_the_tables_reaction_option() -> None:
    state = new(bot_reaction_ms=700)
    rig(state, table="Cr Hb Ar Tb Er")
    assert state.bot_pace(0, {"type": "claim", "word": "CHAT"}) == (0.7, 0)


def test_R58_a_person_claims_the_word_his_own_card_made_before_the_bot() -> None:
    live, screen = table()
    run_scripted(live, Lines([(0.5, ""), (3.2, ""), (5.9, ""), (7.4, "chat")]), until=20)
    # 0.5 C · 3.0 H (fort, 2.5 s later) · 3.2 T · 5.7 Q (fort) · 5.9 A makes CHAT · 7.4 claim
    assert claims(screen)[0] == (0, "CHAT", "valid")
    assert live.claims_won == [1, 0]


def test_fort_claims_no_earlier_than_the_reaction_time_after_the_card() -> None:
    live, screen = table()
    run_scripted(live, Lines([(0.5, ""), (3.2, ""), (5.9, "")]), until=20)
    # the A making CHAT was laid at 5.9: fort claims it at 8.4, not before
    assert claims(screen)[0] == (1, "CHAT", "valid")
    claim_version = next(
        v for v, (seat, a) in enumerate(live.state.actions, 1) if a["type"] == "claim"
    )
    assert live.times[claim_version] == pytest.approx(8.4)


def test_a_slower_table_makes_fort_slower_and_facile_twice_slower() -> None:
    live, _ = table(bot_reaction_ms=4000)
    run_scripted(live, Lines([(0.5, ""), (4.6, ""), (8.7, "")]), until=30)
    first = next(v for v, (_, a) in enumerate(live.state.actions, 1) if a["type"] == "claim")
    assert live.times[first] == pytest.approx(12.7)  # A laid at 8.7, 4 s later
    live, _ = table(bot="facile")
    run_scripted(live, Lines([(0.5, ""), (5.6, ""), (10.7, "")]), until=30)
    first = next(v for v, (_, a) in enumerate(live.state.actions, 1) if a["type"] == "claim")
    assert live.times[first] == pytest.approx(15.7)  # 2 × 2.5 s after the A


def test_R61_courtoisie_the_person_may_not_claim_on_his_own_card_and_is_told_why() -> None:
    live, screen = table(courtoisie=True)
    run_scripted(live, Lines([(0.5, ""), (3.2, ""), (5.9, ""), (6.2, "chat")]), until=7)
    assert claims(screen) == []
    assert any("courtoisie" in s and "proposer" in s for s in screen.said)
    assert not any(re.search(r"\(R\d+\)", s) for s in screen.said), screen.said  # issue 21


def test_bad_input_is_answered_and_changes_nothing() -> None:
    live, screen = table()
    run_scripted(live, Lines([(0.5, "")]), until=1)
    before = live.state.record()
    lines = [(1.0, "chat"), (1.1, ""), (1.2, "coul r"), (1.3, "aide"), (1.4, "table")]
    run_scripted(live, Lines(lines), until=1.5)
    assert live.state.record() == before
    assert any("5 cartes" in s for s in screen.said)  # R58
    assert any("pas à vous de poser" in s for s in screen.said)
    run_scripted(live, Lines([(3.2, ""), (5.9, ""), (6.2, "c4t")]), until=6.5)
    assert any("A à Z" in s for s in screen.said)  # refused by the engine, nothing changed
    assert not any(re.search(r"\(R\d+\)", s) for s in screen.said), screen.said  # issue 21
    assert live.state.errors == [0, 0]
    with pytest.raises(Quit):
        run_scripted(live, Lines([(6.6, "quitter")]), until=8)


def test_R65_the_lay_timer_is_enforced_with_a_visible_clock() -> None:
    live, screen = table(lay_timer=True, piles=("Ar Tr Cr", "Qb Hb"))
    run_scripted(live, Lines([(0.5, "")]), until=1.0)  # C at 0.5
    assert "l'adversaire pose" in live.status(1.0)
    run_scripted(live, Lines([]), until=3.6)  # fort lays H at 3.0: 2.5 s would be too soon
    assert [e["card"] for e in screen.events if e["type"] == "lay"] == ["Cr", "Hb"]
    assert live.times[-1] == pytest.approx(3.5)  # R65's 3 s minimum after the C
    assert "à vous de poser (7 s)" in live.status(6.5)
    run_scripted(live, Lines([(4.0, "")]), until=4.5)  # too soon: 3 s after the H
    assert any("trop tôt : 3 s au moins entre deux cartes" in s for s in screen.said)
    assert not any(re.search(r"\(R\d+\)", s) for s in screen.said)  # issue 21: no rule IDs
    assert live.state.table == ["Cr", "Hb"]
    run_scripted(live, Lines([]), until=14.0)  # the person waits: his T is laid at 13.5
    lays = [e["card"] for e in screen.events if e["type"] == "lay"]
    assert lays == ["Cr", "Hb", "Tr"] and live.times[-1] == pytest.approx(13.5)


def test_R67_the_timed_mode_ends_on_time_with_a_visible_clock() -> None:
    state = new(bataille_mode="timed", bataille_duration_s=20)
    screen = Screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, screen, 0.0)
    assert "reste 0 min 12 s" in live.status(8.0)
    end = run_scripted(live, QuickEye())
    kinds = [e["type"] for e in screen.events]
    assert "time_up" in kinds and live.state.is_over()
    up = next(v for v, (seat, a) in enumerate(live.state.actions, 1) if a["type"] == "time_up")
    assert live.times[up] == pytest.approx(20.0) and end < 40


def test_issue15_a_person_reacting_in_1_5_s_wins_claims_against_fort() -> None:
    """The issue's test: fort at the default reaction time (2.5 s), a scripted person who
    claims 1.5 s after the card that makes a word he sees (up to 5 letters), a whole game."""
    state = BatailleState(2, __import__("ludotheque").games.get("bataille").options_type(), 7)
    screen = Screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, screen, 0.0)
    run_scripted(live, QuickEye(reaction=1.5))
    assert state.is_over() and state.options.bot_reaction_ms == 2500
    mine, fort = live.claims_won
    assert mine >= 10 and mine > fort
    assert state.result().winners == (0,)
    assert records.replay(state.record()).scores() == state.scores()  # an ordinary record


def test_the_final_claims_and_the_end_are_played_live() -> None:
    live, screen = table(piles=("Ar Tr Cr", "Qb Hb"))
    run_scripted(live, Lines([(0.5, ""), (3.2, ""), (5.9, ""), (8.5, "")]))
    # the person lets fort take CHAT at 8.0, then both piles are empty: last words
    assert live.state.is_over()
    assert claims(screen)[0][:2] == (1, "CHAT")


def test_R58_a_word_made_before_the_fifth_card_counts_from_the_fifth_card() -> None:
    state = new()
    rig(state, piles=("Wr Ar Cr", "Zb Qb Eb"), turn=0)  # C E A Q W: ACE made by the A (3rd)
    for _ in range(5):
        state.apply(state.turn, LAY)  # versions 2…6
    ace = {"type": "claim", "word": "ACE"}
    assert state.word_made_at(ace) == 4
    assert state.claimable_since(ace) == 6  # claims opened with the 5th card (R58)
    assert state.bot_pace(1, ace) == (2.5, 6)


def test_R61_with_courtoisie_a_bots_word_counts_from_the_card_that_gave_it_the_claim() -> None:
    state = new(courtoisie=True)
    rig(state, piles=("Wr Ar Er Cr", "Zb Qb Hb"), turn=0)  # C H E Q A W…: ACHE made by the A
    for _ in range(5):
        state.apply(state.turn, LAY)  # C H E Q A: the person laid the A (version 6)
    ache = {"type": "claim", "word": "ACHE"}
    assert state.bot_pace(1, ache) == (2.5, 6)
    state.apply(state.turn, LAY)  # the bot lays Z: only the person may claim now (R61)
    assert 1 not in state.claimers()
    state.apply(state.turn, LAY)  # the person lays W: the bot's turn to claim opens again
    assert state.bot_pace(1, ache) == (2.5, 8)


def test_a_command_word_the_table_spells_is_a_claim_and_slash_makes_it_a_command() -> None:
    state = new(bot_reaction_ms=60_000)
    rig(state, table="Ar Ir Db Eb Qr", piles=("Sr", "Mb"), turn=1, last_layer=0)
    screen = Screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, screen, 0.0)
    live.typed("/aide", 0.1)
    assert state.claims == 0 and "temps réel" in screen.said[-1]
    live.typed("aide", 0.2)  # AIDE is on the table: a claim, not the help
    assert claims(screen) == [(0, "AIDE", "valid")]
    live.typed("aide", 0.3)  # not on the table any more: the help
    assert state.claims == 1 and "temps réel" in screen.said[-1]
    with pytest.raises(Quit):
        live.typed("/quitter", 0.4)


def test_a_resumed_turn_based_pass_is_explained_and_the_next_card_frees_the_claim() -> None:
    state = new(bot_reaction_ms=60_000)
    rig(state, table="Cr Hb Tb Qr Wr", piles=("Sr", "Mb Ab"), turn=1, last_layer=0)
    state.apply(0, {"type": "pass"})  # how the old turn-based terminal let a card go
    screen = Screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, screen, 0.0)
    live.typed("chat", 0.1)
    assert state.claims == 0 and "laissé passer" in screen.said[-1]
    live.advance(1.5)  # fort lays its A (no card before: the driver's 1 s), CHAT is there
    live.typed("chat", 1.6)
    assert claims(screen)[0] == (0, "CHAT", "valid")
