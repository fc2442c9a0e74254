"""Option values typed by a person: a choice in the wrong case is the choice, a value outside
the choices says so (found play-testing: ``--level a`` and ``--game b`` were refused, and
``alice moves --level C`` answered « valeur 'C' du mauvais type »)."""

from __future__ import annotations

import pytest

from ludotheque.engine.errors import OptionsError
from ludotheque.games.alice.options import Options as AliceOptions
from ludotheque.games.casinoroyal.options import Options as CasinoOptions


def test_a_choice_typed_in_the_wrong_case_is_that_choice() -> None:
    assert AliceOptions.parse(["level=a"]).level == "A"
    assert CasinoOptions.parse(["game=b"]).game == "B"


def test_a_value_outside_the_choices_is_named_as_such() -> None:
    with pytest.raises(OptionsError) as refused:
        AliceOptions.from_dict({"level": "C"})
    assert "« C » n'est pas une valeur possible (attendu A ou B)" in refused.value.fr
    assert "mauvais type" not in refused.value.fr
