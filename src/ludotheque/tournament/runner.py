"""A whole tournament of bot duels, generic over the game registry (R44–R54).

Formats: a direct knockout for 4–64 entrants (R45–R47), the preliminary mini-championship
then a knockout for other even numbers (R48–R53), or the championship (R54). Every lot comes
from a ``random.Random`` derived from the tournament seed and the round's label, so a run is
reproducible and can stop and resume: the tournament file is rewritten after every duel, and
a resumed run skips the duels it holds.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheque import games
from ludotheque.engine.errors import OptionsError, RecordError
from ludotheque.tournament import pairing
from ludotheque.tournament.duel import Duel, play_duel
from ludotheque.tournament.formula import Formula, TournamentOptions

FILE_FORMAT = 1


@dataclass(frozen=True)
class Entrant:
    name: str
    bot: str


@dataclass
class Round:
    label: str
    title: str
    duels: list[Duel]


class Tournament:
    def __init__(
        self,
        game: str,
        entrants: list[Entrant],
        seed: int,
        options: TournamentOptions | None = None,
        game_options: dict[str, Any] | None = None,
        folder: Path | str = "tournoi",
        jobs: int = 1,
    ) -> None:
        self.game = games.get(game).name
        if games.get(game).min_players > 2:
            raise OptionsError(
                f"{game} ne se joue pas à deux : pas de duels possibles",
                f"{game} is not a two-player game: no duels",
            )
        self.options = options or TournamentOptions()
        self.formula = Formula(len(entrants), seed, self.options)
        self.entrants = entrants
        self.seed = seed
        self.game_options = dict(game_options or {})
        # Refuse bad options up front, and options that make no duel (a duel is two seats:
        # Alkamo's non-playing arbiter, for one, needs a third).
        games.get(game).new(2, self.game_options, 0)
        self.folder = Path(folder)
        self.jobs = max(1, jobs)
        self.done: dict[str, Duel] = {}  # "label/i" → finished duel
        self.rounds: list[Round] = []

    # ------------------------------------------------------------------ file
    @property
    def path(self) -> Path:
        return self.folder / "tournoi.json"

    def header(self) -> dict[str, Any]:
        return {
            "format": FILE_FORMAT,
            "game": self.game,
            "seed": self.seed,
            "options": self.options.to_dict(),
            "game_options": self.game_options,
            "entrants": [{"name": e.name, "bot": e.bot} for e in self.entrants],
        }

    def save(self) -> None:
        data = {**self.header(), "duels": {k: d.to_dict() for k, d in self.done.items()}}
        self.folder.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(self.path)

    def resume(self) -> int:
        """Take the finished duels of an earlier run of this same tournament; how many."""
        if not self.path.exists():
            return 0
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            duels = {k: Duel.from_dict(d) for k, d in data["duels"].items()}
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise RecordError(
                f"fichier de tournoi illisible ({self.path}) : {exc}",
                f"unreadable tournament file ({self.path}): {exc}",
            ) from None
        if {k: v for k, v in data.items() if k != "duels"} != self.header():
            raise RecordError(
                f"{self.path} décrit un autre tournoi (jeu, graine, participants ou options) ; "
                "choisissez un autre dossier",
                f"{self.path} describes another tournament; choose another folder",
            )
        self.done = {k: d for k, d in duels.items() if d.winner is not None}
        return len(self.done)

    # ------------------------------------------------------------------ lots and ranking
    def rng(self, label: str) -> random.Random:
        return self.formula.rng(label)

    def standings(self) -> list[dict[str, Any]]:
        return self.formula.standings(self.done)

    def ranking(self, label: str, among: list[int] | None = None) -> list[int]:
        """R52: by match points, then tie-break points, then by lot (D23)."""
        return self.formula.ranking(self.done, label, among)

    def standing_order(self, label: str) -> list[int]:
        """The standings as they stand (``Formula.standing_order``)."""
        return self.formula.standing_order(self.done, label)

    # ------------------------------------------------------------------ playing
    def play_round(self, label: str, title: str, pairs: list[pairing.Pair]) -> Round:
        record_dir = str(self.folder / "parties")
        todo = [(i, p) for i, p in enumerate(pairs) if f"{label}/{i}" not in self.done]
        args = [
            (
                self.game,
                self.game_options,
                a,
                b,
                (self.entrants[a].bot, self.entrants[b].bot),
                self.seed,
                f"{label}/{i}",
                record_dir,
            )
            for i, (a, b) in todo
        ]
        if self.jobs > 1 and len(args) > 1:
            with ProcessPoolExecutor(min(self.jobs, len(args))) as pool:
                futures = [pool.submit(play_duel, *a) for a in args]
                for (i, _), future in zip(todo, futures, strict=True):
                    self.done[f"{label}/{i}"] = future.result()
                    self.save()
        else:
            for (i, _), a in zip(todo, args, strict=True):
                self.done[f"{label}/{i}"] = play_duel(*a)
                self.save()
        played = Round(label, title, [self.done[f"{label}/{i}"] for i in range(len(pairs))])
        self.rounds.append(played)
        return played

    def run(self, on_round: Callable[[Tournament, Round], None] | None = None) -> list[int]:
        """Play the whole tournament; return the final ranking (entrant numbers)."""
        report = on_round or (lambda t, r: None)
        walk = self.formula.walk(self.done)
        try:
            while True:
                planned = next(walk)
                report(self, self.play_round(planned.label, planned.title, planned.pairs))
        except StopIteration as stop:
            return list(stop.value)


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))
