"""AlphaPoker: the best word's count by hand size, hands without a word, the value of jokers,
simplified counting, and whether the entame has an advantage (rules/alphapoker.md).

Hands are dealt at random from one complete set (130 cards, the 2–4 player deck) and searched
exhaustively for their best admissible word (the exact search of ``lexicon/search.py``); the
entame study plays whole games between « fort » bots and follows every hand.
"""

from __future__ import annotations

import random
import statistics
from collections import defaultdict
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.cards.letters import JOKER, deck
from ludotheque.lexicon import load
from ludotheque.lexicon.search import best_words
from ludotheque.report.common import parallel, split
from ludotheque.report.html import Report, interval, new_figure, num, pct
from ludotheque.sim.stats import rate

DEFAULT_GAMES = 200  # hands per size = 10 × games; entame: games // 10 whole games
# The largest --games: every hand's counts are kept until summed (200,000 hands a size).
MAX_GAMES = 20_000
SIZES = range(5, 10)


def _best(hand: list[str], simplified: bool) -> int:
    plays = best_words(hand, load("alphapoker"), simplified, limit=1)
    return plays[0].score if plays else 0


def study_hands(size: int, seeds: range) -> list[tuple[int, int, int, int]]:
    """Per seeded hand: (best count, best simplified count, jokers held, best count with each
    joker replaced by a random other card of the set)."""
    cards = deck()
    out = []
    for seed in seeds:
        rng = random.Random(f"alphapoker-hand:{size}:{seed}")
        pool = cards[:]
        rng.shuffle(pool)
        hand, rest = pool[:size], pool[size:]
        jokers = sum(c[0] == JOKER for c in hand)
        best = _best(hand, False)
        without = best
        if jokers:
            others = [c for c in rest if c[0] != JOKER]
            plain = [c for c in hand if c[0] != JOKER] + others[:jokers]
            without = _best(plain, False)
        out.append((best, _best(hand, True), jokers, without))
    return out


def study_entame(seeds: range, players: int) -> list[tuple[int, list[int], int]]:
    """Whole games between « fort » bots: per hand, (entame, winners, players in the hand)."""
    game = games.get("alphapoker")
    out = []
    for seed in seeds:
        state = game.new(players, {}, seed)
        agents = [botlib.make("alphapoker", "fort", seed * 31 + s) for s in range(players)]
        entame: dict[int, int] = {}
        seen = 0
        while not state.is_over():
            public = state.view(None)
            entame.setdefault(public["hand_number"], public["entame"])
            seat = min(state.to_move())
            state.apply(seat, agents[seat].act(state.view(seat), state.legal_actions(seat)))
            last = state.view(None).get("last_hand")
            if last and last["number"] > seen:
                seen = last["number"]
                alive = sum(not e for e in public["eliminated"])
                out.append((entame[seen], list(last["winners"]), alive))
    return out


def build(report: Report, n_games: int, jobs: int, seed: int) -> dict[str, Any]:
    per_size = 10 * n_games
    load("alphapoker")  # the lexicon loaded once before the workers fork
    tasks = [
        (size, range(seed + r.start, seed + r.stop))
        for size in SIZES
        for r in split(per_size, max(1, jobs))
    ]
    hands: dict[int, list[tuple[int, int, int, int]]] = defaultdict(list)
    for (size, _), part in zip(tasks, parallel(study_hands, tasks, jobs), strict=True):
        hands[size] += part
    out: dict[str, Any] = {"per_size": per_size}

    report.section("Le meilleur mot selon la taille de la main")
    report.text(
        f"{per_size} mains tirées au hasard par taille, dans un jeu complet de 130 cartes ; pour "
        "chacune, le meilleur mot admis (recherche exacte dans le lexique, jokers placés au "
        "mieux) et son compte normal (R32–R33)."
    )
    rows = []
    for size in SIZES:
        counts = [h[0] for h in hands[size]]
        q = statistics.quantiles(counts, n=4)
        none = sum(b == 0 for b in counts)
        rows.append(
            [
                size,
                num(statistics.fmean(counts)),
                f"{q[0]:g}",
                f"{q[1]:g}",
                f"{q[2]:g}",
                max(counts),
                interval(rate(none, len(counts))),
            ]
        )
        out.setdefault("mean", {})[size] = statistics.fmean(counts)
        out.setdefault("no_word", {})[size] = none / len(counts)
    report.table(
        [
            "cartes",
            "compte moyen",
            "1er quartile",
            "médiane",
            "3e quartile",
            "maximum",
            "aucun mot [IC 95 %]",
        ],
        rows,
        "Compte du meilleur mot de la main",
    )
    fig, ax = new_figure()
    ax.boxplot([[h[0] for h in hands[s]] for s in SIZES], tick_labels=[str(s) for s in SIZES])
    ax.set_xlabel("cartes en main")
    ax.set_ylabel("compte du meilleur mot")
    report.figure(fig, "Distribution du meilleur compte par taille de main", "meilleur-mot")

    report.section("Mains sans aucun mot")
    report.text(
        "La colonne « aucun mot » ci-dessus : la part des mains qui ne forment aucun mot admis "
        "de 3 lettres au moins (elles ne peuvent que se coucher ou bluffer). "
        + " ; ".join(f"{s} cartes : {pct(out['no_word'][s])}" for s in SIZES)
        + "."
    )

    report.section("La valeur des jokers")
    rows = []
    for size in SIZES:
        by_jokers: dict[int, list[int]] = defaultdict(list)
        gains = []
        for best, _, jokers, without in hands[size]:
            by_jokers[jokers].append(best)
            if jokers:
                gains.append((best - without) / jokers)
        rows.append(
            [
                size,
                *[
                    f"{num(statistics.fmean(by_jokers[j]))} ({len(by_jokers[j])})"
                    if by_jokers[j]
                    else "—"
                    for j in (0, 1, 2)
                ],
                num(statistics.fmean(gains)) if gains else "—",
            ]
        )
        if gains:
            out.setdefault("joker_gain", {})[size] = statistics.fmean(gains)
    report.table(
        ["cartes", "sans joker", "1 joker", "2 jokers", "gain par joker"],
        rows,
        "Compte moyen du meilleur mot selon les jokers tenus (nombre de mains) ; gain : même "
        "main, chaque joker remplacé par une autre carte tirée au hasard",
    )
    report.text(
        "Le gain par joker compare chaque main qui tient un joker à la même main où le joker est "
        "remplacé par une carte ordinaire prise au hasard dans le reste du jeu : c'est la valeur "
        "d'un joker en points de compte, toutes choses égales par ailleurs."
    )

    report.section("Le décompte simplifié")
    fig, ax = new_figure()
    for size, colour in ((5, "tab:blue"), (7, "tab:green"), (9, "tab:purple")):
        for k, style, label in ((0, "-", "normal"), (1, "--", "simplifié")):
            xs = sorted(h[k] for h in hands[size])
            ys = [(i + 1) / len(xs) for i in range(len(xs))]
            ax.step(xs, ys, style, color=colour, where="post", label=f"{size} cartes, {label}")
    ax.set_xlabel("compte du meilleur mot")
    ax.set_ylabel("part des mains au plus à ce compte")
    ax.legend(fontsize=8)
    report.figure(
        fig,
        "Meilleur compte, décompte normal (trait plein) et simplifié (tirets) : "
        "fonctions de répartition",
        "simplifie",
    )
    rows = []
    for size in SIZES:
        pairs = list(zip(hands[size][::2], hands[size][1::2], strict=False))
        flips = sum((a[0] - b[0]) * (a[1] - b[1]) < 0 for a, b in pairs)
        ties = sum((a[0] == b[0]) != (a[1] == b[1]) for a, b in pairs)
        rows.append(
            [
                size,
                num(statistics.fmean(h[0] for h in hands[size])),
                num(statistics.fmean(h[1] for h in hands[size])),
                interval(rate(flips, len(pairs))),
                pct(ties / len(pairs)),
            ]
        )
        out.setdefault("flips", {})[size] = flips / len(pairs)
    report.table(
        [
            "cartes",
            "moyenne normale",
            "moyenne simplifiée",
            "vainqueur inversé [IC 95 %]",
            "égalité créée ou rompue",
        ],
        rows,
        "Deux mains tirées au hasard : le décompte simplifié change-t-il le vainqueur ?",
    )
    report.text(
        "Le décompte simplifié ne compte que la valeur des lettres (sans les points de longueur) : "
        "il favorise les lettres chères (Q, W, K, X, Y, Z) au détriment des mots longs. La "
        "colonne « vainqueur inversé » donne la part des duels de mains dont le gagnant change."
    )

    report.section("L'entame a-t-elle un avantage ?")
    players = 3
    n_entame = max(4, n_games // 10)
    tasks2 = [
        (range(seed + r.start, seed + r.stop), players) for r in split(n_entame, max(1, jobs))
    ]
    records = [h for part in parallel(study_entame, tasks2, jobs) for h in part]
    wins = sum(1 / len(w) for e, w, _ in records if e in w)
    alive = statistics.fmean(a for _, _, a in records) if records else players
    r = rate(wins, len(records))
    fair = 1 / alive
    if r["low"] > fair:
        verdict = "un **avantage significatif**"
    elif r["high"] < fair:
        verdict = "un **désavantage significatif**"
    else:
        verdict = "**pas d'écart significatif**"
    report.text(
        f"{n_entame} parties complètes à {players} joueurs entre bots « fort » "
        f"({len(records)} mains). L'entame (le premier à miser) gagne {interval(r)} des mains, "
        f"pour {pct(fair)} attendus à égalité (en moyenne {num(alive)} joueurs en lice) : "
        f"{verdict} au seuil de 95 %."
    )
    out["entame"] = {**r, "fair": fair, "hands": len(records)}
    return out
