"""`ludotheque simulate`: many bot games, a results file and a summary with intervals."""

from __future__ import annotations

import hashlib
import json
import os
import re
import time
from pathlib import Path
from typing import IO, Any, cast

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ludotheque import games
from ludotheque.cli.common import ScreenLang, echo_json, refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.sim import interrupts, output, results, runner, stats
from ludotheque.sim.fmt import (
    count,
    counted,
    english_numbers,
    french_numbers,
    num,
    pct,
    per_second,
    share,
)
from ludotheque.sim.output import QuietStdout
from ludotheque.sim.runner import MAX_SEED
from ludotheque.term.french import agree


def simulate(
    game: str = typer.Argument(..., help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"),
    n_games: int = typer.Option(
        100, "--games", "-g", help=f"Nombre de parties (au plus {count(runner.MAX_GAMES)})."
    ),
    bots: str | None = typer.Option(
        None,
        "--bots",
        help="Bots par place, séparés par des virgules (le dernier complète ; défaut : le plus "
        "fort du jeu, puis random). Les bots de chaque jeu : docs/games/JEU.md, « Bots ».",
    ),
    players: int | None = typer.Option(None, "--players", "-n", help="Joueurs par partie."),
    option: list[str] = typer.Option(
        [],
        "--option",
        "-o",
        help="Option de jeu nom=valeur (liste : docs/games/JEU.md, « Options de table »).",
    ),
    variant: str | None = typer.Option(
        None,
        "--variant",
        help="Variante nommée du jeu (liste : docs/games/JEU.md, « Variantes nommées »).",
    ),
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
        help="Fichier de résultats, .parquet ou .csv (défaut : simulations/JEU-GRAINE.parquet, "
        "la variante et les options dans le nom : simulations/casinoroyal-game_B-0.parquet).",
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
        "se termine sur une horloge ou peut ne jamais finir (Poker d'As « livre »).",
    ),
    json_out: bool = typer.Option(False, "--json", help="Résumé en JSON sur la sortie."),
    lang: ScreenLang = "fr",
) -> None:
    """Simuler de nombreuses parties entre bots : fichier de résultats et résumé."""
    # The screen is stdout (stderr with --json, whose stdout is the summary), quiet once its
    # reader has gone (`| head`); refusals go to stderr. Everything is said in French, in
    # English with --lang en (the results and their summary file are the same).
    console = Console(
        highlight=False, stderr=json_out, file=None if json_out else cast(IO[str], QuietStdout())
    )
    errors = Console(highlight=False, stderr=True)
    with interrupts.terminate_as_interrupt():
        try:
            _simulate(
                console, errors, game, n_games, bots, players, option, variant, seed, jobs, ray,
                out, fmt, overwrite, rotate, max_steps, json_out, lang,
            )  # fmt: skip
        except KeyboardInterrupt:  # before the first game, or a second Ctrl-C
            errors.print(
                "Interrupted: no game played, nothing is written."
                if lang == "en"
                else "Interrompu : aucune partie jouée, rien n'est écrit.",
                soft_wrap=True,
            )
            raise typer.Exit(130) from None


def _simulate(
    console: Console,
    errors: Console,
    game: str,
    n_games: int,
    bots: str | None,
    players: int | None,
    option: list[str],
    variant: str | None,
    seed: int,
    jobs: int,
    ray: str | None,
    out: str | None,
    fmt: str | None,
    overwrite: bool,
    rotate: bool,
    max_steps: int | None,
    json_out: bool,
    lang: str,
) -> None:
    en = lang == "en"
    try:
        g = games.get(game)
        runner.check_jobs(jobs)
        runner.check_seed(seed)
        base = g.variant_options(variant) if variant is not None else {}
        opts = g.options_type.parse(option, base)
        names = bot_names(bots, runner.bots_hint(g, opts)) if bots is not None else None
        try:
            plan = runner.Plan.make(
                g.name,
                names or [g.default_bot(opts), "random"],
                n_games,
                players,
                opts.to_dict(),
                seed,
                rotate,
                max_steps,
            )
        except OptionsError as exc:
            raise endless_in_english(exc, g, opts) from None
        if out is not None and not out.strip():
            raise OptionsError(
                "--out est vide : donnez le nom du fichier de résultats, ou omettez --out "
                f"(simulations/{g.name}-{seed}.parquet)",
                "--out is empty: name the results file, or leave --out out",
            )
        fmt = output_format(out, fmt)
        table = table_words(g, opts, variant)
        path = output.file_target(out or default_out(g.name, table, seed, fmt), "--out")
        if not overwrite:
            refuse_overwrite(path, fmt)
        if ray is not None:
            runner.check_ray(ray)
    except LudoError as exc:
        raise refused(errors, french(exc), lang) from None
    if en:
        where = f"Ray ({ray})" if ray else counted(jobs, "process", "processes", lang=lang)
        shown = table_words(g, opts, variant, lang)
        console.print(
            f"[bold]{g.title}[/]{f' ({shown})' if shown else ''} — "
            f"{counted(n_games, 'game', lang=lang)}, {counted(plan.players, 'player', lang=lang)}, "
            f"bots {', '.join(plan.lineup(0))}{' (rotating seats)' if rotate else ''}, {where}",
            soft_wrap=True,
        )
    else:
        where = f"Ray ({ray})" if ray else counted(jobs, "processus", "processus")
        console.print(
            f"[bold]{g.title}[/]{f' ({table})' if table else ''} — {counted(n_games, 'partie')}, "
            f"{counted(plan.players, 'joueur')}, bots {', '.join(plan.lineup(0))}"
            f"{' (en rotation)' if rotate else ''}, {where}",
            soft_wrap=True,
        )
    start = time.perf_counter()
    stopped = False
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeRemainingColumn(),
        console=console,
        transient=json_out,
    ) as bar:
        task = bar.add_task("Games" if en else "Parties", total=n_games, rate="")

        def tick(k: int) -> None:
            done = bar.tasks[0].completed + k
            speed = done / max(1e-9, time.perf_counter() - start)
            rate = per_second(speed, "game", lang=lang) if en else per_second(speed)
            bar.update(task, advance=k, rate=rate)

        try:
            rows = runner.run(plan, jobs=jobs, ray=ray, progress=tick)
        except LudoError as exc:
            raise refused(errors, exc, lang) from None
        except runner.Interrupted as stop:  # Ctrl-C: keep the games already played
            rows, stopped = stop.rows, True
    if stopped and not rows:
        errors.print(
            f"Interrupted: no game finished out of {count(n_games, lang=lang)}, nothing is written."
            if en
            else f"Interrompu : aucune partie terminée sur {count(n_games)}, rien n'est écrit.",
            soft_wrap=True,
        )
        raise typer.Exit(130)
    wall = time.perf_counter() - start
    summary = stats.summarize(rows)
    summary["wall_seconds"] = wall
    summary["games_per_second"] = len(rows) / wall if wall else 0.0
    summary["plan"] = plan.to_dict()
    if stopped:
        summary["interrupted"] = {"planned": n_games, "played": len(rows)}
    # The results first: whatever then happens to the screen, they are written.
    try:
        with interrupts.deferred():
            removed = save(rows, path, fmt, summary, overwrite)
    except OSError as exc:
        # The games are played: show the summary, keep the rows elsewhere, say what happened.
        kept = output.rescue(path.name, lambda p: save(rows, p, fmt, summary, False))
        report(console, summary, json_out, lang)
        raise refused(errors, unwritten(path, exc, len(rows), kept), lang) from None
    report(console, summary, json_out, lang)
    if removed:
        files = ", ".join(str(p) for p in removed)
        console.print(
            f"Replaced (--overwrite): {files}" if en else f"Remplacés (--ecraser) : {files}",
            soft_wrap=True,
        )
    companion = results.companion(path, "summary")
    if stopped:
        if en:
            played = counted(len(rows), "game", lang=lang)
            said = (
                f"Interrupted: {played} played out of {count(n_games, lang=lang)}, saved in "
                f"[bold]{path}[/] (summary: {companion})."
            )
        else:
            played = f"{count(len(rows))} {agree(len(rows), 'partie jouée', 'parties jouées')}"
            said = (
                f"Interrompu : {played} sur {count(n_games)}, enregistrées dans [bold]{path}[/] "
                f"(résumé : {companion})."
            )
        errors.print(said, soft_wrap=True)
        raise typer.Exit(130)
    if not json_out:
        console.print(
            f"Results: [bold]{path}[/] (summary: {companion})"
            if en
            else f"Résultats : [bold]{path}[/] (résumé : {companion})",
            soft_wrap=True,
        )


def report(console: Console, summary: dict[str, Any], json_out: bool, lang: str = "fr") -> None:
    """The summary on the screen, or as JSON on stdout (quiet if the reader has gone)."""
    if not json_out:
        show(console, summary, lang)
        return
    try:
        echo_json(summary)
    except BrokenPipeError:
        QuietStdout().silence()


def french(exc: LudoError) -> LudoError:
    """A refusal with its numbers written the French way (« de 1 à 10 000 ») — the games'
    option checks write them bare — and the English way in its English message (« from 1 to
    10,000 »)."""
    if isinstance(exc, OptionsError):
        return OptionsError(french_numbers(exc.fr), english_numbers(exc.en), exc.option)
    return exc


def endless_in_english(exc: OptionsError, g: Any, opts: Any) -> OptionsError:
    """The refusal of a table that may never end, its options named in its English message as
    the English form shows them (« “Maximum throws” and “Maximum rounds” »); any other refusal
    as it is."""
    lifted = runner.unlimited(g, opts)
    if not lifted:
        return exc
    named = [opts.named(key) for key in lifted]
    if exc.fr != runner.endless_refusal(g.title, named).fr:
        return exc
    return runner.endless_refusal(g.title, named, [opts.named(key, "en") for key in lifted])


def table_words(g: Any, opts: Any, variant: str | None, lang: str = "fr") -> str:
    """The table simulated, short and stable, as one types it: the variant, then each option
    that differs from it (or from the default table): « livre, game=B »; « » for the default
    table. In English, a switch or an empty value is written as English types it (« yes »,
    « none »); the default file's name keeps the French words, whatever the language."""
    base = g.options_type.from_dict(g.variant_options(variant) if variant else {}).to_dict()
    said = [variant] if variant else []
    for key, value in opts.to_dict().items():
        if value != base.get(key):
            said.append(f"{key}={option_text(value, lang)}")
    return ", ".join(said)


def option_text(value: Any, lang: str = "fr") -> str:
    english = lang == "en"
    if value is None:
        return "none" if english else "aucun"
    if isinstance(value, bool):
        return ("yes" if value else "no") if english else ("oui" if value else "non")
    return str(value)


def default_out(game: str, table: str, seed: int, fmt: str) -> str:
    """The default results file: ``simulations/GAME[-TABLE]-SEED.FMT``, the table's variant and
    options in the name (« pokerdas-livre-max_steps… » is never another table's file); a
    long set of options is shortened to a stable digest."""
    slug = re.sub(r"[^A-Za-z0-9_.+-]+", "_", table.replace(", ", "-").replace("=", "_"))
    slug = re.sub(r"_+", "_", slug).strip("_")
    if len(slug) > 40:
        slug = f"{slug[:24]}-{hashlib.sha1(table.encode()).hexdigest()[:8]}"
    return f"simulations/{game}{'-' + slug if slug else ''}-{seed}.{fmt}"


def bot_names(text: str, hint: str = "fort,random") -> list[str]:
    """The bots of ``--bots``, refused when empty or with an empty name (« fort,,random »);
    ``hint`` is an example of this game's bots (« parfait,random »)."""
    names = [b.strip() for b in text.split(",")]
    if not any(names):
        raise OptionsError(
            f"--bots est vide : donnez au moins un bot (--bots {hint}), ou omettez --bots "
            "pour les bots par défaut du jeu",
            f"--bots is empty: name at least one bot (--bots {hint}), or leave --bots out "
            "for the game's default bots",
        )
    if not all(names):
        raise OptionsError(
            f"--bots « {text} » : un nom de bot est vide ; séparez les bots par une seule "
            f"virgule (--bots {hint})",
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
        other = path.with_name(f"{path.stem}-2{path.suffix}")
        raise OptionsError(
            f"{there[0]} existe déjà (résultats d'une simulation précédente) : rien n'est "
            "remplacé sans le demander ; choisissez un autre fichier avec --out (par exemple "
            f"--out {other}), ou ajoutez --ecraser pour le remplacer",
            f"{there[0]} already exists (an earlier simulation's results): nothing is replaced "
            f"unless asked; choose another file with --out (for example --out {other}), or add "
            "--overwrite to replace it",
        )


def stale_files(path: Path, fmt: str) -> list[Path]:
    """The files of an earlier simulation of the same name in the other format, which the
    summary written now no longer describes (``r.csv`` and ``r.plan.json`` beside a new
    ``r.parquet`` and its ``r.summary.json``)."""
    other = "csv" if fmt == "parquet" else "parquet"
    stale = [path.with_suffix(f".{other}")]
    if fmt == "parquet":
        stale.append(results.companion(path, "plan"))
    return [p for p in stale if p.is_file()]


def save(
    rows: list[dict[str, Any]], path: Path, fmt: str, summary: dict[str, Any], overwrite: bool
) -> list[Path]:
    """The results file and its summary next to it; with ``overwrite``, the earlier files of
    the same name in the other format are removed (they would sit beside a summary that is
    not theirs). Returns the files removed."""
    results.write(rows, path, fmt, summary["plan"])
    text = json.dumps(summary, ensure_ascii=False, indent=1)
    output.atomic_write(
        results.companion(path, "summary"), lambda tmp: tmp.write_text(text, encoding="utf-8")
    )
    removed = stale_files(path, fmt) if overwrite else []
    for p in removed:
        p.unlink(missing_ok=True)
    return removed


def unwritten(path: Path, exc: OSError, games_count: int, kept: Path | None) -> OptionsError:
    """The error for results that could not be written once the games were played."""
    fr, en = os_reason(exc)
    played_fr = f"{counted(games_count, 'partie')} {agree(games_count, 'jouée', 'jouées')}"
    played_en = f"{counted(games_count, 'game', lang='en')} played"
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


def rate_text(r: dict[str, float], lang: str = "fr") -> str:
    """A rate and its interval, short enough for a table: « 52,0 % [47,1 ; 56,9] » (English
    « 52.0% [47.1, 56.9] »)."""
    low, high = num(r["low"] * 100, lang=lang), num(r["high"] * 100, lang=lang)
    return f"{pct(r['rate'], lang=lang)} [{low}{', ' if lang == 'en' else ' ; '}{high}]"


def show(console: Console, s: dict[str, Any], lang: str = "fr") -> None:
    """The summary as tables, in French (in English with ``lang`` « en »). Places are numbered
    from 1, as teams are; bots come in the order of --bots. Rates are over the finished games
    (a game cut off by --max-steps has no winner), which is said when some were cut off; when
    none finished, no rate and no conclusion."""
    en = lang == "en"
    fair = s["fair_share"]
    teams = s.get("teams")
    finished, cut = s["finished"], s["truncated"]
    limit = (s.get("plan") or {}).get("max_steps")
    if en:
        at = f" at {counted(limit, 'action', lang=lang)}" if limit else ""
    else:
        at = f" à {counted(limit, 'action')}" if limit else ""
    if teams:
        console.print(
            f"Team game ({team_names(teams, lang)}): a team's win counts for each of its "
            "players, and each rate counts a team once per game."
            if en
            else f"Jeu par équipes ({team_names(teams)}) : une victoire d'équipe compte pour "
            "chacun de ses joueurs, et chaque taux compte une équipe une fois par partie.",
            soft_wrap=True,
        )
    if not finished and en:
        which = "the only game was" if cut == 1 else f"all {count(cut, lang=lang)} games were"
        console.print(
            f"[yellow]No game finished: {which} cut off{at} (--max-steps); without a winner, "
            "no win rate and no conclusion. Give a larger --max-steps.[/]",
            soft_wrap=True,
        )
    elif not finished:
        console.print(
            f"[yellow]Aucune partie terminée : {agree(cut, 'la', 'les')} "
            f"{counted(cut, 'partie')} {agree(cut, 'a été tronquée', 'ont été tronquées')}"
            f"{at} (--max-steps) ; sans gagnant, ni taux de victoire ni conclusion. Donnez un "
            "--max-steps plus grand.[/]",
            soft_wrap=True,
        )
    else:
        show_rates(console, s, fair, teams, finished, cut, lang)
    st = s["steps"]
    if en:

        def n(x: float) -> str:
            return share(x, lang=lang)

        console.print(
            f"Length: {num(st['mean'], lang=lang)} actions on average (median {n(st['median'])}, "
            f"quartiles {n(st['q1'])}–{n(st['q3'])}, from {n(st['min'])} to {n(st['max'])})",
            soft_wrap=True,
        )
    else:
        console.print(
            f"Longueur : {num(st['mean'])} actions en moyenne (médiane {share(st['median'])}, "
            f"quartiles {share(st['q1'])}–{share(st['q3'])}, de {share(st['min'])} à "
            f"{share(st['max'])})",
            soft_wrap=True,
        )
    if cut and finished:
        console.print(
            f"[yellow]{counted(cut, 'game', lang=lang)} cut off{at} (--max-steps), left out of "
            "the rates[/]"
            if en
            else f"[yellow]{counted(cut, 'partie')} {agree(cut, 'tronquée', 'tronquées')}{at} "
            "(--max-steps), hors des taux[/]",
            soft_wrap=True,
        )
    if en:
        ms = num(s["seconds"]["mean"] * 1000, 0, lang=lang)
        console.print(
            f"{counted(s['games'], 'game', lang=lang)} in {num(s['wall_seconds'], lang=lang)} s: "
            f"{per_second(s['games_per_second'], 'game', lang=lang)} ({ms} ms of computation "
            "per game)",
            soft_wrap=True,
        )
    else:
        console.print(
            f"{counted(s['games'], 'partie')} en {num(s['wall_seconds'])} s : "
            f"{per_second(s['games_per_second'])} ({num(s['seconds']['mean'] * 1000, 0)} ms "
            "de calcul par partie)",
            soft_wrap=True,
        )


# The headings of the summary's tables, French and English.
HEADINGS = {
    "bot": ("bot", "bot"),
    "places": ("places jouées", "seats played"),
    "games": ("parties", "games"),
    "wins": ("victoires", "wins"),
    "rate": ("taux [IC 95 %]", "rate [95% CI]"),
    "mean": ("score moyen", "mean score"),
    "median": ("médiane", "median"),
    "team": ("équipe", "team"),
    "seats": ("places", "seats"),
    "seat": ("place", "seat"),
}


def show_rates(
    console: Console,
    s: dict[str, Any],
    fair: float,
    teams: list[list[int]] | None,
    finished: int,
    cut: int,
    lang: str = "fr",
) -> None:
    """The win rates of the finished games: by bot, by team, by place, the first player."""
    en = lang == "en"

    def heading(key: str) -> str:
        return HEADINGS[key][1 if en else 0]

    if not cut:
        over = ""
    elif en:
        over = (
            f" — rates over {counted(finished, 'finished game', lang=lang)} "
            f"({count(cut, lang=lang)} cut off)"
        )
    else:
        over = (
            f" — taux sur {counted(finished, 'partie')} {agree(finished, 'terminée', 'terminées')} "
            f"({count(cut)} {agree(cut, 'tronquée', 'tronquées')})"
        )
    fair_pct = pct(fair, lang=lang)
    alone = len(s["per_bot"]) == 1  # one bot at every seat: its rate is the fair share
    title = (
        f"Wins by bot (fair share {fair_pct})"
        if en
        else f"Victoires par bot (part équitable {fair_pct})"
    )
    t = Table(title=f"{title}{over}", title_justify="left")
    played = "games" if teams else "places"  # in a team game: its teams' games
    for key in ("bot", played, "wins", "rate", "mean", "median"):
        t.add_column(
            heading(key), justify="right" if key != "bot" else "left", no_wrap=key == "rate"
        )
    for bot, r in s["per_bot"].items():
        sc = s["scores"][bot]
        by_construction = (
            f"{pct(r['rate'], lang=lang)} ({'by construction' if en else 'par construction'})"
        )
        t.add_row(
            bot,
            count(int(r["n"]), lang=lang),
            share(r["wins"], lang=lang),
            by_construction if alone else rate_text(r, lang),
            num(sc.get("mean", 0), lang=lang),
            share(sc.get("median", 0), lang=lang),
        )
    console.print(t)
    if alone:
        bot = next(iter(s["per_bot"]))
        console.print(
            f"“{bot}” plays every seat: its rate is the fair share by construction ({fair_pct}), "
            "with no interval (the seats of one game are not independent); compare the seats "
            "and the first player instead."
            if en
            else f"« {bot} » occupe toutes les places : son taux est la part équitable par "
            f"construction ({fair_pct}), sans intervalle (les places d'une même partie ne sont "
            "pas indépendantes) ; ce sont les places et le premier joueur qui se comparent.",
            soft_wrap=True,
        )
    if teams:
        t = Table(
            title=f"{'Wins by team' if en else 'Victoires par équipe'}{over}", title_justify="left"
        )
        for key in ("team", "seats", "wins", "rate"):
            t.add_column(heading(key), justify="right")
        for i, r in enumerate(s["per_team"]):
            seats = (" and " if en else " et ").join(str(x + 1) for x in r["seats"])
            t.add_row(str(i + 1), seats, share(r["wins"], lang=lang), rate_text(r, lang))
        console.print(t)
    t = Table(
        title=f"{'Wins by seat' if en else 'Victoires par place'}{over}", title_justify="left"
    )
    for key in ("seat", "wins", "rate"):
        t.add_column(heading(key), justify="right")
    for seat, r in enumerate(s["per_seat"]):
        if r["n"]:  # n = 0: a seat that does not play (Alkamo's arbiter)
            t.add_row(str(seat + 1), share(r["wins"], lang=lang), rate_text(r, lang))
    console.print(t)
    console.print(seats_verdict(s, lang), soft_wrap=True)
    fp = s["first_player"]
    # one verdict, said in the run's language
    side = "above" if fp["low"] > fair else "below" if fp["high"] < fair else "even"
    if en:
        verdict = {
            "above": "a significant advantage",
            "below": "a significant disadvantage",
            "even": "no significant difference",
        }[side]
        who = "The first player's team" if teams else "First player"
        console.print(
            f"{who} (the first to act) wins {rate_text(fp, lang)} of the games, {fair_pct} "
            f"expected — {verdict} at 95%",
            soft_wrap=True,
        )
        return
    verdict = {
        "above": "avantage significatif",
        "below": "désavantage significatif",
        "even": "pas d'écart significatif",
    }[side]
    who = "L'équipe du premier joueur" if teams else "Premier joueur"
    console.print(
        f"{who} (le premier à agir) : {rate_text(fp)} de victoires pour {pct(fair)} "
        f"attendus — {verdict} à 95 %",
        soft_wrap=True,
    )


def team_names(teams: list[list[int]], lang: str = "fr") -> str:
    """« places 1 et 3 contre 2 et 4 » (places numbered from 1, as on the screen); English
    « seats 1 and 3 against 2 and 4 »."""
    if lang == "en":
        return "seats " + " against ".join(" and ".join(str(s + 1) for s in t) for t in teams)
    return "places " + " contre ".join(" et ".join(str(s + 1) for s in team) for team in teams)


def seats_verdict(s: dict[str, Any], lang: str = "fr") -> str:
    """Which seats win significantly more or less often than the fair share, in a sentence
    (places numbered from 1), in French or in English."""
    fair = s["fair_share"]
    off = stats.significant(s["per_seat"], fair)
    if lang == "en":
        fair_pct = pct(fair, lang=lang)
        if not off:
            return f"No seat departs significantly from the fair share ({fair_pct})."
        said_en = [
            f"seat {seat + 1} wins {'more' if sign == '+' else 'less'} often "
            f"({rate_text(s['per_seat'][seat], lang)})"
            for seat, sign in off
        ]
        return (
            f"Significant departure from the fair share ({fair_pct}, at 95%): "
            + "; ".join(said_en)
            + "."
        )
    if not off:
        return f"Aucune place ne s'écarte significativement de la part équitable ({pct(fair)})."
    said = [
        f"la place {seat + 1} gagne {'plus' if sign == '+' else 'moins'} souvent "
        f"({rate_text(s['per_seat'][seat])})"
        for seat, sign in off
    ]
    return (
        f"Écart significatif à la part équitable ({pct(fair)}, à 95 %) : " + " ; ".join(said) + "."
    )
