"""Alkamo: the automatic theme judge (calibration on maquette A, figures on held-out themes,
decision time, load time and memory) and the time of ``fort``'s moves.

    python bench/bench_alkamo.py              # held-out figures, load, memory, fort's moves
    python bench/bench_alkamo.py --cold       # also a build from an empty cache
    python bench/bench_alkamo.py --calibrate  # refit the constants of lexicon/judge.py
    python bench/bench_alkamo.py --listes     # custom themes: lists of 0, 1, 3, 5, 8 words

Protocol (docs/alkamo.md quotes the output):
- *Calibration*: maquette A's 20 themes. Positives: each listed related word, judged with the
  rest of its theme's list (leave one out); negatives: common nouns drawn at random (seed 1).
  The logistic weights and the 0.5 threshold (90 % of the listed words accepted) come from
  here only, as do the post-processing (30 directions removed) and the mixte band.
- *Held out*: maquette B's 20 themes, never used to fit anything. Each theme keeps its listed
  words as its lexical field, as in play; positives are 10 other related words per theme
  written before any score was computed (:data:`HELD_OUT`); negatives are other random
  common nouns (seed 2). Also: the same themes *without* their lists (a custom theme), the
  positives being the listed words and the 10 new ones.
- Negatives: Lexique nouns with a lemma frequency ≥ 20 per million (films + books), 3 letters
  or more, minus the theme, its listed words and the held-out words. They are random, so a
  few are in fact related (JUSTICE/droit, CORPS/estomac): false acceptance is overstated.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

import numpy as np

from ludotheque.games.alkamo.maquettes import MAQUETTES, Theme
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.source import LEXIQUE
from ludotheque.lexicon.source import resource as data_file

HELD_OUT = {
    "EAU": "BOISSON HUMIDITE INONDATION CASCADE PUITS VAPEUR ETANG SOIF TORRENT MARAIS",
    "LUNE": "ALUNISSAGE ORBITE SOLEIL ETOILE CIEL TELESCOPE ASTRONOMIE CLAIR LUNAIRE PHASE",
    "CORPS": "MAIN PIED DOS VENTRE EPAULE ORGANE SANG GENOU CERVEAU POITRINE",
    "LIVRE": "LIRE BIBLIOTHEQUE ECRIVAIN EDITEUR LECTEUR POCHE RELIURE TOME VOLUME POEME",
    "FLEUR": "PLANTE FLEURISTE MARGUERITE ORCHIDEE LYS EPINE COROLLE VIOLETTE PRINTEMPS ABEILLE",
    "TRAIN": "VOYAGEUR PASSAGER CHEMINOT TUNNEL FERROVIAIRE COMPARTIMENT AIGUILLAGE RETARD "
    "MACHINISTE CONDUCTEUR",
    "PLAGE": "MER OCEAN BRONZAGE BAIGNADE NAGEUR SURF ETE VACANCES BAIGNEUR MAREE",
    "JOUET": "JOUER NOEL ROBOT BILLE HOCHET PUZZLE JOUJOU CADEAU ENFANCE BEBE",
    "VIGNE": "VIGNOBLE VITICULTEUR CHAI CUVEE BOUTEILLE PRESSOIR CEPAGE SARMENT COTEAU VENDANGEUR",
    "CINEMA": "REALISATEUR TOURNAGE CINEASTE PROJECTION STAR ACTRICE PELLICULE STUDIO FESTIVAL "
    "SPECTATEUR",
    "ANIMAL": "TIGRE OISEAU CHEVAL MAMMIFERE VETERINAIRE TROUPEAU ESPECE BESTIOLE PREDATEUR "
    "INSECTE",
    "ESPACE": "UNIVERS VAISSEAU SPATIAL APESANTEUR TELESCOPE METEORITE ASTRONOMIE LUNE SOLEIL "
    "GRAVITATION",
    "POISSON": "PECHEUR HAMECON THON SARDINE BROCHET POISSONNIER FILET CARPE MER BRANCHIE",
    "JUSTICE": "JURY MAGISTRAT CONDAMNATION PEINE ACQUITTEMENT TEMOIN PLAIDOIRIE COUPABLE "
    "SENTENCE INJUSTICE",
    "CHATEAU": "FORTERESSE SEIGNEUR PRINCESSE CHATELAIN MANOIR PALAIS ROYAUME TOURELLE CRENEAU "
    "DOUVE",
    "MEDECINE": "INFIRMIER CHIRURGIE MEDICAMENT PATIENT DIAGNOSTIC ORDONNANCE PHARMACIE SANTE "
    "MEDICAL THERAPIE",
    "VETEMENT": "HABIT CHAUSSETTE PULL BLOUSON TAILLEUR MODE GARDEROBE CHAPEAU CRAVATE HABILLEMENT",
    "PEINTURE": "ARTISTE AQUARELLE PORTRAIT DESSIN MUSEE GOUACHE FRESQUE CADRE PEINDRE PAYSAGE",
    "ORCHESTRE": "VIOLONCELLE TROMPETTE CONCERTO BAGUETTE PUPITRE SOLISTE REPETITION OPERA HARPE "
    "FLUTE",
    "AUTOMOBILE": "AUTO CONDUCTEUR ESSENCE FREIN ROUTE PERMIS VITESSE EMBRAYAGE CAPOT AUTOROUTE",
}
NEGATIVES_PER_THEME = 200
MIN_FREQ = 20.0


def common_nouns() -> list[str]:
    """Folded noun lemmas of Lexique with frequency ≥ MIN_FREQ (films + books), sorted."""
    lines = data_file(LEXIQUE).read_bytes().decode("latin-1").split("\n")
    head = lines[0].split("\t")
    i_lem, i_cg = head.index("3_lemme"), head.index("4_cgram")
    i_f1, i_f2 = head.index("7_freqlemfilms2"), head.index("8_freqlemlivres")
    out = set()
    for line in lines[1:]:
        f = line.split("\t")
        if len(f) <= i_f2 or f[i_cg] != "NOM":
            continue
        freq = float(f[i_f1].replace(",", ".")) + float(f[i_f2].replace(",", "."))
        word = fold(f[i_lem])
        if freq >= MIN_FREQ and word.isalpha() and word.isascii() and len(word) >= 3:
            out.add(word)
    return sorted(out)


def negatives(pool: list[str], theme: Theme, exclude: set[str], rng: random.Random) -> list[str]:
    shuffled = rng.sample(pool, len(pool))
    return [w for w in shuffled if w not in exclude and w != theme.word][:NEGATIVES_PER_THEME]


def calibration_pairs(judge: J.VectorJudge, pool: list[str]) -> tuple[list, list]:
    """Maquette A: (features) of listed words (leave one out) and of random nouns."""
    rng = random.Random(1)
    pos, neg = [], []
    for theme in MAQUETTES["A"].themes:
        rel = list(theme.related)
        for w in rel:
            f = judge.features(theme.display, w, [x for x in rel if x != w])
            pos.append((theme.word, w, f))
        for w in negatives(pool, theme, set(rel), rng):
            neg.append((theme.word, w, judge.features(theme.display, w, rel)))
    return pos, neg


def fit(x: np.ndarray, y: np.ndarray, steps: int = 4000) -> np.ndarray:
    """Class-balanced logistic regression (numpy gradient descent): [bias, weights…]."""
    mu, sd = x.mean(axis=0), x.std(axis=0) + 1e-12
    z = (x - mu) / sd
    w = np.zeros(z.shape[1])
    b = 0.0
    wt = np.where(y == 1, len(y) / (2 * y.sum()), len(y) / (2 * (len(y) - y.sum())))
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w + b)))
        g = (p - y) * wt
        w -= 0.3 * (z.T @ g / len(y) + 1e-3 * w)
        b -= 0.3 * g.mean()
    weights = w / sd
    return np.concatenate([[b - (mu * weights).sum()], weights])


def calibrate() -> None:
    judge = J.make_judge("auto")
    pool = common_nouns()
    pos, neg = calibration_pairs(judge, pool)
    pos = [p for p in pos if not np.isnan(p[2][0])]
    neg = [n for n in neg if not np.isnan(n[2][0])]
    y = np.array([1] * len(pos) + [0] * len(neg))
    for name, cols in (("WEIGHTS_FIELD", [0, 1]), ("WEIGHTS_THEME", [0])):
        x = np.array([list(p[2]) for p in pos] + [list(n[2]) for n in neg])[:, cols]
        w = fit(x, y)
        zp = w[0] + x[: len(pos)] @ w[1:]
        w[0] -= np.quantile(zp, 0.10)  # 90 % of the listed words at p ≥ 0.5
        print(f"{name} = ({', '.join(f'{v:.4g}' for v in w)})")
        if name == "WEIGHTS_FIELD":
            zp = w[0] + x[: len(pos)] @ w[1:]
            zn = w[0] + x[len(pos) :] @ w[1:]
            high = 1 / (1 + np.exp(-np.quantile(zn, 0.99)))
            low = 1 / (1 + np.exp(-np.quantile(zp, 0.02)))
            print(
                f"MIXTE_HIGH ≈ {high:.2f} (1 % of nouns above); MIXTE_LOW ≈ {low:.2f} (2 % "
                "of listed words below)"
            )
    print(f"({len(pos)} listed words, {len(neg)} random nouns, maquette A)")


def rate(decisions: list[J.Decision]) -> float:
    return sum(d.accepted is True for d in decisions) / max(1, len(decisions))


def held_out(judge: J.VectorJudge, pool: list[str]) -> dict[str, float]:
    rng = random.Random(2)
    out: dict[str, list] = {k: [] for k in ("pos", "neg", "pos0", "neg0", "mixte_p", "mixte_n")}
    times = []
    for theme in MAQUETTES["B"].themes:
        rel = list(theme.related)
        extra = HELD_OUT[theme.word].split()
        negs = negatives(pool, theme, set(rel) | set(extra), rng)
        for w in extra:
            t0 = time.perf_counter()
            out["pos"].append(judge.decide(theme.display, w, rel))
            times.append(time.perf_counter() - t0)
            out["mixte_p"].append(judge.decide(theme.display, w, rel, mixte=True))
        for w in negs:
            t0 = time.perf_counter()
            out["neg"].append(judge.decide(theme.display, w, rel))
            times.append(time.perf_counter() - t0)
            out["mixte_n"].append(judge.decide(theme.display, w, rel, mixte=True))
        for w in rel + extra:
            out["pos0"].append(judge.decide(theme.display, w, ()))
        for w in negs:
            out["neg0"].append(judge.decide(theme.display, w, ()))
    voted_p = sum(d.accepted is None for d in out["mixte_p"]) / len(out["mixte_p"])
    voted_n = sum(d.accepted is None for d in out["mixte_n"]) / len(out["mixte_n"])
    missed = [
        f"{d.theme}/{d.word} {d.score:.2f}"
        for d in out["pos"]
        if d.accepted is not True and d.score is not None
    ]
    false = [f"{d.theme}/{d.word} {d.score:.2f}" for d in out["neg"] if d.accepted is True]
    print(
        f"held-out themes (maquette B, lists as fields): {len(out['pos'])} related words, "
        f"{len(out['neg'])} random nouns"
    )
    print(f"  accepted related: {rate(out['pos']):.1%}   false acceptance: {rate(out['neg']):.1%}")
    print(
        f"  mixte: sure and right {rate(out['mixte_p']):.1%} of related, to the vote "
        f"{voted_p:.1%} of related and {voted_n:.1%} of nouns, false acceptance "
        f"{rate(out['mixte_n']):.1%}"
    )
    print(
        f"  without the lists (custom themes): accepted related {rate(out['pos0']):.1%} "
        f"({len(out['pos0'])}), false acceptance {rate(out['neg0']):.1%}"
    )
    print(
        f"  decision time: median {statistics.median(times) * 1e3:.3f} ms, "
        f"max {max(times) * 1e3:.2f} ms"
    )
    print(f"  related words refused ({len(missed)}): {', '.join(missed[:40])}")
    print(f"  nouns accepted ({len(false)}): {', '.join(false[:60])}")
    return {"accept": rate(out["pos"]), "false": rate(out["neg"])}


def list_sizes(judge: J.VectorJudge, pool: list[str], sizes: tuple[int, ...]) -> None:
    """A custom maquette's theme with a short list (docs/alkamo.md, « Custom maquettes »): the
    held-out themes (maquette B) keep only the first ``k`` listed words as their field; the
    related words are the other listed words and the 10 held-out ones; the same random nouns
    (seed 2) as :func:`held_out`."""
    for k in sizes:
        rng = random.Random(2)
        pos, neg = [], []
        for theme in MAQUETTES["B"].themes:
            rel = list(theme.related)
            extra = HELD_OUT[theme.word].split()
            negs = negatives(pool, theme, set(rel) | set(extra), rng)
            field = rel[:k]
            pos += [judge.decide(theme.display, w, field) for w in rel[k:] + extra]
            neg += [judge.decide(theme.display, w, field) for w in negs]
        print(
            f"  list of {k} word(s): accepted related {rate(pos):.1%} ({len(pos)}), "
            f"false acceptance {rate(neg):.1%} ({len(neg)})"
        )


def baseline(pool: list[str]) -> None:
    """The vectors alone (the notes' §C): raw cosine between the accented theme and word,
    threshold at 90 % of maquette A's listed words, on the same held-out data."""
    raw = J.VectorJudge(J.readings(), J.VectorTable.build(J.readings(), directions=None))
    cos = {}

    def c(display: str, word: str) -> float:
        if (display, word) not in cos:
            cos[(display, word)] = raw.features(display, word, ())[0]
        return cos[(display, word)]

    pos_a = [c(t.display, w) for t in MAQUETTES["A"].themes for w in t.related]
    threshold = float(np.nanquantile(pos_a, 0.10))
    rng = random.Random(2)
    pos, neg = [], []
    for theme in MAQUETTES["B"].themes:
        rel, extra = list(theme.related), HELD_OUT[theme.word].split()
        negs = negatives(pool, theme, set(rel) | set(extra), rng)
        pos += [c(theme.display, w) for w in rel + extra]
        neg += [c(theme.display, w) for w in negs]
    acc = np.mean([x >= threshold for x in pos if not np.isnan(x)])
    far = np.mean([x >= threshold for x in neg if not np.isnan(x)])
    print(
        f"baseline, raw vectors alone (cos ≥ {threshold:.3f}, 90 % of maquette A's listed "
        f"words): held-out related {acc:.1%}, false acceptance {far:.1%}"
    )


def calibration_figures(judge: J.VectorJudge, pool: list[str]) -> None:
    rng = random.Random(1)
    pos, neg = [], []
    for theme in MAQUETTES["A"].themes:
        rel = list(theme.related)
        for w in rel:
            pos.append(judge.decide(theme.display, w, [x for x in rel if x != w]))
        for w in negatives(pool, theme, set(rel), rng):
            neg.append(judge.decide(theme.display, w, rel))
    print(
        f"calibration themes (maquette A, leave one out): accepted listed {rate(pos):.1%} "
        f"({len(pos)}), false acceptance {rate(neg):.1%} ({len(neg)})"
    )


def load_cost() -> None:
    """Load time and memory of the judge in a fresh interpreter (warm disk cache)."""
    # Peak resident memory from /proc (VmHWM; ru_maxrss would inherit the parent's peak).
    peak = "[l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0]"
    code = (
        "import time;t=time.perf_counter();"
        "from ludotheque.lexicon import judge as J;j=J.make_judge('auto');"
        f"j.decide('ARMÉE','SOLDAT',());dt=time.perf_counter()-t;print(dt, {peak})"
    )
    base = f"print(0, {peak})"
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        dt, rss = out.stdout.split()
        runs.append((float(dt), int(rss)))
    empty = subprocess.run([sys.executable, "-c", base], capture_output=True, text=True)
    rss0 = int(empty.stdout.split()[1])
    best = min(runs)
    print(
        f"judge load (fresh interpreter, warm cache): {best[0]:.2f} s best of 3, "
        f"+{(best[1] - rss0) / 1024:.0f} MB max RSS over a bare interpreter"
    )


def cold_build() -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "LUDOTHEQUE_CACHE": tmp}
        t0 = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-c",
                "from ludotheque.lexicon import judge as J;J.make_judge('auto')",
            ],
            env=env,
            check=True,
        )
        print(
            f"cold build (lexicon, readings and vector table with spaCy): "
            f"{time.perf_counter() - t0:.1f} s, once per machine"
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--calibrate", action="store_true", help="refit the judge's constants")
    ap.add_argument("--cold", action="store_true", help="also time a build from an empty cache")
    ap.add_argument("--baseline", action="store_true", help="also the raw vectors alone")
    ap.add_argument("--games", type=int, default=10, help="games timing fort's moves")
    ap.add_argument(
        "--listes",
        action="store_true",
        help="only: held-out themes with lists of 0, 1, 3, 5 and 8 words",
    )
    args = ap.parse_args()
    ok, fr, _ = J.auto_available()
    if not ok:
        print(fr)
        return
    if args.calibrate:
        calibrate()
        return
    print(f"load average: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    judge = J.make_judge("auto")
    pool = common_nouns()
    if args.listes:
        list_sizes(judge, pool, (0, 1, 3, 5, 8))
        return
    calibration_figures(judge, pool)
    held_out(judge, pool)
    if args.baseline:
        baseline(pool)
    load_cost()
    if args.cold:
        cold_build()
    fort_moves(args.games)


def fort_moves(n: int) -> None:
    """fort's move time over ``n`` games against random (judge auto, 2 players)."""
    sys.path.insert(0, os.path.dirname(__file__))
    from bots_alkamo import match

    r = match("auto", 2, n)
    print(
        f"fort's move ({n} games, judge auto, 2 players): median {r['median_ms']:.2f} ms, "
        f"99th percentile {r['p99_ms']:.1f} ms, max {r['max_ms']:.0f} ms wall; in thread CPU "
        f"time 99th percentile {r['p99_cpu_ms']:.1f} ms, max {r['max_cpu_ms']:.0f} ms"
    )


if __name__ == "__main__":
    main()
