"""The terminal table: one person against bots, any registered game.

The table is the terminal kit's (``ludotheque.term``: the prompt loop, clocks, the generic
table); here the CLI chooses the bots, names the record file and resumes saved games.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape

from ludotheque import bots as botlib
from ludotheque.engine.errors import OptionsError, RecordError
from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import LITERAL_VARIANT, Game, State
from ludotheque.term import table as term_table
from ludotheque.term.clock import Clock, Countdown
from ludotheque.term.french import plural
from ludotheque.term.prompt import QUIT_WORDS, Quit, Terminal, read_line

__all__ = ["QUIT_WORDS", "Quit", "plural", "read_line"]  # the kit's, named here too


def terminal_for(game: Game) -> type[Terminal]:
    """The game's terminal (the generic table when it has none)."""
    return term_table.terminal_for(game)


def table_line(game: Game, options: GameOptions, lang: str = "fr") -> str:
    """Which table this is (docs/defaults.md), and how to play it by the rule book to the
    letter when it departs from it: ``--variant livre`` and the options it sets besides."""
    english = lang == "en"
    kind = escape(game.table_kind(options)[1 if english else 0])
    if LITERAL_VARIANT not in game.variants or not game.departs(options):
        return f"Table: {kind}." if english else f"Table : {kind}."
    default, values = game.options_type().to_dict(), options.to_dict()
    extra = "".join(
        f" -o {key}={option_text(value, lang)}"
        for key, value in values.items()
        if key not in game.literal and value != default[key]
    )
    command = f"[bold]--variant {LITERAL_VARIANT}{escape(extra)}[/]"
    if english:
        return f"Table: {kind} ({command}: the rule book to the letter)."
    return f"Table : {kind} ({command} : la règle du livre à la lettre)."


def option_text(value: object, lang: str = "fr") -> str:
    """An option's value as ``-o name=value`` takes it (oui / non for a switch, yes / no in
    English)."""
    if isinstance(value, bool):
        return ("yes" if value else "no") if lang == "en" else ("oui" if value else "non")
    return "" if value is None else str(value)


def default_record_path(game: str, seed: int) -> Path:
    return Path("records") / f"{game}-{seed}.json"


def fresh_record_path(path: Path) -> Path:
    """``path`` if no file is there, else the first free ``name-2.json``, ``name-3.json``…:
    a new game never overwrites the record of another (it may be a game to resume)."""
    candidate, n = path, 1
    while candidate.exists():
        n += 1
        candidate = path.with_name(f"{path.stem}-{n}{path.suffix}")
    return candidate


def resume_table(
    rec: dict[str, Any], seat_asked: int | None = None, bots_asked: str | None = None
) -> tuple[int, list[str]]:
    """The seat and the bots of a saved terminal game (``play`` writes them beside the record;
    ``seat_asked`` and ``bots_asked`` — « fort,random », one name for every seat — replace
    them); RecordError when neither says them, or says them wrongly."""
    seat, bots = rec.get("seat"), rec.get("bots")
    players = rec.get("players")
    if seat_asked is not None:
        if type(players) is int and not 0 <= seat_asked < players:
            raise RecordError(
                f"--seat doit aller de 0 à {players - 1} (la partie a {players} joueurs)",
                f"--seat must be 0–{players - 1} (the game has {players} players)",
            )
        seat = seat_asked
    if bots_asked is not None and type(players) is int:
        names = [b.strip() for b in bots_asked.split(",") if b.strip()]
        bots = (names * players)[: players - 1] if names else bots
    if (
        type(seat) is not int
        or type(players) is not int
        or not 0 <= seat < players
        or not isinstance(bots, list)
        or len(bots) != players - 1
        or not all(isinstance(b, str) and b for b in bots)
    ):
        raise RecordError(
            "cet enregistrement ne dit pas à quel siège vous jouiez ni contre quels bots "
            "(il ne vient pas de `ludotheque play`) : choisissez-les avec --seat et --bots",
            "this record does not say which seat you played nor against which bots (it was "
            "not written by `ludotheque play`): choose them with --seat and --bots",
        )
    return seat, list(bots)


def resume_clock(rec: dict[str, Any]) -> float:
    """The seconds of the game clock a saved game had used (0 when it has no clock or the
    record does not say); RecordError when the record says it wrongly."""
    used = rec.get(term_table.CLOCK_USED, 0)
    if isinstance(used, bool) or not isinstance(used, int | float) or not 0 <= used < 10**9:
        raise RecordError(
            f"le temps déjà écoulé à la pendule ({term_table.CLOCK_USED}) doit être un nombre "
            f"de secondes positif, reçu : {used!r}",
            f"the game clock's time used ({term_table.CLOCK_USED}) must be a non-negative "
            f"number of seconds, got: {used!r}",
        )
    return float(used)


def play(
    game: Game,
    state: State,
    seat: int,
    bot_names: list[str],
    console: Console,
    ask: Callable[[str], str],
    record_path: Path,
    clock: Clock | None = None,
    countdown: Countdown | None = None,
    generic: bool = False,
    clock_used: float = 0.0,
    lang: str = "fr",
) -> State:
    """Play ``state`` to its end with a person at ``seat`` and bots elsewhere; a state that
    already holds actions (a resumed record) goes on from where it stands. The table itself is
    the terminal kit's (term/table.py); here the bots are made."""
    others = [s for s in range(state.players) if s != seat]
    if len(bot_names) == 1:
        bot_names = bot_names * len(others)
    if len(bot_names) != len(others):
        raise OptionsError(
            f"il faut un bot par adversaire ({len(others)}), reçu : {', '.join(bot_names)}",
            f"one bot per opponent ({len(others)}) needed, got: {', '.join(bot_names)}",
        )
    agents = {
        s: botlib.make(game.name, name, seed=state.seed * 31 + s)
        for s, name in zip(others, bot_names, strict=True)
    }
    return term_table.play_table(
        game,
        state,
        seat,
        agents,
        bot_names,
        console,
        ask,
        record_path,
        clock=clock,
        countdown=countdown,
        generic=generic,
        intro=table_line(game, state.options, lang),
        clock_used=clock_used,
        lang=lang,
    )
