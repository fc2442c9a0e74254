"""Limits that keep one visitor from starving the others (issue 16, finding 5): token buckets by
key (an address, a user), and the bounds of the clocks a table may set."""

from __future__ import annotations

import time

# A table's move clock (seconds a player has for each decision) is at most a day, and at least
# ``Settings.min_move_clock``: shorter ones made tables play themselves through their stand-ins
# at hundreds of commits a second.
MAX_MOVE_CLOCK = 86_400.0
# The shortest rule-book timer the driver runs, whatever a game or a stored row says.
MIN_RULE_CLOCK = 1.0
# The longest clock the driver runs (a game clock, a rule-book timer): what an integer option may
# hold (engine.options.INT_RANGE), in seconds. A stored row asking more has no clock.
MAX_GAME_CLOCK = 1_000_000.0


class Buckets:
    """Token buckets by key: ``rate`` a second, bursts of ``burst``; at most ``keys`` keys are
    remembered (the fullest are forgotten first: a forgotten key starts full, as they were)."""

    def __init__(self, rate: float, burst: float, keys: int = 10_000) -> None:
        self.rate, self.burst, self.keys = rate, burst, keys
        self._have: dict[str, tuple[float, float]] = {}  # key → (tokens, when)

    def take(self, key: str) -> float | None:
        """Take one token for ``key``: None when allowed, else the seconds until one is back."""
        now = time.monotonic()
        tokens, then = self._have.get(key, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        if tokens < 1.0:
            self._have[key] = (tokens, now)
            return (1.0 - tokens) / self.rate if self.rate > 0 else 3600.0
        self._have[key] = (tokens - 1.0, now)
        if len(self._have) > self.keys:
            self._forget(now)
        return None

    def _forget(self, now: float) -> None:
        def level(item: tuple[str, tuple[float, float]]) -> float:
            tokens, then = item[1]
            return min(self.burst, tokens + (now - then) * self.rate)

        keep = sorted(self._have.items(), key=level)[: self.keys // 2]
        self._have = dict(keep)
