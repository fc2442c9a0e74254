"""Poker dice hands: faces, notation, combinations, comparison (rules/pokerdas.md §1, R3–R21).

A throw is five faces; a face is an int 1…6 (9, 10, J, Q, K, A, rule §1: « rank values 6…1 »).
Text notation: ``A A K K Q`` or ``AAKKQ``; the ten is ``10`` or ``T``. Reading is lenient about
spaces, dashes and case; writing always gives ``A A K K Q`` (ten written ``10``), high to low.

>>> h = evaluate(parse_throw("AAAKQ"))
>>> h.name_fr()
'Brelan d'As (Roi, Dame)'
>>> evaluate(parse_throw("AAAKQ"), joker=True).name_fr()
'Carré de Rois (Dame)'
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import combinations_with_replacement, product
from math import factorial

from ludotheque.engine.errors import NotationError

NINE, TEN, JACK, QUEEN, KING, ACE = 1, 2, 3, 4, 5, 6
FACES = (ACE, KING, QUEEN, JACK, TEN, NINE)  # high to low (R3)
DICE = 5
THROWS = 6**DICE

# Literal tables, checked by tests (tests/games/pokerdas/test_hands.py).
SYMBOL = {ACE: "A", KING: "K", QUEEN: "Q", JACK: "J", TEN: "10", NINE: "9"}
READ = {"A": ACE, "K": KING, "Q": QUEEN, "J": JACK, "10": TEN, "T": TEN, "9": NINE}
READ |= {"R": KING, "D": QUEEN, "V": JACK}  # the French letters: Roi, Dame, Valet
FACE_FR = {ACE: "As", KING: "Roi", QUEEN: "Dame", JACK: "Valet", TEN: "10", NINE: "9"}
FACES_FR = {ACE: "As", KING: "Rois", QUEEN: "Dames", JACK: "Valets", TEN: "10", NINE: "9"}

PAIRE, DEUX_PAIRES, SEQUENCE, BRELAN, FULL, CARRE, POKER = 1, 2, 3, 4, 5, 6, 7
COMBO_FR = {
    POKER: "Poker",
    CARRE: "Carré",
    FULL: "Full",
    BRELAN: "Brelan",
    SEQUENCE: "Séquence",
    DEUX_PAIRES: "Deux Paires",
    PAIRE: "Paire",
}
# The combinations in English, as the browser's hands say them (labels.py), for English refusals.
COMBO_EN = {
    POKER: "Five of a kind",
    CARRE: "Four of a kind",
    FULL: "Full house",
    BRELAN: "Three of a kind",
    SEQUENCE: "Straight",
    DEUX_PAIRES: "Two pairs",
    PAIRE: "Pair",
}
COMBO_ID = {
    POKER: "poker",
    CARRE: "carre",
    FULL: "full",
    BRELAN: "brelan",
    SEQUENCE: "sequence",
    DEUX_PAIRES: "deux_paires",
    PAIRE: "paire",
}
# §1 table: natural counts and counts with aces wild, out of 7776 (checked, not used to compute).
SPEC_COUNTS = {
    POKER: (6, 156),
    CARRE: (150, 1300),
    FULL: (300, 500),
    BRELAN: (1200, 3000),
    SEQUENCE: (720, 720),
    DEUX_PAIRES: (1800, 900),
    PAIRE: (3600, 1200),
}
# R21: faces named in an announcement (no kickers).
ANNOUNCED_FACES = {POKER: 1, CARRE: 1, FULL: 2, BRELAN: 1, SEQUENCE: 5, DEUX_PAIRES: 2, PAIRE: 1}

Throw = tuple[int, ...]


def de(face: int, plural: bool = True) -> str:
    """« de Rois », « d'As »: the French preposition before a face name."""
    word = (FACES_FR if plural else FACE_FR)[face]
    return f"d'{word}" if word == "As" else f"de {word}"


@dataclass(frozen=True, order=True)
class Hand:
    """A combination and its key-face tuple (R4); hands compare as (combination, key)."""

    combo: int
    key: tuple[int, ...]

    @property
    def combo_id(self) -> str:
        return COMBO_ID[self.combo]

    def name_fr(self) -> str:
        return _hand_name(self.combo, self.key)

    @property
    def code(self) -> str:
        """``brelan A K Q``: the combination and its key faces, high to low — what a screen
        names in its reader's language with the game's words (labels.py, ``terms``)."""
        return _hand_code(self.combo, self.key)

    def to_dict(self) -> dict[str, object]:
        """A new dict (and key list) each call, from one worked out once per hand."""
        out = dict(_hand_dict(self.combo, self.key))
        out["key"] = list(out["key"])  # type: ignore[call-overload]
        return out


@cache
def _hand_dict(c: int, k: tuple[int, ...]) -> dict[str, object]:
    """A hand's ``to_dict``, kept once (cached: every view shows each seat's hand)."""
    return {
        "combination": COMBO_ID[c],
        "rank": c,
        "key": [SYMBOL[f] for f in k],
        "name": _hand_name(c, k),
        "code": _hand_code(c, k),
    }


@cache
def _hand_code(c: int, k: tuple[int, ...]) -> str:
    return " ".join([COMBO_ID[c], *(SYMBOL[f] for f in k)])


@cache
def _hand_name(c: int, k: tuple[int, ...]) -> str:
    """The French name of a hand (cached: the engine names every throw)."""
    names = [FACE_FR[f] for f in k]
    if c == POKER:
        return f"Poker {de(k[0])}"
    if c == CARRE:
        return f"Carré {de(k[0])} ({names[1]})"
    if c == FULL:
        return f"Full ({FACES_FR[k[0]]} par {FACES_FR[k[1]]})"
    if c == BRELAN:
        return f"Brelan {de(k[0])} ({names[1]}, {names[2]})"
    if c == SEQUENCE:
        return "Séquence " + "-".join(SYMBOL[f] for f in k)
    if c == DEUX_PAIRES:
        return f"Deux Paires ({FACES_FR[k[0]]} et {FACES_FR[k[1]]}, {names[2]})"
    return f"Paire {de(k[0])} ({', '.join(names[1:])})"


# ---------------------------------------------------------------------------- notation
_TOKEN = re.compile(r"10|[AKQJT9RDV]")
# The faces' French names, and the words between them (« full d'As par Dames »).
_WORDS = {"AS": "A", "ROI": "K", "ROIS": "K", "DAME": "Q", "DAMES": "Q", "VALET": "J"}
_WORDS |= {"VALETS": "J", "DIX": "10", "NEUF": "9", "DE": "", "DES": "", "PAR": "", "ET": ""}


def parse_faces(text: str) -> Throw:
    """Any number of faces (``"A K"``, ``"AK"``, ``"10 9"``), in the order written."""
    if not isinstance(text, str):
        raise NotationError(
            "des dés s'écrivent en texte, par exemple « A A K K Q »",
            "dice are written as text, e.g. 'A A K K Q'",
        )
    return _parse_faces(text)


@lru_cache(maxsize=4096)
def _parse_faces(text: str) -> Throw:
    words = re.sub(r"\bD['’]", " ", text.upper()).split()
    clean = re.sub(r"[\s,\-]+", "", " ".join(_WORDS.get(w.strip(",-"), w) for w in words))
    faces: list[int] = []
    pos = 0
    while pos < len(clean):
        m = _TOKEN.match(clean, pos)
        if not m:
            raise NotationError(
                f"« {text} » : « {clean[pos]} » n'est pas une face (A, K ou R, Q ou D, J ou V, "
                "10 ou T, 9)",
                f"'{text}': '{clean[pos]}' is not a face (A, K or R, Q or D, J or V, 10 or T, 9)",
            )
        faces.append(READ[m.group()])
        pos = m.end()
    return tuple(faces)


def parse_throw(text: str) -> Throw:
    """Exactly five faces: ``"A A K K Q"``, ``"AAKKQ"``, ``"K Q J 10 9"``, ``"KQJT9"``."""
    faces = parse_faces(text)
    if len(faces) != DICE:
        raise NotationError(
            f"« {text} » : un coup compte 5 dés, pas {len(faces)}",
            f"'{text}': a throw has 5 dice, not {len(faces)}",
        )
    return faces


def format_faces(faces: Throw | list[int], sort: bool = True) -> str:
    """``A A K K Q``: faces high to low (or as given with ``sort=False``)."""
    return _format(tuple(faces), sort)


@cache
def _format(faces: Throw, sort: bool) -> str:
    order = sorted(faces, reverse=True) if sort else faces
    return " ".join(SYMBOL[f] for f in order)


# ---------------------------------------------------------------------------- evaluation
def _natural(dice: Throw) -> Hand:
    """R3, R4, D4: groups by size then face, then the remaining dice high to low."""
    counts = Counter(dice)
    groups = sorted(counts.items(), key=lambda fc: (fc[1], fc[0]), reverse=True)
    shape = tuple(c for _, c in groups)
    faces = tuple(f for f, _ in groups)
    combo = {
        (5,): POKER,
        (4, 1): CARRE,
        (3, 2): FULL,
        (3, 1, 1): BRELAN,
        (1, 1, 1, 1, 1): SEQUENCE,
        (2, 2, 1): DEUX_PAIRES,
        (2, 1, 1, 1): PAIRE,
    }[shape]
    return Hand(combo, faces)


@cache
def _evaluate_sorted(dice: Throw, joker: bool) -> Hand:
    if not joker or ACE not in dice:
        return _natural(dice)
    others = tuple(f for f in dice if f != ACE)
    aces = DICE - len(others)
    # R16: try every face for every ace (R17: a joker-made hand is worth the natural one).
    return max(_natural(others + extra) for extra in product(FACES, repeat=aces))


def evaluate(dice: Throw | list[int], joker: bool = False) -> Hand:
    """The hand of five faces; with ``joker`` every Ace is wild (R16–R19)."""
    if len(dice) != DICE or any(f not in SYMBOL for f in dice):
        raise NotationError(f"coup invalide : {dice!r}", f"invalid throw: {dice!r}")
    return _evaluate_sorted(tuple(sorted(dice, reverse=True)), joker)


def compare(a: Throw, b: Throw, joker: bool = False) -> str:
    """``">"``, ``"<"`` or ``"="`` (R11: strictly better to beat; R5: exact tie)."""
    ha, hb = evaluate(a, joker), evaluate(b, joker)
    return ">" if ha > hb else "<" if ha < hb else "="


# ---------------------------------------------------------------------------- counting
@cache
def multisets(size: int = DICE) -> tuple[Throw, ...]:
    """Every multiset of ``size`` faces, as tuples sorted high to low."""
    return tuple(tuple(sorted(c, reverse=True)) for c in combinations_with_replacement(FACES, size))


def ways(faces: Throw) -> int:
    """How many ordered throws of len(faces) dice give this multiset."""
    n = factorial(len(faces))
    for c in Counter(faces).values():
        n //= factorial(c)
    return n


@cache
def odds(joker: bool = False) -> dict[int, int]:
    """Counts of each combination over all 6⁵ ordered throws, by enumeration."""
    counts = dict.fromkeys(SPEC_COUNTS, 0)
    for dice in product(FACES, repeat=DICE):
        counts[evaluate(dice, joker).combo] += 1
    return counts


@cache
def hand_distribution(joker: bool = False) -> tuple[tuple[Hand, float], ...]:
    """Each distinct hand of one throw of five dice and its probability, best first."""
    probs: dict[Hand, float] = {}
    for m in multisets():
        h = evaluate(m, joker)
        probs[h] = probs.get(h, 0.0) + ways(m) / THROWS
    return tuple(sorted(probs.items(), reverse=True))


# ---------------------------------------------------------------------------- announcements
@dataclass(frozen=True, order=True)
class Announcement:
    """R21: a combination and its key faces without kickers (menteur)."""

    combo: int
    faces: tuple[int, ...]

    def __post_init__(self) -> None:
        if self.combo not in ANNOUNCED_FACES:
            raise NotationError(
                "annonce mal formée : combinaison inconnue (par exemple « full K Q »)",
                "malformed announcement: unknown combination (e.g. 'full K Q')",
            )
        want = ANNOUNCED_FACES[self.combo]
        if len(self.faces) != want:
            faces = "une face" if want == 1 else f"{want} faces"
            raise NotationError(
                f"{COMBO_FR[self.combo]} s'annonce avec {faces} (reçu : {len(self.faces)})",
                f"{COMBO_EN[self.combo]} is announced with "
                f"{'one face' if want == 1 else f'{want} faces'} (got {len(self.faces)})",
            )
        if any(f not in SYMBOL for f in self.faces) or len(set(self.faces)) != len(self.faces):
            raise NotationError(
                f"{COMBO_FR[self.combo]} : une face nommée deux fois ou inconnue",
                f"{COMBO_EN[self.combo]}: a face named twice or unknown",
            )
        if self.combo in (DEUX_PAIRES, SEQUENCE) and list(self.faces) != sorted(
            self.faces, reverse=True
        ):
            raise NotationError(
                "les faces d'une Séquence ou de Deux Paires s'annoncent de la plus haute à la "
                "plus basse",
                "the faces of a Straight or Two pairs are announced high to low",
            )

    def text(self) -> str:
        """``brelan Q``, ``full K Q``, ``sequence A K Q J 10`` (read back by parse_announcement)."""
        return _announcement_text(self.combo, self.faces)

    def name_fr(self) -> str:
        return _announcement_name(self.combo, self.faces)

    def is_met_by(self, hand: Hand) -> bool:
        """R24, D9: true when the hand is at least the announcement (kickers ignored)."""
        return (hand.combo, hand.key[: len(self.faces)]) >= (self.combo, self.faces)


@cache
def _announcement_text(c: int, f: tuple[int, ...]) -> str:
    return f"{COMBO_ID[c]} {format_faces(f, sort=False)}"


@cache
def _announcement_name(c: int, f: tuple[int, ...]) -> str:
    if c in (POKER, CARRE, BRELAN, PAIRE):
        return f"{COMBO_FR[c]} {de(f[0])}"
    if c == FULL:
        return f"Full ({FACES_FR[f[0]]} par {FACES_FR[f[1]]})"
    if c == DEUX_PAIRES:
        return f"Deux Paires ({FACES_FR[f[0]]} et {FACES_FR[f[1]]})"
    return "Séquence " + "-".join(SYMBOL[x] for x in f)


def parse_announcement(text: object) -> Announcement:
    """``"full K Q"`` (also ``"Full KQ"``, ``"deux paires K Q"``) → an Announcement."""
    if isinstance(text, str):
        return _parse_announcement(text)
    raise _unreadable(text)


@lru_cache(maxsize=4096)
def _parse_announcement(text: str) -> Announcement:
    low = text.strip().lower().replace("é", "e").replace("è", "e")
    for combo, ident in sorted(COMBO_ID.items(), key=lambda kv: -len(kv[1])):
        for spelled in (ident, ident.replace("_", " ")):
            if low.startswith(spelled):
                faces = parse_faces(text.strip()[len(spelled) :])
                if combo in (DEUX_PAIRES, SEQUENCE):  # « deux paires Q K » is « K Q »
                    faces = tuple(sorted(faces, reverse=True))
                return Announcement(combo, faces)
    raise _unreadable(text)


def _unreadable(text: object) -> NotationError:
    return NotationError(
        f"annonce illisible : « {text} » (par exemple « full K Q », « brelan Q »)",
        f"unreadable announcement: '{text}' (e.g. 'full K Q', 'brelan Q')",
    )


@cache
def all_announcements() -> tuple[Announcement, ...]:
    """The 75 well-formed announcements (R21), lowest first."""
    out: list[Announcement] = []
    for f in FACES:
        out += [Announcement(POKER, (f,)), Announcement(CARRE, (f,))]
        out += [Announcement(BRELAN, (f,)), Announcement(PAIRE, (f,))]
        out += [Announcement(FULL, (f, p)) for p in FACES if p != f]
    out += [Announcement(DEUX_PAIRES, (h, lo)) for h in FACES for lo in FACES if lo < h]
    out += [
        Announcement(SEQUENCE, tuple(f for f in FACES if f != gap))
        for gap in (NINE, TEN, JACK, QUEEN, KING, ACE)
    ]
    return tuple(sorted(out))


TOP_ANNOUNCEMENT = Announcement(POKER, (ACE,))


@cache
def announcement_index() -> dict[Announcement, int]:
    """Each announcement's place in ``all_announcements()`` (0 = the lowest)."""
    return {a: i for i, a in enumerate(all_announcements())}
