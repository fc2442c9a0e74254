"""French for the tables: plurals and the « vous » forms of the person at the terminal.

Every terminal names the seats the same way: the person is « Vous » and the sentence is
conjugated for him (« Vous criez », « Fort 1 vous propose », « Vos 2 transactions »), the
others by their names (« Fort 1 crie »)."""

from __future__ import annotations

YOU = "Vous"


def plural(n: int, word: str, many: str | None = None) -> str:
    """« 0 carte », « 1 carte », « 2 cartes » (French: the plural from 2); ``many`` for
    irregular plurals (« 2 journaux »)."""
    return f"{n} {word if abs(n) < 2 else many or word + 's'}"


class Seats:
    """The seats' names as a table says them, « Vous » at the person's seat."""

    def __init__(self, names: list[str], seat: int | None) -> None:
        self.names = names
        self.seat = seat

    def you(self, seat: int | None) -> bool:
        return seat is not None and seat == self.seat

    def who(self, seat: int) -> str:
        """« Vous » or the seat's name."""
        return YOU if self.you(seat) else self.names[seat]

    def whom(self, seat: int) -> str:
        """After a preposition or in a list inside a sentence: « gagnée par vous », « entre
        vous et Fort 1 », « à Fort 2 »."""
        return YOU.lower() if self.you(seat) else self.names[seat]

    def says(self, seat: int, third: str, second: str) -> str:
        """The subject and its verb: « Fort 1 crie » / « Vous criez »."""
        return f"{YOU} {second}" if self.you(seat) else f"{self.names[seat]} {third}"

    def to(self, subject: int, verb: str, second: str, target: int) -> str:
        """A verb with an indirect object: « Fort 1 propose à Fort 2 », « Fort 1 vous
        propose », « Vous proposez à Fort 2 »."""
        if self.you(target):
            return f"{self.names[subject]} vous {verb}"
        return f"{self.says(subject, verb, second)} à {self.whom(target)}"

    def whose(self, seat: int, n: int, word: str, many: str | None = None) -> str:
        """A counted possession: « Votre transaction », « Vos 2 transactions », « La
        transaction de Fort 1 », « Les 2 transactions de Fort 1 » (a feminine noun)."""
        noun = word if n < 2 else many or word + "s"
        if self.you(seat):
            return f"Votre {noun}" if n < 2 else f"Vos {n} {noun}"
        return (
            f"La {noun} de {self.names[seat]}" if n < 2 else f"Les {n} {noun} de {self.names[seat]}"
        )


def agree(n: int, singular: str, plural_form: str) -> str:
    """The verb or adjective that agrees with ``n`` things: « est annulée » / « sont annulées »."""
    return singular if n < 2 else plural_form
