"""The 52-card deck of Casino Royal: cards as small integers, their notation and French names.

A card is an ``int`` from 0 to 51 in the canonical order of rules/casinoroyal.md §9: suits
``S, H, D, C`` (pique, cœur, carreau, trèfle), each with ranks ``2 3 4 5 6 7 8 9 T J Q K A``;
``card = 13 * suit + rank_index``. The notation is ``rank + suit`` (rules/README §4): ``TH`` is
the dix de cœur. On input ``10H`` is accepted for ``TH``, letters in either case, the suit
symbols ``♠ ♥ ♦ ♣`` for the suit letters, and separators (spaces, commas) are optional.

Ranks as *values* (2…14, As = 14) are what the poker evaluator compares (§1).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from ludotheque.engine.errors import NotationError

RANKS = "23456789TJQKA"
SUITS = "SHDC"
DECK: tuple[int, ...] = tuple(range(52))
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_FR = {"S": "pique", "H": "cœur", "D": "carreau", "C": "trèfle"}
RED_SUITS = frozenset("HD")

# Rank value (2…14) → French name, its plural, and how "de"/"au" attach to it.
RANK_FR = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
           11: "Valet", 12: "Dame", 13: "Roi", 14: "As"}  # fmt: skip
RANK_FR_PLURAL = {**RANK_FR, 11: "Valets", 12: "Dames", 13: "Rois", 14: "As"}
CARD_RANK_FR = {**RANK_FR, 11: "valet", 12: "dame", 13: "roi", 14: "as"}
CARD_RANK_FR[10] = "dix"
for _v, _w in zip(
    range(2, 10), ("deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf"), strict=True
):
    CARD_RANK_FR[_v] = _w

_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
_INDEX: dict[str, int] = {name: i for i, name in enumerate(_NAMES)}
_SYMBOL_TO_SUIT = {"♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C"}
_TOKEN = re.compile(r"(10|[2-9TJQKA])([SHDC♠♤♥♡♦♢♣♧])", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,;]+")


def rank_index(card: int) -> int:
    """0 for a 2 … 12 for an As."""
    return card % 13


def rank_value(card: int) -> int:
    """2 … 14 (As = 14, rules §1)."""
    return card % 13 + 2


def suit_of(card: int) -> str:
    """``"S"``, ``"H"``, ``"D"`` or ``"C"``."""
    return SUITS[card // 13]


def card_str(card: int) -> str:
    """``"TH"`` for the dix de cœur."""
    return _NAMES[card]


def format_cards(cards: Iterable[int]) -> str:
    """``"AS KS QS"``: cards in notation, separated by spaces, in the given order."""
    return " ".join(_NAMES[c] for c in cards)


def card_symbol(card: int) -> str:
    """``"10♥"``: the rank as printed on the card and the suit symbol."""
    r = RANKS[card % 13]
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[SUITS[card // 13]]


def card_name_fr(card: int) -> str:
    """``"dix de cœur"``, ``"as de pique"``."""
    return f"{CARD_RANK_FR[rank_value(card)]} de {SUIT_FR[suit_of(card)]}"


def parse_card(text: str) -> int:
    """One card in notation (``TH``, ``10h``, ``A♠``); raises :class:`NotationError`."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(
            f"« {text} » : une seule carte attendue",
            f"'{text}': exactly one card expected",
        )
    return cards[0]


def parse_cards(text: str, distinct: bool = True) -> list[int]:
    """Cards in notation, in the order written: ``"AS KS 10D"`` → ``[51, 50, 34]``.

    Separators (spaces, commas, semicolons) are optional. With ``distinct`` a card written
    twice is refused (a hand holds each card once). Raises :class:`NotationError`.
    """
    if not isinstance(text, str):
        raise NotationError(
            "des cartes s'écrivent en texte, par exemple « AS KS 10D »",
            "cards are written as text, e.g. 'AS KS 10D'",
        )
    cards: list[int] = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        pos = 0
        for m in _TOKEN.finditer(chunk):
            if m.start() != pos:
                break
            rank = m.group(1).upper()
            rank = "T" if rank == "10" else rank
            suit = m.group(2).upper()
            suit = _SYMBOL_TO_SUIT.get(suit, suit)
            cards.append(_INDEX[rank + suit])
            pos = m.end()
        if pos != len(chunk):
            bad = chunk[pos:]
            raise NotationError(
                f"« {bad} » n'est pas une carte : une carte s'écrit rang (2 à 9, T ou 10, J, Q, "
                "K, A) puis couleur (S pique, H cœur, D carreau, C trèfle), par exemple TH ou AS",
                f"'{bad}' is not a card: write a rank (2-9, T or 10, J, Q, K, A) then a suit "
                "(S, H, D, C), e.g. TH or AS",
            )
    if distinct:
        seen: set[int] = set()
        for c in cards:
            if c in seen:
                raise NotationError(
                    f"la carte {card_str(c)} est écrite deux fois",
                    f"card {card_str(c)} is written twice",
                )
            seen.add(c)
    return cards


def sort_cards(cards: Sequence[int]) -> list[int]:
    """High rank first, then suit order S, H, D, C (display order only: suits have no rank)."""
    return sorted(cards, key=lambda c: (-(c % 13), c // 13))


__all__ = [
    "DECK",
    "RANKS",
    "RANK_FR",
    "RANK_FR_PLURAL",
    "RED_SUITS",
    "SUITS",
    "SUIT_FR",
    "SUIT_SYMBOLS",
    "card_name_fr",
    "card_str",
    "card_symbol",
    "format_cards",
    "parse_card",
    "parse_cards",
    "rank_index",
    "rank_value",
    "sort_cards",
    "suit_of",
]
