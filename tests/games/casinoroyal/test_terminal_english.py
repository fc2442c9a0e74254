"""Casino Royal at an English table (``ludotheque play casinoroyal --lang en``): every sentence
in English with the browser's words (« Raise? », « I follow », « No more bets! », hands by
their English names), English answers and command words understood at both tables, refusals
in English; the French table is left as it was (test_terminal*.py)."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cards.french52 import parse_cards
from ludotheque.cards.poker import evaluate
from ludotheque.cli.play import play
from ludotheque.games.casinoroyal.labels import WORDS
from ludotheque.games.casinoroyal.rules import CasinoRoyalState
from ludotheque.games.casinoroyal.terminal import (
    GAME_TITLES_EN,
    RULES_EN,
    CasinoRoyalTerminal,
    hand_name_en,
)
from tests.term.english_check import french_left, lines_with

from .helpers import DECLINE, FOLLOW, GAME, STOP, WAIT, raise_, rigged, wait_all
from .helpers import play as moves
from .test_terminal_prompts import _bid_2, _stake_3, reach, refusals


def english_answers(prompt: str, asked: list[str]) -> str:
    """A person at the English table: each kind of question first asks for help (the window
    for a hint, the figure for the rules), then answers in English."""
    first = not any(p[:12] == prompt[:12] for p in asked)
    asked.append(prompt)
    if first:
        if "No more bets" in prompt:
            return "hint"
        return "rules" if "figure" in prompt else "help"
    if prompt.startswith("“No more bets”?"):
        return "y" if len(asked) % 4 == 0 else ""
    if "I bid!”: your bid" in prompt:
        return "2" if len(asked) % 3 == 0 else ""
    if prompt.startswith("“Raise?”"):
        return "3" if len(asked) % 2 else ""
    if "“I follow”" in prompt:
        return "yes"
    if prompt.startswith("You deal: minimum stake"):
        return "2"
    if prompt.startswith("Extra stake"):
        return "1"
    if prompt.startswith("Highest bid"):
        return "m"
    if prompt.startswith("Level"):
        return "b" if "“I bid”" in prompt and len(asked) % 2 else "c"
    if "which figure" in prompt:
        return "square"
    return "?"


def english_game(variant: str, tmp_path: Path, players: int = 3, seed: int = 7) -> str:
    """A whole session at the English table, what it printed (lines joined as a reader sees
    them, whatever the console's width)."""
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    asked: list[str] = []
    state = GAME.new(players, {"game": variant}, seed=seed)
    play(
        GAME,
        state,
        0,
        ["random", "fort"] if players == 3 else ["fort"],
        console,
        lambda p: english_answers(p, asked),
        tmp_path / "rec.json",
        lang="en",
    )
    assert state.is_over()
    return out.getvalue() + "\n".join(asked)


def person(answers: list[str], lang: str = "en") -> tuple[io.StringIO, CasinoRoyalTerminal]:
    """Seat 0's terminal at a table in ``lang`` answering ``answers`` in turn."""
    out = io.StringIO()
    replies = iter(answers)
    names = ["You", "Strong 1", "Strong 2"] if lang == "en" else ["Vous", "Fort 1", "Fort 2"]
    console = Console(file=out, width=160, highlight=False)
    return out, CasinoRoyalTerminal(console, 0, names, lambda p: next(replies), lang=lang)


def flat(out: io.StringIO) -> str:
    return " ".join(out.getvalue().split())


# ---------------------------------------------------------------- whole games
@pytest.mark.parametrize("variant", ["A", "B", "C"])
def test_a_whole_game_in_english_leaves_no_french(variant: str, tmp_path: Path) -> None:
    """A session of each game at the English table, with help, rules and hints asked: no
    French left in what it prints, prompts included."""
    text = english_game(variant, tmp_path)
    left = french_left(text)
    assert not left, {word: lines_with(text, word)[:3] for word in left}
    assert "Final ranking" in text and "Units" in text and "Round 1" in text
    if variant == "C":
        assert "the figure:" in text
    else:
        assert "The dealer asks: “Raise?”" in text and "Card announced:" in text


def test_the_english_game_speaks_the_browser_words(tmp_path: Path) -> None:
    """The English table says the calls as the browser's buttons do: « I follow », « No
    more bets! », a raise « by » its amount, a won round with its units collected."""
    text = " ".join(english_game("A", tmp_path, seed=3).split())
    assert "Drawing lots:" in text and "first." in text
    assert re.search(r"(You|Strong 1|Random 2) (raise|raises) by \d+\.", text)
    assert "“I follow”" in text
    assert re.search(r"(You call|calls) “No more bets!”", text)
    assert re.search(r"Round won by .+ \((best hand|everyone else folded|the deck ran out)\)", text)
    assert "units collected" in text or "unit collected" in text


def test_B_in_english_names_the_hidden_cards_and_the_levels(tmp_path: Path) -> None:
    """Game B at the English table: the hidden cards, the minimum stake, the bids."""
    text = " ".join(english_game("B", tmp_path).split())
    assert "Your hidden cards:" in text
    assert "the minimum stake at" in text and "The dealer deals 3 hidden cards" in text
    assert "Highest bid" in text and "match (m," in text and "raise the level (" in text


def test_C_in_english_names_the_figure_in_english(tmp_path: Path) -> None:
    """Game C: the figures listed and chosen by their English names (« square »)."""
    text = " ".join(english_game("C", tmp_path).split())
    assert "Figures: 1 vertical line (4) · 2 horizontal line (5)" in text
    assert "9 square (14) · 10 full carton (20)" in text
    assert "You choose the figure: square" in text


# ---------------------------------------------------------------- words of the game
def test_hands_are_named_as_the_browser_names_them() -> None:
    """The English hand names are the game's terms (labels.py), as the browser's handName."""
    assert hand_name_en(evaluate(parse_cards("8S 8H 8D KC KS"))) == "Full house, Eights over Kings"
    assert (
        hand_name_en(evaluate(parse_cards("QS QH KD 9C 3S")))
        == "Pair of Queens (King, Nine, Three)"
    )
    assert hand_name_en(evaluate(parse_cards("AS KS QS JS TS"))) == "Royal flush"
    assert hand_name_en(evaluate(parse_cards("5H 4H 3H 2H AH"))) == "Straight flush, Five high"
    assert hand_name_en(evaluate([])) == "No card"


def test_the_side_pots_are_told_in_english() -> None:
    """Table stakes at the English table: the all-in answer, the pots and who won each
    (the worked example of test_terminal's French test)."""
    out = io.StringIO()
    console = Console(file=out, width=140, highlight=False)
    prompts: list[str] = []
    term = CasinoRoyalTerminal(
        console, 1, ["Strong 0", "You", "Strong 2"], lambda p: prompts.append(p) or "y", "en"
    )
    state = rigged(3, dealer=0, decks=["5S 6S 8S  QS QC 3S 3D 9H"], rounds=1)
    state.balance = [102, 10, 20]
    moves(state, (1, DECLINE), (2, DECLINE), (0, raise_(30)))
    assert term.choose(state.view(1), state.legal_actions(1)) == FOLLOW
    assert "Strong 0 raised by 30: “I follow” (y, all-in, 10) or “I fold” (n)" in prompts[-1]
    events = moves(state, (1, FOLLOW), (2, FOLLOW))
    term.tell(events, state.view(1))
    term.show_full(state.view(1))
    for _ in range(4):
        term.tell(wait_all(state), state.view(1))
    term.tell(moves(state, (0, WAIT), (1, STOP), (2, WAIT)), state.view(1))
    text = flat(out)
    assert "You: “I follow” (10) — all-in" in text
    assert "You (all-in" in text and "Strong 2 (all-in" in text
    assert "Pots: main pot 30 (Strong 0, You, Strong 2) · side pot 20 (Strong 0, Strong 2)" in text
    assert "; without a unit, all-in: You" in text
    assert "You call “No more bets!”" in text
    assert "Main pot of 30: won by you." in text
    assert "Side pot of 20: won by Strong 2." in text
    assert "Side pot of 14: to Strong 0 (the only one who could win it)." in text
    assert not french_left(text)


@pytest.mark.parametrize(("number", "line"), [(1, "column"), (2, "row")])
def test_a_line_figure_says_any_column_or_row_in_english(number: int, line: str) -> None:
    """D15 at the English table: a line figure is any column or any row."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui = person([])
    ui.tell([{"type": "figure", "seat": 2, "figure": number, "name": "?"}], state.view(0))
    text = flat(out)
    assert (
        f"Strong 2 chooses the figure: {'vertical' if line == 'column' else 'horizontal'}" in text
    )
    assert f"(any {line})" in text
    assert f"(one {line} as an example: any {line} completes the figure)" in text


# ---------------------------------------------------------------- answers and command words
@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize(
    ("typed", "done"),
    [("y", FOLLOW), ("follow", FOLLOW), ("fold", {"type": "fold"}), ("no", {"type": "fold"})],
)
def test_english_answers_to_a_raise_work_at_both_tables(
    lang: str, typed: str, done: dict[str, Any]
) -> None:
    """« y », « follow », « fold », « no » answer a raise, at the English and French table."""
    state = reach(
        "A",
        "follow",
        lambda seat, view, legal: raise_(2) if seat != 0 and view["phase"] == "relance" else None,
    )
    out, ui = person([typed], lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == done
    assert not refusals(out)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_english_answers_in_B_work_at_both_tables(lang: str) -> None:
    """B's betting: « m » matches; the last phase: « b » bids (doubles), « f » folds."""
    state = reach("B", "bet", _stake_3)
    out, ui = person(["m"], lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "match"}
    state = reach("B", "final", _bid_2)
    out, ui = person(["b"], lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "double"}
    out, ui = person(["fold"], lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "fold"}
    assert not refusals(out)


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("square", 9),
        ("Vertical line", 1),
        ("horizontal line", 2),
        ("full carton", 10),
        ("carre", 9),
        ("H", 5),
        ("t", 4),
    ],
)
def test_the_figure_is_chosen_by_its_english_or_french_name(typed: str, number: int) -> None:
    """The figure by its English name, its French one still read; « H » and « T » are figures
    here, not « help » and « table »."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui = person([typed])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "figure", "figure": number}
    assert not refusals(out)


def test_english_command_words_work_at_the_french_table() -> None:
    """« help », « rules » and « hint » at the French table answer in French."""
    state = reach("A", "relance", lambda seat, view, legal: None)
    out, ui = person(["help", "rules", "hint", ""], "fr")
    assert ui.choose(state.view(0), state.legal_actions(0)) == DECLINE
    text = flat(out)
    assert "Toujours : aide, regles, table, chances, quitter." in text
    assert "Casino Royal en bref" in text and "Estimation du bot fort" in text


def test_french_command_words_work_at_the_english_table() -> None:
    """« aide », « regles » and « chances » at the English table answer in English."""
    state = reach("A", "relance", lambda seat, view, legal: None)
    out, ui = person(["aide", "regles", "chances", "no"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == DECLINE
    text = flat(out)
    assert "Always: help, rules, table, hint (your chances), quit." in text
    assert "Casino Royal in brief" in text and "The Strong bot's estimate:" in text
    assert not french_left(text)


# ---------------------------------------------------------------- refusals
def test_a_refused_bet_is_explained_in_english() -> None:
    """A wrong answer in B's betting names every legal answer, in English."""
    state = reach("B", "bet", _stake_3)
    view, legal = state.view(0), state.legal_actions(0)
    levels = [a["to"] for a in legal if a["type"] == "outbid"]
    out, ui = person(["x", "match"])
    assert ui.choose(view, legal) == {"type": "match"}
    [refused] = refusals(out)
    assert refused.startswith("✗ type m (match, ")
    assert (
        f"a number from {min(levels)} to {max(levels)} (raise the level to it) or f (fold)"
        in refused
    )


def test_a_refused_amount_names_enter_in_english() -> None:
    """« “Raise?” amount » refuses a letter naming the numbers and what Enter does."""
    state = reach("A", "relance", lambda seat, view, legal: None)
    out, ui = person(["x", ""])
    assert ui.choose(state.view(0), state.legal_actions(0)) == DECLINE
    [refused] = refusals(out)
    assert "type a number from 1 to" in refused and "or Enter (no raise)" in refused


def test_an_unknown_figure_is_refused_in_english() -> None:
    """A figure the table does not know: its numbers and English names."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui = person(["diamond", "L"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "figure", "figure": 3}
    [refused] = refusals(out)
    assert "'diamond': type a figure's number, 1 to 10, or its name (vertical line," in refused
    assert "square, full carton)" in refused


# ---------------------------------------------------------------- the hint without an estimate
def _dealer_sets_the_stake() -> CasinoRoyalState:
    return reach("B", "ante", lambda seat, view, legal: None)


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "No estimate yet: the cards have not been dealt."),
        ("fr", "Pas encore d'estimation : les cartes ne sont pas encore distribuées."),
    ],
)
def test_the_hint_before_the_cards_says_they_are_not_dealt(lang: str, said: str) -> None:
    """Found by an English-speaking play-tester: « hint » at B's « You deal: minimum stake »
    answered « No estimate here: at Bingo it all comes down to the cards. » — wrong game
    (B is the poker variant), in French too: before the deal it says the cards are not dealt."""
    state = _dealer_sets_the_stake()
    out, ui = person(["hint", "2"], lang)
    assert ui.choose(state.view(0), state.legal_actions(0))["amount"] == 2
    text = flat(out)
    assert said in text
    assert "Bingo" not in text


def test_the_hint_once_folded_says_so() -> None:
    """Found by an English-speaking play-tester: once folded, « hint » spoke of Bingo in game
    B; it says the round is over for you."""
    state = reach("B", "bet", _stake_3)
    view = state.view(0)
    view["folded"][0], view["still_in"][0] = True, False
    out, ui = person(["hint", "m"])
    assert ui.choose(view, state.legal_actions(0)) == {"type": "match"}
    text = flat(out)
    assert "No estimate: you have folded, this round is over for you." in text
    assert "Bingo" not in text


def test_the_hint_at_bingo_still_speaks_of_bingo() -> None:
    """Found by an English-speaking play-tester (the one situation where the old text was
    right): at game C, « hint » says that at Bingo it all comes down to the cards."""
    state = reach("C", "figure", lambda seat, view, legal: None)
    out, ui = person(["hint", "square"])
    assert ui.choose(state.view(0), state.legal_actions(0))["figure"] == 9
    assert "No estimate here: at Bingo it all comes down to the cards." in flat(out)


def test_game_B_has_one_english_name(tmp_path: Path) -> None:
    """Found by an English-speaking play-tester: B was « Poker Variant » (the table's title),
    « B — Poker variant » (the header) and « B Variant » (the rules): one name, the
    browser's « Poker variant » (i18n.json cr.game.B, labels.py)."""
    assert WORDS.variants["B"].en == "B — Poker variant"
    assert GAME_TITLES_EN["B"] == "Poker variant"
    assert "[bold]B Poker variant[/]" in RULES_EN
    text = english_game("B", tmp_path)
    assert "Poker variant — round 1/" in text
    assert "Poker Variant" not in text and "B Variant" not in text
