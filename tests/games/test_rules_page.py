"""The browser's rules page of every game in both languages (issue 17, « Rules at the table »):
the English page comes from the game's own declarations (``RULES_EN`` beside ``RULES``, the
words of its options, variants and bots), and neither page names an option by its key."""

from __future__ import annotations

import dataclasses
import re

import pytest

from ludotheque import games
from ludotheque.games.docs import rules_page

NAMES = games.names()


@pytest.mark.parametrize("name", NAMES)
def test_issue17_rules_page_in_english_from_the_game_declarations(name: str) -> None:
    g = games.get(name)
    text = rules_page(g, "en")
    assert text.startswith(f"# {g.title}\n")
    assert "## The rules in brief" in text and "## Table options" in text
    assert "Règles en bref" not in text and "Options de table" not in text
    assert g.words.description_en in text
    assert " in brief**" in text  # the summary's English title, not the description fallback
    # No French words of the form's table: « oui », « aucun », « défaut ».
    assert not re.search(r"(?<![-\w])(oui|non|aucun|défaut|Joueurs)(?![-\w])", text), text


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("lang", ["fr", "en"])
def test_issue17_rules_page_names_options_by_their_words_not_their_keys(
    name: str, lang: str
) -> None:
    g = games.get(name)
    text = rules_page(g, lang)
    for f in dataclasses.fields(g.options_type):
        words = g.options_type.words.get(f.name)
        if "_" in f.name:  # a key nobody would write in a sentence: never on the page
            assert f.name not in text, f"{f.name} on the {lang} page"
        if words:
            assert (words.label.en if lang == "en" else words.label.fr) in text
    assert "`" not in text  # no code: keys, raw values
    assert not re.search(r"\(R\d+", text)  # no rule numbers


def test_issue17_pokerdas_rules_in_english_name_the_hands_in_english() -> None:
    text = rules_page(games.get("pokerdas"), "en")
    assert "Full house" in text and "Straight" in text and "Séquence" not in text


@pytest.mark.parametrize(("lang", "big"), [("fr", "10\u202f000"), ("en", "10,000")])
def test_rules_page_groups_the_digits_of_large_numbers(lang: str, big: str) -> None:
    """Found play-testing in the browser: the Poker d'As's rules page said « 1 à 10000 » (the
    Belote's goal « 1000 »), where a reader expects « 10 000 » (« 10,000 » in English)."""
    text = rules_page(games.get("pokerdas"), lang)
    assert big in text and not re.search(r"\d{4}", text), re.findall(r".*\d{4}.*", text)
    belote = rules_page(games.get("belote"), lang)
    assert ("1\u202f000" if lang == "fr" else "1,000") in belote


def test_every_option_of_every_game_says_what_it_does() -> None:
    """Found by an English-speaking tester: the Poker d'As's « Starting tokens » had no
    description (an empty cell on the rules page, nothing under the lobby's field)."""
    from ludotheque import games
    from ludotheque.server.app import _game_dict

    for name in games.names():
        for o in _game_dict(games.get(name))["options"]:
            said = o.get("help") or {}
            assert said.get("fr") and said.get("en"), (name, o["name"])


def test_options_in_english_use_english_words_and_quotes() -> None:
    """Found by an English-speaking tester: Casino Royal's lobby said « “Rien ne va plus”
    from card (A) » with French words and quotes, where its table says “No more bets!”."""
    from ludotheque import games
    from ludotheque.server.app import _game_dict

    for name in games.names():
        for o in _game_dict(games.get(name))["options"]:
            for part in ("label", "help"):
                english = (o.get(part) or {}).get("en") or ""
                assert "«" not in english and "Rien ne va plus" not in english, (name, english)
