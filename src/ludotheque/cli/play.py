"""The terminal table: one person against bots, any registered game.

The loop is generic over the protocol; each game supplies its own terminal interface (how to
draw its view, ask for an action, tell what happened), named by ``Game.terminal``. The game's
record is saved after each of your actions, before you are asked, when you quit and at the end,
and every half second or so while the bots play: quitting loses nothing, a crash at most the
bots' last half second.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from ludotheque import bots as botlib
from ludotheque.engine import record as records
from ludotheque.engine.errors import LudoError, OptionsError, RecordError
from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import LITERAL_VARIANT, Action, Event, Game, Result, State
from ludotheque.engine.rng import commitment
from ludotheque.lexicon import fold


class Quit(Exception):
    """The person asked to leave the table."""


QUIT_WORDS = frozenset({"q", "quit", "quitter", "exit"})


def read_line(
    ask: Callable[[str], str], prompt: str, commands: Mapping[str, Callable[[], object]]
) -> str | None:
    """One line typed at a game's table, with the words every table understands.

    « quitter » (q, quit, exit), the end of the input or Ctrl-C raise ``Quit``. ``commands``
    maps space-separated command words (« aide help ? h ») to what they do; such a word, case
    and accents ignored (« Règles » is « regles »), runs it and gives None. Anything else comes
    back stripped, as typed.
    """
    try:
        text = ask(prompt).strip()
    except (EOFError, KeyboardInterrupt):
        raise Quit from None
    word = fold(text).lower() if text else ""
    if word in QUIT_WORDS:
        raise Quit
    for words, run in commands.items():
        if word in words.split():
            run()
            return None
    return text


class TerminalUI(Protocol):
    """What a game provides to be played in the terminal."""

    def __init__(
        self, console: Console, seat: int | None, names: list[str], ask: Callable[[str], str]
    ): ...

    def show(self, view: dict[str, Any]) -> None:
        """Draw the table as ``seat`` sees it."""

    def choose(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Ask until the person gives a well-formed action (raise Quit to leave)."""

    def tell(self, events: list[Event], view: dict[str, Any]) -> None:
        """Say what just happened (public events), with the seat's view after it."""

    def finish(self, view: dict[str, Any], result: Result) -> None:
        """The end of the game."""


def terminal_for(game: Game) -> type[TerminalUI]:
    if not game.terminal:
        raise OptionsError(
            f"{game.title} ne se joue pas encore dans le terminal",
            f"{game.title} cannot be played in the terminal yet",
        )
    module, _, name = game.terminal.partition(":")
    terminal: type[TerminalUI] = getattr(importlib.import_module(module), name)
    return terminal


def table_line(game: Game, options: GameOptions) -> str:
    """Which table this is (docs/defaults.md), and how to play the rule book to the letter
    when the default table departs from it."""
    departs = LITERAL_VARIANT in game.variants and options == game.options_type()
    hint = f" ([bold]--variant {LITERAL_VARIANT}[/] : la règle du livre à la lettre)"
    return f"Table : {escape(game.table_kind(options)[0])}{hint if departs else ''}."


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


def resume_table(rec: dict[str, Any]) -> tuple[int, list[str]]:
    """The seat and the bots of a saved terminal game (``play`` writes them beside the record);
    RecordError when the file does not say them, or says them wrongly."""
    seat, bots = rec.get("seat"), rec.get("bots")
    players = rec.get("players")
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


def play(
    game: Game,
    state: State,
    seat: int,
    bot_names: list[str],
    console: Console,
    ask: Callable[[str], str],
    record_path: Path,
) -> State:
    """Play ``state`` to its end with a person at ``seat`` and bots elsewhere; a state that
    already holds actions (a resumed record) goes on from where it stands."""
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
    names = [
        "Vous" if s == seat else f"{agents[s].name.capitalize()} {s}" for s in range(state.players)
    ]
    ui = terminal_for(game)(console, seat, names, ask)
    console.print(
        f"[bold]{game.title}[/] — {state.players} joueurs, graine {state.seed} "
        f"(empreinte {commitment(state.seed)[:16]}…). Tapez [bold]aide[/] à tout moment."
    )
    console.print(table_line(game, state.options))
    if state.actions:
        console.print(
            f"Partie reprise de [bold]{escape(str(record_path))}[/] après "
            f"{plural(len(state.actions), 'action')} : à vous de continuer."
        )
    else:
        ui.tell(list(state.opening_events), state.view(seat))
    save = _saver(state, record_path, seat, bot_names)

    def referee() -> None:
        """A game whose rules keep a clock gives its terminal an ``arbiter(view)`` hook (the
        terminal measures time, the engine stays pure); its action is played as seat None."""
        hook = getattr(ui, "arbiter", None)
        action = hook(state.view(seat)) if hook is not None else None
        if action is not None:
            ui.tell(state.apply(None, action), state.view(seat))
            save()

    live = getattr(ui, "play_live", None)  # a real-time table runs its own clock (Bataille)
    if live is not None and not state.is_over():
        try:
            live(state, agents, save)
        except Quit:
            save()
            console.print(f"Partie enregistrée dans [bold]{record_path}[/].")
            raise
    while not state.is_over():
        movers = state.to_move()
        for s in sorted(movers - {seat}):
            action = agents[s].act(state.view(s), state.legal_actions(s))
            referee()
            ui.tell(state.apply(s, action), state.view(seat))
            save(soon=True)
        if seat in state.to_move():
            view = state.view(seat)
            save()
            ui.show(view)
            while True:
                try:
                    action = ui.choose(view, state.legal_actions(seat))
                    referee()
                    events = state.apply(seat, action)
                    break
                except Quit:
                    save()
                    console.print(f"Partie enregistrée dans [bold]{record_path}[/].")
                    raise
                except LudoError as exc:
                    console.print(f"[red]✗ {exc.fr}[/]")
            save()
            ui.tell(events, state.view(seat))
    ui.finish(state.view(seat), state.result())
    save()
    console.print(f"Enregistrement : [bold]{record_path}[/] (ludotheque replay {record_path})")
    return state


def plural(n: int, word: str) -> str:
    """« 1 action », « 2 actions »."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def _saver(
    state: State, path: Path, seat: int, bots: list[str], pause: float = 0.5
) -> Callable[..., None]:
    """``save()`` writes the record, with the person's seat and the bots so that
    ``play --reprendre`` can go on; ``save(soon=True)``, after a bot's action, writes it only
    if the last write is older than ``pause`` seconds: a bot's long run of actions (thousands of
    throws in Le Poker d'As) would otherwise rewrite a growing file after each one."""
    last = [float("-inf")]

    def save(soon: bool = False) -> None:
        now = time.monotonic()
        if soon and now - last[0] < pause:
            return
        rec = state.record()
        rec["commitment"] = commitment(state.seed)
        rec["seat"], rec["bots"] = seat, bots
        records.save(rec, path)
        last[0] = now

    return save
