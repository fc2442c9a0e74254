"""`ludotheque tournoi`: a tournament of bot duels, standings after every round, resumable."""

from __future__ import annotations

import time
import typing
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.cli.common import ScreenLang, refused
from ludotheque.engine.errors import LudoError, OptionsError, os_reason
from ludotheque.sim import output
from ludotheque.term import english
from ludotheque.term.french import agree, plural
from ludotheque.term.table import seat_name
from ludotheque.tournament import Entrant, Round, Tournament, TournamentOptions, pairing
from ludotheque.tournament.formula import round_title
from ludotheque.tournament.runner import default_jobs

BY_LOT = " (départagés par tirage au sort)"  # next to the lines a tie put in order (D23)
BY_LOT_EN = " (tie broken by lot)"  # the tournament page's words

# The tournament options as this command names them.
FLAGS = {
    "tournament_format": "--formule",
    "prelim_pairing": "--appariement",
    "bracket_seeding": "--tetes-de-serie",
}


def tournoi(
    game: str = typer.Argument("alphapoker", help="Le jeu des duels.", metavar="jeu"),
    joueurs: int = typer.Option(8, "--joueurs", "-n", help="Nombre de participants."),
    bots: str | None = typer.Option(
        None,
        "--bots",
        help="Bots, séparés par des virgules, attribués tour à tour (sans --bots : le bot par "
        "défaut du jeu et random).",
        show_default=False,
    ),
    seed: int = typer.Option(0, "--seed", help="Graine du tournoi (tirages et donnes)."),
    formule: str = typer.Option("standard", "--formule", help="standard ou championship."),
    appariement: str = typer.Option(
        "halves",
        "--appariement",
        help="halves (chaque moitié du classement : 1er contre dernier de sa moitié) ou fold "
        "(chacun contre le moins bien classé qu'il n'a pas encore rencontré).",
    ),
    tetes: str = typer.Option(
        "lot", "--tetes-de-serie", help="lot (tirage au sort) ou ranking (classement)."
    ),
    option: list[str] = typer.Option([], "--option", "-o", help="Option de jeu nom=valeur."),
    dossier: Path | None = typer.Option(None, "--dossier", help="Dossier du tournoi."),
    jobs: int = typer.Option(default_jobs(), "--jobs", help="Duels joués en parallèle."),
    serveur: str | None = typer.Option(
        None,
        "--serveur",
        help="Créer le tournoi en ligne sur ce serveur (URL) au lieu de le jouer.",
    ),
    nom: str | None = typer.Option(None, "--nom", help="En ligne : nom du tournoi."),
    debut: float = typer.Option(
        15.0, "--debut", help="En ligne : début dans tant de minutes (inscriptions d'ici là)."
    ),
    remplir: bool = typer.Option(
        False,
        "--remplir",
        help="En ligne : le premier bot de --bots (sans --bots, le bot par défaut du jeu) "
        "complète les places libres.",
    ),
    invitation: bool = typer.Option(False, "--invitation", help="En ligne : sur invitation."),
    absence: float = typer.Option(60.0, "--absence", help="En ligne : secondes avant forfait."),
    pendule: float | None = typer.Option(None, "--pendule", help="En ligne : secondes par coup."),
    duree_tour: float | None = typer.Option(
        None,
        "--duree-tour",
        help="En ligne : durée d'un tour au plus, en minutes (ensuite chaque duel inachevé va "
        "à qui mène).",
    ),
    organisateur: str = typer.Option(
        "Organisateur", "--organisateur", help="En ligne : pseudonyme (invité) de l'organisateur."
    ),
    jeton: str | None = typer.Option(
        None, "--jeton", envvar="LUDOTHEQUE_TOKEN", help="En ligne : jeton d'un compte existant."
    ),
    lang: ScreenLang = "fr",
) -> None:
    """Un tournoi de duels (bots ; avec --serveur, en ligne pour des personnes).

    Entre bots, il reprend là où il s'était arrêté. Avec --serveur, il crée un tournoi en \
ligne pour des personnes (et des bots) sur un serveur de la ludothèque."""
    # Everything is said in French, in English with --lang en; the tournament's file and its
    # entrants' names are the same in both (a tournament started in one resumes in the other).
    console = Console(highlight=False)
    en = lang == "en"
    try:
        names = None if bots is None else bot_names(game, bots)
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    if serveur:
        spec = {
            "name": nom,
            "game": game,
            "places": joueurs,
            "bots": remplir,
            "bot": names[0] if remplir and names else None,  # None: the game's default bot
            "formula": {
                "tournament_format": formule,
                "prelim_pairing": appariement,
                "bracket_seeding": tetes,
            },
            "options": dict(_option_pairs(option, lang)),
            "move_clock": pendule,
            "round_deadline": None if duree_tour is None else duree_tour * 60,
            "grace": absence,
            "starts_at": time.time() + debut * 60,
            "invitation": invitation,
        }
        online(console, serveur, spec, organisateur, jeton, lang)
        return
    try:
        the_game = games.get(game)
        opts = tournament_options(formule, appariement, tetes)
        championship = opts.tournament_format == "championship"
        pairing.check_entrants(joueurs, championship, _remedy(joueurs, championship))
        game_options = the_game.options_type.parse(option).to_dict()
        if names is None:
            names = default_bots(game, game_options)
        for name in names:
            botlib.make(game, name)
        entrants = [
            Entrant(f"{names[i % len(names)].capitalize()} {i + 1}", names[i % len(names)])
            for i in range(joueurs)
        ]
        folder = dossier or Path(f"tournoi-{game}-{joueurs}-{seed}")
        t = Tournament(game, entrants, seed, opts, game_options, folder, jobs)
        resumed = t.resume()
        _open_folder(t)
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    if resumed and en:
        console.print(
            f"Tournament resumed: {english.plural(resumed, 'duel')} already played ({t.path})."
        )
        if t.formula.final_ranking(t.done) is not None:
            console.print(
                "This tournament is already over: no duel left to play; here are its rounds, "
                "each with the standings as they were then, and its final ranking."
            )
    elif resumed:
        console.print(
            f"Reprise du tournoi : {plural(resumed, 'duel')} déjà "
            f"{agree(resumed, 'joué', 'joués')} ({t.path})."
        )
        if t.formula.final_ranking(t.done) is not None:
            console.print(
                "Ce tournoi est déjà terminé : aucun duel à jouer ; voici ses tours, chacun "
                "avec le classement d'alors, puis son classement final."
            )
    start = time.perf_counter()
    try:
        ranking = t.run(lambda tour, rnd: show_round(console, tour, rnd, lang))
    except OSError as exc:  # the disk filled up, the folder went away… mid-tournament
        raise refused(console, _unwritable(t.folder, exc, stopped=True), lang) from None
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    except KeyboardInterrupt:  # Ctrl-C: the duels finished are in the file, the others replay
        console.print(interrupted(t, lang), soft_wrap=True)
        raise typer.Exit(130) from None
    console.rule("Final ranking" if en else "Classement final")
    drawn = {row["entrant"] for row in t.standing_table() if row["by_lot"]}
    by_lot = BY_LOT_EN if en else BY_LOT
    for place, e in enumerate(ranking, start=1):
        console.print(f"{place:>3}. {entrant_name(t, e, lang)}{by_lot if e in drawn else ''}")
    elapsed = f"{time.perf_counter() - start:.1f} s"
    if en:
        console.print(
            f"{duels_said(t, resumed, elapsed)}; tournament: {t.path}, games: "
            f"{t.folder / 'parties'}"
        )
        return
    if resumed:
        now = len(t.done) - resumed
        count = (
            f"{plural(len(t.done), 'duel')}, dont {resumed} repris du fichier ; "
            f"{plural(now, 'duel')} {agree(now, 'joué', 'joués')} en {elapsed}"
            if now
            else f"{plural(resumed, 'duel')}, {agree(resumed, '', 'tous ')}repris du fichier"
        )
    else:
        count = f"{plural(len(t.done), 'duel')} en {elapsed}"
    console.print(f"{count} ; tournoi : {t.path}, parties : {t.folder / 'parties'}")


def duels_said(t: Tournament, resumed: int, elapsed: str) -> str:
    """The duels of a finished run, in English: « 12 duels in 0.3 s », « 12 duels, 3 of them
    resumed from the file; 9 duels played in 0.2 s », « 12 duels, all resumed from the file »."""
    total = english.plural(len(t.done), "duel")
    if not resumed:
        return f"{total} in {elapsed}"
    now = len(t.done) - resumed
    if now:
        return (
            f"{total}, {resumed} of them resumed from the file; "
            f"{english.plural(now, 'duel')} played in {elapsed}"
        )
    return f"{total}, {'' if resumed == 1 else 'all '}resumed from the file"


def entrant_name(t: Tournament, e: int, lang: str = "fr") -> str:
    """An entrant's name as the screen shows it: the name it was given (« Parfait 1 »); in
    English, a bot named by this command (its bot and its number) is named by its kind as the
    game words it, as at an English table (« Strong 1 »). The tournament's file keeps the
    name it was given."""
    entrant = t.entrants[e]
    if lang == "en" and entrant.name == f"{entrant.bot.capitalize()} {e + 1}":
        return seat_name(games.get(t.game), entrant.bot, e + 1, lang)
    return entrant.name


def interrupted(t: Tournament, lang: str = "fr") -> str:
    """What an interrupted tournament says: what it keeps, and that the same command resumes."""
    n = len(t.done)
    if lang == "en":
        if not n:
            return "Tournament interrupted before its first duel ended: the same command starts it."
        return (
            f"Tournament interrupted: {n} duel{'s' if n != 1 else ''} saved in {t.path}; "
            "the same command resumes it where it stopped."
        )
    if not n:
        return "Tournoi interrompu avant la fin de son premier duel : la même commande le lance."
    return (
        f"Tournoi interrompu : {plural(n, 'duel')} {agree(n, 'enregistré', 'enregistrés')} "
        f"dans {t.path} ; la même commande le reprend où il en était."
    )


def default_bots(game: str, options: Mapping[str, Any]) -> list[str]:
    """The bots of a tournament without --bots: the game's default bot for these options (the
    one a person plays against), and random."""
    spec = games.get(game)
    first = spec.default_bot(spec.options_type.from_dict(options))
    return [first] if first == "random" else [first, "random"]


def bot_names(game: str, bots: str) -> list[str]:
    """The bots named by ``--bots`` (« parfait,random »); a refusal when it names none."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if not names:
        known = ", ".join(botlib.available(game))
        fr, en = (f" (« {bots} »)", f" ('{bots}')") if bots.strip() else ("", "")
        raise OptionsError(
            f"--bots : aucun bot nommé{fr} ; bots de {game} : {known}, séparés par des "
            "virgules (sans --bots : le bot par défaut du jeu et random)",
            f"--bots names no bot{en}; bots of {game}: {known}, separated by commas "
            "(without --bots: the game's default bot and random)",
        )
    return names


def tournament_options(formule: str, appariement: str, tetes: str) -> TournamentOptions:
    """The formula's options, a refused value named by its option (``--formule``)."""
    given = {"tournament_format": formule, "prelim_pairing": appariement, "bracket_seeding": tetes}
    for key, value in given.items():
        choices = typing.get_args(typing.get_type_hints(TournamentOptions)[key])
        if value not in choices:
            fr, en = " ou ".join(choices), " or ".join(choices)
            raise OptionsError(
                f"{FLAGS[key]} : « {value} » n'est pas une valeur possible (attendu {fr})",
                f"{FLAGS[key]}: '{value}' is not a possible value (expected {en})",
            )
    return TournamentOptions.from_dict(given)


def _remedy(n: int, championship: bool) -> tuple[str, str]:
    """What to do about a number of entrants the formula refuses, for a run of bots."""
    if not championship and n % 2 and 2 < n < 64:
        return (
            "choisissez un autre nombre avec --joueurs, ou --formule championship, qui accepte "
            "un nombre impair",
            "choose another number with --joueurs, or --formule championship, which takes an "
            "odd number",
        )
    return ("choisissez un autre nombre avec --joueurs", "choose another number with --joueurs")


def _open_folder(t: Tournament) -> None:
    """Create the tournament's folder and its games' folder, or say why it cannot be."""
    output.folder_target(t.folder / "parties", "--dossier")


def _unwritable(folder: Path, exc: OSError, stopped: bool = False) -> OptionsError:
    fr, en = os_reason(exc)
    then_fr = " ; le tournoi s'est arrêté, il reprendra où il en était" if stopped else ""
    then_en = "; the tournament stopped, it will resume where it was" if stopped else ""
    return OptionsError(
        f"--dossier {folder} : impossible d'y écrire ({fr}){then_fr} ; choisissez un dossier "
        "où écrire",
        f"--dossier {folder}: cannot write there ({en}){then_en}; choose a folder one can write to",
    )


def _option_pairs(option: list[str], lang: str = "fr") -> list[tuple[str, str]]:
    """``-o nom=valeur``, the server's game reads the values (as the offline options do)."""
    pairs = []
    for item in option:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(
                f"option '{item}': name=value expected"
                if lang == "en"
                else f"option « {item} » : il faut nom=valeur"
            )
        pairs.append((name.strip(), value.strip()))
    return pairs


def online(
    console: Console,
    url: str,
    spec: dict[str, Any],
    organiser: str,
    token: str | None,
    lang: str = "fr",
) -> None:
    """Create the tournament on a server (POST /api/tournaments); print its page and links."""
    import httpx

    base = url.rstrip("/")
    en = lang == "en"
    try:
        with httpx.Client(base_url=base, timeout=120) as http:  # a cold server loads a lexicon
            if not token:
                r = http.post("/api/guest", json={"name": organiser})
                _check(console, r, lang)
                token = r.json()["token"]
                console.print(
                    f"Organiser: guest “{organiser}”, token {token}"
                    if en
                    else f"Organisateur : invité « {organiser} », jeton {token}"
                )
            game = spec["game"]
            options = {}
            if spec["options"]:
                from ludotheque import games

                opts = games.get(game).options_type.parse(
                    [f"{k}={v}" for k, v in spec["options"].items()]
                )
                options = opts.to_dict()
            r = http.post(
                "/api/tournaments",
                json={**spec, "options": options},
                headers={"Authorization": f"Bearer {token}"},
            )
            _check(console, r, lang)
    except httpx.HTTPError as exc:
        said = (
            f"Error: the server {base} does not answer ({exc})"
            if lang == "en"
            else f"Erreur : le serveur {base} ne répond pas ({exc})"
        )
        console.print(f"[red]{said}[/]", soft_wrap=True)
        raise typer.Exit(2) from None
    except LudoError as exc:
        raise refused(console, exc, lang) from None
    t = r.json()
    page = f"{base}/tournament/{t['id']}"
    console.print(f"Tournament created: {page}" if en else f"Tournoi créé : {page}")
    # The organiser's controls are on the page, for his session: the link hands it over to a
    # browser (in the fragment, which no server log sees).
    console.print(
        f"Organiser's page (it opens the organiser's session in the browser: do not share it): "
        f"{page}#jeton={token}"
        if en
        else f"Page de l'organisateur (ouvre sa session dans le navigateur, ne la partagez pas) : "
        f"{page}#jeton={token}",
        soft_wrap=True,
    )
    if t.get("invite"):
        link = f"{page}?invite={t['invite']}"
        console.print(f"Invitation link: {link}" if en else f"Lien d'invitation : {link}")


def _check(console: Console, r: Any, lang: str = "fr") -> None:
    if r.status_code >= 400:
        try:
            detail = r.json()["detail"]
            if not isinstance(detail, dict):
                why = str(detail)
            else:  # the server says it in both languages
                english = detail.get("message_en") if lang == "en" else None
                why = str(english or detail["message"])
        except (ValueError, KeyError, TypeError):
            why = r.text[:300]
        said = (
            f"Server error ({r.status_code}): {why}"
            if lang == "en"
            else f"Erreur du serveur ({r.status_code}) : {why}"
        )
        console.print(f"[red]{said}[/]", soft_wrap=True)
        raise typer.Exit(2)


# The standings' headings, French and English (the tournament page's words); the match
# points' may take two lines (« Points de » / « match »).
COLUMNS = ("Rang", "Participant", "Points de match", "Départage", "Duels G–P")
COLUMNS_EN = ("Rank", "Entrant", "Match points", "Tie-break", "Duels W–L")


def show_round(console: Console, t: Tournament, rnd: Round, lang: str = "fr") -> None:
    """A round as it was played: its duels, who rested, the standings after it; in French, in
    English with ``lang`` « en »."""
    en = lang == "en"
    console.rule(round_title(rnd.label, len(rnd.duels), lang) if en else rnd.title)
    for duel in rnd.duels:
        a, b = entrant_name(t, duel.a, lang), entrant_name(t, duel.b, lang)
        w = entrant_name(t, duel.winner, lang) if duel.winner is not None else "?"
        console.print(f"  {a} – {b}{':' if en else ' :'} {duel.score_text()} → {w}")
    if rnd.label.startswith("rr"):  # R54 with an odd number: one entrant has no duel
        playing = {e for duel in rnd.duels for e in (duel.a, duel.b)}
        for e in sorted(set(range(len(t.entrants))) - playing):
            name = entrant_name(t, e, lang)
            console.print(
                f"  Resting this round: {name} (odd number of entrants)."
                if en
                else f"  Au repos ce tour : {name} (nombre impair)."
            )
    table = Table(title="Standings" if en else "Classement", title_style="bold")
    for i, col in enumerate(COLUMNS_EN if en else COLUMNS):
        table.add_column(col, no_wrap=i != 2)
    # The standings after this round, even when the file holds later ones: the order the next
    # round pairs or qualifies by, ties by the tournament's one lot (said on their lines).
    lines = t.standing_table(t.played())
    drawn = any(r["by_lot"] for r in lines)
    if drawn:
        narrow = console.width < 100  # then « (départagés par » / « tirage au sort) »
        table.add_column("", width=15 if narrow else None)
    by_lot = (BY_LOT_EN if en else BY_LOT).strip()
    for r in lines:
        name = entrant_name(t, r["entrant"], lang)
        cells = [str(r["rank"]), name, str(r["mp"]), signed(r["tb"])]
        cells.append(f"{r['won']}–{r['lost']}")
        if drawn:
            cells.append(by_lot if r["by_lot"] else "")
        table.add_row(*cells)
    console.print(table)


def signed(points: int) -> str:
    """Tie-break points as the tournament page writes them: « +12 », « -3 », « 0 »."""
    return f"{points:+d}" if points else "0"
