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


def test_the_english_messages_name_the_expected_types_in_english() -> None:
    """Found play-testing: ``err.en`` said « value '9' has the wrong type (expected entier) »
    and « (expected oui/non) »: the English text named the types in French."""
    from ludotheque.games.alphapoker.options import Options as AlphaOptions

    cases = [
        (lambda: AlphaOptions.from_dict({"hand_size": "9"}), "entier", "integer"),
        (lambda: AlphaOptions.from_dict({"timers": "peut-être"}), "oui/non", "yes/no"),
        (lambda: AlphaOptions.parse(["capital=beaucoup"]), "entier ou aucun", "integer or none"),
        (lambda: AlphaOptions.from_dict({"theme": 3}), "texte ou aucun", "text or none"),
        (
            lambda: AlphaOptions.from_dict({"proper_noun_list": 5}),
            "liste de textes",
            "list of texts",
        ),
        (lambda: AliceOptions.from_dict({"level": "C"}), "A ou B", "A or B"),
        (lambda: AliceOptions.parse(["level=C"]), "A ou B", "A or B"),
    ]
    for build, fr, en in cases:
        with pytest.raises(OptionsError) as refused:
            build()
        assert f"(attendu {fr})" in refused.value.fr
        assert f"(expected {en})" in refused.value.en, refused.value.en
        for french in ("entier", "oui/non", "texte", "aucun", " ou "):
            assert french not in refused.value.en
