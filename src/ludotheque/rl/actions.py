"""Legal actions ↔ a fixed discrete space per game (docs/rl.md explains the choices).

A codec gives every legal action of a state a slot number in ``range(codec.size)``. The same
slot means the same kind of decision in every state (« bet 5 », « re-roll the two lowest
dice », « move from e2 to e4 », « declare my best word »), which is what a policy network
needs; the concrete action is then taken from the legal list. A game's codec is a list of
*families*, one per action type, laid end to end:

- :class:`Single` — an action without parameters (``fold``, ``draw``): one slot;
- :class:`Choice` — a field from a fixed list (a colour, a letter card, an announcement);
- :class:`Amount` — an integer field in a fixed range (bets, stakes): one slot per amount;
- :class:`Squares` — board squares (``from``/``to``): 64 slots per square field;
- :class:`Ordinal` — the k-th action of that type in the engine's listed order, for families
  the engine lists best first (the words a table allows);
- :class:`Custom` — anything else, a function of the view, the action, its rank k among the
  actions of its type and their number (a set of cards as a bitmask over the positions of
  the hand shown in the view).

:class:`LegalIndex` is the generic fallback for a game without a declaration: slot k is the
k-th legal action in the engine's order, up to a fixed maximum.

If two legal actions of one state fall in the same slot, or an action falls outside its
family, the first in the engine's order keeps the slot and the others are counted as
*unmapped* (``env.unmapped``); the tests check that no declared codec ever does this.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import groupby
from operator import itemgetter
from typing import Any, cast

from ludotheque.engine.protocol import Action
from ludotheque.rl.encoding import _fast  # the C module, None where it was not built

View = dict[str, Any]


class Codec:
    """Base of the codecs: ``size`` and ``slots(view, legal)``."""

    size: int

    def slots(self, view: View, legal: Sequence[Action]) -> list[int | None]:
        """The slot of each legal action (None: the action has no slot)."""
        raise NotImplementedError

    def describe(self) -> list[tuple[int, int, str]]:
        """(first slot, number of slots, description) per family, for the documentation."""
        raise NotImplementedError


@dataclass(frozen=True)
class Family:
    type: str
    needs_total = False  # whether index() reads ``total`` (the codec counts it only then)

    def size(self) -> int:
        raise NotImplementedError

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        raise NotImplementedError

    def table(self) -> tuple[tuple[str, ...], dict[Any, int]] | None:
        """For a family whose slot depends on the action's fields alone: those fields and the
        slot of each value (a tuple of values for several fields). The codec then looks the
        slot up without calling ``index``."""
        return None

    def runner(self, offset: int) -> Callable[[View, Sequence[Action]], list[int | None]] | None:
        """For a family whose slot follows from its fields (:meth:`table`): a function giving
        the slots of a run of its actions (``offset`` added), in C loops; None otherwise (the
        codec then calls :meth:`index` for each action)."""
        found = self.table()
        if found is None or len(found[0]) > 2:
            return None
        fields, table = found
        getter = itemgetter(*fields)
        slots = {k: offset + i for k, i in table.items()}
        lookup = slots.get

        def run(view: View, actions: Sequence[Action]) -> list[int | None]:
            try:
                return list(map(lookup, map(getter, actions)))
            except (KeyError, TypeError):  # a missing field or an unhashable value
                return [_lookup(fields, slots, action) for action in actions]

        return run

    def describe(self) -> str:
        return self.type


@dataclass(frozen=True)
class Single(Family):
    def size(self) -> int:
        return 1

    def table(self) -> tuple[tuple[str, ...], dict[Any, int]] | None:
        return ("type",), {self.type: 0}

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        return 0 if ordinal == 0 else None


@dataclass(frozen=True)
class Choice(Family):
    field: str = ""
    values: tuple[Any, ...] = ()
    text: str = ""

    def size(self) -> int:
        return len(self.values)

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        return self._index.get(action.get(self.field))

    def table(self) -> tuple[tuple[str, ...], dict[Any, int]] | None:
        return (self.field,), dict(self._index)

    @property
    def _index(self) -> dict[Any, int]:
        cache = self.__dict__.get("_cache")
        if cache is None:
            cache = {v: i for i, v in enumerate(self.values)}
            object.__setattr__(self, "_cache", cache)
        return cache

    def describe(self) -> str:
        if self.text:
            return self.text
        shown = ", ".join(str(v) for v in self.values[:6])
        more = ", …" if len(self.values) > 6 else ""
        return f"{self.type}: {self.field} ∈ {{{shown}{more}}}"


@dataclass(frozen=True)
class Amount(Family):
    field: str = "amount"
    low: int = 0
    high: int = 0

    def size(self) -> int:
        return self.high - self.low + 1

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        v = action.get(self.field)
        if isinstance(v, int) and self.low <= v <= self.high:
            return v - self.low
        return None

    def table(self) -> tuple[tuple[str, ...], dict[Any, int]] | None:
        return (self.field,), {v: v - self.low for v in range(self.low, self.high + 1)}

    def describe(self) -> str:
        return f"{self.type}: {self.field} = {self.low}…{self.high}"


FILES = "abcdefgh"
SQUARES = tuple(f + r for r in "12345678" for f in FILES)
_SQUARE_INDEX = {s: i for i, s in enumerate(SQUARES)}


@dataclass(frozen=True)
class Squares(Family):
    fields: tuple[str, ...] = ("from", "to")

    def size(self) -> int:
        return 1 << 6 * len(self.fields)  # 64 squares per field

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        get = _SQUARE_INDEX.get
        if len(self.fields) == 2:
            a, b = get(action.get(self.fields[0], "")), get(action.get(self.fields[1], ""))
            return None if a is None or b is None else a * 64 + b
        i = 0
        for f in self.fields:
            sq = get(action.get(f, ""))
            if sq is None:
                return None
            i = i * 64 + sq
        return i

    def table(self) -> tuple[tuple[str, ...], dict[Any, int]] | None:
        if len(self.fields) == 1:
            return self.fields, dict(_SQUARE_INDEX)
        if len(self.fields) == 2:
            return self.fields, {
                (a, b): i * 64 + j
                for a, i in _SQUARE_INDEX.items()
                for b, j in _SQUARE_INDEX.items()
            }
        return None

    def runner(self, offset: int) -> Callable[[View, Sequence[Action]], list[int | None]] | None:
        if len(self.fields) != 2:
            return super().runner(offset)
        first, second = self.fields
        square = _SQUARE_INDEX  # 64 entries: stays in the processor's cache, unlike 64 × 64

        def run(view: View, actions: Sequence[Action]) -> list[int | None]:
            try:
                return [square[a[first]] * 64 + square[a[second]] + offset for a in actions]
            except (KeyError, TypeError):  # a missing field or a value that is no square
                return [self._slot(action, offset) for action in actions]

        return run

    def _slot(self, action: Action, offset: int) -> int | None:
        try:
            i = self.index({}, action, 0, 0)
        except TypeError:
            return None
        return None if i is None else offset + i

    def describe(self) -> str:
        return f"{self.type}: {' × '.join(self.fields)} over a1…h8 (64 each)"


@dataclass(frozen=True)
class Ordinal(Family):
    count: int = 1
    text: str = ""

    def size(self) -> int:
        return self.count

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        return ordinal if ordinal < self.count else None

    def describe(self) -> str:
        return self.text or f"{self.type}: k-th listed (k < {self.count})"


@dataclass(frozen=True)
class Custom(Family):
    """``fn(view, action, k, n)``: the slot of an action, the k-th of the n of its type.
    ``batch(view, actions)``, if given, does the same for a run of actions of the type at once
    (the same slots: it may prepare what the actions share, the hand's positions)."""

    needs_total = True
    width: int = 1
    fn: Callable[[View, Action, int, int], int | None] = field(
        default=lambda v, a, k, n: None, compare=False
    )
    text: str = ""
    batch: Callable[[View, Sequence[Action]], list[int | None]] | None = field(
        default=None, compare=False
    )
    # (field, {value: slot}): the slot of an action whose field has one of these values,
    # without calling fn (the throw of all five dice has no ``reroll``: slot 0). Only with
    # ``batch``, which gets runs of actions and no rank k (a shortcut would change k).
    shortcut: tuple[str, dict[Any, int]] | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        if self.shortcut is not None and self.batch is None:
            raise ValueError(f"{self.type}: a shortcut needs a batch function")

    def size(self) -> int:
        return self.width

    def index(self, view: View, action: Action, ordinal: int, total: int) -> int | None:
        i = self.fn(view, action, ordinal, total)
        return i if i is not None and 0 <= i < self.width else None

    def runner(self, offset: int) -> Callable[[View, Sequence[Action]], list[int | None]] | None:
        batch, width = self.batch, self.width
        if batch is None:
            return None

        def run(view: View, actions: Sequence[Action]) -> list[int | None]:
            return [
                None if i is None or not 0 <= i < width else offset + i
                for i in batch(view, actions)
            ]

        return run

    def describe(self) -> str:
        return self.text or self.type


class Families(Codec):
    """Families laid end to end, in the order given."""

    def __init__(self, families: Sequence[Family]) -> None:
        self.families = list(families)
        self._by_type: dict[str, tuple[int, Family]] = {}
        offset = 0
        for fam in self.families:
            if fam.type in self._by_type:
                raise ValueError(f"two families for action type {fam.type!r}")
            self._by_type[fam.type] = (offset, fam)
            offset += fam.size()
        self.size = offset
        self._index = {t: (off, fam.index) for t, (off, fam) in self._by_type.items()}
        # Families whose slot follows from the action's fields: a function per run of them.
        self._runners: dict[str, Callable[[View, Sequence[Action]], list[int | None]]] = {
            t: run for t, (off, fam) in self._by_type.items() if (run := fam.runner(off))
        }
        self._totals = any(fam.needs_total for fam in self.families)
        # One-field families, for the few-actions path: the field and value → slot; a Custom's
        # shortcut too, but a value it does not list is left to the family's function.
        self._tables: dict[str, tuple[str, dict[Any, int]]] = {}
        self._shortcuts: dict[str, tuple[str, dict[Any, int]]] = {}
        for t, (off, fam) in self._by_type.items():
            found = fam.table()
            if found is not None and len(found[0]) == 1:
                self._tables[t] = (found[0][0], {k: off + i for k, i in found[1].items()})
            if isinstance(fam, Custom) and fam.shortcut is not None:
                name, known = fam.shortcut
                self._shortcuts[t] = (name, {k: off + i for k, i in known.items()})
        # The same lookups for the C pass (_fast.slots): (0, field, table) one field,
        # (1, field, field, first, second, width, offset) two squares, (2, field, table) a
        # Custom's shortcut (a value it does not list is left to Python).
        self._c_tables: dict[str, tuple[Any, ...]] = {}
        for t, (field_name, table) in self._tables.items():
            self._c_tables[t] = (0, field_name, table)
        for t, (field_name, table) in self._shortcuts.items():
            self._c_tables[t] = (2, field_name, table)
        for t, (off, fam) in self._by_type.items():
            if isinstance(fam, Squares) and len(fam.fields) == 2:
                first, second = fam.fields
                self._c_tables[t] = (1, first, second, _SQUARE_INDEX, _SQUARE_INDEX, 64, off)

    def slots(self, view: View, legal: Sequence[Action]) -> list[int | None]:
        if _fast is None:
            return self._python_slots(view, legal)
        out, pending = _fast.slots(legal, self._c_tables)
        if pending:  # runs of actions of a family that Python decides (ranks, batches)
            seen: dict[str, int] = {}
            i, n = 0, len(out)
            while i < n:
                if out[i] is not ...:
                    i += 1
                    continue
                kind, j = legal[i]["type"], i + 1
                while j < n and out[j] is ... and legal[j]["type"] == kind:
                    j += 1
                run = legal[i:j]
                fast = self._runners.get(kind)
                out[i:j] = fast(view, run) if fast else self._by_rank(view, kind, run, seen, legal)
                i = j
        return cast("list[int | None]", out)  # no Ellipsis left: every run was decided

    def _python_slots(self, view: View, legal: Sequence[Action]) -> list[int | None]:
        out: list[int | None] = []
        seen: dict[str, int] = {}
        runners = self._runners
        if len(legal) <= 4:  # a few actions: one by one, one dict lookup for most
            tables, shortcuts = self._tables, self._shortcuts
            for action in legal:
                kind = action["type"]
                table = tables.get(kind)
                if table is not None:
                    try:
                        out.append(table[1].get(action.get(table[0])))
                    except TypeError:  # an unhashable value has no slot
                        out.append(None)
                    continue
                table = shortcuts.get(kind)
                if table is not None:
                    try:
                        slot = table[1].get(action.get(table[0]))
                    except TypeError:
                        slot = None
                    if slot is not None:
                        out.append(slot)
                        continue
                fast = runners.get(kind)
                if fast is not None:
                    out += fast(view, (action,))
                else:
                    out += self._by_rank(view, kind, (action,), seen, legal)
            return out
        # Engines list the actions of a type together: a run of a type at a time.
        for kind, run in groupby(legal, _TYPE):
            fast = runners.get(kind)
            if fast is not None:  # the slots from the fields alone, in C loops
                out += fast(view, tuple(run))
            else:
                out += self._by_rank(view, kind, run, seen, legal)
        return out

    def _by_rank(
        self,
        view: View,
        kind: str,
        run: Iterable[Action],
        seen: dict[str, int],
        legal: Sequence[Action],
    ) -> list[int | None]:
        """Slots of actions of a family that needs the view or the action's rank k among
        those of its type (``seen`` counts the ones already given), or of no family."""
        entry = self._index.get(kind)
        if entry is None:
            return [None for _ in run]
        off, fn = entry
        total = list(map(_TYPE, legal)).count(kind) if self._totals else 0
        out: list[int | None] = []
        for action in run:
            k = seen.get(kind, 0)
            seen[kind] = k + 1
            i = fn(view, action, k, total)
            out.append(None if i is None else off + i)
        return out

    def describe(self) -> list[tuple[int, int, str]]:
        return [(off, fam.size(), fam.describe()) for off, fam in self._by_type.values()]


_TYPE = itemgetter("type")


def _lookup(fields: tuple[str, ...], table: dict[Any, int], action: Action) -> int | None:
    """One action's slot from its fields (a missing field reads None), None if unhashable."""
    key = action.get(fields[0]) if len(fields) == 1 else tuple(action.get(f) for f in fields)
    try:
        return table.get(key)
    except TypeError:
        return None


class LegalIndex(Codec):
    """Generic fallback: slot k = the k-th legal action in the engine's order (k < size).

    Sound for any game (the engine's order is deterministic), but the meaning of a slot
    changes from one state to the next, so a policy must read the state to know what slot k
    is; a game declaration with families is better for learning."""

    def __init__(self, size: int = 1024) -> None:
        self.size = size

    def slots(self, view: View, legal: Sequence[Action]) -> list[int | None]:
        n = self.size
        return [k if k < n else None for k in range(len(legal))]

    def describe(self) -> list[tuple[int, int, str]]:
        return [(0, self.size, "k-th legal action in the engine's order")]
