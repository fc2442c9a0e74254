"""A duel in « deux manches gagnantes » (R44), its match points (R50) and tie-break points (R51).

A manche is one two-player game of any registered game, played here by bots. Its tie-break
points for a seat are its final score minus its starting score (D19: final capital − 210 in
AlphaPoker), read from the game's ``Result``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine import record as records

WINS_NEEDED = 2
MAX_REPLAYS = 5  # a manche without a single winner is replayed (none in AlphaPoker)


@dataclass
class Manche:
    winner: int  # entrant number
    points: dict[int, int]  # entrant number → tie-break points (R51)
    seed: int
    record: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "points": {str(k): v for k, v in self.points.items()},
            "seed": self.seed,
            "record": self.record,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Manche:
        points = {int(k): v for k, v in d["points"].items()}
        return cls(d["winner"], points, d["seed"], d["record"])


@dataclass
class Duel:
    a: int
    b: int
    manches: list[Manche] = field(default_factory=list)

    def wins(self, entrant: int) -> int:
        return sum(m.winner == entrant for m in self.manches)

    @property
    def winner(self) -> int | None:
        for e in (self.a, self.b):
            if self.wins(e) >= WINS_NEEDED:
                return e
        return None

    @property
    def loser(self) -> int | None:
        w = self.winner
        return None if w is None else (self.b if w == self.a else self.a)

    def match_points(self) -> dict[int, int]:
        """R50: 2–1 gives 3 to the winner and 2 to the loser; 2–0 gives 4 and 1."""
        w, lose = self.winner, self.loser
        if w is None or lose is None:
            return {self.a: 0, self.b: 0}
        clean = self.wins(lose) == 0
        return {w: 4 if clean else 3, lose: 1 if clean else 2}

    def tiebreak(self) -> dict[int, int]:
        """R51: the sum over the duel's manches of each player's tie-break points."""
        return {e: sum(m.points.get(e, 0) for m in self.manches) for e in (self.a, self.b)}

    def score_text(self) -> str:
        return f"{self.wins(self.a)}–{self.wins(self.b)}"

    def to_dict(self) -> dict[str, Any]:
        return {"a": self.a, "b": self.b, "manches": [m.to_dict() for m in self.manches]}

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Duel:
        return cls(d["a"], d["b"], [Manche.from_dict(m) for m in d["manches"]])


def manche_seed(tournament_seed: int, label: str, number: int, replay: int = 0) -> int:
    return random.Random(f"{tournament_seed}/{label}/{number}/{replay}").getrandbits(31)


def play_duel(
    game_name: str,
    game_options: dict[str, Any],
    a: int,
    b: int,
    bots: tuple[str, str],
    tournament_seed: int,
    label: str,
    record_dir: str,
) -> Duel:
    """Play manches between entrants ``a`` and ``b`` (bots ``bots``) until one has won two.

    Seats alternate from one manche to the next; every game's record is saved in
    ``record_dir``. Deterministic for a given seed and label.
    """
    game = games.get(game_name)
    duel = Duel(a, b)
    number = 0
    while duel.winner is None:
        number += 1
        seats = (a, b) if number % 2 else (b, a)
        seat_bots = bots if number % 2 else (bots[1], bots[0])
        for replay in range(MAX_REPLAYS):
            seed = manche_seed(tournament_seed, label, number, replay)
            state = game.new(2, game_options, seed)
            agents = [botlib.make(game_name, seat_bots[s], seed * 2 + s) for s in range(2)]
            while not state.is_over():
                seat = min(state.to_move())
                state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
            result = state.result()
            path = Path(record_dir) / f"{label.replace('/', '-')}-manche{number}-{replay}.json"
            records.save(state.record(), path)
            if len(result.winners) == 1:
                break
        start = result.details.get("start_scores", [0, 0])
        points = {seats[s]: result.scores[s] - start[s] for s in range(2)}
        duel.manches.append(Manche(seats[result.winners[0]], points, seed, str(path)))
    return duel
