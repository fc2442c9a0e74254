"""The Belote's table in English (``ludotheque play belote --lang en``): the same game, every
sentence of the interface in English with the browser's words (round, lay, propose, stack,
bonus), the French words played left as they are, and the French table unchanged."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.belote import GAME
from ludotheque.games.belote.rules import BeloteState
from ludotheque.games.belote.terminal import BeloteTerminal
from tests.term.english_check import french_left, lines_with

from .helpers import cards, lay, new, rig


def _terminal(
    seat: int | None = 0, answers: list[str] | None = None, lang: str = "en"
) -> tuple[io.StringIO, BeloteTerminal]:
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    bot = "Strong" if lang == "en" else "Fort"
    names = [f"{bot} {s}" for s in range(4)]
    if seat is not None:
        names[seat] = "You" if lang == "en" else "Vous"
    replies = iter(answers or [])

    def ask(prompt: str) -> str:
        console.print(prompt)  # the questions too
        return next(replies, "quit")

    return out, BeloteTerminal(console, seat, names, ask, lang=lang)


def _manche_end() -> tuple[BeloteState, list[dict[str, object]]]:
    """The last card of a manche: team 0 took 24 points, team 1 took 82 and gets the 30-point
    bonus (R79); the 9 points of Q and R left on the table count for nobody (R78)."""
    state = new()
    rig(state, hands={0: "", 1: "", 2: "", 3: "R"}, table="Q", actor=3, required=None)
    state.taken = [cards("KXWZE"), cards("W" * 10 + "AA")]  # 24 and 82 points
    return state, state.apply(3, {"type": "lay", "card": "R"})


@pytest.mark.parametrize("secrete", [False, True])
def test_a_whole_game_in_english_leaves_no_french(secrete: bool, tmp_path: Path) -> None:
    """A game played to its end at the English table, with the help, the rules, the redrawn
    table, refused answers, words proposed and passes: no French sentence is left."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    state = GAME.new(4, {"belote_target": 100, "belote_secrete": secrete}, seed=3)
    script = iter(["help", "rules", "table", "8", "bxyz", "z"])
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        out.write(prompt + "\n")
        typed = next(script, None)
        if typed is not None:
            return typed
        if prompt.startswith("Card to lay"):
            return state.playable(0)[-1][0].lower()
        words = [a["word"] for a in state.legal_actions(0) if a["type"] == "claim"]
        if words and len(asked) % 3 == 0:
            return words[0]
        return "pass" if len(asked) % 2 else ""

    play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json", lang="en")
    text = out.getvalue()
    assert state.is_over()
    assert "Dealer draw: Strong 1 has the lowest card." in text
    assert "Round 1 — dealer: Strong 1; Strong 2 starts." in text
    assert "Round 1 — your team 0 (+0), opponents 0 (+0); target 100" in text
    assert "Your hand: " in text and "You lay " in text and "You propose " in text
    assert "Word to take (Enter = pass) ›" in text and "End of round 1: your team" in text
    assert "Your team wins" in text or "Your team loses" in text
    assert "Lay a card by typing its letter" in text  # help
    title = "Secret Belote" if secrete else "AlphaPoker Belote"
    assert f"{title} in brief" in text  # rules
    assert ("Stack: " in text and "Stack shown: " in text) == secrete
    assert "✗ '8' is not a letter: type the card's letter" in text
    assert "✗ 'bxyz': type a single letter, the card to lay (e.g. e)" in text
    assert "✗ you hold no Z" in text  # the engine's refusal, in English
    left = french_left(text)
    assert left == [], {word: lines_with(text, word)[:3] for word in left}


def test_the_end_of_a_round_is_said_from_the_persons_side_in_english() -> None:
    """R78–R80 at the English table: the person's team first, the bonus, the points left on
    the table and the totals."""
    for seat, line in (
        (0, "End of round 1: your team 24, opponents 112 including the 30-point bonus"),
        (1, "End of round 1: your team 112 including the 30-point bonus, opponents 24"),
    ):
        state, events = _manche_end()
        out, ui = _terminal(seat)
        ui.tell(events, state.view(seat))
        text = out.getvalue()
        assert line in text, text
        assert "; 9 points left on the table" in text
        assert "(totals: 24 to 112)" in text if seat == 0 else "(totals: 112 to 24)" in text


def test_the_final_score_says_whether_your_team_won() -> None:
    """R80: the result from the person's side, his team's total first."""
    state, _ = _manche_end()
    state.totals, state.winner, state.phase = [24, 1012], 1, "over"
    out, ui = _terminal(1)
    ui.finish(state.view(1), state.result())
    assert "Your team wins: 1012 to 24." in out.getvalue()
    out, ui = _terminal(0)
    ui.finish(state.view(0), state.result())
    assert "Your team loses: 24 to 1012." in out.getvalue()


def test_a_spectator_reads_both_teams_by_name_in_english() -> None:
    """A replay watched as a spectator: each team named by its players, as the browser does."""
    state, events = _manche_end()
    out, ui = _terminal(None)
    ui.tell(events, state.view(None))
    state.totals, state.winner, state.phase = [24, 1012], 1, "over"
    ui.finish(state.view(None), state.result())
    text = out.getvalue()
    assert (
        "End of round 1: 24 for Strong 0 and Strong 2, 112 for Strong 1 and Strong 3 "
        "(including the 30-point bonus); 9 points left on the table (totals: 24 to 112)"
    ) in text, text
    assert "Strong 1 and Strong 3 win: 1012 to 24." in text


def test_the_lay_prompt_and_a_free_card_are_said_in_english() -> None:
    """R73–R74: the kind asked, or any card when the hand holds none of it, before and after
    laying."""
    state = new()
    rig(state, hands={0: "DGKMSTV", 1: "KB"}, table="", actor=0, required="V")
    out, ui = _terminal(answers=["k"])
    ui.show(state.view(0))
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "K"}
    text = out.getvalue()
    assert "To lay: any card, no vowel in your hand" in text
    assert "Card to lay (any card, no vowel in your hand) ›" in text
    ui.tell(state.apply(0, {"type": "lay", "card": "K"}), state.view(0))
    assert "You lay K (no vowel in hand, so any card)" in out.getvalue()
    state = new()
    rig(state, hands={0: "DGKE"}, table="", actor=0, required="V")
    out, ui = _terminal()
    ui.show(state.view(0))
    assert "To lay: a vowel (or Y)" in out.getvalue()


def test_a_claim_and_the_revealed_stack_are_said_in_english() -> None:
    """R76 and R83: the word proposed, what came of it, and in the secrète the stack shown to
    check it and made again."""
    state = new(belote_secrete=True)
    rig(state, hands={0: "TE", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    out, ui = _terminal()
    for seat, letter in ((0, "T"), (1, "A"), (2, "B"), (3, "E")):
        ui.tell(state.apply(seat, {"type": "lay", "card": letter}), state.view(0))
    ui.tell(state.apply(3, {"type": "claim", "word": "TABLE"}), state.view(0))
    text = out.getvalue()
    assert "You lay T" in text and "Strong 1 lays A" in text
    assert "Strong 3 proposes “TABLE” — cannot be made from the table: its cards there go" in text
    assert "  Stack shown: T A B E; restacked: –" in text
    state = new()
    rig(state, hands={0: "E", 1: "AK", 2: "BL", 3: "O"}, table="ABCD", actor=0, required=None)
    out, ui = _terminal()
    ui.tell(state.apply(0, {"type": "lay", "card": "E"}), state.view(0))
    ui.tell(state.apply(0, {"type": "claim", "word": "BAC"}), state.view(0))
    assert "You propose “BAC” — too short or not admitted: its cards go to the other team" in (
        out.getvalue()
    )
    assert "(5 points)" in out.getvalue()


def test_the_secrete_shows_its_stack_and_titles_its_rules_in_english() -> None:
    """R82: the stack's size and top card; « rules » names the Secret Belote."""
    state = new(belote_secrete=True)
    seat = next(iter(state.to_move()))
    out, ui = _terminal(seat, ["rules", state.playable(seat)[0][0]])
    ui.show(state.view(seat) | {"stack_size": 1, "top": "Er"})
    ui.choose(state.view(seat), state.legal_actions(seat))
    text = out.getvalue()
    assert "Stack: 1 card, top: E1" in text and "Secret Belote in brief" in text


def test_english_command_words_work_at_both_tables_in_their_language() -> None:
    """« help » and « rules » run at the French table too, each table answering in its own
    language; the prompt and the help name the table's words."""
    state = new()
    seat = next(iter(state.to_move()))
    letter = state.playable(seat)[0][0]
    out, ui = _terminal(seat, ["help", "rules", "table", letter], lang="fr")
    assert ui.choose(state.view(seat), state.legal_actions(seat))["type"] == "lay"
    text = out.getvalue()
    assert "Posez une carte en tapant sa lettre" in text and "La Belote AlphaPoker en bref" in text
    assert "Votre main" in text
    out, ui = _terminal(seat, ["aide", "regles", "help", letter])
    assert ui.choose(state.view(seat), state.legal_actions(seat))["type"] == "lay"
    text = out.getvalue()
    assert text.count("Always: help, rules, quit.") == 2 and "AlphaPoker Belote in brief" in text
    assert "Posez" not in text


def test_pass_passes_and_help_helps_even_when_the_table_spells_them() -> None:
    """At a claim a word the table makes is proposed (« aide »), but « pass » and « help »,
    four letters that could never be admitted (R76.2), stay the pass and the help."""
    for lang in ("en", "fr"):
        state = new()
        rig(state, hands={0: "EQ", 1: "AK", 2: "BL", 3: "EO"}, table="PASSHELP", actor=0)
        state.required = None
        lay(state, 0, "E")
        out, ui = _terminal(answers=["help", "pass"], lang=lang)
        assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "pass"}
        said = "Always: help, rules, quit." if lang == "en" else "Toujours : aide, regles"
        assert said in out.getvalue()
    rig(state, table="AIDEE")
    out, ui = _terminal(answers=["aide"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "claim", "word": "aide"}


def test_a_word_to_take_and_the_last_word_are_asked_in_english() -> None:
    """The claim prompt names Enter as the pass; the last words of R77 are asked as such."""
    state = new()
    rig(state, hands={0: "EQ", 1: "AK", 2: "BL", 3: "EO"}, table="ABCD", actor=0, required=None)
    lay(state, 0, "E")
    out, ui = _terminal(answers=[""])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "pass"}
    assert "Word to take (Enter = pass) ›" in out.getvalue()
    out, ui = _terminal(answers=[""])
    ui.choose(state.view(0) | {"phase": "last"}, state.legal_actions(0))
    assert "Last word (Enter = pass) ›" in out.getvalue()


def test_a_refusal_is_said_in_english() -> None:
    """A digit typed for a card (the value of Q8) and a word typed for a card are refused in
    the player's words, in English."""
    state = new()
    rig(state, hands={0: "Q", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    out, ui = _terminal(answers=["8", "pass", "q"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "Q"}
    text = out.getvalue()
    assert "✗ '8' is not a letter: type the card's letter (e.g. q)" in text
    assert "✗ 'pass': type a single letter, the card to lay (e.g. e)" in text
    assert "8r" not in text and "n'est pas" not in text


def test_the_dealer_and_the_first_player_are_said_in_english_when_they_are_you() -> None:
    """The person as the dealer and the first to lay: « you », « You start »."""
    state = new()
    out, ui = _terminal()
    events = [
        {"type": "dealer_draw", "draws": [], "dealer": 0},
        {"type": "manche", "number": 2, "dealer": 0, "first": 1},
        {"type": "manche", "number": 3, "dealer": 3, "first": 0},
    ]
    ui.tell(events, state.view(0))
    text = out.getvalue()
    assert "Dealer draw: You have the lowest card." in text
    assert "Round 2 — dealer: you; Strong 1 starts." in text
    assert "Round 3 — dealer: Strong 3; You start." in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "✗ lay a card: type its letter (e.g. q); help for help"),
        ("fr", "✗ posez une carte : tapez sa lettre (par exemple q) ; aide pour l'aide"),
    ],
)
def test_enter_at_the_lay_prompt_says_what_to_type(lang: str, said: str) -> None:
    """Found by an English-speaking play-tester: Enter at « Card to lay (a vowel (or Y)) › »
    was silently asked again; it now says what to type (at the French table too)."""
    state = new()
    rig(state, hands={0: "Q", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    out, ui = _terminal(answers=["", "q"], lang=lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "Q"}
    assert said in out.getvalue()


@pytest.mark.parametrize(
    ("lang", "seat", "said"),
    [
        ("en", 0, "Your partner: Strong 2 (opposite you)"),
        ("fr", 0, "Votre partenaire : Fort 2 (en face de vous)"),
        ("en", 3, "Your partner: Strong 1 (opposite you)"),
    ],
)
def test_the_partner_is_named_at_the_start(lang: str, seat: int, said: str) -> None:
    """Found by an English-speaking play-tester: the Belote never said who your partner is
    (« your team 0 (+7) » after « Strong 2 proposes… »); the start names him, once (at the
    French table too)."""
    state = new()
    out, ui = _terminal(seat=seat, lang=lang)
    ui.tell(list(state.opening_events), state.view(seat))
    ui.show(state.view(seat))
    text = out.getvalue()
    assert text.startswith(said + "\n")
    assert text.count(said) == 1


def test_a_whole_english_game_names_the_partner_and_quotes_words_in_english(
    tmp_path: Path,
) -> None:
    """Found by an English-speaking play-tester: « Strong 2 proposes "FIOLE" » used straight
    quotes where the other English tables write “…”; and the partner was never named."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False, color_system=None)
    state = GAME.new(4, {"belote_target": 100}, seed=3)

    def ask(prompt: str) -> str:
        if prompt.startswith("Card to lay"):
            return state.playable(0)[-1][0].lower()
        words = [a["word"] for a in state.legal_actions(0) if a["type"] == "claim"]
        return words[0] if words else ""

    play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json", lang="en")
    text = out.getvalue()
    assert "Your partner: Strong 2 (opposite you)" in text
    assert "propose “" in text or "proposes “" in text
    assert '"' not in text
