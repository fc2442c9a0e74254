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
from typing import Any, Literal

from ludotheque import games
from ludotheque.engine.errors import OptionsError, RecordError
from ludotheque.engine.options import GameOptions
from ludotheque.tournament import pairing
from ludotheque.tournament.duel import Duel, play_duel

FILE_FORMAT = 1


@dataclass(frozen=True)
class TournamentOptions(GameOptions):
    """The tournament options of rules/alphapoker.md §2."""

    tournament_format: Literal["standard", "championship"] = "standard"
    prelim_pairing: Literal["halves", "fold"] = "halves"
    bracket_seeding: Literal["lot", "ranking"] = "lot"


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
        pairing.check_entrants(
            len(entrants), championship=self.options.tournament_format == "championship"
        )
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
        return random.Random(f"{self.seed}:{label}")

    def standings(self) -> list[dict[str, Any]]:
        rows = {i: {"entrant": i, "mp": 0, "tb": 0, "won": 0, "lost": 0}
                for i in range(len(self.entrants))}  # fmt: skip
        for duel in self.done.values():
            for e, mp in duel.match_points().items():
                rows[e]["mp"] += mp
            for e, tb in duel.tiebreak().items():
                rows[e]["tb"] += tb
            winner, loser = duel.winner, duel.loser
            assert winner is not None and loser is not None, "a duel done has both"
            rows[winner]["won"] += 1
            rows[loser]["lost"] += 1
        return list(rows.values())

    def ranking(self, label: str, among: list[int] | None = None) -> list[int]:
        """R52: by match points, then tie-break points, then by lot (D23)."""
        lots = self.rng(f"lot:{label}")
        draw = {i: lots.random() for i in range(len(self.entrants))}
        rows = [r for r in self.standings() if among is None or r["entrant"] in among]
        rows.sort(key=lambda r: (-r["mp"], -r["tb"], draw[r["entrant"]]))
        return [r["entrant"] for r in rows]

    def standing_order(self, label: str) -> list[int]:
        """The standings as they stand: by match points (R52) until the knockout starts, then
        who went further first — still in, then out in a later round, then not qualified —
        and by points within each, so that after the final they agree with the final ranking."""
        knocked: dict[int, int] = {}  # entrant → the knockout round that ended his run
        rounds = sorted({k.split("/")[0] for k in self.done if k.startswith("ko")})
        if not rounds:
            return self.ranking(label)
        playing = {e for k, d in self.done.items() if k.startswith("ko") for e in (d.a, d.b)}
        for key, duel in self.done.items():
            if key.startswith("ko"):
                loser = duel.loser
                assert loser is not None, "a duel done has a loser"
                knocked[loser] = int(key.split("/")[0][2:])
        reach = {e: knocked.get(e, 99) if e in playing else 0 for e in range(len(self.entrants))}
        by_points = {e: i for i, e in enumerate(self.ranking(label))}
        return sorted(reach, key=lambda e: (-reach[e], by_points[e]))

    # ------------------------------------------------------------------ playing
    def play_round(self, label: str, title: str, pairs: list[pairing.Pair]) -> Round:
        record_dir = str(self.folder / "parties")
        todo = [(i, p) for i, p in enumerate(pairs) if f"{label}/{i}" not in self.done]
        args = [
            (self.game, self.game_options, a, b,
             (self.entrants[a].bot, self.entrants[b].bot), self.seed, f"{label}/{i}", record_dir)
            for i, (a, b) in todo
        ]  # fmt: skip
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
        n = len(self.entrants)
        everyone = list(range(n))
        if self.options.tournament_format == "championship":
            for r, pairs in enumerate(pairing.round_robin(everyone), start=1):
                report(self, self.play_round(f"rr{r}", f"Championnat, tour {r}", pairs))
            return self.ranking("final")
        if pairing.is_bracket(n) or n == 2:
            return self.knockout(everyone, ranking=everyone, report=report)
        # R49–R52: three preliminary rounds.
        pairs = pairing.drawn_pairs(everyone, self.rng("prelim1"))
        report(self, self.play_round("prelim1", "Préliminaires, tour 1", pairs))
        for r in (2, 3):
            order = self.ranking(f"prelim{r}")
            met = {frozenset((d.a, d.b)) for d in self.done.values()}
            pairs = (pairing.halves_pairs(order) if self.options.prelim_pairing == "halves"
                     else pairing.fold_pairs(order, met))  # fmt: skip
            report(self, self.play_round(f"prelim{r}", f"Préliminaires, tour {r}", pairs))
        order = self.ranking("qualification")
        top = order[: pairing.qualified(n)]
        return self.knockout(top, ranking=top, report=report) + order[len(top) :]

    def knockout(
        self, players: list[int], ranking: list[int], report: Callable[[Tournament, Round], None]
    ) -> list[int]:
        """R46–R47: the first round drawn by lot (or seeded), then top meets bottom."""
        if self.options.bracket_seeding == "ranking":
            pairs = pairing.seeded_pairs(ranking)
        else:
            pairs = pairing.drawn_pairs(players, self.rng("ko1"))
        eliminated_by_round: list[list[int]] = []
        r = 1
        while True:
            played = self.play_round(f"ko{r}", knockout_title(len(pairs)), pairs)
            report(self, played)
            winners = [w for d in played.duels if (w := d.winner) is not None]
            losers = [x for d in played.duels if (x := d.loser) is not None]
            assert len(winners) == len(losers) == len(played.duels), "every duel is decided"
            eliminated_by_round.append(losers)
            if len(winners) == 1:
                break
            pairs = pairing.next_round(winners)
            r += 1
        order = [winners[0]]
        for losers in reversed(eliminated_by_round):
            order += self.ranking(f"ko-out{len(order)}", among=losers)
        return order


def knockout_title(duels: int) -> str:
    return {1: "Finale", 2: "Demi-finales", 4: "Quarts de finale"}.get(
        duels, f"{duels}es de finale"
    )


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))
