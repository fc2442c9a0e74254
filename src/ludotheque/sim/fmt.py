"""Numbers as the French text of `simulate` and `rapport` writes them: a decimal comma, a space
before « % », thousands grouped by a narrow no-break space (« 1 000 000 »). Light on purpose:
the command line imports it without matplotlib."""

from __future__ import annotations

import re
from collections.abc import Mapping

THIN = "\u202f"  # narrow no-break space, between thousands


def num(x: float, digits: int = 1) -> str:
    """A number with a French decimal comma: ``12.34`` → ``12,3``, ``1058.1`` → ``1 058,1``."""
    return f"{x:,.{digits}f}".replace(",", THIN).replace(".", ",")


def pct(x: float, digits: int = 1) -> str:
    """``0.1234`` → ``12,3 %`` (French decimal comma)."""
    return f"{x * 100:.{digits}f} %".replace(".", ",")


def interval(rate: Mapping[str, float]) -> str:
    """A rate and its Wilson interval, in French: ``52,0 % [47,1 % ; 56,9 %]``."""
    return f"{pct(rate['rate'])} [{pct(rate['low'])} ; {pct(rate['high'])}]"


def count(n: int) -> str:
    """An integer with its thousands grouped: ``1000000`` → ``1 000 000``."""
    return f"{n:,}".replace(",", THIN)


def share(x: float) -> str:
    """A count that may be fractional (shared wins): ``3`` → ``3``, ``1.5`` → ``1,5``."""
    return count(int(x)) if float(x).is_integer() else num(x, 2).rstrip("0")


def counted(n: int, word: str, many: str | None = None) -> str:
    """A count and its noun, French-style: « 1 partie », « 1 000 parties » (the plural from
    2); ``many`` for irregular plurals."""
    return f"{count(n)} {word if abs(n) < 2 else many or word + 's'}"


def per_second(x: float, word: str = "partie") -> str:
    """A rate per second: « 0,6 partie/s », « 95,1 parties/s » (the plural from 2)."""
    return f"{num(x)} {word if abs(x) < 2 else word + 's'}/s"


_BARE_NUMBER = re.compile(r"(?<![\w./\\:-])(\d{4,})(?![\w./\\:-]|,\d)")


def french_numbers(text: str) -> str:
    """Whole numbers of 4 digits or more in a sentence grouped by thousands: « de 1 à 10000
    (reçu 20000) » → « de 1 à 10 000 (reçu 20 000) »; numbers inside a name (a path, a
    file name, « x1000 ») are left as they are."""
    return _BARE_NUMBER.sub(lambda m: count(int(m.group(1))), text)
