"""The Bataille's table in English (``ludotheque play bataille --lang en``): a whole game on the
live table with no French left, its sentences, the command words of both languages, the
refusals, the end of the game; the words played stay French (they are the game)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque import bots as botlib
from ludotheque.cli.play import Quit, play
from ludotheque.engine.protocol import Result
from ludotheque.games.bataille import GAME
from ludotheque.games.bataille.live import (
    HELP_EN,
    RULES_EN,
    Lines,
    LiveTable,
    QuickEye,
    run_scripted,
)
from ludotheque.games.bataille.rules import BatailleState
from ludotheque.games.bataille.terminal import BatailleTerminal
from tests.term.english_check import french_left, lines_with

from .helpers import new, rig


def screen(lang: str = "en", seat: int = 0) -> tuple[BatailleTerminal, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    you, bot = ("You", "Strong 1") if lang == "en" else ("Vous", "Fort 1")
    names = [you, bot] if seat == 0 else [bot, you]
    return BatailleTerminal(console, seat, names, input, lang=lang), out


def claimable(lang: str = "en", **options: object) -> tuple[LiveTable, io.StringIO]:
    """C H A T E on the table, the bot's turn to turn up a card; it never claims in time."""
    state = new(bot_reaction_ms=60_000, **options)
    rig(state, table="Cr Hb Ar Tb Er", piles=("Sr", "Mb"), turn=1, last_layer=0)
    ui, out = screen(lang)
    return LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, ui, 0.0), out


def test_a_whole_game_in_english_leaves_no_french() -> None:
    """A whole game at the English live table — help, rules, a refused colour, every claim,
    card and penalty, the last words and the end — says nothing in French."""
    ui, out = screen()
    state = GAME.new(2, {"courtoisie": True}, seed=2)
    assert isinstance(state, BatailleState)
    live = LiveTable(state, 0, {1: botlib.make("bataille", "facile", seed=1)}, ui, 0.0)
    run_scripted(live, Lines([(0.1, "help"), (0.2, "rules"), (0.3, "green")]), until=0.4)
    run_scripted(live, QuickEye(reaction=2.0), start=0.4)
    ui.finish(state.view(0), state.result())
    text = out.getvalue()
    assert state.is_over()
    assert french_left(text) == [], {w: lines_with(text, w) for w in french_left(text)}
    assert "AlphaPoker Bataille in brief" in text and "The table plays in real time" in text
    assert " claim “" in text and "turns up" in text and "plays" in text
    if state.chooser == 0:
        assert "✗ your colour: r (red) or b (black)" in text  # « green » is refused


def test_the_english_table_names_the_cards_the_scores_and_the_claims() -> None:
    """A claim, the table and the scores read as an English player expects, with the same
    words as the browser (« claims », « word admitted », the pile)."""
    live, out = claimable()
    live.typed("chat", 0.5)
    text = out.getvalue()
    assert "You claim “CHAT” — word admitted" in text
    assert "Your cards: 8 points (pile: 1) — Strong 1: 2 points (pile: 1)" in text
    assert "Table: " in text
    assert live.status(0.5) == "the opponent's card next · table 1 · you 8 – 2 Strong 1"
    assert live.prompt() == "A word › "


def test_the_english_table_narrates_the_colours_penalties_last_words_and_refills() -> None:
    """The events besides a word claimed: the colours, a penalty card given, a claim with no
    word, time up, the last words and the won cards taken back as a pile."""
    ui, out = screen()
    view = {"time_up": False}
    ui.tell([{"type": "colours", "colours": ["r", "b"], "first": 0}], view)
    ui.tell([{"type": "penalty", "seat": 0, "card": "Ab"}], view)
    ui.tell([{"type": "penalty", "seat": 1, "card": "Kr"}], view)
    ui.tell([{"type": "claim", "seat": 1, "word": "", "outcome": "no_word"}], view)
    ui.tell([{"type": "time_up"}], view)
    ui.tell([{"type": "final_claims", "order": [1, 0]}], view)
    ui.tell([{"type": "final_claims", "order": [0, 1]}], {"time_up": True})
    ui.tell([{"type": "refill", "seat": 1}, {"type": "refill", "seat": 0}], view)
    text = out.getvalue()
    assert "You play red, Strong 1 black. You start." in text
    assert "Penalty: You give Strong 1 a card  A₁♣" in text
    assert "Penalty: Strong 1 gives you a card  K₅♦" in text
    assert "Strong 1 claims with no word." in text
    assert "Time is up." in text
    assert "No more cards to turn up: last words. Strong 1 starts." in text
    assert "Last words. You start." in text
    assert "Strong 1 takes back their won cards as a new pile." in text
    assert "You take back your won cards as a new pile." in text
    assert french_left(text) == []


def test_the_end_of_an_english_game_gives_the_winner_and_the_score() -> None:
    """The end: the winner with the two totals, or a draw, « point » agreeing in English."""
    ui, out = screen()
    win = Result(scores=(30, 52), ranks=(2, 1), winners=(1,), reason_fr="", reason_en="")
    ui.finish({}, win)
    ui.finish({}, Result(scores=(52, 30), ranks=(1, 2), winners=(0,), reason_fr="", reason_en=""))
    ui.finish({}, Result(scores=(1, 1), ranks=(1, 1), winners=(0, 1), reason_fr="", reason_en=""))
    text = out.getvalue()
    assert "Strong 1 wins, 52 points to 30." in text
    assert "You win, 52 points to 30." in text
    assert "Draw: 1 point each." in text


def test_english_command_words_work_at_both_tables() -> None:
    """« help », « rules » work at the French table and « aide », « regles » at the English one,
    each showing the table's own language; « /help » is always the command."""
    live, out = claimable("fr")
    live.typed("help", 0.1)
    live.typed("rules", 0.2)
    french = out.getvalue()
    assert "La table vit en temps réel" in french and "La Bataille AlphaPoker en bref" in french
    live, out = claimable()
    live.typed("aide", 0.1)
    live.typed("/regles", 0.2)
    live.typed("/help", 0.3)
    english = out.getvalue()
    assert english.count("The table plays in real time") == 2
    assert "AlphaPoker Bataille in brief" in english
    assert french_left(HELP_EN) == [] and french_left(RULES_EN) == []


def test_a_word_the_table_makes_is_a_claim_not_a_command() -> None:
    """« table » is a French word: when the table can make it, typing it claims it, at the
    English table too (only « /table » is then the command)."""
    state = new(bot_reaction_ms=60_000)
    rig(state, table="Tr Ab Bb Lr Er", piles=("Sr", "Mb"), turn=1, last_layer=0)
    ui, out = screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, ui, 0.0)
    live.typed("table", 0.5)
    assert "You claim “TABLE” — word admitted" in out.getvalue()


def test_refusals_are_said_in_english() -> None:
    """The live table's own refusals and the engine's are said in English, without the rule
    book's IDs."""
    live, out = claimable()
    live.typed("", 0.1)  # not the person's card
    live.typed("a1b", 0.2)  # the engine refuses it
    text = out.getvalue()
    assert "✗ it is not your turn to turn up a card: type a word to claim" in text
    assert "✗ not an A–Z word" in text
    state = new(bot_reaction_ms=60_000)
    rig(state, table="Cr Hb", piles=("Sr Ar", "Mb"), turn=1, last_layer=0)
    ui, out = screen()
    live = LiveTable(state, 0, {1: botlib.make("bataille", "fort", seed=1)}, ui, 0.0)
    live.typed("chat", 0.1)
    assert "✗ at least 5 cards must be on the table to claim\n" in out.getvalue()
    assert french_left(out.getvalue()) == []


def test_a_colour_is_chosen_with_english_words() -> None:
    """At the lot's choice the English colour words are understood (« black »)."""
    state = GAME.new(2, {}, seed=2)
    assert isinstance(state, BatailleState)
    seat = state.chooser
    ui, out = screen(seat=seat)
    live = LiveTable(state, seat, {1 - seat: botlib.make("bataille", "fort", seed=1)}, ui, 0.0)
    assert live.prompt() == "Your colour (r/b) › " and "choosing colours" in live.status(0.0)
    live.typed("black", 0.1)
    assert state.colours[seat] == "b" and "You play black, Strong 1 red." in out.getvalue()


def test_the_turn_based_table_asks_in_english() -> None:
    """The question-by-question table (replays' loops) asks in English and takes « help »,
    « red »."""
    state = GAME.new(2, {}, seed=2)
    assert isinstance(state, BatailleState)
    answers = iter(["help", "red"])
    prompts: list[str] = []

    def ask(prompt: str) -> str:
        prompts.append(prompt)
        return next(answers)

    out = io.StringIO()
    ui = BatailleTerminal(
        Console(file=out, width=200, color_system=None),
        state.chooser,
        ["You", "Strong 1"],
        ask,
        "en",
    )
    view = state.view(state.chooser)
    legal = state.legal_actions(state.chooser)
    assert ui.ask_action(view, legal) is None  # « help » shown
    assert ui.ask_action(view, legal) == {"type": "colour", "colour": "r"}
    assert prompts[0] == "Your colour: r (red) or b (black) › "
    assert "The table plays in real time" in out.getvalue()


def test_play_in_english_introduces_the_live_table_and_saves_on_quit(tmp_path: Path) -> None:
    """``play --lang en``: the live table's introduction and the saving on quit in English."""
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    state = GAME.new(2, {}, seed=4)

    def ask(prompt: str) -> str:
        raise EOFError

    with pytest.raises(Quit):
        play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json", lang="en")
    text = out.getvalue()
    assert "Real time: type a word and Enter to claim it at any moment" in text
    assert "Bots' reaction: 2.5 s. Commands: /help, /table, /rules, /quit." in text
    assert french_left(text) == [], {w: lines_with(text, w) for w in french_left(text)}


def test_the_turn_based_table_takes_a_word_the_table_makes_as_a_claim() -> None:
    """At the question-by-question table too, a command word the table makes is a claim when
    one may be made (« table » on T A B L E), « /table »-style commands staying commands."""
    state = new(bot_reaction_ms=60_000)
    rig(state, table="Tr Ab Bb Lr Er", piles=("Sr", "Mb"), turn=0, last_layer=1)
    answers = iter(["/help", "rules", "table"])
    out = io.StringIO()
    ui = BatailleTerminal(
        Console(file=out, width=200, color_system=None),
        0,
        ["You", "Strong 1"],
        lambda prompt: next(answers),
        "en",
    )
    view, legal = state.view(0), state.legal_actions(0)
    assert ui.ask_action(view, legal) is None and ui.ask_action(view, legal) is None
    assert ui.ask_action(view, legal) == {"type": "claim", "word": "table"}
    text = out.getvalue()
    assert "The table plays in real time" in text and "AlphaPoker Bataille in brief" in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            ["Penalty: You give Strong 1 a card  R₁♦", "Penalty: Strong 1 gives you a card  A₁♣"],
        ),
        ("fr", ["Pénalité : Vous donnez une carte  R₁♦", "Pénalité : Fort 1 donne une carte  A₁♣"]),
    ],
)
def test_a_penalty_card_is_written_as_every_other_card(lang: str, said: list[str]) -> None:
    """Found by an English-speaking play-tester: « Penalty: You give Strong 1 a card (Rr). »
    while every other card reads like « R₁♦ »: the same notation (at the French table too)."""
    ui, out = screen(lang)
    ui.tell([{"type": "penalty", "seat": 0, "card": "Rr"}], {"time_up": False})
    ui.tell([{"type": "penalty", "seat": 1, "card": "Ab"}], {"time_up": False})
    lines = out.getvalue().splitlines()
    assert [line.rstrip() for line in lines] == said
    assert "(Rr)" not in out.getvalue()


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "the opponent's card next · table 1 · you 8 – 2 Strong 1"),
        ("fr", "l'adversaire pose · table 1 · vous 8 – 2 Fort 1"),
    ],
)
def test_the_status_bar_names_whose_score_is_the_second(lang: str, said: str) -> None:
    """Found by an English-speaking play-tester: the status bar « you 131 – 131 » did not say
    whose the second number is; it names him, as a match's score (in both languages)."""
    live, _ = claimable(lang)
    live.typed("chat", 0.5)  # the person takes CHAT: 8 points, the bot's M 2
    assert live.status(0.5) == said


def test_the_rules_say_pile_as_the_table_does() -> None:
    """Found by an English-speaking play-tester: the table says « (pile: 59) » but the English
    rules said « his stock »: one word, pile."""
    rules = " ".join(RULES_EN.split())
    assert "stock" not in rules
    assert "face down: his pile." in rules and "the top card of his pile" in rules
    assert "(pile and cards won)" in rules
