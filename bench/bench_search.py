"""Best-word search timings per hand, against the naive signature baseline of the notes.

For each hand size 5–9 and 0/1/2 jokers: hands drawn with a fixed seed from the 130-card set
(size − j letter cards + j jokers); best_words(limit=1) (the best count, as the bots ask) and
the 10-best list timed per hand, then the naive baseline of notes/lexicon.md §A.5 on the
same hands in the same run: every distinct
sub-multiset of the real cards, joker letters added by combinations_with_replacement,
sorted letters looked up in a signature dict (with the colour check for the best count).
Both must agree on the best count. Prints figures; asserts nothing about time.

    .venv/bin/python bench/bench_search.py [--hands 500] [--naive 500]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from itertools import combinations_with_replacement, product

from ludotheque.cards.letters import LETTERS, base_count, one_set
from ludotheque.lexicon import load
from ludotheque.lexicon.search import best_words


def signature_index(words: set[str]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for w in words:
        if 3 <= len(w) <= 9:
            index.setdefault("".join(sorted(w)), []).append(w)
    return index


def naive_best(hand: list[str], index: dict[str, list[str]]) -> int:
    real = Counter(c[0] for c in hand if c[0] != "*")
    jokers = [c[1] for c in hand if c[0] == "*"]
    by_colour = {col: Counter(c[0] for c in hand if c[0] != "*" and c[1] == col) for col in "rb"}
    letters = sorted(real)
    best = 0
    for counts in product(*(range(real[L] + 1) for L in letters)):
        base = "".join(L * n for L, n in zip(letters, counts, strict=True))
        for j in range(len(jokers) + 1):
            if not 3 <= len(base) + j <= 9:
                continue
            for extra in combinations_with_replacement(LETTERS, j):
                sig = "".join(sorted(base + "".join(extra)))
                if sig in index:
                    score = base_count(sig)
                    need = Counter(sig)
                    for col in "rb":
                        missing = sum(max(0, n - by_colour[col][L]) for L, n in need.items())
                        if missing <= jokers.count(col):
                            score = base_count(sig) * 2
                    best = max(best, score)
    return best


def pct(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--naive", type=int, default=500, help="hands given to the baseline")
    args = parser.parse_args()
    lex = load("alphapoker")
    t = time.perf_counter()
    lex.search_index()
    print(
        f"lexicon {len(lex)} words; search index {len(lex.search_index())} nodes, "
        f"loaded in {(time.perf_counter() - t) * 1000:.0f} ms"
    )
    index = signature_index(set(lex))
    deck = one_set()
    letter_cards = [c for c in deck if c[0] != "*"]
    print(
        f"{'cards':>5} {'jok':>3} | {'best med':>8} {'p99':>6} {'max':>6} | "
        f"{'10 best med':>11} {'p99':>6} | {'naive med':>9} {'p99':>6} | {'ratio':>6}"
    )
    for size in range(5, 10):
        for j in range(3):
            rng = random.Random(1000 * size + j)
            hands = [
                rng.sample(letter_cards, size - j) + ["*r", "*b"][:j] for _ in range(args.hands)
            ]
            # Each method timed over all hands in turn, so one's garbage is not the other's.
            best = [_timed(lambda h: best_words(h, lex, limit=1), h) for h in hands]
            top10 = [_timed(lambda h: best_words(h, lex, limit=10), h) for h in hands]
            naive = [_timed(lambda h: naive_best(h, index), h) for h in hands[: args.naive]]
            for (_, plays), (_, ten), (_, nb) in zip(best, top10, naive, strict=False):
                got = plays[0].score if plays else 0
                assert got == nb == (ten[0].score if ten else 0), (got, nb)
            ours = [ms for ms, _ in best]
            tens = [ms for ms, _ in top10]
            theirs = [ms for ms, _ in naive] or [0.0]
            med, nmed = statistics.median(ours), statistics.median(theirs)
            print(
                f"{size:>5} {j:>3} | {med:>8.2f} {pct(ours, 0.99):>6.2f} {max(ours):>6.2f} | "
                f"{statistics.median(tens):>11.2f} {pct(tens, 0.99):>6.2f} | "
                f"{nmed:>9.2f} {pct(theirs, 0.99):>6.2f} | {nmed / med:>5.1f}x"
            )
    print(
        "best: best_words(limit=1), the best count with its words, as the bots and the end-of-hand"
        "\nsummary ask; 10 best: the list `ludotheque alphapoker best` prints; ms wall-clock;"
        "\nratio: naive median / best median."
    )


def _timed(search, hand: list[str]) -> tuple[float, object]:
    t0 = time.perf_counter()
    out = search(hand)
    return (time.perf_counter() - t0) * 1000, out


if __name__ == "__main__":
    main()
