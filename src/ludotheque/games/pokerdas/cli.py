"""``ludotheque pokerdas rank|compare|odds``: the Poker d'As hand tools.

Exit codes: 0 success, 2 malformed dice (French message on stderr). ``--json`` prints plain JSON.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ludotheque.cli.common import AsJson, echo_json, error
from ludotheque.engine.errors import LudoError
from ludotheque.games.pokerdas.hands import (
    COMBO_FR,
    COMBO_ID,
    THROWS,
    Hand,
    compare,
    evaluate,
    format_faces,
    odds,
    parse_throw,
)

app = typer.Typer(
    help="Le Poker d'As : combinaison d'un coup, comparaison de deux coups, table des chances.",
    no_args_is_help=True,
)

Joker = Annotated[bool, typer.Option("--joker", help="Poker-Joker : les As sont jokers")]


def _hand(text: str, joker: bool) -> tuple[str, Hand]:
    try:
        dice = parse_throw(text)
    except LudoError as err:
        error(err.fr)
    return format_faces(dice, sort=False), evaluate(dice, joker)


@app.command("rank")
def rank(
    dice: Annotated[
        str, typer.Argument(help="cinq dés, par exemple « A A K K Q » ou AAKKQ", metavar="dés")
    ],
    joker: Joker = False,
    as_json: AsJson = False,
) -> None:
    """La combinaison d'un coup, en français."""
    text, hand = _hand(dice, joker)
    if as_json:
        echo_json({"dice": text, "joker": joker, **hand.to_dict()})
    else:
        typer.echo(hand.name_fr())


@app.command("compare")
def compare_cmd(
    first: Annotated[str, typer.Argument(help="premier coup", metavar="premier")],
    second: Annotated[str, typer.Argument(help="second coup", metavar="second")],
    joker: Joker = False,
    as_json: AsJson = False,
) -> None:
    """« > », « < » ou « = » (égalité exacte : coup sec), puis les deux combinaisons."""
    (ta, ha), (tb, hb) = _hand(first, joker), _hand(second, joker)
    result = compare(parse_throw(ta), parse_throw(tb), joker)
    if as_json:
        echo_json(
            {
                "result": result,
                "joker": joker,
                "first": {"dice": ta, **ha.to_dict()},
                "second": {"dice": tb, **hb.to_dict()},
            }
        )
    else:
        typer.echo(f"{result} {ha.name_fr()} [{ta}] contre {hb.name_fr()} [{tb}]")


@app.command("odds")
def odds_cmd(joker: Joker = False, as_json: AsJson = False) -> None:
    """La table exacte d'un coup de cinq dés (sur 7776), calculée en énumérant tous les coups."""
    counts = odds(joker)
    if as_json:
        by_name = {COMBO_ID[c]: counts[c] for c in sorted(counts, reverse=True)}
        echo_json({"joker": joker, "total": THROWS, "counts": by_name})
        return
    typer.echo(f"Un coup de cinq dés{' (As jokers)' if joker else ''} : {THROWS} coups possibles")
    for c in sorted(counts, reverse=True):
        share = f"{100 * counts[c] / THROWS:7.4f} %".replace(".", ",")  # « 0,0772 % »
        typer.echo(f"{COMBO_FR[c]:<12} {counts[c]:>5} / {THROWS}   {share}")
