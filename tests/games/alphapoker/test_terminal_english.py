"""The AlphaPoker table in English (``ludotheque play alphapoker --lang en``): whole games with
no French left but the game's own (the words played, the theme), the browser's terms (the
opener, follow, fold, “to see”, the showdown), English answers and command words understood
at both tables, refusals in English."""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.alphapoker.rules import AlphaPokerState
from ludotheque.games.alphapoker.terminal import AlphaPokerTerminal
from ludotheque.lexicon import judge as J
from ludotheque.term import Quit
from tests.term.english_check import french_left, lines_with

from .helpers import GAME, act, declare, new, no_changes, rig, with_dealer
from .test_rules import showdown
from .test_terminal_cards import _at_showdown
from .test_terminal_wording import _person_loses_everything

AUTO = pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")


def _answer(prompt: str) -> str:
    """What a careful English-speaking player answers when nothing else is scripted: keep the
    cards, follow, open at the lowest bet « to see », stop when allowed, no word, accept."""
    if prompt.startswith("Cards to change"):
        return ""
    if "(y) or fold (f)" in prompt:
        return "y"
    if prompt.startswith("Your word"):
        return ""
    if prompt.endswith("(y/n) › "):
        return "y"
    if "c = " in prompt:
        return "c"
    lowest = re.search(r"(\d+)–", prompt)
    return (lowest.group(1) if lowest else "1") + ("v" if "add v" in prompt else "")


def _game(
    state: AlphaPokerState,
    tmp_path: Path,
    first: list[str] | None = None,
    lang: str = "en",
    then: Callable[[str], str] = _answer,
) -> str:
    """Play ``state`` at the person's seat 0 against Fort bots, the prompts written into the
    output: the ``first`` answers, then ``then``'s; the whole screen as a pipe shows it."""
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None)
    scripted = list(first or [])

    def ask(prompt: str) -> str:
        console.print(prompt, markup=False)
        return scripted.pop(0) if scripted else then(prompt)

    with contextlib.suppress(Quit):
        play(GAME, state, 0, ["fort"], console, ask, tmp_path / "a.json", lang=lang)
    return out.getvalue()


def _no_french(text: str, allowed: tuple[str, ...] = ()) -> None:
    left = french_left(text, allowed)
    assert left == [], {word: lines_with(text, word)[:3] for word in left}
    assert "«" not in text and "»" not in text, [line for line in text.splitlines() if "«" in line]


def _actions(state: AlphaPokerState) -> list[list[object]]:
    return [list(a) for a in state.record()["actions"]]


def _terminal(names: list[str], seat: int = 0) -> tuple[io.StringIO, AlphaPokerTerminal]:
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    return out, AlphaPokerTerminal(console, seat, names, input, lang="en")


def test_a_whole_game_in_english_leaves_no_french(tmp_path: Path) -> None:
    """Three hands and a tie-break hand against two Fort bots, the commands typed on the way
    (help, table, best, a refused card): every sentence of the table is English."""
    state = new(3, 3, hands_per_game=3)
    text = _game(state, tmp_path, ["help", "table", "best", "zz", "1 1", "9"])
    assert state.is_over()
    _no_french(text)
    for said in (
        "Dealer draw: You E, Strong 1 F, Strong 2 Y",
        "→ You deal.",
        "Hand 1 — dealer: You, opener: Strong 1",
        "Ante 5 PM each; pot 15 PM.",
        "Strong 1 changes 1 card.",
        "Strong 2 changes 2 cards.",
        "Pot: 15 PM — bet level: 0 PM (cap 15) — change round 1/2",
        "│ ▶ You (dealer)      │ 135 PM  │ 0   │ –       │ in play │",
        "Cards to change (0 to 4, Enter = none) › ",
        "Always: help, rules, table, best (your best words), quit.",
        "  CYANS       36 pts",
        "✗ 'zz' is not a card",
        "✗ a card named twice",
        "✗ no card #9 (1 to 7)",
        "You keep your cards.",
        "Strong 1 opens at 13 PM “to see”.",
        "Strong 2 folds.",
        "Follow for 13 PM (y) or fold (f) › ",
        "You follow (13 PM).",
        "Showdown!",
        "  Strong 1:  G₂♣  R₁♣  A₁♣  V₃♣  E₁♣  E₁♣   GRAVEE = 42 pts",
        "  You: no word",
        "Strong 1 wins the pot of 41 PM.",
        "Your best possible word: ",
        "Open with 1–15 PM (add v: “to see”), f = fold › ",
        "You open at 1 PM “to see”.",
        "Strong 1 follows (1 PM).",
        "Split: Strong 1 and Strong 2 take 9 PM each.",
        "A tie at the top between Strong 1 and Strong 2: a tie-break hand.",
        "Tie-break hand — dealer: Strong 1, opener: Strong 2",
        "Game over: Strong 1 wins.",
        "Final ranking",
        "Winner: Strong 1 (won the tie-break hand).",
    ):
        assert said in text, said


def test_the_rules_summary_in_english_keeps_only_the_games_own_french_terms(
    tmp_path: Path,
) -> None:
    """« rules » (and « regles ») shows the English summary the browser's rules page shows."""
    text = _game(new(2, 4), tmp_path, ["rules", "regles", "quit"])
    assert text.count("AlphaPoker in brief") == 2 and "en bref" not in text
    assert "the others follow (“je suis”: pay) or fold" in " ".join(text.split())
    # « pour voir » is the rule's own name, given beside its English « to see » as the
    # browser's help gives it; « je suis » likewise (not a function word the check knows).
    _no_french(text, allowed=("pour",))


def test_a_lost_game_is_told_to_the_person_in_english() -> None:
    """The person follows, shows no word, cannot pay the next ante: eliminated, in the second
    person; a bot in the third; the final screen without rule IDs."""
    state, events = _person_loses_everything()
    out, ui = _terminal(["You", "Strong 1"])
    ui.tell(events, state.view(0))
    ui.finish(state.view(0), state.result())
    text = out.getvalue()
    assert "You are eliminated (you cannot pay the ante) and keep 0 PM." in text
    assert "Winner: Strong 1 (last player still in)." in text and "(R27)" not in text
    assert "Rank" in text and "eliminated" in text and "Remarque" not in text
    _no_french(text)
    out, ui = _terminal(["Strong 0", "You"], seat=1)
    ui.tell(events, state.view(1))
    assert "Strong 0 is eliminated (cannot pay the ante) and keeps 0 PM." in out.getvalue()


def test_a_split_pot_and_a_carry_agree_in_english() -> None:
    """« 1 PM stays », « 2 PM stay », « 1 PM carried over », the winners joined by « and »."""
    out, ui = _terminal(["You", "Strong 1", "Strong 2"])
    pot = {"type": "pot", "winners": [1, 2], "pot": 11, "share": 5, "carry": 1, "how": "showdown"}
    ui.tell([pot], {"options": {}})
    ui.tell([{**pot, "winners": [0, 1, 2], "pot": 17, "carry": 2}], {"options": {}})
    start = {"type": "hand_start", "extra": False, "number": 2, "carry": 1, "ante": 5, "pot": 16}
    ui.tell([{**start, "dealer": 1, "entame": 2}], {"options": {}})
    ui.tell([{"type": "entame_passes", "seat": 0}, {"type": "entame_passes", "seat": 2}], {})
    text = out.getvalue()
    assert "Split: Strong 1 and Strong 2 take 5 PM each; 1 PM stays in the pot." in text
    assert "Split: you, Strong 1 and Strong 2 take 5 PM each; 2 PM stay in the pot." in text
    assert "Ante 5 PM each; pot 16 PM (1 PM carried over)." in text
    assert "You are now the opener." in text and "Strong 2 is now the opener." in text
    _no_french(text)


def test_english_answers_follow_and_fold_at_both_tables(tmp_path: Path) -> None:
    """« y » follows and « f » folds at the English table; the French table, which names
    « s » and « p », takes them too, and the English table takes « s » and « p »."""
    for lang, answer, kind in (
        ("en", "y", "follow"),
        ("en", "f", "fold"),
        ("fr", "y", "follow"),
        ("fr", "f", "fold"),
        ("en", "s", "follow"),
        ("en", "p", "fold"),
    ):
        state = with_dealer(0, players=2)  # the bot at seat 1 opens, the person answers
        text = _game(state, tmp_path, lang=lang, then=lambda p, a=answer: _follow_then_quit(p, a))
        assert [0, {"type": kind}] in _actions(state), (lang, answer, text[-500:])


def _follow_then_quit(prompt: str, answer: str) -> str:
    if prompt.startswith(("Follow for", "« Je suis »")):
        return answer
    if prompt.startswith(("Cards to change", "Cartes à changer")):
        return ""
    return "quit"


def test_an_unknown_answer_to_follow_is_explained_in_english(tmp_path: Path) -> None:
    state = with_dealer(0, players=2)
    answers = iter(["maybe", "quit"])

    def then(prompt: str) -> str:
        return next(answers, "quit") if prompt.startswith("Follow") else ""

    text = _game(state, tmp_path, then=then)
    assert "Answer “y” (follow) or “f” (fold)." in text
    _no_french(text)


def _opening(answers: list[str], tmp_path: Path, lang: str = "en") -> tuple[AlphaPokerState, str]:
    """The person (seat 0) is the opener at the opening bet (level 0): « c » is not legal."""
    state = with_dealer(1, players=2)
    no_changes(state)
    assert state.to_move() == {0} and {"type": "check"} not in state.legal_actions(0)
    return state, _game(state, tmp_path, [*answers, "quit"], lang=lang)


def test_the_opening_refusals_are_in_english(tmp_path: Path) -> None:
    """« c » at the opening is refused with the English answers offered; a line that is no
    answer gets the English reminder, naming « c » only where it is legal."""
    _, text = _opening(["c", "zz"], tmp_path)
    assert "Open with 1–15 PM (add v: “to see”), f = fold › " in text
    assert "✗ at the opening the opener must bet at least 1 PM or fold (f)" in text
    assert "A number (“5”, “5v”) or “f”." in text and "“c”" not in text
    _no_french(text)


@pytest.mark.parametrize(
    ("typed", "action"),
    [
        ("fold", {"type": "fold"}),
        ("f", {"type": "fold"}),
        ("5 to see", {"type": "bet", "amount": 5, "pour_voir": True}),
        ("5v", {"type": "bet", "amount": 5, "pour_voir": True}),
        ("4", {"type": "bet", "amount": 4, "pour_voir": False}),
    ],
)
def test_the_opener_types_english_bets(
    typed: str, action: dict[str, object], tmp_path: Path
) -> None:
    state, _ = _opening([typed], tmp_path)
    assert [0, action] in _actions(state)


def test_english_command_words_work_at_both_tables(tmp_path: Path) -> None:
    """« help », « rules », « best » at the French table answer in French; « aide »,
    « regles », « meilleur » at the English table answer in English."""
    french = _game(new(2, 4), tmp_path, ["help", "rules", "best", "quit"], lang="fr")
    assert "Tapez les cartes à écarter" in french and "AlphaPoker en bref" in french
    assert french.count(" pts ") >= 1
    english = _game(new(2, 4), tmp_path, ["aide", "regles", "meilleur", "hint", "quit"])
    assert "Type the cards to discard" in english and "AlphaPoker in brief" in english
    assert "Always: help, rules, table, best (your best words), quit." in english
    assert english.count(" pts ") == 2 * french.count(" pts ")
    _no_french(english, allowed=("pour",))  # « pour voir » in the rules summary, as above


def test_at_the_showdown_a_command_word_that_counts_nothing_is_the_command(
    tmp_path: Path,
) -> None:
    """The hand makes HELP and HINT, no French words: « help » and « hint » are the commands;
    TABLE (and BEST, a French word too) count, and are shown though they spell commands."""
    state = _at_showdown("Hr Er Lr Pr Ir Nr Tr")
    text = _game(state, tmp_path, ["help", "hint", "pin", "quit"])
    assert "“best” shows your best words" in " ".join(text.split()) and "PINTE" in text
    assert [0, {"type": "declare", "cards": ["Pr", "Ir", "Nr"]}] in _actions(state)
    state = _at_showdown("Tr Ab Br Lr Er Ub Sb")
    _game(state, tmp_path, ["table", "quit"])
    assert [0, {"type": "declare", "cards": ["Tr", "Ab", "Br", "Lr", "Er"]}] in _actions(state)


def test_a_word_that_counts_nothing_is_confirmed_in_english(tmp_path: Path) -> None:
    state = _at_showdown("Er Ub Cr Hr Ar Tr Sb")
    text = _game(state, tmp_path, ["eu", "n", "chien", "chat", "quit"])
    assert "EU counts 0 points (fewer than 3 letters). Show it anyway? (y/n) › " in text
    assert "✗ you cannot form CHIEN with your hand" in text
    assert [0, {"type": "declare", "cards": ["Cr", "Hr", "Ar", "Tr"]}] in _actions(state)
    _no_french(text)


def test_a_card_refused_in_english_names_the_english_colours(tmp_path: Path) -> None:
    state = new(2, 4)
    rig(state, {0: "Er Ub Cr Hr Ar Tr Sb"})
    text = _game(state, tmp_path, ["Y♠", "U₁♣ S♣", "quit"])
    assert "✗ 'Y♠' is not a card: a letter then r (red, ♦) or b (black, ♣)" in text
    assert [0, {"type": "change", "cards": ["Ub", "Sb"]}] in _actions(state)
    assert "You draw: " in text


def test_the_theme_and_its_verdicts_are_told_in_english() -> None:
    """The theme stays what the table chose (French: « animaux »); the sentences are English."""
    out, ui = _terminal(["You", "Léa", "Max"])
    event = {
        "type": "verdicts",
        "theme": "animaux",
        "words": [
            {"seat": 1, "word": "CHAT", "accepted": True, "refused_by": []},
            {"seat": 2, "word": "TABLE", "accepted": False, "refused_by": [0, 1]},
        ],
    }
    ui.tell([event], GAME.new(3, {"theme": "animaux"}, 1).view(0))
    text = out.getvalue()
    assert "Theme “animaux”: CHAT (Léa) is accepted." in text
    assert "Theme “animaux”: TABLE (Max) is refused by you and Léa: 0 points." in text
    _no_french(text)


@AUTO
def test_a_whole_themed_game_in_english_leaves_no_french(tmp_path: Path) -> None:
    """A themed hand: the theme line, « best » with the judge's notes in English, the judge's
    question and its verdict."""
    state = GAME.new(2, {"theme": "animaux", "hands_per_game": 1}, 4)
    assert isinstance(state, AlphaPokerState)
    text = _game(state, tmp_path, ["best"])
    assert state.is_over()
    assert "Theme: “animaux” — a word shown must belong to it, or it counts 0" in text
    assert "Your best words for the theme “animaux”:" in text and "per million" in text
    assert "Do you accept MUE (Strong 1) for the theme “animaux”? (y/n) › " in text
    assert "Theme “animaux”: MUE (Strong 1) is accepted." in text
    _no_french(text)


# ---------------------------------------------------------------- play-test findings (English)


def _scripted(answers: list[str], lang: str = "en") -> tuple[io.StringIO, AlphaPokerTerminal]:
    """A table at seat 0 whose person types ``answers`` (then leaves), the prompts written into
    the output."""
    out = io.StringIO()
    console = Console(file=out, width=200, color_system=None)
    typed = list(answers)

    def ask(prompt: str) -> str:
        console.print(prompt, markup=False)
        if not typed:
            raise EOFError
        return typed.pop(0)

    names = ["You", "Strong 1", "Strong 2"] if lang == "en" else ["Vous", "Fort 1", "Fort 2"]
    return out, AlphaPokerTerminal(console, 0, names, ask, lang=lang)


def _judging() -> AlphaPokerState:
    """A themed showdown where the person (seat 0) judges CHAT (seat 1) then RAT (seat 2)."""
    state = showdown(theme="animaux")
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Rb Ab Tb Br Dr Fr Gr", 0: "Zb Gb Kb Wr"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Rb Ab Tb")
    declare(state, 0, "")
    assert state.phase == "judge" and 0 in state.to_move()
    return state


@pytest.mark.parametrize(
    ("lang", "accept", "refuse", "reminder"),
    [
        ("en", "accept", "refuse", "Answer y (yes) or n (no)."),
        ("fr", "accepter", "refuser", "Répondez o (oui) ou n (non)."),
        ("fr", "accept", "refuse", "Répondez o (oui) ou n (non)."),
    ],
)
def test_the_judge_takes_accept_and_refuse_and_explains_any_other_answer(
    lang: str, accept: str, refuse: str, reminder: str
) -> None:
    """Found by an English-speaking play-tester: at « Do you accept TAIRE (Strong 1) for the
    theme “animaux”? (y/n) », Enter and « accept » were asked again with no message at all (in
    French too). « accept »/« refuse » (« accepter »/« refuser ») answer; anything else says
    what to type."""
    state = _judging()
    out, ui = _scripted(["", "maybe", accept, refuse], lang)
    action = ui.choose(state.view(0), state.legal_actions(0))
    assert action == {"type": "judge", "accept": {"1": True, "2": False}}
    text = out.getvalue()
    assert text.count(reminder) == 2, text
    if lang == "en":
        _no_french(text)


@pytest.mark.parametrize(
    ("lang", "typed"),
    [
        ("en", "none"),
        ("en", "keep"),
        ("en", "Nothing"),
        ("en", "0"),
        ("fr", "aucune"),
        ("fr", "garder"),
        ("fr", "rien"),
        ("fr", "none"),
        ("en", "aucune"),
    ],
)
def test_none_or_keep_at_the_change_changes_nothing(lang: str, typed: str, tmp_path: Path) -> None:
    """Found by an English-speaking play-tester: « none » and « keep » at « Cards to change (0
    to 4, Enter = none) » gave « ✗ 'none' is not a card »: they change nothing (and French
    « aucune », « garder »)."""
    state = new(2, 4)
    rig(state, {0: "Er Ub Cr Hr Ar Tr Sb"})
    text = _game(state, tmp_path, [typed, "quit"], lang=lang)
    assert [0, {"type": "change", "cards": []}] in _actions(state)
    assert "✗" not in text


@pytest.mark.parametrize(
    ("lang", "typed", "action"),
    [
        ("en", "open 5", {"type": "bet", "amount": 5, "pour_voir": False}),
        ("en", "bet 5", {"type": "bet", "amount": 5, "pour_voir": False}),
        ("en", "Open 5v", {"type": "bet", "amount": 5, "pour_voir": True}),
        ("en", "bet 5 to see", {"type": "bet", "amount": 5, "pour_voir": True}),
        ("en", "open with 6", {"type": "bet", "amount": 6, "pour_voir": False}),
        ("fr", "ouvre 5", {"type": "bet", "amount": 5, "pour_voir": False}),
        ("fr", "mise 5", {"type": "bet", "amount": 5, "pour_voir": False}),
        ("fr", "ouvrir à 5 pour voir", {"type": "bet", "amount": 5, "pour_voir": True}),
        ("fr", "open 5", {"type": "bet", "amount": 5, "pour_voir": False}),
        ("en", "ouvre 5", {"type": "bet", "amount": 5, "pour_voir": False}),
    ],
)
def test_the_opener_types_open_or_bet_and_the_amount(
    lang: str, typed: str, action: dict[str, object], tmp_path: Path
) -> None:
    """Found by an English-speaking play-tester: at the opener's bet, « open 5 » and « bet 5 »
    gave « A number (“5”, “5v”) or “f”. »: « open N », « bet N » (« ouvre N », « mise N »)
    open at N."""
    state, text = _opening([typed], tmp_path, lang)
    assert [0, action] in _actions(state), text[-400:]


def _raising() -> AlphaPokerState:
    """The person (seat 0) opened at 5 PM and was followed: back to the opener, who may raise,
    stop or fold."""
    state = with_dealer(1, players=2)
    no_changes(state)
    act(state, 0, "bet", amount=5, pour_voir=False)
    act(state, 1, "follow")
    assert state.to_move() == {0} and {"type": "check"} in state.legal_actions(0)
    return state


def _between_changes() -> AlphaPokerState:
    """Intermediate betting (« alternate_betting »): after the first change round the person
    (seat 0), the opener, may bet, check (on to the next change) or fold."""
    state = with_dealer(1, players=2, alternate_betting=True)
    while state.phase == "change":
        (seat,) = state.to_move()
        act(state, seat, "change", cards=[])
    assert state.view(0)["bet_stage"] == "intermediate" and state.to_move() == {0}
    assert {"type": "check"} in state.legal_actions(0)
    return state


@pytest.mark.parametrize(
    ("lang", "typed", "action"),
    [
        ("en", "raise 7", {"type": "bet", "amount": 7, "pour_voir": False}),
        ("en", "raise to 7 to see", {"type": "bet", "amount": 7, "pour_voir": True}),
        ("en", "call", {"type": "check"}),
        ("en", "stop", {"type": "check"}),
        ("en", "check", {"type": "check"}),
        ("fr", "relance 7", {"type": "bet", "amount": 7, "pour_voir": False}),
        ("fr", "relancer à 7v", {"type": "bet", "amount": 7, "pour_voir": True}),
        ("fr", "call", {"type": "check"}),
        ("fr", "abattage", {"type": "check"}),
    ],
)
def test_the_opener_raises_or_calls_at_the_raise_prompt(
    lang: str, typed: str, action: dict[str, object]
) -> None:
    """Found by an English-speaking play-tester: at the raise prompt « raise 7 » and « call »
    were refused: « raise N » (« relance N ») raises, « call », « stop » and « check » go to the
    showdown, as « c » does there."""
    state = _raising()
    out, ui = _scripted([typed], lang)
    assert ui.choose(state.view(0), state.legal_actions(0)) == action, out.getvalue()


@pytest.mark.parametrize("typed", ["call", "check", "c"])
def test_between_two_changes_call_and_check_pass(typed: str) -> None:
    """Found by an English-speaking play-tester: « call » at the raise prompt; between two
    changes (intermediate betting) « c », « check » and « call » are the check the prompt
    offers."""
    state = _between_changes()
    out, ui = _scripted([typed])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "check"}
    assert "c = check" in out.getvalue()


def test_the_bet_prompts_and_their_help_are_plain_english(tmp_path: Path) -> None:
    """Found by an English-speaking play-tester: the raise prompt's help « “c” = stop (the
    showdown), or check between two changes, when allowed » read oddly, and so did the prompt
    « Open 1–15 (+v to see) »: each situation says its own words, in plain English."""
    _, text = _opening(["help"], tmp_path)
    flat = " ".join(text.split())
    assert "Open with 1–15 PM (add v: “to see”), f = fold › " in text
    assert "(+v" not in text and "check between" not in flat and "when allowed" not in flat
    assert "Open: type the amount (“5” or “open 5”)" in flat
    said = _help_said(_raising())
    assert "Raise to 6–15 PM (add v: “to see”), c = stop (showdown), f = fold › " in said
    assert "Raise: type the new level (“7” or “raise 7”)" in said
    assert "“c” (or “call”, “stop”) = no raise: showdown now" in said
    assert "check between" not in said and "(+v" not in said
    said = _help_said(_between_changes())
    assert "Open with 1–14 PM, c = check, f = fold › " in said
    assert "Bet: type the amount (“3” or “bet 3”)" in said
    assert "“c” (or “check”) = no bet: on to the next change" in said
    _no_french(said)


def _help_said(state: AlphaPokerState) -> str:
    """What seat 0's table says, flattened, asked « help » then « c » at ``state``."""
    out, ui = _scripted(["help", "c"])
    ui.choose(state.view(0), state.legal_actions(0))
    return " ".join(out.getvalue().split())
