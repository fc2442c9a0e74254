"""Straightforward references, written independently of the optimised code: the encoding of
views feature by feature (``ludotheque.rl.encoding`` generates Python source, looks texts up in
memories and keeps each seat's unchanged blocks) and the slots of legal actions one at a time
(``ludotheque.rl.actions`` maps runs of actions by tables and batches). The tests compare both
at every step of random games."""

from __future__ import annotations

from collections import Counter
from types import FunctionType
from typing import Any

import numpy as np

from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E


def read(view: dict[str, Any], key: str, seat: int) -> Any:
    """``view[a][b]…`` for ``key = "a.b…"``; ``@seat`` takes the observer's entry of a list."""
    first, *rest = key.split(".")
    x = view.get(first)
    for part in rest:
        if part == "@seat":
            x = x[seat] if type(x) is list and seat < len(x) else None
        else:
            x = x.get(part) if type(x) is dict else None
    return x


def number(y: Any) -> bool:
    return type(y) is int or type(y) is float


def tokens(x: Any, split: bool) -> Any:
    if split:
        return x.split() if type(x) is str else None
    return x


def encode(features: list[E.Feature], players: int, view: dict[str, Any], seat: int) -> np.ndarray:
    sizes = [f.size(players) for f in features]
    out = np.zeros(sum(sizes), dtype=np.float32)
    at = 0
    for f, n in zip(features, sizes, strict=True):
        block = out[at : at + n]
        at += n
        if isinstance(f, E.Custom):
            fn = f.fn
            if not isinstance(fn, FunctionType):  # an object with a memory: a fresh one
                fn = type(fn)()
            if f.dense:
                values = list(fn(view, seat))
                assert len(values) == n
                block[:] = values
                continue
            for i, y in fn(view, seat).items():
                assert 0 <= i < n
                block[i] = y
            continue
        x = read(view, f.key, seat)
        rotated = type(x) is list and len(x) == players
        me, count = seat, players  # whose entry of a per-seat list comes first, its length
        if isinstance(f, E.PerSeat | E.SeatCounts) and f.count:
            count = f.count
            rotated = type(x) is list and len(x) == count
        if isinstance(f, E.PerSeat | E.SeatCounts) and f.by:
            me = read(view, f.by, seat)
            rotated = rotated and type(me) is int and 0 <= me < count
        if isinstance(f, E.Num):
            if number(x):
                block[0] = x / f.scale
        elif isinstance(f, E.Flag):
            if x:
                block[0] = 1
        elif isinstance(f, E.OneHot):
            index = {v: i for i, v in enumerate(f.values)}
            if type(x) is not list and type(x) is not dict and x in index:
                block[index[x]] = 1
        elif isinstance(f, E.PerSeat):
            for r in range(count if rotated else 0):
                y = x[(me + r) % count]
                if y and (number(y) or y is True):
                    block[r] = y / f.scale
        elif isinstance(f, E.SeatIndex):
            if type(x) is int and 0 <= x < players:
                block[(x - seat) % players] = 1
        elif isinstance(f, E.SeatSet):
            for y in x if type(x) is list else ():
                if type(y) is int and 0 <= y < players:
                    block[(y - seat) % players] = 1
        elif isinstance(f, E.Counts):
            index = {v: i for i, v in enumerate(f.vocab)}
            for y in tokens(x, f.split) or ():
                if y in index:
                    block[index[y]] += 1
        elif isinstance(f, E.Slots):
            index = {v: i for i, v in enumerate(f.vocab)}
            x = tokens(x, f.split)
            if x and f.order is not None:
                x = sorted(x, key=f.order)
            for p, y in enumerate((x or [])[: f.length]):
                if y in index:
                    block[p * len(f.vocab) + index[y]] = 1
        elif isinstance(f, E.Nums):
            for r, y in enumerate(x[: f.length] if type(x) is list else ()):
                if y and number(y):
                    block[r] = y / f.scale
        elif isinstance(f, E.Bits):
            for r, m in enumerate(x[: f.length] if type(x) is list else ()):
                for b in range(f.width):
                    if m >> b & 1:
                        block[r * f.width + b] = 1
        elif isinstance(f, E.SeatCounts):
            index = {v: i for i, v in enumerate(f.vocab)}
            for r in range(count if rotated else 0):
                z = x[(me + r) % count]
                for y in (z.split() if type(z) is str else ()) if f.split else (z or ()):
                    if y in index:
                        block[r * len(f.vocab) + index[y]] += 1
        elif isinstance(f, E.SeatOneHot):
            index = {v: i for i, v in enumerate(f.values)}
            for r in range(players if rotated else 0):
                z = x[(seat + r) % players]
                y = (z.get(f.field) if type(z) is dict else None) if f.field else z
                if type(y) is not list and y in index:
                    block[r * len(f.values) + index[y]] = 1
        elif isinstance(f, E.Len):
            if type(x) is list:
                block[0] = len(x) / f.scale
        elif isinstance(f, E.Members):
            index = {v: i for i, v in enumerate(f.values)}
            for y in x if type(x) is list else ():
                if f.part is not None:
                    ok = type(y) in (list, tuple) and len(y) > f.part
                    y = y[f.part] if ok else None
                if type(y) not in (list, dict) and y in index:
                    block[index[y]] = 1
        elif isinstance(f, E.Pairs):
            keys = {k: i for i, k in enumerate(f.keys)}
            values = {v: i for i, v in enumerate(f.values)}
            for k, y in x.items() if type(x) is dict else ():
                if k in keys and type(y) not in (list, dict) and y in values:
                    block[keys[k] * len(f.values) + values[y]] = 1
        else:
            raise AssertionError(f"no reference for {type(f).__name__}")
    return out


def slots(codec: A.Families, view: dict[str, Any], legal: list[dict[str, Any]]) -> list[Any]:
    """Each legal action's slot by its family's ``index`` alone, one action at a time (the
    codec maps runs of actions in C loops, by tables and batches)."""
    families, offset = {}, 0
    for fam in codec.families:
        families[fam.type] = (offset, fam)
        offset += fam.size()
    totals = Counter(a["type"] for a in legal)
    seen: Counter[str] = Counter()
    out: list[Any] = []
    for action in legal:
        kind = action["type"]
        if kind not in families:
            out.append(None)
            continue
        off, fam = families[kind]
        i = fam.index(view, action, seen[kind], totals[kind])
        seen[kind] += 1
        out.append(None if i is None else off + i)
    return out
