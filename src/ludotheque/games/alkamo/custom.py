"""Custom maquettes (rules/alkamo.md §2 « custom », §6): a club's own 20 themes as one text.

The table option ``maquette`` is ``A``, ``B`` or this text, so the board travels wherever
options travel (``-o``, the server's JSON, the lobby, records, ``simulate``, the learning env)
and a record replays on any machine. The text is a list of items separated by commas,
semicolons, spaces or new lines (a file with one theme per line works as it is):

- a theme, ``MER`` or ``armée`` (20 of them, in row-major board order, §6), optionally with its
  related words: ``MER:vague+plage+sel`` (the list the ``liste`` judge accepts and that gives
  the automatic judge the theme's lexical field);
- a free square's length, ``C1=7`` (C1 … C5; those not given keep maquette A's: 7, 4, 5, 6, 8).

Each theme must be a simple common noun of Lexique 3.83, in the singular (R20: its lemma),
admissible (R19), of 10 letters at most (the printed maquettes' bound; a 10-tile rack, R5),
and appear once. It is shown with its accents as Lexique writes it: written in capitals,
accents may be left out and the most frequent noun of those folding to it is taken (FORET →
FORÊT, not foret, the drill); written in lower case, a spelling Lexique has as it is stays so
(foret, marche); accents written must be Lexique's. Related words must be admissible words
(R19), once each. A free square asks 2 to 10 letters (R18: two at least; a rack holds 10
tiles, R5). The option's value is then rewritten in one canonical form (themes with accents,
lists folded, the five lengths), the form kept in records.

With 10 letters at most, no theme needs more copies of a letter than the bag and its 3 jokers
hold (the rarest letters have 2 tiles: 6 copies would be needed), so every theme can be laid.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ludotheque.engine.errors import OptionsError
from ludotheque.games.alkamo.maquettes import FREE, MAQUETTES, Maquette, Theme
from ludotheque.games.alkamo.words import Dictionary, dictionary
from ludotheque.lexicon.fold import fold, shape
from ludotheque.lexicon.judge import spellings
from ludotheque.lexicon.nouns import nouns

THEMES = 20
MAX_THEME = 10  # letters of a theme word (§6)
MIN_FREE, MAX_FREE = 2, 10  # a free square's length: R18's two letters … a rack (R5)
MAX_TEXT = 8000  # characters of the option's value (20 themes with long lists fit)
DEFAULT_FREE = MAQUETTES["A"].free
NAME = "perso"
TITLE = "personnalisée"

_SEPARATORS = re.compile(r"[,;\s]+")
_AROUND = re.compile(r"\s*([:+=])\s*")
_FREE = re.compile(r"[Cc]([0-9]+)=(.*)")


# ---------------------------------------------------------------------------------- parsing
def parse(text: str) -> Maquette:
    """The custom maquette a text describes; OptionsError listing every problem found."""
    if len(text) > MAX_TEXT:
        _fail(
            [f"texte trop long ({len(text)} caractères, {MAX_TEXT} au plus)"],
            [f"text too long ({len(text)} characters, {MAX_TEXT} at most)"],
        )
    items = [t for t in _SEPARATORS.split(_AROUND.sub(r"\1", text)) if t]
    fr: list[str] = []
    en: list[str] = []
    free: dict[str, int] = {}
    themes: list[Theme] = []
    seen: dict[str, str] = {}
    words = dictionary()
    for item in items:
        m = _FREE.fullmatch(item)
        if m:
            _free_square(item, m.group(1), m.group(2), free, fr, en)
            continue
        head, colon, tail = item.partition(":")
        if not _is_word(head) or (colon and not tail) or ":" in tail or "=" in item:
            fr.append(f"« {item} » : syntaxe inconnue (un thème MER, MER:vague+plage, ou C1=7)")
            en.append(f"'{item}': unknown syntax (a theme MER, MER:vague+plage, or C1=7)")
            continue
        theme = _theme(head, fr, en)
        related = _related(head, tail.split("+") if colon else [], words, fr, en)
        if theme is None:
            continue
        display, folded = theme
        if folded in seen:
            fr.append(f"{display} figure deux fois parmi les thèmes")
            en.append(f"{display} appears twice among the themes")
            continue
        seen[folded] = display
        if folded in related:
            fr.append(
                f"{display} : le mot du thème n'a pas sa place dans sa liste (toujours accepté)"
            )
            en.append(f"{display}: the theme word need not be in its list (it is always accepted)")
        # The list stays folded in the text (records replay anywhere); the screen shows each
        # word as Lexique's most frequent noun of that spelling (LUMIERE → lumière).
        shown = tuple(next(iter(spellings(w)), w.lower()) for w in related)
        themes.append(Theme(display, folded, related, shown))
    count = sum(not _FREE.fullmatch(i) for i in items)
    if count != THEMES:
        fr.insert(0, f"{count} thème(s) : il en faut exactement {THEMES} (ou bien A, B)")
        en.insert(0, f"{count} theme(s): exactly {THEMES} are needed (or else A, B)")
    if fr:
        _fail(fr, en)
    lengths = {sq: free.get(sq, DEFAULT_FREE[sq]) for sq in FREE}
    return Maquette(NAME, TITLE, lengths, tuple(themes), canonical(themes, lengths))


def canonical(themes: list[Theme], free: dict[str, int]) -> str:
    """The one written form of a custom maquette: ``MER:VAGUE+PLAGE,ARMÉE,…,C1=7,…,C5=8``."""
    parts = [t.display + (":" + "+".join(t.related) if t.related else "") for t in themes]
    parts += [f"{sq}={free[sq]}" for sq in FREE]
    return ",".join(parts)


def _is_word(text: str) -> bool:
    return bool(text) and all(c.isalpha() or c in "-'’" for c in text)


def _free_square(
    item: str, number: str, value: str, free: dict[str, int], fr: list[str], en: list[str]
) -> None:
    square = f"C{int(number)}"
    if square not in FREE:
        fr.append(f"« {item} » : il n'y a que cinq cases libres, C1 à C5")
        en.append(f"'{item}': there are only five free squares, C1 to C5")
    elif square in free:
        fr.append(f"{square} : longueur donnée deux fois")
        en.append(f"{square}: length given twice")
    elif not (value.isascii() and value.isdigit()) or not MIN_FREE <= int(value) <= MAX_FREE:
        fr.append(
            f"« {item} » : une case libre demande de {MIN_FREE} à {MAX_FREE} lettres "
            "(deux au moins ; un chevalet en tient 10)"
        )
        en.append(
            f"'{item}': a free square asks {MIN_FREE} to {MAX_FREE} letters "
            "(two at least; a rack holds 10)"
        )
    else:
        free[square] = int(value)


def _theme(text: str, fr: list[str], en: list[str]) -> tuple[str, str] | None:
    """(display with Lexique's accents, folded) of a theme, or None with the reason noted."""
    folded = fold(text)
    shown = text.upper()
    if shape(folded) != "simple":
        fr.append(
            f"{shown} : un thème est un seul mot, de lettres (accents permis), sans trait "
            "d'union ni apostrophe"
        )
        en.append(
            f"{shown}: a theme is one word, of letters (accents allowed), without hyphen "
            "or apostrophe"
        )
        return None
    if len(folded) > MAX_THEME:
        fr.append(f"{shown} : {len(folded)} lettres, un thème en a {MAX_THEME} au plus")
        en.append(f"{shown}: {len(folded)} letters, a theme has {MAX_THEME} at most")
        return None
    singular, plural = nouns()
    spellings = singular.get(folded, ())
    if not spellings:
        if folded in plural:
            lemma = plural[folded].upper()
            fr.append(f"{shown} est un pluriel : le thème s'écrit au singulier, {lemma}")
            en.append(f"{shown} is a plural: the theme is written in the singular, {lemma}")
        elif dictionary().absent(folded):
            fr.append(f"{shown} n'est pas dans Lexique")
            en.append(f"{shown} is not in Lexique")
        else:
            fr.append(f"{shown} n'est pas un nom commun dans Lexique")
            en.append(f"{shown} is not a common noun in Lexique")
        return None
    typed = text.lower().replace("œ", "oe").replace("æ", "ae").replace("’", "'")
    accents = typed != folded.lower()
    if typed in spellings and (accents or text != text.upper()):
        chosen = typed  # written with accents, or in lower case: letter for letter (foret)
    elif accents:
        fr.append(f"{shown} : Lexique l'écrit {' ou '.join(s.upper() for s in spellings)}")
        en.append(f"{shown}: Lexique spells it {' or '.join(s.upper() for s in spellings)}")
        return None
    else:
        chosen = spellings[0]  # in capitals, accents may be left out: the most frequent noun
    if not dictionary().admits(folded):
        fr.append(f"{shown} n'est pas un mot admis au jeu")
        en.append(f"{shown} is not an admissible word")
        return None
    return chosen.upper(), folded


def _related(
    theme: str, texts: list[str], words: Dictionary, fr: list[str], en: list[str]
) -> tuple[str, ...]:
    """The folded related words of a theme's list (problems noted)."""
    out: list[str] = []
    shown = theme.upper()
    for text in texts:
        folded = fold(text)
        if not text or shape(folded) != "simple":
            fr.append(f"« {text} » (liste de {shown}) : un mot de lettres, sans espace")
            en.append(f"'{text}' ({shown}'s list): a word of letters, without spaces")
        elif not words.admits(folded):
            fr.append(f"{folded} (liste de {shown}) n'est pas un mot admis")
            en.append(f"{folded} ({shown}'s list) is not an admissible word")
        elif folded in out:
            fr.append(f"{folded} figure deux fois dans la liste de {shown}")
            en.append(f"{folded} appears twice in {shown}'s list")
        else:
            out.append(folded)
    return tuple(out)


SHOWN_PROBLEMS = 8  # problems listed in one message (the rest are counted)


def _fail(fr: list[str], en: list[str]) -> None:
    if len(fr) > SHOWN_PROBLEMS:
        more = len(fr) - SHOWN_PROBLEMS
        fr = [*fr[:SHOWN_PROBLEMS], f"et {more} autre(s) problème(s)"]
        en = [*en[:SHOWN_PROBLEMS], f"and {more} other problem(s)"]
    raise OptionsError(
        "maquette personnalisée : " + " ; ".join(fr), "custom maquette: " + "; ".join(en)
    )


@lru_cache(maxsize=64)
def maquette_of(value: str) -> Maquette:
    """The maquette of a value of the option ``maquette``: ``A``, ``B`` (any case), or a
    custom maquette's text (:func:`parse`); OptionsError saying what is wrong."""
    name = value.strip().upper()
    if name in MAQUETTES:
        return MAQUETTES[name]
    return parse(value)
