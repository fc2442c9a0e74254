"""AlphaPoker's letter cards: the set, the values, the notation and the count of a word.

A card is a two-character string, ``letter + colour``: ``"Ar"`` (red A), ``"Qb"`` (black Q),
``"*r"`` (red joker). Two cards with the same string are interchangeable, so hands are
multisets of such strings. In a laid-out word a joker carries the letter it stands for:
``"*r(=O)"`` (rules/README §4). A word on the table is a list of :class:`Played` cards.

Tables below are literal copies of rules/alphapoker.md §1.1 and R32; tests check their totals.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ludotheque.engine.errors import NotationError

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
COLOURS = ("r", "b")
JOKER = "*"
COLOUR_NAMES = {"r": "rouge", "b": "noir"}
# The colour said by a sign too, not by ANSI colour alone: a pipe, NO_COLOR or a colour-blind
# player must still see it, since one colour doubles a word's count (R32).
COLOUR_MARKS = {"r": "♦", "b": "♣"}
_SUBSCRIPT = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")

# Cards of each letter in ONE colour (§1.1); the other colour has as many.
PER_COLOUR: dict[str, int] = {
    "A": 5, "B": 2, "C": 2, "D": 2, "E": 8, "F": 2, "G": 2, "H": 2, "I": 5, "J": 1,
    "K": 1, "L": 3, "M": 2, "N": 3, "O": 3, "P": 2, "Q": 1, "R": 3, "S": 3, "T": 3,
    "U": 3, "V": 2, "W": 1, "X": 1, "Y": 1, "Z": 1,
}  # fmt: skip

# Printed value of each letter (§1.1). A joker is worth the letter it stands for.
VALUES: dict[str, int] = {
    "A": 1, "B": 2, "C": 2, "D": 2, "E": 1, "F": 3, "G": 2, "H": 3, "I": 1, "J": 4,
    "K": 5, "L": 1, "M": 2, "N": 1, "O": 1, "P": 2, "Q": 8, "R": 1, "S": 1, "T": 1,
    "U": 1, "V": 3, "W": 8, "X": 5, "Y": 5, "Z": 5,
}  # fmt: skip

# Length points of a word (R32). Words are 3 to 9 letters long (R31).
LENGTH_POINTS: dict[int, int] = {3: 3, 4: 5, 5: 8, 6: 12, 7: 17, 8: 23, 9: 30}
MIN_WORD = 3


class Played(NamedTuple):
    """One card of a laid-out word: the card (``"*r"``) and the letter it shows (``"O"``)."""

    card: str
    letter: str

    @property
    def is_joker(self) -> bool:
        return self.card[0] == JOKER

    @property
    def colour(self) -> str:
        return self.card[1]

    def __str__(self) -> str:
        return f"{self.card}(={self.letter})" if self.is_joker else self.card


def one_set() -> list[str]:
    """The 130 cards of one set in a fixed order: letters A–Z red then black, then the jokers."""
    cards = [
        letter + colour
        for colour in COLOURS
        for letter in LETTERS
        for _ in range(PER_COLOUR[letter])
    ]
    cards += [JOKER + colour for colour in COLOURS]
    return cards


def in_one_set(card: str) -> int:
    """How many copies of ``card`` one set holds (a joker: one of each colour)."""
    return 1 if card[0] == JOKER else PER_COLOUR[card[0]]


def deck(sets: int = 1) -> list[str]:
    """``sets`` complete sets together (two sets for 5–8 players, R1)."""
    return one_set() * sets


def draw_rank(card: str) -> int:
    """R4, D13: the rank of a card drawn for the deal (the lowest deals): nearest to A first,
    a joker after Z; colours do not matter."""
    return 26 if card[0] == JOKER else LETTERS.index(card[0])


_CARD = re.compile(r"([A-Za-z*])([rRbB])")
_PLAYED = re.compile(r"([A-Za-z*])([rRbB])(?:\(=([A-Za-z])\))?")
# A card as the terminals draw it (« U₁♦ », « ★♣ »), read back as its notation (« Ur », « *b »).
_AS_DRAWN = str.maketrans({"♦": "r", "♣": "b", "★": "*", **{d: "" for d in "₀₁₂₃₄₅₆₇₈₉"}})


def _notation(token: str) -> str:
    """``token`` in the plain notation: the label a terminal shows (« U₁♦ ») is « Ur »."""
    return token.strip().translate(_AS_DRAWN)


def parse_card(token: str) -> str:
    """``"ar"`` → ``"Ar"``; a joker is ``"*r"``; a card as drawn (``"A₁♦"``, ``"A♦"``,
    ``"★♣"``) reads too. Raises :class:`NotationError`."""
    m = _CARD.fullmatch(_notation(token))
    if not m:
        raise NotationError(
            f"« {token} » n'est pas une carte : une lettre suivie de r (rouge, ♦) ou b (noir, "
            "♣), par exemple Ar, Qb, *r pour un joker (ou comme elle est affichée : A♦, Q♣, ★♦)",
            f"'{token}' is not a card: a letter then r (red, ♦) or b (black, ♣), e.g. Ar, Qb, "
            "*r (or as shown: A♦, Q♣, ★♦)",
        )
    return m.group(1).upper() + m.group(2).lower()


def _tokens(text: str | Sequence[str]) -> list[str]:
    if isinstance(text, str):
        return [t for t in re.split(r"[\s,;]+", text.strip()) if t]
    return list(text)


def parse_hand(text: str | Sequence[str]) -> list[str]:
    """Cards separated by spaces or commas: ``"Er Ab *r"`` → ``["Er", "Ab", "*r"]``."""
    return [parse_card(t) for t in _tokens(text)]


def parse_played(token: str) -> Played:
    """``"Zb"`` → Played("Zb", "Z"); ``"*r(=O)"`` → Played("*r", "O"). A bare joker is refused."""
    m = _PLAYED.fullmatch(_notation(token))
    if not m:
        raise NotationError(
            f"« {token} » n'est pas une carte de mot : Ar, Qb, ou un joker avec sa lettre *r(=O)",
            f"'{token}' is not a word card: Ar, Qb, or a joker with its letter *r(=O)",
        )
    letter, colour, stands_for = m.group(1).upper(), m.group(2).lower(), m.group(3)
    if letter == JOKER:
        if not stands_for:
            raise NotationError(
                f"le joker « {token} » doit dire quelle lettre il remplace, ex. *{colour}(=E)",
                f"the joker '{token}' must say which letter it stands for, e.g. *{colour}(=E)",
            )
        return Played(JOKER + colour, stands_for.upper())
    if stands_for:
        raise NotationError(
            f"« {token} » : seule un joker peut remplacer une lettre",
            f"'{token}': only a joker can stand for a letter",
        )
    return Played(letter + colour, letter)


def parse_word(text: str | Sequence[str]) -> list[Played]:
    """A laid-out word: ``"Zb Ob *r(=O)"``. The empty string is the empty word (no word shown)."""
    return [parse_played(t) for t in _tokens(text)]


def card_label(card: str, letter: str | None = None) -> str:
    """A card as the terminals draw it: letter, value in subscript and colour sign
    (« U₁♦ », « N₁♣ »); a joker is « ★ », with the letter it stands for when it has one."""
    if card[0] == JOKER:
        return f"★{letter or ''}{COLOUR_MARKS[card[1]]}"
    return f"{card[0]}{str(VALUES[card[0]]).translate(_SUBSCRIPT)}{COLOUR_MARKS[card[1]]}"


def format_cards(cards: Iterable[str | Played]) -> str:
    return " ".join(str(c) for c in cards)


def spelling(word: Sequence[Played]) -> str:
    """The letters the word shows, ``"ZOO"``."""
    return "".join(p.letter for p in word)


def is_single_colour(word: Sequence[Played]) -> bool:
    """Every card of the word, jokers included, has the same colour (R32, D9)."""
    return len({p.card[1] for p in word}) == 1


def count(word: Sequence[Played], simplified: bool = False) -> int:
    """The count of a laid-out word, admissibility aside (R32, R33).

    Normal: length points + letter values; simplified: letter values only; doubled when the
    word is single-coloured. A word shorter than 3 letters counts 0 (R31, R34).
    """
    n = len(word)
    if n < MIN_WORD or n not in LENGTH_POINTS:
        return 0
    total = sum(VALUES[p.letter] for p in word)
    if not simplified:
        total += LENGTH_POINTS[n]
    return total * 2 if is_single_colour(word) else total


def breakdown(word: Sequence[Played], simplified: bool = False) -> dict[str, object]:
    """The count of :func:`count`, term by term, for a player to check (R32, R33): each
    letter's value (a joker is worth the letter it shows), the length points, the colour
    doubling and the total. JSON-able; ``total == count(word, simplified)``."""
    n = len(word)
    counts = n >= MIN_WORD and n in LENGTH_POINTS
    letters = [
        {"letter": p.letter, "value": VALUES[p.letter], "colour": p.colour, "joker": p.is_joker}
        for p in word
    ]
    return {
        "letters": letters,
        "letters_sum": sum(VALUES[p.letter] for p in word) if counts else 0,
        "length": n,
        "length_points": LENGTH_POINTS[n] if counts and not simplified else 0,
        "single_colour": bool(word) and is_single_colour(word),
        "doubled": bool(counts and is_single_colour(word)),
        "total": count(word, simplified),
    }


def base_count(letters: str, simplified: bool = False) -> int:
    """The count of a spelling before colour doubling (it depends on the letters only)."""
    n = len(letters)
    if n < MIN_WORD or n not in LENGTH_POINTS:
        return 0
    total = sum(VALUES[c] for c in letters)
    return total if simplified else total + LENGTH_POINTS[n]


def uses_cards_of(word: Sequence[Played], hand: Iterable[str]) -> bool:
    """The word's cards are distinct cards of the hand (as a multiset)."""
    need = Counter(p.card for p in word)
    have = Counter(hand)
    return all(have[c] >= k for c, k in need.items())


def assign(word: str, hand: Iterable[str]) -> tuple[Played, ...] | None:
    """The best way to lay out ``word`` (A–Z) with cards of ``hand``, or None if it cannot.

    Single-coloured if the hand allows it (the count is doubled), and real letters before
    jokers, as a player would lay it out.
    """
    cards = list(hand)
    for colours in ("r", "b", "rb"):
        play = _assign_from([c for c in cards if c[1] in colours], word)
        if play is not None:
            return play
    return None


def _assign_from(cards: list[str], word: str) -> tuple[Played, ...] | None:
    pool = Counter(cards)
    jokers = [c for c in pool.elements() if c[0] == JOKER]
    out: list[Played | None] = []
    for letter in word:
        card = next((letter + col for col in COLOURS if pool[letter + col] > 0), None)
        if card is None:
            out.append(None)  # a joker fills it below
        else:
            pool[card] -= 1
            out.append(Played(card, letter))
    holes = [i for i, p in enumerate(out) if p is None]
    if len(holes) > len(jokers):
        return None
    for i, joker in zip(holes, jokers, strict=False):
        out[i] = Played(joker, word[i])
    return tuple(p for p in out if p is not None)
