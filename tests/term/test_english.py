"""English at the tables (``ludotheque play --lang en``): the kit's forms — the person is
« You », counts agree in English, refusals are said in English — and a whole game at the
generic table with no French left. Each game's own terminal is checked in its tests
(tests/games/<game>/test_terminal_english.py)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from ludotheque import games
from ludotheque.cli.main import app
from ludotheque.cli.play import play
from ludotheque.engine.errors import InvalidAction
from ludotheque.term import Terminal
from ludotheque.term.clock import Clock
from ludotheque.term.english import EnglishSeats, agree, plural
from ludotheque.term.table import seat_name

from .english_check import french_left, lines_with


def test_english_plural_is_singular_only_for_one() -> None:
    assert plural(0, "card") == "0 cards" and plural(1, "card") == "1 card"
    assert plural(2, "die", "dice") == "2 dice" and agree(1, "is", "are") == "is"
    assert agree(0, "is", "are") == "are"


def test_english_seats_speak_to_the_person() -> None:
    seats = EnglishSeats(["You", "Strong 1", "Strong 2"], 0)
    assert seats.who(0) == "You" and seats.whom(0) == "you" and seats.who(1) == "Strong 1"
    assert seats.says(0, "shouts", "shout") == "You shout"
    assert seats.says(1, "shouts", "shout") == "Strong 1 shouts"
    assert seats.to(1, "offers", "offer", 0) == "Strong 1 offers you"
    assert seats.to(0, "offers", "offer", 2) == "You offer Strong 2"
    assert seats.whose(0, 1, "deal") == "Your deal" and seats.whose(0, 2, "deal") == "Your 2 deals"
    assert seats.whose(1, 1, "deal") == "Strong 1's deal"
    assert seats.whose(1, 3, "deal") == "Strong 1's 3 deals"


def test_a_table_says_its_sentences_counts_and_refusals_in_its_language() -> None:
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    english = Terminal(console, 0, ["You", "Strong 1"], input, lang="en")
    french = Terminal(console, 0, ["Vous", "Fort 1"], input)
    assert english.t("Vous passez", "You pass") == "You pass" and english.english
    assert french.t("Vous passez", "You pass") == "Vous passez" and not french.english
    assert english.count(0, "carte", "card") == "0 cards"
    assert french.count(0, "carte", "card") == "0 carte"
    english.refuse(InvalidAction("mise trop haute (R12)", "bet too high (R12)"))
    assert "✗ bet too high" in out.getvalue() and "R12" not in out.getvalue()
    with pytest.raises(ValueError, match="fr or en"):
        Terminal(console, 0, ["You"], input, lang="de")


def test_the_clock_line_names_the_game_clock_in_the_tables_language() -> None:
    clock = Clock(now=lambda: 0.0, game_end=185.0, lang="en")
    assert clock.status() == "⏱ game: 3 min 05 s"
    clock.lang = "fr"
    assert clock.status() == "⏱ partie : 3 min 05 s"


def test_bots_are_named_by_their_kind_in_english() -> None:
    alphapoker = games.get("alphapoker")
    assert seat_name(alphapoker, "fort", 1, "en") == "Strong 1"
    assert seat_name(alphapoker, "fort", 1) == "Fort 1"
    assert seat_name(alphapoker, "random", 2, "en") == "Random 2"
    assert seat_name(alphapoker, "unknown", 2, "en") == "Unknown 2"  # no words: its name


def test_a_whole_game_at_the_generic_table_in_english(tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    game = games.get("pokerdas")
    state = game.new(2, game.options_type.parse([]), seed=5)
    answers = iter(["help", "list", "view", "oops"])

    def ask(prompt: str) -> str:
        out.write(prompt + "\n")
        return next(answers, "1")

    play(game, state, 0, ["random"], console, ask, tmp_path / "g.json", generic=True, lang="en")
    text = out.getvalue()
    assert state.is_over() and "Generic table" in text and "Your action (1 to" in text
    assert "Final ranking" in text and "Record:" in text and "players, seed 5" in text
    assert "'oops': type a number from 1 to" in text
    # The generic table shows the events' fields as the engine writes them (« hand=Full (Rois
    # par 9) »): its own words are English, the game's raw fields are what they are.
    left = french_left(text, allowed=("et", "par"))
    assert left == [], {word: lines_with(text, word)[:3] for word in left}


def test_play_reprendre_and_replay_take_lang_en(tmp_path: Path) -> None:
    record = tmp_path / "g.json"
    runner = CliRunner()
    first = runner.invoke(
        app,
        ["play", "pokerdas", "--seed", "4", "--record", str(record), "--generique", "--lang", "en"],
        input="1\nquit\n",
    )
    assert first.exit_code == 0, first.output
    assert "Game saved in" in first.output and "--lang en" in first.output
    again = runner.invoke(app, ["reprendre", str(record), "--lang", "en"], input="quit\n")
    assert again.exit_code == 0 and "Game resumed from" in again.output, again.output
    seen = runner.invoke(app, ["replay", str(record), "--lang", "en"])
    assert seen.exit_code == 0 and "The record stops before the end" in seen.output
    refused = runner.invoke(app, ["play", "pokerdas", "-o", "nope=1", "--lang", "en"])
    assert refused.exit_code == 2 and "Error:" in refused.output


def test_bots_are_numbered_from_1_whatever_the_persons_seat() -> None:
    """Found by an English-speaking play-tester: at `--seat 1` the bots were « Strong 0 » and
    « Strong 2 » (their seats' numbers): they are numbered from 1 in their seats' order."""
    from ludotheque.term.table import seat_names

    pokerdas = games.get("pokerdas")
    assert seat_names(pokerdas, 1, {0: "parfait", 2: "parfait"}, "en") == [
        "Strong 1",
        "You",
        "Strong 2",
    ]
    assert seat_names(pokerdas, 0, {1: "parfait", 2: "naif"}) == ["Vous", "Parfait 1", "Naif 2"]


def test_a_replay_names_the_bots_as_the_table_did_and_says_its_commands_in_english(
    tmp_path: Path,
) -> None:
    """Found by an English-speaking play-tester: a replay renamed the bots « Player 1 » (the
    table said « Strong 1 »: « Winner: Player 1 »), told « --spectateur » in English, and the
    commands it and `reprendre` suggest dropped --lang en (following them went back to
    French)."""
    record = tmp_path / "g.json"
    runner = CliRunner()
    args = ["play", "pokerdas", "--seed", "4", "--record", str(record), "--lang", "en"]
    first = runner.invoke(app, [*args, "-n", "3"], input="\ns\n\ns\nquit\n")
    assert first.exit_code == 0, first.output
    seen = runner.invoke(app, ["replay", str(record), "--lang", "en"])
    assert seen.exit_code == 0, seen.output
    assert "Strong 1" in seen.output and "Player 1" not in seen.output
    assert "--spectator as a spectator" in seen.output
    assert f"ludotheque reprendre {record} --lang en" in " ".join(seen.output.split())
    spectator = runner.invoke(app, ["replay", str(record), "--lang", "en", "--spectator"])
    assert "Strong 1" in spectator.output and "Player 0" in spectator.output
