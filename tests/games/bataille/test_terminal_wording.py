"""Found play-testing: what the Bataille table says — its help on a refused word, and the
agreement of « point » after 0 and 1."""

from __future__ import annotations

import io

from rich.console import Console

from ludotheque.engine.protocol import Result
from ludotheque.games.bataille.live import HELP
from ludotheque.games.bataille.terminal import BatailleTerminal

from .helpers import new, rig


def screen() -> tuple[BatailleTerminal, io.StringIO]:
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    return BatailleTerminal(console, 0, ["Vous", "Fort 1"], input), out


def test_R59_the_help_tells_an_impossible_word_from_an_inadmissible_one() -> None:
    """Found play-testing: « aide » said that any word not admitted gives its cards to the
    opponent with a penalty card; a word the table cannot make costs only the penalty card
    (R59, R60, D25)."""
    text = " ".join(HELP.split())
    assert "sinon l'adversaire prend les cartes du mot et une carte de pénalité" not in text
    assert (
        "s'il est admis vous prenez ses cartes ; s'il n'est pas admis, l'adversaire prend ses "
        "cartes et une carte de pénalité ; si la table ne peut pas le former, l'adversaire "
        "prend seulement une carte de pénalité" in text
    )


def test_R68_one_point_and_zero_point_are_singular() -> None:
    """Found play-testing: « Vos cartes : 1 points », « 0 points » (in French 0 and 1 take
    the singular)."""
    state = new()
    rig(state, piles=("Ar", ""), won=("", ""))
    ui, out = screen()
    ui.show(state.view(0))
    assert "Vos cartes : 1 point (pioche 1) — Fort 1 : 0 point (pioche 0)" in out.getvalue()
    rig(state, piles=("Ar Br", "Kr"))
    ui, out = screen()
    ui.show(state.view(0))
    assert "Vos cartes : 3 points (pioche 2) — Fort 1 : 5 points (pioche 1)" in out.getvalue()


def test_R68_a_drawn_game_at_one_point_is_singular() -> None:
    """Found play-testing (with « 1 points »): a draw said « 1 points partout »."""
    ui, out = screen()
    result = Result(scores=(1, 1), ranks=(1, 1), winners=(0, 1), reason_fr="", reason_en="")
    ui.finish({}, result)
    assert "Égalité : 1 point partout." in out.getvalue()
