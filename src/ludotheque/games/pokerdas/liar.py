"""Poker d'As menteur by probabilities: what the dice under the cup may be, how likely an
announcement is true, when to say « Bluff ! » and how often to bluff (bots.Menteur, bots.Naif).

Everything is exact enumeration over the 252 multisets of five dice (aces wild, D8), with numpy
arrays built on first use:

* **Belief.** A seat's distribution of the dice under the cup: the dice it passed on with its
  own announcement this round (it saw them), or a fresh throw, then each later hidden re-throw of
  ``c`` dice (the count is public). A holder re-throwing ``c`` dice is assumed to keep the
  ``5 − c`` most useful ones (aces, then his largest group, high faces first) with probability
  ``SENSIBLE``, else any ``5 − c`` of them.
* **Truth of an announcement.** Each multiset has a *top*: the highest of the 75 announcements
  it meets (R24: meeting an announcement is monotone, so it meets exactly those up to its top).
  ``p`` = the belief's probability that the top is at least the announcement.
* **Who announces.** A claim is weighed by three ways of announcing, whose weights each bot
  learns per opponent from every claim it sees checked (dice shown after a « Bluff ! », or dice
  it receives after accepting): *honest* (announces its top when it beats the current
  announcement, else the lowest legal one), *bluffer* (the same, but with probability ``BLUFF``
  a false claim up to six steps higher) and *random* (any legal claim). The probability that the
  claim is true is the posterior of these three (Bayes on the claim and its truth).
* **Challenge.** In units of "my tokens minus the others' average" (W = n / (n − 1) for a
  caught liar, −1 for a wrong challenge), « Bluff ! » is worth ``q (V − 1) + (1 − q) W`` and
  accepting ``U`` (the starter: the announcer takes the pot and the starter starts again;
  another player: he must top the claim with the dice he will receive, probability ``s``).
  ``V`` is the value of starting the next round, which a wrong challenger does (R28): TENURE
  rounds of the difference between the bot's gain per round when it starts and when another
  does, learnt during the game from a small prior. Challenge when
  ``q < r = (W − U) / (1 + W − V)``. (Against a player who never challenges, laps with an empty
  pot change nothing; a positive ``V`` is what makes the bot pay a token to start the rounds
  itself, where its opponents' forced lies are caught.)
* **Claims.** Holding the cup, the bot re-throws (keeping the sub-multiset of best expected
  value) when that makes a true claim possible or harder to top. It values every legal claim:
  the next responder challenges with a probability that rises as his belief in the claim falls
  below his own threshold; a true claim challenged costs him, a false one costs the bot; an
  accepted claim either ends the lap (the pot) or obliges the next player to top it with the
  bot's dice (probability from ``reach``), and a forced lie of his is caught when the bot
  answers it.
* **Calibrated bluff.** When a lie is worth more than the best true claim, the bot does not
  always tell it: a bluff at level ``X`` is believed by a responder whose belief gives ``p``
  when the posterior ``p / (p + (1 − p) β)`` is at least his threshold ``r``, so the bot bluffs
  with frequency ``β = p (1 − r) / ((1 − p) r)`` (capped at 1), which leaves him exactly
  indifferent between believing and challenging, and otherwise tells its best truth. With no
  true claim left it must lie (R25) and picks the lie worth most.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import combinations
from typing import Any

from ludotheque.games.pokerdas.hands import (
    ACE,
    DICE,
    Throw,
    all_announcements,
    announcement_index,
    evaluate,
    parse_announcement,
    parse_faces,
)
from ludotheque.games.pokerdas.strategy import _keep_matrices, _tables

SENSIBLE = 0.75  # weight of the sensible keep in a holder's hidden re-throw
BLUFF = 0.25  # the « bluffer » way of announcing: how often a claim is a voluntary lie
SPREAD = 6  # ... and how many steps above its truth such a lie may go
CATCH = 0.5  # chance that a forced lie is caught, used to value accepting
TEMPER = 0.08  # how sharply a modelled responder's challenge follows his threshold
PRIOR = {"honest": 0.4, "bluffer": 0.4, "random": 0.2}
FLOOR = 1e-3  # no way of announcing is ever ruled out for good
START_CAP = 1.5  # bound on the value of starting the next round (keeps thresholds sane)
TENURE = 2.0  # rounds a starter keeps the role, to turn gains per round into its value
PRIOR_RATE = (0.25, 0.0)  # prior gain per round with oneself / another as the starter

ANNOUNCEMENTS = all_announcements()
TOP_INDEX = len(ANNOUNCEMENTS) - 1


def useful_order(dice: Sequence[int]) -> list[int]:
    """The dice from the most to the least worth keeping: aces (wild), then the largest group,
    then high faces."""
    counts = Counter(dice)
    return sorted(dice, key=lambda f: (f == ACE, counts[f], f), reverse=True)


def sensible_keep(dice: Sequence[int], size: int) -> tuple[int, ...]:
    return tuple(sorted(useful_order(dice)[:size], reverse=True))


@cache
def _model() -> dict[str, Any]:
    """The arrays shared by every decision (aces wild)."""
    import numpy as np

    states, index, _, prob, _, keeps, _ = _tables(True)
    number = {kept: n for n, kept in enumerate(keeps)}
    matrix, subs = _keep_matrices(True)
    order = announcement_index()
    tops = []
    for m in states:
        hand = evaluate(m, True)
        tops.append(max(order[a] for a in ANNOUNCEMENTS if a.is_met_by(hand)))
    top = np.array(tops)
    meets = (top[:, None] >= np.arange(len(ANNOUNCEMENTS))[None, :]).astype(float)
    transitions = {}
    for c in range(1, DICE + 1):
        rows = []
        for m in states:
            sensible = matrix[number[sensible_keep(m, DICE - c)]]
            others = sorted(set(combinations(m, DICE - c)))
            anyone = sum(matrix[number[k]] for k in others) / len(others)
            rows.append(SENSIBLE * sensible + (1 - SENSIBLE) * anyone)
        transitions[c] = np.array(rows)
    return {
        "np": np,
        "states": states,
        "index": index,
        "fresh": np.array(prob),
        "top": top,
        "meets": meets,
        "matrix": matrix,
        "subs": subs,
        "transitions": transitions,
    }


@cache
def reach(rethrows: int) -> Any:
    """``reach(k)[m, a]``: the best probability, from dice ``m`` with ``k`` hidden re-throws, of
    ending with dice that meet announcement ``a``."""
    model = _model()
    np = model["np"]
    if rethrows == 0:
        return model["meets"]
    after = model["matrix"] @ reach(rethrows - 1)
    best = after[model["subs"]].max(axis=1)
    return np.maximum(model["meets"], best)


def state_of(dice: Sequence[int]) -> int:
    index: dict[Throw, int] = _model()["index"]
    return index[tuple(sorted(dice, reverse=True))]


def top_of(dice: Sequence[int]) -> int:
    """The index of the highest announcement these dice meet."""
    return int(_model()["top"][state_of(dice)])


@lru_cache(maxsize=4096)
def belief(start: tuple[int, ...] | None, counts: tuple[int, ...]) -> Any:
    """The distribution of the dice (per state) from known dice ``start`` (or a fresh throw)
    after hidden re-throws of ``counts`` dice."""
    model = _model()
    np = model["np"]
    if start is None:
        dist = model["fresh"]
    else:
        dist = np.zeros(len(model["states"]))
        dist[state_of(start)] = 1.0
    for c in counts:
        dist = dist @ model["transitions"][c]
    return dist


def top_distribution(dist: Any) -> Any:
    """The belief's probability of each announcement being the dice's top."""
    np = _model()["np"]
    return np.bincount(_model()["top"], weights=dist, minlength=len(ANNOUNCEMENTS))


# ---------------------------------------------------------------------------- reading the table
def parse_history(view: dict[str, Any]) -> dict[str, Any]:
    """The round so far from a seat's view: announcements (seat, index) in order, re-throw
    counts in order, those after this seat's own announcement, and the passed dice."""
    order = announcement_index()
    announced: list[tuple[int, int]] = []
    counts: list[int] = []
    since_mine: list[int] | None = None
    for entry in view["history"]:
        if "rethrow" in entry:
            counts.append(entry["rethrow"])
            if since_mine is not None:
                since_mine.append(entry["rethrow"])
        elif "announcement" in entry:
            announced.append((entry["seat"], order[parse_announcement(entry["announcement"])]))
            if entry["seat"] == view["seat"]:
                since_mine = []
    passed = view.get("passed")
    return {
        "announced": announced,
        "counts": tuple(counts),
        "since_mine": tuple(since_mine or ()),
        "passed": parse_faces(passed) if passed else None,
    }


def my_belief(view: dict[str, Any], history: dict[str, Any]) -> Any:
    """What this seat knows of the dice under the cup now (it does not hold it)."""
    if history["passed"] is not None:
        return belief(tuple(sorted(history["passed"], reverse=True)), history["since_mine"])
    return belief(None, history["counts"])


def alive(view: dict[str, Any]) -> list[int]:
    return [s for s in range(view["players"]) if not view["eliminated"][s]]


def next_alive(view: dict[str, Any], seat: int) -> int:
    players: int = view["players"]
    for k in range(1, players + 1):
        s = (seat + k) % players
        if not view["eliminated"][s]:
            return s
    return seat


# ---------------------------------------------------------------------------- ways of announcing
def claim_likelihoods(tops: Any, claim: int, previous: int) -> dict[str, tuple[float, float]]:
    """For each way of announcing, P(this claim and it is true), P(this claim and it is false),
    given the distribution ``tops`` of the announcer's dice top and the announcement he had to
    beat (``previous`` = -1 at the start of a round)."""
    p = float(tops[claim:].sum())
    forced = float(tops[: previous + 1].sum()) if previous >= 0 else 0.0
    lowest = claim == previous + 1
    legal = len(ANNOUNCEMENTS) - (previous + 1)
    lies = 0.0
    for a in range(claim):
        base = max(a, previous)
        if 0 < claim - base <= SPREAD:
            lies += float(tops[a]) / SPREAD
    top_here = float(tops[claim])
    return {
        "honest": (top_here, forced if lowest else 0.0),
        "bluffer": (
            (1 - BLUFF) * top_here,
            (1 - BLUFF) * (forced if lowest else 0.0) + BLUFF * lies,
        ),
        "random": (p / legal, (1 - p) / legal),
    }


def truth_probability(weights: dict[str, float], lik: dict[str, tuple[float, float]]) -> float:
    """P(the claim is true | it was made), under the mixture of ways of announcing."""
    true = sum(weights[k] * lik[k][0] for k in weights)
    total = true + sum(weights[k] * lik[k][1] for k in weights)
    return true / total if total > 0 else 0.0


def learn(
    weights: dict[str, float], lik: dict[str, tuple[float, float]], true: bool
) -> dict[str, float]:
    """Bayes: the weights after seeing a claim checked (true or false)."""
    new = {k: weights[k] * lik[k][0 if true else 1] for k in weights}
    total = sum(new.values())
    if total <= 0:
        return dict(weights)
    new = {k: max(v / total, FLOOR) for k, v in new.items()}
    total = sum(new.values())
    return {k: v / total for k, v in new.items()}


# ---------------------------------------------------------------------------- values
def worth(players: int) -> float:
    """A caught liar's token in "mine minus the others' average": 1 + 1 / (n − 1)."""
    return players / (players - 1)


def threshold(
    players: int,
    pot: int,
    starter: bool,
    top_chance: float,
    lap_next: bool,
    start_value: float = 0.0,
) -> float:
    """The truth probability under which « Bluff ! » is worth more than accepting.

    A wrong « Bluff ! » costs a token and makes the challenger the next starter (R28), worth
    ``start_value``; a right one wins ``worth``. Accepting, the starter ends the lap: the
    announcer takes the pot and the starter starts again. Another player must top the claim:
    ``top_chance`` of doing it truthfully, else a forced lie caught with probability CATCH;
    when his own claim would end the lap (``lap_next``), a true one may win the pot.
    """
    w = worth(players)
    v = max(-START_CAP, min(START_CAP, start_value))
    if starter:
        accept = -pot / (players - 1) + v
    else:
        accept = -(1 - top_chance) * w * CATCH + (top_chance * pot * 0.5 if lap_next else 0.0)
    return (w - accept) / (1 + w - v)


def bluff_frequency(p: float, r: float) -> float:
    """β such that a responder believing ``p`` is indifferent: p / (p + (1 − p) β) = r."""
    if p >= r or p >= 1:
        return 1.0
    if p <= 0 or r <= 0:
        return 0.0
    return min(1.0, p * (1 - r) / ((1 - p) * r))


def challenge_chance(r: float, p: float) -> float:
    """A modelled responder's chance of « Bluff ! » (a softened "p below his threshold")."""
    x = (r - p) / TEMPER
    return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, x))))


__all__ = [
    "ANNOUNCEMENTS",
    "PRIOR",
    "belief",
    "bluff_frequency",
    "challenge_chance",
    "claim_likelihoods",
    "learn",
    "my_belief",
    "parse_history",
    "reach",
    "sensible_keep",
    "threshold",
    "top_distribution",
    "top_of",
    "truth_probability",
    "useful_order",
]
