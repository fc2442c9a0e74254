"""Alkamo's prompts that misled (issue 21), through the table's own input loop: the Super Mot
hint suggested a transaction that is then refused (R25), and a word leaving out the tile just
bought lost the turn without a word of warning (R29)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.alkamo import GAME
from ludotheque.games.alkamo.rules import AlkamoState
from ludotheque.term import Quit

from .helpers import deal, new, next_plaque


def _session(state: AlkamoState, seat: int, answers: list[str], tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(file=out, width=140, color_system=None)
    replies = iter(answers)

    def ask(prompt: str) -> str:
        console.print(prompt)  # the questions too
        return next(replies, "quitter")

    with pytest.raises(Quit):
        play(GAME, state, seat, ["random"], console, ask, tmp_path / "a.json")
    return out.getvalue()


def test_R25_super_mot_hint_does_not_suggest_a_transaction(tmp_path: Path) -> None:
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBF")  # no word of these ten letters
    text = _session(state, seat, ["super", "meilleur"], tmp_path)
    assert "Vos meilleurs mots : aucun" in text and "tentez une transaction" not in text
    assert "pas de transaction pendant un Super Mot" in text


def _bought_z(tmp_path: Path) -> tuple[AlkamoState, int]:
    state = new(2, 1)
    seat, other = state.active, 1 - state.active
    deal(state, seat, "CHEVALRIEN")
    deal(state, other, "ZOOTAXIBUS")
    state.apply(seat, {"type": "tirer"})
    state.apply(seat, {"type": "achat", "vendeur": other, "lettre": "Z"})
    state.apply(seat, {"type": "prix", "prix": 5})
    state.apply(other, {"type": "accepter"})
    assert state.acquired == ["Z"]
    return state, seat


def test_R29_a_word_without_the_tile_just_bought_is_warned_and_asked(tmp_path: Path) -> None:
    state, seat = _bought_z(tmp_path)
    text = _session(state, seat, ["cheval", "n"], tmp_path)
    assert "CHEVAL n'utilise pas le Z que vous venez d'acquérir" in text
    assert not [a for s, a in state.actions[4:] if s == seat]  # « n »: nothing was played


def test_R29_the_warned_word_is_played_when_confirmed(tmp_path: Path) -> None:
    state, seat = _bought_z(tmp_path)
    _session(state, seat, ["cheval", "o", "o"], tmp_path)
    assert [seat, {"type": "mot", "mot": "CHEVAL"}] in [list(a) for a in state.actions]


def test_R24_the_dictionary_at_hand_is_the_judges_advice_and_the_player_still_decides(
    tmp_path: Path,
) -> None:
    """R24 (a note: keep a dictionary at hand, play on honesty): « juge MOT » asks the
    automatic judge at the word step; it advises, plays nothing, and the turn stays the
    player's."""
    from ludotheque.lexicon import judge as J

    state = new(2, 1)
    seat = state.active
    deal(state, seat, "CHEVALRIEN")
    next_plaque(state, "MER")
    state.apply(seat, {"type": "tirer"})
    played = len(state.actions)
    text = _session(state, seat, ["juge bateau"], tmp_path)
    ok, why, _ = J.auto_available()
    said = "Avis du juge automatique : parenté avec MER" if ok else why.split(" (")[0]
    assert said in text
    assert len(state.actions) == played  # advice only: nothing was played
    assert state.active == seat


def test_the_theme_line_gives_the_listed_words_as_examples(tmp_path: Path) -> None:
    """The browser shows a theme's listed words as examples (« Champ lexical, par exemple :
    écran, clavier… »); the terminal said only « un mot de son champ lexical »."""
    state = new(2, 1)
    seat = state.active
    next_plaque(state, "PAIN")
    state.apply(seat, {"type": "tirer"})
    text = _session(state, seat, [], tmp_path)
    assert "Thème à jouer : PAIN — un mot de son champ lexical (son mot exact : ×2)." in text
    assert (
        "Par exemple : farine, mie, croûte, baguette, levain, four, boulanger, blé "
        "(acceptés d'office)." in text
    )


@pytest.mark.parametrize(
    ("plaque", "rack", "word", "said"),
    [
        (None, "MORALEXYZT", "morale", "un Super Mot a exactement 10 lettres (MORALE en a 6)"),
        ("C5", "DECORERXYZ", "decorer", "la plaque C5 demande 8 lettres (DECORER en a 7)"),
    ],
)
def test_R15_R18_a_word_of_the_wrong_length_is_warned_and_asked(
    tmp_path: Path, plaque: str | None, rack: str, word: str, said: str
) -> None:
    """Found play-testing: MORALE as a Super Mot, or DECORER on C5 (8 letters), lost the turn
    without a word of warning, though a too short word or one absent from Lexique is asked
    about first (« Le proposer quand même ? »). Now asked too; « n » plays nothing."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, rack)
    if plaque is None:
        state.apply(seat, {"type": "super_mot"})
    else:
        next_plaque(state, plaque)
        state.apply(seat, {"type": "tirer"})
    before = len(state.actions)
    text = _session(state, seat, [word, "n"], tmp_path)
    assert said in text and "Le proposer quand même ? (o/n)" in text, text
    assert not [a for s, a in state.actions[before:] if s == seat]


def test_R12_the_exchange_prompt_says_the_real_limit(tmp_path: Path) -> None:
    """Found play-testing: « Lettres à échanger (au plus 161, Entrée : aucune) » gave the bag's
    size; one exchanges at most the letters of one's rack."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBF")
    text = _session(state, seat, ["", "p"], tmp_path)
    assert "Lettres à échanger (au plus 10," in text, text


def test_R15_the_best_words_hint_of_a_super_mot_names_no_judge(tmp_path: Path) -> None:
    """Found play-testing: in a Super Mot turn, « meilleur » with no word said « … accepté sans
    hésiter par le juge », though no judge decides a Super Mot (only its 10 letters count)."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "KQWXYZJVBF")
    text = _session(state, seat, ["super", "meilleur"], tmp_path)
    assert "votre chevalet ne forme aucun mot de 10 lettres" in text
    assert "sans hésiter par le juge" not in text


def test_a_typo_at_a_yes_or_no_question_is_asked_again(tmp_path: Path) -> None:
    """Found play-testing: at « Le proposer quand même ? (o/n) » a typo such as « xyz123 »
    was silently taken for « non »."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "MORALEXYZT")
    state.apply(seat, {"type": "super_mot"})
    text = _session(state, seat, ["morale", "xyz123", "o"], tmp_path)
    assert "Répondez o (oui) ou n (non)" in text
    assert [seat, {"type": "mot", "mot": "MORALE"}] in [list(a) for a in state.actions]


def test_quitter_at_a_yes_or_no_question_leaves_the_table(tmp_path: Path) -> None:
    """« quitter » at an o/n question leaves, as at every prompt (the game is saved)."""
    state = new(2, 1)
    seat = state.active
    deal(state, seat, "MORALEXYZT")
    state.apply(seat, {"type": "super_mot"})
    text = _session(state, seat, ["morale", "quitter"], tmp_path)
    assert "reprenez-la plus tard" in text


def test_the_judges_first_use_on_a_machine_is_announced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found play-testing: on a new machine the first « meilleur » (and the bots' first vote)
    stayed silent for 1 min 45 s while the judge built its tables: the table now says so."""
    from ludotheque.games.alkamo.terminal import AlkamoTerminal
    from ludotheque.lexicon import judge as J

    monkeypatch.setenv("LUDOTHEQUE_CACHE", str(tmp_path))
    out = io.StringIO()
    AlkamoTerminal(Console(file=out, width=140), 0, ["Vous", "Fort 1"], lambda p: "")
    assert "Premier usage du juge des thèmes" in out.getvalue()
    for name in J.CACHED:
        (tmp_path / name).write_bytes(b"")
    out = io.StringIO()
    AlkamoTerminal(Console(file=out, width=140), 0, ["Vous", "Fort 1"], lambda p: "")
    assert "Premier usage" not in out.getvalue()
