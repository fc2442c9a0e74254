"""Numbers as the French text of `simulate` and `rapport` writes them: a decimal comma, a space
before « % », thousands grouped by a narrow no-break space (« 1 000 000 »). With ``lang="en"``
(their ``--lang en``), as English writes them: a decimal point, « % » right after the number,
thousands grouped by a comma (« 1,000,000 »), and the plural but for one. Light on purpose:
the command line imports it without matplotlib."""

from __future__ import annotations

import re
from collections.abc import Mapping

THIN = "\u202f"  # narrow no-break space, between thousands


def num(x: float, digits: int = 1, *, lang: str = "fr") -> str:
    """A number with a French decimal comma: ``12.34`` → ``12,3``, ``1058.1`` → ``1 058,1``
    (English: ``12.3``, ``1,058.1``)."""
    if lang == "en":
        return f"{x:,.{digits}f}"
    return f"{x:,.{digits}f}".replace(",", THIN).replace(".", ",")


def pct(x: float, digits: int = 1, *, lang: str = "fr") -> str:
    """``0.1234`` → ``12,3 %`` (French decimal comma; English ``12.3%``)."""
    if lang == "en":
        return f"{x * 100:.{digits}f}%"
    return f"{x * 100:.{digits}f} %".replace(".", ",")


def interval(rate: Mapping[str, float]) -> str:
    """A rate and its Wilson interval, in French: ``52,0 % [47,1 % ; 56,9 %]``."""
    return f"{pct(rate['rate'])} [{pct(rate['low'])} ; {pct(rate['high'])}]"


def count(n: int, *, lang: str = "fr") -> str:
    """An integer with its thousands grouped: ``1000000`` → ``1 000 000`` (English
    ``1,000,000``)."""
    if lang == "en":
        return f"{n:,}"
    return f"{n:,}".replace(",", THIN)


def share(x: float, *, lang: str = "fr") -> str:
    """A count that may be fractional (shared wins): ``3`` → ``3``, ``1.5`` → ``1,5``
    (English ``1.5``)."""
    if float(x).is_integer():
        return count(int(x), lang=lang)
    return num(x, 2, lang=lang).rstrip("0")


def counted(n: int, word: str, many: str | None = None, *, lang: str = "fr") -> str:
    """A count and its noun, French-style: « 1 partie », « 1 000 parties » (the plural from
    2); ``many`` for irregular plurals. English-style with ``lang="en"``: « 0 games »,
    « 1 game », « 1,000 games » (the plural but for one)."""
    if lang == "en":
        return f"{count(n, lang=lang)} {word if abs(n) == 1 else many or word + 's'}"
    return f"{count(n)} {word if abs(n) < 2 else many or word + 's'}"


def per_second(x: float, word: str = "partie", *, lang: str = "fr") -> str:
    """A rate per second: « 0,6 partie/s », « 95,1 parties/s » (the plural from 2); in
    English ``word`` is English and a rate always plural: « 0.6 games/s »."""
    if lang == "en":
        return f"{num(x, lang=lang)} {word}s/s"
    return f"{num(x)} {word if abs(x) < 2 else word + 's'}/s"


_BARE_NUMBER = re.compile(r"(?<![\w./\\:-])(\d{4,})(?![\w./\\:-]|,\d)")


def french_numbers(text: str) -> str:
    """Whole numbers of 4 digits or more in a sentence grouped by thousands: « de 1 à 10000
    (reçu 20000) » → « de 1 à 10 000 (reçu 20 000) »; numbers inside a name (a path, a
    file name, « x1000 ») are left as they are."""
    return _BARE_NUMBER.sub(lambda m: count(int(m.group(1))), text)


def english_numbers(text: str) -> str:
    """:func:`french_numbers` the English way: « from 1 to 10000 (got 20000) » → « from 1 to
    10,000 (got 20,000) »; numbers inside a name are left as they are."""
    return _BARE_NUMBER.sub(lambda m: count(int(m.group(1)), lang="en"), text)
