"""Poker d'As bots. They see their seat's ``view`` and ``legal`` actions only.

- ``parfait``: the optimal base-game policy (strategy.py, exact dynamic programming);
- ``prudent``: throws until a Brelan or better, then stops (kept dice: keeps its largest group);
- ``menteur``: Poker d'As menteur by probabilities (also used by the two others in menteur).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.pokerdas.hands import (
    ACE,
    BRELAN,
    DICE,
    FACES,
    READ,
    Announcement,
    Hand,
    all_announcements,
    evaluate,
    format_faces,
    parse_announcement,
    parse_faces,
)
from ludotheque.games.pokerdas.strategy import advise

THROW: Action = {"type": "throw"}
STOP: Action = {"type": "stop"}


def hand_of(data: dict[str, Any]) -> Hand:
    """A hand back from its ``to_dict`` form in a view."""
    return Hand(int(data["rank"]), tuple(READ[k] for k in data["key"]))


def base_advice(view: dict[str, Any]) -> dict[str, Any]:
    """The optimal choice for the seat to move in the base game (see strategy.advise)."""
    seat = view["seat"]
    best = view["best"]
    return advise(
        parse_faces(view["dice"][seat]),
        view["throws"][seat],
        view["limits"][seat],
        None if seat == view["first"] else hand_of(best) if best else None,
        view["joker"],
        view["relance_totale"],
        len(view["order"]),
    )


class _Base:
    name = "base"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.liar = Menteur(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if view["menteur"]:
            return self.liar.act(view, legal)
        if view["phase"] == "coup_sec" or view["dice"][view["seat"]] is None:
            return THROW
        return self.decide(view, legal)

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        raise NotImplementedError


class Parfait(_Base):
    """Exact optimal stopping (and optimal kept dice): strategy.py."""

    name = "parfait"

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        advice = base_advice(view)
        if advice["stop"]:
            return STOP
        if view["relance_totale"]:
            return THROW
        return {"type": "throw", "reroll": format_faces(advice["reroll"])}


class Prudent(_Base):
    """Stops at the first Brelan or better (issue 3: « stops at the first Brelan »)."""

    name = "prudent"

    def decide(self, view: dict[str, Any], legal: list[Action]) -> Action:
        seat = view["seat"]
        dice = parse_faces(view["dice"][seat])
        if evaluate(dice, view["joker"]).combo >= BRELAN:
            return STOP
        if view["relance_totale"]:
            return THROW
        counts = Counter(dice)
        keep = max(counts, key=lambda f: (counts[f], f))
        reroll = [f for f in dice if f != keep or (view["joker"] and f == ACE and keep != ACE)]
        return {"type": "throw", "reroll": format_faces(tuple(reroll or dice))}


# ---------------------------------------------------------------------------- menteur
@cache
def _truth_table() -> dict[Announcement, float]:
    """For each announcement, the probability that five fresh dice (aces wild) meet it."""
    hands = Counter(evaluate(d, True) for d in product(FACES, repeat=DICE))
    total = 6**DICE
    return {
        a: sum(n for h, n in hands.items() if a.is_met_by(h)) / total for a in all_announcements()
    }


def chance_true(ann: Announcement) -> float:
    """Probability that five fresh dice, aces wild, meet ``ann``."""
    return _truth_table()[ann]


class Menteur:
    """Poker d'As menteur by probabilities.

    Challenges when the announcement is unlikely on fresh dice (below ``doubt``), with more
    suspicion as the announcements climb; holding the cup, re-throws the dice outside its best
    group, then announces the lowest true announcement above the current one, or (probability
    ``bluff``, and always when nothing true is left) the lowest false one: a real bluff.
    """

    name = "menteur"

    def __init__(self, seed: int = 0, doubt: float = 0.35, bluff: float = 0.15) -> None:
        self.rng = random.Random(seed)
        self.doubt = doubt
        self.bluff = bluff

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        if "bluff" in kinds:
            ann = parse_announcement(view["announcement"])
            if "accept" not in kinds:
                return {"type": "bluff"}
            # Accepting obliges us to announce higher: what is left above must be reachable.
            higher = [a for a in all_announcements() if a > ann]
            reach = max(chance_true(a) for a in higher[:6]) if higher else 0.0
            if (chance_true(ann) < self.doubt and self.rng.random() < 0.9) or reach < 0.05:
                return {"type": "bluff"}
            return {"type": "accept"}
        if not view.get("menteur"):
            return self.rng.choice(legal)
        cup = parse_faces(view["cup"])
        hand = evaluate(cup, True)
        current = parse_announcement(view["announcement"]) if view["announcement"] else None
        true = [
            a for a in all_announcements() if a.is_met_by(hand) and (current is None or a > current)
        ]
        if not true and "rethrow" in kinds:
            counts = Counter(f for f in cup if f != ACE)
            keep = max(counts, key=lambda f: (counts[f], f)) if counts else ACE
            reroll = [f for f in cup if f not in (keep, ACE)] or [f for f in cup if f != ACE]
            if reroll:
                return {"type": "rethrow", "dice": format_faces(tuple(reroll))}
        announces = [
            parse_announcement(a["announcement"]) for a in legal if a["type"] == "announce"
        ]
        if true and self.rng.random() >= self.bluff:
            choice = min(true)
        else:  # a real bluff: just above what the dice are worth (or the lowest legal one)
            lies = [x for x in announces if not x.is_met_by(hand)]
            choice = min(lies) if lies else min(announces)
        return {"type": "announce", "announcement": choice.text()}
