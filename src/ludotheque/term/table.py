"""The terminal table: one person against agents, any registered game.

The loop is generic over the protocol; each game's terminal (``Game.terminal``, a subclass of
:class:`~ludotheque.term.prompt.Terminal`) draws its view, asks for an action and tells what
happened; a game without one is played at the generic table (term/generic.py). The loop keeps
the clocks of the rule book (term/clock.py): the timer of the person's decision
(``timer_seconds``, expiry ``timeout_action``) and the game clock (``game_clock``, expiry
played by the arbiter, seat None). The game's record is saved after each of your actions,
before you are asked, when you quit and at the end, and every half second or so while the
agents play: quitting loses nothing, a crash at most the agents' last half second.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from rich.console import Console
from rich.markup import escape

from ludotheque.engine import record as records
from ludotheque.engine.errors import LudoError
from ludotheque.engine.protocol import Action, Game, State
from ludotheque.engine.rng import commitment
from ludotheque.term.clock import Clock, Countdown, TimeUp, timed
from ludotheque.term.prompt import Quit, Terminal

CLOCK_USED = "game_clock_used_s"  # the record's key: seconds of the game clock already used


class Agent(Protocol):
    """Who plays the other seats (a bot of ``ludotheque.bots``)."""

    name: str

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action: ...


def console_ask(console: Console) -> Callable[[str], str]:
    """The person's line reader: ``console.input`` reading no emoji codes in the question
    (rich's input passes emoji=True whatever the console says: « ind:imp:3s » became
    « ind👿3s »)."""
    return lambda prompt: console.input(prompt, emoji=False)


def terminal_for(game: Game, generic: bool = False) -> type[Terminal]:
    """The game's own terminal, or the generic table when it has none (or ``generic``)."""
    if generic or not game.terminal:
        from ludotheque.term.generic import GenericTerminal

        return GenericTerminal
    module, _, name = game.terminal.partition(":")
    found = getattr(importlib.import_module(module), name)
    if not (isinstance(found, type) and issubclass(found, Terminal)):
        raise TypeError(f"{game.terminal} is not a ludotheque.term.Terminal")
    return found


def seat_name(game: Game, bot: str, number: int, lang: str = "fr") -> str:
    """The name a bot plays under at the table: « Fort 1 » (its name and its number); in
    English its kind as the game words it (« Strong 1 » for the « Strong bot »)."""
    label = game.words.bots.get(bot)
    if lang == "en" and label is not None:
        kind = label.en.removesuffix(" bot").removesuffix(" Bot")
        return f"{kind[:1].upper()}{kind[1:]} {number}"
    return f"{bot.capitalize()} {number}"


def seat_names(
    game: Game, seat: int | None, bots: Mapping[int, str], lang: str = "fr"
) -> list[str]:
    """The seats' names at a table where the person sits at ``seat``: « Vous » (« You »)
    there, the bots (``bots``: seat → bot) numbered from 1 in the order of their seats —
    « Fort 1 », « Fort 2 » whatever the person's seat (a person at seat 1 met « Fort 0 »)."""
    players = len(bots) + (seat is not None)
    you = "You" if lang == "en" else "Vous"
    numbered = {s: k for k, s in enumerate(sorted(bots), start=1)}
    return [
        you if s == seat else seat_name(game, bots[s], numbered[s], lang) for s in range(players)
    ]


def saver(
    state: State,
    path: Path,
    seat: int,
    bots: list[str],
    pause: float = 0.5,
    clock_used: Callable[[], float] | None = None,
) -> Callable[..., None]:
    """``save()`` writes the record, with the person's seat and the bots so that
    ``play --reprendre`` can go on, and the game clock's time used (``clock_used``) when the
    game has one, so that a resumed game does not get its time back; ``save(soon=True)``,
    after a bot's action, writes it only if the last write is older than ``pause`` seconds: a
    bot's long run of actions (thousands of throws in Le Poker d'As) would otherwise rewrite a
    growing file after each one."""
    last = [float("-inf")]

    def save(soon: bool = False) -> None:
        now = time.monotonic()
        if soon and now - last[0] < pause:
            return
        rec = state.record()
        rec["commitment"] = commitment(state.seed)
        rec["seat"], rec["bots"] = seat, bots
        if clock_used is not None and state.game_clock() is not None:
            rec[CLOCK_USED] = round(max(0.0, clock_used()), 3)
        records.save(rec, path)
        last[0] = now

    return save


def play_table(
    game: Game,
    state: State,
    seat: int,
    agents: Mapping[int, Agent],
    bot_names: list[str],
    console: Console,
    ask: Callable[[str], str],
    record_path: Path,
    clock: Clock | None = None,
    countdown: Countdown | None = None,
    generic: bool = False,
    intro: str = "",
    clock_used: float = 0.0,
    lang: str = "fr",
) -> State:
    """Play ``state`` to its end with a person at ``seat`` and ``agents`` elsewhere; a state
    that already holds actions (a resumed record) goes on from where it stands. ``clock``
    gives the time (a fake one in tests), ``countdown`` the live countdown of a real terminal
    (term/clock.py: ``tty_countdown``), ``clock_used`` the seconds of the game clock a
    resumed game had already used; ``lang`` the table's language (« fr », « en »)."""
    clock = clock or Clock()
    clock.lang = lang
    names = seat_names(game, seat, {s: agent.name for s, agent in agents.items()}, lang)
    ui = terminal_for(game, generic)(console, seat, names, timed(ask, clock, countdown), lang=lang)
    ui.clock = clock
    fingerprint = commitment(state.seed)[:16]
    console.print(
        ui.t(
            f"[bold]{game.title}[/] — {state.players} joueurs, graine {state.seed} "
            f"(empreinte {fingerprint}…). Tapez [bold]aide[/] à tout moment.",
            f"[bold]{game.title}[/] — {state.players} players, seed {state.seed} "
            f"(fingerprint {fingerprint}…). Type [bold]help[/] at any time.",
        )
    )
    if intro:
        console.print(intro)
    if state.actions:
        shown, done = escape(str(record_path)), ui.count(len(state.actions), "action", "action")
        yours = seat in state.to_move()
        console.print(
            ui.t(
                f"Partie reprise de [bold]{shown}[/] après {done} : "
                + ("à vous de jouer." if yours else "la partie continue."),
                f"Game resumed from [bold]{shown}[/] after {done}: "
                + ("your turn." if yours else "the game goes on."),
            )
        )
    else:
        ui.tell(list(state.opening_events), state.view(seat))
    start = clock.now() - clock_used  # the game clock counts from here (resumed: time used)
    save = saver(state, record_path, seat, bot_names, clock_used=lambda: clock.now() - start)

    def referee() -> None:
        """The game clock: set its end, and play its expiry as the arbiter (seat None)."""
        game_clock = state.game_clock()
        clock.game_end = None if game_clock is None else start + game_clock[0]
        if game_clock is not None and clock.now() >= clock.game_end:  # type: ignore[operator]
            console.print(
                ui.t(
                    "[bold]⏱ La pendule de la partie est tombée.[/]",
                    "[bold]⏱ The game clock fell.[/]",
                )
            )
            ui.tell(state.apply(None, game_clock[1]), state.view(seat))
            save()
            clock.game_end = None

    def leave() -> None:
        save()
        shown = escape(str(record_path))
        console.print(
            ui.t(
                f"Partie enregistrée dans [bold]{shown}[/] : reprenez-la plus tard par "
                f"[bold]ludotheque reprendre {shown}[/].",
                f"Game saved in [bold]{shown}[/]: resume it later with "
                f"[bold]ludotheque reprendre {shown} --lang en[/].",
            )
        )

    if not state.is_over():
        try:
            ui.play_live(state, agents, save)  # a real-time table plays it all here
        except Quit:
            leave()
            raise
    while not state.is_over():
        referee()
        for s in sorted(state.to_move() - {seat}):
            if s not in state.to_move():  # another's move settled it (a vote one refusal ends)
                continue
            action = agents[s].act(state.view(s), state.legal_actions(s))
            referee()
            ui.tell(state.apply(s, action), state.view(seat))
            save(soon=True)
        if seat not in state.to_move():
            continue
        try:
            events = _ask_person(state, seat, ui, clock, referee)
        except Quit:
            leave()
            raise
        save()
        ui.tell(events, state.view(seat))
    ui.finish(state.view(seat), state.result())
    save()
    shown = escape(str(record_path))
    console.print(
        ui.t(
            f"Enregistrement : [bold]{shown}[/] (ludotheque replay {shown})",
            f"Record: [bold]{shown}[/] (ludotheque replay {shown} --lang en)",
        )
    )
    return state


def _ask_person(
    state: State, seat: int, ui: Terminal, clock: Clock, referee: Callable[[], None]
) -> list[dict[str, Any]]:
    """Ask the person until an action is accepted (a refusal says why and asks again), under
    the decision's timer when the rule book sets one; its expiry plays ``timeout_action``."""
    view = state.view(seat)
    ui.show(view)
    limit = state.timer_seconds(seat)
    clock.turn_end = None if limit is None else clock.now() + limit
    clock.turn_what = ui.t("pour jouer", "to play") if limit is not None else ""
    try:
        while True:
            try:
                action = ui.choose(view, state.legal_actions(seat))
                referee()
                return state.apply(seat, action)
            except TimeUp:
                game_end, turn_end = clock.game_end, clock.turn_end
                if game_end is not None and clock.now() >= game_end:
                    referee()  # the game clock fell: the turn goes on (the rules say how)
                    if state.is_over() or seat not in state.to_move():
                        return []
                    view = state.view(seat)
                    ui.show(view)
                    continue
                timeout = state.timeout_action(seat)
                if turn_end is None or timeout is None:  # pragma: no cover - a clock we set
                    clock.turn_end = None
                    continue
                ui.console.print(
                    ui.t(
                        "[bold]⏱ Temps écoulé[/] : la règle joue pour vous.",
                        "[bold]⏱ Time is up[/]: the rule plays for you.",
                    )
                )
                return state.apply(seat, timeout)
            except LudoError as exc:
                ui.refuse(exc)
    finally:
        clock.turn_end = None
