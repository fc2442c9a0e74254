"""Theme words laid by bots (issue 15): Alkamo (judge ``auto``) and themed AlphaPoker.

Plays ``--games`` games of ``fort`` bots for each game and lists every theme word laid — in
Alkamo a word accepted on a theme plaque, in AlphaPoker a word shown at a themed showdown that
counted before the judging — with the automatic judge's score (« parenté ») and Lexique's
frequency per million; then the share of words under 1 per million (issue target: < 10 %) and
of words the judge accepts by less than the margin, or refuses.

``--policy before`` replays the bots as they were before issue 15 (Alkamo: the best-scoring
word the judge accepts, no margin, no frequency; AlphaPoker: the best word whatever the theme,
every word accepted); ``after`` is the bots of this tree (lexicon/themewords.py). No asserts.

    .venv/bin/python bench/bench_themes.py --games 20                  # docs' figures, both
    .venv/bin/python bench/bench_themes.py --games 5 --game alkamo --policy after --list
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Iterator
from typing import Any

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.alkamo import bots as alkamo_bots
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alphapoker import bots as ap_bots
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW

THEMES = ("animaux", "cuisine", "sport", "musique", "jardin")  # AlphaPoker, in turn


# ------------------------------------------------------------------------------ before issue 15
class AlkamoBefore(alkamo_bots.Fort):
    """Alkamo's fort before issue 15: the best-scoring word the judge accepts, by a hair or
    not, rare or not."""

    def acceptable(self, view, ranked, plaque, super_mot) -> Iterator[Any]:  # type: ignore[override]
        maq = maquette_of(view["options"]["maquette"])
        theme = maq.theme(plaque) if plaque and not view["final"] and not super_mot else None
        if theme is None:
            yield from ((c, None) for c in ranked)
            return
        judge = alkamo_bots.predictor(view["judge"])
        ok = judge.accepts(theme.display, [w for _, w, _ in ranked], theme.related)
        yield from ((c, None) for c, good in zip(ranked, ok, strict=True) if good)


class AlphaPokerBefore(ap_bots.Fort):
    """AlphaPoker's fort before issue 15: its best word whatever the theme, every word
    accepted."""

    def act(self, view: dict[str, Any], legal: list[Any]) -> Any:
        kinds = {a["type"] for a in legal}
        if "judge" in kinds:
            return next(a for a in legal if a["type"] == "judge" and all(a["accept"].values()))
        if "declare" in kinds:
            plain = {**view, "options": {**view["options"], "theme": None}}
            return ap_bots._declare(plain, legal, ap_bots.lexicon_for(view["options"]))
        return super().act(view, legal)


# ------------------------------------------------------------------------------ games
def played(state: Any, bots: list[Any]) -> Iterator[dict[str, Any]]:
    """Every event of ``state`` played to its end by ``bots`` (one per seat)."""
    while not state.is_over():
        for seat in sorted(state.to_move()):
            action = bots[seat].act(state.view(seat), state.legal_actions(seat))
            yield from state.apply(seat, action)


def alkamo_games(n: int, policy: str, players: int) -> Iterator[dict[str, Any]]:
    game = games.get("alkamo")
    judge = J.make_judge("auto")
    maq = maquette_of("A")
    for g in range(n):
        state = game.new(players, {"judge": "auto"}, 500 + g)
        bots = [
            AlkamoBefore(500 + g + s) if policy == "before" else botlib.make("alkamo", "fort", s)
            for s in range(players)
        ]
        for e in played(state, bots):
            theme = maq.theme(e["plaque"]) if e["type"] == "accepte" and e["plaque"] else None
            if theme is not None:
                d = judge.decide(theme.display, e["mot"], theme.related)
                yield {"game": g, "theme": theme.display, "word": e["mot"], "decision": d}


def alphapoker_games(n: int, policy: str, players: int) -> Iterator[dict[str, Any]]:
    game = games.get("alphapoker")
    judge = J.make_judge("auto")
    for g in range(n):
        theme = THEMES[g % len(THEMES)]
        state = game.new(players, {"theme": theme}, 700 + g)
        bots = [
            AlphaPokerBefore(700 + g + s)
            if policy == "before"
            else botlib.make("alphapoker", "fort", s)
            for s in range(players)
        ]
        for e in played(state, bots):
            if e["type"] == "declare" and e["score"] > 0:
                d = judge.decide(theme, e["word"], ())
                yield {"game": g, "theme": theme, "word": e["word"], "decision": d}


# ------------------------------------------------------------------------------ report
def report(name: str, policy: str, laid: list[dict[str, Any]], seconds: float, show: bool) -> None:
    n = len(laid)
    rare = [x for x in laid if TW.frequency(x["word"]) < TW.FAMILIAR]
    unsure = [x for x in laid if not TW.confident(x["decision"])]
    refused = [x for x in laid if not x["decision"].accepted]
    freqs = [TW.frequency(x["word"]) for x in laid]
    pct = (lambda k: f"{100 * k / n:.1f} %") if n else (lambda k: "–")
    print(f"\n## {name}, policy {policy}: {n} theme words laid ({seconds:.0f} s)")
    print(
        f"under 1 per million: {len(rare)} ({pct(len(rare))}); judge margin < {TW.MARGIN}: "
        f"{len(unsure)} ({pct(len(unsure))}), of which refused by the judge: {len(refused)} "
        f"({pct(len(refused))}); median frequency {statistics.median(freqs) if freqs else 0:.1f}"
        " per million"
    )
    if show:
        print("| partie | thème | mot | parenté | fréquence (par million) |")
        print("|---|---|---|---|---|")
        for x in laid:
            d = x["decision"]
            score = "—" if d.score is None else f"{d.score:.2f}"
            if d.source in ("theme", "form", "list"):
                score += f" ({d.source})"
            print(
                f"| {x['game'] + 1} | {x['theme']} | {x['word']} | {score} | "
                f"{TW.frequency(x['word']):.2f} |"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--game", choices=("alkamo", "alphapoker", "both"), default="both")
    parser.add_argument("--policy", choices=("before", "after", "both"), default="both")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--list", action="store_true", help="list every word (markdown table)")
    args = parser.parse_args()
    ok, fr, _ = J.auto_available()
    if not ok:
        raise SystemExit(fr)
    TW.frequency("MAISON")  # builds or loads the frequency table before timing
    J.make_judge("auto")
    runs = {
        "alkamo": ("Alkamo (judge auto)", alkamo_games),
        "alphapoker": ("AlphaPoker themed", alphapoker_games),
    }
    for key in ("alkamo", "alphapoker"):
        if args.game not in (key, "both"):
            continue
        for policy in ("before", "after"):
            if args.policy not in (policy, "both"):
                continue
            name, run = runs[key]
            t0 = time.perf_counter()
            laid = list(run(args.games, policy, args.players))
            report(name, policy, laid, time.perf_counter() - t0, args.list)


if __name__ == "__main__":
    main()
