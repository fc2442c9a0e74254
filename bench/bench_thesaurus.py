"""LibreOffice's French thesaurus (Debian's ``mythes-fr``) as evidence for the theme judge:
the experiment, on development data only (issue 19). Tried and not adopted: the one rule that
gained anything (a one-step link, from 0.3) changed one evaluation decision of 6,000 (see
docs/alkamo.md), not worth a fourth package and a second word table.

    python bench/bench_thesaurus.py            # every rule tried, development counts
    python bench/bench_thesaurus.py --pair CHAT LION   # what the thesaurus says of one pair

The thesaurus (/usr/share/mythes/thes_fr.dat, MyThes format, LGPL) lists for each headword
one line per sense of associated words: synonyms, but also co-hyponyms and generic terms
(``lion`` → fauve, carnassier, félidé, félin, léopard, panthère, tigre). Rules tried:

1. *positive evidence*: a word the thesaurus links to the theme (one step: one lists the
   other; two steps: both list a same term, or one entry lists both; through the field: the
   word linked to a listed word) and that the judge refuses with a score of at least X is
   accepted;
2. *siblings*: a word the judge accepts whose entry and the theme's name the same term while
   neither lists the other (co-members: CHAT and LION under félin) is refused, unless a
   definition links it to the theme; and combinations with the WordNet sibling rule.

The development data are bench_wordnet's (judge v2's calibration data: maquettes A and B's
listed words, each judged with the rest of its list, bench_alkamo's ``HELD_OUT`` words, 80
random common nouns per theme from the calibration half — seed 11 —, the development
siblings of bench/data/judge_dev_siblings.txt, with and without the lists) plus 40 random
rare nouns per theme from the calibration half (seed 12; the evaluation half and the sets of
tests/lexicon/judge_eval/ are not read).
"""

from __future__ import annotations

import argparse
import itertools
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_judge import dev_rare_nouns
from bench_wordnet import Case, dev_cases
from ludotheque.games.alkamo.maquettes import MAQUETTES
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold, shape

THES = Path("/usr/share/mythes/thes_fr.dat")


def parse(path: Path = THES, pos: str = "") -> dict[str, set[str]]:
    """Folded headword → folded one-word terms of its sense lines (those whose part of speech
    contains ``pos``, when given; « ? » lines are kept)."""
    out: dict[str, set[str]] = {}
    lines = path.read_text(encoding="utf-8").split("\n")
    i = 1
    while i < len(lines):
        head, _, n = lines[i].partition("|")
        i += 1
        if not n.strip().isdigit():
            continue
        key = fold(head.strip())
        terms = out.setdefault(key, set())
        for line in lines[i : i + int(n)]:
            parts = line.split("|")
            if pos and pos not in parts[0] and "?" not in parts[0]:
                continue
            for t in parts[1:]:
                f = fold(t.strip())
                if shape(f) == "simple" and f != key:
                    terms.add(f)
        i += int(n)
    return {k: v for k, v in out.items() if shape(k) == "simple" and v}


class Thesaurus:
    """Terms of a folded word (its own entry and its lemmas'), and the entries listing it."""

    def __init__(self, table: dict[str, set[str]], readings: J.Readings) -> None:
        self.table = table
        self.readings = readings
        self.listing: dict[str, set[str]] = {}
        for head, terms in table.items():
            for t in terms:
                self.listing.setdefault(t, set()).add(head)

    def keys(self, word: str) -> set[str]:
        return {word} | set(self.readings.lemmas(word))

    def terms(self, word: str) -> set[str]:
        return set().union(*(self.table.get(k, set()) for k in self.keys(word)))

    def listed_by(self, word: str) -> set[str]:
        return set().union(*(self.listing.get(k, set()) for k in self.keys(word)))

    def features(self, theme: str, word: str, field: list[str]) -> dict[str, bool]:
        kt, kw = self.keys(theme), self.keys(word)
        st, sw = self.terms(theme), self.terms(word)
        w_lists_t = bool(kt & sw)
        t_lists_w = bool(kw & st)
        direct = w_lists_t or t_lists_w
        shared_term = bool(st & sw)
        shared_entry = bool(self.listed_by(theme) & self.listed_by(word))
        field_direct = False
        for r in field:
            kr, sr = self.keys(r), self.terms(r)
            if kr & sw or kw & sr:
                field_direct = True
                break
        return {
            "direct": direct,
            "w_lists_t": w_lists_t,
            "t_lists_w": t_lists_w,
            "shared_term": shared_term,
            "shared_entry": shared_entry,
            "two_step": direct or shared_term or shared_entry,
            "field_direct": field_direct,
            "sib": shared_term and not direct,
            "sib_entry": (shared_term or shared_entry) and not direct,
            "sib2": len(st & sw) >= 2 and not direct,
            "sib_mutual": shared_term and w_lists_t and t_lists_w,
            "sib_hub": not direct
            and any(kt & self.terms(g) and kw & self.terms(g) for g in st & sw),
        }


def rare_cases() -> list[Case]:
    """40 rare nouns per maquette A and B theme, calibration half, seed 12 (with the list)."""
    rare = dev_rare_nouns(J.make_judge("auto"))
    rng = random.Random(12)
    out: list[Case] = []
    for name in ("A", "B"):
        for theme in MAQUETTES[name].themes:
            rel = list(theme.related)
            out += [(theme.display, w, rel) for w in rng.sample(rare, 40) if w not in rel]
    return out


Row = tuple[Case, J.Decision, bool, dict[str, bool]]  # case, decision, linked to theme, feats
Rule = Callable[[Row], bool]


def run(rows: dict[str, list[Row]], rule: Rule) -> dict[str, int]:
    return {kind: sum(rule(r) for r in rs) for kind, rs in rows.items()}


def base(r: Row) -> bool:
    return r[1].accepted is True


def positive(feat: str, x: float, over_sibling: bool = False) -> Rule:
    """Accept a refused vector (or WordNet sibling) decision scored from x with ``feat``."""

    def rule(r: Row) -> bool:
        _, d, _, f = r
        if d.accepted is True:
            return True
        ok_source = d.source == "vectors" or (over_sibling and d.source == "sibling")
        feats = feat.split("+")
        return bool(ok_source and d.score is not None and d.score >= x and any(f[k] for k in feats))

    return rule


def negative(feat: str, wordnet_too: bool = False) -> Rule:
    """Refuse an accepted vector (and, with ``wordnet_too``, WordNet-related) decision whose
    thesaurus feature ``feat`` says sibling, unless a definition links it to the theme."""

    def rule(r: Row) -> bool:
        _, d, linked, f = r
        if d.accepted is not True:
            return False
        sources = ("vectors", "wordnet") if wordnet_too else ("vectors",)
        return not (d.source in sources and f[feat] and not linked)

    return rule


def below(rule: Rule, top: float) -> Rule:
    """``rule`` applied only to decisions scored below ``top``."""

    def inner(r: Row) -> bool:
        d = r[1]
        if d.score is not None and d.score >= top:
            return base(r)
        return rule(r)

    return inner


def with_wordnet(feat: str) -> Rule:
    """Refuse an accepted word that WordNet makes a sibling (the definitions' link to the
    theme had exempted it) when the thesaurus says sibling too (``feat``)."""

    def rule(r: Row) -> bool:
        _, d, _, f = r
        if d.accepted is not True:
            return False
        return not (d.source == "vectors" and f["wn_sib"] and f[feat])

    return rule


def wordnet_unless(feat: str) -> Rule:
    """A WordNet sibling refusal lifted when the thesaurus links the word to the theme."""

    def rule(r: Row) -> bool:
        _, d, _, f = r
        if d.source == "sibling" and d.score is not None and d.score >= J.THRESHOLD:
            return f[feat]
        return d.accepted is True

    return rule


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pair", nargs=2, metavar=("THEME", "WORD"))
    parser.add_argument("--pos", default="", help="keep only sense lines of this part of speech")
    args = parser.parse_args()
    if not THES.exists():
        # Not adopted (docs/alkamo.md), so the Makefile does not install it.
        sys.exit(f"{THES} is absent: install Debian's mythes-fr (apt-get install mythes-fr)")
    t0 = time.perf_counter()
    table = parse(THES, args.pos)
    t1 = time.perf_counter()
    thes = Thesaurus(table, J.readings())
    print(f"thesaurus: {len(table)} one-word entries, parsed in {t1 - t0:.2f} s", flush=True)
    if args.pair:
        t, w = (fold(x) for x in args.pair)
        print(t, sorted(thes.terms(t)))
        print(w, sorted(thes.terms(w)))
        print(thes.features(t, w, []))
        return
    judge = J.make_judge("auto")
    cases = dev_cases()
    cases["rare"] = rare_cases()
    cases["list-less rare"] = [(t, w, []) for t, w, _ in cases["rare"]]
    rows: dict[str, list[Row]] = {}
    for kind, pairs in cases.items():
        rows[kind] = []
        for theme, word, field in pairs:
            d = judge.decide(theme, word, field)
            link = judge.link(theme, word, field)
            linked = link is not None and link.theme
            feats = thes.features(fold(theme), word, field)
            wn = judge.wordnet
            feats["wn_sib"] = wn is not None and wn.judge(fold(theme), word)[0] is not None
            rows[kind].append(((theme, word, field), d, linked, feats))
    sizes = {k: len(v) for k, v in rows.items()}
    print(f"development data: {sizes}")
    coverage = {
        k: sum(bool(thes.terms(c[0][1])) for c in rs) for k, rs in rows.items() if "list" not in k
    }
    print(f"words with a thesaurus entry: {coverage}")
    ref = run(rows, base)
    print(f"judge as it is (v2 + WordNet): {ref}", flush=True)

    def show(name: str, rule: Rule) -> None:
        got = run(rows, rule)
        diff = {k: got[k] - ref[k] for k in got if got[k] != ref[k]}
        print(f"{name:44} {diff}", flush=True)

    print("— 1. positive evidence: accept a refused word from score X (changes vs the judge)")
    feats = ("direct", "shared_term", "shared_entry", "two_step", "field_direct",
             "direct+field_direct", "two_step+field_direct")  # fmt: skip
    for feat, x in itertools.product(feats, (0.05, 0.1, 0.2, 0.3, 0.4)):
        show(f"{feat} from {x}", positive(feat, x))
    for feat in ("direct", "two_step"):
        show(f"{feat} from 0.3, over WordNet siblings", positive(feat, 0.3, True))
    print("— 2. siblings: refuse an accepted word")
    for feat in ("sib", "sib_entry", "sib2", "sib_mutual", "shared_term", "sib_hub"):
        show(f"{feat}", negative(feat))
        show(f"{feat}, WordNet-related too", negative(feat, True))
    for feat in ("sib", "sib_hub", "shared_term"):
        for top in (0.6, 0.7, 0.8):
            show(f"{feat}, only scores below {top}", below(negative(feat), top))
        show(f"{feat} and a WordNet sibling (definition-linked)", with_wordnet(feat))
    print("— 2b. WordNet sibling refusals lifted by a thesaurus link")
    for feat in ("direct", "w_lists_t", "t_lists_w", "two_step"):
        show(f"lift when {feat}", wordnet_unless(feat))
    print("— 1b. one-step link, finer")
    for feat, x in itertools.product(("direct", "w_lists_t", "t_lists_w"), (0.15, 0.2, 0.25, 0.3)):
        show(f"{feat} from {x}", positive(feat, x))
    for x in (0.3, 0.1):  # the words the one-step rule moves
        rule = positive("direct", x)
        for kind, rs in rows.items():
            moved = [
                f"{c[0]}/{c[1]} {r[1].score:.2f}" for r in rs for c in [r[0]] if rule(r) != base(r)
            ]
            if moved:
                print(f"    direct from {x}, {kind}: {', '.join(moved)}")
    details(rows)


def details(rows: dict[str, list[Row]]) -> None:
    """Which development related words and siblings each main feature touches."""
    for kind in ("related", "siblings", "list-less related"):
        for feat in ("direct", "sib"):
            hit = [
                f"{c[0]}/{c[1]}{'+' if d.accepted else '-'}" for c, d, _, f in rows[kind] if f[feat]
            ]
            print(f"{kind} with {feat} ({len(hit)}): {' '.join(hit[:40])}")


if __name__ == "__main__":
    main()
