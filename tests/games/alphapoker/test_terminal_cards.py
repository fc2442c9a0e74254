"""Issue 21: a card's colour is said by a sign as well as by ANSI colour — in a pipe, with
NO_COLOR or for a colour-blind player, U₁ O₁ N₁ alone hid what doubles a word's count (R32)."""

from __future__ import annotations

import io

from rich.console import Console

from ludotheque.cards.letters import card_label
from ludotheque.games.alphapoker.terminal import cards_text


def test_R32_card_colours_show_without_colour() -> None:
    assert card_label("Ur") == "U₁♦" and card_label("Nb") == "N₁♣"
    assert card_label("*r", "O") == "★O♦" and card_label("*b") == "★♣"
    out = io.StringIO()
    Console(file=out, no_color=True, width=80).print(cards_text(["Ur", "Ob", "*r"]))
    assert "U₁♦" in out.getvalue() and "O₁♣" in out.getvalue() and "★♦" in out.getvalue()
