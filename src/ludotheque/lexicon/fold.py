"""Folding French spellings to the A–Z letters of the cards and tiles (rules/README §3).

``fold`` maps letters only: NFD, drop combining marks, œ→OE, æ→AE, upper-case. Separators
(hyphen, space, apostrophe) are kept, so a caller can tell a simple form from a compound one
with :func:`shape`; :func:`squash` then removes them (compound words are played without them).
"""

from __future__ import annotations

import re
import unicodedata

_LIGATURES = str.maketrans({"œ": "oe", "Œ": "OE", "æ": "ae", "Æ": "AE", "’": "'", "ʼ": "'"})
_SIMPLE = re.compile(r"[A-Z]+")
_COMPOUND = re.compile(r"[A-Z]+(?:[-' ]+[A-Z]+)+")
_SEPARATORS = re.compile(r"[-' ]+")


def fold(text: str) -> str:
    """``"Œuvré"`` → ``"OEUVRE"``; ``"aujourd’hui"`` → ``"AUJOURD'HUI"`` (separators kept)."""
    text = unicodedata.normalize("NFD", text.translate(_LIGATURES))
    return "".join(c for c in text if unicodedata.category(c) != "Mn").upper()


def shape(folded: str) -> str:
    """``"simple"`` (``^[A-Z]+$``), ``"compound"`` (letters with - space '), else ``"other"``."""
    if _SIMPLE.fullmatch(folded):
        return "simple"
    if _COMPOUND.fullmatch(folded):
        return "compound"
    return "other"


def squash(folded: str) -> str:
    """A compound form as it is played: ``"AUJOURD'HUI"`` → ``"AUJOURDHUI"``."""
    return _SEPARATORS.sub("", folded)
