"""The kit every ``ludotheque`` command shares: the commands of cli/ and the games' own
commands (the module a ``Game`` names in ``cli_commands`` belongs to the CLI layer it serves,
so it imports this kit; the game's other modules never do).

A refusal prints its message and exits: 2 malformed input or a refused option, 3 a lexicon
that cannot be loaded (:func:`fail`, :func:`guard`, :func:`refused`). ``--json`` output is
plain JSON on stdout (:func:`echo_json`). The command line's own refusals (an unknown option,
a value of the wrong type) are said in French too (:class:`FrenchGroup`, :func:`usage_refusal`).
"""

from __future__ import annotations

import difflib
import itertools
import json
import re
import sys
from collections.abc import Callable, Sequence
from typing import Annotated, Any, NoReturn, TypeVar

import typer
import typer.core
import typer.rich_utils
from pydantic import ValidationError
from rich.console import Console
from rich.text import Text
from typer import _click

from ludotheque.engine.errors import LexiconError, LudoError, OptionsError
from ludotheque.lexicon import POLICIES, Lexicon, load


def _lang(value: str) -> str:
    if value not in ("fr", "en"):
        raise typer.BadParameter(f"attend fr ou en, pas « {value} »")
    return value


# The options several commands take, spelled once.
AsJson = Annotated[bool, typer.Option("--json", help="sortie JSON")]
# The terminal speaks French. --lang en: the tables (play, reprendre, replay) and the tools
# (simulate, tournoi, rapport) say everything in English (ScreenLang); the other commands their
# refusals (Lang).
Lang = Annotated[
    str,
    typer.Option(
        "--lang",
        help="fr ou en : la langue des refus (le reste de l'affichage est en français)",
        callback=_lang,
    ),
]
ScreenLang = Annotated[
    str,
    typer.Option(
        "--lang",
        help="fr ou en : la langue de tout l'affichage et des refus",
        callback=_lang,
    ),
]
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


def refused(console: Console, exc: LudoError, lang: str = "fr") -> typer.Exit:
    """Print a refusal on the command's console, in French (in English with ``lang`` « en »);
    the exit (2) to raise. A refused option is named by its key as one types it (``--option
    hand_size=12``), where its message names it as the table form shows it (« Cartes par
    main »)."""
    key = exc.option if isinstance(exc, OptionsError) else None
    where = f" (option {key})" if key else ""
    said = f"Error: {exc.en}" if lang == "en" else f"Erreur : {exc.fr}"
    console.print(f"[red]{said}{where}[/]", highlight=False, soft_wrap=True)
    return typer.Exit(2)


# The help's own words, in French (Typer reads these when it draws a help page).
typer.rich_utils.COMMANDS_PANEL_TITLE = "Commandes"
typer.rich_utils.DEFAULT_STRING = "[défaut : {}]"
typer.rich_utils.REQUIRED_LONG_STRING = "[requis]"

# The usage line and the help option in French (the framework writes « Usage: [OPTIONS] »
# and « Show this message and exit. »), and no type beside a flag, which takes no value.
_USAGE_WORDS = {"[OPTIONS]": "[options]", "COMMAND [ARGS]...": "COMMANDE [ARGUMENTS]..."}
_TYPE_WORDS = {"int": "entier", "float": "nombre", "str": "texte", "text": "texte",
               "path": "fichier", "file": "fichier", "directory": "dossier"}  # fmt: skip


def _format_usage(self: Any, ctx: Any, formatter: Any) -> None:
    pieces = [_USAGE_WORDS.get(p, p) for p in self.collect_usage_pieces(ctx)]
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix="Usage : ")


def _french_help_option(original: Callable[..., Any]) -> Callable[..., Any]:
    def get_help_option(self: Any, ctx: Any) -> Any:
        option = original(self, ctx)
        if option is not None:
            option.help = "Afficher cette aide et quitter."
        return option

    return get_help_option


def _french_type(original: Callable[..., Any]) -> Callable[..., Any]:
    def display_type_rich(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False) or getattr(self, "is_bool_flag", False):
            return None
        shown = original(self, ctx)
        if shown is None:
            return None
        shown = re.sub(r"<(\w+) range>", r"<\1>", shown)  # « <int range> » (a bounded number)
        shown = re.sub(r"<list\[(\w+)\]>", r"<\1>", shown)  # an option given several times
        return re.sub(r"<(\w+)>", lambda m: f"<{_TYPE_WORDS.get(m[1], m[1])}>", shown)

    return display_type_rich


def _french_range(self: Any) -> str | None:
    """A bounded number's limits in words: « 0 à 65535 », « ≥ 1 » (« 0<=x<=65535 », « x>=1 »)."""
    low, high = getattr(self, "min", None), getattr(self, "max", None)
    if low is None and high is None:
        return None
    if low is None:
        return f"≤ {high:g}"
    if high is None:
        return f"≥ {low:g}"
    return f"{low:g} à {high:g}"


_click.core.Command.format_usage = _format_usage  # type: ignore[method-assign]
_click.core.Command.get_help_option = _french_help_option(  # type: ignore[method-assign]
    _click.core.Command.get_help_option
)
for _param in (typer.core.TyperOption, typer.core.TyperArgument):
    _param.display_type_rich = _french_type(_param.display_type_rich)  # type: ignore[method-assign]
    _param._get_number_range_help_str = _french_range  # type: ignore[method-assign]

# What a value of the wrong type should have been, by the kind of pydantic's refusal.
EXPECTED = {"int": "un nombre entier", "float": "un nombre", "bool": "oui ou non"}
EXPECTED_EN = {"int": "a whole number", "float": "a number", "bool": "yes or no"}
BOUNDS = {"ge": "≥", "gt": ">", "le": "≤", "lt": "<"}  # a number's limits, as pydantic names them


def _named(param: Any) -> str:
    """An option as one types it (``--seed``), an argument as the help shows it (its
    ``metavar``, else its name: ``mot``)."""
    opts = getattr(param, "opts", None) or []
    if getattr(param, "param_type_name", "") == "option" and opts:
        return str(max(opts, key=len))
    shown = getattr(param, "metavar", None) or getattr(param, "name", "") or "?"
    return str(shown).strip("{}[]")


def _one_name_each(ctx: Any, names: Sequence[str]) -> list[str]:
    """The close option names, the closest first, one per option (``--bot`` for ``--bots``)."""
    params = getattr(getattr(ctx, "command", None), "params", [])
    seen: set[int] = set()
    out = []
    for name in names:
        owner = next((id(p) for p in params if name in getattr(p, "opts", ())), id(name))
        if owner not in seen:
            seen.add(owner)
            out.append(name)
    return out


def usage_refusal(exc: _click.ClickException, lang: str = "fr") -> str:
    """The message for a refusal of the command line itself (what the framework says in its
    own words: « No such option: --bto », « Invalid value for '--seed': … »), in French or, with
    ``lang`` « en », in the project's English."""
    en = lang == "en"
    ctx = getattr(exc, "ctx", None)
    if isinstance(exc, _click.exceptions.NoSuchOption):
        close = _one_name_each(ctx, exc.possibilities or ())
        if en:
            hint = f" (did you mean {' or '.join(close)}?)" if close else ""
            return f"unknown option: {exc.option_name}{hint}"
        hint = f" (voulez-vous dire {' ou '.join(close)} ?)" if close else ""
        return f"option inconnue : {exc.option_name}{hint}"
    if isinstance(exc, _click.exceptions.BadOptionUsage):
        if "requires" in exc.message:
            if en:
                return f"the option {exc.option_name} needs a value"
            return f"l'option {exc.option_name} attend une valeur"
        if "does not take a value" in exc.message:
            if en:
                return f"the option {exc.option_name} takes no value"
            return f"l'option {exc.option_name} ne prend pas de valeur"
    if isinstance(exc, _click.exceptions.MissingParameter):
        param = exc.param
        argument = getattr(param, "param_type_name", "") == "argument"
        if en:
            return f"missing {'argument' if argument else 'option'}: {_named(param)}"
        return f"{'argument manquant' if argument else 'option manquante'} : {_named(param)}"
    if isinstance(exc, _click.exceptions.BadParameter):
        name = _named(exc.param) if exc.param is not None else ("a value" if en else "une valeur")
        cause = exc.__cause__
        if isinstance(cause, ValidationError) and cause.errors():
            first = cause.errors()[0]
            kind = str(first.get("type", "")).split("_")[0]
            given = first.get("input")
            if kind in EXPECTED:
                if en:
                    return f"{name} expects {EXPECTED_EN[kind]}, not “{given}”"
                return f"{name} attend {EXPECTED[kind]}, pas « {given} »"
            limits = first.get("ctx") or {}
            bounds = [f"{sign} {limits[key]}" for key, sign in BOUNDS.items() if key in limits]
            if bounds:
                if en:
                    return f"{name} expects a number {' and '.join(bounds)}, not “{given}”"
                return f"{name} attend un nombre {' et '.join(bounds)}, pas « {given} »"
            return (
                f"value refused for {name}: “{given}”"
                if en
                else (f"valeur refusée pour {name} : « {given} »")
            )
        if exc.message.startswith("attend "):  # our own callbacks say it in French
            return f"{name} {exc.message}"
        return (
            f"value refused for {name} ({exc.message})"
            if en
            else (f"valeur refusée pour {name} ({exc.message})")
        )
    unknown = re.match(r"No such command '(.+?)'", exc.message)
    if unknown and ctx is not None and isinstance(ctx.command, typer.core.TyperGroup):
        names = ctx.command.list_commands(ctx)
        close = difflib.get_close_matches(unknown.group(1), names, n=3)
        if en:
            hint = f"; did you mean {' or '.join(close)}?" if close else ""
            return f"unknown command: “{unknown.group(1)}” (commands: {', '.join(names)}){hint}"
        hint = f" ; voulez-vous dire {' ou '.join(close)} ?" if close else ""
        return f"commande inconnue : « {unknown.group(1)} » (commandes : {', '.join(names)}){hint}"
    extra = re.match(r"Got unexpected extra argument(?:\(s\)|s)? \((.+)\)", exc.message)
    if extra:
        if en:
            return f"unexpected extra argument: {extra.group(1)}"
        many = "arguments" if " " in extra.group(1) else "argument"
        return f"{many} en trop : {extra.group(1)}"
    return exc.format_message()


class FrenchGroup(typer.core.TyperGroup):
    """The ``ludotheque`` command: Typer's group, whose own refusals are said in French (the
    English ones with ``--lang en``), then the help command to type; exit code 2 as before."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:  # a caller that handles the refusals itself
            return super().main(args, prog_name, complete_var, False, **extra)
        argv = list(sys.argv[1:] if args is None else args)
        try:
            code = super().main(argv, prog_name, complete_var, False, **extra)
        except _click.exceptions.ClickException as exc:
            english = "--lang=en" in argv or any(
                a == "--lang" and b == "en" for a, b in itertools.pairwise(argv)
            )
            if type(exc).__name__ == "NoArgsIsHelpError":
                typer.rich_utils.rich_format_error(exc)
                sys.exit(exc.exit_code)
            lang = "en" if english else "fr"
            said = (
                f"Error: {usage_refusal(exc, lang)}"
                if english
                else (f"Erreur : {usage_refusal(exc)}")
            )
            console = Console(stderr=True)
            console.print(Text(said, style="bold red"), soft_wrap=True)
            ctx = getattr(exc, "ctx", None)
            if ctx is not None:
                helped = "Help:" if english else "Aide :"
                console.print(
                    f"{helped} {ctx.command_path} --help", highlight=False, soft_wrap=True
                )
            sys.exit(exc.exit_code)
        except typer.Abort:
            Console(stderr=True).print("Interrompu.", highlight=False)
            sys.exit(1)
        sys.exit(code if isinstance(code, int) else 0)
