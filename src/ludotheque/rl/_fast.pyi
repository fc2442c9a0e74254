"""Types of the C encoder (``rl/_fast.c``, built by setup.py): mypy cannot read a compiled
module, so its three functions and its constant are declared here, as its docstrings say."""

from collections.abc import Iterable, Mapping, Sequence
from types import EllipsisType
from typing import Any

import numpy as np
import numpy.typing as npt

OPS: int  # how many kinds of op encode runs (the OP_* enum: 0 … OPS − 1)

def encode(
    program: tuple[tuple[Any, ...], ...], size: int, view: Mapping[str, Any], seat: int
) -> npt.NDArray[np.float32]:
    """The observation of the compiled features."""

def slots(
    legal: Sequence[Mapping[str, Any]], tables: Mapping[str, tuple[Any, ...]]
) -> tuple[list[int | EllipsisType | None], int]:
    """Each action's slot by its table (Ellipsis: not decided here), and how many are not."""

def mask(slots: Iterable[int | None], size: int) -> tuple[npt.NDArray[np.int8], int]:
    """``size`` zeros with a one at each slot, and how many slots were None or repeated."""
