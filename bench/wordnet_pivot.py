"""A second translation route for the WordNet bridge: French → German → English (experiment).

FreeDict's fra-eng has 8,505 headwords and poor sense choices (PEINTURE → dye, paint; LAC →
lake, loch). Debian's ``dict-freedict-fra-deu``, ``-deu-fra``, ``-deu-eng`` and ``-eng-deu``
(41,438, 47,432, 519,417 and 464,227 headwords) give a pivot: a French word's German nouns
(fra-deu, and deu-fra read backwards), then their English nouns (deu-eng, and eng-deu read
backwards). Two uses are measured by ``bench_wordnet.py --pivot`` on development data only:

- *coverage*: a word fra-eng lacks takes the pivot's English nouns (the best supported first);
- *agreement*: a word both routes translate keeps fra-eng's nouns the pivot also reaches
  (LAC → lake, and loch only if German agrees), all of fra-eng's when none agrees.

The table is the bridge's (:func:`ludotheque.lexicon.wordnet.build`) with the English nouns
chosen here; nothing else of the bridge changes.
"""

from __future__ import annotations

import gzip
import re
from collections import defaultdict
from pathlib import Path

from ludotheque.lexicon import wordnet as W
from ludotheque.lexicon.fold import fold

DICTD = Path("/usr/share/dictd")
FILES = tuple(
    DICTD / f"freedict-{n}.{x}"
    for n in ("fra-deu", "deu-fra", "deu-eng", "eng-deu")
    for x in ("index", "dict.dz")
)


def installed() -> bool:
    return all(f.is_file() for f in FILES)


def _entries(name: str, wanted: set[str] | None = None) -> list[tuple[str, str]]:
    """(index headword, entry text) of a dictd dictionary; only ``wanted`` headwords if given."""
    with gzip.open(DICTD / f"freedict-{name}.dict.dz") as f:
        data = f.read()
    out = []
    for line in (DICTD / f"freedict-{name}.index").read_text(encoding="utf-8").splitlines():
        head, off, size = line.split("\t")
        if head.startswith("00") or (wanted is not None and head not in wanted):
            continue
        start = W._b64(off)
        out.append((head, data[start : start + W._b64(size)].decode("utf-8")))
    return out


def _clean(part: str) -> str:
    part = re.sub(r"\[.*?\]|\(.*?\)|<.*?>|\{.*?\}", "", part)
    return re.sub(r"\s+", " ", part).strip()


def _tagged(head_line: str) -> set[str]:
    m = re.search(r"<([^>]*)>", head_line)
    return {t.strip() for t in m.group(1).split(",")} if m else set()


def _freedict_deu_lines(body: str) -> list[str]:
    """Translation lines of a fra-deu / deu-fra entry (« 1. Malerei, Malen » then a
    definition line; unnumbered: the line after the headword)."""
    lines = body.split("\n")[1:]
    numbered = [re.sub(r"^\s*\d+\.\s*", "", x) for x in lines if re.match(r"^\s*\d+\.", x)]
    picked = numbered or lines[:1]
    return [re.sub(r"\s+\d+\.\s*$", "", x) for x in picked]


def _split(lines: list[str]) -> list[str]:
    return [c for x in lines for p in x.split(",") if (c := _clean(p))]


class Pivot:
    """French (folded) → German nouns → English nouns with their support."""

    def __init__(
        self, first_entry: bool = False, reverse_eng: bool = True, reverse_fra: bool = True
    ) -> None:
        self.fr2de: dict[str, list[str]] = defaultdict(list)
        for _, body in _entries("fra-deu"):
            head = body.split("\n")[0]
            if "n" not in _tagged(head):
                continue
            fr = fold(head.split(" /")[0].strip())
            for de in _split(_freedict_deu_lines(body)):
                if " " not in de and de.lower() not in self.fr2de[fr]:
                    self.fr2de[fr].append(de.lower())
        for _, body in _entries("deu-fra") if reverse_fra else ():
            head = body.split("\n")[0]
            if "n" not in _tagged(head):
                continue
            de = head.split(" /")[0].strip().lower()
            if " " in de:
                continue
            for fr in _split(_freedict_deu_lines(body)):
                if " " not in fr and de not in self.fr2de[fold(fr)]:
                    self.fr2de[fold(fr)].append(de)
        wanted = {d for v in self.fr2de.values() for d in v}
        # German → English nouns, each entry's order kept; support counts entries and directions
        self.de2en: dict[str, dict[str, int]] = defaultdict(dict)
        seen: set[str] = set()
        for key, body in _entries("deu-eng", wanted):
            head, _, rest = body.partition("\n")
            if "n" not in _tagged(head) or (first_entry and key in seen):
                continue
            seen.add(key)
            line = rest.split("\n")[0]
            for part in line.split(","):
                if "<n>" in part and (en := _clean(part)):
                    e = en.lower().replace(" ", "_")
                    self.de2en[key][e] = self.de2en[key].get(e, 0) + 1
        if reverse_eng:
            for _, body in _entries("eng-deu"):
                head, _, rest = body.partition("\n")
                if " (" in head:  # an abbreviation's entry (CAT for computed axial tomography)
                    continue
                en = head.split(" /")[0].strip().lower().replace(" ", "_")
                for part in rest.split("\n")[0].split(","):
                    de = _clean(part).lower()
                    if re.search(r"<(masc|fem|neut)>", part) and de in wanted:
                        self.de2en[de][en] = self.de2en[de].get(en, 0) + 1

    def english(self, fr: str) -> dict[str, int]:
        """A folded French word's English nouns → support (German words and entries agreeing)."""
        out: dict[str, int] = {}
        for de in self.fr2de.get(fr, ()):
            for e, n in self.de2en.get(de, {}).items():
                out[e] = out.get(e, 0) + n
        return out


def build(readings: object, pivot: Pivot, mode: str, top: int = 2, self_first: bool = True) -> dict:
    """The bridge's table with English nouns chosen by ``mode``: "base" (fra-eng, else the word
    itself), "cover" (the pivot's ``top`` best supported nouns for words fra-eng lacks), "agree"
    (fra-eng's nouns the pivot reaches), "both"."""
    index = W.noun_index()

    def english_for(keys: list[str], fr2en: dict[str, list[str]]) -> list[str]:
        direct = [e for k in keys for e in fr2en.get(k, ()) if e in index]
        piv: dict[str, int] = {}
        for k in keys:
            for e, n in pivot.english(k).items():
                if e in index:
                    piv[e] = piv.get(e, 0) + n
        if direct:
            if mode in ("agree", "both"):
                agreeing = [e for e in direct if e in piv]
                return agreeing or direct
            return direct
        own = [k.lower() for k in keys if k.lower() in index]
        if mode in ("cover", "both") and piv and not (self_first and own):
            ranked = sorted(piv, key=lambda e: -piv[e])
            return ranked[:top]
        return own

    return W.build(readings, english_for)  # type: ignore[arg-type]
