"""Alkamo: how often each theme can be played from a random rack (rules/alkamo.md §3, §6).

A rack is 10 tiles drawn at random from cagnotte L (191 tiles, jokers included, R5). A theme
plaque « can be played » when the rack forms (R16–R18, jokers as any letter) at least one
admissible word that the deterministic judge ``liste`` accepts for that theme: the theme word,
one of its forms, or a word (or a form of a word) of the theme's list in the maquette (R22,
E16). That is a lower bound: a vote or the automatic judge accepts more words. A free square
C1–C5 can be played when the rack forms an admissible word of exactly its printed length (R7).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ludotheque.games.alkamo.maquettes import MAQUETTES, bag
from ludotheque.games.alkamo.search import word_index
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.judge import readings
from ludotheque.report.common import parallel, simulation_section, split
from ludotheque.report.html import Report, interval, new_figure, pct
from ludotheque.sim.stats import rate

DEFAULT_GAMES = 100  # racks = 20 × games per maquette; simulated games = games // 4
# The largest --games: every rack's themes are kept until counted (400,000 racks a maquette).
MAX_GAMES = 20_000
RACK = 10


def _keys(maquette: str) -> dict[str, set[int]]:
    """Folded word → the themes (by index) that accept it directly (theme word, listed word)."""
    out: dict[str, set[int]] = {}
    for i, theme in enumerate(MAQUETTES[maquette].themes):
        for key in (theme.word, *theme.related):
            out.setdefault(key, set()).add(i)
    return out


def study_racks(maquette: str, seeds: Sequence[int]) -> list[tuple[list[int], list[int]]]:
    """Per seeded rack: the themes it can play (indices) and the free squares (by length)."""
    index = word_index()
    table = readings()
    keys = _keys(maquette)
    lengths = sorted(set(MAQUETTES[maquette].free.values()))
    tiles = bag()
    accepted: dict[str, frozenset[int]] = {}  # word → themes accepting it (words recur)
    out = []
    for seed in seeds:
        rng = random.Random(f"alkamo-rack:{maquette}:{seed}")
        rack = rng.sample(tiles, RACK)
        themes: set[int] = set()
        sizes: set[int] = set()
        for word in {w for w, _covered in index.formable(rack)}:
            sizes.add(len(word))
            hit = accepted.get(word)
            if hit is None:
                found: set[int] = set()
                for key in (word, *table.lemmas(word)):
                    found |= keys.get(fold(key), set())
                hit = accepted[word] = frozenset(found)
            themes |= hit
        out.append((sorted(themes), [n for n in lengths if n in sizes]))
    return out


def build(report: Report, n_games: int, jobs: int, seed: int) -> dict[str, Any]:
    racks = 20 * n_games
    word_index()
    readings()  # built or read once before the workers fork
    out: dict[str, Any] = {"racks": racks}
    report.section("Quels thèmes peut-on jouer avec un chevalet tiré au hasard ?")
    report.text(
        f"{racks} chevalets de {RACK} lettres tirés au hasard dans la cagnotte L (jokers "
        "compris), pour chaque maquette. Un thème est jouable si le chevalet forme au moins un "
        "mot admis que le juge « liste » accepte pour ce thème (le mot du thème, une de ses "
        "formes, ou un mot de la liste du thème dans la maquette) : c'est une borne basse, un "
        "vote ou le juge automatique acceptent davantage de mots. Une case libre C1–C5 est "
        "jouable si le chevalet forme un mot admis de la longueur imprimée."
    )
    for name, maquette in MAQUETTES.items():
        tasks = [(name, range(seed + r.start, seed + r.stop)) for r in split(racks, max(1, jobs))]
        rows_all = [row for part in parallel(study_racks, tasks, jobs) for row in part]
        counts = [0] * len(maquette.themes)
        free = dict.fromkeys(sorted(set(maquette.free.values())), 0)
        none = 0
        for themes, sizes in rows_all:
            for i in themes:
                counts[i] += 1
            for n in sizes:
                free[n] += 1
            none += not themes
        rows = sorted(
            ((t.display, rate(counts[i], racks)) for i, t in enumerate(maquette.themes)),
            key=lambda r: -r[1]["rate"],
        )
        report.table(
            ["thème", "chevalets qui le jouent [IC 95 %]"],
            [[d, interval(r)] for d, r in rows]
            + [
                [f"{sq} ({n} lettres)", interval(rate(free[n], racks))]
                for sq, n in sorted(maquette.free.items())
            ]
            + [["aucun thème", interval(rate(none, racks))]],
            f"Maquette {name} ({maquette.title})",
        )
        fig, ax = new_figure(7.0, 4.6)
        ax.barh([d for d, _ in rows][::-1], [r["rate"] for _, r in rows][::-1])
        ax.set_xlabel("part des chevalets qui peuvent jouer le thème (juge « liste »)")
        ax.set_xlim(0, 1)
        report.figure(
            fig, f"Maquette {name} : thèmes jouables d'un chevalet au hasard", f"themes-{name}"
        )
        out[name] = {d: r["rate"] for d, r in rows}
        hardest, easiest = rows[-1], rows[0]
        report.text(
            f"Maquette {name} : le thème le plus facile est {easiest[0]} "
            f"({pct(easiest[1]['rate'])} des chevalets), le plus difficile {hardest[0]} "
            f"({pct(hardest[1]['rate'])}) ; {pct(none / racks)} des chevalets ne jouent "
            "aucun thème avec ce juge."
        )
    out["simulation"] = simulation_section(
        report,
        "alkamo",
        max(2, n_games // 4),
        jobs,
        seed,
        options={"judge": "liste"},
        players=2,
        title="Simulation à 2 joueurs (juge « liste ») : premier joueur, longueur",
    )
    return out
