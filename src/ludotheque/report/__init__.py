"""Balance reports for the games' authors: ``ludotheque rapport GAME`` (docs/simulate.md).

A game that declares ``report_questions`` (a module of its folder: ``build(report, n_games,
jobs, seed)``, ``DEFAULT_GAMES`` and, optionally, ``MAX_GAMES``) gets its authors' questions
answered (exact computations, Monte Carlo studies, simulated games); any other registered game
gets the generic simulation section (first player's advantage, seat balance, length, bot
strength).
"""

from __future__ import annotations

import importlib
import time
from types import ModuleType

from ludotheque import games
from ludotheque.report.common import simulation_section
from ludotheque.report.html import Report
from ludotheque.sim.fmt import count

GENERIC_GAMES = 200
# The largest size (``--games``) of a report whose module does not say its own: what its
# simulations keep in memory (the rows of 2 × 100,000 games, about 600 MB).
GENERIC_MAX_GAMES = 100_000


def default_games(game: str) -> int:
    """The default size (``--games``) of a game's report."""
    module = _module(game)
    return int(module.DEFAULT_GAMES) if module else GENERIC_GAMES


def max_games(game: str) -> int:
    """The largest size (``--games``) of a game's report: its studies grow in memory with it
    (docs/simulate.md)."""
    module = _module(game)
    return int(getattr(module, "MAX_GAMES", GENERIC_MAX_GAMES))


def _module(game: str) -> ModuleType | None:
    ref = games.get(game).report_questions
    return None if ref is None else importlib.import_module(ref)


def make(game: str, n_games: int | None = None, jobs: int = 1, seed: int = 0) -> Report:
    """The report of ``game``; ``n_games`` scales its simulations (see each game's module)."""
    g = games.get(game)
    n = n_games or default_games(g.name)
    start = time.perf_counter()
    report = Report(
        f"{g.title} — rapport d'équilibre",
        f"Ludothèque, graine {count(seed)}, taille {count(n)} (--games), {jobs} processus.",
    )
    module = _module(g.name)
    if module is not None:
        module.build(report, n, jobs, seed)
    else:
        report.text(
            "Ce jeu n'a pas encore de questions d'auteur déclarées : voici la section "
            "générique (simulations entre bots)."
        )
        simulation_section(report, g.name, n, jobs, seed)
    report.text(f"Rapport calculé en {count(round(time.perf_counter() - start))} s.", note=True)
    return report


__all__ = ["Report", "default_games", "make", "max_games"]
