"""Who meets whom: the pairing rules of AlphaPoker's tournament formula (R45–R54).

Pure functions over lists of entrant numbers; the lots (« tirage au sort ») come from the
``random.Random`` they are given, so a tournament replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ludotheque.engine.errors import OptionsError

BRACKETS = (4, 8, 16, 32, 64)  # R45: sizes played as a direct knockout
Pair = tuple[int, int]


def is_bracket(n: int) -> bool:
    return n in BRACKETS


def check_entrants(n: int) -> None:
    """R48, D22: 2, or an even number from 4 to 64 (the preliminaries need 6 or more)."""
    if n == 2 or is_bracket(n) or (n % 2 == 0 and 6 <= n <= 64):
        return
    why = "impair" if n % 2 else "hors limites"
    raise OptionsError(
        f"{n} participants : nombre {why} ; il faut 2, ou un nombre pair de 4 à 64 "
        "(l'organisateur ajoute ou retire un participant)",
        f"{n} entrants: {'odd' if n % 2 else 'out of range'}; 2 or an even number from 4 to 64 "
        "is needed (the organiser adds or removes an entrant)",
    )


def qualified(n: int) -> int:
    """R48: ``x``, the largest of 64, 32, 16, 8, 4 smaller than ``n``."""
    return max(b for b in BRACKETS if b < n)


def drawn_pairs(entrants: Sequence[int], rng: random.Random) -> list[Pair]:
    """R46, R49: duels drawn by lot, listed top to bottom."""
    order = list(entrants)
    rng.shuffle(order)
    return [(order[i], order[i + 1]) for i in range(0, len(order), 2)]


def seeded_pairs(ranking: Sequence[int]) -> list[Pair]:
    """R46 with ``bracket_seeding = ranking``: duel i = rank i vs rank 2k+1−i."""
    n = len(ranking)
    return [(ranking[i], ranking[n - 1 - i]) for i in range(n // 2)]


def next_round(winners: Sequence[int]) -> list[Pair]:
    """R47, D20: winner of duel i meets winner of duel k+1−i, listed in that order."""
    k = len(winners)
    return [(winners[i], winners[k - 1 - i]) for i in range(k // 2)]


def halves_pairs(ranking: Sequence[int]) -> list[Pair]:
    """R52 ``halves``: each half paired 1 vs N/2, 2 vs N/2−1…; odd halves: the middles meet."""
    n = len(ranking)
    half = n // 2
    top, bottom = list(ranking[:half]), list(ranking[half:])
    pairs: list[Pair] = []
    middles: list[int] = []
    for part in (top, bottom):
        for i in range(half // 2):
            pairs.append((part[i], part[half - 1 - i]))
        if half % 2:
            middles.append(part[half // 2])
    if middles:
        pairs.append((middles[0], middles[1]))
    return pairs


def fold_pairs(ranking: Sequence[int]) -> list[Pair]:
    """R52 ``fold``: 1 vs N, 2 vs N−1, …"""
    return seeded_pairs(ranking)


def round_robin(entrants: Sequence[int]) -> list[list[Pair]]:
    """R54: every entrant meets every other once (circle method: n−1 rounds of n/2 duels)."""
    players = list(entrants)
    n = len(players)
    rounds = []
    for _ in range(n - 1):
        rounds.append([(players[i], players[n - 1 - i]) for i in range(n // 2)])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds
