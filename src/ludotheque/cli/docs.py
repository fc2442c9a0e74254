"""`ludotheque docs`: one documentation page per game, generated from the sources the program
itself uses (ludotheque/games/docs.py) plus the game's command-line tools. A test checks that
docs/games/ is up to date (`make docs` rewrites it).
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from ludotheque import games
from ludotheque.cli.common import refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.engine.protocol import Game
from ludotheque.games import docs as gamedocs
from ludotheque.games.docs import DOCS, _cell, index
from ludotheque.sim import output
from ludotheque.term.french import plural

__all__ = ["docs", "index", "page"]


def docs(
    game: str | None = typer.Argument(None, help="Un jeu (par défaut : tous).", metavar="jeu"),
    dossier: Path = typer.Option(DOCS, "--dossier", help="Où écrire les pages."),
    check: bool = typer.Option(
        False, "--check", help="Vérifier seulement que les pages sont à jour (code 1 sinon)."
    ),
) -> None:
    """Écrire la page de documentation de chaque jeu (règles, options, bots, notation)."""
    console = Console(highlight=False)
    try:
        names = [games.get(game).name] if game else games.names()
    except LudoError as exc:
        raise refused(console, exc) from None
    pages = {f"{name}.md": page(games.get(name)) for name in names}
    if game is None:
        pages["README.md"] = index()
    stale = [f for f, text in pages.items() if _read(dossier / f) != text]
    if check:
        for f in stale:
            if (dossier / f).exists():
                console.print(
                    f"[red]{dossier / f} n'est pas à jour : lancez « ludotheque docs »[/]"
                )
            else:
                console.print(f"[red]{dossier / f} est absente : lancez « ludotheque docs »[/]")
        raise typer.Exit(1 if stale else 0)
    try:
        output.folder_target(dossier, "--dossier")
        for f in stale:
            (dossier / f).write_text(pages[f], encoding="utf-8")
    except OSError as exc:  # the disk filled up, the folder went away while writing
        fr, en = os_reason(exc)
        raise refused(
            console,
            OptionsError(
                f"--dossier {dossier} : impossible d'écrire les pages ({fr})",
                f"--dossier {dossier}: cannot write the pages ({en})",
            ),
        ) from None
    except LudoError as exc:
        raise refused(console, exc) from None
    updated = plural(len(stale), "mise à jour", "mises à jour")
    console.print(f"{plural(len(pages), 'page')} dans {dossier} ({updated}).")


def _read(path: Path) -> str | None:
    return path.read_text(encoding="utf-8") if path.exists() else None


def page(g: Game) -> str:
    """The Markdown page of game ``g``: docs/games/<game>.md."""
    return gamedocs.page(g, _commands(g))


def game_commands(g: Game) -> typer.Typer | None:
    """The game's own tools (``Game.cli_commands``), mounted as ``ludotheque GAME …``."""
    if g.cli_commands is None:
        return None
    tools = importlib.import_module(g.cli_commands).app
    if not isinstance(tools, typer.Typer):
        raise TypeError(f"{g.cli_commands}.app is not a typer.Typer")
    return tools


def _commands(g: Game) -> list[str]:
    tools = game_commands(g)
    if tools is None:
        return []
    root = typer.Typer()  # mounted as `ludotheque GAME`, so that one command stays a group
    root.add_typer(tools, name=g.name)
    # typer's own click (it may ship its own copy of click): read it by duck typing
    group: Any = getattr(typer.main.get_command(root), "commands", {}).get(g.name)
    if not getattr(group, "commands", None):
        return []
    out = ["## Outils en ligne de commande", "", f"`ludotheque {g.name} COMMANDE` :", ""]
    out += ["| commande | ce qu'elle fait | paramètres |", "| --- | --- | --- |"]
    for name, cmd in sorted(group.commands.items()):
        params = []
        for p in cmd.params:
            option = p.param_type_name == "option"
            label = "/".join(p.opts) if option else (p.name or "").upper()
            hint = getattr(p, "help", "") or ""
            params.append(f"`{label}`" + (f" : {hint}" if hint else ""))
        out.append(
            f"| `{name}` | {_cell(cmd.get_short_help_str(200))} | {_cell('<br>'.join(params))} |"
        )
    return [*out, ""]
