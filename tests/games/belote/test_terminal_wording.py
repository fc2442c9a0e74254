"""Found play-testing: what the Belote table says — the free card of R74 said before laying,
the manche's scores from the person's side, the secrète's name, a typed digit."""

from __future__ import annotations

import io

from rich.console import Console

from ludotheque.games.belote.rules import BeloteState
from ludotheque.games.belote.terminal import BeloteTerminal

from .helpers import cards, new, rig


def _terminal(
    seat: int = 0, answers: list[str] | None = None
) -> tuple[io.StringIO, BeloteTerminal]:
    out = io.StringIO()
    console = Console(file=out, width=200, highlight=False, color_system=None)
    names = [f"Fort {s}" for s in range(4)]
    names[seat] = "Vous"
    replies = iter(answers or [])

    def ask(prompt: str) -> str:
        console.print(prompt)  # the questions too
        return next(replies, "quitter")

    return out, BeloteTerminal(console, seat, names, ask)


def test_R74_the_lay_prompt_says_the_card_is_free_without_the_required_kind() -> None:
    """Found play-testing: with D2 G2 K5 M2 S1 T1 V3 in hand after a consonant, the table said
    « À poser : une voyelle (ou Y) » and asked for a vowel; only once laid did it say « pas de
    voyelle en main : carte libre » (R74)."""
    state = new()
    rig(state, hands={0: "DGKMSTV"}, table="", actor=0, required="V")
    out, ui = _terminal(answers=["k"])
    ui.show(state.view(0))
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "K"}
    text = out.getvalue()
    assert "À poser : libre, pas de voyelle en main" in text
    assert "Carte à poser (libre, pas de voyelle en main) ›" in text
    assert "une voyelle (ou Y)" not in text


def test_R73_the_lay_prompt_still_asks_for_the_kind_the_hand_holds() -> None:
    """The R74 wording only when it applies: a hand with a vowel (or the Y) is asked for one."""
    for hand in ("DGKE", "DGKY"):
        state = new()
        rig(state, hands={0: hand}, table="", actor=0, required="V")
        out, ui = _terminal()
        ui.show(state.view(0))
        assert "À poser : une voyelle (ou Y)" in out.getvalue()


def _manche_end() -> tuple[BeloteState, list[dict[str, object]]]:
    """The last card of a manche: team 0 took 24 points, team 1 took 82 and gets the 30-point
    bonus (R79); the 9 points of Q and R left on the table count for nobody (R78)."""
    state = new()
    rig(state, hands={0: "", 1: "", 2: "", 3: "R"}, table="Q", actor=3, required=None)
    state.taken = [cards("KXWZE"), cards("W" * 10 + "AA")]  # 24 and 82 points
    events = state.apply(3, {"type": "lay", "card": "R"})
    return state, events


def test_R79_the_end_of_a_manche_says_which_score_is_the_persons_team() -> None:
    """Found play-testing: « Fin de manche 1 : 24 / 112 (cumul 24 / 112) » did not say which
    number was whose, and at seat 1 the person read them the wrong way round."""
    for seat, mine, theirs in ((0, 24, 112), (1, 112, 24)):
        state, events = _manche_end()
        end = next(e for e in events if e["type"] == "manche_end")
        assert end["score"] == [24, 112] and end["bonus"] == [0, 30] and end["left"] == 9
        out, ui = _terminal(seat)
        ui.tell(events, state.view(seat))
        text = out.getvalue()
        bonus = ("", " dont 30 de prime") if seat == 0 else (" dont 30 de prime", "")
        assert (
            f"Fin de manche 1 : votre équipe {mine}{bonus[0]}, adversaires {theirs}{bonus[1]}"
            in text
        ), text
        assert f"cumul : {mine} à {theirs}" in text
        assert "9 points laissés sur la table" in text


def test_R80_the_final_score_is_said_from_the_persons_side() -> None:
    """Found play-testing (with the manche's line): « Défaite : 24 à 112 » at seat 1 put the
    person's total second."""
    state, _ = _manche_end()
    state.totals, state.winner, state.phase = [24, 1012], 1, "over"
    out, ui = _terminal(1)
    ui.finish(state.view(1), state.result())
    assert "Victoire : 1012 à 24" in out.getvalue()


def test_R82_the_rules_of_the_secrete_are_titled_la_belote_secrete() -> None:
    """Found play-testing: « regles » in La Belote secrète said « La Belote AlphaPoker en
    bref »."""
    state = new(belote_secrete=True)
    seat = next(iter(state.to_move()))
    out, ui = _terminal(seat, ["regles", state.playable(seat)[0][0]])
    ui.choose(state.view(seat), state.legal_actions(seat))
    assert "La Belote secrète en bref" in out.getvalue()
    state = new()
    out, ui = _terminal(seat, ["regles", state.playable(seat)[0][0]])
    ui.choose(state.view(seat), state.legal_actions(seat))
    assert "La Belote AlphaPoker en bref" in out.getvalue()


def test_a_digit_typed_for_a_card_is_refused_in_the_players_words() -> None:
    """Found play-testing: with only Q8 in hand, « 8 » answered « ✗ « 8r » n'est pas une
    lettre »: the engine's card notation leaked."""
    state = new()
    rig(state, hands={0: "Q", 1: "AK", 2: "BL", 3: "EO"}, table="", actor=0, required=None)
    out, ui = _terminal(answers=["8", "q"])
    assert ui.choose(state.view(0), state.legal_actions(0)) == {"type": "lay", "card": "Q"}
    text = out.getvalue()
    assert "« 8 » n'est pas une lettre : tapez la lettre de la carte (par exemple q)" in text
    assert "8r" not in text


def test_a_claim_worth_one_point_is_singular() -> None:
    """Found play-testing (with « 1 points » at the Bataille): a claim said « (1 points) »."""
    state = new()
    rig(state, hands={0: "E", 1: "AK", 2: "BL", 3: "O"}, table="ABCD", actor=0, required=None)
    out, ui = _terminal()
    ui.tell(state.apply(0, {"type": "lay", "card": "E"}), state.view(0))
    ui.tell(state.apply(0, {"type": "claim", "word": "EEE"}), state.view(0))
    assert "(1 point)" in out.getvalue()


def test_R82_la_belote_secrete_is_a_named_variant_and_the_table_says_so(tmp_path) -> None:
    """Found play-testing: the secrète was only ``-o belote_secrete=oui`` (« Table : options
    choisies »), under the title « La Belote AlphaPoker »."""
    from typer.testing import CliRunner

    from ludotheque.cli.main import app

    args = ["play", "belote", "--variant", "secrete", "--seed", "1"]
    out = CliRunner().invoke(app, [*args, "--record", str(tmp_path / "s.json")], input="quitter\n")
    assert out.exit_code == 0 and "Table : variante « secrete »" in out.output
