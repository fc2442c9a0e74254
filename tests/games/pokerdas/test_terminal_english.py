"""The Poker d'As table in English (``ludotheque play pokerdas --lang en``): whole games with no
French left, the hands named as the browser names them (labels.py), English words typed at both
tables (« hint », « king », « three queens »), refusals said in English."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cli.play import Quit, play
from ludotheque.games.pokerdas import terminal
from ludotheque.games.pokerdas.bots import Menteur
from ludotheque.games.pokerdas.hands import parse_announcement
from ludotheque.games.pokerdas.options import LITERAL
from ludotheque.games.pokerdas.terminal import (
    PokerDasTerminal,
    announcement_name_en,
    hand_name_en,
    read_announcement,
    read_faces,
)
from tests.term.english_check import french_left, lines_with

from .helpers import GAME, new

FACE_WORDS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "10": "ten", "9": "nine"}


@pytest.fixture(autouse=True)
def no_wait(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot's throws are not really waited for."""
    monkeypatch.setattr(PokerDasTerminal, "sleep", staticmethod(lambda _s: None))


def english_person(asked: list[str]) -> Callable[[str], str]:
    """A person at the English table: at each kind of prompt first « hint », « help » and
    « rules », then plays: stops, re-throws dice, lies « five aces », calls bluff."""

    def ask(prompt: str) -> str:
        seen = asked.count(prompt)
        asked.append(prompt)
        if prompt == terminal.OUT_PROMPT_EN:
            return ["help", "table", ""][min(seen, 2)]
        if seen < 3:
            return ["hint", "help", "rules"][seen]
        if prompt.startswith("Throw again"):
            return "s"
        if prompt.startswith("Dice to throw again"):
            return ["1 2", "king", "s"][seen % 3]
        if "Enter" in prompt:
            return ""
        if prompt.startswith("Your announcement"):
            return "five aces"
        return "b"

    return ask


def english_game(options: dict[str, Any], tmp_path: Path, players: int = 3, seed: int = 4) -> str:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    asked: list[str] = []
    state = GAME.new(players, options, seed=seed)
    bots = [GAME.default_bot(state.options)]
    ask = english_person(asked)
    play(GAME, state, 0, bots, console, ask, tmp_path / "rec.json", lang="en")
    assert state.is_over()
    return out.getvalue()


@pytest.mark.parametrize(
    "options",
    [
        {"max_rounds": 6},  # the café preset: kept dice, three throws at most
        {**LITERAL, "max_rounds": 2},  # whole throws, no limit
        {"max_rounds": 3, "relance_totale": False, "max_throws": 2},
        {"poker_joker": True, "max_rounds": 3},
        {"menteur": True, "start_tokens": 2},
    ],
)
def test_a_whole_game_in_english_leaves_no_french(options: dict[str, Any], tmp_path: Path) -> None:
    """Every sentence of a game played to its end at the English table — the table, the
    events, the hints, the help, the rules, the ranking — is English."""
    text = english_game(options, tmp_path)
    left = french_left(text)
    assert not left, {word: lines_with(text, word) for word in left}
    assert "Final ranking" in text and "Rank" in text and "Tokens" in text
    assert "Vous" not in text and "Manche" not in text and "Conseil" not in text
    assert "Always: help, rules, table, hint, quit." in text
    if options.get("menteur"):
        assert "Liar's Poker d'As — round 1" in text and "“BLUFF!” The dice:" in text
        assert "The liar bot's hint:" in text and "Liar 1" in text
        assert "You announce: Five Aces." in text
    else:
        assert "Round 1 of " in text and "Strong 1" in text and "Hint: throw the dice!" in text
        assert "The strong bot's hint:" in text and "Poker d'As in brief" in text
        assert re.search(r"wins? the round\[?/?.*with ", text)


def test_english_sentences_of_a_round() -> None:
    """The table, the throws and the stops say the game's English words: « You — throw 1 »,
    « Strong 1 stops on Straight K-Q-J-10-9 (6 throws) », the hands in the table's column."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(2, {**LITERAL, "max_rounds": 1}, seed=1)
    ui = PokerDasTerminal(console, 1, ["Strong 0", "You"], lambda p: "", lang="en")
    throws = [
        {
            "type": "throw",
            "seat": 0,
            "dice": "9 10 J Q K",
            "kept": "",
            "throws": n,
            "hand": "Séquence K-Q-J-10-9",
            "code": "sequence K Q J 10 9",
        }
        for n in range(1, 7)
    ]
    stop = {
        "type": "stop",
        "seat": 0,
        "throws": 6,
        "hand": "Séquence K-Q-J-10-9",
        "code": "sequence K Q J 10 9",
        "forced": False,
    }
    ui.tell([{"type": "draw_first", "seat": 1}, *throws, stop], state.view(1))
    text = out.getvalue()
    assert "The lot picks you to start." in text
    assert "Strong 0 — throw 3:" in text and "throw 4" not in text
    assert "Strong 0 — the next throws are not shown…" in text
    assert "Strong 0 stops on Straight K-Q-J-10-9 (6 throws):" in text
    assert not french_left(text)


def test_hands_and_announcements_are_named_as_the_browser_names_them() -> None:
    """The English names come from the game's words (labels.py ``terms``), the ones the
    browser shows: « Three Aces (King, Queen) », « Full house (Kings over Queens) »."""
    assert hand_name_en("brelan A K Q") == "Three Aces (King, Queen)"
    assert hand_name_en("full K Q") == "Full house (Kings over Queens)"
    assert hand_name_en("deux_paires K J 9") == "Two pairs (Kings and Jacks, Nine)"
    assert hand_name_en("paire 10 A K Q") == "Pair of Tens (Ace, King, Queen)"
    assert hand_name_en("sequence A K Q J 10") == "Straight A-K-Q-J-10"
    assert (
        hand_name_en("poker 9") == "Five Nines" and hand_name_en("carre J 9") == "Four Jacks (Nine)"
    )
    assert announcement_name_en("deux_paires K J") == "Two pairs (Kings and Jacks)"
    assert announcement_name_en("brelan Q") == "Three Queens"


def test_english_announcements_are_read_at_both_tables() -> None:
    """An announcement typed in English (« three queens », « full house kings over queens »,
    « two pairs K Q ») is the one the engine's words name; the French ways still work."""
    same = {
        "three queens": "brelan Q",
        "three of a kind Q": "brelan Q",
        "full house kings over queens": "full K Q",
        "full kings over queens": "full K Q",
        "two pairs K Q": "deux paires K Q",
        "two pair queens and kings": "deux paires K Q",
        "straight 9 10 J Q K": "sequence K Q J 10 9",
        "pair of aces": "paire A",
        "four of a kind 9": "carre 9",
        "five aces": "poker A",
        "brelan de dames": "brelan Q",
        "paire K": "paire K",
    }
    for typed, engine in same.items():
        assert read_announcement(typed) == parse_announcement(engine), typed
    assert read_faces("king ten nine") == read_faces("K 10 9") == read_faces("roi dix neuf")


def _me_to_throw(seed: int = 1, **options: Any) -> Any:
    state = GAME.new(2, options, seed=seed)
    while 0 not in state.to_move():
        seat = next(iter(state.to_move()))
        state.apply(seat, state.legal_actions(seat)[0])
    return state


def _table(answers: list[str], lang: str = "en") -> tuple[PokerDasTerminal, io.StringIO, list[str]]:
    out = io.StringIO()
    replies = iter(answers)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return next(replies)

    names = ["You", "Strong 1"] if lang == "en" else ["Vous", "Parfait 1"]
    console = Console(file=out, width=400, highlight=False)
    return PokerDasTerminal(console, 0, names, ask, lang=lang), out, asked


def test_english_command_words_work_at_both_tables() -> None:
    """« hint », « help », « rules » work at the French table and « conseil », « aide »,
    « regles » at the English one; each table's prompt and help name its own words."""
    state = _me_to_throw()
    view, legal = state.view(0), state.legal_actions(0)
    ui, out, asked = _table(["conseil", "aide", "regles", "throw"])
    assert ui.choose(view, legal) == {"type": "throw"}
    text = out.getvalue()
    assert "Hint: throw the dice!" in text and "Always: help, rules, table, hint, quit." in text
    assert "Five of a kind" in text and "dry throw" in text
    assert asked[0] == "Enter to throw the dice › " and not french_left(text)
    ui, out, asked = _table(["hint", "help", "rules", ""], lang="fr")
    assert ui.choose(view, legal) == {"type": "throw"}
    text = out.getvalue()
    assert "Conseil : lancez les dés !" in text and terminal.COMMON in text
    assert "Le Poker d'As en bref" in text and asked[0] == "Entrée pour lancer les dés › "


def test_faces_and_throw_words_typed_in_english() -> None:
    """At « Dice to throw again », a die named in English (« king ») is re-thrown, and « t »
    and « Q » stay the 10 and the Queen, not « table » or « quit »."""
    state = _me_to_throw()
    state.apply(0, {"type": "throw"})
    view, legal = state.view(0), state.legal_actions(0)
    first = view["dice"][0].split()[0]
    ui, _, asked = _table([FACE_WORDS[first]])
    assert ui.choose(view, legal) == {"type": "throw", "reroll": first}
    assert asked[0].startswith("Dice to throw again (“K 9”, “1 4”; Enter = all five)")
    for typed, face in (("Q", "Q"), ("t", "10")):
        ui, _, _ = _table([typed])
        assert ui.choose(view, legal) == {"type": "throw", "reroll": face}
    ui, _, _ = _table(["all"])
    assert len(ui.choose(view, legal)["reroll"].split()) == 5


def test_a_refusal_is_said_in_english() -> None:
    """What the terminal refuses it says in English: a typo at the first throw, a die named
    twice, an announcement missing its face (the engine's « Brelan » in English)."""
    state = _me_to_throw()
    ui, out, _ = _table(["quiter", "xyz", ""])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "throw"}
    assert out.getvalue().count("press Enter to throw the dice") == 2
    state.apply(0, {"type": "throw"})
    ui, out, _ = _table(["1 1", "s"])
    ui.choose(state.view(0), state.legal_actions(0))
    assert "✗ die #1 is named twice" in out.getvalue()
    liar = new(2, first=1, menteur=True)
    liar.apply(1, {"type": "announce", "announcement": "brelan J"})
    liar.apply(0, {"type": "accept"})
    view = liar.view(0)
    ui, out, _ = _table(["three", "pair K", "hello", "three kings"])
    ui.liar_advice = None
    assert ui.choose(view, liar.legal_actions(0)) == {
        "type": "announce",
        "announcement": "brelan K",
    }
    text = out.getvalue()
    assert "✗ Three of a kind is announced with one face (got 0)" in text
    assert "✗ announce more than “Three Jacks” (“Pair of Kings” is not)" in text
    assert "✗ unreadable announcement: “hello”" in text
    assert "Brelan" not in text and not french_left(text)


def test_five_aces_cannot_be_accepted_in_english() -> None:
    """Against « Five Aces » the prompt offers only « Bluff! », and « a » is refused in
    English (the engine's English names the announcement « Poker d'As »)."""
    liar = new(2, first=1, menteur=True)
    liar.apply(1, {"type": "announce", "announcement": "poker A"})
    view = liar.view(0)
    ui, out, asked = _table(["a", "b"])
    assert ui.choose(view, liar.legal_actions(0)) == {"type": "bluff"}
    assert asked[0] == "Five Aces: “Bluff!” (b) › "
    assert "✗ Five Aces cannot be beaten: call “Bluff!”" in out.getvalue()


def test_the_liar_hint_names_what_to_type_in_english() -> None:
    """The liar bot's hint says its announcement in English, what to type for it (read back
    as that announcement), and its percentages with a decimal point."""
    state = GAME.new(2, {"menteur": True, "liar_rethrows": 0}, seed=0)
    bots = [Menteur(seed=10), Menteur(seed=11)]
    said: list[str] = []
    for _ in range(300):
        if state.is_over():
            break
        seat = next(iter(state.to_move()))
        view, legal = state.view(seat), state.legal_actions(seat)
        if seat == 0:
            ui, out, _ = _table([])
            ui.liar_advice = ui.advisor.advise(view, legal)
            ui.advise(view)
            said.append(out.getvalue())
        state.apply(seat, bots[seat].act(view, legal))
    text = "".join(said)
    assert "The liar bot's hint:" in text and not french_left(text)
    assert re.search(r"\d\.\d%", text) and not re.search(r"\d,\d", text)
    typed = re.findall(r"type “([^”]+)”", text)
    assert typed
    for words in typed:
        assert announcement_name_en(read_announcement(words).text()) in text, words


def liar_game(out_answers: list[str], tmp_path: Path) -> tuple[Any, str]:
    """A menteur game where the person lies « five aces » and calls bluff until out; then
    ``out_answers`` at the prompt of the eliminated."""
    answers = iter(out_answers)

    def ask(prompt: str) -> str:
        if prompt == terminal.OUT_PROMPT_EN:
            return next(answers)
        return "five aces" if prompt.startswith("Your announcement") else "b"

    buffer = io.StringIO()
    console = Console(file=buffer, width=120, highlight=False)
    state = GAME.new(3, {"menteur": True, "start_tokens": 3}, seed=1)
    with contextlib.suppress(Quit):
        play(GAME, state, 0, ["menteur"], console, ask, tmp_path / "rec.json", lang="en")
    return state, buffer.getvalue()


def test_an_eliminated_person_is_asked_in_english(tmp_path: Path) -> None:
    """Out of a menteur game: « end » plays the rest at once, a wrong word is refused in
    English, « help » says the English words; « quit » leaves."""
    state, text = liar_game(["x", "help", "", "end"], tmp_path)
    assert state.is_over() and "You are eliminated.\nThe bots finish the game." in text
    assert "✗ “x”: press Enter (watch the next round), type “end”" in text
    assert "“end” = play the whole rest at once" in text
    assert "The bots play the rest of the game at once…" in text and "Final ranking" in text
    assert not french_left(text)
    state, text = liar_game(["quit"], tmp_path)
    assert not state.is_over() and "You leave the table." in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "After 1 throw, the strong bot advises stopping on "),
        ("fr", "Après 1 lancer, le bot parfait conseille de s'arrêter sur "),
    ],
)
def test_auto_where_the_bot_would_stop_says_it_once(lang: str, said: str) -> None:
    """Found by an English-speaking play-tester: « auto » at a throw where the bot would stop
    printed « After 1 throw, the strong bot advises stopping on …: your call. » and then
    « ✗ the strong bot would stop here »: one message only (the French table did the same)."""
    state = _me_to_throw(seed=3)
    state.apply(0, {"type": "throw"})
    view, legal = state.view(0), state.legal_actions(0)
    ui, out, asked = _table(["auto", "s"], lang=lang)
    assert ui.choose(view, legal) == {"type": "stop"}
    text = out.getvalue()
    assert text.count(said) == 1
    assert "✗" not in text and "would stop here" not in text and "arrêterait" not in text
    assert len(asked) == 2
