"""Casino Royal Bingo (game C): how often each figure is completed first, how many cards a
bingo takes for each figure, by number of cartons in play, and whether the 8 printed cartons
are equally lucky (rules/casinoroyal.md §6–§9).

Monte Carlo over shuffled decks, exact for the rules: a carton completes a figure on the card
that covers the last cell of one of its instances (R33–R34); only the order of the cards
matters, so each shuffle gives, for every carton and figure, the card number of completion.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ludotheque.games.casinoroyal.cartons import CARTONS, FIGURES
from ludotheque.report.common import simulation_section
from ludotheque.report.html import Report, new_figure, num, pct
from ludotheque.sim.stats import wilson

DEFAULT_GAMES = 200  # shuffles = 50 × games; simulated games of A = games
# The largest --games: the shuffles are studied at once in memory (about 3 kB each, so
# 250,000 shuffles take about 0.8 GB).
MAX_GAMES = 5_000
CARTON_COUNTS = range(1, 9)
BONFERRONI_Z = 3.23  # two-sided 5 % shared among 10 figures × 8 cartons


def completion_times(shuffles: int, seed: int) -> np.ndarray:
    """``times[t, c, f]``: the card (1…52) whose turning completes figure ``f`` on carton ``c``
    in shuffle ``t``."""
    rng = np.random.default_rng(seed)
    position = np.argsort(rng.random((shuffles, 52)), axis=1).argsort(axis=1) + 1
    cells = np.stack([position[:, list(carton)] for carton in CARTONS], axis=1)  # (T, 8, 20)
    times = np.empty((shuffles, len(CARTONS), len(FIGURES)), dtype=np.int16)
    for f, figure in enumerate(FIGURES):
        per_instance = [
            cells[:, :, [i for i in range(20) if mask >> i & 1]].max(axis=2)
            for mask in figure.instances
        ]
        times[:, :, f] = np.min(np.stack(per_instance), axis=0)
    return times


def build(report: Report, n_games: int, jobs: int, seed: int) -> dict[str, Any]:
    shuffles = 50 * n_games
    times = completion_times(shuffles, seed)
    rng = np.random.default_rng(seed + 1)
    order = np.argsort(rng.random((shuffles, len(CARTONS))), axis=1)  # cartons in play: a prefix
    names = [f.name_fr for f in FIGURES]
    out: dict[str, Any] = {"shuffles": shuffles}

    report.section("Quelle figure est complétée la première ?")
    report.text(
        f"{shuffles} jeux battus ; pour k cartons en jeu (tirés au hasard parmi les 8), on "
        "retourne les cartes une à une et l'on note quelle figure est complétée la première sur "
        "l'un des cartons (ex æquo : partagé). Le tableau donne, pour chaque figure, la part des "
        "donnes où elle arrive en premier."
    )
    first_share = np.zeros((len(CARTON_COUNTS), len(FIGURES)))
    mean_cards = np.zeros((len(CARTON_COUNTS), len(FIGURES)))
    for i, k in enumerate(CARTON_COUNTS):
        chosen = order[:, :k]
        t = np.take_along_axis(times, chosen[:, :, None], axis=1).min(axis=1)  # (T, F)
        mean_cards[i] = t.mean(axis=0)
        best = t.min(axis=1, keepdims=True)
        winners = t == best
        first_share[i] = (winners / winners.sum(axis=1, keepdims=True)).mean(axis=0)
    report.table(
        ["figure", *[f"{k} carton{'s' if k > 1 else ''}" for k in CARTON_COUNTS]],
        [
            [n, *[pct(first_share[i, f]) for i in range(len(CARTON_COUNTS))]]
            for f, n in enumerate(names)
        ],
        "Part des donnes où chaque figure est la première complétée",
    )
    out["first_share"] = first_share.tolist()

    report.section("Combien de cartes pour un bingo, selon la figure annoncée")
    report.text(
        "En partie C le donneur annonce une seule figure (R32) : le nombre moyen de cartes "
        "retournées jusqu'au premier bingo mesure la longueur de la partie, et le risque que le "
        "jeu s'épuise si les joueurs manquent d'unités (R36)."
    )
    report.table(
        ["figure", *[str(k) for k in CARTON_COUNTS]],
        [
            [n, *[num(mean_cards[i, f]) for i in range(len(CARTON_COUNTS))]]
            for f, n in enumerate(names)
        ],
        "Cartes retournées (moyenne) jusqu'au bingo, par nombre de cartons en jeu",
    )
    fig, ax = new_figure()
    for f, n in enumerate(names):
        ax.plot(list(CARTON_COUNTS), mean_cards[:, f], marker="o", label=n)
    ax.set_xlabel("cartons en jeu")
    ax.set_ylabel("cartes jusqu'au bingo (moyenne)")
    ax.legend(fontsize=7, ncol=2)
    report.figure(
        fig, "Longueur d'une partie C selon la figure et le nombre de cartons", "cartes-bingo"
    )
    out["mean_cards"] = mean_cards.tolist()

    report.section("Les 8 cartons sont-ils également chanceux ?")
    report.text(
        "Les 8 cartons en jeu, une figure annoncée : part des bingos gagnés par chaque carton "
        "(ex æquo partagés ; 12,5 % chacun si les cartons se valent). Sont signalés les "
        "cartons dont l'intervalle de Wilson exclut la part égale au seuil de 95 % corrigé pour "
        "les 80 comparaisons (Bonferroni : z = 3,23) : ceux-là sont avantagés ou désavantagés "
        "par l'impression des cartes (§9), pas par le hasard du tirage."
    )
    rows, flagged = [], []
    heat = np.zeros((len(FIGURES), len(CARTONS)))
    for f, n in enumerate(names):
        t = times[:, :, f]
        win = t == t.min(axis=1, keepdims=True)
        share = (win / win.sum(axis=1, keepdims=True)).sum(axis=0)
        heat[f] = share / shuffles
        cells = []
        for c in range(len(CARTONS)):
            p = float(share[c]) / shuffles
            cells.append(pct(p))
            low, high = wilson(float(share[c]), shuffles, z=BONFERRONI_Z)
            if not low <= 1 / 8 <= high:
                flagged.append(f"carton {c + 1} en {n} ({pct(p)})")
        rows.append([n, *cells])
    report.table(
        ["figure", *[f"carton {c + 1}" for c in range(len(CARTONS))]],
        rows,
        "Part des bingos gagnés par chaque carton, 8 cartons en jeu",
    )
    fig, ax = new_figure(7.0, 4.4)
    im = ax.imshow(heat * 8, cmap="coolwarm", vmin=0.6, vmax=1.4)
    ax.set_xticks(range(len(CARTONS)), [str(c + 1) for c in range(len(CARTONS))])
    ax.set_yticks(range(len(FIGURES)), names)
    ax.set_xlabel("carton")
    fig.colorbar(im, ax=ax, label="part des bingos ÷ part égale")
    report.figure(fig, "Chance de chaque carton selon la figure (1 = part égale)", "cartons")
    report.text(
        ("Écarts significatifs à la part égale : " + " ; ".join(flagged) + ".")
        if flagged
        else "Aucun carton ne s'écarte significativement de la part égale."
    )
    out["carton_share"] = heat.tolist()

    out["simulation"] = simulation_section(
        report,
        "casinoroyal",
        n_games,
        jobs,
        seed,
        options={"game": "A"},
        players=4,
        title="Simulation de la partie A (Poker-Bingo) : premier joueur, longueur",
    )
    return out
