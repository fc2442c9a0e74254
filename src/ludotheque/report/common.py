"""What every report shares: parallel work over processes, the generic simulation section."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

from ludotheque import games
from ludotheque.report.html import Report, interval, new_figure, num, pct
from ludotheque.sim import Plan, run, summarize

T = TypeVar("T")


def parallel(fn: Callable[..., T], tasks: Sequence[tuple[Any, ...]], jobs: int) -> list[T]:
    """``[fn(*t) for t in tasks]`` on ``jobs`` processes, results in task order."""
    if jobs <= 1 or len(tasks) <= 1:
        return [fn(*t) for t in tasks]
    with ProcessPoolExecutor(min(jobs, len(tasks))) as pool:
        return list(pool.map(fn, *zip(*tasks, strict=True)))


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
    fair = 1 / n
    fp = s_self["first_player"]
    verdict = (
        "un **avantage significatif**"
        if fp["low"] > fair
        else "un **désavantage significatif**"
        if fp["high"] < fair
        else "**pas d'écart significatif**"
    )
    report.text(
        f"{n_games} parties à {n} joueurs entre bots « {strong} », places tournantes. Le premier "
        f"joueur (le premier à agir) gagne {interval(fp)} des parties, pour {pct(fair)} attendus "
        f"à égalité : {verdict} au seuil de 95 % (intervalles de Wilson)."
    )
    rows = [[f"place {s}", interval(r)] for s, r in enumerate(s_self["per_seat"])]
    report.table(["place", "victoires [IC 95 %]"], rows, f"« {strong} » contre lui-même")
    s_mixed = None
    if against_random and strong != "random":
        mixed = Plan.make(
            game, [strong, "random"], n_games, n, opts.to_dict(), seed + 10**6, max_steps=max_steps
        )
        s_mixed = summarize(run(mixed, jobs=jobs))
        rb = s_mixed["per_bot"]
        report.text(
            f"Contre des joueurs au hasard, « {strong} » gagne {interval(rb[strong])} de ses "
            f"places (part équitable {pct(fair)}), le hasard {interval(rb['random'])}."
        )
    st = s_self["steps"]
    cut = s_self["truncated"]
    report.text(
        f"Longueur d'une partie entre « {strong} » : {num(st['mean'])} actions en moyenne "
        f"(médiane {num(st['median'])}, de {st['min']:g} à {st['max']:g})."
        + (f" {cut} parties arrêtées à {max_steps} actions." if cut else "")
    )
    return {"self": s_self, "mixed": s_mixed, "bot": strong, "players": n}


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
