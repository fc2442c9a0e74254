"""Terminal play of the Belote (and secrète), driven by scripted answers."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.games.belote import GAME


@pytest.mark.parametrize("secrete", [False, True])
def test_a_person_plays_to_the_end(secrete: bool, tmp_path: Path) -> None:
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    state = GAME.new(4, {"belote_target": 100, "belote_secrete": secrete}, seed=3)
    asked = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        if len(asked) <= 2:
            return ["aide", "regles"][len(asked) - 1]
        if prompt.startswith("Carte"):
            return state.playable(0)[-1][0]
        return "table" if len(asked) % 5 == 0 else ""

    play(GAME, state, 0, ["fort"], console, ask, tmp_path / "rec.json")
    text = out.getvalue()
    assert state.is_over() and "Fin de manche 1" in text and "propose" in text
    assert ("Pile :" in text) == secrete
    title = "La Belote secrète" if secrete else "La Belote AlphaPoker"
    assert f"{title} en bref" in text  # « regles »


def _terminal(seat: int = 0) -> tuple[io.StringIO, object]:
    from ludotheque.games.belote.terminal import BeloteTerminal

    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    return out, BeloteTerminal(console, seat, ["Vous", "Fort 1", "Fort 2", "Fort 3"], input)


def test_a_lay_takes_one_letter_and_refuses_anything_else_clearly() -> None:
    """Issue 21: `bxyz` laid B and `table` answered « vous n'avez pas de T »: a card is one
    letter; anything longer is refused with a message, and `table` redraws the table."""
    from ludotheque.games.belote.terminal import BeloteTerminal

    state = GAME.new(4, {}, seed=3)
    seat = next(iter(state.to_move()))
    out = io.StringIO()
    console = Console(file=out, width=120, highlight=False)
    answers = iter(["bxyz", "table", state.playable(seat)[0][0].lower()])
    ui = BeloteTerminal(console, seat, ["Vous"] * 4, lambda prompt: next(answers))
    action = ui.choose(state.view(seat), state.legal_actions(seat))
    assert action == {"type": "lay", "card": state.playable(seat)[0][0]}
    text = out.getvalue()
    assert "une seule lettre" in text and "Votre main" in text


def test_R83_the_revealed_stack_is_shown_when_a_word_is_claimed() -> None:
    """Issue 21: in the Belote secrète the stack revealed to check a word (R83) is shown."""
    from tests.games.belote.helpers import new, rig

    state = new(belote_secrete=True)
    rig(state, hands={0: "TE", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    out, ui = _terminal()
    for seat, letter in ((0, "T"), (1, "A"), (2, "B"), (3, "E")):
        ui.tell(state.apply(seat, {"type": "lay", "card": letter}), state.view(0))
    ui.tell(state.apply(3, {"type": "claim", "word": "TABLE"}), state.view(0))
    assert "Pile montrée : T A B E" in out.getvalue()


def test_the_dealer_is_named_and_a_broken_alternation_says_why() -> None:
    """Issue 21: Belote showed no dealer, and no reason when a bot broke the alternation (R74:
    he had no card of the required kind)."""
    from tests.games.belote.helpers import new, rig

    state = new()
    out, ui = _terminal()
    ui.tell(state.opening_events, state.view(0))
    assert "donneur" in out.getvalue()
    rig(state, hands={1: "KB", 2: "TR"}, table="", actor=1, required=None)
    ui.tell(state.apply(1, {"type": "lay", "card": "K"}), state.view(0))
    ui.tell(state.apply(2, {"type": "lay", "card": "T"}), state.view(0))
    assert "pas de voyelle" in out.getvalue()


def test_q_lays_the_q_and_does_not_leave_the_table() -> None:
    """Found play-testing: with Q in hand, « q » (a quit word) left the game, and once Q was the
    last card the manche could not go on."""
    from tests.games.belote.helpers import new, rig

    state = new()
    rig(state, hands={0: "QE", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    for typed in ("q", "Q"):
        ui = _terminal()[1]
        once = iter([typed])
        ui.ask_raw = lambda prompt, once=once: next(once)  # type: ignore[attr-defined]
        assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "Q"}


def test_a_word_the_table_makes_is_claimed_even_if_it_spells_a_command() -> None:
    """Found play-testing: « aide » and « regles » always ran the command at a claim, so AIDE
    could never be proposed; a word the table makes is now the claim."""
    from tests.games.belote.helpers import lay, new, rig

    state = new()
    rig(state, hands={0: "EQ", 1: "AK", 2: "BL", 3: "EO"}, table="AID", actor=0, required=None)
    lay(state, 0, "E")
    out, ui = _terminal()
    once = iter(["aide"])
    ui.ask_raw = lambda prompt: next(once)  # type: ignore[attr-defined]
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "claim", "word": "aide"}
    answers = iter(["regles", ""])  # no RÈGLES on this table: the rules, then a pass
    ui.ask_raw = lambda prompt: next(answers)  # type: ignore[attr-defined]
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "pass"}
    assert "en bref" in out.getvalue()


def test_a_word_the_table_makes_with_its_joker_is_claimed_too() -> None:
    """Review: the claim prompt counted the table's letters itself, so AIDE spelled with a
    joker on the table still ran the help; the engine's own check (R64's jokers) decides."""
    from tests.games.belote.helpers import lay, new, rig

    state = new()
    rig(state, hands={0: "EQ", 1: "AK", 2: "BL", 3: "EO"}, table="AI", actor=0, required=None)
    state.table.append("*r")
    lay(state, 0, "E")
    _, ui = _terminal()
    once = iter(["aide"])
    ui.ask_raw = lambda prompt: next(once)  # type: ignore[attr-defined]
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "claim", "word": "aide"}
