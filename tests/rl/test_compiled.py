"""The C hot loop of the learning environments (``rl/_fast.c``) against the Python it replaces:
the same floats for any view, however odd its values, the same slots for any legal list, the
same masks, the same errors; and a whole environment run both ways, step by step."""

from __future__ import annotations

import importlib
import random
import shutil
from array import array
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque import games, rl
from ludotheque.rl import actions as A
from ludotheque.rl import encoding as E
from tests.rl import reference

env_module = importlib.import_module("ludotheque.rl.env")  # rl.env is the function

needs_c = pytest.mark.skipif(not E.COMPILED, reason="rl/_fast is not built (no C compiler)")


def test_the_c_module_is_built_wherever_a_c_compiler_is_installed() -> None:
    """setup.py builds rl/_fast as optional: a compile error would silently leave the slow
    path in use. Where a compiler exists (CI, every developer's machine), it must be there."""
    if shutil.which("cc") is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler on this machine: the pure-Python path is the one in use")
    assert E.COMPILED, "rl/_fast did not build: pip install -e . shows the compiler's error"
    for name in games.names():
        assert rl.env(name).encoder.compiled, f"{name}: every feature should run in C"


# Values a view may hold, and some it should not: the encoders must agree on all of them.
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from([0.0, -0.0, 2.5, float("nan"), 1e300, 7.0]),
    st.sampled_from(["A", "K", "9", "r", "b", "a1", "h8", "A K 9", " A  K ", "", "Zr", "Q"]),
)
VALUES = st.recursive(
    LEAVES,
    lambda inner: st.one_of(
        st.lists(inner, max_size=5),
        st.dictionaries(
            st.sampled_from(["combination", "x", "a1", "e4", "key"]), inner, max_size=3
        ),
    ),
    max_leaves=12,
)
KEYS = ("n", "s", "l", "d", "t", "w")
VIEWS = st.fixed_dictionaries({}, optional={k: VALUES for k in KEYS})

TOKENS = ("A", "K", "9", "r", "b")
SQUARES = ("a1", "e4", "h8")


def _custom(view: dict[str, Any], seat: int) -> dict[int, float]:
    x = view.get("n")
    return {0: float(seat), 1: 2.5} if x else {}


def _dense(view: dict[str, Any], seat: int) -> array:
    return array("f", [float(seat), 0.5, 0.0])


FEATURES: list[E.Feature] = [
    E.Num("n", 4.0),
    E.Num("d.x"),
    E.Flag("l"),
    E.OneHot("s", ("A", "K", 1, None, True)),
    E.OneHot("l.@seat", ("r", "b")),
    E.PerSeat("l", 10.0),
    E.PerSeat("w", 2.0, by="n", count=2),
    E.SeatIndex("n"),
    E.SeatSet("l"),
    E.Counts("l", TOKENS),
    E.Counts("s", TOKENS, split=True),
    E.Slots("l", TOKENS, 3),
    E.Slots("s", TOKENS, 3, split=True, order=TOKENS.index),
    E.Slots("t", (1, 2, 3), 2, order=lambda y: -y if isinstance(y, int) else 0),
    E.Nums("l", 4, 5.0),
    E.Bits("w", 3, 5),
    E.Bits("w", 2, 70),  # masks wider than a machine word
    E.SeatCounts("w", TOKENS),
    E.SeatCounts("w", TOKENS, split=True),
    E.SeatCounts("t", TOKENS, by="n", count=2),
    E.SeatOneHot("w", ("A", 1, None)),
    E.SeatOneHot("d", ("A", 2), field="combination"),
    E.Len("l", 4.0),
    E.Members("l", ("A", "K", 3, None)),
    E.Members("w", SQUARES, part=1),
    E.Pairs("d", SQUARES, ("A", "K", 2)),
    E.Custom("n", 2, _custom, reads=("n",)),
    E.Custom("s", 3, _dense, dense=True),
]


def _outcome(fn: Any, *args: Any) -> Any:
    """The floats, or the kind of error."""
    try:
        return fn(*args).tolist()
    except (TypeError, ValueError, KeyError, IndexError, OverflowError) as error:
        return type(error).__name__


@needs_c
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(view=VIEWS, seat=st.integers(0, 2))
def test_the_c_encoder_writes_the_python_encoders_floats_for_any_view(
    view: dict[str, Any], seat: int
) -> None:
    for feature in FEATURES:  # one at a time: an error names its feature
        compiled = E.Encoder([feature], 3)
        python = E.Encoder([feature], 3, compiled=False)
        assert compiled.compiled and not python.compiled
        got = _outcome(compiled.encode, view, seat)
        want = _outcome(python.encode, view, seat)
        assert repr(got) == repr(want), feature  # repr: NaN equals NaN
        if isinstance(want, str):
            continue
        try:  # the reference is written for the views engines make, not for any value
            with np.errstate(over="ignore"):
                expected = reference.encode([feature], 3, view, seat).tolist()
        except TypeError:
            continue
        assert repr(got) == repr(expected), feature


@needs_c
def test_the_c_encoder_refuses_what_the_python_encoder_refuses() -> None:
    def outside(view: dict[str, Any], seat: int) -> dict[int, float]:
        return {5: 1.0}

    def wrong(view: dict[str, Any], seat: int) -> list[float]:
        return [1.0]

    for compiled in (True, False):
        with pytest.raises(ValueError, match="index 5 outside its 2 floats"):
            E.Encoder([E.Custom("c", 2, outside)], 2, compiled=compiled).encode({}, 0)
        with pytest.raises(ValueError, match="not an array of 3 floats"):
            E.Encoder([E.Custom("c", 3, wrong, dense=True)], 2, compiled=compiled).encode({}, 0)
    with pytest.raises(TypeError, match="a view is a dict"):
        E.Encoder([E.Num("n")], 2).encode([1], 0)  # type: ignore[arg-type]


# Legal lists with odd actions: missing fields, unknown values, unhashable ones, no type.
ACTIONS = st.one_of(
    st.fixed_dictionaries(
        {"type": st.sampled_from(["stop", "pick", "move", "throw", "nth", "none"])},
        optional={
            "what": st.one_of(st.sampled_from(["A", "K", "Z"]), st.lists(st.just("A"), max_size=1)),
            "from": st.sampled_from([*SQUARES, "z9", None]),
            "to": st.one_of(st.sampled_from(SQUARES), st.lists(st.just("a1"), max_size=1)),
            "reroll": st.sampled_from([None, "A", "A K"]),
        },
    ),
    st.just({"what": "A"}),
)


def _throws(view: dict[str, Any], actions: Any) -> list[int | None]:
    return [len(str(a.get("reroll"))) % 4 for a in actions]


CODEC = A.Families(
    [
        A.Single("stop"),
        A.Choice("pick", "what", ("A", "K")),
        A.Squares("move", ("from", "to")),
        A.Custom(
            "throw",
            4,
            lambda v, a, k, n: len(str(a.get("reroll"))) % 4,
            batch=_throws,
            shortcut=("reroll", {None: 0}),
        ),
        A.Ordinal("nth", 3),
    ]
)


@needs_c
@settings(max_examples=400, deadline=None)
@given(legal=st.lists(ACTIONS, max_size=8))
def test_the_c_slots_are_the_python_slots_for_any_legal_list(legal: list[dict[str, Any]]) -> None:
    def outcome(fn: Any) -> Any:
        try:
            return fn({}, legal)
        except KeyError as error:  # an action without a type
            return repr(error)

    assert outcome(CODEC.slots) == outcome(CODEC._python_slots)
    try:  # the reference is written for the actions engines list, not for any value
        expected = reference.slots(CODEC, {}, legal)
    except (KeyError, TypeError):
        return
    # As the env keeps them: a repeated slot is no slot.
    assert _first(CODEC.slots({}, legal)) == _first(expected)


def _first(slots: list[int | None]) -> list[int | None]:
    seen: set[int] = set()
    out: list[int | None] = []
    for slot in slots:
        out.append(None if slot in seen else slot)
        if slot is not None:
            seen.add(slot)
    return out


@needs_c
@given(slots=st.lists(st.one_of(st.none(), st.integers(0, 9)), max_size=12))
def test_the_c_mask_is_the_python_mask(slots: list[int | None]) -> None:
    mask, clashes = env_module._mask(slots, 10)
    python_mask, python_clashes = env_module._python_mask(slots, 10)
    assert mask.dtype == python_mask.dtype == np.int8
    assert mask.tolist() == python_mask.tolist() and clashes == python_clashes
    with pytest.raises(IndexError, match="slot 10 outside the 10 slots"):
        env_module._mask([10], 10)


@needs_c
@pytest.mark.parametrize("name", ["pokerdas", "alice", "belote", "casinoroyal", "bataille"])
def test_an_environment_without_the_c_module_plays_the_same_episode(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The fallback of a machine without a compiler: the same observations, masks, rewards."""

    def episode() -> list[tuple[list[float], list[int], float]]:
        env = rl.env(name)
        env.reset(seed=8)
        rng = random.Random(8)
        out = []
        for _ in env.agent_iter(max_iter=300):
            obs, reward, terminated, truncated, _ = env.last()
            out.append((obs["observation"].tolist(), obs["action_mask"].tolist(), reward))
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        return out

    compiled = episode()
    monkeypatch.setattr(E, "COMPILED", False)
    monkeypatch.setattr(A, "_fast", None)
    monkeypatch.setattr(env_module, "_mask", env_module._python_mask)
    assert not rl.env(name).encoder.compiled
    assert episode() == compiled
