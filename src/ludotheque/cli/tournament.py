"""`ludotheque tournoi`: a tournament of bot duels, standings after every round, resumable."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.console import Console
from rich.table import Table

from ludotheque import bots as botlib
from ludotheque.engine.errors import LudoError
from ludotheque.tournament import Entrant, Round, Tournament, TournamentOptions
from ludotheque.tournament.runner import default_jobs


def tournoi(
    game: str = typer.Argument("alphapoker", help="Le jeu des duels."),
    joueurs: int = typer.Option(8, "--joueurs", "-n", help="Nombre de participants."),
    bots: str = typer.Option("fort,random", "--bots", help="Bots, attribués tour à tour."),
    seed: int = typer.Option(0, "--seed", help="Graine du tournoi (tirages et donnes)."),
    formule: str = typer.Option("standard", "--formule", help="standard ou championship."),
    appariement: str = typer.Option("halves", "--appariement", help="halves ou fold (R52)."),
    tetes: str = typer.Option("lot", "--tetes-de-serie", help="lot ou ranking (R46)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de jeu nom=valeur."),
    dossier: Path | None = typer.Option(None, "--dossier", help="Dossier du tournoi."),
    jobs: int = typer.Option(default_jobs(), "--jobs", help="Duels joués en parallèle."),
) -> None:
    """Un tournoi de duels entre bots ; reprend là où il s'était arrêté."""
    console = Console(highlight=False)
    try:
        from ludotheque import games

        names = [b.strip() for b in bots.split(",") if b.strip()]
        for name in names:
            botlib.make(game, name)
        entrants = [
            Entrant(f"{names[i % len(names)].capitalize()} {i + 1}", names[i % len(names)])
            for i in range(joueurs)
        ]
        opts = TournamentOptions.parse(
            [f"tournament_format={formule}", f"prelim_pairing={appariement}",
             f"bracket_seeding={tetes}"]
        )  # fmt: skip
        game_options = games.get(game).options_type.parse(option).to_dict()
        folder = dossier or Path(f"tournoi-{game}-{joueurs}-{seed}")
        t = Tournament(game, entrants, seed, opts, game_options, folder, jobs)
        resumed = t.resume()
    except LudoError as exc:
        console.print(f"[red]Erreur : {exc.fr}[/]", soft_wrap=True)
        raise typer.Exit(2) from None
    if resumed:
        console.print(f"Reprise du tournoi : {resumed} duels déjà joués ({t.path}).")
    start = time.perf_counter()
    ranking = t.run(lambda tour, rnd: show_round(console, tour, rnd))
    console.rule("Classement final")
    for place, e in enumerate(ranking, start=1):
        console.print(f"{place:>3}. {t.entrants[e].name}")
    console.print(
        f"{len(t.done)} duels en {time.perf_counter() - start:.1f} s ; tournoi : {t.path}, "
        f"parties : {t.folder / 'parties'}"
    )


def show_round(console: Console, t: Tournament, rnd: Round) -> None:
    console.rule(rnd.title)
    for duel in rnd.duels:
        a, b = t.entrants[duel.a].name, t.entrants[duel.b].name
        w = t.entrants[duel.winner].name if duel.winner is not None else "?"
        console.print(f"  {a} – {b} : {duel.score_text()} → {w}")
    table = Table(title="Classement", title_style="bold")
    for col in ("Rang", "Participant", "Points de match", "Départage", "Duels G–P"):
        table.add_column(col)
    rows = {r["entrant"]: r for r in t.standings()}
    for place, e in enumerate(t.standing_order(f"show:{rnd.label}"), start=1):
        r = rows[e]
        table.add_row(str(place), t.entrants[e].name, str(r["mp"]), f"{r['tb']:+d}",
                      f"{r['won']}–{r['lost']}")  # fmt: skip
    console.print(table)
