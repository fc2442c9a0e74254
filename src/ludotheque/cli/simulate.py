"""`ludotheque simulate`: many bot games, a results file and a summary with intervals."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludotheque import games
from ludotheque.cli.common import echo_json, refused
from ludotheque.engine.errors import LudoError, OptionsError
from ludotheque.sim import results, runner, stats


def simulate(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int = typer.Option(100, "--games", "-g", help="Nombre de parties."),
    bots: str = typer.Option(
        "", "--bots", help="Bots par place, séparés par des virgules (le dernier complète)."
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="Joueurs par partie."),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de jeu nom=valeur."),
    variant: str | None = typer.Option(None, "--variant", help="Variante nommée du jeu."),
    seed: int = typer.Option(0, "--seed", help="Graine de la première partie (puis +1…)."),
    jobs: int = typer.Option(runner.default_jobs(), "--jobs", "-j", help="Processus locaux."),
    ray: str | None = typer.Option(
        None, "--ray", help="Adresse d'un cluster Ray, ou « local » pour un Ray local."
    ),
    out: Path | None = typer.Option(None, "--out", help="Fichier de résultats."),
    fmt: str | None = typer.Option(
        None, "--format", help="parquet ou csv (défaut : selon --out, sinon parquet)."
    ),
    rotate: bool = typer.Option(
        True, "--rotate/--no-rotate", help="Faire tourner les bots d'une place à chaque partie."
    ),
    max_steps: int | None = typer.Option(
        None, "--max-steps", help="Arrêter une partie après tant d'actions (tronquée)."
    ),
    json_out: bool = typer.Option(False, "--json", help="Résumé en JSON sur la sortie."),
) -> None:
    """Simuler de nombreuses parties entre bots : fichier de résultats et résumé."""
    console = Console(highlight=False, stderr=json_out)
    try:
        g = games.get(game)
        base = g.variant_options(variant) if variant is not None else {}
        opts = g.options_type.parse(option, base)
        names = [b.strip() for b in bots.split(",") if b.strip()] or [
            g.default_bot(opts),
            "random",
        ]
        plan = runner.Plan.make(
            g.name, names, n_games, players, opts.to_dict(), seed, rotate, max_steps
        )
        if fmt is None:
            fmt = "csv" if out is not None and out.suffix.lower() == ".csv" else "parquet"
        if fmt not in results.FORMATS:
            raise OptionsError(
                f"format inconnu : « {fmt} » (possibles : {', '.join(results.FORMATS)})",
                f"unknown format: '{fmt}' (known: {', '.join(results.FORMATS)})",
            )
        path = out or Path("simulations") / f"{g.name}-{seed}.{fmt}"
    except LudoError as exc:
        raise refused(console, exc) from None
    where = f"Ray ({ray})" if ray else f"{jobs} processus"
    console.print(
        f"[bold]{g.title}[/] — {n_games} parties, {plan.players} joueurs, bots "
        f"{', '.join(plan.lineup(0))}{' (en rotation)' if rotate else ''}, {where}"
    )
    start = time.perf_counter()
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        transient=json_out,
    ) as bar:
        task = bar.add_task("Parties", total=n_games, rate="")

        def tick(k: int) -> None:
            done = bar.tasks[0].completed + k
            speed = done / max(1e-9, time.perf_counter() - start)
            bar.update(task, advance=k, rate=f"{speed:.1f} parties/s")

        try:
            rows = runner.run(plan, jobs=jobs, ray=ray, progress=tick)
        except LudoError as exc:
            console.print(f"[red]Erreur : {exc.fr}[/]", soft_wrap=True)
            raise typer.Exit(2) from None
    wall = time.perf_counter() - start
    summary = stats.summarize(rows)
    summary["wall_seconds"] = wall
    summary["games_per_second"] = len(rows) / wall if wall else 0.0
    summary["plan"] = plan.to_dict()
    results.write(rows, path, fmt, plan.to_dict())
    path.with_suffix(".summary.json").write_text(
        json.dumps(summary, ensure_ascii=False, indent=1), encoding="utf-8"
    )
    if json_out:
        echo_json(summary)
        return
    show(console, summary)
    console.print(f"Résultats : [bold]{path}[/] (résumé : {path.with_suffix('.summary.json')})")


def pct(r: dict[str, float]) -> str:
    return f"{r['rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}]"


def show(console: Console, s: dict[str, Any]) -> None:
    """The summary as tables, in French."""
    fair = s["fair_share"]
    t = Table(title=f"Victoires par bot (part équitable {fair:.1%})", title_justify="left")
    for col in ("bot", "places jouées", "victoires", "taux [IC 95 %]", "score moyen", "médiane"):
        t.add_column(col, justify="right" if col != "bot" else "left")
    for bot, r in s["per_bot"].items():
        sc = s["scores"][bot]
        t.add_row(
            bot,
            str(r["n"]),
            f"{r['wins']:g}",
            pct(r),
            f"{sc.get('mean', 0):.1f}",
            f"{sc.get('median', 0):g}",
        )
    console.print(t)
    t = Table(title="Victoires par place", title_justify="left")
    for col in ("place", "victoires", "taux [IC 95 %]"):
        t.add_column(col, justify="right")
    for seat, r in enumerate(s["per_seat"]):
        if r["n"] or not s["finished"]:  # n = 0: a seat that does not play (Alkamo's arbiter)
            t.add_row(str(seat), f"{r['wins']:g}", pct(r))
    console.print(t)
    fp = s["first_player"]
    verdict = (
        "avantage" if fp["low"] > fair else "désavantage" if fp["high"] < fair else "pas d'écart"
    )
    console.print(
        f"Premier joueur (le premier à agir) : {pct(fp)} de victoires pour {fair:.1%} "
        f"attendus — {verdict} significatif à 95 %"
        if verdict != "pas d'écart"
        else f"Premier joueur (le premier à agir) : {pct(fp)} de victoires pour {fair:.1%} "
        "attendus — pas d'écart significatif à 95 %"
    )
    st = s["steps"]
    console.print(
        f"Longueur : {st['mean']:.1f} actions en moyenne (médiane {st['median']:g}, "
        f"quartiles {st['q1']:g}–{st['q3']:g}, de {st['min']:g} à {st['max']:g})"
    )
    if s["truncated"]:
        console.print(f"[yellow]{s['truncated']} parties tronquées (--max-steps)[/]")
    console.print(
        f"{s['games']} parties en {s['wall_seconds']:.1f} s : {s['games_per_second']:.2f} "
        f"parties/s ({s['seconds']['mean'] * 1000:.0f} ms de calcul par partie)"
    )
