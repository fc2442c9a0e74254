"""``ludotheque alice moves|show "POSITION"``: the legal actions of a position, its board.

Exit codes: 0 success, 2 malformed position or options. ``--json`` output is plain JSON.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console

from ludotheque.cli.common import AsJson, Lang, echo_json, fail
from ludotheque.engine.errors import LudoError
from ludotheque.games.alice.notation import format_key, parse_position, threats_created
from ludotheque.games.alice.rules import AliceState
from ludotheque.games.alice.terminal import board_text

app = typer.Typer(help="Alice : actions légales d'une position, dessin du damier.")

Position = Annotated[str, typer.Argument(help="une position Alice (notation de docs/alice.md)")]
Level = Annotated[str, typer.Option("--level", "--niveau", help="niveau A ou B")]
Blocage = Annotated[bool, typer.Option("--blocage", help="les cartes bloquent les lignes")]


def _state(text: str, level: str, blocage: bool, lang: str) -> AliceState:
    try:
        return parse_position(text, {"level": level.upper(), "blocage": blocage})
    except LudoError as err:
        fail(err.message(lang))


@app.command("moves")
def moves(
    position: Position,
    level: Level = "B",
    blocage: Blocage = False,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Les actions légales du joueur au trait, avec les menaces qu'elles créent."""
    state = _state(position, level, blocage, lang)
    rows = [(format_key(k), threats_created(state, k)) for k in state.legal_keys()]
    if state.is_over():
        rows = []
    if as_json:
        echo_json([{"action": a, "threats": t} for a, t in rows])
        return
    console = Console(highlight=False)
    if not rows:
        console.print("Partie terminée : aucune action." if lang == "fr" else "Game over.")
    for action, created in rows:
        note = f"  menace {', '.join(created)}" if created else ""
        console.print(f"{action}{note}")


@app.command("show")
def show(
    position: Position,
    level: Level = "B",
    blocage: Blocage = False,
    threats: Annotated[bool, typer.Option("--menaces", "--threats", help="montrer")] = False,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Dessine le damier d'une position (cartes verrouillées marquées *)."""
    state = _state(position, level, blocage, lang)
    view = state.view(None)
    if as_json:
        echo_json(view)
        return
    console = Console(highlight=False)
    console.print(board_text(view, threats))
    side = "Blanc" if state.turn == state.white else "Noir"
    s = view["scores"]
    console.print(f"Trait : {side}   Pioche : {view['pile']}   Blanc {s[0]} pts   Noir {s[1]} pts")
    if threats and view["threats"]:
        console.print("Menaces : " + ", ".join(f"{a}→{t}" for a, t in view["threats"]))
    if view["drawn"]:
        console.print(f"Carte tirée à poser : {view['drawn']}")
