"""A French → English → WordNet bridge for the theme judge: siblings and relations (issue 19).

No French wordnet installs by package name; this reads two Debian packages instead:

- FreeDict's French–English and English–French dictionaries (``dict-freedict-fra-eng``,
  ``dict-freedict-eng-fra``, GPL-2+, 8,505 and 8,805 headwords, /usr/share/dictd): a French
  word's English nouns, both directions, one-word translations only; a word FreeDict lacks is
  tried as an English noun itself (TENNIS, GOLF, HAMSTER);
- Princeton WordNet 3.0 (``wordnet-base``, WordNet licence, /usr/share/wordnet): the nouns'
  synsets, hypernyms, part/member/substance meronyms, topic domains and glosses.

A French word is read through its Lexique lemmas; each English noun gives its first
:data:`SENSES` WordNet senses (the most frequent first). What the judge asks (:meth:`WordNet.
sibling`, :meth:`WordNet.related`):

- *sibling*: a sense of the word and one of the theme are of the same lexicographer file
  (noun.animal, noun.artifact…) and have a common hypernym that is neither of them, at most
  :data:`SIB_UP` steps above each and :data:`SIB_NEAR` above the closer one, at least
  :data:`SIB_MIN_DEPTH` below WordNet's root, while no WordNet relation links any of their
  senses (CHIEN and CHAT: two kinds of carnivore; GOLF and TENNIS: of outdoor game);
- *related*: a sense of the word is a hypernym of one of the theme's (FÉLIN for CHAT), a part,
  member or substance of it or of one of its hypernyms (either way), or they share a topic
  domain (SMASH and TENNIS).

Both rules were chosen on the development data only (``bench/bench_wordnet.py``; figures in
docs/alkamo.md). The table is built in about 2 s from the packages and cached
(``alkamo.wordnet``), reduced to the synsets that Alkamo's words reach; without the packages,
:func:`installed` is False and the judge is judge v2.
"""

from __future__ import annotations

import gzip
import marshal
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.source import fingerprint

if TYPE_CHECKING:
    from ludotheque.lexicon.judge import Readings

DICTD = Path("/usr/share/dictd")
WORDNET = Path("/usr/share/wordnet")
DEBIAN_PACKAGES = "dict-freedict-fra-eng dict-freedict-eng-fra wordnet-base"
INSTALL_HINT = f"apt-get install {DEBIAN_PACKAGES} (make wordnet)"
FILES = (
    DICTD / "freedict-fra-eng.index",
    DICTD / "freedict-fra-eng.dict.dz",
    DICTD / "freedict-eng-fra.index",
    DICTD / "freedict-eng-fra.dict.dz",
    WORDNET / "data.noun",
    WORDNET / "index.noun",
)
WORDNET_VERSION = 3
SENSES = 2  # WordNet senses read per English noun (the most frequent first)
SIB_UP = 5  # a sibling's common hypernym is at most this many steps above each sense
SIB_NEAR = 3  # … and at most this many above the closer one (LION, ZÈBRE: not siblings)
SIB_MIN_DEPTH = 6  # … and at least this many below the root (« organism » makes no siblings)
MAX_UP = 30  # hypernym steps followed at most (WordNet's deepest noun is 19 below the root)
MEMO_MAX = 200_000  # (theme, word) answers kept in memory
LEXNAMES = (  # WordNet's lexicographer files, by number
    *("adj.all", "adj.pert", "adv.all", "noun.Tops", "noun.act", "noun.animal"),
    *("noun.artifact", "noun.attribute", "noun.body", "noun.cognition", "noun.communication"),
    *("noun.event", "noun.feeling", "noun.food", "noun.group", "noun.location", "noun.motive"),
    *("noun.object", "noun.person", "noun.phenomenon", "noun.plant", "noun.possession"),
    *("noun.process", "noun.quantity", "noun.relation", "noun.shape", "noun.state"),
    *("noun.substance", "noun.time"),
)
MERONYMS = ("%p", "%m", "%s", "#p", "#m", "#s")  # has part/member/substance, is one of
_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_VERB = {"%p": "a pour partie", "%m": "a pour membre", "%s": "contient"}
_VERB_EN = {"%p": "has part", "%m": "has member", "%s": "has substance"}
_HOLO = {"#p": "%p", "#m": "%m", "#s": "%s"}

# synset id → (lexname index, words, hypernyms, {pointer: targets}, gloss's first clause, French)
Synset = tuple[int, tuple[str, ...], tuple[int, ...], dict[str, tuple[int, ...]], str, str]


def installed() -> bool:
    """Whether the Debian packages' files are there (read as data, never downloaded)."""
    return all(f.is_file() for f in FILES)


MISSING = (  # what the judge says without the packages, in French and English
    f"WordNet absent : le juge ne repère pas les concepts voisins ({INSTALL_HINT})",
    f"WordNet missing: the judge does not spot sibling concepts ({INSTALL_HINT})",
)


def status() -> tuple[bool, str, str]:
    """(installed, what the judge says in French, in English)."""
    if installed():
        return True, "WordNet (via FreeDict) : installé", "WordNet (via FreeDict): installed"
    return False, *MISSING


@dataclass(frozen=True)
class Relation:
    """What WordNet says of a word for a theme: a sibling or a relation, with its evidence."""

    kind: str  # "sibling" or "related"
    path_fr: str
    path_en: str


def _b64(text: str) -> int:
    n = 0
    for c in text:
        n = n * 64 + _B64.index(c)
    return n


def _dictd(name: str) -> list[tuple[str, list[str], bool]]:
    """(headword, translations, marked as a noun) of a FreeDict dictd dictionary."""
    with gzip.open(DICTD / f"freedict-{name}.dict.dz") as f:
        data = f.read()
    out = []
    for line in (DICTD / f"freedict-{name}.index").read_text(encoding="utf-8").splitlines():
        head, off, size = line.split("\t")
        if head.startswith("00"):
            continue
        body = data[_b64(off) : _b64(off) + _b64(size)].decode("utf-8")
        words = []
        for row in body.split("\n")[1:]:
            row = re.sub(r"^\s*\d+\.\s*", "", row)
            for part in row.split(","):
                part = re.sub(r"\(.*?\)", "", part).strip()
                if part:
                    words.append(part)
        noun = re.search(r"<n\b", body.split("\n")[0]) is not None
        out.append((head, words, noun))
    return out


# WordNet's noun synsets as read from data.noun: offset → (lexicographer file, its words, its
# noun pointers by symbol, its gloss in full, lower case).
RawSynsets = dict[int, tuple[int, tuple[str, ...], dict[str, list[int]], str]]


def noun_synsets() -> RawSynsets:
    """Every noun synset of WordNet's data.noun (its pointers to other nouns only)."""
    raw: RawSynsets = {}
    for line in (WORDNET / "data.noun").read_text(encoding="latin-1").splitlines():
        if line.startswith("  "):
            continue
        head, _, gloss = line.partition("| ")
        f = head.split()
        n = int(f[3], 16)
        names = tuple(f[4 + 2 * i].lower() for i in range(n))
        i = 4 + 2 * n
        ptrs: dict[str, list[int]] = {}
        count = int(f[i])
        i += 1
        for _ in range(count):  # symbol, synset, part of speech, source/target
            if f[i + 2] == "n":
                ptrs.setdefault(f[i], []).append(int(f[i + 1]))
            i += 4
        raw[int(f[0])] = (int(f[1]), names, ptrs, gloss.strip().lower())
    return raw


def noun_index() -> dict[str, list[int]]:
    """English noun → its synsets, the most frequent sense first (index.noun)."""
    index: dict[str, list[int]] = {}
    for line in (WORDNET / "index.noun").read_text(encoding="latin-1").splitlines():
        if not line.startswith("  "):
            f = line.split()
            n, p = int(f[2]), int(f[3])
            index[f[0]] = [int(x) for x in f[6 + p : 6 + p + n]]
    return index


EnglishFor = Callable[[list[str], dict[str, list[str]]], list[str]]


def build(readings: Readings, english_for: EnglishFor | None = None) -> dict[str, object]:
    """The cached table: Alkamo word → its WordNet senses, and the synsets they reach.
    ``english_for(keys, fr2en)`` may choose a word's English nouns (its folded form and
    lemmas, FreeDict's French → English table) in place of FreeDict's then the word itself."""
    fr2en: dict[str, list[str]] = {}
    en2fr: dict[str, str] = {}

    def add(fr: str, en: str) -> None:
        e = en.lower().replace(" ", "_")
        if not e.startswith("to_") and e not in fr2en.setdefault(fr, []):
            fr2en[fr].append(e)

    for head, trans, noun in _dictd("fra-eng"):
        for t in trans:
            add(fold(head), t)
            if noun:
                en2fr.setdefault(t.lower().replace(" ", "_"), head)
    for head, trans, _ in _dictd("eng-fra"):
        for t in trans:
            if " " not in t:
                add(fold(t), head)
    raw = noun_synsets()
    index = noun_index()
    words: dict[str, tuple[int, ...]] = {}
    for key in readings.table:
        keys = [key, *sorted(readings.lemmas(key) - {key})]
        if english_for is not None:
            english = english_for(keys, fr2en)
        else:
            english = [e for k in keys for e in fr2en.get(k, ()) if e in index]
            english = english or [k.lower() for k in keys if k.lower() in index]
        senses = tuple(dict.fromkeys(s for e in english for s in index[e][:SENSES]))
        if senses:
            words[key] = senses
    reach: set[int] = set()
    todo = [s for v in words.values() for s in v]
    while todo:
        s = todo.pop()
        if s not in reach:
            reach.add(s)
            todo += raw[s][2].get("@", []) + raw[s][2].get("@i", [])
    synsets: dict[int, Synset] = {}
    for s in reach:
        lex, names, ptrs, gloss = raw[s]
        hyper = tuple(ptrs.get("@", []) + ptrs.get("@i", []))
        keep = {k: tuple(x for x in ptrs.get(k, ()) if x in reach) for k in (*MERONYMS, "-c")}
        keep[";c"] = tuple(ptrs.get(";c", ()))
        kept = {k: v for k, v in keep.items() if v}
        french = en2fr.get(names[0], "")  # a French noun for its first word, or none
        synsets[s] = (lex, names, hyper, kept, gloss.split(";")[0], french)
    return {"words": words, "synsets": synsets}


class WordNet:
    """The bridge's table, with the two questions the judge asks."""

    def __init__(self, table: dict[str, object]) -> None:
        self.words: dict[str, tuple[int, ...]] = table["words"]  # type: ignore[assignment]
        self.synsets: dict[int, Synset] = table["synsets"]  # type: ignore[assignment]
        self._anc: dict[int, dict[int, int]] = {}
        self._depth: dict[int, int] = {}
        self._mero: dict[int, dict[int, tuple[str, int]]] = {}
        self._memo: dict[tuple[str, str], tuple[Relation | None, Relation | None]] = {}

    def senses(self, word: str) -> tuple[int, ...]:
        """A folded word's WordNet senses (:data:`SENSES` per English translation)."""
        return self.words.get(word, ())

    def ancestors(self, s: int) -> dict[int, int]:
        """Hypernyms (instances' too) → fewest steps up; the synset itself at 0."""
        hit = self._anc.get(s)
        if hit is None:
            hit = {s: 0}
            frontier = [s]
            for up in range(1, MAX_UP):
                nxt = [h for x in frontier for h in self.synsets[x][2] if h not in hit]
                if not nxt:
                    break
                for h in nxt:
                    hit[h] = up
                frontier = list(dict.fromkeys(nxt))
            self._anc[s] = hit
        return hit

    def meronyms(self, s: int) -> dict[int, tuple[str, int]]:
        """Synsets that are a part, member or substance of ``s`` or of one of its hypernyms,
        or have one as theirs → (pointer, the synset that has it); memoised."""
        hit = self._mero.get(s)
        if hit is None:
            hit = {}
            for sym in MERONYMS:
                for x in self.ancestors(s):
                    for target in self.synsets[x][3].get(sym, ()):
                        hit.setdefault(target, (sym, x))
            self._mero[s] = hit
        return hit

    def depth(self, s: int) -> int:
        hit = self._depth.get(s)
        if hit is None:
            roots = [d for a, d in self.ancestors(s).items() if not self.synsets[a][2]]
            hit = self._depth[s] = min(roots, default=0)
        return hit

    def name(self, s: int) -> str:
        return self.synsets[s][1][0].replace("_", " ")

    def kinds_of(self, s: int) -> str:
        """« sortes de félin », « sortes d'insecte », « sortes de « big cat » »."""
        fr = self.synsets[s][5]
        if not fr:
            return f"sortes de « {self.name(s)} »"
        return f"sortes d'{fr}" if fold(fr[0]) in "AEIOUYH" else f"sortes de {fr}"

    def judge(self, theme: str, word: str) -> tuple[Relation | None, Relation | None]:
        """(sibling, related) for folded ``theme`` and ``word``; memoised."""
        key = (theme, word)
        hit = self._memo.get(key)
        if hit is None:
            if len(self._memo) >= MEMO_MAX:  # a long-running server judges many pairs
                self._memo.clear()
            hit = self._memo[key] = (self._sibling(theme, word), self._related(theme, word))
        return hit

    def sibling(self, theme: str, word: str) -> Relation | None:
        return self.judge(theme, word)[0]

    def related(self, theme: str, word: str) -> Relation | None:
        return self.judge(theme, word)[1]

    def _sibling(self, theme: str, word: str) -> Relation | None:
        ts, ws = self.senses(theme), self.senses(word)
        if not ts or not ws or self._link(ts, ws, hyponyms=True, gloss=True) is not None:
            return None
        best: tuple[int, int, int, int] | None = None
        for t in ts:
            at = self.ancestors(t)
            for w in ws:
                if self.synsets[t][0] != self.synsets[w][0]:
                    continue
                for c, dw in self.ancestors(w).items():
                    dt = at.get(c)
                    if dt is None or c in (t, w) or max(dw, dt) > SIB_UP:
                        continue
                    if min(dw, dt) > SIB_NEAR:
                        continue
                    if self.depth(c) >= SIB_MIN_DEPTH and (best is None or (dw + dt, c) < best[:2]):
                        best = (dw + dt, c, t, w)
        if best is None:
            return None
        _, c, t, w = best
        lex = LEXNAMES[self.synsets[c][0]]
        path = f"{self.name(w)}, {self.name(t)} → {self.name(c)}, {lex}"
        return Relation(
            "sibling",
            f"{word} et {theme} sont deux {self.kinds_of(c)} (WordNet : {path})",
            f"{word} and {theme} are two kinds of {self.name(c)} (WordNet: {path})",
        )

    def _related(self, theme: str, word: str) -> Relation | None:
        return self._link(self.senses(theme), self.senses(word), False, False)

    def _link(
        self, ts: tuple[int, ...], ws: tuple[int, ...], hyponyms: bool, gloss: bool
    ) -> Relation | None:
        """A WordNet relation between a theme's senses and a word's: the word a hypernym of
        the theme (and, with ``hyponyms``, the reverse), meronymy either way, a shared topic
        domain, and with ``gloss`` one's gloss naming the other."""
        for t in ts:
            at = self.ancestors(t)
            for w in ws:
                if w == t:  # both translate to one sense: no « stable est une sorte de stable »
                    return _rel(f"même sens, « {self.name(t)} »",
                                f"the same sense, '{self.name(t)}'")  # fmt: skip
                if w in at:
                    return _rel(f"{self.name(t)} est une sorte de {self.name(w)}",
                                f"{self.name(t)} is a kind of {self.name(w)}")  # fmt: skip
                if hyponyms and t in self.ancestors(w):
                    return _rel(f"{self.name(w)} est une sorte de {self.name(t)}",
                                f"{self.name(w)} is a kind of {self.name(t)}")  # fmt: skip
                for a, b in ((t, w), (w, t)):
                    found = self._pair(a, b, gloss)
                    if found is not None:
                        return found
        return None

    def _pair(self, a: int, b: int, gloss: bool) -> Relation | None:
        """Meronymy, a shared topic domain or (with ``gloss``) b's gloss naming a."""
        found = self.meronyms(a).get(b)
        if found is not None:
            sym, x = found
            whole = self.name(a) if x == a else f"{self.name(a)} ({self.name(x)})"
            if sym in _VERB:
                return _rel(f"{whole} {_VERB[sym]} {self.name(b)}",
                            f"{whole} {_VERB_EN[sym]} {self.name(b)}")  # fmt: skip
            s = _HOLO[sym]
            return _rel(f"{self.name(b)} {_VERB[s]} {whole}",
                        f"{self.name(b)} {_VERB_EN[s]} {whole}")  # fmt: skip
        pa, pb = self.synsets[a][3], self.synsets[b][3]
        if ({a, *pa.get(";c", ())} & set(pb.get(";c", ()))) or a in pb.get("-c", ()):
            return _rel(f"{self.name(b)} est un terme du domaine de {self.name(a)}",
                        f"{self.name(b)} is a term of {self.name(a)}'s domain")  # fmt: skip
        if gloss:
            text = self.synsets[b][4]
            for n in self.synsets[a][1]:
                spaced = n.replace("_", " ")
                if spaced in text and re.search(rf"\b{re.escape(spaced)}s?\b", text):
                    return _rel(f"la définition de {self.name(b)} cite {n}",
                                f"{self.name(b)}'s gloss names {n}")  # fmt: skip
        return None


def _rel(fr: str, en: str) -> Relation:
    return Relation("related", f"WordNet : {fr}", f"WordNet: {en}")


_LOCK = threading.Lock()
_WORDNET: WordNet | None = None


def _key(readings_key: str) -> str:
    files = ";".join(f"{f.name}:{f.stat().st_size}:{f.stat().st_mtime_ns}" for f in FILES)
    return f"{fingerprint()}|{files}|v={WORDNET_VERSION}|{readings_key}"


def _decode(data: bytes) -> WordNet | None:
    table = marshal.loads(data)
    if not isinstance(table, dict) or not {"words", "synsets"} <= table.keys():
        return None
    return WordNet(table)


def wordnet(readings: Readings, readings_key: str) -> WordNet | None:
    """The process-wide bridge (disk cache, built from the packages when missing); None when
    the Debian packages are not installed."""
    global _WORDNET
    if not installed():
        return None
    with _LOCK:
        if _WORDNET is None:
            _WORDNET = store.load_or_build(
                store.cache_dir() / "alkamo.wordnet",
                "wordnet",
                _key(readings_key),
                _decode,
                lambda: WordNet(build(readings)),
                lambda w: marshal.dumps({"words": w.words, "synsets": w.synsets}),
            )
        return _WORDNET
