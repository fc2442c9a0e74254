"""Numbers as the French text of `simulate` and `rapport` writes them: a decimal comma, a space
before « % », thousands grouped by a narrow no-break space (« 1 000 000 »). Light on purpose:
the command line imports it without matplotlib."""

from __future__ import annotations

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
