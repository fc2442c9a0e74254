from __future__ import annotations

import pytest

from ludotheque.lexicon import fold
from ludotheque.lexicon.fold import shape, squash


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("chat", "CHAT"),
        ("mangé", "MANGE"),
        ("Œuvre", "OEUVRE"),
        ("cœur", "COEUR"),
        ("ex æquo", "EX AEQUO"),
        ("maïs", "MAIS"),
        ("ÉTÉ", "ETE"),
        ("français", "FRANCAIS"),
        ("aujourd’hui", "AUJOURD'HUI"),
    ],
)
def test_fold(text: str, folded: str) -> None:
    assert fold(text) == folded


@pytest.mark.parametrize(
    ("folded", "kind"),
    [
        ("CHAT", "simple"),
        ("AUJOURD'HUI", "compound"),
        ("A CLOCHE-PIED", "compound"),
        ("ETC.", "other"),
        ("P.M.", "other"),
        ("2CV", "other"),
        ("", "other"),
        ("-CHAT", "other"),
    ],
)
def test_shape(folded: str, kind: str) -> None:
    assert shape(folded) == kind


def test_squash() -> None:
    assert squash("A CLOCHE-PIED") == "ACLOCHEPIED"
    assert squash("AUJOURD'HUI") == "AUJOURDHUI"
