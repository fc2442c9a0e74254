"""Alice: the first player's (White's) advantage and the length of a game at each bot level,
from games of each bot against itself (rules/alice.md)."""

from __future__ import annotations

from typing import Any

from ludotheque.report.common import length_histogram
from ludotheque.report.html import Report, interval, new_figure, num, pct
from ludotheque.sim import Plan, run, summarize

DEFAULT_GAMES = 160
# Bot levels, weakest first, and the share of --games each plays (the MCTS levels cost
# seconds per game: mcts:facile ≈ 7 s, mcts:moyen ≈ 30 s, mcts:fort more).
LEVELS = (("random", 1), ("glouton", 1), ("mcts:facile", 1 / 20), ("mcts:moyen", 1 / 80),
          ("mcts:fort", 1 / 320))  # fmt: skip


def build(report: Report, n_games: int, jobs: int, seed: int) -> dict[str, Any]:
    report.section("Avantage du premier joueur et longueur des parties, par niveau de bot")
    report.text(
        "Chaque niveau joue contre lui-même ; le premier joueur (Blanc, celui qui agit en "
        "premier) change d'une partie à l'autre selon la donne. Une égalité de points compte "
        "une demi-victoire pour chacun. Les niveaux MCTS "
        f"coûtent plusieurs secondes par partie : ils jouent moins de parties (--games {n_games} "
        "donne le nombre de parties des niveaux rapides)."
    )
    rows, lengths, out = [], {}, {}
    for level, share in LEVELS:
        count = int(n_games * share)
        if count < 1:
            report.text(
                f"Niveau « {level} » : --games {int(1 / share)} ou plus pour le jouer.", note=True
            )
            continue
        plan = Plan.make("alice", [level], count, seed=seed)
        rows_level = run(plan, jobs=jobs)
        s = summarize(rows_level)
        fp = s["first_player"]
        st = s["steps"]
        rows.append(
            [
                level,
                count,
                interval(fp),
                num(st["mean"]),
                num(st["median"]),
                num(s["seconds"]["mean"], 2),
            ]
        )
        lengths[level] = [r["steps"] for r in rows_level]
        out[level] = s
    report.table(
        [
            "niveau",
            "parties",
            "le premier joueur gagne [IC 95 %]",
            "actions (moyenne)",
            "médiane",
            "s de calcul / partie",
        ],
        rows,
        "Chaque bot contre lui-même",
    )
    fig, ax = new_figure()
    names = list(out)
    rates = [out[n]["first_player"]["rate"] for n in names]
    lows = [r - out[n]["first_player"]["low"] for n, r in zip(names, rates, strict=True)]
    highs = [out[n]["first_player"]["high"] - r for n, r in zip(names, rates, strict=True)]
    ax.errorbar(range(len(names)), rates, yerr=[lows, highs], fmt="o", capsize=5)
    ax.axhline(0.5, color="k", linestyle="--", label="part égale")
    ax.set_xticks(range(len(names)), names)
    ax.set_ylabel("victoires du premier joueur")
    ax.set_ylim(0, 1)
    ax.legend()
    report.figure(
        fig,
        "Premier joueur : victoires et intervalle de Wilson à 95 %, par niveau",
        "premier-joueur",
    )
    length_histogram(report, lengths, "Longueur des parties (actions), par niveau", "longueur")
    significant = [
        n
        for n in names
        if not out[n]["first_player"]["low"] <= 0.5 <= out[n]["first_player"]["high"]
    ]
    report.text(
        "Écart significatif à 50 % (95 %) pour : "
        + ", ".join(f"{n} ({pct(out[n]['first_player']['rate'])})" for n in significant)
        if significant
        else "Aucun niveau ne montre d'écart significatif à 50 % au seuil de 95 %."
    )
    return out
