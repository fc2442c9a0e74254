"""`ludotheque rapport`: a game's balance report as one HTML page with its figures.

Everything one types is checked before the computation, which takes minutes for some games: the
size and the seed within their bounds, the processes, and that the page and the figures can be
written where asked. A failure while writing is said in French and the page is kept in a rescue
copy."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

from ludotheque import games
from ludotheque.cli.common import Lang, refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.sim import output
from ludotheque.sim.fmt import count
from ludotheque.sim.runner import MAX_SEED, check_jobs, check_seed, default_jobs
from ludotheque.term.french import plural


def rapport(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int | None = typer.Option(
        None, "--games", "-g", help="Taille des études (parties simulées ; défaut selon le jeu)."
    ),
    out: str | None = typer.Option(None, "--out", help="Fichier HTML (rapports/JEU.html)."),
    jobs: int = typer.Option(default_jobs(), "--jobs", "-j", help="Processus locaux."),
    seed: int = typer.Option(
        0, "--seed", help=f"Graine des tirages et des parties (0 à {count(MAX_SEED)})."
    ),
    png: Path | None = typer.Option(None, "--png", help="Écrire aussi les figures (PNG) ici."),
    lang: Lang = "fr",
) -> None:
    """Rapport d'équilibre d'un jeu : réponses aux questions des auteurs, avec figures."""
    from ludotheque import report

    console = Console(highlight=False)
    try:
        g = games.get(game)
        largest = report.max_games(g.name)
        if n_games is not None and not 1 <= n_games <= largest:
            raise OptionsError(
                f"--games doit valoir au moins 1 et au plus {count(largest)} pour ce rapport "
                f"(demandé : {count(n_games)}) : ses études grandissent en mémoire avec lui",
                f"--games must be at least 1 and at most {largest:,} for this report (asked: "
                f"{n_games:,}): its studies grow in memory with it",
            )
        check_jobs(jobs)
        check_seed(seed)
        path = output.file_target(out or f"rapports/{g.name}.html", "--out")
        if png is not None:
            output.folder_target(png, "--png")
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    size = n_games or report.default_games(g.name)
    console.print(
        f"[bold]{g.title}[/] — rapport d'équilibre (taille {count(size)}, "
        f"{plural(jobs, 'processus', 'processus')})…"
    )
    with console.status("Calcul en cours…"):
        doc = report.make(g.name, size, jobs=jobs, seed=seed)
    try:
        doc.save(path)
    except OSError as exc:
        kept = output.rescue(path.name, doc.save)
        raise refused(console, unwritten(path, exc, kept), lang) from None
    console.print(f"Rapport : [bold]{path}[/] ({plural(len(doc.figures), 'figure')})")
    if png is not None:
        try:
            for p in doc.save_pngs(png, g.name):
                console.print(f"  figure : {p}")
        except OSError as exc:
            fr, en = os_reason(exc)
            raise refused(
                console,
                OptionsError(
                    f"impossible d'écrire les figures dans {png} ({fr}) ; elles sont aussi dans "
                    f"la page {path}",
                    f"cannot write the figures in {png} ({en}); they are in the page {path} too",
                ),
                lang,
            ) from None


def unwritten(path: Path, exc: OSError, kept: Path | None) -> OptionsError:
    """The error for a page that could not be written once computed."""
    fr, en = os_reason(exc)
    then_fr = (
        f"le rapport calculé est gardé dans {kept}"
        if kept is not None
        else "aucune copie n'a pu être écrite non plus : le rapport est perdu"
    )
    then_en = (
        f"the report is kept in {kept}"
        if kept is not None
        else "no copy could be written either: the report is lost"
    )
    return OptionsError(
        f"impossible d'écrire {path} ({fr}) ; {then_fr}",
        f"cannot write {path} ({en}); {then_en}",
    )
