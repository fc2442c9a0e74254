"""Poker d'As bots. They see their seat's ``view`` and ``legal`` actions only.

- ``parfait``: the optimal base-game policy (strategy.py, exact dynamic programming);
- ``prudent``: throws until a Brelan or better, then stops (kept dice: keeps its largest group);
- ``menteur``: Poker d'As menteur by probabilities (liar.py; also used by the two others in
  menteur);
- ``naif``: menteur baseline that never bluffs and always accepts.
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import product
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.pokerdas import liar as L
from ludotheque.games.pokerdas.hands import (
    ACE,
    BRELAN,
    DICE,
    FACES,
    READ,
    Announcement,
    Hand,
    Throw,
    all_announcements,
    evaluate,
    format_faces,
    parse_faces,
)
from ludotheque.games.pokerdas.strategy import _tables, advise

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


def _announce(index: int) -> Action:
    return {"type": "announce", "announcement": L.ANNOUNCEMENTS[index].text()}


def _rethrow(dice: Throw, kept: Throw) -> Action:
    rolled = tuple((Counter(dice) - Counter(kept)).elements())
    return {"type": "rethrow", "dice": format_faces(rolled)}


class Menteur:
    """Poker d'As menteur by probabilities (the model is in liar.py).

    Responding, it weighs the claim with what it knows of the dice (the dice it passed on this
    round, the public re-throw counts) and with how this announcer has been seen to announce,
    and says « Bluff ! » when the claim's truth probability is below the threshold where
    challenging and accepting are worth the same. Holding the cup, it re-throws when that
    raises the value of its best truthful claim (or gives it one), values every legal claim
    against a modelled responder, and when a lie is worth more than its best truth it bluffs
    with the calibrated frequency that leaves that responder indifferent; with no true claim
    left it lies at the level worth most.
    """

    name = "menteur"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.weights: dict[int, dict[str, float]] = {}
        # A claim this seat answered, to learn from once its dice are seen:
        # (round, announcer, likelihoods of the ways of announcing).
        self.pending: tuple[int, int, int, dict[str, tuple[float, float]]] | None = None
        self.received: tuple[int, Throw] | None = None  # (round, the dice it received)
        # Gains per round ("mine minus the others' average") with itself / another starting.
        self.gains = {True: [0.0, 0], False: [0.0, 0]}
        self.seen: tuple[int, list[int], int, list[bool]] | None = None
        self.last: dict[str, Any] = {}  # why the last decision was taken (benchmarks, advice)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not view.get("menteur"):
            return self.rng.choice(legal)
        action, self.last = self.advise(view, legal)
        return action

    def advise(self, view: dict[str, Any], legal: list[Action]) -> tuple[Action, dict[str, Any]]:
        """Take in what the view shows, then the decision for it and why (« conseil »)."""
        self._learn(view)
        self._track(view)
        decide = self.respond if view["phase"] == "respond" else self.announce
        return decide(view, legal)

    # ------------------------------------------------------------------ learning
    def _learn(self, view: dict[str, Any]) -> None:
        if self.pending is None:
            return
        number, announcer, claim, lik = self.pending
        seen: bool | None = None
        if view["round"] == number and view["phase"] == "announce" and view["cup"]:
            seen = L.top_of(parse_faces(view["cup"])) >= claim  # the dice it received
        last = view.get("last_round") or {}
        if (
            last.get("number") == number
            and "true" in last
            and last.get("challenger") == view["seat"]
        ):
            seen = bool(last["true"])
        if seen is not None or view["round"] != number:
            self.pending = None
        if seen is not None:
            w = self.weights.setdefault(announcer, dict(L.PRIOR))
            self.weights[announcer] = L.learn(w, lik, seen)

    def _track(self, view: dict[str, Any]) -> None:
        """Book the tokens won or lost since the last round seen to that round's starter."""
        number = view["round"]
        if self.seen is not None and self.seen[0] != number:
            then, tokens, starter, out = self.seen
            me, now = view["seat"], view["tokens"]
            others = [s for s in range(view["players"]) if s != me and not out[s]]
            mean = sum(now[s] - tokens[s] for s in others) / len(others) if others else 0.0
            book = self.gains[starter == me]
            book[0] += now[me] - tokens[me] - mean
            book[1] += number - then
        if self.seen is None or self.seen[0] != number:
            self.seen = (number, list(view["tokens"]), view["first"], list(view["eliminated"]))

    def start_value(self) -> float:
        """What starting the next round is worth: TENURE rounds of the difference between the
        gain per round with itself and with another as the starter (learnt in this game)."""
        (mine, n_mine), (other, n_other) = self.gains[True], self.gains[False]
        prior_mine, prior_other = L.PRIOR_RATE
        rate_mine = (mine + 2 * prior_mine) / (n_mine + 2)
        rate_other = (other + 2 * prior_other) / (n_other + 2)
        return L.TENURE * (rate_mine - rate_other)

    # ------------------------------------------------------------------ « Bluff ! » or accept
    def respond(self, view: dict[str, Any], legal: list[Action]) -> tuple[Action, dict[str, Any]]:
        """The answer to the current claim, and why: its truth probability and the threshold."""
        history = L.parse_history(view)
        announcer, claim = history["announced"][-1]
        previous = history["announced"][-2][1] if len(history["announced"]) > 1 else -1
        dist = L.my_belief(view, history)
        lik = L.claim_likelihoods(L.top_distribution(dist), claim, previous)
        q = L.truth_probability(self.weights.get(announcer, L.PRIOR), lik)
        me, starter = view["seat"], view["first"]
        players = len(L.alive(view))
        model = L._model()
        if claim < L.TOP_INDEX:
            # The dice it would receive, given what the claim says of them.
            meets = model["meets"][:, claim]
            met = float(dist @ meets)
            true_part = dist * meets / met if met > 0 else dist * 0
            false_part = dist * (1 - meets) / (1 - met) if met < 1 else dist * 0
            post = q * true_part + (1 - q) * false_part
            chance = float(post @ L.reach(view["liar_rethrows"])[:, claim + 1])
        else:
            chance = 0.0
        lap_next = L.next_alive(view, me) == starter
        start = self.start_value()
        r = L.threshold(players, view["pot"], me == starter, chance, lap_next, start)
        p = float(L.top_distribution(dist)[claim:].sum())
        why = {"truth": q, "belief": p, "threshold": r, "top_chance": chance, "start_value": start}
        if not any(a["type"] == "accept" for a in legal) or q < r:
            action: Action = {"type": "bluff"}
        else:
            action = {"type": "accept"}
        self.pending = (view["round"], announcer, claim, lik)
        return action, why

    # ------------------------------------------------------------------ holding the cup
    def announce(self, view: dict[str, Any], legal: list[Action]) -> tuple[Action, dict[str, Any]]:
        """A re-throw or a claim, and why (the value of each claim considered)."""
        np = L._model()["np"]
        model = L._model()
        me, starter = view["seat"], view["first"]
        dice = parse_faces(view["cup"])
        if me != starter and view["rethrows_left"] == view["liar_rethrows"]:
            self.received = (view["round"], tuple(sorted(dice, reverse=True)))
        history = L.parse_history(view)
        previous = history["announced"][-1][1] if history["announced"] else -1
        players = len(L.alive(view))
        responder = L.next_alive(view, me)
        lap_end = responder == starter and me != starter
        k = view["liar_rethrows"]
        reach = L.reach(k)
        top = model["top"]
        # What a claim of its own top is worth in pressure: the next holder's chance to fail
        # to top it (the last claim of a lap needs none).
        above = np.minimum(top + 1, L.TOP_INDEX)
        pressure = np.where(top >= L.TOP_INDEX, 1.0, 1.0 - reach[np.arange(len(top)), above])
        can = model["meets"][:, previous + 1] if previous < L.TOP_INDEX else 0 * top
        value = can * (1.0 if lap_end else 1.0 + pressure)
        state = L.state_of(dice)
        if view["rethrows_left"] and any(a["type"] == "rethrow" for a in legal):
            expect = model["matrix"] @ value
            keeps = model["subs"][state]
            best = int(keeps[int(np.argmax(expect[keeps]))])
            if expect[best] > value[state] + 0.02:
                kept = _kept_list()[best]
                why = {
                    "rethrow": True,
                    "kept": kept,
                    "value_now": float(value[state]),
                    "value_after": float(expect[best]),
                }
                return _rethrow(dice, kept), why
        mine = L.top_of(dice)
        # The next responder's belief: the dice he passed me (two players left) or public.
        my_counts = tuple(
            e["rethrow"] for e in view["history"] if e.get("seat") == me and "rethrow" in e
        )
        if players == 2 and self.received is not None and self.received[0] == view["round"]:
            his = L.belief(self.received[1], my_counts)
        else:
            his = L.belief(None, history["counts"])
        tops = L.top_distribution(his)
        tail = np.cumsum(tops[::-1])[::-1]  # P(his belief meets claim x)
        w = L.worth(players)
        pot = view["pot"]
        start = max(-L.START_CAP, min(L.START_CAP, self.start_value()))
        after_next = L.next_alive(view, responder)
        values: dict[int, float] = {}
        beliefs: dict[int, float] = {}
        thresholds: dict[int, float] = {}
        for x in range(previous + 1, L.TOP_INDEX + 1):
            p = float(tail[x])
            if responder == starter:
                r = L.threshold(players, pot, True, 0.0, False)
            else:
                s_his = float(his @ reach[:, x + 1]) if x < L.TOP_INDEX else 0.0
                r = L.threshold(players, pot, False, s_his, after_next == starter)
            ch = 1.0 if x == L.TOP_INDEX else L.challenge_chance(r, p)
            true = mine >= x
            if lap_end:
                cont = float(pot)
            else:
                s_next = float(reach[state, x + 1]) if x < L.TOP_INDEX else 0.0
                cont = (1 - s_next) * 0.8 * w if after_next == me else 0.0
                if after_next == me and me == starter:
                    cont -= s_next * pot * 0.7
            values[x] = ch * (1 / (players - 1) if true else start - w) + (1 - ch) * cont
            beliefs[x], thresholds[x] = p, r
        truths = [x for x in values if mine >= x]
        lies = [x for x in values if mine < x]
        best_true = max(truths, key=values.__getitem__) if truths else None
        best_lie = max(lies, key=values.__getitem__) if lies else None
        why = {
            "rethrow": False,
            "best_true": best_true,
            "best_lie": best_lie,
            "values": values,
            "believed": beliefs,
        }
        if best_true is None:
            assert best_lie is not None
            return _announce(best_lie), {**why, "bluff": True, "forced": True}
        if best_lie is not None and values[best_lie] > values[best_true]:
            freq = L.bluff_frequency(beliefs[best_lie], thresholds[best_lie])
            why["frequency"] = freq
            if self.rng.random() < freq:
                return _announce(best_lie), {**why, "bluff": True, "forced": False}
        return _announce(best_true), {**why, "bluff": False, "forced": False}


@cache
def _kept_list() -> list[Throw]:
    """The kept sub-multisets in the numbering of the keep matrix."""
    return list(_tables(True)[5])


class Naif:
    """Never bluffs, always accepts: the baseline the menteur bot must beat (issue 3).

    Holding the cup it announces its dice's best announcement when that beats the current one;
    otherwise it first re-throws the dice outside its aces and largest group, and if still
    beaten it must lie (R25) and announces the lowest legal claim. It accepts every claim but
    the Poker d'As, which cannot be accepted (R26).
    """

    name = "naif"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        if not view.get("menteur"):
            return self.rng.choice(legal)
        kinds = {a["type"] for a in legal}
        if view["phase"] == "respond":
            return {"type": "accept"} if "accept" in kinds else {"type": "bluff"}
        dice = parse_faces(view["cup"])
        history = L.parse_history(view)
        previous = history["announced"][-1][1] if history["announced"] else -1
        mine = L.top_of(dice)
        if mine > previous:
            return _announce(mine)
        if "rethrow" in kinds:
            counts = Counter(f for f in dice if f != ACE)
            group = max(counts.values()) if counts else 0
            keep = dice.count(ACE) + (group if group > 1 else 0)
            kept = L.sensible_keep(dice, keep)
            if len(kept) < DICE:
                return _rethrow(dice, kept)
        return _announce(previous + 1)
