"""The one-level hunspell expander agrees with spylls (a full hunspell port) on a sample."""

from __future__ import annotations

import random

import pytest

from ludotheque.lexicon.hunspell import load_grammalecte
from ludotheque.lexicon.inflect import candidates
from ludotheque.lexicon.source import HUNSPELL_DIC, resource


@pytest.mark.slow
def test_expander_matches_spylls() -> None:
    spylls = pytest.importorskip("spylls.hunspell")
    path = str(resource(HUNSPELL_DIC))[: -len(".dic")]
    ref = spylls.Dictionary.from_files(path)
    h = load_grammalecte()
    forms = h.forms()
    rng = random.Random(7)
    lower = sorted(f for f in forms if f.isalpha() and f.islower())
    sample = rng.sample(lower, 400)  # real forms: spylls must accept them all
    # plausible non-forms: regular candidates of stems, most of which do not exist
    stems = [s for s, _ in rng.sample(h.stems, 300) if s.isalpha() and s.islower()]
    tries = sorted({c for s in stems for c, _ in candidates(s)})
    assert all(ref.lookup(w) for w in sample)
    disagree = [w for w in tries if (w in forms) != ref.lookup(w)]
    assert disagree == []
