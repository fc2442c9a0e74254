"""`ludotheque rapport`: a game's balance report as one HTML page with its figures."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from ludotheque import games
from ludotheque.cli.common import refused
from ludotheque.engine.errors import LudoError, OptionsError
from ludotheque.sim.runner import default_jobs


def rapport(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int | None = typer.Option(
        None, "--games", "-g", help="Taille des études (parties simulées ; défaut selon le jeu)."
    ),
    out: Path | None = typer.Option(None, "--out", help="Fichier HTML (rapports/JEU.html)."),
    jobs: int = typer.Option(default_jobs(), "--jobs", "-j", help="Processus locaux."),
    seed: int = typer.Option(0, "--seed", help="Graine des tirages et des parties."),
    png: Path | None = typer.Option(None, "--png", help="Écrire aussi les figures (PNG) ici."),
) -> None:
    """Rapport d'équilibre d'un jeu : réponses aux questions des auteurs, avec figures."""
    from ludotheque import report

    console = Console(highlight=False)
    try:
        g = games.get(game)
        if n_games is not None and n_games < 1:
            raise OptionsError("--games doit valoir au moins 1", "--games must be at least 1")
    except LudoError as exc:
        raise refused(console, exc) from None
    size = n_games or report.default_games(g.name)
    console.print(f"[bold]{g.title}[/] — rapport d'équilibre (taille {size}, {jobs} processus)…")
    with console.status("Calcul en cours…"):
        doc = report.make(g.name, size, jobs=jobs, seed=seed)
    path = doc.save(out or Path("rapports") / f"{g.name}.html")
    console.print(f"Rapport : [bold]{path}[/] ({len(doc.figures)} figures)")
    if png is not None:
        for p in doc.save_pngs(png, g.name):
            console.print(f"  figure : {p}")
