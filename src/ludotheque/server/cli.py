"""``ludotheque serve``: the online ludothèque on uvicorn."""

from __future__ import annotations

import logging
from typing import NoReturn

import typer

from ludotheque.server.config import Settings, default_data_dir, default_database_url

LOG_LEVELS = ("debug", "info", "warning", "error", "critical")


def _refuse(message: str) -> NoReturn:
    """One line on stderr, exit code 2, before anything is announced."""
    typer.echo(f"Erreur : {message}", err=True)
    raise typer.Exit(2)


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Adresse d'écoute."),
    port: int = typer.Option(
        8000, "--port", min=0, max=65535, help="Port d'écoute (0 : un port libre)."
    ),
    database_url: str | None = typer.Option(
        None,
        "--database-url",
        help="Base de données (DATABASE_URL ; par défaut un fichier SQLite dans le dossier de "
        "données de l'utilisateur).",
    ),
    redis_url: str | None = typer.Option(
        None, "--redis-url", help="Redis pour plusieurs processus (REDIS_URL)."
    ),
    bot_delay: float = typer.Option(
        0.6, "--bot-delay", min=0.0, max=60.0, help="Réflexion des bots (secondes)."
    ),
    grace: float = typer.Option(
        30.0,
        "--grace",
        min=0.0,
        max=86_400.0,
        help="Délai avant qu'un bot remplace un joueur déconnecté (secondes).",
    ),
    rule_clock: float = typer.Option(
        30.0,
        "--rule-clock",
        min=1.0,
        max=86_400.0,
        help="Durée des minuteurs du livret quand le jeu ne la donne pas.",
    ),
    lease_ttl: float = typer.Option(
        6.0,
        "--lease-ttl",
        min=1.0,
        max=3600.0,
        help="Bail d'un processus sur une table (secondes, plusieurs processus).",
    ),
    bot_workers: int = typer.Option(
        1, "--bot-workers", min=1, help="Fils où réfléchissent les bots (jamais ceux des joueurs)."
    ),
    bot_share: float = typer.Option(
        0.5,
        "--bot-share",
        min=0.05,
        max=1.0,
        help="Part du temps de ces fils laissée aux bots des tables sans joueur.",
    ),
    max_open_tables: int = typer.Option(
        10, "--max-open-tables", min=1, help="Tables en cours qu'un joueur peut avoir créées."
    ),
    guests_per_address: int = typer.Option(
        20,
        "--invites-par-adresse",
        min=1,
        max=100_000,
        help="Invités qu'une même adresse peut créer d'un coup (puis un toutes les 30 s) : "
        "un club sur un seul Wi-Fi en inscrit plus.",
    ),
    log_level: str = typer.Option("info", "--log-level", help="debug, info, warning…"),
    ws_deflate: bool = typer.Option(
        False,
        "--ws-deflate",
        help="Compresser les messages WebSocket (permessage-deflate) : moins d'octets, mais "
        "le double de processeur par action (docs/server.md).",
    ),
) -> None:
    """Lancer la ludothèque en ligne (le site, l'API et les parties)."""
    import uvicorn

    from ludotheque.server import preflight
    from ludotheque.server.app import create_app
    from ludotheque.server.websocket import uvicorn_options

    if log_level.lower() not in LOG_LEVELS:
        _refuse(
            f"--log-level attend {', '.join(LOG_LEVELS)}, pas « {log_level} »",
        )

    settings = Settings(
        bot_delay=bot_delay,
        grace=grace,
        rule_clock=rule_clock,
        lease_ttl=lease_ttl,
        bot_workers=bot_workers,
        bot_share=bot_share,
        max_open_tables=max_open_tables,
        guest_burst=float(guests_per_address),
    )
    if database_url:
        settings.database_url = database_url
    if redis_url:
        settings.redis_url = redis_url
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s %(message)s")
    logging.getLogger("alembic").setLevel(logging.WARNING)
    try:
        preflight.check(settings)
    except preflight.StartupError as exc:
        _refuse(exc.fr)
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else host
    db = settings.database_url
    where = db.split("///", 1)[1] if db.startswith("sqlite") else preflight.shown_url(db)
    typer.echo(f"Ludothèque en ligne : http://{shown}:{port}/  (base : {where})")
    if settings.database_url == default_database_url():
        typer.echo(f"Données dans {default_data_dir()} ; Ctrl-C pour arrêter.")
    uvicorn.run(
        create_app(settings),
        host=host,
        port=port,
        **uvicorn_options(deflate=ws_deflate),
        log_level=log_level,
        timeout_graceful_shutdown=5,
    )
