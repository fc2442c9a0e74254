"""Observation tensors from views: a fixed-size float32 vector per seat, from ``view`` only.

A game declares its layout as a list of features (its ``Game.rl_features`` module,
``games/<game>/rl.py``); each feature reads
one field of the view and writes a fixed number of floats. Per-seat lists are rotated so that
position 0 is always the observing seat (a policy can be shared between seats). Games without
a declaration get :class:`HashedView`, a generic feature-hashing of every leaf of the view.

Each feature is declared once, as an *op* (:meth:`Feature.op`): a tuple of its kind of block
and its data. The C encoder (``rl/_fast.c``) runs the ops; without it, the Python backend
(:data:`PYTHON`, one code generator per op kind, the mirror of the C's switch) generates the
plain and the incremental encoders from the same ops.

Features see only the view dict, the observing seat, the table size and the options: the
environment hands them nothing else, so hidden information cannot leak into an observation.
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from types import EllipsisType
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt


class Compiled(Protocol):
    """The C module's functions (``rl/_fast.c``, typed in ``rl/_fast.pyi``)."""

    def encode(
        self, program: tuple[tuple[Any, ...], ...], size: int, view: Mapping[str, Any], seat: int
    ) -> npt.NDArray[np.float32]: ...

    def slots(
        self, legal: Sequence[Mapping[str, Any]], tables: Mapping[str, tuple[Any, ...]]
    ) -> tuple[list[int | EllipsisType | None], int]: ...

    def mask(self, slots: Iterable[int | None], size: int) -> tuple[npt.NDArray[np.int8], int]: ...

    OPS: int  # how many kinds of op the C encoder runs (OP_* 0 … OPS − 1)


def _compiled() -> Compiled | None:
    """The C encoder (setup.py builds it); None without a compiler: the same floats in Python."""
    try:
        from ludotheque.rl import _fast
    except ImportError:  # pragma: no cover - a machine without a C compiler
        return None
    return _fast


_fast = _compiled()  # actions.py and env.py use it too

COMPILED = _fast is not None
# The kinds of op, in the order of the OP_* enum of rl/_fast.c, which says each op's tuple.
(OP_NUM, OP_FLAG, OP_ONEHOT, OP_PERSEAT, OP_SEATINDEX, OP_SEATSET, OP_COUNTS, OP_MEMO, OP_SLOTS,
 OP_NUMS, OP_BITS, OP_SEATCOUNTS, OP_SEATMEMO, OP_SEATONEHOT, OP_LEN, OP_MEMBERS, OP_PAIRS,
 OP_CUSTOM, OP_SORTED) = range(19)  # fmt: skip
View = dict[str, Any]
if TYPE_CHECKING:
    Floats = array[float]  # array("f", …): generic for type checkers only (Python 3.12 on)
else:
    Floats = array


def _path(key: str) -> tuple[str | None, ...]:
    """``key`` as an op's path: its parts, None for ``@seat`` (see :func:`_read`)."""
    first, *rest = key.split(".")
    return (first, *(None if part == "@seat" else part for part in rest))


class TextBlocks(dict[str, Floats]):
    """The block of a text of space-separated tokens (dice « A K 9 9 10 »), by text: counts
    over ``vocab``, or with ``positions`` one one-hot per position (sorted by ``order``).
    A text's block is computed on its first use; the memory is emptied past 16384 texts."""

    def __init__(
        self,
        vocab: tuple[Any, ...],
        width: int,
        positions: int | None = None,
        order: Callable[[str], Any] | None = None,
    ) -> None:
        super().__init__()
        self.index = {v: i for i, v in enumerate(vocab)}
        self.width = width
        self.positions = positions
        self.order = order

    def __missing__(self, text: str) -> Floats:
        n = self.width
        tokens = text.split()
        if self.positions is None:
            block = array("f", bytes(4 * n))
            for y in tokens:
                i = self.index.get(y)
                if i is not None:
                    block[i] += 1.0
        else:
            block = array("f", bytes(4 * n * self.positions))
            if self.order is not None and tokens:
                tokens = sorted(tokens, key=self.order)
            for p, y in enumerate(tokens[: self.positions]):
                i = self.index.get(y)
                if i is not None:
                    block[p * n + i] = 1.0
        if len(self) >= 1 << 14:
            self.clear()
        self[text] = block
        return block


class SeatBlocks(dict[tuple[Any, ...], Floats]):
    """The block of a per-seat list of numbers by ``(observer, *values)``: the values rotated
    so that the observer's comes first, each divided by ``scale`` (None, False: 0; True: 1).
    Equal keys give equal blocks (1, 1.0 and True all read 1). Computed on first use; the
    memory is emptied past 16384 keys."""

    def __init__(self, players: int, scale: float) -> None:
        super().__init__()
        self.players = players
        self.scale = scale

    def __missing__(self, key: tuple[Any, ...]) -> Floats:
        seat, values, n = key[0], key[1:], self.players
        block = array("f", bytes(4 * n))
        for r in range(n):
            y = values[(seat + r) % n]
            if y and (y.__class__ is int or y.__class__ is float or y is True):
                block[r] = y / self.scale
        if len(self) >= 1 << 14:
            self.clear()
        self[key] = block
        return block


class GrowingCounts:
    """Counts by ``index`` (token → its float in a block of ``width``) of each seat's token
    list, for lists that grow by the end (the cards a seat has won): ``self(s, tokens)`` is
    seat ``s``'s block, recounted only from the tokens after the ones seen last time when the
    list still starts with them (it keeps a copy, so a list changed in place is seen as
    changed)."""

    def __init__(self, index: Mapping[Any, int], width: int, players: int) -> None:
        self.index = index
        self.width = width
        self.last: list[tuple[list[Any], Floats] | None] = [None] * players

    def __call__(self, seat: int, tokens: Any) -> Floats:
        if tokens.__class__ is not list:  # None (nothing won), or a text read letter by letter
            return self._count(array("f", bytes(4 * self.width)), tokens or ())
        last = self.last[seat]
        if last is not None:
            seen, block = last
            if tokens == seen:
                return block
            k = len(seen)
            if len(tokens) > k and tokens[:k] == seen:
                block = self._count(array("f", block), tokens[k:])
                self.last[seat] = (list(tokens), block)
                return block
        block = self._count(array("f", bytes(4 * self.width)), tokens)
        self.last[seat] = (list(tokens), block)
        return block

    def _count(self, block: Floats, tokens: Any) -> Floats:
        index = self.index
        for y in tokens:
            i = index.get(y)
            if i is not None:
                block[i] += 1.0
        return block


Op = tuple[Any, ...]


@dataclass(frozen=True)
class Feature:
    """One field of the view written as ``size`` floats (see the subclasses).

    A feature declares its block once, as an *op*: a tuple ``(OP_…, path, at, …)`` holding
    the kind of block and its data (the field's path, the block's offset, the tables of
    values). That tuple is all either backend reads: the C encoder (``rl/_fast.c``) runs it,
    and the Python backend (:data:`PYTHON`, one code generator per op kind) turns it into
    lines of Python that the encoder joins into one function. A new kind of block is a new op
    kind: a Python generator and a C case, never a second description of the same block.

    A *cached* feature's block depends only on the values of the fields it reads
    (:meth:`inputs`) and on the seat, and costs more to compute than to compare: the
    environment's incremental encoder (:meth:`Encoder.incremental`) keeps the block while
    those values are unchanged (a Custom with ``reads``)."""

    key: str

    @property
    def unit(self) -> bool:
        """Values in [0, 1] (one-hots, flags); a kind of feature says so with ``unit = True``."""
        return False

    @property
    def cached(self) -> bool:
        """Whether the incremental encoder keeps the block while its values are unchanged
        (False: most blocks cost about what comparing their field would)."""
        return False

    def size(self, players: int) -> int:
        raise NotImplementedError

    def inputs(self) -> tuple[str, ...]:
        """The view fields (dotted keys, as ``key``) the block is a function of."""
        return (self.key,)

    def op(self, at: int, players: int) -> Op:
        """The block starting at index ``at`` of the observation, as one op (the OP_* enum
        of ``rl/_fast.c`` says each kind's tuple; :data:`PYTHON` generates its Python)."""
        raise NotImplementedError

    def describe(self) -> str:
        return self.key


@dataclass(frozen=True)
class Num(Feature):
    """A number divided by ``scale`` (None or missing: 0)."""

    scale: float = 1.0

    def size(self, players: int) -> int:
        return 1

    def describe(self) -> str:
        return f"{self.key} / {self.scale:g}" if self.scale != 1 else self.key

    def op(self, at: int, players: int) -> Op:
        return (OP_NUM, _path(self.key), at, float(self.scale))


@dataclass(frozen=True)
class Flag(Feature):
    """1 if the field is true (or a non-empty value), else 0."""

    unit = True

    def size(self, players: int) -> int:
        return 1

    def describe(self) -> str:
        return f"{self.key} (0/1)"

    def op(self, at: int, players: int) -> Op:
        return (OP_FLAG, _path(self.key), at)


@dataclass(frozen=True)
class OneHot(Feature):
    """One-hot over ``values`` (a value not listed, or None: all zeros)."""

    values: tuple[Any, ...] = ()
    unit = True

    def size(self, players: int) -> int:
        return len(self.values)

    def describe(self) -> str:
        return f"{self.key} one-hot ({len(self.values)} values)"

    def op(self, at: int, players: int) -> Op:
        return (OP_ONEHOT, _path(self.key), at, {v: at + i for i, v in enumerate(self.values)})


@dataclass(frozen=True)
class PerSeat(Feature):
    """A list with one number per seat, rotated so that index 0 is the observing seat; None
    entries read 0. ``scale`` divides the numbers (booleans read 0/1).

    ``by`` names a view field holding the observer's index instead of the seat, and ``count``
    the list's length instead of the table size: ``PerSeat("totals", by="team", count=2)`` is
    a [team 0, team 1] list, own team first (zeros while ``by`` is not an index)."""

    scale: float = 1.0
    by: str = ""
    count: int = 0

    def size(self, players: int) -> int:
        return self.count or players

    def describe(self) -> str:
        scaled = f" / {self.scale:g}" if self.scale != 1 else ""
        own = f"[{self.by}, own first]" if self.by else "[seat, own first]"
        return f"{self.key}{own}{scaled}"

    def op(self, at: int, players: int) -> Op:
        by = _path(self.by) if self.by else None
        return (OP_PERSEAT, _path(self.key), at, self.count or players, float(self.scale), by)


@dataclass(frozen=True)
class SeatIndex(Feature):
    """A seat number as a one-hot of its position relative to the observer (0 = self)."""

    unit = True

    def size(self, players: int) -> int:
        return players

    def describe(self) -> str:
        return f"{self.key} (seat, one-hot relative to self)"

    def op(self, at: int, players: int) -> Op:
        return (OP_SEATINDEX, _path(self.key), at, players)


@dataclass(frozen=True)
class SeatSet(Feature):
    """A list of seat numbers as a 0/1 vector by relative position (0 = self)."""

    unit = True

    def size(self, players: int) -> int:
        return players

    def describe(self) -> str:
        return f"{self.key} (set of seats relative to self)"

    def op(self, at: int, players: int) -> Op:
        return (OP_SEATSET, _path(self.key), at, players)


@dataclass(frozen=True)
class Counts(Feature):
    """How many times each of ``vocab`` appears in a list field (a hand as a multiset).
    ``split`` reads a text field of space-separated tokens instead (its block is computed
    once per distinct text)."""

    vocab: tuple[str, ...] = ()
    split: bool = False

    def size(self, players: int) -> int:
        return len(self.vocab)

    def describe(self) -> str:
        return f"{self.key} counts over {len(self.vocab)} tokens"

    def op(self, at: int, players: int) -> Op:
        n = len(self.vocab)
        if self.split:
            return (OP_MEMO, _path(self.key), at, TextBlocks(self.vocab, n), n)
        return (OP_COUNTS, _path(self.key), at, {v: at + i for i, v in enumerate(self.vocab)})


@dataclass(frozen=True)
class Slots(Feature):
    """A list field position by position: ``length`` one-hots over ``vocab`` (positions past
    the list's end are zeros). ``order`` sorts the list first (a key over the tokens)."""

    vocab: tuple[str, ...] = ()
    length: int = 0
    split: bool = False
    order: Callable[[str], Any] | None = field(default=None, compare=False)
    unit = True

    def size(self, players: int) -> int:
        return self.length * len(self.vocab)

    def describe(self) -> str:
        return f"{self.key}: {self.length} positions × {len(self.vocab)} tokens"

    def op(self, at: int, players: int) -> Op:
        n = len(self.vocab)
        if self.split:  # a text: its block, computed once per distinct text
            memo = TextBlocks(self.vocab, n, self.length, self.order)
            return (OP_MEMO, _path(self.key), at, memo, self.length * n)
        table = {v: i for i, v in enumerate(self.vocab)}
        if self.order is not None:  # sorted by the Python key first
            return (OP_SORTED, _path(self.key), at, table, self.length, n, self.order)
        return (OP_SLOTS, _path(self.key), at, table, self.length, n)


@dataclass(frozen=True)
class Nums(Feature):
    """A list of ``length`` numbers (not per seat: the 8 cartons), each divided by ``scale``."""

    length: int = 0
    scale: float = 1.0

    def size(self, players: int) -> int:
        return self.length

    def describe(self) -> str:
        scaled = f" / {self.scale:g}" if self.scale != 1 else ""
        return f"{self.key}[{self.length}]{scaled}"

    def op(self, at: int, players: int) -> Op:
        return (OP_NUMS, _path(self.key), at, self.length, float(self.scale))


@dataclass(frozen=True)
class Bits(Feature):
    """A list of ``length`` integers read as bitmasks of ``width`` bits (covered cells)."""

    length: int = 0
    width: int = 0
    unit = True

    def size(self, players: int) -> int:
        return self.length * self.width

    def describe(self) -> str:
        return f"{self.key}: {self.length} bitmasks of {self.width} bits"

    def op(self, at: int, players: int) -> Op:
        return (OP_BITS, _path(self.key), at, self.length, self.width)


@dataclass(frozen=True)
class SeatCounts(Feature):
    """A per-seat list of token lists (cards won by each seat): counts over ``vocab`` for
    each seat, own seat first. ``split`` reads texts of space-separated tokens. ``by`` and
    ``count`` as for :class:`PerSeat` (the cards taken by each team, own team first)."""

    vocab: tuple[Any, ...] = ()
    split: bool = False
    by: str = ""
    count: int = 0

    def size(self, players: int) -> int:
        return (self.count or players) * len(self.vocab)

    def describe(self) -> str:
        own = f"[{self.by}, own first]" if self.by else "[seat, own first]"
        return f"{self.key}{own}: counts over {len(self.vocab)} tokens"

    def op(self, at: int, players: int) -> Op:
        n, seats = len(self.vocab), self.count or players
        by = _path(self.by) if self.by else None
        if self.split:  # texts: a seat's block computed once per distinct text
            return (OP_SEATMEMO, _path(self.key), at, seats, TextBlocks(self.vocab, n), n, by)
        table = {v: i for i, v in enumerate(self.vocab)}
        return (OP_SEATCOUNTS, _path(self.key), at, seats, table, n, by)


@dataclass(frozen=True)
class SeatOneHot(Feature):
    """A per-seat list of values (or of dicts, reading their ``field``): a one-hot over
    ``values`` for each seat, own seat first."""

    values: tuple[Any, ...] = ()
    field: str | None = None
    unit = True

    def size(self, players: int) -> int:
        return players * len(self.values)

    def describe(self) -> str:
        what = f"{self.key}[seat].{self.field}" if self.field else f"{self.key}[seat]"
        return f"{what} one-hot over {len(self.values)} values, own seat first"

    def op(self, at: int, players: int) -> Op:
        n = len(self.values)
        tables = tuple(
            {v: at + r * n + i for i, v in enumerate(self.values)} for r in range(players)
        )
        return (OP_SEATONEHOT, _path(self.key), at, players, tables, self.field)


@dataclass(frozen=True)
class Len(Feature):
    """The number of items of a list field divided by ``scale`` (not a list: 0)."""

    scale: float = 1.0

    def size(self, players: int) -> int:
        return 1

    def describe(self) -> str:
        scaled = f" / {self.scale:g}" if self.scale != 1 else ""
        return f"len({self.key}){scaled}"

    def op(self, at: int, players: int) -> Op:
        return (OP_LEN, _path(self.key), at, float(self.scale))


@dataclass(frozen=True)
class Members(Feature):
    """A list field as a set: 1 for each of ``values`` it holds (locked squares, themes left).
    With ``part``, each item is a list and its entry ``part`` is the value (a threat's
    square: ``part=0`` the threatening card's, ``1`` the threatened one's)."""

    values: tuple[Any, ...] = ()
    part: int | None = None
    unit = True

    def size(self, players: int) -> int:
        return len(self.values)

    def describe(self) -> str:
        what = self.key if self.part is None else f"{self.key}[*][{self.part}]"
        return f"{what} as a set over {len(self.values)} values"

    def op(self, at: int, players: int) -> Op:
        table = {v: at + i for i, v in enumerate(self.values)}
        return (OP_MEMBERS, _path(self.key), at, table, self.part)


@dataclass(frozen=True)
class Pairs(Feature):
    """A dict field (a board: square → card) as one-hots: 1 at ``keys`` index × number of
    ``values`` + ``values`` index, for each item whose key and value are both listed."""

    keys: tuple[Any, ...] = ()
    values: tuple[Any, ...] = ()
    unit = True

    def size(self, players: int) -> int:
        return len(self.keys) * len(self.values)

    def describe(self) -> str:
        return f"{self.key}: {len(self.keys)} keys × {len(self.values)} values, one-hot"

    def op(self, at: int, players: int) -> Op:
        n = len(self.values)
        keys = {k: at + i * n for i, k in enumerate(self.keys)}
        return (OP_PAIRS, _path(self.key), at, keys, {v: i for i, v in enumerate(self.values)})


@dataclass(frozen=True)
class Custom(Feature):
    """Anything else: ``fn(view, seat)`` returns its non-zero entries as ``{index: value}``
    with indices in ``range(width)`` (``width`` may depend on the table size: a callable).
    ``reads`` names the view fields ``fn`` reads (dotted keys): the incremental encoder then
    calls ``fn`` only when one of them changed; without it, ``fn`` is called at every step.
    With ``dense``, ``fn`` returns the whole block instead, an ``array("f")`` of ``width``
    floats (copied into the observation at once)."""

    width: int | Callable[[int], int] = 0
    fn: Callable[[View, int], Any] = field(default=lambda v, s: {}, compare=False)
    text: str = ""
    unit_values: bool = False
    reads: tuple[str, ...] = ()
    dense: bool = False

    def size(self, players: int) -> int:
        return self.width(players) if callable(self.width) else self.width

    @property
    def unit(self) -> bool:
        return self.unit_values

    @property
    def cached(self) -> bool:
        return bool(self.reads)

    def inputs(self) -> tuple[str, ...]:
        return self.reads

    def describe(self) -> str:
        return self.text or self.key

    def op(self, at: int, players: int) -> Op:
        return (OP_CUSTOM, self.fn, at, self.size(players), self.dense, self.key)


# The Python backend: one code generator per op kind, the mirror of the switch of rl/_fast.c's
# run_op. A generator reads only its op tuple and returns the source lines writing the block
# from ``x`` (the value at the op's path, read by :func:`_lines` as the C reads it first) into
# ``o`` (an ``array("f")`` of zeros), with ``v`` the view and ``seat`` the observer; the
# constants it needs go into ``ns`` under names starting with ``name``. Both the plain and the
# incremental encoder are made of these lines.

Generator = Callable[[Op, dict[str, Any], str], list[str]]


def _read(path: tuple[str | None, ...], target: str = "x") -> list[str]:
    """Source lines setting ``target`` to the field at ``path`` (``_path``'s tuple), as the C
    encoder's read_path: ``view[a][b]…``, None if a field is missing or a value on the way is
    not a dict; a None part takes the observing seat's entry of a per-seat list
    (``"dice.@seat"``: my dice)."""
    first, *rest = path
    lines = [f"{target} = v.get({first!r})"]
    for part in rest:
        if part is None:
            lines.append(
                f"{target} = {target}[seat] if {target}.__class__ is list "
                f"and seat < len({target}) else None"
            )
        else:
            lines.append(
                f"{target} = {target}.get({part!r}) if {target}.__class__ is dict else None"
            )
    return lines


def _observer(by: tuple[str | None, ...] | None, count: int) -> tuple[list[str], str, str]:
    """For a per-seat list rotated so that the observer comes first: the lines reading the
    observer's index (``by``: a view field's path, e.g. ``team``; None: the seat), the test
    that it is a valid index of a list of ``count`` entries, and its name in the source."""
    if by is None:
        return [], "", "seat"
    return _read(by, "who"), f" and who.__class__ is int and 0 <= who < {count}", "who"


def _num(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, scale = op
    return [
        "if x.__class__ is int or x.__class__ is float:",
        f"    o[{at}] = x / {scale!r}",
    ]


def _flag(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    return ["if x:", f"    o[{op[2]}] = 1.0"]


def _one_hot(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    ns[name] = op[3]
    return [
        "try:",
        f"    i = {name}.get(x)",
        "except TypeError:  # a list or a dict is no value",
        "    i = None",
        "if i is not None:",
        "    o[i] = 1.0",
    ]


def _per_seat(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    # The same values come back (tokens, throws, eliminated): the block of each (seat,
    # values) is computed once (an unhashable value is written out each time).
    _, _, at, n, scale, by = op
    read, valid, who = _observer(by, n)
    ns[name] = SeatBlocks(n, scale)
    value = "y" if scale == 1 else f"y / {scale!r}"
    lines = [
        *read,
        f"if x.__class__ is list and len(x) == {n}{valid}:",
        "    try:",
        f"        o[{at}:{at + n}] = {name}[({who}, *x)]",
        "    except TypeError:",
    ]
    for r in range(n):  # x[who + r - n] is x[(who + r) % n]
        lines += [
            f"        y = x[{who} - {n - r}]" if r else f"        y = x[{who}]",
            "        if y and (y.__class__ is int or y.__class__ is float or y is True):",
            f"            o[{at + r}] = {value}",
        ]
    return lines


def _seat_index(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, players = op
    return [
        f"if x.__class__ is int and 0 <= x < {players}:",
        f"    o[{at} + (x - seat) % {players}] = 1.0",
    ]


def _seat_set(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, players = op
    return [
        "if x.__class__ is list:",
        "    for y in x:",
        f"        if y.__class__ is int and 0 <= y < {players}:",
        f"            o[{at} + (y - seat) % {players}] = 1.0",
    ]


def _counts(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    ns[name] = op[3]
    return [
        "if x:",
        "    for y in x:",
        f"        i = {name}.get(y)",
        "        if i is not None:",
        "            o[i] += 1.0",
    ]


def _memo(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, memo, width = op
    ns[name] = memo
    return ["if x.__class__ is str:", f"    o[{at}:{at + width}] = {name}[x]"]


def _slots(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    at, table, length, n = op[2:6]
    ns[name] = table
    return [
        "if x:",
        f"    for p, y in enumerate(x[:{length}]):",
        f"        i = {name}.get(y)",
        "        if i is not None:",
        f"            o[{at} + p * {n} + i] = 1.0",
    ]


def _sorted(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    ns[name + "_order"] = op[6]
    return [f"x = sorted(x, key={name}_order) if x else None", *_slots(op, ns, name)]


def _nums(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, length, scale = op
    return [
        "if x.__class__ is list:",
        f"    for r, y in enumerate(x[:{length}]):",
        "        if y and (y.__class__ is int or y.__class__ is float):",
        f"            o[{at} + r] = y / {scale!r}",
    ]


def _bits(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, length, width = op
    return [
        "if x.__class__ is list:",
        f"    for r, m in enumerate(x[:{length}]):",
        f"        m &= {(1 << width) - 1}",
        "        while m:",
        "            low = m & -m",
        f"            o[{at} + r * {width} + low.bit_length() - 1] = 1.0",
        "            m ^= low",
    ]


def _seat_counts(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    # Lists that grow over the game (the cards each seat has won): each seat's counts are
    # kept and updated with the tokens appended since (in C, counting afresh at every call
    # costs less than comparing with last time).
    _, _, at, seats, table, n, by = op
    read, valid, who = _observer(by, seats)
    ns[name] = GrowingCounts(table, n, seats)
    lines = [*read, f"if x.__class__ is list and len(x) == {seats}{valid}:"]
    for r in range(seats):  # x[who + r - seats] is x[(who + r) % seats]
        lines += [
            f"    o[{at + r * n}:{at + (r + 1) * n}] = "
            + (
                f"{name}({who}, x[{who}])"
                if r == 0
                else f"{name}(({who} + {r}) % {seats}, x[{who} - {seats - r}])"
            )
        ]
    return lines


def _seat_memo(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, seats, memo, n, by = op
    read, valid, who = _observer(by, seats)
    ns[name] = memo
    lines = [*read, f"if x.__class__ is list and len(x) == {seats}{valid}:"]
    for r in range(seats):  # x[who + r - seats] is x[(who + r) % seats]
        lines += [
            f"    z = x[{who} - {seats - r}]" if r else f"    z = x[{who}]",
            "    if z.__class__ is str:",
            f"        o[{at + r * n}:{at + (r + 1) * n}] = {name}[z]",
        ]
    return lines


def _seat_one_hot(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, _at, players, tables, part = op
    ns[name] = tables
    read = f"z.get({part!r}) if z.__class__ is dict else None" if part is not None else "z"
    lines = [f"if x.__class__ is list and len(x) == {players}:"]
    for r in range(players):  # x[seat + r - players] is x[(seat + r) % players]
        lines += [
            f"    z = x[seat - {players - r}]" if r else "    z = x[seat]",
            f"    y = {read}",
            "    try:",
            f"        i = {name}[{r}].get(y)",
            "    except TypeError:  # a list or a dict is no value",
            "        i = None",
            "    if i is not None:",
            "        o[i] = 1.0",
        ]
    return lines


def _len(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, at, scale = op
    return ["if x.__class__ is list:", f"    o[{at}] = len(x) / {scale!r}"]


def _members(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, _, _at, table, p = op
    ns[name] = table
    pick = (
        []
        if p is None
        else [
            f"        y = y[{p}] if (y.__class__ is list or y.__class__ is tuple) "
            f"and len(y) > {p} else None"
        ]
    )
    return [
        "if x.__class__ is list:",
        "    for y in x:",
        *pick,
        "        try:",
        f"            i = {name}.get(y)",
        "        except TypeError:  # a list or a dict is no value",
        "            i = None",
        "        if i is not None:",
        "            o[i] = 1.0",
    ]


def _pairs(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    ns[name], ns[name + "_v"] = op[3], op[4]
    return [
        "if x.__class__ is dict:",
        "    for y, z in x.items():",
        "        try:",
        f"            i = {name}.get(y)",
        f"            j = {name}_v.get(z)",
        "        except TypeError:  # a list or a dict is no value",
        "            continue",
        "        if i is not None and j is not None:",
        "            o[i + j] = 1.0",
    ]


def _custom(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    _, fn, at, width, dense, key = op
    ns[name] = fn
    if dense:
        return [
            f"b = {name}(v, seat)",
            f"if b.__class__ is not array or len(b) != {width}:",
            f"    raise ValueError({key!r} + ': not an array of {width} floats')",
            f"o[{at}:{at + width}] = b",
        ]
    return [
        f"for i, y in {name}(v, seat).items():",
        f"    if not 0 <= i < {width}:",
        f"        raise ValueError({key!r} + f': index {{i}} outside its {width} floats')",
        f"    o[{at} + i] = y",
    ]


PYTHON: dict[int, Generator] = {
    OP_NUM: _num,
    OP_FLAG: _flag,
    OP_ONEHOT: _one_hot,
    OP_PERSEAT: _per_seat,
    OP_SEATINDEX: _seat_index,
    OP_SEATSET: _seat_set,
    OP_COUNTS: _counts,
    OP_MEMO: _memo,
    OP_SLOTS: _slots,
    OP_NUMS: _nums,
    OP_BITS: _bits,
    OP_SEATCOUNTS: _seat_counts,
    OP_SEATMEMO: _seat_memo,
    OP_SEATONEHOT: _seat_one_hot,
    OP_LEN: _len,
    OP_MEMBERS: _members,
    OP_PAIRS: _pairs,
    OP_CUSTOM: _custom,
    OP_SORTED: _sorted,
}
"""The Python backend, by op kind: the same cases as the C encoder's switch."""


def _lines(op: Op, ns: dict[str, Any], name: str) -> list[str]:
    """Source lines running ``op``: as the C's run_op, the field at its path read into ``x``
    first (a Custom reads what it wants), then its kind's lines."""
    body = PYTHON[op[0]](op, ns, name)
    return body if op[0] == OP_CUSTOM else [*_read(op[1]), *body]


class Encoder:
    """Compiles a feature list for one table size; ``encode(view, seat)`` → float32 vector.

    Each feature gives its op (:meth:`Feature.op`); ``program`` is their tuple. Compiled (the
    default when the C module ``rl/_fast`` is built and knows every op kind): one
    ``_fast.encode`` call runs the program, Customs calling back their Python function.
    Otherwise the Python backend (:data:`PYTHON`) generates, from the same ops, one function
    (``source``). An op kind without a Python generator is refused here, compiled or not:
    the Python path is the one every machine has.

    ``incremental()`` gives the environment's encoder: the same floats, but in Python it keeps,
    for each seat, the blocks of the *cached* features (a Custom with ``reads``) and the
    values they were computed from, and recomputes a block only when those values changed
    since that seat's last call (compiled, computing costs less than comparing)."""

    def __init__(
        self, features: Iterable[Feature], players: int, compiled: bool | None = None
    ) -> None:
        self.features = list(features)
        self.players = players
        self.sizes = [f.size(players) for f in self.features]
        self.size = sum(self.sizes)
        self.placed: list[tuple[int, Feature, int, int]] = []  # (index, feature, offset, size)
        self.ops: list[tuple[int, Feature, int, int, Op]] = []  # the same, with their op
        at = 0
        for k, (f, n) in enumerate(zip(self.features, self.sizes, strict=True)):
            self.placed.append((k, f, at, n))
            if n:
                op = f.op(at, players)
                if not op or op[0] not in PYTHON:
                    kind = op[0] if op else None
                    raise ValueError(
                        f"feature {k} ({type(f).__name__} {f.describe()}): op kind {kind!r} "
                        "has no Python generator (encoding.PYTHON); a kind of op needs one, "
                        "and its case in rl/_fast.c"
                    )
                self.ops.append((k, f, at, n, op))
            at += n
        self.program = tuple(op for *_, op in self.ops)
        wanted = COMPILED if compiled is None else compiled
        self.compiled = (
            wanted
            and COMPILED
            and _fast is not None
            and all(op[0] < _fast.OPS for op in self.program)
        )
        if self.compiled:
            assert _fast is not None
            self._encode: Callable[[View, int], np.ndarray] = partial(
                _fast.encode, self.program, self.size
            )
            self._sources: tuple[str, str] | None = None  # written when first asked for
            return
        # The floats are written into an array.array (item assignment is cheap) seen by numpy
        # without a copy: `array("f", ZERO)` is a memcpy of a block of zeros.
        ns = self._namespace()
        source = self._plain_source(ns)
        exec(compile(source, f"<encoder of {len(self.features)} features>", "exec"), ns)
        self._encode = ns["encode"]
        ins = self._namespace()
        incremental_source = self._incremental_source(ins)
        exec(compile(incremental_source, "<incremental encoder>", "exec"), ins)
        self._make_incremental: Callable[[], Callable[[View, int], np.ndarray]] = ins["make"]
        self._sources = (source, incremental_source)

    @property
    def source(self) -> str:
        """The Python of ``encode``: what runs without the C module; compiled, what would
        run (written from the same ops when first asked for, never run)."""
        return self._python_sources()[0]

    @property
    def incremental_source(self) -> str:
        """The Python of :meth:`incremental`'s encoders (see :attr:`source`)."""
        return self._python_sources()[1]

    def _python_sources(self) -> tuple[str, str]:
        if self._sources is None:
            self._sources = (
                self._plain_source(self._namespace()),
                self._incremental_source(self._namespace()),
            )
        return self._sources

    def _plain_source(self, ns: dict[str, Any]) -> str:
        """The plain encoder's source, from the op lines (their constants go into ``ns``)."""
        body = ['o = array("f", ZERO)']
        for k, _f, _at, _n, op in self.ops:
            body += _lines(op, ns, f"_f{k}")
        body.append("return frombuffer(o, float32)")
        return "def encode(v, seat):\n" + "".join(f"    {line}\n" for line in body)

    def _namespace(self) -> dict[str, Any]:
        return {
            "array": array,
            "frombuffer": np.frombuffer,
            "float32": np.float32,
            "ZERO": bytes(4 * self.size),
        }

    def encode(self, view: View, seat: int) -> np.ndarray:
        return self._encode(view, seat)

    def incremental(self) -> Callable[[View, int], np.ndarray]:
        """A new ``encode(view, seat)`` with its own memory of each seat's last call: the
        same floats as :meth:`encode`, but a cached feature whose fields are unchanged since
        that seat's last call copies its block from then instead of recomputing it.

        A field counts as unchanged when its value equals (``==``) the one read last time and
        is a different object, or the same immutable one (a list or dict read twice as the
        same object is re-read: it may have been modified in place). So views must not be
        modified after being encoded; engines build a fresh view at every call. Compiled,
        there is no memory: this is :meth:`encode`."""
        if self.compiled:
            return self._encode
        return self._make_incremental()

    def _incremental_source(self, ns: dict[str, Any]) -> str:
        """The incremental encoder's source, from the same op lines as :attr:`source` (their
        constants go into ``ns``)."""
        body: list[str] = []
        slots = 0  # entries of a seat's memory: the fields read, then the block written
        for k, f, at, n, op in self.ops:
            lines = _lines(op, ns, f"_f{k}")
            if not f.cached:
                body += lines
                continue
            keys = f.inputs()
            names = [f"x{j}" for j in range(len(keys))]
            tests, keep = [], []
            for key, x in zip(keys, names, strict=True):
                body += _read(_path(key), x)
                tests.append(
                    f"{x} != c[{slots}] or {x} is c[{slots}] "
                    f"and ({x}.__class__ is list or {x}.__class__ is dict)"
                )
                keep.append(f"c[{slots}] = {x}")
                slots += 1
            body.append("if " + " or ".join(tests) + ":")
            # The memory is updated once the block is written (an error leaves it as it was).
            body += [f"    {line}" for line in (*lines, *keep)]
            body += [
                f"    c[{slots}] = o[{at}:{at + n}]",
                "else:",
                f"    o[{at}:{at + n}] = c[{slots}]",
            ]
            slots += 1
        lines = [
            "def make():",
            f"    C = [[MISSING] * {slots} for _ in range({self.players})]",
            "    def encode(v, seat):",
            "        c = C[seat]",
            "        o = array('f', ZERO)",
            *(f"        {line}" for line in body),
            "        return frombuffer(o, float32)",
            "    return encode",
            "MISSING = object()",
        ]
        return "\n".join(lines) + "\n"

    def layout(self) -> list[tuple[int, int, str]]:
        """(offset, size, description) of each feature, for the documentation."""
        rows, offset = [], 0
        for f, n in zip(self.features, self.sizes, strict=True):
            rows.append((offset, n, f.describe()))
            offset += n
        return rows

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        """Per-float bounds: [0, 1] for one-hots and flags, [0, ∞) for counts, else ℝ."""
        low = np.full(self.size, -np.inf, dtype=np.float32)
        high = np.full(self.size, np.inf, dtype=np.float32)
        at = 0
        for f, n in zip(self.features, self.sizes, strict=True):
            if f.unit:
                low[at : at + n], high[at : at + n] = 0.0, 1.0
            elif isinstance(f, Counts):
                low[at : at + n] = 0.0
            at += n
        return low, high


class HashedView:
    """The generic fallback: every leaf of the view hashed into ``dim`` buckets (feature
    hashing, as in Weinberger et al. 2009). A number at path p adds its value to bucket h(p);
    a text or boolean adds 1 to h(p=value); list items count both at their position
    (h(p[i]…)) and as a bag (h(p[*]…)); the observing seat is one more token. Deterministic
    (CRC-32, not Python's salted hash); collisions merge features."""

    def __init__(self, players: int, dim: int = 2048) -> None:
        self.players = players
        self.size = dim
        self._cache: dict[str, int] = {}

    def _bucket(self, token: str) -> int:
        b = self._cache.get(token)
        if b is None:
            if len(self._cache) > 200_000:
                self._cache.clear()
            b = self._cache[token] = zlib.crc32(token.encode()) % self.size
        return b

    def encode(self, view: View, seat: int) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        out[self._bucket(f"@observer={seat}")] += 1.0
        self._walk(view, "", seat, out)
        return out

    def _walk(self, value: Any, path: str, seat: int, out: np.ndarray) -> None:
        if isinstance(value, dict):
            for k in value:
                self._walk(value[k], f"{path}.{k}", seat, out)
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict | list):
                    self._walk(item, f"{path}[{i}]", seat, out)
                else:
                    self._leaf(item, f"{path}[{i}]", out)
                    self._leaf(item, f"{path}[*]", out)
        else:
            self._leaf(value, path, out)

    def _leaf(self, value: Any, path: str, out: np.ndarray) -> None:
        if value is None:
            return
        if isinstance(value, bool | str):
            out[self._bucket(f"{path}={value}")] += 1.0
        elif isinstance(value, int | float):
            out[self._bucket(path)] += float(value)

    def layout(self) -> list[tuple[int, int, str]]:
        return [(0, self.size, f"hashed view leaves ({self.size} buckets)")]

    def bounds(self) -> tuple[np.ndarray, np.ndarray]:
        inf = np.full(self.size, np.inf, dtype=np.float32)
        return -inf, inf
