"""Alkamo's table in English (``ludotheque play alkamo --lang en``): the interface speaks
English — the board, the rack, the prompts, the help, the rules, the narration, the refusals and
the end — while the game itself stays French: the words played, the themes and their listed
words. English command words (« pass », « hint », « buy », « swap », « judge ») work at both
tables, beside the French ones."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.engine.protocol import Result
from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.rules import AlkamoState
from ludotheque.games.alkamo.terminal import (
    BUY,
    DRAW,
    HINT,
    JUDGE,
    PASS,
    SWAP,
    TAKE_UP,
    AlkamoTerminal,
)
from ludotheque.games.alkamo.words import dictionary, normalize
from ludotheque.term import Quit
from tests.term.english_check import french_left, lines_with

from .helpers import deal, new, next_plaque

# The theme's listed words, shown as examples (« For example: fleur, potager… »), are the
# game's French: they are what one plays, not interface.
EXAMPLES = "For example:"
# « mot au choix », the French name of a C square, quoted in the rules summary beside its
# English (“mot au choix”, word of your choice): the rule book's term.
RULES_TERM = ("au",)


def _french_left(text: str) -> list[str]:
    shown = "\n".join(line for line in text.splitlines() if not line.startswith(EXAMPLES))
    return french_left(shown, allowed=RULES_TERM)


def _flat(text: str) -> str:
    """The text on one line: the console wraps long sentences at its width."""
    return " ".join(text.split())


def _session(
    state: AlkamoState, seat: int, answers: list[str], tmp_path: Path, lang: str = "en"
) -> str:
    """The table's output with its questions, the person answering ``answers`` then leaving."""
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    replies = iter(answers)

    def ask(prompt: str) -> str:
        console.print(prompt)
        return next(replies, "quit")

    with pytest.raises(Quit):
        play(GAME, state, seat, ["random"], console, ask, tmp_path / "a.json", lang=lang)
    return out.getvalue()


# « gomus » is made of the first rack (CEGJJKMOSU) but not in Lexique: the question; « qzxw » is
# not made of it: refused at once (both are words the rack is asked about before the lexicon)
FIRST_WORD_TURN = ["help", "rules", "table", "hint", "judge soldat", "gomus", "qzxw", "buy 1 E"]


def _scripted(prompt: str, asked: list[str]) -> str:
    """An English-speaking player: the commands once, then passes; yes to the others."""
    asked.append(prompt)
    if prompt.startswith("Your word"):
        done = sum(p.startswith("Your word") for p in asked) - 1
        return FIRST_WORD_TURN[done] if done < len(FIRST_WORD_TURN) else "pass"
    if "anyway?" in prompt:
        return "n"
    if prompt.startswith("Price offered"):
        return "2"
    if "(y/n)" in prompt:
        return "y"
    return ""


def test_a_whole_game_in_english_leaves_no_french(tmp_path: Path) -> None:
    """A whole game at the English table, the commands typed in English: every sentence of
    the interface is English, the words played and the themes stay French."""
    out = io.StringIO()
    console = Console(file=out, width=140, highlight=False, color_system=None)
    asked: list[str] = []
    state = GAME.new(2, {"judge": "auto"}, seed=3)
    play(
        GAME,
        state,
        0,
        ["fort"],
        console,
        lambda p: _scripted(p, asked),
        tmp_path / "r.json",
        lang="en",
    )
    text = out.getvalue() + "\n".join(asked)
    assert state.is_over()
    for expected in (
        "Central board A “Terroir”",
        "Letter bag: ",
        "judging: by the automatic judge",
        "Your rack: ",
        "Theme to play: JARDIN — a word of its lexical field (its exact word: ×2).",
        "You start (the letter closest to A).",
        "You draw the theme JARDIN.",
        "Alkamo in brief",
        "Always: help, rules, table, quit.",
        "“hint” = your best acceptable words",
        "The automatic judge's opinion: relatedness to JARDIN",
        "GOMUS: not in the game's dictionary (Lexique 3.83)",
        "✗ you cannot form QZXW with your rack (CEGJJKMOSU)",
        "Submit it anyway? (y/n)",
        "You offer to buy an E from Strong 1 for 2 points.",
        "Game over — ",
        "ploughman of the season!",
    ):
        assert expected in text, expected
    assert "Your best words: none" in text or "Your best acceptable words" in text
    assert any(p.startswith("Theme (Enter = draw") for p in asked)
    left = _french_left(text)
    assert left == [], {word: lines_with(text, word)[:3] for word in left}


def test_the_french_table_is_still_french(tmp_path: Path) -> None:
    """The same opening at the French table says it in French, as before."""
    state = new(2, 1)
    text = _session(state, state.active, ["aide"], tmp_path, lang="fr")
    assert "Tapis central" in text and "Votre chevalet" in text
    assert "Toujours : aide, regles, table, quitter." in text
    assert "Central board" not in text and "Always:" not in text


def test_english_command_words_work_at_the_french_table_too(tmp_path: Path) -> None:
    """« hint », « judge WORD », « buy » and « pass » at the French table, which still says
    its sentences in French."""
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, seat, "CHEVALRIEN")
    deal(state, other, "ZOOTAXIBUS")
    next_plaque(state, "MER")
    answers = ["d", "hint", "judge bateau", f"buy {other} Z 4", "pass"]
    text = _session(state, seat, answers, tmp_path, "fr")
    assert "Vous tirez le thème MER." in text
    assert "Vos meilleurs mots" in text
    assert "Vous proposez à" in text and "d'acheter un Z pour 4 points." in text
    assert "Vous passez" in text


def test_french_command_words_work_at_the_english_table(tmp_path: Path) -> None:
    """« t », « meilleur », « achat », « passer » and « o » still work at the English table."""
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, seat, "CHEVALRIEN")
    deal(state, other, "ZOOTAXIBUS")
    next_plaque(state, "MER")
    text = _session(state, seat, ["t", "meilleur", f"achat {other} Z 4", "passer"], tmp_path)
    assert "You draw the theme MER." in text
    assert "Your best" in text
    assert f"You offer to buy a Z from Random {other} for 4 points." in text
    assert "You pass; MER stays pending." in text


def test_new_english_command_words_shadow_no_playable_word() -> None:
    """A word typed at the word prompt is an answer: the English command words added for the
    one-word questions are not words Lexique admits (not « best », which it does), so none can
    stand for a word a rack could play."""
    words = dictionary()
    added = (PASS | HINT | DRAW | TAKE_UP) - {"p", "m", "d", "r", "t", ""}
    french = {"passer", "passe", "meilleur", "meilleurs", "tirer", "reprendre"}
    for word in sorted(added - french):
        assert not words.admits(normalize(word)), word
    assert words.admits("BEST") and "best" not in HINT
    assert {"judge", "juge"} == JUDGE and "buy" in BUY and "swap" in SWAP  # two words or more


def test_the_help_and_the_rules_are_in_english(tmp_path: Path) -> None:
    """« help » and « rules » at each question: the English help names English commands."""
    state = new(2, 1)
    seat = state.active
    text = _flat(_session(state, seat, ["help", "rules", "", "aide"], tmp_path))
    assert "Enter or “d” = draw a theme; “r” = take up the pending theme" in text
    assert "Alkamo in brief" in text and "Transactions (3 per game)" in text
    assert "“p” = pass; “buy 2 Z 15” = buy a Z from player 2 for 15 points" in text
    assert text.count("Always: help, rules, table, quit.") == 2
    assert _french_left(text) == []


def test_a_refusal_is_said_in_english(tmp_path: Path) -> None:
    """The engine's refusal of a typed answer is printed in English."""
    state = new(2, 1)
    seat = state.active
    text = _session(state, seat, ["r"], tmp_path)  # no theme is pending yet
    assert "✗ no pending theme" in text


def test_the_terminal_s_own_refusals_are_in_english(tmp_path: Path) -> None:
    """The table's own corrections: a word of no letters, a malformed transaction, a typo at
    a yes-or-no question."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "MORALEXYZT")
    state.apply(seat, {"type": "super_mot"})
    text = _session(
        state, seat, ["123", "buy one Z", "buy 1 Z lots", "morale", "xyz123", "y"], tmp_path
    )
    assert "A word made of letters, please (help for the commands)." in text
    assert "“buy SEAT LETTER PRICE” or “swap SEAT LETTER YOUR_LETTER”" in text
    assert "The price is a number of points." in text
    assert "a Super Mot has exactly 10 letters (MORALE has 6)" in text
    assert "Answer y (yes) or n (no):" in text
    assert "Theme: Super Mot — a word of your 10 letters, ×2." in text
    assert [seat, {"type": "mot", "mot": "MORALE"}] in [list(a) for a in state.actions]
    assert _french_left(text) == []


def test_R29_the_acquired_tile_warning_is_in_english(tmp_path: Path) -> None:
    """R29 in English: a word leaving out the tile just bought is warned about first."""
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, seat, "CHEVALRIEN")
    deal(state, other, "ZOOTAXIBUS")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "achat", "vendeur": other, "lettre": "Z"})
    state.apply(seat, {"type": "prix", "prix": 5})
    state.apply(other, {"type": "accepter"})
    text = _flat(_session(state, seat, ["cheval", "n"], tmp_path))
    assert "CHEVAL does not use the Z you have just acquired" in text
    assert "Submit it anyway? (y/n)" in text


def test_the_return_and_exchange_prompts_are_in_english(tmp_path: Path) -> None:
    """After a pass, the exchange: its limit, Enter for none, the narration."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBF")
    text = _session(state, seat, ["", "p", "kw"], tmp_path)
    assert "Letters to swap (at most 10, Enter: none):" in text
    assert "You swap 2 letters with the bag." in text


def _tell(events: list[dict[str, Any]], view: dict[str, Any], seat: int = 0) -> str:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    names = ["You", "Strong 1", "Strong 2"]
    AlkamoTerminal(console, seat, names, lambda p: "", lang="en").tell(events, view)
    return out.getvalue()


VIEW = {"judge": "vote", "arbiter_seat": None, "options": {"maquette": "A"}}


def test_proposals_and_cancellations_speak_to_you_in_english() -> None:
    """The English twins of the French « Fort 1 vous propose d'acheter… » sentences."""
    text = _tell(
        [
            {"type": "offre", "seat": 1, "avec": 0, "kind": "achat", "lettre": "Z", "prix": 5},
            {"type": "offre", "seat": 0, "avec": 2, "kind": "echange", "lettre": "Z", "donne": "A"},
            {"type": "offre", "seat": 2, "avec": 1, "kind": "echange", "lettre": "S", "donne": "*"},
            {"type": "offre_retiree", "seat": 0},
            {"type": "transaction", "seat": 1, "avec": 0, "acceptee": True},
            {"type": "annulation", "seat": 0, "transactions": 1},
            {"type": "annulation", "seat": 1, "transactions": 2},
            {"type": "rendu", "seat": 1, "mode": "refill", "rendues": 1, "piochees": 1},
            {"type": "rendu", "seat": 0, "mode": "refill", "rendues": 0, "piochees": 4},
        ],
        VIEW,
    )
    assert "Strong 1 offers to buy a Z from you for 5 points." in text
    assert "You offer Strong 2 your A for a Z." in text
    assert "Strong 2 offers Strong 1 their joker for an S." in text
    assert "You withdraw your offer." in text
    assert "You accept the transaction." in text
    assert "Your transaction is cancelled." in text
    assert "Strong 1's 2 transactions are cancelled." in text
    assert "Strong 1 gives back 1 letter and draws 1." in text
    assert "You give back 0 letters and draw 4." in text
    assert _french_left(text) == []


def test_the_judging_is_told_in_english() -> None:
    """Submission, the vote, its refusal named by the seat, the judge's reasons in English."""
    text = _tell(
        [
            {"type": "soumission", "seat": 0, "mot": "CHEVAL"},
            {
                "type": "vote_demande",
                "seat": 0,
                "votants": [2, 1],
                "question": "parenté avec le thème",
                "question_en": "relatedness to the theme",
            },
            {"type": "vote", "seat": 1, "accepte": True},
            {"type": "vote", "seat": 2, "accepte": False},
            {
                "type": "rejete",
                "seat": 0,
                "mot": "CHEVAL",
                "raison": "refusé par un joueur",
                "raison_en": "refused by a player",
                "par": 2,
            },
            {"type": "passe", "seat": 0, "plaque": "MER"},
            {
                "type": "jugement",
                "seat": 1,
                "reason": "parenté avec MER : 0,31 — refusé",
                "reason_en": "relatedness to MER: 0.31 — refused",
            },
            {
                "type": "rejete",
                "seat": 1,
                "mot": "GOUMS",
                "raison": "parenté avec MER : 0,31 — refusé",
                "raison_en": "relatedness to MER: 0.31 — refused",
            },
        ],
        VIEW,
    )
    assert "You submit CHEVAL." in text
    assert "Put to the vote (relatedness to the theme): Strong 1, Strong 2." in text
    assert "Strong 1 accepts." in text and "Strong 2 refuses." in text
    assert "CHEVAL is refused by Strong 2." in text
    assert "You pass; MER stays pending." in text
    assert "Judge: relatedness to MER: 0.31 — refused." in text
    assert "GOUMS is rejected: relatedness to MER: 0.31." in text
    assert _french_left(text) == []


def test_a_scored_word_and_the_final_phase_are_told_in_english() -> None:
    """The score's detail (the theme's word, the +20 and +10 bonuses) and the final phase."""
    text = _tell(
        [
            {"type": "tour", "seat": 1, "finale": False},
            {"type": "plaque", "seat": 1, "plaque": "MER", "tiree": True, "remise": "PAIN"},
            {
                "type": "accepte",
                "seat": 1,
                "mot": "MER",
                "score": 20,
                "base": 10,
                "labourage": True,
                "super_mot": False,
                "bonus_10": 0,
                "bonus_c": 0,
            },
            {"type": "plaque", "seat": 0, "plaque": "C1", "tiree": False, "remise": None},
            {
                "type": "accepte",
                "seat": 0,
                "mot": "ABRICOT",
                "score": 36,
                "base": 26,
                "labourage": False,
                "super_mot": False,
                "bonus_10": 0,
                "bonus_c": 10,
            },
            {"type": "super_mot", "seat": 2, "remise": None},
            {"type": "temps_ecoule", "seat": 2},
            {"type": "passe", "seat": 2, "plaque": None},
            {"type": "phase_finale", "raison": "lettres"},
            {"type": "tour", "seat": 0, "finale": True},
        ],
        VIEW,
    )
    assert "Strong 1 draws the theme MER (PAIN goes back into the bag)." in text
    assert "Strong 1 scores 20 points with MER: letters 10, the theme's word ×2." in text
    assert "You take up the pending theme C1." in text
    assert "You score 36 points with ABRICOT: letters 26, +10 (C1/C5)." in text
    assert "Strong 2 announces a Super Mot!" in text
    assert "Strong 2: time is up, the turn is a pass." in text
    assert "Strong 2 passes" not in text  # the timeout said it once
    assert "Final phase: the letter bag is empty. Everyone lays a free word or passes." in text
    assert "— You — (final phase)" in text
    assert _french_left(text) == []


def test_the_non_playing_arbiter_is_named_in_english(tmp_path: Path) -> None:
    """With a non-playing arbiter (R1): named once as such, asked, and not ranked."""
    state = new(3, 1, judge="arbitre", arbiter="externe")
    seat = state.active
    text = _session(state, seat, [], tmp_path)
    assert "Arbiter: Random 2 — does not play, judges every word." in text
    assert "arbiter: Random 2 (does not play, judges)" in text
    assert "Arbiter (Arbiter" not in text and "Arbitre" not in text


def test_you_as_the_arbiter_are_asked_in_english() -> None:
    """The elected arbiter at the terminal: the question is his, in English."""
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    ui = AlkamoTerminal(console, 0, ["You", "Strong 1"], lambda p: "y", lang="en")
    view = {**VIEW, "judge": "arbitre"}
    ui.tell(
        [
            {
                "type": "vote_demande",
                "seat": 1,
                "votants": [0],
                "question": "absent de Lexique",
                "question_en": "not in Lexique",
            }
        ],
        view,
    )
    assert "Up to you as the arbiter (not in Lexique)." in out.getvalue()


def test_the_judges_first_use_is_announced_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first use of the judge on a machine (a minute or two) is said in English."""
    from ludotheque.lexicon import judge as J

    monkeypatch.setenv("LUDOTHEQUE_CACHE", str(tmp_path))
    if not J.first_use():
        pytest.skip("the automatic judge is not installed: nothing to prepare")
    out = io.StringIO()
    AlkamoTerminal(Console(file=out, width=140), 0, ["You", "Strong 1"], lambda p: "", lang="en")
    assert "First use of the theme judge on this machine" in out.getvalue()
    assert _french_left(out.getvalue()) == []


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_letters_typed_to_give_back_are_letters_not_commands(tmp_path: Path, lang: str) -> None:
    """Found by the English table's helper, at both tables: giving back a Q by typing « q »
    quit the game, an H by « h » showed the help (the prompt's command words came first)."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBH")
    text = _session(state, seat, ["", "p" if lang == "fr" else "pass", "q"], tmp_path, lang)
    assert state.phase != "return" or state.active != seat, text
    assert "1 lettre" in text or "1 letter" in text, text
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBH")
    text = _session(state, seat, ["", "p", "h"], tmp_path, lang)
    assert "1 lettre" in text or "1 letter" in text, text


def test_a_letter_given_in_exchange_is_a_letter_not_a_cancel(tmp_path: Path) -> None:
    """Found by the English table's helper: offering an exchange, the letter you give was read
    as « annuler » when it was an A or an N (« a », « n » cancel)."""
    state = new(2, 1)
    seat = state.active
    other = 1 - seat
    deal(state, seat, "ANWXYZJVBH")
    deal(state, other, "EEEEEEEEEE")
    text = _session(state, seat, ["", f"echange {other} E", "a"], tmp_path, "fr")
    assert "Vous retirez votre proposition" not in text, text


# ---------------------------------------------------------------- an English play-tester's findings
def _en_refusal(state: AlkamoState, seat: int, action: dict[str, Any]) -> str:
    """The English of the engine's refusal of ``action``."""
    from ludotheque.engine.errors import LudoError

    with pytest.raises(LudoError) as caught:
        state.apply(seat, action)
    assert caught.value.en is not None
    return caught.value.en


def test_a_wrong_seat_or_price_is_refused_in_english_words(tmp_path: Path) -> None:
    """Found by an English-speaking play-tester: « buy 5 E 3 » (and « buy 0 E 3 », his own
    seat) was refused with « 'vendeur' must be another player's seat », the engine's French
    field name; « 'prix' must be an integer » likewise."""
    state = new(3, 1)
    seat = state.active
    others = [s for s in range(3) if s != seat]
    text = _session(state, seat, ["", "buy 5 E 3", f"buy {seat} E 3", "swap 7 E A"], tmp_path)
    seats = f"({others[0]} or {others[1]})"
    assert f"✗ the seller must be another player's seat {seats}" in text, text
    assert f"✗ the player to swap with must be another player's seat {seats}" in text, text
    assert "'vendeur'" not in text and "'avec'" not in text
    said = _en_refusal(
        state, seat, {"type": "achat", "vendeur": others[0], "lettre": "E", "prix": "3"}
    )
    assert said == "the price must be a whole number"


def test_the_engine_s_english_refusals_name_no_french_field() -> None:
    """Found by an English-speaking play-tester: the engine's English refusals named its
    French fields ('vendeur', 'avec', 'lettre', 'donne', 'mot', 'prix'…) and said « tiles »
    where the table says « letters »."""
    said: list[str] = []
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, seat, "CHEVALRIEN")
    said.append(_en_refusal(state, seat, {"type": "prix", "prix": 3}))  # phase: the theme
    state.apply(seat, {"type": "tirer"})
    for action in (
        {"type": "mot", "mot": "123"},
        {"type": "mot", "mot": "CHEVAL", "jokers": "x"},
        {"type": "achat", "vendeur": seat, "lettre": "E"},
        {"type": "echange", "avec": 9, "lettre": "E"},
        {"type": "achat", "vendeur": other, "lettre": "é1"},
        {"type": "achat", "vendeur": other, "lettre": "E", "prix": 2.5},
        {"type": "echange", "avec": other, "lettre": "E", "donne": "1"},
        {"type": "echange", "avec": other, "lettre": "E", "donne": "E"},
    ):
        said.append(_en_refusal(state, seat, action))
    state.apply(seat, {"type": "achat", "vendeur": other, "lettre": "E"})
    said.append(_en_refusal(state, seat, {"type": "donne", "lettre": "A"}))
    state.apply(seat, {"type": "annuler"})
    state.apply(seat, {"type": "echange", "avec": other, "lettre": "E"})
    said.append(_en_refusal(state, seat, {"type": "prix", "prix": 1}))
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBF")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "passer"})
    said.append(_en_refusal(state, seat, {"type": "rendre", "lettres": "APSS"}))
    said.append(_en_refusal(state, seat, {"type": "rendre", "lettres": "1"}))
    assert "you do not have these letters (APSS) on your rack" in said
    for line in said:
        for french in ("vendeur", "avec", "lettre", "donne", "mot'", "prix", "jokers'", "tile"):
            assert french not in line, line


def test_the_super_mot_refusal_counts_letters() -> None:
    """Found by an English-speaking play-tester: « Super Mot needs exactly 10 tiles on the
    rack » — letters, as the prompts say."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "CHEVALRIE")
    said = _en_refusal(state, seat, {"type": "super_mot"})
    assert said == "a Super Mot needs exactly 10 letters on the rack"


@pytest.mark.parametrize(
    ("lang", "yes", "no"), [("en", "accept", "refuse"), ("fr", "accept", "refuse")]
)
def test_accept_and_refuse_answer_the_vote(tmp_path: Path, lang: str, yes: str, no: str) -> None:
    """Found by an English-speaking play-tester, at both tables: at the vote, « accept » was
    refused with « Answer y (yes) or n (no). » (« accepter », « refuser » were taken)."""
    for answer, verdict in ((yes, "accepter"), (no, "refuser"), ("accepter", "accepter")):
        state = new(2, 1, judge="vote")
        seat, other = state.active, 1 - state.active
        deal(state, seat, "CHEVALRIEN")
        next_plaque(state, "FERME")
        state.apply(seat, {"type": "tirer"})
        state.apply(seat, {"type": "mot", "mot": "CHEVAL"})
        assert state.phase == "judge" and other in state.to_move()
        text = _session(state, other, [answer], tmp_path, lang)
        assert [other, {"type": verdict}] in [list(a) for a in state.actions], text
        assert "Answer y" not in text and "Répondez o" not in text


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_price_of_no_number_is_refused_aloud(tmp_path: Path, lang: str) -> None:
    """Found by an English-speaking play-tester, at both tables: at « Price offered for E (0 to
    4, or cancel): », « abc » was asked again silently, while 9 and -1 were refused with a
    reason."""
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, other, "EEZOTAXIBU")
    buy = "buy" if lang == "en" else "achat"
    text = _session(state, seat, ["", f"{buy} {other} E", "abc", "3"], tmp_path, lang)
    said = (
        "✗ price of E: a whole number of points, 0 to 4"
        if lang == "en"
        else "✗ prix de E : un nombre entier de points, de 0 à 4"
    )
    assert said in text, text
    assert [seat, {"type": "prix", "prix": 3}] in [list(a) for a in state.actions]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_word_the_rack_cannot_make_is_refused_before_the_lexicon_question(
    tmp_path: Path, lang: str
) -> None:
    """Found by an English-speaking play-tester, at both tables: « xyzzy » asked « XYZZY: not in
    the lexicon… Submit it anyway? (y/n) », and only after « y » said « you cannot form XYZZY
    with your rack »: the rack is checked first."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "AABEHIIIN*")
    text = _flat(_session(state, seat, ["", "xyzzy", "kay(a)k", "hi(e)", "n"], tmp_path, lang))
    if lang == "en":
        assert "✗ you cannot form XYZZY with your rack (AABEHIIIN*)" in text, text
        assert "✗ you cannot lay KAYAK that way with your rack (AABEHIIIN*)" in text, text
    else:
        assert "✗ vous ne pouvez pas former XYZZY avec votre chevalet (AABEHIIIN*)" in text, text
        assert "✗ vous ne pouvez pas former KAYAK ainsi avec votre chevalet" in text, text
    assert "XYZZY:" not in text and "XYZZY :" not in text and "KAYAK :" not in text
    assert "HIE" in text  # a word the rack makes, its joker given, is still asked about


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_judge_in_a_super_mot_turn_says_it_is_a_super_mot(tmp_path: Path, lang: str) -> None:
    """Found by an English-speaking play-tester, at both tables: after « super », « judge
    chien » said « No theme to judge against (a C square or the final phase) »: it is a Super
    Mot turn."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "MORALEXYZT")
    text = _flat(_session(state, seat, ["super", "judge chien"], tmp_path, lang))
    if lang == "en":
        assert "No theme to judge against: a Super Mot is any word of your 10 letters." in text
        assert "C square" not in text
    else:
        assert (
            "Pas de thème à juger : un Super Mot est un mot quelconque de vos 10 lettres." in text
        )
        assert "case au choix" not in text


def test_the_board_is_named_without_french(tmp_path: Path) -> None:
    """Found by an English-speaking play-tester: « Central board — maquette A “Terroir” »:
    « maquette » is French; the option form says « Board », « A (rule book) »."""
    state = new(2, 1)
    text = _session(state, state.active, [], tmp_path)
    assert "Central board A “Terroir”" in text, text
    assert "maquette" not in text.lower()


def test_the_winner_has_an_english_title() -> None:
    """Found by an English-speaking play-tester: the end screen's « Ploughman of the season:
    Strong 2! » read oddly."""
    state = new(2, 1)
    view = state.view(0)
    for winners, said in (
        ((1,), "Winner: Strong 1 — ploughman of the season!"),
        ((0, 1), "Winners: You, Strong 1 — ploughmen of the season!"),
    ):
        out = io.StringIO()
        console = Console(file=out, width=140, color_system=None)
        result = Result(
            (12, 12 if len(winners) == 2 else 30),
            (1 if len(winners) == 2 else 2, 1),
            winners,
            "fin",
            "the end",
            {"deductions": [2, 4], "before": [14, 34], "arbitre": None},
        )
        AlkamoTerminal(console, 0, ["You", "Strong 1"], lambda p: "", lang="en").finish(
            view, result
        )
        assert said in out.getvalue(), out.getvalue()
        assert "Ploughm" not in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_arrow_marks_only_the_player_whose_turn_it_is(lang: str) -> None:
    """Found by an English-speaking play-tester, at both tables: during a vote the « ← »
    marker sat on two players at once (« You ← », « Strong 1 ← »): it marks the player whose
    turn it is, not the voters."""
    state = new(3, 1, judge="vote")
    seat = state.active
    deal(state, seat, "CHEVALRIEN")
    next_plaque(state, "FERME")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "mot", "mot": "CHEVAL"})
    voter = next(s for s in state.to_move() if s != seat)
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    names = ["Strong 0", "Strong 1", "Strong 2"]
    names[voter] = "You" if lang == "en" else "Vous"
    AlkamoTerminal(console, voter, names, lambda p: "", lang=lang).show(state.view(voter))
    marked = [line for line in out.getvalue().splitlines() if "←" in line]
    assert len(marked) == 1 and f"Strong {seat} ←" in marked[0], marked
