"""Belote bots (bots see a seat's view and its legal actions, never the state).

``fort`` — claims the word of highest value it knows the table gives (5 letters or more,
admitted by the lexicon); it lays the card that gives it the best word to claim at once, and
among equal choices the one that leaves the least to the next player, an opponent: the next
player's threat is the best word of the table after this card plus one joker (any card he may
lay). In the secrète variant it knows the stack only from what it saw (the view's ``seen``:
the cards laid and the stacks revealed by claims), remembered across its turns.
"""

from __future__ import annotations

import random
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.belote.options import MIN_TABLE, MIN_WORD
from ludotheque.lexicon.tablewords import resolve, table_words

THREAT_WEIGHT = 0.5
JOKER_GUESS = 2  # the value of the unknown card the next player may lay


class Stratege:
    name = "fort"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.memory: list[str] = []
        self.manche = 0

    # -- what it knows of the table ---------------------------------------------------------
    def table(self, view: dict[str, Any]) -> list[str]:
        if not view["secrete"]:
            return list(view["table"])
        if view["manche"] != self.manche:
            self.manche, self.memory = view["manche"], []
        for event in view.get("seen", []):
            if event["type"] == "manche":
                self.memory = []
            elif event["type"] == "lay":
                self.memory.append(event["card"])
            elif event["type"] == "claim":
                self.memory = list(event["stack"])
        return list(self.memory)

    def best(self, table: list[str], joker: bool = False) -> tuple[int, str | None]:
        cards = [*table, "*r"] if joker else table
        if len(cards) < MIN_TABLE:
            return 0, None
        words = table_words(
            cards, view_compound(self), limit=1, min_len=MIN_WORD, joker=JOKER_GUESS, decent=True
        )
        return (words[0].value, words[0].word) if words else (0, None)

    # -- decisions ---------------------------------------------------------------------------
    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        self.compound = bool(view["options"]["compound_words"])
        table = self.table(view)
        if legal[0]["type"] == "lay":
            return self.lay(table, legal)
        _, word = self.best(table)
        return {"type": "claim", "word": word} if word else {"type": "pass"}

    def lay(self, table: list[str], legal: list[Action]) -> Action:
        scored = []
        for action in legal:
            after = [*table, action["card"]]
            mine, word = self.best(after)
            if word is not None:
                cards = resolve(word, after)
                assert cards is not None
                for p in cards:
                    after.remove(p.card)
            threat, _ = self.best(after, joker=True)
            scored.append((mine - THREAT_WEIGHT * threat, self.rng.random(), action))
        return max(scored, key=lambda s: (s[0], s[1]))[2]


def view_compound(bot: Stratege) -> bool:
    return getattr(bot, "compound", False)
