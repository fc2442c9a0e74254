"""Issue 16: what anyone may send is bounded and checked by the engine itself, for every game —
options (findings 1, 2, 4) and actions (finding 3: unknown keys are refused, not ignored;
finding 9: a malformed field is an InvalidAction, never a Python error)."""

from __future__ import annotations

import dataclasses
import random
import typing

import pytest

from ludotheque import games
from ludotheque.engine.errors import InvalidAction, OptionsError
from ludotheque.engine.options import INT_RANGE, MAX_ITEM, MAX_ITEMS, MAX_TEXT, shown

NAMES = games.names()


def _fields_of(name: str, kind: typing.Any) -> list[str]:
    game = games.get(name)
    hints = typing.get_type_hints(game.options_type)
    out = []
    for f in dataclasses.fields(game.options_type):
        parts = typing.get_args(hints[f.name]) or (hints[f.name],)
        if any(p is kind or typing.get_origin(p) is kind for p in parts):
            out.append(f.name)
    return out


@pytest.mark.parametrize("name", NAMES)
def test_every_integer_option_refuses_huge_integers_naming_itself(name: str) -> None:
    game = games.get(name)
    for option in _fields_of(name, int):
        for value in (INT_RANGE[1] + 1, 10**400, -(10**30)):
            with pytest.raises(OptionsError) as err:
                game.options_type.from_dict({option: value})
            # named as the table form shows it (issue 17), its key kept for the command line
            assert err.value.fr.startswith(game.options_type.named(option))
            assert err.value.en.startswith(game.options_type.named(option, "en"))
            assert err.value.option == option  # type: ignore[attr-defined]
            assert len(err.value.fr) < 300  # an enormous integer is never written out


@pytest.mark.parametrize("name", NAMES)
def test_every_text_option_is_length_capped_and_utf8(name: str) -> None:
    game = games.get(name)
    for option in _fields_of(name, str):
        with pytest.raises(OptionsError) as err:
            game.options_type.from_dict({option: "A" * (MAX_TEXT + 1)})
        assert len(err.value.fr) < 300
        with pytest.raises(OptionsError):
            game.options_type.from_dict({option: "MER\ud800"})
    for option in _fields_of(name, tuple):
        for value in (["Paris"] * (MAX_ITEMS + 1), ["P" * (MAX_ITEM + 1)], ["Lyon\udc00"]):
            with pytest.raises(OptionsError):
                game.options_type.from_dict({option: value, "proper_nouns": True})


def test_F1_alice_time_limit_has_an_upper_bound() -> None:
    alice = games.get("alice")
    with pytest.raises(OptionsError, match="Durée de la partie"):
        alice.options_type.from_dict({"time_limit_s": 10**4000})
    assert alice.options_type.from_dict({"time_limit_s": 3600}).time_limit_s == 3600


def test_F4_alphapoker_theme_and_proper_nouns_are_bounded() -> None:
    ap = games.get("alphapoker")
    with pytest.raises(OptionsError, match="Thème"):
        ap.options_type.from_dict({"theme": "x" * 20_000_000})
    with pytest.raises(OptionsError, match="Liste de noms propres"):
        ap.options_type.from_dict({"proper_nouns": True, "proper_noun_list": ["Paris"] * 2_000_000})
    ok = ap.options_type.from_dict({"proper_nouns": True, "proper_noun_list": ["Paris", "Lyon"]})
    assert ok.proper_noun_list == ("Paris", "Lyon")


def test_messages_never_quote_a_value_whole() -> None:
    assert len(shown("x" * 10_000)) <= 61
    assert "enormous" in shown([10**5000]) or len(shown([10**5000])) <= 61
    assert "\\ud800" in shown("\ud800")  # escaped: the message can be written as UTF-8


def _playout(name: str, seed: int, steps: int = 60) -> typing.Iterator[tuple[typing.Any, int]]:
    game = games.get(name)
    state = game.new(game.default_players(), None, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over() or not state.to_move():
            return
        seat = rng.choice(sorted(state.to_move()))
        legal = state.legal_actions(seat)
        if not legal:
            return
        yield state, seat
        state.apply(seat, rng.choice(legal))


@pytest.mark.parametrize("name", NAMES)
def test_F3_every_legal_action_has_only_declared_fields_and_others_are_refused(name: str) -> None:
    declared = games.get(name).state_type.action_fields
    assert declared, f"{name} declares no action fields"
    refused = 0
    for state, seat in _playout(name, seed=7):
        for action in state.legal_actions(seat) + state.offered_actions(seat):
            assert set(action) - {"type"} <= declared[action["type"]], (name, action)
        action = dict(state.legal_actions(seat)[0])
        before = state.view(None), state.view(seat), len(state.actions)
        for extra in ({"zz": 1}, {"note": "\ud800"}, {"x": float("nan")}):
            with pytest.raises(InvalidAction) as err:
                state.apply(seat, {**action, **extra})
            assert "champ inconnu" in err.value.fr and "unknown field" in err.value.en
            refused += 1
        assert (state.view(None), state.view(seat), len(state.actions)) == before
    assert refused > 0


def test_F9_alkamo_malformed_tile_is_an_invalid_action_not_a_type_error() -> None:
    alkamo = games.get("alkamo")
    for state, seat in _playout("alkamo", seed=3, steps=200):
        kinds = {a["type"] for a in state.legal_actions(seat)}
        if "achat" in kinds:
            other = next(s for s in range(state.players) if s != seat)
            for bad in ({}, [], 3.5, None):
                for action in (
                    {"type": "achat", "vendeur": other, "lettre": bad},
                    {"type": "echange", "avec": other, "lettre": "A", "donne": bad},
                ):
                    with pytest.raises(InvalidAction):
                        state.apply(seat, action)
            return
    pytest.fail(f"no purchase was ever possible in {alkamo.name}'s playout")


JUNK: list[typing.Any] = [
    {},
    [],
    [{}],
    [[1]],
    {"a": {}},
    None,
    True,
    -1,
    10**30,
    1e308,
    "",
    "x" * 300,
]


@pytest.mark.parametrize("name", NAMES)
def test_F9_every_malformed_field_is_refused_by_the_engine_with_its_reason(name: str) -> None:
    """Every declared field of every action type, given junk, at a few moments of a game: the
    engine refuses with a LudoError (a reason a player reads), never a Python error."""
    from ludotheque.engine.errors import LudoError

    declared = games.get(name).state_type.action_fields
    seen = 0
    for i, (state, seat) in enumerate(_playout(name, seed=11, steps=40)):
        if i % 8:
            continue
        trial = state.clone()  # a refusal leaves it unchanged: one copy serves until one passes
        for kind, names in declared.items():
            for field in sorted(names):
                for junk in JUNK:
                    try:
                        trial.apply(seat, {"type": kind, field: junk})
                        trial = state.clone()
                    except LudoError:
                        pass
                    seen += 1
    assert seen > 0
