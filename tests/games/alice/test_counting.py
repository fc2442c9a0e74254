"""Perft-style counts: legal action sequences to depth 1–3, engine against tests/simple.py."""

from __future__ import annotations

import pytest

from ludotheque.games.alice.notation import parse_position
from ludotheque.games.alice.rules import AliceState, key_action
from tests.games.alice import simple
from tests.games.alice.helpers import fen

PILE = ["7CA", "DPI", "2CO", "ATR", "VCA"]

POSITIONS = [
    ("opening", {}, {}),
    ("e3", {"d7": "DCO", "d4": "3TR"}, {"locks": "d4", "mem_w": "3TR>DCO", "trait": "n"}),
    ("e6", {"a3": "5CA", "c3": "2CO", "f3": "RTR"}, {"trait": "n"}),
    ("e7", {"d7": "DCO", "d4": "3TR", "f5": "2CO", "h5": "RPI", "b2": "4TR", "g7": "4CA"},
     {"trait": "n", "mem_b": "DCO>RPI", "mem_w": "3TR>DCO"}),
    ("crowd", {"d4": "RTR", "e5": "ACA", "c3": "5CO", "d1": "3TR", "h5": "ACO", "f3": "VCA",
               "a8": "7PI", "b7": "2PI"}, {"mem_w": "RTR>ACA,3TR>RTR", "mem_b": "VCA>ACO"}),
]  # fmt: skip
OPTIONS = [{}, {"level": "A"}, {"blocage": True}]


def full_fen(cards: dict[str, str], **kw: str) -> str:
    """The position with its whole pile written out (the simple generator reads it)."""
    used = set(cards.values())
    from ludotheque.games.alice.cards import NAMES

    pile = PILE + [n for n in NAMES if n not in used and n not in PILE]
    pile = [n for n in pile if n not in used]
    return fen(cards, pile=pile, **kw)


def engine_perft(state: AliceState, depth: int) -> int:
    if depth == 0:
        return 1
    if state.is_over():
        return 0
    total = 0
    for key in state.legal_keys():
        child = state.clone()
        child.apply(child.turn, key_action(key))
        total += engine_perft(child, depth - 1)
    return total


@pytest.mark.parametrize("options", OPTIONS, ids=["B", "A", "blocage"])
@pytest.mark.parametrize(("label", "cards", "kw"), POSITIONS, ids=[p[0] for p in POSITIONS])
def test_perft_matches_the_simple_generator(
    label: str, cards: dict, kw: dict, options: dict
) -> None:
    text = full_fen(cards, **kw)
    state = parse_position(text, options)
    ref = simple.parse(
        text, blocage=bool(options.get("blocage")), level_b=options.get("level") != "A"
    )
    for depth in (1, 2, 3 if len(cards) < 7 else 2):
        assert engine_perft(state, depth) == simple.perft(ref, depth), (label, depth)


KNOWN = {
    ("opening", "B"): [1, 16, 16],
    ("e3", "B"): [20, 73, 779],
    ("e3", "blocage"): [19, 65, 595],
    ("e6", "B"): [13, 136, 2082],
    ("e6", "A"): [13, 75, 684],
    ("e7", "A"): [20, 310, 4811],
}


@pytest.mark.parametrize(("label", "level"), list(KNOWN))
def test_perft_known_values(label: str, level: str) -> None:
    """Fixed figures (checked once against simple.py), to notice any change of behaviour."""
    _, cards, kw = next(p for p in POSITIONS if p[0] == label)
    options = {"A": {"level": "A"}, "B": {}, "blocage": {"blocage": True}}[level]
    state = parse_position(full_fen(cards, **kw), options)
    assert [engine_perft(state, d) for d in (1, 2, 3)] == KNOWN[label, level]
