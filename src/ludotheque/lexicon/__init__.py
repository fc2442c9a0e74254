"""The French lexicon of AlphaPoker and Alkamo (rules/README §3), built from Lexique 3.83.

>>> from ludotheque.lexicon import fold, load
>>> fold("Œuvré")
'OEUVRE'
>>> lex = load("alphapoker")
>>> lex.admits("MANGE"), lex.admits("MANGEONS")
(True, False)
"""

from __future__ import annotations

from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.index import Lexicon, Verdict, load
from ludotheque.lexicon.policy import POLICIES, POLICY_VERSION

__all__ = ["POLICIES", "POLICY_VERSION", "Lexicon", "Verdict", "fold", "load"]
