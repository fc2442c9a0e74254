"""``ludotheque lexicon …``: the word tools (check a word, build and inspect the cache).

Exit codes: 0 success (``check``: the word is admitted), 1 ``check``: not admitted,
2 malformed input, 3 the lexicon cannot be loaded. ``--json`` output is plain JSON.
"""

from __future__ import annotations

import time
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from ludotheque.cli.common import AsJson, Compound, Lang, echo_json, fail, guard, lexicon
from ludotheque.lexicon import POLICIES, load

lexicon_app = typer.Typer(help="Le lexique français (Lexique 3.83) : vérifier un mot, le cache.")

Game = Annotated[str, typer.Option("--jeu", help="alphapoker ou alkamo")]


@lexicon_app.command("check")
def check(
    mot: Annotated[str, typer.Argument(help="le mot, avec ou sans accents")],
    jeu: Game = "alphapoker",
    composes: Compound = False,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Dit si MOT est admis, et pourquoi. Code de sortie 0 admis, 1 non admis, 2 saisie invalide."""
    lex = lexicon(jeu, composes, lang)
    verdict = guard(lang, lambda: lex.explain(mot))
    reason = verdict.reason_en if lang == "en" else verdict.reason_fr
    if as_json:
        echo_json({"word": verdict.word, "admitted": verdict.admitted, "reason": reason})
    else:
        Console(emoji=False).print(
            Text(verdict.word, style="bold green" if verdict.admitted else "bold red")
            + Text(f" : {reason}")
        )
    raise typer.Exit(0 if verdict.admitted else 1)


@lexicon_app.command("build")
def build(jeu: Game = "alphapoker", composes: Compound = False, lang: Lang = "fr") -> None:
    """Reconstruit le lexique compilé (et son index de recherche) et l'écrit dans le cache."""
    if jeu not in POLICIES:
        fail(f"jeu inconnu : {jeu} (alphapoker ou alkamo)")
    t0 = time.perf_counter()
    lex = guard(lang, lambda: load(jeu, composes, rebuild=True))
    lex.search_index()
    elapsed = time.perf_counter() - t0
    c = lex.counts
    typer.echo(
        f"{jeu}{' (composés)' if composes else ''} : {c['lexique']} formes de Lexique "
        f"+ {c.get('added', 0)} ajoutées + {c['completed']} complétées (Grammalecte) "
        f"= {len(lex)} mots, en {elapsed:.1f} s"
    )
    typer.echo(f"cache : {lex.cache_path('words').parent}")


@lexicon_app.command("info")
def info(
    jeu: Game = "alphapoker", composes: Compound = False, as_json: AsJson = False, lang: Lang = "fr"
) -> None:
    """Chemin du cache et nombre de mots."""
    lex = lexicon(jeu, composes, lang)
    path = lex.cache_path("words")
    data = {
        "game": jeu,
        "compound": composes,
        "cache": str(path.parent),
        "words": len(lex),
        "lexique": lex.counts["lexique"],
        "added": lex.counts.get("added", 0),
        "completed": lex.counts["completed"],
        "cached": path.exists(),
    }
    if as_json:
        echo_json(data)
        return
    for key, value in data.items():
        typer.echo(f"{key} : {value}")


@lexicon_app.command("manquants")
def missing(
    limit: Annotated[int, typer.Option("--limit", min=0, help="mots affichés")] = 50,
    as_json: AsJson = False,
    lang: Lang = "fr",
) -> None:
    """Les mots de Grammalecte absents de Lexique 3.83 (d'où viennent les mots ajoutés).

    Les mots en minuscules, d'un seul mot, du dictionnaire de Grammalecte que Lexique 3.83 \
n'a pas : la vérification d'où viennent les mots ajoutés au lexique (ZÊTA…)."""
    from ludotheque.lexicon.hunspell import missing_from_lexique
    from ludotheque.lexicon.policy import ADDITIONS

    words = guard(lang, missing_from_lexique)
    added = sorted(spelling for spelling, _ in ADDITIONS.values())
    if as_json:
        echo_json({"missing": len(words), "shown": words[:limit], "added": added})
        return
    if lang == "en":
        typer.echo(
            f"{len(words)} Grammalecte words missing from Lexique 3.83; added: {', '.join(added)}"
        )
    else:
        typer.echo(
            f"{len(words)} mots de Grammalecte absents de Lexique 3.83 ; ajoutés : "
            f"{', '.join(added)}"
        )
    for word in words[:limit]:
        typer.echo(word)
