"""Bataille bots (bots see a seat's view and its legal actions, never the state).

* ``fort`` — watches the table for the word of highest value (exact search over the table,
  words of 3–9 letters) and claims it; it only ever claims words the lexicon admits, so it never
  commits an error (R59, R60). It claims among the legal list's words (the engine's top words
  of the table): when its best word is not listed, the best listed one it sees. Otherwise it
  lays when it must and lets the card pass.
* ``facile`` — the same eye, but it only sees words of at most 5 letters and reacts twice as
  slowly.

Reaction time (« a human-like reaction time, so that people can win »): ``act`` answers at
once; the driver plays the answer when the table's pace allows it — ``State.bot_pace``: a
claim no earlier than ``bot_reaction_ms`` after the card that made the word, a card no earlier
than that after the previous card — and, for a slower level, ``reaction_s(view)`` (twice as
long for ``facile``). The live terminal (live.py) honours both; the server honours
``bot_pace``. If the other player's claim or a new card arrives first, the driver asks the bot
again with the new view. A turn-based driver (a bot match) ignores them.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.bataille.options import MIN_TABLE
from ludotheque.lexicon.tablewords import table_words


class Guetteur:
    """Sees every word of 3–9 letters on the table and claims the one of highest value, no
    earlier than « Réaction des bots » after the card that made it; never claims a word the
    lexicon refuses."""

    name = "fort"
    max_len = 9
    slowness = 1.0

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def reaction_s(self, view: dict[str, Any]) -> float:
        reaction_ms: int = view["options"]["bot_reaction_ms"]
        return reaction_ms / 1000 * self.slowness

    def best_claim(
        self, view: dict[str, Any], listed: Collection[str] | None = None
    ) -> Action | None:
        """The claim of the best word it sees; among ``listed`` words only, when given (the
        legal list gives the table's top words by the engine's search, which may leave out
        the word of highest value: the best one it sees of those is claimed instead)."""
        if len(view["table"]) < MIN_TABLE:
            return None
        compound = view["options"]["compound_words"]
        for w in table_words(view["table"], compound, limit=8, decent=True):
            if len(w.word) <= self.max_len and (listed is None or w.word in listed):
                return {"type": "claim", "word": w.word}
        return None

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        if "colour" in kinds:
            return self.rng.choice(legal)
        if "claim" in kinds:
            listed = {a.get("word") for a in legal if a["type"] == "claim"}
            claim = self.best_claim(view, {w for w in listed if isinstance(w, str) and w})
            if claim is not None:
                return claim
        for kind in ("lay", "pass"):
            if kind in kinds:
                return {"type": kind}
        return legal[0]  # pragma: no cover - a claimer always has lay or pass


class Facile(Guetteur):
    """Sees only words of at most 5 letters and reacts twice as slowly as the table's
    « Réaction des bots »."""

    name = "facile"
    max_len = 5
    slowness = 2.0
