"""Entry point of the ``ludotheque`` command: one sub-command group per tool."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer
from rich.console import Console

from ludotheque import games
from ludotheque.cli import docs, rapport, simulate, tournament, words
from ludotheque.cli.common import FrenchGroup, refused
from ludotheque.cli.play import (
    Quit,
    default_record_path,
    fresh_record_path,
    resume_clock,
    resume_table,
    terminal_for,
)
from ludotheque.cli.play import play as play_loop
from ludotheque.engine import record as records
from ludotheque.engine.errors import LudoError
from ludotheque.engine.rng import commitment, fresh_seed
from ludotheque.server.cli import serve
from ludotheque.term.clock import tty_countdown
from ludotheque.term.table import console_ask

app = typer.Typer(
    name="ludotheque",
    help="Ludothèque : cinq jeux de société français, contre des bots ou entre amis.",
    no_args_is_help=True,
    add_completion=False,
    cls=FrenchGroup,
)

# Sub-command groups, one per tool.
app.add_typer(words.lexicon_app, name="lexicon")
for _name in games.names():  # each game's own tools: `ludotheque alice moves …`
    _tools = docs.game_commands(games.get(_name))
    if _tools is not None:
        app.add_typer(_tools, name=_name)
app.command("tournoi")(tournament.tournoi)
app.command("simulate")(simulate.simulate)
app.command("rapport")(rapport.rapport)
app.command("docs")(docs.docs)
app.command("serve")(serve)

# `play --game A`, `--judge auto`, `--level A`: short for `--option game=A`… on games that
# have an option of that name (Casino Royal's game, Alkamo's judge, Alice's level).
SHORTCUT_OPTIONS = ("game", "judge", "level")


@app.command("play")
def play_cmd(
    game: str = typer.Argument(
        "alphapoker", help=f"Le jeu : {', '.join(games.names())}.", metavar="jeu"
    ),
    players: int | None = typer.Option(
        None, "--players", "-n", help="Nombre de joueurs, vous compris (3 si le jeu le permet)."
    ),
    seed: int | None = typer.Option(None, "--seed", help="Graine (rejouer la même donne)."),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de table nom=valeur."),
    bots: str = typer.Option(
        "", "--bots", "--bot", help="Bots adverses, séparés par des virgules."
    ),
    seat: int = typer.Option(0, "--seat", help="Votre place (0 = premier siège)."),
    record: Path | None = typer.Option(None, "--record", help="Fichier d'enregistrement."),
    variant: str | None = typer.Option(None, "--variant", help="Variante nommée du jeu."),
    sub_game: str | None = typer.Option(None, "--game", help="Casino Royal : partie A, B ou C."),
    judge: str | None = typer.Option(None, "--judge", help="Alkamo : juge des thèmes."),
    level: str | None = typer.Option(None, "--level", help="Alice : niveau A ou B."),
    resume: Path | None = typer.Option(
        None, "--reprendre", "--resume", help="Reprendre une partie enregistrée (fichier JSON)."
    ),
    generic: bool = typer.Option(
        False,
        "--generique",
        "--generic",
        help="La table générique (la vue et les actions numérotées), pour tout jeu.",
    ),
) -> None:
    """Jouer une partie dans le terminal contre des bots."""
    console = Console(highlight=False, emoji=False)
    if resume is not None:
        _resume(console, resume)
        return
    try:
        g = games.get(game)
        base = g.variant_options(variant) if variant is not None else {}
        shortcuts = dict(zip(SHORTCUT_OPTIONS, (sub_game, judge, level), strict=True))
        pairs = [f"{k}={v}" for k, v in shortcuts.items() if v is not None] + list(option)
        opts = g.options_type.parse(pairs, base)
        if players is None:
            players = g.default_players()
        state = g.new(players, opts, seed if seed is not None else fresh_seed() % 10**9)
        if not 0 <= seat < players:
            raise LudoError(
                f"--seat doit aller de 0 à {players - 1}", f"--seat must be 0–{players - 1}"
            )
        terminal_for(g)
        names = [b.strip() for b in bots.split(",") if b.strip()] or [g.default_bot(opts)]
        wanted = record or default_record_path(game, state.seed)
        path = fresh_record_path(wanted)
        if path != wanted:
            other = f"l'autre se reprend par `ludotheque reprendre {wanted}`"
            if _finished(wanted):
                other = f"l'autre, terminée, se revoit par `ludotheque replay {wanted}`"
            console.print(
                f"Une partie est déjà enregistrée dans {wanted} : celle-ci le sera dans "
                f"[bold]{path}[/] ({other})."
            )
        play_loop(
            g,
            state,
            seat,
            names,
            console,
            console_ask(console),
            path,
            countdown=tty_countdown(console),
            generic=generic,
        )
    except Quit:
        raise typer.Exit(0) from None
    except LudoError as exc:
        raise refused(console, exc) from None


def _finished(path: Path) -> bool:
    """Is the game recorded at ``path`` over (False when it cannot be read or replayed)?"""
    try:
        return records.replay(records.load(path)).is_over()
    except LudoError:
        return False


@app.command("reprendre")
def resume_cmd(
    file: Path = typer.Argument(
        ..., help="L'enregistrement d'une partie interrompue (JSON).", metavar="fichier"
    ),
) -> None:
    """Reprendre une partie interrompue là où vous l'avez quittée (même siège, mêmes bots)."""
    _resume(Console(highlight=False, emoji=False), file)


def _resume(console: Console, path: Path) -> None:
    """Replay the record, then go on at the same seat against the same bots, saving to the
    same file."""
    try:
        rec = records.load(path)
        state = records.replay(rec)
        seat, bots = resume_table(rec)
        used = resume_clock(rec)
        if state.is_over():
            raise LudoError(
                f"cette partie est terminée : revoyez-la avec `ludotheque replay {path}`",
                f"this game is over: watch it with `ludotheque replay {path}`",
            )
        play_loop(
            state.game,
            state,
            seat,
            bots,
            console,
            console_ask(console),
            path,
            countdown=tty_countdown(console),
            clock_used=used,
        )
    except Quit:
        raise typer.Exit(0) from None
    except LudoError as exc:
        raise refused(console, exc) from None


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="Un enregistrement de partie (JSON).", metavar="fichier"),
    verify: bool = typer.Option(False, "--verify", help="Vérifier la graine et re-donner."),
    seat: int | None = typer.Option(None, "--seat", help="Revoir la partie depuis ce siège."),
    step: bool = typer.Option(False, "--step", help="Attendre Entrée entre deux actions."),
) -> None:
    """Revoir une partie enregistrée, action par action."""
    console = Console(highlight=False, emoji=False)
    try:
        rec = records.load(file)
        if verify:  # a changed seed is a commitment mismatch, said before any re-deal
            _check_commitment(console, rec)
        final = records.replay(rec)  # the whole record is checked before anything is shown
        g = games.get(rec["game"])
        if verify:
            console.print(
                f"Re-donne depuis la graine : les {len(rec['actions'])} actions sont légales et "
                "la partie est reproduite à l'identique ✓"
            )
            if not step and seat is None:
                return
        if seat is not None and not 0 <= seat < final.players:
            raise LudoError(f"--seat doit aller de 0 à {final.players - 1}", "bad --seat")
    except LudoError as exc:
        raise refused(console, exc) from None
    names = [f"Joueur {s}" if s != seat else "Vous" for s in range(final.players)]
    ui = terminal_for(g)(console, seat, names, console_ask(console))
    state = g.new(
        rec["players"], g.options_from_record(rec["options"]), records.record_seed(rec["seed"])
    )
    ui.tell(list(state.opening_events), state.view(seat))
    for i, (who, action) in enumerate(rec["actions"], start=1):
        if step:
            try:
                console.input(f"[dim]({i}/{len(rec['actions'])}) Entrée pour continuer[/] ")
            except (EOFError, KeyboardInterrupt):
                raise typer.Exit(0) from None
        ui.tell(state.apply(who, action), state.view(seat))
    if state.is_over():
        ui.finish(state.view(seat), state.result())


def _check_commitment(console: Console, rec: dict[str, Any]) -> None:
    published = rec.get("commitment")
    if published is None:
        console.print("Pas d'empreinte publiée dans cet enregistrement (partie locale).")
        return
    seed = records.record_seed(rec.get("seed"))  # the server writes it as a string of digits
    if not isinstance(seed, int) or commitment(seed) != published:
        raise LudoError(
            f"l'empreinte publiée {published} ne correspond pas à la graine {rec.get('seed')}",
            f"the published commitment {published} does not match seed {rec.get('seed')}",
        )
    console.print(f"Empreinte SHA-256 de la graine {rec['seed']} : {published} ✓")
