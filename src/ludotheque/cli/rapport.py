"""`ludotheque rapport`: a game's balance report as one HTML page with its figures.

Everything one types is checked before the computation, which takes minutes for some games: the
size and the seed within their bounds, the processes, and that the page and the figures can be
written where asked. A failure while writing is said (in French, in English with --lang en) and
the page is kept in a rescue copy."""

from __future__ import annotations

import time
from pathlib import Path
from typing import IO, cast

import typer
from rich.console import Console

from ludotheque import games
from ludotheque.cli.common import ScreenLang, refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.sim import interrupts, output
from ludotheque.sim.fmt import count, counted
from ludotheque.sim.output import QuietStdout
from ludotheque.sim.runner import (
    MAX_JOBS,
    MAX_SEED,
    Interrupted,
    check_jobs,
    check_seed,
    default_jobs,
    watched,
)


def rapport(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int | None = typer.Option(
        None, "--games", "-g", help="Taille des études (parties simulées ; défaut selon le jeu)."
    ),
    out: str | None = typer.Option(None, "--out", help="Fichier HTML (rapports/JEU.html)."),
    jobs: int = typer.Option(
        default_jobs(), "--jobs", "-j", help=f"Processus locaux (1 à {MAX_JOBS})."
    ),
    seed: int = typer.Option(
        0, "--seed", help=f"Graine des tirages et des parties (0 à {count(MAX_SEED)})."
    ),
    png: Path | None = typer.Option(None, "--png", help="Écrire aussi les figures (PNG) ici."),
    lang: ScreenLang = "fr",
) -> None:
    """Rapport d'équilibre d'un jeu : réponses aux questions des auteurs, avec figures."""
    # The screen is stdout, quiet once its reader has gone (`| head`); refusals go to stderr.
    # The screen speaks French, English with --lang en; the page itself is written in French
    # (its text comes from each game's report module), which the English screen says.
    console = Console(highlight=False, file=cast(IO[str], QuietStdout()))
    errors = Console(highlight=False, stderr=True)
    with interrupts.terminate_as_interrupt():
        try:
            _rapport(console, errors, game, n_games, out, jobs, seed, png, lang)
        except (KeyboardInterrupt, Interrupted):
            errors.print(
                "Interrupted: the report is not written."
                if lang == "en"
                else "Interrompu : le rapport n'est pas écrit.",
                soft_wrap=True,
            )
            raise typer.Exit(130) from None


def _rapport(
    console: Console,
    errors: Console,
    game: str,
    n_games: int | None,
    out: str | None,
    jobs: int,
    seed: int,
    png: Path | None,
    lang: str,
) -> None:
    from ludotheque import report

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
        if out is not None and not out.strip():
            raise OptionsError(
                f"--out est vide : donnez le nom de la page, ou omettez --out (rapports/"
                f"{g.name}.html)",
                "--out is empty: name the page, or leave --out out",
            )
        path = output.file_target(out or f"rapports/{g.name}.html", "--out")
        if png is not None:
            output.folder_target(png, "--png")
    except LudoError as exc:
        raise refused(errors, exc, lang) from None
    size = n_games or report.default_games(g.name)
    en = lang == "en"
    if en:
        console.print(
            f"[bold]{g.title}[/] — balance report (size {count(size, lang=lang)}, "
            f"{counted(jobs, 'process', 'processes', lang=lang)})…"
        )
    else:
        console.print(
            f"[bold]{g.title}[/] — rapport d'équilibre (taille {count(size)}, "
            f"{counted(jobs, 'processus', 'processus')})…"
        )
    start = time.perf_counter()
    done = {"games": 0, "tasks": 0}
    with console.status("Computing…" if en else "Calcul en cours…") as status:

        def progress(kind: str, k: int) -> None:
            done[kind] = done.get(kind, 0) + k
            status.update(progress_text(done, time.perf_counter() - start, lang))

        with watched(progress):
            doc = report.make(g.name, size, jobs=jobs, seed=seed)
    try:
        with interrupts.deferred():
            doc.save(path)
    except OSError as exc:
        kept = output.rescue(path.name, doc.save)
        raise refused(errors, unwritten(path, exc, kept), lang) from None
    if en:
        figures = counted(len(doc.figures), "figure", lang=lang)
        console.print(f"Report (written in French): [bold]{path}[/] ({figures})")
    else:
        console.print(f"Rapport : [bold]{path}[/] ({counted(len(doc.figures), 'figure')})")
    if png is not None:
        try:
            for p in doc.save_pngs(png, g.name):
                console.print(f"  figure: {p}" if en else f"  figure : {p}")
        except OSError as exc:
            why_fr, why_en = os_reason(exc)
            raise refused(
                errors,
                OptionsError(
                    f"impossible d'écrire les figures dans {png} ({why_fr}) ; elles sont aussi "
                    f"dans la page {path}",
                    f"cannot write the figures in {png} ({why_en}); they are in the page {path} "
                    "too",
                ),
                lang,
            ) from None


def progress_text(done: dict[str, int], seconds: float, lang: str = "fr") -> str:
    """The computation's progress: « Calcul en cours… 120 parties jouées, 3 études faites
    (12 s) », in English « Computing… 120 games played, 3 studies done (12 s) »."""
    games_done, tasks = done["games"], done["tasks"]
    if lang == "en":
        said = [f"{counted(games_done, 'game', lang=lang)} played"] * bool(games_done)
        said += [f"{counted(tasks, 'study', 'studies', lang=lang)} done"] * bool(tasks)
        return f"Computing… {', '.join(said)} ({seconds:.0f} s)"
    said = [counted(games_done, "partie jouée", "parties jouées")] * bool(games_done)
    said += [counted(tasks, "étude faite", "études faites")] * bool(tasks)
    return f"Calcul en cours… {', '.join(said)} ({seconds:.0f} s)"


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
