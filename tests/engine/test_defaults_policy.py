"""The defaults policy (docs/defaults.md): the default table, the rule book to the letter as the
variant « livre », and records that replay with the options they were played with."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludotheque.engine.options import GameOptions
from ludotheque.engine.protocol import LITERAL_VARIANT, Game, Result, State


@dataclass(frozen=True)
class _Options(GameOptions):
    throws: int | None = 3
    all_in: bool = True


class _State(State):
    def to_move(self) -> frozenset[int]:
        return frozenset()

    def _legal(self, seat: int) -> list[dict[str, Any]]:
        return []

    def _check(self, seat: int | None, action: dict[str, Any]) -> None:
        return None

    def _apply(self, seat: int | None, action: dict[str, Any]) -> list[dict[str, Any]]:
        return []

    def view(self, seat: int | None = None) -> dict[str, Any]:
        return {}

    def is_over(self) -> bool:
        return True

    def result(self) -> Result:
        return Result((0, 0), (1, 1), (0, 1), "", "")


GAME = Game(
    "fake",
    "Fake",
    2,
    2,
    _Options,
    _State,
    variants={"court": {"throws": 1}},
    literal={"throws": None, "all_in": False},
    defaults_note=("trois lancers au plus", "three throws at most"),
    record_defaults={"all_in": False},
)


def test_literal_reading_is_the_variant_livre() -> None:
    assert GAME.variant_options(LITERAL_VARIANT) == {"throws": None, "all_in": False}


def test_table_kind_names_default_literal_variant_and_chosen_tables() -> None:
    assert GAME.table_kind(_Options())[0] == "par défaut — trois lancers au plus"
    assert "livre" in GAME.table_kind(_Options(throws=None, all_in=False))[0]
    assert GAME.table_kind(_Options(throws=7))[0] == "options choisies"


def test_a_variant_says_whether_it_sits_on_the_default_table_or_the_rule_book() -> None:
    """Found play-testing: Casino Royal's « B » (table stakes on, off the rule book) said only
    « variante « B » », and B with the rule book to the letter « options choisies »."""
    assert GAME.table_kind(_Options(throws=1)) == (
        "variante « court » sur la table par défaut",
        "variant 'court' on the default table",
    )
    assert GAME.table_kind(_Options(throws=1, all_in=False)) == (
        "variante « court », la règle du livre à la lettre",
        "variant 'court', the rule book to the letter",
    )


def test_a_stored_game_without_a_newer_option_replays_with_its_old_value() -> None:
    assert GAME.options_from_record({"throws": 3}) == _Options(throws=3, all_in=False)
    assert GAME.options_from_record({"throws": 3, "all_in": True}).all_in is True


def test_a_fixed_table_size_is_said_once() -> None:
    """Issue 21: « se joue de 4 à 4 joueurs » → « se joue à 4 joueurs »."""
    import pytest

    from ludotheque import games
    from ludotheque.engine.errors import OptionsError

    with pytest.raises(OptionsError) as refused:
        games.get("belote").new(3)
    assert "se joue à 4 joueurs (demandé : 3)" in refused.value.fr


def test_an_english_table_line_names_the_variant_in_english_too() -> None:
    """Found by the English terminal's helper: « Table: variant 'secrete'. » named Belote's
    variant by its key only; the key stays (it is what --variant takes), its words follow."""
    from ludotheque import games

    belote = games.get("belote")
    options = belote.options_type.parse([], belote.variant_options("secrete"))
    assert belote.table_kind(options) == (
        "variante « secrete »",
        "variant 'secrete' (Secret Belote)",
    )
