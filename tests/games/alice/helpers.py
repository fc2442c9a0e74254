"""Scenario helpers for the Alice rule tests: positions written in the game's own notation."""

from __future__ import annotations

from typing import Any

from ludotheque.games.alice.cards import SQUARE_NAMES, parse_card, parse_square
from ludotheque.games.alice.notation import parse_position
from ludotheque.games.alice.rules import AliceState, key_action


def board_field(cards: dict[str, str]) -> str:
    grid: list[str | None] = [None] * 64
    for sq, card in cards.items():
        grid[parse_square(sq)] = card
    rows = []
    for y in range(7, -1, -1):
        row, gap = "", 0
        for x in range(8):
            c = grid[y * 8 + x]
            if c is None:
                gap += 1
            else:
                row += (str(gap) if gap else "") + c
                gap = 0
        rows.append(row + (str(gap) if gap else ""))
    return "/".join(rows)


def fen(
    cards: dict[str, str],
    trait: str = "b",
    locks: str = "-",
    mem_w: str = "-",
    mem_b: str = "-",
    cap_w: str = "-",
    cap_b: str = "-",
    pile: list[str] | None = None,
    fin: str = "-",
    drawn: str = "-",
) -> str:
    seen = len(cards) + sum(len(c.split(",")) for c in (cap_w, cap_b) if c != "-")
    seen += drawn != "-"
    size = str(40 - seen)
    if pile is not None:
        size = f"{size}:{','.join(pile)}" if pile else size
    fields = [board_field(cards), trait, locks, mem_w, mem_b, cap_w, cap_b, size, fin, drawn]
    return " ".join(fields)


def at(cards: dict[str, str], options: dict[str, Any] | None = None, **kw: Any) -> AliceState:
    return parse_position(fen(cards, **kw), options or {})


def legal(state: AliceState) -> set[str]:
    from ludotheque.games.alice.notation import format_key

    return {format_key(k) for k in state.legal_keys()}


def moves_of(state: AliceState, square: str) -> set[str]:
    """Destination squares of the legal moves (normal or flight) of the card on ``square``."""
    sq = parse_square(square)
    return {SQUARE_NAMES[k[2]] for k in state.legal_keys() if k[0] == "move" and k[1] == sq}


def play(state: AliceState, text: str) -> list[dict[str, Any]]:
    from ludotheque.games.alice.notation import parse_action

    return state.apply(state.turn, parse_action(text))


def card(name: str) -> int:
    return parse_card(name)


__all__ = ["at", "board_field", "card", "fen", "key_action", "legal", "moves_of", "play"]


def can(state: AliceState, text: str) -> bool:
    """Whether the action written ``text`` is legal now (any spelling of it)."""
    from ludotheque.games.alice.notation import parse_action
    from ludotheque.games.alice.rules import action_key

    return action_key(parse_action(text)) in state.legal_keys()
