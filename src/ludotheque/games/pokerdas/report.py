"""Le Poker d'As: exact odds of one throw (natural and Poker-Joker), the first player's optimal
stopping thresholds and win probability by number of players (exact dynamic programming of
the pokerdas strategy module), checked against simulated rounds."""

from __future__ import annotations

from typing import Any

from ludotheque.games.pokerdas import strategy
from ludotheque.games.pokerdas.hands import COMBO_FR, THROWS, hand_distribution, odds
from ludotheque.report.common import simulation_section
from ludotheque.report.html import Report, interval, new_figure, pct

DEFAULT_GAMES = 400
PLAYERS = range(2, 9)


def _hand_name(rank: int, joker: bool) -> str:
    """The hand of rank ``rank`` (0 = worst) in the strategy module's numbering."""
    hands = hand_distribution(joker)  # best first
    return hands[len(hands) - 1 - rank][0].name_fr() if 0 <= rank < len(hands) else "jamais"


def build(report: Report, n_games: int, jobs: int, seed: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    report.section("Cotes exactes d'un lancer de cinq dés")
    natural, joker = odds(False), odds(True)
    combos = sorted(natural, reverse=True)
    rows, above_n, above_j = [], 0, 0
    for c in combos:
        above_n += natural[c]
        above_j += joker[c]
        rows.append(
            [
                COMBO_FR[c],
                natural[c],
                pct(natural[c] / THROWS, 2),
                pct(above_n / THROWS, 2),
                joker[c],
                pct(joker[c] / THROWS, 2),
                pct(above_j / THROWS, 2),
            ]
        )
    report.table(
        [
            "combinaison",
            "naturel /7776",
            "probabilité",
            "au moins",
            "As jokers /7776",
            "probabilité",
            "au moins",
        ],
        rows,
        "Les 6⁵ = 7776 lancers ordonnés énumérés un à un (§1 des règles)",
    )
    fig, ax = new_figure()
    xs = range(len(combos))
    ax.bar([x - 0.2 for x in xs], [natural[c] / THROWS for c in combos], 0.4, label="naturel")
    ax.bar([x + 0.2 for x in xs], [joker[c] / THROWS for c in combos], 0.4, label="As jokers")
    ax.set_xticks(list(xs), [COMBO_FR[c] for c in combos], rotation=20)
    ax.set_ylabel("probabilité d'un lancer")
    ax.legend()
    report.figure(fig, "Probabilité de chaque combinaison en un lancer", "cotes")
    out["odds"] = {"natural": natural, "joker": joker}

    report.section("Premier joueur : seuil d'arrêt optimal et chance de gagner")
    report.text(
        "Le premier joueur fixe le nombre de lancers des suivants (R10) ; chacun joue ensuite au "
        "mieux. Programmation dynamique exacte du module de stratégie : pour chaque nombre de "
        "joueurs, la plus faible combinaison sur laquelle s'arrêter après 1, 2 et 3 lancers, et "
        "la probabilité de gagner la manche en jouant ainsi (relance totale, sans limite de "
        "lancers, comme le livre de règles). « Café » : dés gardés, 3 lancers au plus."
    )
    curves: dict[str, list[float]] = {"naturel": [], "As jokers": [], "café (dés gardés)": []}
    for wild in (False, True):
        rows = []
        for n in PLAYERS:
            thresholds, p = strategy.whole_first(wild, n, None)
            names = [_hand_name(t, wild) for t in thresholds[:3]]
            rows.append([n, *names, pct(p), pct(1 / n)])
            curves["As jokers" if wild else "naturel"].append(p)
        report.table(
            ["joueurs", "s'arrêter au 1er lancer sur", "au 2e", "au 3e", "gagne", "part égale"],
            rows,
            "As jokers (Poker-Joker)" if wild else "Dés naturels",
        )
    for n in PLAYERS:
        curves["café (dés gardés)"].append(strategy.kept_first_value(False, n, 3))
    report.table(
        ["joueurs", *[str(n) for n in PLAYERS]],
        [["café : premier joueur gagne", *[pct(p) for p in curves["café (dés gardés)"]]]],
        "Café (relance_totale=non, max_throws=3) : dés gardés, valeur exacte",
    )
    fig, ax = new_figure()
    for label, ys in curves.items():
        ax.plot(list(PLAYERS), ys, marker="o", label=label)
    ax.plot(list(PLAYERS), [1 / n for n in PLAYERS], "k--", label="part égale 1/n")
    ax.set_xlabel("joueurs")
    ax.set_ylabel("probabilité que le premier gagne")
    ax.legend()
    report.figure(
        fig,
        "Chance du premier joueur (stratégie optimale), par nombre de joueurs",
        "premier-joueur",
    )
    out["first"] = curves

    # A check by simulation: one-round games between perfect bots, the first to throw being the
    # first player. With no throw limit an unlucky first player may chase a Poker d'As for
    # tens of thousands of throws (the rule book's default is degenerate there, D3), so the
    # check uses a 3-throw limit, whose exact value the same module computes.
    exact = strategy.whole_first(False, 3, 3)[1]
    sim = simulation_section(
        report,
        "pokerdas",
        n_games,
        jobs,
        seed,
        options={"max_rounds": 1, "max_throws": 3, "relance_totale": True},  # whole throws
        players=3,
        title="Vérification par simulation (une manche, 3 joueurs « parfait »)",
        against_random=False,
    )
    fp = sim["self"]["first_player"]
    inside = fp["low"] <= exact <= fp["high"]
    report.text(
        f"Valeur exacte à 3 joueurs, 3 lancers au plus : {pct(exact)} ; simulée : {interval(fp)}"
        " — "
        + (
            "la valeur exacte est dans l'intervalle."
            if inside
            else "**la valeur exacte sort de l'intervalle** "
            "(à 95 %, cela arrive une fois sur vingt)."
        )
    )
    out["simulation"] = sim
    return out
