"""English for the tables (``--lang en``): the forms of french.py in English — plurals, and the
person at the terminal as « You » (« You shout », « Strong 1 offers you », « Your 2 deals »).

A game's terminal says each sentence in the person's language through its ``Terminal``:
``self.t(fr, en)``, ``self.count(n, "carte", "card")`` and ``self.seats``, which is
:class:`EnglishSeats` at an English table."""

from __future__ import annotations

from ludotheque.term.french import Seats

YOU = "You"


def plural(n: int, word: str, many: str | None = None) -> str:
    """« 0 cards », « 1 card », « 2 cards » (English: the plural but for one); ``many`` for
    irregular plurals (« 2 dice »)."""
    return f"{n} {word if abs(n) == 1 else many or word + 's'}"


def agree(n: int, singular: str, plural_form: str) -> str:
    """The verb that agrees with ``n`` things: « is cancelled » / « are cancelled »."""
    return singular if abs(n) == 1 else plural_form


class EnglishSeats(Seats):
    """The seats' names as an English table says them, « You » at the person's seat."""

    def who(self, seat: int) -> str:
        return YOU if self.you(seat) else self.names[seat]

    def whom(self, seat: int) -> str:
        """As an object: « won by you », « between you and Strong 1 »."""
        return "you" if self.you(seat) else self.names[seat]

    def says(self, seat: int, third: str, second: str) -> str:
        """« Strong 1 shouts » / « You shout »."""
        return f"{YOU} {second}" if self.you(seat) else f"{self.names[seat]} {third}"

    def to(self, subject: int, verb: str, second: str, target: int) -> str:
        """« Strong 1 offers Strong 2 », « Strong 1 offers you », « You offer Strong 2 »
        (``verb`` carries its preposition when it has one: « proposes to »)."""
        return f"{self.says(subject, verb, second)} {self.whom(target)}"

    def whose(self, seat: int, n: int, word: str, many: str | None = None) -> str:
        """« Your deal », « Your 2 deals », « Strong 1's deal », « Strong 1's 2 deals »."""
        noun = word if n == 1 else many or word + "s"
        owner = "Your" if self.you(seat) else f"{self.names[seat]}'s"
        return f"{owner} {noun}" if n < 2 else f"{owner} {n} {noun}"
