"""``ludotheque casinoroyal compare|best|cartons``: Casino Royal's poker hands and cartons.

Exit codes: 0 success, 2 malformed cards (French message on stderr). ``--json`` prints plain JSON.
"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from ludotheque.cards.french52 import format_cards, parse_cards
from ludotheque.cards.poker import PokerHand, compare, hand
from ludotheque.cli.common import AsJson, echo_json, error
from ludotheque.engine.errors import LudoError

app = typer.Typer(
    help="Casino Royal : meilleure main de poker, comparaison de deux mains, les 8 cartons.",
    no_args_is_help=True,
)

CARDS_HELP = "des cartes, par exemple « AS KS QS JS TS » (10 s'écrit T ou 10 ; S H D C)"


def _cards(text: str) -> list[int]:
    try:
        cards = parse_cards(text)
    except LudoError as err:
        error(err.fr)
    if not cards:
        error("aucune carte : écrivez par exemple « AS KS QS JS TS »")
    return cards


def _describe(cards: list[int], h: PokerHand) -> dict[str, Any]:
    return {**h.to_dict(), "cards": format_cards(cards), "best": h.text()}


@app.command("best")
def best_cmd(
    cards: Annotated[str, typer.Argument(help=CARDS_HELP, metavar="cartes")],
    as_json: AsJson = False,
) -> None:
    """Les cinq meilleures cartes (toutes s'il y en a moins de cinq) et leur combinaison."""
    cs = _cards(cards)
    h = hand(cs)
    if as_json:
        echo_json(_describe(cs, h))
    else:
        typer.echo(f"{h.name_fr} : {h.text()}")


@app.command("compare")
def compare_cmd(
    first: Annotated[str, typer.Argument(help="première main", metavar="première")],
    second: Annotated[str, typer.Argument(help="seconde main", metavar="seconde")],
    as_json: AsJson = False,
) -> None:
    """« > », « < » ou « = » (égalité exacte : on partage), puis les deux mains en français."""
    a, b = _cards(first), _cards(second)
    ha, hb = hand(a), hand(b)
    result = compare(a, b)
    if as_json:
        echo_json({"result": result, "first": _describe(a, ha), "second": _describe(b, hb)})
    else:
        typer.echo(f"{result} {ha.name_fr} [{ha.text()}] contre {hb.name_fr} [{hb.text()}]")


@app.command("cartons")
def cartons_cmd(
    number: Annotated[
        int | None, typer.Argument(help="un carton, de 1 à 8 (tous sinon)", metavar="numéro")
    ] = None,
    as_json: AsJson = False,
) -> None:
    """Les cartons de jeu (4 rangées de 5 cartes) et leur meilleure main une fois couverts."""
    from ludotheque.games.casinoroyal.cartons import CARTONS

    if number is not None and not 1 <= number <= len(CARTONS):
        error(f"il y a 8 cartons, numérotés de 1 à 8 (reçu {number})")
    numbers = [number] if number is not None else list(range(1, len(CARTONS) + 1))
    if as_json:
        echo_json({"cartons": {str(k): format_cards(CARTONS[k - 1]) for k in numbers}})
        return
    for k in numbers:
        carton = CARTONS[k - 1]
        typer.echo(f"Carton {k} (tout couvert : {hand(carton).name_fr})")
        for row in range(4):
            typer.echo(
                "  "
                + " ".join(f"{c:>3}" for c in format_cards(carton[5 * row : 5 * row + 5]).split())
            )
