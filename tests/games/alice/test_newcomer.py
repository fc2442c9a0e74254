"""What a newcomer who learned Alice from the browser alone found (the browser's own tests are
in tests/web/test_newcomer_alice_bataille.py)."""

from __future__ import annotations

import re

import pytest

from ludotheque import bots as botlib
from ludotheque import games
from ludotheque.games.alice import GAME
from ludotheque.games.alice.bots import Mcts
from ludotheque.games.alice.terminal import RULES, RULES_EN
from ludotheque.games.docs import rules_page


def _bots_listed(page: str) -> list[str]:
    """The bullets of the « Bots » section of a rules page, without the default's mark."""
    section = page.split("## Bots", 1)[1].split("\n## ", 1)[0]
    return [re.sub(r" \(.*\)$", "", line[2:]) for line in section.splitlines() if line[:2] == "- "]


@pytest.mark.parametrize("lang", ["fr", "en"])
@pytest.mark.parametrize("name", games.names())
def test_the_rules_page_names_each_bot_once(name: str, lang: str) -> None:
    """Found by a newcomer learning from the browser: Alice's rules page (/rules/alice) listed
    « Bot moyen » twice — « mcts », the old name of « mcts:moyen », is declared as a bot of
    its own."""
    listed = _bots_listed(rules_page(games.get(name), lang))
    assert len(listed) == len(set(listed)), listed


def test_the_medium_level_is_offered_by_its_own_name_the_old_one_still_plays() -> None:
    """Found by a newcomer learning from the browser: « Bot moyen » twice on Alice's rules page.
    The old name « mcts » comes after the levels, so that a list that names a bot once (the
    lobby's) offers « mcts:moyen », and the levels read weak, medium, strong; the old name still
    makes the same bot (tables and records made with it) and keeps its words."""
    from ludotheque.server.app import _game_dict

    assert list(GAME.bots) == ["glouton", "mcts:facile", "mcts:moyen", "mcts:fort", "mcts"]
    shown = _game_dict(GAME)
    assert shown["bots"] == ["glouton", "mcts:facile", "mcts:moyen", "mcts:fort", "random"]
    assert shown["bot_words"]["mcts"]["fr"] == "Bot moyen"
    old, new = botlib.make("alice", "mcts", 1), botlib.make("alice", "mcts:moyen", 1)
    assert isinstance(old, Mcts) and isinstance(new, Mcts)
    assert (old.playouts, old.budget_ms, old.name) == (new.playouts, new.budget_ms, new.name)


def test_the_rules_summary_says_what_a_player_does_once_the_pile_is_empty() -> None:
    """Found by a newcomer learning from the browser: with the pile empty the table still said
    « Tirez une carte ». The rules summary (the rules page, « regles ») says what is left then:
    no more drawing; moving, capturing, exchanging at level B; passing when nothing is possible
    (R4, R25)."""
    end = RULES.rsplit("•", 1)[1]
    assert "plus de tirage" in end and "passe" in end, end
    end_en = RULES_EN.rsplit("•", 1)[1]
    assert "no more drawing" in end_en and "pass" in end_en, end_en
