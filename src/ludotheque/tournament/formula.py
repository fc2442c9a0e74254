"""The tournament formula stepped from stored results (R44–R54): which round comes next, its
pairs, the standings and the final ranking, computed only from the finished duels.

``Formula.walk(done)`` yields the rounds in order; it reads ``done`` (duel key ``label/i`` →
``Duel``) each time it is resumed, so a caller plays a round (filling ``done``) and asks for the
next one. The offline runner plays every round in one go (``Tournament.run``); the server asks
for the current round whenever a duel ends (``Formula.current``) and stores each duel as it
ends. Both go through this one implementation: the pairs drawn by lot come from the tournament
seed and the round's label, the rankings only from duels of the rounds before the one being
paired, and every tie from the tournament's one draw by lot (``Formula.lot``, D23), the same
in the standings shown, the pairings, the qualification and the final ranking.
"""

from __future__ import annotations

import random
from collections.abc import Generator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

from ludotheque.engine.options import GameOptions
from ludotheque.tournament import pairing
from ludotheque.tournament.duel import Duel


@dataclass(frozen=True)
class TournamentOptions(GameOptions):
    """The tournament options of rules/alphapoker.md §2."""

    tournament_format: Literal["standard", "championship"] = "standard"
    prelim_pairing: Literal["halves", "fold"] = "halves"
    bracket_seeding: Literal["lot", "ranking"] = "lot"


@dataclass(frozen=True)
class Planned:
    """A round as the formula pairs it: ``label`` (``prelim2``, ``ko1``, ``rr3``), a title, and
    its duels' pairs of entrant numbers, top to bottom; duel ``i`` is stored as ``label/i``."""

    label: str
    title: str
    pairs: list[pairing.Pair]

    def duel_keys(self) -> list[str]:
        return [f"{self.label}/{i}" for i in range(len(self.pairs))]

    def finished(self, done: Mapping[str, Duel]) -> bool:
        return all(k in done and done[k].winner is not None for k in self.duel_keys())


Walk = Generator[Planned, None, list[int]]
STILL_IN = 99  # the standings' stage of an entrant still in the knockout: above any round number


class Formula:
    """AlphaPoker's formula for ``entrants`` entrants (numbered from 0), lots from ``seed``."""

    def __init__(self, entrants: int, seed: int, options: TournamentOptions | None = None) -> None:
        self.options = options or TournamentOptions()
        pairing.check_entrants(
            entrants, championship=self.options.tournament_format == "championship"
        )
        self.n = entrants
        self.seed = seed

    # ------------------------------------------------------------------ lots and ranking
    def rng(self, label: str) -> random.Random:
        return random.Random(f"{self.seed}:{label}")

    def standings(self, done: Mapping[str, Duel]) -> list[dict[str, Any]]:
        """Per entrant: match points (R50), tie-break points (R51), duels won and lost."""
        rows = {i: {"entrant": i, "mp": 0, "tb": 0, "won": 0, "lost": 0} for i in range(self.n)}
        for duel in done.values():
            w, lose = duel.winner, duel.loser
            if w is None or lose is None:
                continue
            for e, mp in duel.match_points().items():
                rows[e]["mp"] += mp
            for e, tb in duel.tiebreak().items():
                rows[e]["tb"] += tb
            rows[w]["won"] += 1
            rows[lose]["lost"] += 1
        return list(rows.values())

    def lot(self) -> dict[int, int]:
        """D23: the tournament's one draw by lot, every entrant's place in it (0 first). Every
        tie — in the standings shown, the pairing of a round (R52), the qualification (R53),
        the final ranking (R54, R47) — goes to the one drawn first: one draw, so the order
        shown is the order used, before a round, after it and at the end."""
        order = list(range(self.n))
        self.rng("lot").shuffle(order)
        return {e: place for place, e in enumerate(order)}

    def ranking(self, done: Mapping[str, Duel], among: list[int] | None = None) -> list[int]:
        """R52: by match points, then tie-break points, then by lot (D23, ``lot``)."""
        lot = self.lot()
        rows = [r for r in self.standings(done) if among is None or r["entrant"] in among]
        rows.sort(key=lambda r: (-r["mp"], -r["tb"], lot[r["entrant"]]))
        return [r["entrant"] for r in rows]

    def standing_order(self, done: Mapping[str, Duel], label: str | None = None) -> list[int]:
        """The standings as they stand, over the finished duels of ``done``: by match points
        (R52) until the knockout starts, then who went further first — still in the knockout,
        then out of it in a later round, then not qualified — and by points within each, so
        that they are the order the next round pairs or qualifies by, and after the last
        round the final ranking. Empty before the first result: nobody ranks on the lot alone.
        ``label`` is not used (one lot breaks every tie); it is there for the callers that
        still name the draw they used to ask for."""
        del label
        return [e for e, _ in self._standing_keys(done)]

    def standing_table(self, done: Mapping[str, Duel]) -> list[dict[str, Any]]:
        """The standings as a page or a terminal shows them, in ``standing_order``: per line
        the ``rank`` (1…), the ``entrant``, his match and tie-break points, duels won and lost,
        and ``by_lot``: whether the lot put him there, level with the line above or below
        (same stage of the knockout, same match and tie-break points)."""
        keyed = self._standing_keys(done)
        finished = {k: d for k, d in done.items() if d.winner is not None}
        rows = {r["entrant"]: r for r in self.standings(finished)}
        table = []
        for i, (e, key) in enumerate(keyed):
            level = any(0 <= j < len(keyed) and keyed[j][1] == key for j in (i - 1, i + 1))
            table.append({"rank": i + 1, **rows[e], "by_lot": level})
        return table

    def _standing_keys(self, done: Mapping[str, Duel]) -> list[tuple[int, tuple[int, ...]]]:
        """``standing_order`` with each entrant's key but the lot: (stage, points, tie-break),
        the stage 0 until a knockout duel ends and for the entrants the knockout did not take,
        then the round a knockout's loser went out in, then (the highest) still in."""
        finished = {k: d for k, d in done.items() if d.winner is not None}
        if not finished:
            return []
        rows = {r["entrant"]: r for r in self.standings(finished)}
        stage = dict.fromkeys(range(self.n), 0)
        ko1 = next((p for p in self.rounds(finished) if p.label == "ko1"), None)
        # Until a knockout duel ends, the order is the ranking that qualified (R53): a qualified
        # entrant and one left out, level on points, are then said to be level, the lot chose.
        if ko1 is not None and any(k.startswith("ko") for k in finished):
            for e in (e for pair in ko1.pairs for e in pair):
                stage[e] = STILL_IN
            for key, duel in finished.items():
                if key.startswith("ko") and duel.loser is not None:
                    stage[duel.loser] = int(key.split("/")[0][2:])
        order = sorted(self.ranking(finished), key=lambda e: -stage[e])  # stable: points, lot
        return [(e, (stage[e], rows[e]["mp"], rows[e]["tb"])) for e in order]

    # ------------------------------------------------------------------ the rounds
    def walk(self, done: Mapping[str, Duel]) -> Walk:
        """Yield each round in order, reading ``done`` again when resumed: the caller finishes
        the round's duels before asking for the next one. Returns the final ranking."""
        everyone = list(range(self.n))
        if self.options.tournament_format == "championship":
            for r, pairs in enumerate(pairing.round_robin(everyone), start=1):
                yield Planned(f"rr{r}", f"Championnat, tour {r}", pairs)
            return self.ranking(done)
        if pairing.is_bracket(self.n) or self.n == 2:
            return (yield from self.knockout(done, everyone, ranking=everyone))
        # R49–R52: three preliminary rounds.
        yield Planned(
            "prelim1", "Préliminaires, tour 1", pairing.drawn_pairs(everyone, self.rng("prelim1"))
        )
        for r in (2, 3):
            before = _rounds(done, [f"prelim{p}" for p in range(1, r)])
            order = self.ranking(before)
            met = {frozenset((d.a, d.b)) for d in before.values()}
            pairs = (
                pairing.halves_pairs(order)
                if self.options.prelim_pairing == "halves"
                else pairing.fold_pairs(order, met)
            )
            yield Planned(f"prelim{r}", f"Préliminaires, tour {r}", pairs)
        order = self.ranking(_rounds(done, ["prelim1", "prelim2", "prelim3"]))
        top = order[: pairing.qualified(self.n)]
        return (yield from self.knockout(done, top, ranking=top)) + order[len(top) :]

    def knockout(self, done: Mapping[str, Duel], players: list[int], ranking: list[int]) -> Walk:
        """R46–R47: the first round drawn by lot (or seeded), then top meets bottom."""
        if self.options.bracket_seeding == "ranking":
            pairs = pairing.seeded_pairs(ranking)
        else:
            pairs = pairing.drawn_pairs(players, self.rng("ko1"))
        eliminated_by_round: list[list[int]] = []
        r = 1
        while True:
            planned = Planned(f"ko{r}", knockout_title(len(pairs)), pairs)
            yield planned
            duels = [done[k] for k in planned.duel_keys()]
            winners = [_known(d.winner) for d in duels]
            eliminated_by_round.append([_known(d.loser) for d in duels])
            if len(winners) == 1:
                break
            pairs = pairing.next_round(winners)
            r += 1
        order = [winners[0]]
        finished = {k: d for k, d in done.items() if d.winner is not None}
        for losers in reversed(eliminated_by_round):
            order += self.ranking(finished, among=losers)
        return order

    def current(self, done: Mapping[str, Duel]) -> Planned | None:
        """The first round with a duel not finished, or None when the tournament is over."""
        for planned in self.walk(done):
            if not planned.finished(done):
                return planned
        return None

    def rounds(self, done: Mapping[str, Duel]) -> list[Planned]:
        """Every round paired so far: the finished ones and the one in play."""
        out = []
        for planned in self.walk(done):
            out.append(planned)
            if not planned.finished(done):
                break
        return out

    def final_ranking(self, done: Mapping[str, Duel]) -> list[int] | None:
        """The final ranking (entrant numbers), or None while a round is unfinished."""
        walk = self.walk(done)
        try:
            while True:
                if not next(walk).finished(done):
                    return None
        except StopIteration as stop:
            return list(stop.value)


def _rounds(done: Mapping[str, Duel], labels: list[str]) -> dict[str, Duel]:
    return {k: d for k, d in done.items() if k.split("/")[0] in labels and d.winner is not None}


def _known(entrant: int | None) -> int:
    assert entrant is not None, "a round is asked for before the previous one is finished"
    return entrant


def knockout_title(duels: int, lang: str = "fr") -> str:
    """A knockout round's title by its number of duels: « Finale », « Demi-finales »,
    « 8es de finale »; in English « Final », « Semi-finals », « Round of 16 » (named by its
    entrants, as English does)."""
    if lang == "en":
        return {1: "Final", 2: "Semi-finals", 4: "Quarter-finals"}.get(
            duels, f"Round of {2 * duels}"
        )
    return {1: "Finale", 2: "Demi-finales", 4: "Quarts de finale"}.get(
        duels, f"{duels}es de finale"
    )


def round_title(label: str, duels: int, lang: str = "fr") -> str:
    """A round's title from its label (``prelim2``, ``ko1``, ``rr3``) and its number of
    duels, as ``Formula.walk`` names it (« Préliminaires, tour 2 »), or in English
    (« Preliminaries, round 2 », « Championship, round 3 »)."""
    kind, number = label.rstrip("0123456789"), label[len(label.rstrip("0123456789")) :]
    english = lang == "en"
    if kind == "prelim":
        return f"Preliminaries, round {number}" if english else f"Préliminaires, tour {number}"
    if kind == "rr":
        return f"Championship, round {number}" if english else f"Championnat, tour {number}"
    return knockout_title(duels, lang)
