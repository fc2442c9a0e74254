"""The words people read for a game's own names, declared by each game next to what they name.

Options (``Options.words``, next to the options), their values, bots, variants and event types
(``Game(words=GameWords(...))``) each have a French and an English label, served to the browser
by ``/api/games`` so that no option key, raw value, bot identifier or event type reaches a
screen, and no client copies them. Event sentences are templates: ``{who}`` is the seat named
by the event's ``seat``, ``{field}`` any other field of the event, ``{n:un|des}`` agrees with a
count (docs/web.md, « Words »).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Words:
    """A text in French and in English."""

    fr: str
    en: str

    def to_dict(self) -> dict[str, str]:
        return {"fr": self.fr, "en": self.en}


@dataclass(frozen=True)
class OptionWords:
    """How the table form names an option: its label, a sentence of help, and the words of its
    named values (keyed by the value as JSON spells it: ``"per_player"``, ``"A"``)."""

    label: Words
    help: Words | None = None
    values: Mapping[str, Words] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label.to_dict(),
            "help": self.help.to_dict() if self.help else None,
            "values": {k: v.to_dict() for k, v in self.values.items()},
        }


@dataclass(frozen=True)
class GameWords:
    """A game's names in words: its description in English (the French one is the game's
    ``description_fr``), its bots, its variants, the sentence of each event type, and its
    own terms — the words its views and events name by a code (Poker d'As hands: ``"hand.full"``
    is « Full ({a} par {b}) » / "Full house ({a} over {b})", its faces ``"faces.K"``…)."""

    description_en: str = ""
    bots: Mapping[str, Words] = field(default_factory=dict)
    variants: Mapping[str, Words] = field(default_factory=dict)
    events: Mapping[str, Words] = field(default_factory=dict)
    terms: Mapping[str, Words] = field(default_factory=dict)


def option(fr: str, en: str, help_fr: str = "", help_en: str = "", **values: Words) -> OptionWords:
    """``OptionWords`` written briefly: ``option("Cartes par main", "Cards per hand", ...)``."""
    help_ = Words(help_fr, help_en) if help_fr or help_en else None
    return OptionWords(Words(fr, en), help_, values)


def w(fr: str, en: str) -> Words:
    return Words(fr, en)


# The bots every game may seat (bots/base.GENERIC).
GENERIC_BOTS: Mapping[str, Words] = {"random": w("Bot au hasard", "Random bot")}

# The variant every game may have (engine.protocol.LITERAL_VARIANT).
LITERAL_WORDS = w("La règle du livre à la lettre", "The rule book to the letter")
