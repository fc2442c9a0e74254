"""The optimal stopping policy of the base game, by exact dynamic programming (issue 3, §3).

Follower: with ``k`` throws left, maximise the probability of beating the best hand so far, an
exact tie counting ½ (the coup sec between two players is a fair coin; R12). Whole throws: one
throw beats with probability ``p`` and ties with ``e``; kept dice: the dice multiset is the
state and each later throw re-rolls a chosen sub-multiset (R9, R10).

First player: stopping with hand ``h`` after ``t`` throws wins with
``Σ_m C(n−1, m) τ^m (1−β−τ)^(n−1−m) / (m+1)``, where ``β``/``τ`` are the probabilities that one
optimal follower with ``t`` throws beats/ties ``h``: followers aim at the best hand so far, which
stays ``h`` until one of them beats it, and the throws of different followers are independent;
``m`` tied followers go to a coup sec that each of the ``m + 1`` wins with probability
``1/(m+1)``. The first player's own problem is then solved backwards in ``t``. With no throw
limit the horizon is cut at ``HORIZON`` throws (whole throws) or ``KEPT_HORIZON`` (kept dice),
where the first player must stop; the values lost there are below 10⁻⁹ for whole throws.

All tables are computed on first use and cached (functools.cache); the kept-dice tables are
numpy arrays over every target hand at once (≈ 0.13 s for the café preset).
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations
from math import comb
from typing import Any

from ludotheque.games.pokerdas.hands import (
    DICE,
    FACES,
    THROWS,
    Hand,
    Throw,
    evaluate,
    multisets,
    ways,
)

HORIZON = 60
KEPT_HORIZON = 6


# ---------------------------------------------------------------------------- the dice states
@cache
def _tables(joker: bool) -> tuple[
    list[Throw], dict[Throw, int], list[int], list[float], list[Hand],
    dict[Throw, list[tuple[int, float]]], list[list[Throw]],
]:  # fmt: skip
    """Multisets, their index, hand rank, probability, the keep → outcome table, sub-keeps."""
    states = list(multisets())
    index = {m: i for i, m in enumerate(states)}
    hands = sorted({evaluate(m, joker) for m in states})
    rank_of = {h: r for r, h in enumerate(hands)}
    rank = [rank_of[evaluate(m, joker)] for m in states]
    prob = [ways(m) / THROWS for m in states]
    keeps: dict[Throw, list[tuple[int, float]]] = {}
    for size in range(DICE):
        for kept in multisets(size) if size else [()]:
            rolled = DICE - size
            out: dict[int, float] = {}
            for r in multisets(rolled):
                m = tuple(sorted(kept + r, reverse=True))
                out[index[m]] = out.get(index[m], 0.0) + ways(r) / 6**rolled
            keeps[kept] = list(out.items())
    subs = []
    for m in states:
        proper = {tuple(c) for k in range(DICE) for c in combinations(m, k)}
        subs.append(sorted(proper))
    return states, index, rank, prob, hands, keeps, subs


@cache
def _keep_matrices(joker: bool) -> tuple[Any, Any]:
    """The keep table as arrays (numpy, imported on first use): ``K[k, i]`` is the probability
    that re-rolling around kept sub-multiset ``k`` (numbered in the order of ``keeps``) gives
    state ``i``; ``S[i, j]`` is the number of the state's ``j``-th proper sub-keep (``subs``
    order; rows padded with their last keep, which never changes a first maximum)."""
    import numpy as np

    _, _, _, _, _, keeps, subs = _tables(joker)
    number = {kept: n for n, kept in enumerate(keeps)}
    matrix = np.zeros((len(keeps), len(subs)))
    for n, outs in enumerate(keeps.values()):
        for i, q in outs:
            matrix[n, i] = q
    width = max(len(sub) for sub in subs)
    pad = [[number[k] for k in sub] + [number[sub[-1]]] * (width - len(sub)) for sub in subs]
    return matrix, np.array(pad)


def _best_keeps(joker: bool, stop: Any, expect: Any) -> tuple[Any, Any]:
    """Per state (rows of ``stop``; columns: targets), the index in its sub-keeps of the first
    keep within 1e-12 of the highest expectation, or -1 to stop when no keep beats stopping by
    more than 1e-12 (equal values with different beat/tie splits: the first keep decides);
    and the keep's number."""
    import numpy as np

    _, subs = _keep_matrices(joker)
    values = expect[subs]  # states × sub-keeps (× targets)
    top = values.max(axis=1)
    first = np.argmax(values >= np.expand_dims(top - 1e-12, 1), axis=1)
    number = np.take_along_axis(subs, first, axis=1) if first.ndim == 2 else subs[
        np.arange(len(subs)), first]  # fmt: skip
    return np.where(top > stop + 1e-12, first, -1), number


def hand_rank(hand: Hand, joker: bool) -> int:
    """The index of ``hand`` among the distinct hands of five dice (0 = the lowest)."""
    return _tables(joker)[4].index(hand)


# ---------------------------------------------------------------------------- followers
def whole_follower(target: int, joker: bool, k: int) -> tuple[float, float, float]:
    """(value, beat, tie) for a follower with ``k`` whole throws against hand rank ``target``."""
    return _whole_series(target, joker, max(k, HORIZON))[k]


@cache
def _whole_series(target: int, joker: bool, last: int) -> list[tuple[float, float, float]]:
    """``whole_follower`` for k = 0 … ``last`` throws, in one pass."""
    _, _, rank, prob, _, _, _ = _tables(joker)
    p = sum(q for r, q in zip(rank, prob, strict=True) if r > target)
    e = sum(q for r, q in zip(rank, prob, strict=True) if r == target)
    v = b = t = 0.0
    series = [(v, b, t)]
    for step in range(last):
        # After a tie with ``step`` throws still to come, stop when ½ ≥ the value of going on.
        stop_tie = step == 0 or v <= 0.5
        tie_v, tie_b, tie_t = (0.5, 0.0, 1.0) if stop_tie else (v, b, t)
        lose = 1.0 - p - e
        v, b, t = p + e * tie_v + lose * v, p + e * tie_b + lose * b, e * tie_t + lose * t
        series.append((v, b, t))
    return series


@cache
def _kept_followers(joker: bool, remaining: int) -> tuple[Any, Any, Any, Any]:
    """For every target hand rank at once (columns) and every dice state (rows): the optimal
    follower's value, beat and tie probabilities and choice with ``remaining`` re-rolls left."""
    import numpy as np

    _, _, rank, _, hands, _, _ = _tables(joker)
    ranks = np.array(rank)[:, None]
    targets = np.arange(len(hands))[None, :]
    beat = (ranks > targets).astype(float)
    tie = (ranks == targets).astype(float)
    value = beat + 0.5 * tie
    if remaining == 0:
        return value, beat, tie, np.full(value.shape, -1)
    matrix, _ = _keep_matrices(joker)
    _, after_b, after_t, _ = _kept_followers(joker, remaining - 1)
    # Every row has value = beat + ½ tie, and so has every expectation of rows.
    eb, et = matrix @ after_b, matrix @ after_t
    choice, number = _best_keeps(joker, value, eb + 0.5 * et)
    go = choice >= 0
    beat = np.where(go, eb[number, targets], beat)
    tie = np.where(go, et[number, targets], tie)
    return beat + 0.5 * tie, beat, tie, choice


@cache
def kept_follower(target: int, joker: bool, remaining: int) -> tuple[tuple[float, ...], ...]:
    """Per dice state, (value, beat, tie, choice) with ``remaining`` re-rolls still allowed.

    ``choice`` is -1 to stop, else the index of the kept sub-multiset in the state's sub-keeps.
    """
    columns = [a[:, target].tolist() for a in _kept_followers(joker, remaining)]
    return tuple((v, b, t, float(c)) for v, b, t, c in zip(*columns, strict=True))


@cache
def _kept_outcomes(joker: bool, throws: int) -> tuple[list[float], list[float]]:
    """Per target hand rank: (beat, tie) of one optimal follower with ``throws`` kept throws."""
    import numpy as np

    prob = np.array(_tables(joker)[3])
    _, beat, tie, _ = _kept_followers(joker, throws - 1)
    return (prob @ beat).tolist(), (prob @ tie).tolist()


def follower_outcome(target: int, joker: bool, throws: int, whole: bool) -> tuple[float, float]:
    """(beat, tie) probabilities of one optimal follower with ``throws`` throws."""
    if throws <= 0:
        return 0.0, 0.0
    if whole:
        _, b, t = whole_follower(target, joker, throws)
        return b, t
    beat, tie = _kept_outcomes(joker, throws)
    return beat[target], tie[target]


# ---------------------------------------------------------------------------- first player
@cache
def stop_value(target: int, joker: bool, throws: int, players: int, whole: bool) -> float:
    """Win probability of a first player who stops on hand rank ``target`` after ``throws``."""
    beat, tie = follower_outcome(target, joker, throws, whole)
    lose = 1.0 - beat - tie
    f = players - 1
    return sum(comb(f, m) * tie**m * lose ** (f - m) / (m + 1) for m in range(f + 1))


def _horizon(max_throws: int | None, whole: bool) -> int:
    if max_throws is not None:
        return max_throws
    return HORIZON if whole else KEPT_HORIZON


@cache
def whole_first(joker: bool, players: int, max_throws: int | None) -> tuple[tuple[int, ...], float]:
    """Whole throws: per throw count t, the lowest hand rank to stop on; and the win probability.

    ``thresholds[t-1]`` is that rank after ``t`` throws (above the top rank: never stop).
    """
    _, _, rank, prob, hands, _, _ = _tables(joker)
    dist: dict[int, float] = {}
    for r, q in zip(rank, prob, strict=True):
        dist[r] = dist.get(r, 0.0) + q
    horizon = _horizon(max_throws, True)
    go_on = -1.0  # value of throwing again after the last allowed throw: impossible
    thresholds = []
    for t in range(horizon, 0, -1):
        values = {r: stop_value(r, joker, t, players, True) for r in dist}
        # stop on r after t throws iff its value ≥ going on; values grow with r
        stop_ranks = [r for r in dist if values[r] >= go_on]
        thresholds.append(min(stop_ranks) if stop_ranks else len(hands))
        go_on = sum(q * max(values[r], go_on) for r, q in dist.items())
    return tuple(reversed(thresholds)), go_on


@cache
def kept_first(joker: bool, players: int, max_throws: int | None) -> tuple[tuple[float, ...], ...]:
    """Kept dice: per throw count t (index t-1), per dice state, (value, choice) as above."""
    import numpy as np

    _, _, rank, _, _, _, _ = _tables(joker)
    matrix, _ = _keep_matrices(joker)
    horizon = _horizon(max_throws, False)
    tables: list[tuple[tuple[float, float], ...]] = []
    after: Any = None
    for t in range(horizon, 0, -1):
        stop = np.array([stop_value(r, joker, t, players, False) for r in rank])
        if after is None:
            value, choice = stop, np.full(len(rank), -1)
        else:
            expect = matrix @ after
            choice, number = _best_keeps(joker, stop, expect)
            value = np.where(choice >= 0, expect[number], stop)
        after = value
        tables.append(tuple(zip(value.tolist(), choice.astype(float).tolist(), strict=True)))
    return tuple(reversed(tables))  # type: ignore[arg-type]


def kept_first_value(joker: bool, players: int, max_throws: int | None) -> float:
    """Win probability of the optimal first player with kept dice, before his first throw."""
    _, _, _, prob, _, _, _ = _tables(joker)
    first = kept_first(joker, players, max_throws)[0]
    return sum(q * row[0] for q, row in zip(prob, first, strict=True))


# ---------------------------------------------------------------------------- advice
def advise(
    dice: Throw,
    throws: int,
    limit: int | None,
    target: Hand | None,
    joker: bool,
    whole: bool,
    players: int,
) -> dict[str, object]:
    """The optimal choice after ``throws`` throws showing ``dice``.

    ``target`` is the best hand so far for a follower (None for the first player). Returns
    ``{"stop": bool, "reroll": faces or None, "stop_value": p, "throw_value": p}`` where the
    values are the follower's chance to beat (tie ½) or the first player's chance to win.
    """
    _states, index, rank, _, _, keeps, subs = _tables(joker)
    m = tuple(sorted(dice, reverse=True))
    i = index[m]
    can_throw = limit is None or throws < limit
    if target is not None:
        tr = hand_rank(target, joker)
        r = rank[i]
        stop_v = 1.0 if r > tr else 0.5 if r == tr else 0.0
        if not can_throw:
            return {"stop": True, "reroll": None, "stop_value": stop_v, "throw_value": None}
        left = limit - throws if limit is not None else HORIZON
        if whole:
            throw_v = whole_follower(tr, joker, left)[0]
            return {"stop": stop_v >= throw_v, "reroll": None, "stop_value": stop_v,
                    "throw_value": throw_v}  # fmt: skip
        after = kept_follower(tr, joker, left - 1)
        throw_v, reroll = -1.0, None
        for kept in subs[i]:
            v = sum(q * after[o][0] for o, q in keeps[kept])
            if v > throw_v + 1e-12:
                throw_v, reroll = v, _minus(m, kept)
        return {"stop": stop_v >= throw_v, "reroll": reroll, "stop_value": stop_v,
                "throw_value": throw_v}  # fmt: skip
    stop_v = stop_value(rank[i], joker, throws, players, whole)
    horizon = _horizon(limit, whole)
    if not can_throw or throws >= horizon:
        return {"stop": True, "reroll": None, "stop_value": stop_v, "throw_value": None}
    if whole:
        throw_v = _whole_continue(joker, players, limit, throws)
        return {"stop": stop_v >= throw_v, "reroll": None, "stop_value": stop_v,
                "throw_value": throw_v}  # fmt: skip
    nxt = kept_first(joker, players, limit)[throws]
    throw_v, reroll = -1.0, None
    for kept in subs[i]:
        v = sum(q * nxt[o][0] for o, q in keeps[kept])
        if v > throw_v + 1e-12:
            throw_v, reroll = v, _minus(m, kept)
    return {"stop": stop_v >= throw_v, "reroll": reroll, "stop_value": stop_v,
            "throw_value": throw_v}  # fmt: skip


@cache
def _whole_continue(joker: bool, players: int, limit: int | None, throws: int) -> float:
    """The first player's value of throwing again after ``throws`` whole throws."""
    thresholds, _ = whole_first(joker, players, limit)
    _, _, rank, prob, _, _, _ = _tables(joker)
    horizon = len(thresholds)
    value = -1.0
    for t in range(horizon, throws, -1):
        value = sum(q * max(stop_value(r, joker, t, players, True), value)
                    for r, q in zip(rank, prob, strict=True))  # fmt: skip
    return value


def _minus(m: Throw, kept: Throw) -> Throw:
    return tuple(sorted((Counter(m) - Counter(kept)).elements(), reverse=True))


__all__ = ["FACES", "advise", "follower_outcome", "kept_first_value", "stop_value", "whole_first"]
