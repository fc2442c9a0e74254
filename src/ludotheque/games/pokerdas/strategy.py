"""The optimal stopping policy of the base game, by exact dynamic programming (issue 3, §3).

Follower: with ``k`` throws left, maximise the probability of beating the best hand so far, an
exact tie counting ½ (the coup sec between two players is a fair coin; R12). Whole throws: one
throw beats with probability ``p`` and ties with ``e``; the recursion has a closed form (below)
for any ``k``. Kept dice: the dice multiset is the state and each later throw re-rolls a chosen
sub-multiset (R9, R10).

First player: stopping with hand ``h`` after ``t`` throws wins with
``Σ_m C(n−1, m) τ^m (1−β−τ)^(n−1−m) / (m+1)``, where ``β``/``τ`` are the probabilities that one
optimal follower with ``t`` throws beats/ties ``h``: followers aim at the best hand so far, which
stays ``h`` until one of them beats it, and the throws of different followers are independent;
``m`` tied followers go to a coup sec that each of the ``m + 1`` wins with probability
``1/(m+1)``. The first player's own problem is then solved backwards in ``t``.

With whole throws and no throw limit (the rule book's default) the first player's problem has
no last throw, and it matters: whatever happened, he can still throw until he gets a Poker
d'As, which no follower can beat, and which wins with probability at least 1/n however late it
comes. So the value of throwing again never falls below 1/n, and the policy keeps raising its
demands with ``t``. It is solved exactly in three stretches: every hand is weighed up to
``FULL_RANKS`` throws; after that no hand below a Poker is worth stopping on (checked: its stop
value there is below 1/n), so only the six Pokers are, up to ``HORIZON`` throws, in blocks where
the stopping set is constant (a linear recursion, checked row by row); beyond ``HORIZON`` only
the Poker d'As is (checked the same way), and the value of waiting for it is a convergent series
summed in closed form. Kept dice with no throw limit are cut at ``KEPT_HORIZON`` throws (D3 calls
that mode degenerate: the first player keeps his aces and reaches a Poker d'As).

All tables are computed on first use and cached (functools.cache), as numpy arrays over every
target hand at once.
"""

from __future__ import annotations

import math
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

FULL_RANKS = 3_000  # unlimited whole throws: every hand weighed up to this throw,
HORIZON = 60_000  # then the Pokers only up to this one, then the Poker d'As only (see above)
KEPT_HORIZON = 6
BLOCK = 2_000  # rows solved at once in the Poker stretch


# ---------------------------------------------------------------------------- the dice states
@cache
def _tables(
    joker: bool,
) -> tuple[
    list[Throw],
    dict[Throw, int],
    list[int],
    list[float],
    list[Hand],
    dict[Throw, list[tuple[int, float]]],
    list[list[Throw]],
]:
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
    number = (
        np.take_along_axis(subs, first, axis=1)
        if first.ndim == 2
        else subs[np.arange(len(subs)), first]
    )
    return np.where(top > stop + 1e-12, first, -1), number


def hand_rank(hand: Hand, joker: bool) -> int:
    """The index of ``hand`` among the distinct hands of five dice (0 = the lowest)."""
    return _tables(joker)[4].index(hand)


# ---------------------------------------------------------------------------- followers
@cache
def _rank_odds(joker: bool) -> tuple[Any, Any]:
    """Per hand rank: the probability that one whole throw gives it, and gives a better one."""
    import numpy as np

    _, _, rank, prob, hands, _, _ = _tables(joker)
    odds = np.zeros(len(hands))
    for r, q in zip(rank, prob, strict=True):
        odds[r] += q
    better = np.concatenate([np.cumsum(odds[::-1])[::-1][1:], [0.0]])
    return odds, better


def _follow(beat_p: Any, tie_p: Any, throws: Any) -> tuple[Any, Any, Any]:
    """(value, beat, tie) of the optimal whole-throw follower, in closed form, for arrays of
    one-throw probabilities ``beat_p``/``tie_p`` (targets) broadcast against ``throws``.

    The recursion ``x_{s+1} = (p + e·tie_v, p + e·tie_b, e·tie_t) + l·x_s`` (l = 1 − p − e)
    stops on a tie while the value of going on is at most ½: then ``x_s = c (1 − l^s)/(1 − l)``
    with ``c = (p + e/2, p, e)``. From the first ``s*`` where the value exceeds ½ (only when
    ``p > 0``), a tie is thrown again: ``x_s = A + (x_s* − A)(1 − p)^(s − s*)``, A = (1, 1, 0).
    """
    import numpy as np

    p, e = np.asarray(beat_p, float), np.asarray(tie_p, float)
    k = np.asarray(throws, float)
    lose = 1.0 - p - e
    span = p + e  # 1 − l, never 0: a hand always ties itself

    def grown(s: Any) -> Any:
        return (1.0 - lose**s) / span

    half = p + e / 2
    with np.errstate(divide="ignore", invalid="ignore"):
        y = 1.0 - 0.5 * span / half  # v_s > ½  ⟺  l^s < y
        guess = np.where(lose > 0, np.ceil(np.log(np.maximum(y, 1e-300)) / np.log(lose)), 1.0)
    first = np.where(p > 0, np.maximum(guess, 1.0), np.inf)
    first = np.where(
        np.isfinite(first) & (first > 1) & (half * grown(first - 1) > 0.5), first - 1, first
    )
    first = np.where(np.isfinite(first) & (half * grown(first) <= 0.5), first + 1, first)
    first = np.where(np.isfinite(first) & (half * grown(first) <= 0.5), np.inf, first)  # l = 0
    star = np.where(np.isfinite(first), first, 0.0)
    g_star = grown(star)
    v_star, b_star, t_star = half * g_star, p * g_star, e * g_star
    g = grown(k)
    v1, b1, t1 = half * g, p * g, e * g
    late = np.isfinite(first) & (k > star)
    decay = np.power(1.0 - p, np.maximum(k - star, 0.0))
    value = np.where(late, 1.0 + (v_star - 1.0) * decay, v1)
    beat = np.where(late, 1.0 + (b_star - 1.0) * decay, b1)
    tie = np.where(late, t_star * decay, t1)
    return value, beat, tie


def whole_follower(target: int, joker: bool, k: int) -> tuple[float, float, float]:
    """(value, beat, tie) for a follower with ``k`` whole throws against hand rank ``target``."""
    if k <= 0:
        return 0.0, 0.0, 0.0
    odds, better = _rank_odds(joker)
    v, b, t = _follow(better[target], odds[target], k)
    return float(v), float(b), float(t)


def _stop_values(beat: Any, tie: Any, players: int) -> Any:
    """The first player's win probability, given each follower's beat/tie probabilities:
    Σ_m C(f, m) τ^m λ^(f−m) / (m + 1), powers by repeated products (arrays or floats)."""
    lose = 1.0 - beat - tie
    f = players - 1
    lose_powers = [lose * 0 + 1.0]
    for _ in range(f):
        lose_powers.append(lose_powers[-1] * lose)
    total: Any = 0.0
    tie_power: Any = 1.0
    for m in range(f + 1):
        total = total + comb(f, m) * tie_power * lose_powers[f - m] / (m + 1)
        tie_power = tie_power * tie
    return total


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
    return float(_stop_values(beat, tie, players))


def _horizon(max_throws: int | None, whole: bool) -> int:
    if max_throws is not None:
        return max_throws
    return HORIZON if whole else KEPT_HORIZON  # whole throws: where the tables' rows end


@cache
def _whole_plan(joker: bool, players: int, max_throws: int | None) -> dict[str, Any]:
    """The first player's whole-throw policy: ``thresholds[t-1]``, the lowest hand rank worth
    stopping on after ``t`` throws (len(hands): none), and ``going[t]``, the value of throwing
    again after ``t`` throws (``going[0]``: his win probability), for t up to ``last``."""
    import numpy as np

    odds, better = _rank_odds(joker)
    hands = _tables(joker)[4]
    ranks = len(hands)
    floor = 1.0 / players  # a Poker d'As, however late, wins at least this
    if max_throws is not None:
        last, full = max_throws, max_throws
        going_last = -1.0  # no throw after the last one
    else:
        last, full = HORIZON, FULL_RANKS
        pokers = [r for r in range(ranks) if hands[r].combo == 7]  # POKER
        top = ranks - 1
        going_last = _ace_wait(joker, players, HORIZON + 1)
        # Beyond HORIZON only the Poker d'As is worth stopping on; beyond FULL_RANKS, a Poker.
        _, b, t = _follow(better[pokers[:-1]], odds[pokers[:-1]], HORIZON + 1)
        assert (_stop_values(b, t, players) < floor).all(), "a lower Poker is still worth it"
        others = [r for r in range(ranks) if r not in pokers]
        _, b, t = _follow(better[others], odds[others], full + 1)
        assert (_stop_values(b, t, players) < floor).all(), "a hand below a Poker is worth it"
    going = np.empty(last + 1)
    thresholds = np.empty(last, dtype=int)
    going[last] = going_last
    if last > full:  # the Poker stretch, in blocks of constant stopping set
        ts = np.arange(full + 1, last + 1, dtype=float)[:, None]
        _, b, t = _follow(better[pokers][None, :], odds[pokers][None, :], ts)
        stops = _stop_values(b, t, players)
        values, firsts = _poker_stretch(stops, odds[pokers], going_last)
        going[full:last] = values
        thresholds[full:last] = np.where(
            firsts >= 0, np.asarray(pokers)[np.maximum(firsts, 0)], ranks
        )
        assert top == pokers[-1]
    after = going[full]
    for hi in range(full, 0, -BLOCK):
        lo = max(0, hi - BLOCK)
        ts = np.arange(lo + 1, hi + 1, dtype=float)[:, None]
        _, b, t = _follow(better[None, :], odds[None, :], ts)
        stops = _stop_values(b, t, players)
        for row in range(hi - lo - 1, -1, -1):
            stop = stops[row]
            worth = stop >= after
            thresholds[lo + row] = int(np.argmax(worth)) if worth.any() else ranks
            after = float(odds @ np.maximum(stop, after))
            going[lo + row] = after
    return {"thresholds": thresholds, "going": going, "last": last, "unlimited": max_throws is None}


def _poker_stretch(stops: Any, odds: Any, after_last: float) -> tuple[Any, Any]:
    """Backward over rows of stop values (throw counts), only the columns' hands stoppable:
    V(t) = Σ q max(S(t), V(t+1)) + (1 − Σ q) V(t+1). Returns V per row and the first column
    worth stopping on (-1: none). Solved in blocks where the stopping set is constant, so the
    recursion is linear; every row is checked against that set and a block ends where not."""
    import numpy as np

    n = len(stops)
    values = np.empty(n)
    firsts = np.empty(n, dtype=int)
    after = after_last
    end = n
    while end > 0:
        worth = stops[end - 1] >= after
        weights = odds * worth
        c = 1.0 - weights.sum()
        lo = max(0, end - BLOCK)
        a = (stops[lo:end] @ weights)[::-1]  # rows end-1, end-2, … lo
        powers = c ** np.arange(end - lo)
        block = (powers * np.cumsum(a / powers) + powers * c * after)[::-1]  # rows lo … end-1
        nexts = np.append(block[1:], after)
        same = ((stops[lo:end] >= nexts[:, None]) == worth[None, :]).all(axis=1)
        bad = np.nonzero(~same)[0]
        keep = bad.max() + 1 if len(bad) else 0  # rows lo+keep … end-1 are exact
        values[lo + keep : end] = block[keep:]
        firsts[lo + keep : end] = int(np.argmax(worth)) if worth.any() else -1
        after = float(block[keep])
        end = lo + keep
    return values, firsts


@cache
def _ace_wait(joker: bool, players: int, t: int) -> float:
    """The value, from throw ``t`` on, of stopping only on a Poker d'As (probability ``e`` per
    throw; followers can only tie it): Σ_k e (1 − e)^k S(t + k), summed until negligible."""
    import numpy as np

    odds, _ = _rank_odds(joker)
    e = float(odds[-1])
    k = np.arange(int(40 / e), dtype=float)
    tie = 1.0 - (1.0 - e) ** (t + k)
    f = players - 1
    share = (1.0 - (1.0 - tie) ** (f + 1)) / ((f + 1) * tie)  # E[1 / (1 + Bin(f, tie))]
    return float(np.sum(e * (1.0 - e) ** k * share))


def whole_first(joker: bool, players: int, max_throws: int | None) -> tuple[tuple[int, ...], float]:
    """Whole throws: per throw count t, the lowest hand rank to stop on; and the win probability.

    ``thresholds[t-1]`` is that rank after ``t`` throws (above the top rank: never stop); with no
    throw limit the list ends at HORIZON, after which only the Poker d'As is worth stopping on.
    """
    plan = _whole_plan(joker, players, max_throws)
    return tuple(plan["thresholds"].tolist()), float(plan["going"][0])


def _whole_continue(joker: bool, players: int, limit: int | None, throws: int) -> float:
    """The first player's value of throwing again after ``throws`` whole throws."""
    plan = _whole_plan(joker, players, limit)
    if throws < plan["last"] or limit is not None:
        return float(plan["going"][throws])
    return _ace_wait(joker, players, throws + 1)


@cache
def kept_first(
    joker: bool, players: int, max_throws: int | None
) -> tuple[tuple[tuple[float, float], ...], ...]:
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
    return tuple(reversed(tables))


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
        left = limit - throws if limit is not None else KEPT_HORIZON
        if whole:
            throw_v = whole_follower(tr, joker, left)[0]
            return {
                "stop": stop_v >= throw_v,
                "reroll": None,
                "stop_value": stop_v,
                "throw_value": throw_v,
            }
        after = kept_follower(tr, joker, left - 1)
        throw_v, reroll = -1.0, None
        for kept in subs[i]:
            v = sum(q * after[o][0] for o, q in keeps[kept])
            if v > throw_v + 1e-12:
                throw_v, reroll = v, _minus(m, kept)
        return {
            "stop": stop_v >= throw_v,
            "reroll": reroll,
            "stop_value": stop_v,
            "throw_value": throw_v,
        }
    stop_v = stop_value(rank[i], joker, throws, players, whole)
    if not can_throw or (not whole and throws >= _horizon(limit, whole)):
        return {"stop": True, "reroll": None, "stop_value": stop_v, "throw_value": None}
    if whole:
        throw_v = _whole_continue(joker, players, limit, throws)
        return {
            "stop": stop_v >= throw_v,
            "reroll": None,
            "stop_value": stop_v,
            "throw_value": throw_v,
        }
    nxt = kept_first(joker, players, limit)[throws]
    throw_v, reroll = -1.0, None
    for kept in subs[i]:
        v = sum(q * nxt[o][0] for o, q in keeps[kept])
        if v > throw_v + 1e-12:
            throw_v, reroll = v, _minus(m, kept)
    return {
        "stop": stop_v >= throw_v,
        "reroll": reroll,
        "stop_value": stop_v,
        "throw_value": throw_v,
    }


# ---------------------------------------------------------------------------- checking
def simulate_first_player(
    joker: bool, players: int, max_throws: int | None, rounds: int, seed: int = 0
) -> float:
    """The optimal first player's win rate over ``rounds`` simulated rounds of whole throws,
    drawn at the level of hands to check the tables: the engine plays the same policy
    (bots.Parfait), but an optimal round with no throw limit lasts thousands of throws. The
    throws until the next stop (or the next beat or tie of a follower) are drawn at once, as a
    geometric jump over a stretch of throws where the chance per throw is constant."""
    import random

    rng = random.Random(seed)
    odds, better = _rank_odds(joker)
    top = len(odds) - 1
    thresholds = whole_first(joker, players, max_throws)[0]
    runs: list[tuple[int, int, int]] = []  # (first throw, last throw, threshold)
    for t, r in enumerate(thresholds, start=1):
        if runs and runs[-1][2] == r:
            runs[-1] = (runs[-1][0], t, r)
        else:
            runs.append((t, t, r))
    if max_throws is None:
        runs.append((len(thresholds) + 1, 1 << 62, top))  # then the Poker d'As only
    above = [float(better[r] + odds[r]) for r in range(top + 1)]  # P(rank ≥ r)
    weights = [float(q) for q in odds]

    def jump(chance: float) -> int:
        """Throws until the first success, each with probability ``chance``."""
        if chance >= 1.0:
            return 1
        return 1 + int(math.log(1.0 - rng.random()) / math.log1p(-chance))

    wins = 0.0
    for _ in range(rounds):
        for start, end, need in runs:
            if need > top:
                continue
            t = start - 1 + jump(above[need])
            if t <= end:
                hand = rng.choices(range(need, top + 1), weights[need:])[0]
                break
        p, e = float(better[hand]), float(odds[hand])
        tied = 0
        for _follower in range(players - 1):
            used, outcome = 0, "lose"
            while True:  # the follower's next throw that beats or ties
                used += jump(p + e)
                if used > t:
                    break
                if rng.random() * (p + e) < p:
                    outcome = "beat"
                    break
                if t - used == 0 or whole_follower(hand, joker, t - used)[0] <= 0.5:
                    outcome = "tie"
                    break
            if outcome == "beat":
                break
            tied += outcome == "tie"
        else:
            wins += 1.0 / (tied + 1)  # the coup sec is a fair draw among the tied
    return wins / rounds


def _minus(m: Throw, kept: Throw) -> Throw:
    return tuple(sorted((Counter(m) - Counter(kept)).elements(), reverse=True))


__all__ = [
    "FACES",
    "advise",
    "follower_outcome",
    "kept_first_value",
    "simulate_first_player",
    "stop_value",
    "whole_first",
]
