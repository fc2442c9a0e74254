"""`ludotheque tournoi`: a tournament of bot duels, standings after every round, resumable."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ludotheque import bots as botlib
from ludotheque.cli.common import refused
from ludotheque.engine.errors import LudoError
from ludotheque.term.french import agree, plural
from ludotheque.tournament import Entrant, Round, Tournament, TournamentOptions
from ludotheque.tournament.runner import default_jobs


def tournoi(
    game: str = typer.Argument("alphapoker", help="Le jeu des duels.", metavar="jeu"),
    joueurs: int = typer.Option(8, "--joueurs", "-n", help="Nombre de participants."),
    bots: str = typer.Option("fort,random", "--bots", help="Bots, attribués tour à tour."),
    seed: int = typer.Option(0, "--seed", help="Graine du tournoi (tirages et donnes)."),
    formule: str = typer.Option("standard", "--formule", help="standard ou championship."),
    appariement: str = typer.Option(
        "halves",
        "--appariement",
        help="halves (chaque moitié du classement : 1er contre dernier de sa moitié) ou fold "
        "(chacun contre le moins bien classé qu'il n'a pas encore rencontré).",
    ),
    tetes: str = typer.Option(
        "lot", "--tetes-de-serie", help="lot (tirage au sort) ou ranking (classement)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de jeu nom=valeur."),
    dossier: Path | None = typer.Option(None, "--dossier", help="Dossier du tournoi."),
    jobs: int = typer.Option(default_jobs(), "--jobs", help="Duels joués en parallèle."),
    serveur: str | None = typer.Option(
        None,
        "--serveur",
        help="Créer le tournoi en ligne sur ce serveur (URL) au lieu de le jouer.",
    ),
    nom: str | None = typer.Option(None, "--nom", help="En ligne : nom du tournoi."),
    debut: float = typer.Option(
        15.0, "--debut", help="En ligne : début dans tant de minutes (inscriptions d'ici là)."
    ),
    remplir: bool = typer.Option(
        False, "--remplir", help="En ligne : le premier bot de --bots complète les places libres."
    ),
    invitation: bool = typer.Option(False, "--invitation", help="En ligne : sur invitation."),
    absence: float = typer.Option(60.0, "--absence", help="En ligne : secondes avant forfait."),
    pendule: float | None = typer.Option(None, "--pendule", help="En ligne : secondes par coup."),
    duree_tour: float | None = typer.Option(
        None,
        "--duree-tour",
        help="En ligne : durée d'un tour au plus, en minutes (ensuite chaque duel inachevé va "
        "à qui mène).",
    ),
    organisateur: str = typer.Option(
        "Organisateur", "--organisateur", help="En ligne : pseudonyme (invité) de l'organisateur."
    ),
    jeton: str | None = typer.Option(
        None, "--jeton", envvar="LUDOTHEQUE_TOKEN", help="En ligne : jeton d'un compte existant."
    ),
) -> None:
    """Un tournoi de duels (bots ; avec --serveur, en ligne pour des personnes).

    Entre bots, il reprend là où il s'était arrêté. Avec --serveur, il crée un tournoi en \
ligne pour des personnes (et des bots) sur un serveur de la ludothèque."""
    console = Console(highlight=False)
    if serveur:
        spec = {
            "name": nom,
            "game": game,
            "places": joueurs,
            "bots": remplir,
            "bot": bots.split(",")[0].strip() if remplir else None,
            "formula": {
                "tournament_format": formule,
                "prelim_pairing": appariement,
                "bracket_seeding": tetes,
            },
            "options": dict(_option_pairs(option)),
            "move_clock": pendule,
            "round_deadline": None if duree_tour is None else duree_tour * 60,
            "grace": absence,
            "starts_at": time.time() + debut * 60,
            "invitation": invitation,
        }
        online(console, serveur, spec, organisateur, jeton)
        return
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
            [
                f"tournament_format={formule}",
                f"prelim_pairing={appariement}",
                f"bracket_seeding={tetes}",
            ]
        )
        game_options = games.get(game).options_type.parse(option).to_dict()
        folder = dossier or Path(f"tournoi-{game}-{joueurs}-{seed}")
        t = Tournament(game, entrants, seed, opts, game_options, folder, jobs)
        resumed = t.resume()
    except LudoError as exc:
        raise refused(console, exc) from None
    if resumed:
        console.print(
            f"Reprise du tournoi : {plural(resumed, 'duel')} déjà "
            f"{agree(resumed, 'joué', 'joués')} ({t.path})."
        )
    start = time.perf_counter()
    ranking = t.run(lambda tour, rnd: show_round(console, tour, rnd))
    console.rule("Classement final")
    for place, e in enumerate(ranking, start=1):
        console.print(f"{place:>3}. {t.entrants[e].name}")
    console.print(
        f"{plural(len(t.done), 'duel')} en {time.perf_counter() - start:.1f} s ; "
        f"tournoi : {t.path}, "
        f"parties : {t.folder / 'parties'}"
    )


def _option_pairs(option: list[str]) -> list[tuple[str, str]]:
    """``-o nom=valeur``, the server's game reads the values (as the offline options do)."""
    pairs = []
    for item in option:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(f"option « {item} » : il faut nom=valeur")
        pairs.append((name.strip(), value.strip()))
    return pairs


def online(
    console: Console, url: str, spec: dict[str, Any], organiser: str, token: str | None
) -> None:
    """Create the tournament on a server (POST /api/tournaments); print its page and links."""
    import httpx

    base = url.rstrip("/")
    try:
        with httpx.Client(base_url=base, timeout=120) as http:  # a cold server loads a lexicon
            if not token:
                r = http.post("/api/guest", json={"name": organiser})
                _check(console, r)
                token = r.json()["token"]
                console.print(f"Organisateur : invité « {organiser} », jeton {token}")
            game = spec["game"]
            options = {}
            if spec["options"]:
                from ludotheque import games

                opts = games.get(game).options_type.parse(
                    [f"{k}={v}" for k, v in spec["options"].items()]
                )
                options = opts.to_dict()
            r = http.post(
                "/api/tournaments",
                json={**spec, "options": options},
                headers={"Authorization": f"Bearer {token}"},
            )
            _check(console, r)
    except httpx.HTTPError as exc:
        console.print(f"[red]Erreur : le serveur {base} ne répond pas ({exc})[/]", soft_wrap=True)
        raise typer.Exit(2) from None
    except LudoError as exc:
        raise refused(console, exc) from None
    t = r.json()
    console.print(f"Tournoi créé : {base}/tournament/{t['id']}")
    if t.get("invite"):
        console.print(f"Lien d'invitation : {base}/tournament/{t['id']}?invite={t['invite']}")


def _check(console: Console, r: Any) -> None:
    if r.status_code >= 400:
        try:
            detail = r.json()["detail"]
            why = detail["message"] if isinstance(detail, dict) else str(detail)
        except (ValueError, KeyError, TypeError):
            why = r.text[:300]
        console.print(f"[red]Erreur du serveur ({r.status_code}) : {why}[/]", soft_wrap=True)
        raise typer.Exit(2)


def show_round(console: Console, t: Tournament, rnd: Round) -> None:
    console.rule(rnd.title)
    for duel in rnd.duels:
        a, b = t.entrants[duel.a].name, t.entrants[duel.b].name
        w = t.entrants[duel.winner].name if duel.winner is not None else "?"
        console.print(f"  {a} – {b} : {duel.score_text()} → {w}")
    if rnd.label.startswith("rr"):  # R54 with an odd number: one entrant has no duel
        playing = {e for duel in rnd.duels for e in (duel.a, duel.b)}
        for e in sorted(set(range(len(t.entrants))) - playing):
            console.print(f"  Au repos ce tour : {t.entrants[e].name} (nombre impair).")
    table = Table(title="Classement", title_style="bold")
    for col in ("Rang", "Participant", "Points de match", "Départage", "Duels G–P"):
        table.add_column(col)
    rows = {r["entrant"]: r for r in t.standings()}
    for place, e in enumerate(t.standing_order(f"show:{rnd.label}"), start=1):
        r = rows[e]
        table.add_row(
            str(place), t.entrants[e].name, str(r["mp"]), f"{r['tb']:+d}", f"{r['won']}–{r['lost']}"
        )
    console.print(table)
