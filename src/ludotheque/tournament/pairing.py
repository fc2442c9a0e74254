"""Who meets whom: the pairing rules of AlphaPoker's tournament formula (R45–R54).

Pure functions over lists of entrant numbers; the lots (« tirage au sort ») come from the
``random.Random`` they are given, so a tournament replays from its seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence, Set

from ludotheque.engine.errors import OptionsError
from ludotheque.term.french import plural

BRACKETS = (4, 8, 16, 32, 64)  # R45: sizes played as a direct knockout
Pair = tuple[int, int]


def is_bracket(n: int) -> bool:
    return n in BRACKETS


ORGANISER = (
    "l'organisateur ajoute ou retire un participant",
    "the organiser adds or removes an entrant",
)  # what to do about a refused number, where people register for the tournament


def entrants_limits(championship: bool = False) -> tuple[str, str]:
    """The numbers of entrants a formula takes, as a refusal says them (fr, en)."""
    if championship:
        return (
            "un championnat se joue de 2 à 64 participants",
            "a championship takes 2 to 64 entrants",
        )
    return (
        "la formule standard se joue à 2, ou à un nombre pair de 4 à 64 participants",
        "the standard formula takes 2, or an even number from 4 to 64 entrants",
    )


def check_entrants(n: int, championship: bool = False, remedy: tuple[str, str] = ORGANISER) -> None:
    """R48, D22: 2, or an even number from 4 to 64 (the preliminaries need 6 or more); a
    championship (R54) takes any number from 2 to 64, one entrant resting a round when odd.
    A refusal says the number, what is wrong with it, the formula's limits, then ``remedy``
    (fr, en): what the one who chose the number can do."""
    if n == 2 or is_bracket(n) or (n % 2 == 0 and 6 <= n <= 64):
        return
    if championship and 2 <= n <= 64:
        return
    if n < 0:
        why = ("nombre négatif", "a negative number")
    elif n < 2:
        why = ("il en faut au moins 2", "at least 2 are needed")
    elif n > 64:
        why = ("trop nombreux", "too many")
    else:
        why = ("nombre impair", "odd number")
    limits = entrants_limits(championship)
    raise OptionsError(
        f"{plural(n, 'participant')} : {why[0]} ; {limits[0]} ({remedy[0]})",
        f"{n} entrant{'s' if abs(n) != 1 else ''}: {why[1]}; {limits[1]} ({remedy[1]})",
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


def fold_pairs(ranking: Sequence[int], met: Set[frozenset[int]] = frozenset()) -> list[Pair]:
    """R52 ``fold``: 1 vs N, 2 vs N−1, … — each entrant from the top meeting the lowest-ranked
    one he has not ``met`` yet. Read literally (D21) the fold replays round 2's duels in round 3
    (a duel's match points sum to 5 and its tie-break points to 0, so the ranks barely move);
    avoiding a rematch departs from that reading and from D23's « rematches are allowed », and
    keeps the fold's aim, the top against the bottom. When no pairing avoids every rematch (it
    always exists in rounds 2 and 3 from 6 entrants on), the literal fold is played."""
    budget = [20_000]  # search steps: a safety bound, far above what rounds 2–3 need

    def solve(rest: list[int]) -> list[Pair] | None:
        if not rest:
            return []
        top, others = rest[0], rest[1:]
        for opponent in reversed(others):
            budget[0] -= 1
            if budget[0] < 0:
                return None
            if frozenset((top, opponent)) in met:
                continue
            tail = solve([x for x in others if x != opponent])
            if tail is not None:
                return [(top, opponent), *tail]
        return None

    return solve(list(ranking)) or seeded_pairs(ranking)


def round_robin(entrants: Sequence[int]) -> list[list[Pair]]:
    """R54: every entrant meets every other once (circle method: n−1 rounds of n/2 duels).
    An odd number needs no extra entrant: each round, the one drawn against the empty place
    rests (n rounds of (n−1)/2 duels)."""
    players: list[int | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds = []
    for _ in range(n - 1):
        duels = [(players[i], players[n - 1 - i]) for i in range(n // 2)]
        rounds.append([(a, b) for a, b in duels if a is not None and b is not None])
        players = [players[0], players[-1], *players[1:-1]]
    return rounds
