"""The kit every ``ludotheque`` command shares: the commands of cli/ and the games' own
commands (the module a ``Game`` names in ``cli_commands`` belongs to the CLI layer it serves,
so it imports this kit; the game's other modules never do).

A refusal prints its message and exits: 2 malformed input or a refused option, 3 a lexicon
that cannot be loaded (:func:`fail`, :func:`guard`, :func:`refused`). ``--json`` output is
plain JSON on stdout (:func:`echo_json`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.text import Text

from ludotheque.engine.errors import LexiconError, LudoError, OptionsError
from ludotheque.lexicon import POLICIES, Lexicon, load

# The options several commands take, spelled once.
AsJson = Annotated[bool, typer.Option("--json", help="sortie JSON")]
Lang = Annotated[str, typer.Option("--lang", help="fr ou en")]
Compound = Annotated[bool, typer.Option("--composes", help="admettre les mots composés")]

T = TypeVar("T")


def fail(message: str, code: int = 2) -> NoReturn:
    """Print ``message`` in red on stderr and exit with ``code``."""
    Console(stderr=True).print(Text(message, style="bold red"), soft_wrap=True)
    raise typer.Exit(code)


def error(message: str) -> NoReturn:
    """:func:`fail` with a French message, after « Erreur : » (exit code 2)."""
    fail(f"Erreur : {message}")


def guard(lang: str, action: Callable[[], T]) -> T:
    """Run ``action``; a lexicon error exits 3, any other error of the package (a notation
    error, a refused option) 2, with its message in ``lang``."""
    try:
        return action()
    except LexiconError as err:
        fail(err.message(lang), 3)
    except LudoError as err:
        fail(err.message(lang), 2)


def lexicon(game: str, compound: bool, lang: str) -> Lexicon:
    """The lexicon of ``game``'s admissibility policy (exit 2 for an unknown game, 3 when it
    cannot be loaded)."""
    if game not in POLICIES:
        fail(f"jeu inconnu : {game} (alphapoker ou alkamo)")
    return guard(lang, lambda: load(game, compound))


def echo_json(data: Any) -> None:
    """``data`` as one line of JSON on stdout (accents as they are)."""
    typer.echo(json.dumps(data, ensure_ascii=False))


def refused(console: Console, exc: LudoError) -> typer.Exit:
    """Print a refusal on the command's console, in French; the exit (2) to raise. A refused
    option is named by its key as one types it (``--option hand_size=12``), where its message
    names it as the table form shows it (« Cartes par main »)."""
    key = exc.option if isinstance(exc, OptionsError) else None
    where = f" (option {key})" if key else ""
    console.print(f"[red]Erreur : {exc.fr}{where}[/]", highlight=False, soft_wrap=True)
    return typer.Exit(2)
