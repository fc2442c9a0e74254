"""What the Poker d'As terminal and ``ludotheque pokerdas odds`` print reads as French: decimal
commas before « % », announcements as the player types them (found play-testing)."""

from __future__ import annotations

import io
import json
import re
from functools import cache

from rich.console import Console
from typer.testing import CliRunner

from ludotheque.cli.main import app
from ludotheque.games.pokerdas.bots import Menteur
from ludotheque.games.pokerdas.hands import parse_announcement
from ludotheque.games.pokerdas.terminal import PokerDasTerminal

from .helpers import GAME
from .test_terminal import _after_first_throw, _me_to_throw, _ui

DECIMAL_POINT = re.compile(r"\d\.\d")  # « 5.5 % », « 0.0772% »
FRENCH_PCT = re.compile(r"\d,\d+ %")  # « 5,5 % »


@cache
def liar_advice(seed: int = 0) -> tuple[str, ...]:
    """Every « conseil » the menteur advisor gives seat 0 in a game of two menteur bots."""
    state = GAME.new(2, {"menteur": True, "liar_rethrows": 0}, seed=seed)
    bots = [Menteur(seed=10), Menteur(seed=11)]
    said: list[str] = []
    for _ in range(300):
        if state.is_over():
            break
        seat = next(iter(state.to_move()))
        view, legal = state.view(seat), state.legal_actions(seat)
        if seat == 0:
            out = io.StringIO()
            console = Console(file=out, width=400, highlight=False)
            ui = PokerDasTerminal(console, 0, ["Vous", "Menteur 1"], lambda prompt: "")
            ui.liar_advice = ui.advisor.advise(view, legal)  # what choose() does
            ui.advise(view)
            said.append(out.getvalue())
        state.apply(seat, bots[seat].act(view, legal))
    return tuple(said)


def test_conseil_gives_percentages_with_a_decimal_comma() -> None:
    """Found play-testing: « conseil » printed « 5.5 % » and « en vous arrêtant 4.9 %, en
    relançant 24.4 % », a decimal point in French text."""
    out, state = _me_to_throw()
    _ui(out, []).advise(state.view(0))  # before the first throw
    out2, state2 = _after_first_throw()
    _ui(out2, []).advise(state2.view(0))  # stop or throw again
    for text in (out.getvalue(), out2.getvalue()):
        assert FRENCH_PCT.search(text) and not DECIMAL_POINT.search(text), text


def test_menteur_conseil_gives_percentages_with_a_decimal_comma() -> None:
    """Found play-testing: the menteur's « conseil » said « crue à 41.0 % » and « 51.4 % de
    chances qu'ils y soient »."""
    said = liar_advice()
    assert any("crue à" in t for t in said) and any("chances qu'ils y soient" in t for t in said)
    for text in said:
        assert not DECIMAL_POINT.search(text), text
    assert any(FRENCH_PCT.search(t) for t in said)


def test_menteur_conseil_names_the_announcement_as_the_player_types_it() -> None:
    """Found play-testing: « conseil » advised « annonce vraie deux_paires K J », the engine's
    identifier, not what the player types (« deux paires K J ») or reads (« Deux Paires (Rois
    et Valets) »)."""
    said = [t for t in liar_advice() if "annonce vraie" in t or "bluffez avec" in t]
    assert any("Deux Paires (" in t for t in said)
    for text in said:
        assert "_" not in text, text
        typed = re.findall(r"tapez « ([^»]+) »", text)
        assert typed, text
        for words in typed:  # what the advice says to type is read back as that announcement
            assert parse_announcement(words).name_fr() in text, text


def test_odds_table_in_french_numbers_and_json_unchanged() -> None:
    """Found play-testing: `ludotheque pokerdas odds` printed « 0.0772% » (a decimal point, no
    space before %); --json stays numeric."""
    runner = CliRunner()
    result = runner.invoke(app, ["pokerdas", "odds"])
    assert result.exit_code == 0
    assert "0,0772 %" in result.output and "46,2963 %" in result.output
    assert not DECIMAL_POINT.search(result.output)
    data = json.loads(runner.invoke(app, ["pokerdas", "odds", "--json"]).output)
    assert data["counts"]["poker"] == 6 and data["total"] == 7776
