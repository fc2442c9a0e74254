"""Poker d'As table options (rules/pokerdas.md §2): the default table, the « café » preset (D3)
and the rule book read to the letter (the variant « livre »)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludotheque.engine.errors import OptionsError
from ludotheque.engine.options import GameOptions

# D3: the café habit, kept dice and three throws for the first player.
CAFE: dict[str, Any] = {"relance_totale": False, "max_throws": 3}
# The default table's session: twenty rounds (five laps of the table at four players, four at
# five), about ten minutes of play at a person's pace (docs/pokerdas.md, « Table par défaut »).
DEFAULT_ROUNDS = 20
# The rule book to the letter (§2): whole throws, no throw limit, until one player is left.
LITERAL: dict[str, Any] = {"relance_totale": True, "max_throws": None, "max_rounds": None}


@dataclass(frozen=True)
class Options(GameOptions):
    """The default table is the « café » preset (D3) for a session of twenty rounds: kept dice,
    three throws at most for the first player, 1 token stake, 10 tokens each. The rule book
    read to the letter (``LITERAL``, the variant « livre ») throws all five dice every time, with
    no throw limit, until one player is left: an optimal first player then throws hundreds or
    thousands of times a round, and a session of four lasts hundreds of rounds.

    ``menteur`` plays Poker d'As menteur (R20–R29), always with aces wild (D8).
    """

    poker_joker: bool = False
    max_throws: int | None = 3
    relance_totale: bool = False
    stake: int = 1
    start_tokens: int = 10
    max_rounds: int | None = DEFAULT_ROUNDS
    liar_rethrows: int = 1
    menteur: bool = False

    def check(self) -> None:
        for name, low in (("stake", 1), ("start_tokens", 1), ("liar_rethrows", 0)):
            value = getattr(self, name)
            if not low <= value <= 10_000:
                raise OptionsError(
                    f"{name} doit valoir de {low} à 10000 (reçu {value})",
                    f"{name} must be {low} to 10000 (got {value})",
                )
        for name in ("max_throws", "max_rounds"):
            value = getattr(self, name)
            if value is not None and not 1 <= value <= 10_000:
                raise OptionsError(
                    f"{name} doit valoir de 1 à 10000, ou none (reçu {value})",
                    f"{name} must be 1 to 10000, or none (got {value})",
                )

    @property
    def joker(self) -> bool:
        """R15, D8: aces are wild with Poker-Joker, and always in menteur."""
        return self.poker_joker or self.menteur

    @classmethod
    def cafe(cls, **others: Any) -> Options:
        """The « café » preset (D3): ``relance_totale`` off and ``max_throws`` 3."""
        return cls.from_dict({**CAFE, **others})
