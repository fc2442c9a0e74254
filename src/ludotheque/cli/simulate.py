"""`ludotheque simulate`: many bot games, a results file and a summary with intervals."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludotheque import games
from ludotheque.cli.common import Lang, echo_json, refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.sim import output, results, runner, stats
from ludotheque.sim.fmt import count, num, pct, share
from ludotheque.sim.runner import MAX_SEED
from ludotheque.term.french import agree, plural


def simulate(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int = typer.Option(
        100, "--games", "-g", help=f"Nombre de parties (au plus {count(runner.MAX_GAMES)})."
    ),
    bots: str | None = typer.Option(
        None,
        "--bots",
        help="Bots par place, séparés par des virgules (le dernier complète ; défaut : le plus "
        "fort du jeu, puis random).",
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="Joueurs par partie."),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de jeu nom=valeur."),
    variant: str | None = typer.Option(None, "--variant", help="Variante nommée du jeu."),
    seed: int = typer.Option(
        0, "--seed", help=f"Graine de la première partie (puis +1…), de 0 à {count(MAX_SEED)}."
    ),
    jobs: int = typer.Option(
        runner.default_jobs(), "--jobs", "-j", help=f"Processus locaux (1 à {runner.MAX_JOBS})."
    ),
    ray: str | None = typer.Option(
        None, "--ray", help="Adresse d'un cluster Ray (hôte:port), ou « local » pour un Ray local."
    ),
    out: str | None = typer.Option(
        None,
        "--out",
        help="Fichier de résultats, .parquet ou .csv (simulations/JEU-GRAINE.parquet).",
    ),
    fmt: str | None = typer.Option(
        None, "--format", help="parquet ou csv (défaut : selon --out, sinon parquet)."
    ),
    overwrite: bool = typer.Option(
        False, "--ecraser", "--overwrite", help="Remplacer un fichier de résultats existant."
    ),
    rotate: bool = typer.Option(
        True, "--rotate/--no-rotate", help="Faire tourner les bots d'une place à chaque partie."
    ),
    max_steps: int | None = typer.Option(
        None,
        "--max-steps",
        help="Arrêter une partie après tant d'actions (tronquée) ; requis pour une table qui "
        "se termine sur une horloge.",
    ),
    json_out: bool = typer.Option(False, "--json", help="Résumé en JSON sur la sortie."),
    lang: Lang = "fr",
) -> None:
    """Simuler de nombreuses parties entre bots : fichier de résultats et résumé."""
    console = Console(highlight=False, stderr=json_out)
    try:
        g = games.get(game)
        runner.check_jobs(jobs)
        runner.check_seed(seed)
        base = g.variant_options(variant) if variant is not None else {}
        opts = g.options_type.parse(option, base)
        names = bot_names(bots) if bots is not None else [g.default_bot(opts), "random"]
        plan = runner.Plan.make(
            g.name, names, n_games, players, opts.to_dict(), seed, rotate, max_steps
        )
        fmt = output_format(out, fmt)
        path = output.file_target(out or f"simulations/{g.name}-{seed}.{fmt}", "--out")
        if not overwrite:
            refuse_overwrite(path, fmt)
        if ray is not None:
            runner.check_ray(ray)
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    where = f"Ray ({ray})" if ray else plural(jobs, "processus", "processus")
    console.print(
        f"[bold]{g.title}[/] — {plural(n_games, 'partie')}, {plural(plan.players, 'joueur')}, "
        f"bots {', '.join(plan.lineup(0))}{' (en rotation)' if rotate else ''}, {where}"
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
            bar.update(task, advance=k, rate=f"{num(speed)} parties/s")

        try:
            rows = runner.run(plan, jobs=jobs, ray=ray, progress=tick)
        except LudoError as exc:
            raise refused(console, exc, lang) from None
    wall = time.perf_counter() - start
    summary = stats.summarize(rows)
    summary["wall_seconds"] = wall
    summary["games_per_second"] = len(rows) / wall if wall else 0.0
    summary["plan"] = plan.to_dict()
    try:
        save(rows, path, fmt, summary)
    except OSError as exc:
        # The games are played: show the summary, keep the rows elsewhere, say what happened.
        kept = output.rescue(path.name, lambda p: save(rows, p, fmt, summary))
        if json_out:
            echo_json(summary)
        else:
            show(console, summary)
        raise refused(console, unwritten(path, exc, len(rows), kept), lang) from None
    if json_out:
        echo_json(summary)
        return
    show(console, summary)
    console.print(
        f"Résultats : [bold]{path}[/] (résumé : {results.companion(path, 'summary')})",
        soft_wrap=True,
    )


def bot_names(text: str) -> list[str]:
    """The bots of ``--bots``, refused when empty or with an empty name (« fort,,random »)."""
    names = [b.strip() for b in text.split(",")]
    if not any(names):
        raise OptionsError(
            "--bots est vide : donnez au moins un bot (--bots fort,random), ou omettez --bots "
            "pour les bots par défaut du jeu",
            "--bots is empty: name at least one bot (--bots fort,random), or leave --bots out "
            "for the game's default bots",
        )
    if not all(names):
        raise OptionsError(
            f"--bots « {text} » : un nom de bot est vide ; séparez les bots par une seule "
            "virgule (--bots fort,random)",
            f"--bots '{text}': a bot name is empty; separate the bots by one comma",
        )
    return names


def output_format(out: str | None, fmt: str | None) -> str:
    """The results' format: ``--format``, else the suffix of ``--out``, else Parquet; refused
    when unknown, when the suffix says no format, or when the two disagree."""
    if fmt is not None and fmt not in results.FORMATS:
        raise OptionsError(
            f"format inconnu : « {fmt} » (possibles : {', '.join(results.FORMATS)})",
            f"unknown format: '{fmt}' (known: {', '.join(results.FORMATS)})",
        )
    if out is None or out.endswith(("/", os.sep)) or Path(out).exists() != Path(out).is_file():
        return fmt or "parquet"  # a folder, a device: refused by the path's own check
    said = results.format_of(Path(out))
    if said is None:
        raise OptionsError(
            f"--out {out} : le nom d'un fichier de résultats finit par .parquet ou .csv "
            "(son format)",
            f"--out {out}: a results file's name ends in .parquet or .csv (its format)",
        )
    if fmt is not None and fmt != said:
        raise OptionsError(
            f"--out {out} et --format {fmt} se contredisent (l'extension .{said} dit le "
            f"format {said}) ; changez l'extension de --out ou omettez --format",
            f"--out {out} and --format {fmt} disagree: a .{said} file is written as {said}; "
            "change --out's suffix or leave --format out",
        )
    return said


def written_files(path: Path, fmt: str) -> list[Path]:
    """The files a simulation writes: the results, their summary, the plan beside a CSV."""
    extra = [results.companion(path, "plan")] if fmt == "csv" else []
    return [path, results.companion(path, "summary"), *extra]


def refuse_overwrite(path: Path, fmt: str) -> None:
    """Refuse to replace the results of an earlier simulation (``--ecraser`` does)."""
    there = [p for p in written_files(path, fmt) if p.exists()]
    if there:
        raise OptionsError(
            f"{there[0]} existe déjà (résultats d'une simulation précédente) : rien n'est "
            "remplacé sans le demander ; choisissez un autre fichier avec --out, ou ajoutez "
            "--ecraser pour le remplacer",
            f"{there[0]} already exists (an earlier simulation's results): nothing is replaced "
            "unless asked; choose another file with --out, or add --overwrite to replace it",
        )


def save(rows: list[dict[str, Any]], path: Path, fmt: str, summary: dict[str, Any]) -> None:
    """The results file and its summary next to it."""
    results.write(rows, path, fmt, summary["plan"])
    text = json.dumps(summary, ensure_ascii=False, indent=1)
    output.atomic_write(
        results.companion(path, "summary"), lambda tmp: tmp.write_text(text, encoding="utf-8")
    )


def unwritten(path: Path, exc: OSError, games_count: int, kept: Path | None) -> OptionsError:
    """The error for results that could not be written once the games were played."""
    fr, en = os_reason(exc)
    played_fr = f"{plural(games_count, 'partie')} {agree(games_count, 'jouée', 'jouées')}"
    played_en = f"{games_count} game{'s' if games_count > 1 else ''} played"
    if kept is not None:
        then_fr = f"elles sont gardées dans {kept} (résumé ci-dessus)"
        then_en = f"they are kept in {kept} (summary above)"
    else:
        then_fr = "aucune copie n'a pu être écrite : seul le résumé ci-dessus en reste"
        then_en = "no copy could be written: only the summary above remains"
    return OptionsError(
        f"impossible d'écrire {path} ({fr}) ; {played_fr} : {then_fr}",
        f"cannot write {path} ({en}); {played_en}: {then_en}",
    )


def rate_text(r: dict[str, float]) -> str:
    """A rate and its interval, short enough for a table: « 52,0 % [47,1 ; 56,9] »."""
    return f"{pct(r['rate'])} [{num(r['low'] * 100)} ; {num(r['high'] * 100)}]"


def show(console: Console, s: dict[str, Any]) -> None:
    """The summary as tables, in French."""
    fair = s["fair_share"]
    teams = s.get("teams")
    if teams:
        console.print(
            f"Jeu par équipes ({team_names(teams)}) : une victoire d'équipe compte pour chacun "
            "de ses joueurs, et chaque taux compte une équipe une fois par partie.",
            soft_wrap=True,
        )
    t = Table(title=f"Victoires par bot (part équitable {pct(fair)})", title_justify="left")
    played = "parties" if teams else "places jouées"  # in a team game: its teams' games
    for col in ("bot", played, "victoires", "taux [IC 95 %]", "score moyen", "médiane"):
        t.add_column(col, justify="right" if col != "bot" else "left", no_wrap=col[0] == "t")
    for bot, r in s["per_bot"].items():
        sc = s["scores"][bot]
        t.add_row(
            bot,
            count(int(r["n"])),
            share(r["wins"]),
            rate_text(r),
            num(sc.get("mean", 0)),
            share(sc.get("median", 0)),
        )
    console.print(t)
    if teams:
        t = Table(title="Victoires par équipe", title_justify="left")
        for col in ("équipe", "places", "victoires", "taux [IC 95 %]"):
            t.add_column(col, justify="right")
        for i, r in enumerate(s["per_team"]):
            seats = " et ".join(str(x) for x in r["seats"])
            t.add_row(str(i + 1), seats, share(r["wins"]), rate_text(r))
        console.print(t)
    t = Table(title="Victoires par place", title_justify="left")
    for col in ("place", "victoires", "taux [IC 95 %]"):
        t.add_column(col, justify="right")
    for seat, r in enumerate(s["per_seat"]):
        if r["n"] or not s["finished"]:  # n = 0: a seat that does not play (Alkamo's arbiter)
            t.add_row(str(seat), share(r["wins"]), rate_text(r))
    console.print(t)
    console.print(seats_verdict(s), soft_wrap=True)
    fp = s["first_player"]
    verdict = (
        "avantage significatif"
        if fp["low"] > fair
        else "désavantage significatif"
        if fp["high"] < fair
        else "pas d'écart significatif"
    )
    who = "L'équipe du premier joueur" if teams else "Premier joueur"
    console.print(
        f"{who} (le premier à agir) : {rate_text(fp)} de victoires pour {pct(fair)} "
        f"attendus — {verdict} à 95 %",
        soft_wrap=True,
    )
    st = s["steps"]
    console.print(
        f"Longueur : {num(st['mean'])} actions en moyenne (médiane {share(st['median'])}, "
        f"quartiles {share(st['q1'])}–{share(st['q3'])}, de {share(st['min'])} à "
        f"{share(st['max'])})",
        soft_wrap=True,
    )
    if s["truncated"]:
        cut = s["truncated"]
        console.print(
            f"[yellow]{plural(cut, 'partie')} {agree(cut, 'tronquée', 'tronquées')} "
            "(--max-steps)[/]"
        )
    console.print(
        f"{plural(s['games'], 'partie')} en {num(s['wall_seconds'])} s : "
        f"{num(s['games_per_second'])} parties/s ({num(s['seconds']['mean'] * 1000, 0)} ms "
        "de calcul par partie)",
        soft_wrap=True,
    )


def team_names(teams: list[list[int]]) -> str:
    """« places 0 et 2 contre 1 et 3 »."""
    return "places " + " contre ".join(" et ".join(str(s) for s in team) for team in teams)


def seats_verdict(s: dict[str, Any]) -> str:
    """Which seats win significantly more or less often than the fair share, in a sentence."""
    fair = s["fair_share"]
    off = stats.significant(s["per_seat"], fair)
    if not off:
        return f"Aucune place ne s'écarte significativement de la part équitable ({pct(fair)})."
    said = [
        f"la place {seat} gagne {'plus' if sign == '+' else 'moins'} souvent "
        f"({rate_text(s['per_seat'][seat])})"
        for seat, sign in off
    ]
    return (
        f"Écart significatif à la part équitable ({pct(fair)}, à 95 %) : " + " ; ".join(said) + "."
    )
