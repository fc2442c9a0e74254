"""What every report shares: parallel work over processes, the generic simulation section."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from ludotheque import games
from ludotheque.report.html import Report, interval, new_figure, num, pct
from ludotheque.sim import Plan, run, summarize
from ludotheque.sim.fmt import count, share
from ludotheque.sim.interrupts import pool
from ludotheque.sim.runner import notify
from ludotheque.sim.stats import significant
from ludotheque.term.french import agree, plural

T = TypeVar("T")


def parallel(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]], jobs: int) -> list[T]:
    """``[fn(*t) for t in tasks]`` on ``jobs`` processes, results in task order; each task done
    is told to the watchers (``rapport``'s progress). A Ctrl-C stops the workers at once (they
    ignore it) and goes up as KeyboardInterrupt."""
    out: list[T] = []
    if jobs <= 1 or len(tasks) <= 1:
        for t in tasks:
            out.append(fn(*t))
            notify("tasks", 1)
        return out
    with pool(min(jobs, len(tasks))) as workers:
        for result in workers.imap(_call, [(fn, t) for t in tasks]):
            out.append(result)
            notify("tasks", 1)
    return out


def _call(task: tuple[Callable[..., T], tuple[Any, ...]]) -> T:
    fn, args = task
    return fn(*args)


def split(n: int, parts: int) -> list[range]:
    """``range(n)`` in ``parts`` contiguous pieces (for seeded work spread over processes)."""
    size = -(-n // max(1, parts))
    return [range(i, min(n, i + size)) for i in range(0, n, size)]


def simulation_section(
    report: Report,
    game: str,
    n_games: int,
    jobs: int,
    seed: int,
    options: dict[str, Any] | None = None,
    players: int | None = None,
    title: str = "Simulation : avantage du premier joueur, longueur, scores",
    against_random: bool = True,
    max_steps: int | None = 20_000,
) -> dict[str, Any]:
    """Games of the strongest bot against itself (first player's advantage, seat balance,
    length) and against random (how much the bot's skill weighs). Returns the summaries."""
    g = games.get(game)
    opts = g.options_type.from_dict(options or {})
    strong = g.default_bot(opts)
    n = players or g.default_players()
    report.section(title)
    self_plan = Plan.make(game, [strong], n_games, n, opts.to_dict(), seed, max_steps=max_steps)
    s_self = summarize(run(self_plan, jobs=jobs))
    fair = s_self["fair_share"]  # 1/n; 1/teams in a team game; without a non-playing arbiter
    teams = s_self["teams"]
    fp = s_self["first_player"]
    verdict = (
        "un **avantage significatif**"
        if fp["low"] > fair
        else "un **désavantage significatif**"
        if fp["high"] < fair
        else "**pas d'écart significatif**"
    )
    intro = f"{count(n_games)} parties à {n} joueurs entre bots « {strong} », places tournantes. "
    done, cut = s_self["finished"], s_self["truncated"]
    if not done:
        report.text(
            intro + f"Aucune ne s'est terminée en {count(max_steps or 0)} actions : sans "
            "gagnant, ni taux de victoire ni conclusion à cette taille."
        )
        return {"self": s_self, "mixed": None, "bot": strong, "players": n}
    if cut:
        over = agree(done, "partie terminée", "parties terminées")
        intro += (
            f"Les taux portent sur les {count(done)} {over} ({count(cut)} "
            f"{agree(cut, 'tronquée', 'tronquées')} à {count(max_steps or 0)} actions, sans "
            "gagnant). "
        )
    if teams:
        report.text(
            intro + f"Le jeu se joue par équipes ({team_names(teams)}) : une victoire d'équipe "
            f"compte pour chacun de ses joueurs, la part équitable est donc {pct(fair)}, et "
            "chaque taux compte une équipe une fois par partie. L'équipe du premier joueur (le "
            f"premier à agir) gagne {interval(fp)} des parties, pour {pct(fair)} attendus à "
            f"égalité : {verdict} au seuil de 95 % (intervalles de Wilson)."
        )
    else:
        report.text(
            intro + f"Le premier joueur (le premier à agir) gagne {interval(fp)} des parties, "
            f"pour {pct(fair)} attendus à égalité : {verdict} au seuil de 95 % (intervalles "
            "de Wilson)."
        )
    rows = [[f"place {s + 1}", interval(r)] for s, r in enumerate(s_self["per_seat"]) if r["n"]]
    caption = f"« {strong} » contre lui-même" + (
        " (une place gagne quand son équipe gagne)" if teams else ""
    )
    report.table(["place", "victoires [IC 95 %]"], rows, caption)
    report.text(seats_verdict(s_self["per_seat"], fair))
    s_mixed = None
    if against_random and strong != "random":
        mixed = Plan.make(
            game, [strong, "random"], n_games, n, opts.to_dict(), seed + 10**6, max_steps=max_steps
        )
        s_mixed = summarize(run(mixed, jobs=jobs))
        rb = s_mixed["per_bot"]
        if teams:
            report.text(
                f"Contre des joueurs au hasard, l'équipe de « {strong} » (son partenaire et "
                f"leurs adversaires jouent au hasard) gagne {interval(rb[strong])} de ses "
                f"parties (part équitable {pct(fair)})."
            )
        else:
            report.text(
                f"Contre des joueurs au hasard, « {strong} » gagne {interval(rb[strong])} de "
                f"ses places (part équitable {pct(fair)}), le hasard {interval(rb['random'])}."
            )
    st = s_self["steps"]
    cut = s_self["truncated"]
    report.text(
        f"Longueur d'une partie entre « {strong} » : {num(st['mean'])} actions en moyenne "
        f"(médiane {num(st['median'])}, de {share(st['min'])} à {share(st['max'])})."
        + (
            f" {plural(cut, 'partie')} {agree(cut, 'arrêtée', 'arrêtées')} à "
            f"{count(max_steps or 0)} actions."
            if cut
            else ""
        )
    )
    return {"self": s_self, "mixed": s_mixed, "bot": strong, "players": n}


def team_names(teams: Sequence[Sequence[int]]) -> str:
    """« places 1 et 3 contre 2 et 4 » (places numbered from 1)."""
    return "places " + " contre ".join(" et ".join(str(s + 1) for s in team) for team in teams)


def seats_verdict(per_seat: Sequence[dict[str, float]], fair: float) -> str:
    """A sentence naming every seat whose 95 % interval excludes the fair share, above or
    below it — or saying that none does. Each interval is at 95 %: over many seats, one may
    stray by chance (one in twenty)."""
    off = significant(per_seat, fair)
    if not off:
        return (
            f"Par place : aucune place ne s'écarte significativement de la part équitable "
            f"({pct(fair)}) au seuil de 95 %."
        )
    said = [
        f"la place {seat + 1} gagne **{'plus' if sign == '+' else 'moins'} souvent** "
        f"({interval(per_seat[seat])})"
        for seat, sign in off
    ]
    return (
        f"Par place : **écart significatif** à la part équitable ({pct(fair)}) au seuil de "
        "95 % — " + " ; ".join(said) + ". Chaque intervalle est à 95 % : sur plusieurs places, "
        "l'un peut s'écarter par hasard (une fois sur vingt) ; plus de parties (--games) le "
        "confirment ou non."
    )


def length_histogram(
    report: Report, lengths: dict[str, list[int]], caption: str, slug: str
) -> None:
    """One histogram of game lengths per label (bot level, table size)."""
    fig, ax = new_figure()
    for label, values in lengths.items():
        if values:
            ax.hist(values, bins=30, alpha=0.55, label=label)
    ax.set_xlabel("actions par partie")
    ax.set_ylabel("parties")
    ax.legend()
    report.figure(fig, caption, slug)
