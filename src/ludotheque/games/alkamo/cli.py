"""``ludotheque alkamo juge THEME MOT``: the Alkamo theme judge's decision and its score.

Exit codes: 0 accepted, 1 refused (or left to the players in ``mixte``), 2 bad input or the
automatic judge not installed (French message on stderr). ``--json`` prints plain JSON:
``{"word", "theme", "accepted", "score", "reason", "reason_en", "source", "mode"}``.
"""

from __future__ import annotations

from typing import Annotated

import typer

from ludotheque.cli.common import AsJson, echo_json, error
from ludotheque.engine.errors import LudoError
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alkamo.maquettes import MAQUETTES, Maquette
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.wordnet import MISSING as WORDNET_MISSING

app = typer.Typer(
    help="Alkamo : le juge des thèmes (parenté d'un mot avec un thème, et son score).",
    no_args_is_help=True,
)


def _theme(text: str, maquette: str | None) -> tuple[str, tuple[str, ...]]:
    """The theme as displayed and its listed related words (from a maquette when the theme
    is one of its plaques; none for any other theme)."""
    folded = fold(text.strip())
    if shape(folded) != "simple":
        error(f"« {text} » n'est pas un mot")
    boards: list[Maquette] = list(MAQUETTES.values())
    if maquette:
        try:
            boards = [maquette_of(maquette)]  # A, B, or a custom maquette's text (§2)
        except LudoError as err:
            error(err.fr)
    for board in boards:
        theme = board.theme(folded)
        if theme is not None:
            return theme.display, theme.related
    display = text.strip().upper() if text.strip().lower() != text.strip() else folded
    return display, ()


@app.command("juge")
def juge(
    theme: Annotated[
        str, typer.Argument(help="le thème, par exemple ARMEE ou armée", metavar="thème")
    ],
    mot: Annotated[str, typer.Argument(help="le mot proposé, par exemple soldat")],
    mode: Annotated[
        str, typer.Option("--mode", help="auto, mixte ou liste (juges sans les joueurs)")
    ] = "auto",
    maquette: Annotated[
        str | None,
        typer.Option(
            "--maquette", help="A, B ou le texte d'une maquette personnalisée (défaut : A et B)"
        ),
    ] = None,
    sans_liste: Annotated[
        bool, typer.Option("--sans-liste", help="ignorer le champ lexical de la maquette")
    ] = False,
    as_json: AsJson = False,
) -> None:
    """La décision du juge sur un mot pour un thème : « parenté avec ARMÉE : 0,62 — accepté »."""
    if mode not in ("auto", "mixte", "liste", "libre"):
        error(f"mode inconnu : {mode} (auto, mixte, liste ou libre)")
    word = fold(mot.strip())
    if shape(word) != "simple":
        error(f"« {mot} » n'est pas un mot (des lettres seulement)")
    display, related = _theme(theme, maquette)
    if sans_liste:
        related = ()
    try:
        judge = J.make_judge(mode)
    except LudoError as err:
        error(err.fr)
    if mode == "mixte":
        decision = judge.decide(display, word, related, mixte=True)
    else:
        decision = judge.decide(display, word, related)
    wordnet = getattr(judge, "wordnet", None) is not None  # the vector judge's sibling rules
    if as_json:
        extra = {"wordnet": wordnet} if mode in ("auto", "mixte") else {}
        echo_json({**decision.to_dict(), "mode": mode, **extra})
    else:
        if mode in ("auto", "mixte") and not wordnet:
            typer.echo(WORDNET_MISSING[0], err=True)
        typer.echo(f"{word} pour {display} : {decision.text_fr()}")
    raise typer.Exit(0 if decision.accepted else 1)
