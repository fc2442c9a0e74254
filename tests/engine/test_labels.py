"""Names people read (issue 17): every option, named value, bot, variant and event type of
every game has a French and an English label, declared by the game (engine/labels.py), and
option errors name the option as the table form shows it."""

from __future__ import annotations

import random
import re
import typing

import pytest

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.engine.errors import OptionsError
from ludotheque.engine.protocol import LITERAL_VARIANT

NAMES = games.names()
# A placeholder of an event sentence: {field}, {_field} (the seats it names), {n:one|many}.
PLACEHOLDER = re.compile(r"\{(_?\w+)(?::[^{}|]*\|[^{}]*)?\}")


def _filled(words: typing.Any) -> bool:
    return bool(words.fr.strip()) and bool(words.en.strip())


@pytest.mark.parametrize("name", NAMES)
def test_every_option_and_named_value_has_words(name: str) -> None:
    g = games.get(name)
    hints = typing.get_type_hints(g.options_type)
    assert g.description_fr and g.words.description_en
    for key in g.options_type.names():
        words = g.options_type.words.get(key)
        assert words is not None and _filled(words.label), f"{name}.{key}: no label"
        assert words.label.fr != key and words.label.en != key
        assert words.help is None or _filled(words.help)
        for part in typing.get_args(hints[key]) or (hints[key],):
            if typing.get_origin(part) is typing.Literal:
                for value in typing.get_args(part):
                    assert str(value) in words.values, f"{name}.{key}={value}: no words"
                    assert _filled(words.values[str(value)])
            elif part is typing.Literal:  # pragma: no cover - a bare Literal
                pass
        if typing.get_origin(hints[key]) is typing.Literal:
            for value in typing.get_args(hints[key]):
                assert str(value) in words.values, f"{name}.{key}={value}: no words"


@pytest.mark.parametrize("name", NAMES)
def test_every_bot_and_variant_has_words(name: str) -> None:
    g = games.get(name)
    for bot in botlib.available(name):
        assert bot in g.words.bots and _filled(g.words.bots[bot]), f"{name}: bot {bot}"
        assert ":" not in g.words.bots[bot].fr and bot != g.words.bots[bot].fr
    for variant in g.variants:
        assert variant == LITERAL_VARIANT or variant in g.words.variants, f"{name}: {variant}"


def _events_of_random_games(name: str) -> dict[str, dict[str, typing.Any]]:
    g = games.get(name)
    seen: dict[str, dict[str, typing.Any]] = {}
    for players in sorted({g.min_players, min(g.max_players, g.min_players + 1)}):
        state = g.new(players, {}, seed=players)
        for ev in getattr(state, "opening_events", []):
            seen.setdefault(ev["type"], ev)
        rng = random.Random(players)
        for _ in range(400):
            movers = sorted(state.to_move())
            if state.is_over() or not movers:
                break
            seat = rng.choice(movers)
            legal = state.legal_actions(seat)
            for ev in state.apply(seat, rng.choice(legal)):
                seen.setdefault(ev["type"], ev)
    return seen


@pytest.mark.parametrize("name", NAMES)
def test_every_event_type_has_a_sentence_whose_fields_exist(name: str) -> None:
    """Alkamo's log showed « mise_de_cote (nombre: 1) »: an event with no words. Every event
    type a game emits has a sentence, and the fields it names are the event's."""
    g = games.get(name)
    for kind, words in g.words.events.items():
        assert _filled(words), f"{name}.{kind}"
    for kind, ev in _events_of_random_games(name).items():
        assert kind in g.words.events, f"{name}: event « {kind} » has no sentence"
        for text in (g.words.events[kind].fr, g.words.events[kind].en):
            for field in PLACEHOLDER.findall(text):
                key = field.removeprefix("_")
                assert (key == "who" and "seat" in ev) or key in ev, f"{name}.{kind}: {{{field}}}"


def test_option_errors_name_the_option_as_the_form_shows_it() -> None:
    """« hand_size doit valoir de 5 à 9 » named a key the form never shows."""
    with pytest.raises(OptionsError) as err:
        games.get("alphapoker").new(2, {"hand_size": 4})
    assert err.value.fr.startswith("« Cartes par main »") and "hand_size" not in err.value.fr
    assert err.value.en.startswith("“Cards per hand”") and err.value.option == "hand_size"
    for name in NAMES:  # the generic bounds too
        g = games.get(name)
        for key, default in g.options_type().to_dict().items():
            if isinstance(default, int) and not isinstance(default, bool):
                with pytest.raises(OptionsError) as err:
                    g.new(g.min_players, {key: 10**7})
                assert err.value.fr.startswith(g.options_type.named(key)), err.value.fr
                assert err.value.en.startswith(g.options_type.named(key, "en")), err.value.en
                assert "_" not in key or key not in err.value.fr + err.value.en
