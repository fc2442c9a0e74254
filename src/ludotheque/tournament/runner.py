"""A whole tournament of bot duels, generic over the game registry (R44–R54).

Formats: a direct knockout for 4–64 entrants (R45–R47), the preliminary mini-championship
then a knockout for other even numbers (R48–R53), or the championship (R54). Every lot comes
from a ``random.Random`` derived from the tournament seed and the round's label, so a run is
reproducible and can stop and resume: the tournament file is rewritten after every duel, and
a resumed run skips the duels it holds.
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import random
import re
import signal
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludotheque import games
from ludotheque.engine.errors import OptionsError, RecordError, os_reason
from ludotheque.sim.runner import check_jobs
from ludotheque.tournament import pairing
from ludotheque.tournament.duel import Duel, play_duel
from ludotheque.tournament.formula import Formula, TournamentOptions

FILE_FORMAT = 1
DUEL_KEY = re.compile(r"(prelim[1-3]|ko[1-9][0-9]*|rr[1-9][0-9]*)/(0|[1-9][0-9]*)")


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
        spec = games.get(game)
        self.game = spec.name
        if spec.min_players > 2 or spec.max_players < 2:
            raise OptionsError(
                f"{spec.title} ne se joue pas à deux : pas de duels possibles",
                f"{spec.title} is not a two-player game: no duels",
            )
        check_jobs(jobs)  # as `simulate` and `rapport` refuse it
        self.options = options or TournamentOptions()
        self.formula = Formula(len(entrants), seed, self.options)
        self.entrants = entrants
        self.seed = seed
        self.game_options = dict(game_options or {})
        # Refuse bad options up front, and options that make no duel (a duel is two seats:
        # Alkamo's non-playing arbiter, for one, needs a third).
        games.get(game).new(2, self.game_options, 0)
        self.folder = Path(folder)
        self.jobs = jobs
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
        """Take the finished duels of an earlier run of this same tournament; how many. A file
        that does not hold this tournament's duels as it plays them is refused (RecordError)."""
        if not self.path.exists():
            return 0
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not isinstance(data.get("duels"), dict):
                raise _Unreadable("ce n'est pas un fichier de tournoi", "not a tournament file")
            if {k: v for k, v in data.items() if k != "duels"} != self.header():
                raise RecordError(
                    f"{self.path} décrit un autre tournoi (jeu, graine, participants ou "
                    "options) ; choisissez un autre dossier",
                    f"{self.path} describes another tournament; choose another folder",
                )
            duels = {k: Duel.from_dict(d) for k, d in data["duels"].items()}
            for key, duel in duels.items():
                self._check_duel(key, duel)
        except RecordError:
            raise
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            fr, en = _reason(exc)
            raise RecordError(
                f"fichier de tournoi illisible ({self.path}) : {fr} ; supprimez-le pour rejouer "
                "le tournoi, ou choisissez un autre dossier",
                f"unreadable tournament file ({self.path}): {en}; delete it to play the "
                "tournament again, or choose another folder",
            ) from None
        done = {k: d for k, d in duels.items() if d.winner is not None}
        self._check_rounds(done)
        self.done = done
        return len(self.done)

    def _check_duel(self, key: str, duel: Duel) -> None:
        """What is wrong with a stored duel (its key, entrants, manches), if anything."""
        if not DUEL_KEY.fullmatch(key):
            raise _Unreadable(f"« {key} » n'est pas un nom de duel", f"'{key}' is no duel name")
        entrants = range(len(self.entrants))
        for who in (duel.a, duel.b):
            if type(who) is not int or who not in entrants:
                raise _Unreadable(
                    f"duel {key} : participant {who!r} inconnu", f"duel {key}: no entrant {who!r}"
                )
        if duel.a == duel.b:
            raise _Unreadable(
                f"duel {key} : un participant contre lui-même", f"duel {key}: an entrant alone"
            )
        for manche in duel.manches:
            winner = manche.winner
            if type(winner) is not int or winner not in (duel.a, duel.b):
                raise _Unreadable(
                    f"duel {key} : le vainqueur d'une manche, {winner!r}, n'y joue pas",
                    f"duel {key}: a manche's winner, {winner!r}, is not in it",
                )
            points = manche.points
            if not set(points) <= {duel.a, duel.b} or any(
                type(v) is not int for v in points.values()
            ):
                raise _Unreadable(
                    f"duel {key} : points de départage illisibles",
                    f"duel {key}: unreadable tie-break points",
                )

    def _check_rounds(self, done: dict[str, Duel]) -> None:
        """RecordError unless every stored duel is one the formula pairs, between the entrants it
        pairs (a file edited by hand would otherwise be shown and counted as it stands)."""
        paired: set[str] = set()
        for planned in self.formula.rounds(done):
            for key, pair in zip(planned.duel_keys(), planned.pairs, strict=True):
                duel = done.get(key)
                if duel is not None and (duel.a, duel.b) != pair:
                    raise RecordError(
                        f"fichier de tournoi incohérent ({self.path}) : le duel {key} y oppose "
                        f"{self.entrants[duel.a].name} à {self.entrants[duel.b].name}, le tour "
                        f"apparie {self.entrants[pair[0]].name} et {self.entrants[pair[1]].name} ; "
                        "choisissez un autre dossier",
                        f"inconsistent tournament file ({self.path}): duel {key} pairs other "
                        "entrants than its round does; choose another folder",
                    )
                paired.add(key)
        stray = sorted(set(done) - paired)
        if stray:
            raise RecordError(
                f"fichier de tournoi incohérent ({self.path}) : duel {stray[0]} hors des tours "
                "de ce tournoi ; choisissez un autre dossier",
                f"inconsistent tournament file ({self.path}): duel {stray[0]} is in none of this "
                "tournament's rounds; choose another folder",
            )

    # ------------------------------------------------------------------ lots and ranking
    def rng(self, label: str) -> random.Random:
        return self.formula.rng(label)

    def played(self) -> dict[str, Duel]:
        """The duels of the rounds this run has played (or taken from the file) so far: the
        standings after its latest round, whatever the file holds of later rounds."""
        return {f"{r.label}/{i}": d for r in self.rounds for i, d in enumerate(r.duels)}

    def standings(self, done: dict[str, Duel] | None = None) -> list[dict[str, Any]]:
        """Points and duels won per entrant, over ``done`` (every finished duel by default)."""
        return self.formula.standings(self.done if done is None else done)

    def ranking(self, among: list[int] | None = None) -> list[int]:
        """R52: by match points, then tie-break points, then by lot (D23)."""
        return self.formula.ranking(self.done, among)

    def standing_order(
        self, label: str | None = None, done: dict[str, Duel] | None = None
    ) -> list[int]:
        """The standings as they stand (``Formula.standing_order``; ``label`` is not used)
        over ``done`` (every finished duel by default)."""
        return self.formula.standing_order(self.done if done is None else done, label)

    def standing_table(self, done: dict[str, Duel] | None = None) -> list[dict[str, Any]]:
        """The standings' lines (``Formula.standing_table``) over ``done`` (every finished
        duel by default)."""
        return self.formula.standing_table(self.done if done is None else done)

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
            # A Ctrl-C reaches the whole process group: the workers ignore it (no traceback of
            # theirs), this process stops them and lets KeyboardInterrupt go up to its caller;
            # the duels already saved are kept, the ones in play are played again on resume.
            with (
                _interrupts_held(),
                multiprocessing.Pool(
                    min(self.jobs, len(args)), initializer=_ignore_interrupts
                ) as pool,
            ):  # leaving the block terminates the workers, interrupted or not
                results = [pool.apply_async(play_duel, a) for a in args]
                _release_interrupts()
                for (i, _), result in zip(todo, results, strict=True):
                    self.done[f"{label}/{i}"] = result.get()
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


class _Unreadable(ValueError):
    """What is wrong in a tournament file, in French and in English."""

    def __init__(self, fr: str, en: str) -> None:
        super().__init__(fr)
        self.fr, self.en = fr, en


def _reason(exc: Exception) -> tuple[str, str]:
    """Why a tournament file cannot be read, in French and in English."""
    if isinstance(exc, _Unreadable):
        return exc.fr, exc.en
    if isinstance(exc, json.JSONDecodeError):
        where = (exc.lineno, exc.colno)
        return (
            f"JSON invalide ligne {where[0]}, colonne {where[1]}",
            f"invalid JSON at line {where[0]}, column {where[1]}",
        )
    if isinstance(exc, UnicodeDecodeError):
        return "ce n'est pas du texte UTF-8", "not UTF-8 text"
    if isinstance(exc, OSError):  # a folder, no permission…: in words
        return os_reason(exc)
    if isinstance(exc, KeyError):
        return f"champ « {exc.args[0]} » manquant", f"field '{exc.args[0]}' missing"
    return f"contenu inattendu ({exc})", f"unexpected content ({exc})"


def _ignore_interrupts() -> None:
    """In a worker: a Ctrl-C is for the tournament, which stops the workers itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@contextlib.contextmanager
def _interrupts_held() -> Iterator[None]:
    """Hold a Ctrl-C back while the workers start (they are born holding it too, until they
    ignore it): it is then raised here, once they can be stopped, never inside one of them."""
    if not hasattr(signal, "pthread_sigmask"):  # Windows: nothing to hold
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        _release_interrupts()


def _release_interrupts() -> None:
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))
