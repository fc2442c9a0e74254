"""Themed AlphaPoker (R43) with bots and people (issue 15): bots judge theme words with the
automatic judge, show only words it accepts with a margin (the words people know first),
tables show the theme and announce each word's verdict."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque import bots as generic
from ludotheque.cli.play import Quit, play
from ludotheque.games.alphapoker.bots import Fort, Suiveur
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW

from .helpers import GAME, declare, rig
from .test_rules import showdown

AUTO = pytest.mark.skipif(not J.auto_available()[0], reason="spaCy's model is not installed")


@AUTO
@pytest.mark.parametrize("bot", [Fort, Suiveur])
def test_R43_bots_refuse_an_off_theme_word_and_accept_an_animal(bot: type) -> None:
    """Issue 15: bots accepted every word."""
    state = showdown(theme="animaux")
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Tb Ab Bb Lb Eb Dr Fr", 0: "Zb Gb Kb Wr"})
    declare(state, 1, "Cr Hr Ar Tr")  # CHAT
    declare(state, 2, "Tb Ab Bb Lb Eb")  # TABLE
    declare(state, 0, "")
    assert state.phase == "judge"
    action = bot(0).act(state.view(0), state.legal_actions(0))
    assert action == {"type": "judge", "accept": {"1": True, "2": False}}


@AUTO
def test_R43_a_bot_that_cannot_read_the_theme_does_not_veto() -> None:
    state = showdown(theme="plantes vertes")  # no vector for the theme: the judge cannot tell
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 0: "Zb Gb Kb Wr"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "")
    declare(state, 0, "")
    assert Fort(0).act(state.view(0), state.legal_actions(0))["accept"] == {"1": True}


@AUTO
@pytest.mark.parametrize("bot", [Fort, Suiveur])
def test_R43_bots_show_a_theme_word_not_their_best_off_theme_word(bot: type) -> None:
    """ILOTES (18 points) is the hand's best word and no animal; LIONS is one."""
    state = showdown(theme="animaux")
    rig(state, hands={1: "Lr Ir Or Nb Eb Sb Tb"})
    action = bot(1).act(state.view(1), state.legal_actions(1))
    assert action in state.legal_actions(1)
    events = state.apply(1, action)
    word = events[0]["word"]
    assert word and word != "ILOTES"
    decision = J.make_judge("auto").decide("animaux", word, ())
    assert TW.confident(decision) and TW.frequency(word) >= TW.FAMILIAR


def test_R43_each_words_verdict_is_announced_and_in_the_view() -> None:
    state = showdown(theme="animaux")
    rig(state, hands={1: "Cr Hr Ar Tr Bb Db Fb", 2: "Rb Ab Tb Br Dr Fr Gr", 0: "Zb Ob Ob Br"})
    declare(state, 1, "Cr Hr Ar Tr")
    declare(state, 2, "Rb Ab Tb")
    declare(state, 0, "Zb Ob Ob")
    state.apply(0, {"type": "judge", "accept": {"1": True, "2": True}})
    state.apply(2, {"type": "judge", "accept": {"1": False, "0": True}})
    events = state.apply(1, {"type": "judge", "accept": {"2": True, "0": True}})
    (verdicts,) = [e for e in events if e["type"] == "verdicts"]
    assert verdicts["theme"] == "animaux"
    assert verdicts["words"] == [
        {"seat": 1, "word": "CHAT", "accepted": False, "refused_by": [2]},
        {"seat": 2, "word": "RAT", "accepted": True, "refused_by": []},
        {"seat": 0, "word": "ZOO", "accepted": True, "refused_by": []},
    ]
    assert state.view(None)["theme"] == state.view(1)["theme"] == "animaux"
    words = state.view(None)["last_hand"]["words"]
    assert words["1"]["theme"] == {"accepted": False, "refused_by": [2]}
    assert words["2"]["theme"] == {"accepted": True, "refused_by": []}


def test_R43_in_a_themed_game_every_word_of_the_hand_is_a_legal_choice() -> None:
    """Two words of one count are different choices when one may be refused for the theme."""
    state = showdown(theme="animaux")
    rig(state, hands={1: "Cr Hr Ar Tr Eb Sb Ib"})
    words = {"".join(c[0] for c in a["cards"]) for a in state.legal_actions(1)}
    assert {"CHAT", "CHATS", "CHAISE"} <= words
    plain = showdown()
    rig(plain, hands={1: "Cr Hr Ar Tr Eb Sb Ib"})
    assert len(plain.legal_actions(1)) < len(state.legal_actions(1))


def _session(answers: list[str], theme: str, tmp_path: Path) -> str:
    out = io.StringIO()
    console = Console(file=out, width=110, color_system=None)
    replies = iter([*answers, "quitter"])
    state = GAME.new(2, {"theme": theme, "hands_per_game": 1}, 4)
    with pytest.raises(Quit):
        play(GAME, state, 0, ["fort"], console, lambda _: next(replies), tmp_path / "a.json")
    return out.getvalue()


def test_R43_the_terminal_shows_the_theme(tmp_path: Path) -> None:
    text = _session(["table"], "animaux", tmp_path)
    assert "Thème : « animaux »" in text


@AUTO
def test_R43_the_meilleur_hint_lists_theme_words_the_judge_accepts(tmp_path: Path) -> None:
    text = _session(["meilleur"], "animaux", tmp_path)
    assert "pour le thème « animaux »" in text


def test_bots_play_a_whole_themed_game() -> None:
    state = GAME.new(3, {"theme": "animaux", "hands_per_game": 2}, 7)
    lineup = ["fort", "suiveur", "fort"]
    players = [generic.make("alphapoker", name, s) for s, name in enumerate(lineup)]
    while not state.is_over():
        for seat in sorted(state.to_move()):
            legal = state.legal_actions(seat)
            action = players[seat].act(state.view(seat), legal)
            assert action in legal
            state.apply(seat, action)


def test_R43_the_terminal_announces_each_verdict() -> None:
    from ludotheque.games.alphapoker.terminal import AlphaPokerTerminal

    out = io.StringIO()
    term = AlphaPokerTerminal(
        Console(file=out, width=120, color_system=None), 0, ["Vous", "Léa", "Max"], lambda _: ""
    )
    event = {
        "type": "verdicts",
        "theme": "animaux",
        "words": [
            {"seat": 1, "word": "CHAT", "accepted": True, "refused_by": []},
            {"seat": 2, "word": "TABLE", "accepted": False, "refused_by": [0, 1]},
        ],
    }
    term.tell([event], GAME.new(3, {"theme": "animaux"}, 1).view(0))
    text = out.getvalue()
    assert "Thème « animaux » : CHAT (Léa) est accepté." in text
    assert "Thème « animaux » : TABLE (Max) est refusé par vous et Léa : 0 point." in text
