"""One declaration per feature (issue 20, item 4): a feature is its op, a tuple that the C
encoder runs and from which the Python backend (``encoding.PYTHON``, one generator per op kind)
writes both the plain and the incremental encoder. The three agree, bit for bit, on the views
of real games; a kind of op without its Python generator is refused when the encoder is made."""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludotheque import rl
from ludotheque.rl import encoding as E
from tests.rl.test_env import CONFIGS, SLOW


@cache
def encoders(index: int) -> tuple[E.Encoder, E.Encoder | None]:
    """The Python and (where the C module is built) the compiled encoder of a configuration."""
    name, kw = CONFIGS[index]
    declared = rl.env(name, **kw).encoder
    assert isinstance(declared, E.Encoder), f"{name} declares its features"
    python = E.Encoder(declared.features, declared.players, compiled=False)
    compiled = E.Encoder(declared.features, declared.players) if E.COMPILED else None
    assert not python.compiled and (compiled is None or compiled.compiled)
    return python, compiled


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(0, len(CONFIGS) - 1),
    seed=st.integers(0, 2**16),
    steps=st.integers(1, 40),
)
def test_issue20_python_from_ops_incremental_and_c_agree_on_views_of_real_games(
    index: int, seed: int, steps: int
) -> None:
    """Random steps of a real game; at each, every seat's view encoded by the plain Python
    encoder, by an incremental one fed the whole sequence (its memory at work), and in C: the
    same bytes (NaN, -0.0 included)."""
    name, kw = CONFIGS[index]
    python, compiled = encoders(index)
    incremental = python.incremental()
    env = rl.env(name, **kw)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for _ in range(min(steps, 6) if name in SLOW else steps):
        for seat in range(python.players):
            view = env.state.view(seat)
            want = python.encode(view, seat).tobytes()
            assert incremental(view, seat).tobytes() == want, f"{name}: incremental, seat {seat}"
            if compiled is not None:
                assert compiled.encode(view, seat).tobytes() == want, f"{name}: C, seat {seat}"
        obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            break
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_issue20_every_kind_of_feature_is_an_op_with_its_python_generator() -> None:
    """No feature kind is Python-only: each one's block is an op that both backends run."""
    kinds = [k for k in vars(E).values() if isinstance(k, type) and issubclass(k, E.Feature)]
    assert len(kinds) > 15
    for kind in kinds:
        if kind is E.Feature:
            continue
        op = kind("k").op(0, 3)
        assert op[0] in E.PYTHON, kind.__name__
    assert sorted(E.PYTHON) == list(range(len(E.PYTHON)))  # the OP_* enum, no gap


@pytest.mark.skipif(not E.COMPILED, reason="rl/_fast is not built (no C compiler)")
def test_issue20_the_c_switch_and_the_python_generators_have_the_same_op_kinds() -> None:
    assert E._fast is not None
    assert sorted(E.PYTHON) == list(range(E._fast.OPS))


NOVEL = max(E.PYTHON) + 1  # the next kind of op


@dataclass(frozen=True)
class Novel(E.Feature):
    """A kind of block declared with an op kind nobody generates."""

    def size(self, players: int) -> int:
        return 1

    def op(self, at: int, players: int) -> E.Op:
        return (NOVEL, E._path(self.key), at)


@pytest.mark.parametrize("compiled", [None, True, False])
def test_issue20_an_op_kind_without_a_python_generator_is_refused_when_the_encoder_is_made(
    compiled: bool | None,
) -> None:
    with pytest.raises(
        ValueError,
        match=rf"feature 1 \(Novel novel\): op kind {NOVEL} has no Python generator",
    ):
        E.Encoder([E.Num("n"), Novel("novel")], 2, compiled=compiled)


def test_issue20_an_op_kind_the_built_c_module_does_not_run_yet_stays_in_python(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A new kind with its Python generator, before the C module is rebuilt with its case."""
    monkeypatch.setitem(E.PYTHON, NOVEL, E.PYTHON[E.OP_FLAG])  # a flag, as a new kind
    encoder = E.Encoder([E.Num("n"), Novel("novel")], 2)
    assert not encoder.compiled
    assert encoder.encode({"n": 2, "novel": [1]}, 0).tolist() == [2.0, 1.0]
