"""Entry point of the ``ludotheque`` command: one sub-command group per tool."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from typer import _click

from ludotheque import games
from ludotheque.cli import docs, rapport, simulate, tournament, words
from ludotheque.cli.common import FrenchGroup, ScreenLang, refused
from ludotheque.cli.play import (
    Quit,
    default_record_path,
    fresh_record_path,
    plural,
    resume_clock,
    resume_table,
    terminal_for,
)
from ludotheque.cli.play import play as play_loop
from ludotheque.engine import record as records
from ludotheque.engine.errors import LudoError
from ludotheque.engine.options import shown
from ludotheque.engine.protocol import Game
from ludotheque.engine.rng import commitment, fresh_seed
from ludotheque.server.cli import serve
from ludotheque.term.clock import tty_countdown
from ludotheque.term.table import console_ask, seat_names

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


# What a record decides when a game is resumed: `play --reprendre` refuses them.
RESUME_DECIDES = {
    "game": "le jeu",
    "players": "--players",
    "seed": "--seed",
    "option": "-o",
    "variant": "--variant",
    "sub_game": "--game",
    "judge": "--judge",
    "level": "--level",
    "record": "--record",
}


@app.command("play")
def play_cmd(
    ctx: typer.Context,
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
    lang: ScreenLang = "fr",
) -> None:
    """Jouer une partie dans le terminal contre des bots."""
    console = Console(highlight=False, emoji=False)
    if resume is not None:
        # The record decides the game, its seed and options: a flag saying otherwise is refused,
        # not ignored (the seat and the bots may be given, as to `reprendre`).
        source = _click.core.ParameterSource.DEFAULT
        given = [
            flag
            for name, flag in RESUME_DECIDES.items()
            if ctx.get_parameter_source(name) not in (None, source)
        ]
        if given:
            raise refused(
                console,
                LudoError(
                    f"--reprendre reprend la partie telle que l'enregistrement la décrit (jeu, "
                    f"graine, options) : retirez {', '.join(given)}",
                    f"--reprendre resumes the game as its record describes it (game, seed, "
                    f"options): remove {', '.join(given)}",
                ),
                lang,
            )
        seat_asked = seat if ctx.get_parameter_source("seat") not in (None, source) else None
        _resume(console, resume, seat_asked, bots or None, lang)
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
            finished = _finished(wanted)
            if lang == "en":
                other = (
                    f"the other, finished, is watched with `ludotheque replay {wanted} --lang en`"
                    if finished
                    else f"the other is resumed with `ludotheque reprendre {wanted} --lang en`"
                )
                said = f"A game is already saved in {wanted}: this one will be in [bold]{path}[/]"
            else:
                other = (
                    f"l'autre, terminée, se revoit par `ludotheque replay {wanted}`"
                    if finished
                    else f"l'autre se reprend par `ludotheque reprendre {wanted}`"
                )
                said = f"Une partie est déjà enregistrée dans {wanted} : celle-ci le sera dans "
                said += f"[bold]{path}[/]"
            console.print(f"{said} ({other}).")
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
            lang=lang,
        )
    except Quit:
        raise typer.Exit(0) from None
    except LudoError as exc:
        raise refused(console, exc, lang) from None


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
    seat: int | None = typer.Option(
        None, "--seat", help="Votre place, si l'enregistrement ne la dit pas (ou pour changer)."
    ),
    bots: str | None = typer.Option(
        None, "--bots", "--bot", help="Bots adverses, si l'enregistrement ne les dit pas."
    ),
    lang: ScreenLang = "fr",
) -> None:
    """Reprendre une partie interrompue là où vous l'avez quittée (même siège, mêmes bots)."""
    _resume(Console(highlight=False, emoji=False), file, seat, bots, lang)


def _resume(
    console: Console,
    path: Path,
    seat_asked: int | None = None,
    bots_asked: str | None = None,
    lang: str = "fr",
) -> None:
    """Replay the record, then go on at the same seat against the same bots (or those asked),
    saving to the same file."""
    try:
        rec = records.load(path)
        state = records.replay(rec)
        seat, bots = resume_table(rec, seat_asked, bots_asked)
        used = resume_clock(rec)
        if state.is_over():
            raise LudoError(
                f"cette partie est terminée : revoyez-la avec `ludotheque replay {path}`",
                f"this game is over: watch it with `ludotheque replay {path} --lang en`",
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
            lang=lang,
        )
    except Quit:
        raise typer.Exit(0) from None
    except LudoError as exc:
        raise refused(console, exc, lang) from None


@app.command("replay")
def replay_cmd(
    file: Path = typer.Argument(..., help="Un enregistrement de partie (JSON).", metavar="fichier"),
    verify: bool = typer.Option(False, "--verify", help="Vérifier la graine et re-donner."),
    seat: int | None = typer.Option(
        None, "--seat", help="Revoir la partie depuis ce siège (défaut : le vôtre)."
    ),
    spectator: bool = typer.Option(
        False,
        "--spectateur",
        "--spectator",
        help="Revoir la partie en spectateur, sans aucune main cachée.",
    ),
    step: bool = typer.Option(False, "--step", help="Attendre Entrée entre deux actions."),
    lang: ScreenLang = "fr",
) -> None:
    """Revoir une partie enregistrée, action par action (depuis votre siège par défaut)."""
    console = Console(highlight=False, emoji=False)

    def say(fr: str, en: str) -> None:
        console.print(en if lang == "en" else fr, soft_wrap=True)

    try:
        rec = records.load(file)
        if verify:  # a changed seed is a commitment mismatch, said before any re-deal
            records.require_fields(rec)  # a missing seed is said as missing, not as a mismatch
            _check_commitment(console, rec, lang)
        final = records.replay(rec)  # the whole record is checked before anything is shown
        g = games.get(rec["game"])
        viewer = _viewer(rec, seat, spectator, final.players)
        if verify:
            records.check_ending(rec, final)
            n = len(rec["actions"])
            fr = f"les {n} actions sont légales" if n != 1 else "l'action est légale"
            en = f"the {n} actions are legal" if n != 1 else "the action is legal"
            if final.is_over():
                say(
                    f"Re-donne depuis la graine : {fr} et la partie est reproduite à l'identique ✓",
                    f"Re-deal from the seed: {en} and the game is reproduced identically ✓",
                )
            else:
                say(
                    f"Re-donne depuis la graine : {fr} et reproduites à l'identique ✓ ; mais "
                    "l'enregistrement s'arrête avant la fin de la partie (elle n'est pas finie).",
                    f"Re-deal from the seed: {en} and reproduced identically ✓; but the record "
                    "stops before the end of the game (it is not finished).",
                )
            if not step and seat is None and not spectator:
                return
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    _say_viewer(say, rec, seat, viewer)
    names = _replay_names(g, rec, viewer, final.players, lang)
    # A replay asks nothing but --step's Enter: any question of a table (the Poker d'As asks
    # an eliminated player whether to watch the next round) is answered « Entrée ».
    ui = terminal_for(g)(console, viewer, names, lambda _prompt: "", lang=lang)
    state = g.new(
        rec["players"], g.options_from_record(rec["options"]), records.record_seed(rec["seed"])
    )
    total = len(rec["actions"])
    try:
        ui.tell(list(state.opening_events), state.view(viewer))
        for i, (who, action) in enumerate(rec["actions"], start=1):
            if step:
                wait = f"({i}/{total}) " + (
                    "Enter to go on" if lang == "en" else "Entrée pour continuer"
                )
                try:
                    console.input(f"[dim]{wait}[/] ")
                except (EOFError, KeyboardInterrupt):
                    raise typer.Exit(0) from None
            ui.tell(state.apply(who, action), state.view(viewer))
    except Quit:
        raise typer.Exit(0) from None
    if state.is_over():
        ui.finish(state.view(viewer), state.result())
        return
    resume = f" : reprenez-la avec `ludotheque reprendre {file}`"
    resume_en = f": resume it with `ludotheque reprendre {file} --lang en`"
    try:
        resume_table(rec)
    except LudoError:  # not a record of `play` (a server's): nobody's seat to resume
        resume = resume_en = ""
    say(
        f"L'enregistrement s'arrête avant la fin de la partie (après "
        f"{plural(total, 'action')}){resume}.",
        f"The record stops before the end of the game (after {total} "
        f"action{'s' if total != 1 else ''}){resume_en}.",
    )


def _replay_names(
    g: Game, rec: dict[str, Any], viewer: int | None, players: int, lang: str
) -> list[str]:
    """The seats' names in a replay: « Vous » at the seat it is seen from; a game of `play`
    names its bots as its table did (« Fort 1 », « Strong 1 »; they were « Joueur 1 »), the
    person who played it, seen from another seat, « Joueur N »; a server's record « Joueur N »."""
    player, you = ("Player", "You") if lang == "en" else ("Joueur", "Vous")
    names = [f"{player} {s}" if s != viewer else you for s in range(players)]
    try:
        seat, bots = resume_table(rec)
    except LudoError:
        return names
    others = [s for s in range(players) if s != seat]
    table = seat_names(g, seat, dict(zip(others, bots, strict=True)), lang)
    return [you if s == viewer else table[s] if s != seat else names[s] for s in range(players)]


def _viewer(rec: dict[str, Any], seat: int | None, spectator: bool, players: int) -> int | None:
    """The seat a replay is seen from: ``--seat``, none with ``--spectateur``, else the seat
    the person played (``play`` writes it in the record), else none (a server's record)."""
    if spectator and seat is not None:
        raise LudoError(
            "--seat et --spectateur s'excluent : revoyez la partie depuis un siège ou en "
            "spectateur",
            "--seat and --spectateur exclude each other: replay from a seat or as a spectator",
        )
    if seat is not None and not 0 <= seat < players:
        raise LudoError(
            f"--seat doit aller de 0 à {players - 1}", f"--seat must be 0–{players - 1}"
        )
    if seat is not None or spectator:
        return seat
    mine = rec.get("seat")
    return mine if type(mine) is int and 0 <= mine < players else None


def _say_viewer(
    say: Callable[[str, str], None], rec: dict[str, Any], seat: int | None, viewer: int | None
) -> None:
    """Which seat the replay is seen from, and how to see it from another."""
    if seat is not None:
        say(f"Vue du siège {seat}.", f"Seen from seat {seat}.")
    elif viewer is not None:
        say(
            f"Vue de votre siège (siège {viewer}) ; --seat N pour revoir la partie depuis un "
            "autre siège, --spectateur en spectateur.",
            f"Seen from your seat (seat {viewer}); --seat N to replay it from another seat, "
            "--spectator as a spectator.",
        )
    elif "seat" in rec:
        say(
            "Vue du spectateur : aucune main cachée n'est montrée.",
            "Seen as a spectator: no hidden hand is shown.",
        )
    else:
        say(
            "Vue du spectateur (l'enregistrement ne dit pas à quel siège on jouait) : aucune "
            "main cachée n'est montrée ; --seat N pour revoir la partie depuis un siège.",
            "Seen as a spectator (the record does not say which seat was played): no hidden "
            "hand is shown; --seat N to replay it from a seat.",
        )


def _check_commitment(console: Console, rec: dict[str, Any], lang: str = "fr") -> None:
    published = rec.get("commitment")
    if published is None and "table" in rec:  # a server's record always publishes one
        raise LudoError(
            "cet enregistrement vient d'une table en ligne mais ne porte pas son empreinte "
            "publiée : la graine ne peut pas être vérifiée",
            "this record comes from an online table but carries no published commitment: "
            "the seed cannot be checked",
        )
    if published is None:
        console.print(
            "No published commitment in this record (a local game)."
            if lang == "en"
            else "Pas d'empreinte publiée dans cet enregistrement (partie locale)."
        )
        return
    seed = records.record_seed(rec.get("seed"))  # the server writes it as a string of digits
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise LudoError(
            f"en-tête invalide : la graine doit être un entier (reçu {shown(rec.get('seed'))}) ; "
            "l'empreinte publiée ne peut pas être vérifiée",
            f"invalid header: the seed must be an integer (got {shown(rec.get('seed'))}); the "
            "published commitment cannot be checked",
        )
    written = rec.get("seed")
    if isinstance(written, str) and written != str(seed):  # « 0851… »: not the text hashed
        raise LudoError(
            f"graine mal écrite : « {written} » (sans zéro de tête ni signe : « {seed} ») ; "
            "l'empreinte est celle de ses chiffres écrits ainsi",
            f"badly written seed: '{written}' (no leading zero nor sign: '{seed}'); the "
            "commitment is that of its digits written so",
        )
    if "server_seed" in rec:  # the players added their own seeds to the server's
        records.check_deal(rec)
        # The lines hashed, as docs/server.md's recipe writes them (seats from 0): what a
        # person checking by hand types (« place 1 » beside « 0: » misled a sceptical player).
        lines = [f"ludotheque:{rec['server_seed']}"] + [
            f"{i}:{c}" for i, c in enumerate(rec["contributions"]) if c
        ]
        hashed = " ".join(f"« {line} »" for line in lines)
        console.print(
            f"SHA-256 commitment of the server's seed {rec['server_seed']}: {published} ✓; the "
            f"players' seeds, mixed in: SHA-256 of the lines {hashed}, its first 16 hex digits "
            f"give the deal's seed {rec['seed']} ✓"
            if lang == "en"
            else f"Empreinte SHA-256 de la graine du serveur {rec['server_seed']} : {published}"
            f" ✓ ; les graines des joueurs mêlées : le SHA-256 des lignes {hashed}, en ses 16 "
            f"premiers chiffres hexadécimaux, donne la graine de la donne {rec['seed']} ✓",
            soft_wrap=True,
        )
        return
    if commitment(seed) != published:
        raise LudoError(
            f"l'empreinte publiée {published} ne correspond pas à la graine {rec.get('seed')}",
            f"the published commitment {published} does not match seed {rec.get('seed')}",
        )
    console.print(
        f"SHA-256 commitment of seed {rec['seed']}: {published} ✓"
        if lang == "en"
        else f"Empreinte SHA-256 de la graine {rec['seed']} : {published} ✓"
    )
