"""The learning environments as docs/rl.md shows them: a Ludothèque bot playing a seat through
``encode_action``, the refusals of ``encode_action`` and ``decode`` in words, ``max_steps``
checked, and the figures the docs give (found play-testing)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheque import bots as botlib
from ludotheque import games, rl
from ludotheque.engine import IllegalAction, OptionsError

DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"
# Short tables: a whole game in a few seconds at most.
SHORT: dict[str, dict[str, Any]] = {
    "alphapoker": {"hands_per_game": 1},
    "pokerdas": {"max_rounds": 2},
    "belote": {"belote_target": 100},
    "casinoroyal": {"rounds": 1},
    "alkamo": {"judge": "liste"},
}
# The MCTS levels are one bot with more playouts each: its cheapest level stands for them.
CHEAPER = {"mcts:fort": "mcts:facile", "mcts:moyen": "mcts:facile", "mcts": "mcts:facile"}


def lineups() -> list[tuple[str, str]]:
    out = []
    for name in games.names():
        g = games.get(name)
        default = g.default_bot(g.options_type.from_dict(SHORT.get(name, {})))
        chosen = {CHEAPER.get(default, default), "random"}
        out += [(name, bot) for bot in sorted(chosen)]
    return out


@pytest.mark.parametrize(("name", "bot"), lineups(), ids=[f"{n}-{b}" for n, b in lineups()])
def test_every_games_default_bot_and_random_play_a_whole_game_through_encode_action(
    name: str, bot: str
) -> None:
    """Found play-testing: docs/rl.md's way to let a Ludothèque bot play a seat,
    ``env.step(env.encode_action(bot.act(view, legal)))``, failed for Alkamo at fort's second
    decision (a purchase with its price, which ``apply`` accepts but the legal list gives in
    two steps). Every game's default bot and « random » now play whole games that way."""
    env = rl.env(name, **SHORT.get(name, {}))
    env.reset(seed=2)
    agents = [botlib.make(name, bot, seed=i) for i in range(len(env.possible_agents))]
    chosen = bots_play(env, lambda seat, view, legal: agents[seat].act(view, legal))
    assert env.state.is_over() and chosen


def bots_play(env: rl.LudoEnv, choose: Any) -> list[dict[str, Any]]:
    """docs/rl.md's recipe to the episode's end: each live seat plays ``choose(seat, view,
    legal)`` through ``encode_action``. The actions chosen."""
    chosen = []
    for agent in env.agent_iter():
        _obs, _reward, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        action = choose(seat, env.state.view(seat), env.state.legal_actions(seat))
        chosen.append(action)
        env.step(env.encode_action(action))
    return chosen


def alkamo_at_a_word() -> rl.LudoEnv:
    """Alkamo's env at its first word step, where purchases are open (R25)."""
    env = rl.env("alkamo", judge="liste")
    env.reset(seed=2)
    env.step(env.encode_action({"type": "tirer"}))
    assert any(a["type"] == "achat" for a in env.legal_slots().values())
    return env


def test_encode_action_says_which_action_it_refuses_and_why_in_a_few_lines() -> None:
    """Found play-testing: ``encode_action`` refused the priced purchase with « cette action
    n'est pas légale maintenant » and no detail. It now names the action and says why: the
    listed purchases have no price (they are given in two steps), or no action of that type
    is legal now, or the engine's own reason; in a few lines, never the thousands of slots."""
    env = alkamo_at_a_word()
    seat = int(env.agent_selection.split("_")[1])
    seller = (seat + 1) % 3
    priced = {"type": "achat", "vendeur": seller, "lettre": "M", "prix": 6}
    with pytest.raises(IllegalAction) as err:
        env.encode_action(priced)
    said = err.value.fr
    assert '"prix": 6' in said and "achat" in said
    assert "les actions « achat » légales" in said and "ont les champs lettre, vendeur" in said
    assert "have the fields lettre, vendeur" in err.value.en
    assert len(said) < 600 and len(err.value.en) < 600
    with pytest.raises(IllegalAction) as err:
        env.encode_action({"type": "rendre", "lettres": "A"})
    assert "aucune action « rendre »" in err.value.fr and "mot" in err.value.fr
    assert len(err.value.fr) < 600
    with pytest.raises(IllegalAction) as err:
        env.encode_action({"type": "mot", "mot": "ZZZZZ"})
    assert "ZZZZZ" in err.value.fr and len(err.value.fr) < 600
    with pytest.raises(IllegalAction) as err:
        env.encode_action("tirer")  # type: ignore[arg-type]
    assert "dict" in err.value.fr or "objet" in err.value.fr


def test_decode_of_an_illegal_slot_lists_a_few_legal_slots_not_thousands() -> None:
    """Found play-testing: an IllegalAction of ``decode`` listed every legal slot — thousands
    at an Alkamo word step. It gives their count and the first few."""
    env = alkamo_at_a_word()
    mask = env.observe(env.agent_selection)["action_mask"]
    legal = int(mask.sum())
    assert legal > 100
    illegal = int(np.flatnonzero(mask == 0)[-1])
    with pytest.raises(IllegalAction) as err:
        env.decode(illegal)
    for said in (err.value.fr, err.value.en):
        assert str(illegal) in said and len(said) < 400
        assert str(legal) in said


@pytest.mark.parametrize("bad", [0, -1, True, 2.5, "10"])
def test_max_steps_is_a_whole_number_of_at_least_one(bad: Any) -> None:
    """Found play-testing: ``rl.env("pokerdas", max_steps=0)`` (or -1) was accepted and
    truncated the episode after one step, where `simulate` refuses ``--max-steps 0``."""
    with pytest.raises(OptionsError) as err:
        rl.env("pokerdas", max_steps=bad)
    assert "max_steps" in err.value.fr and "au moins 1" in err.value.fr
    assert "max_steps" in err.value.en and "at least 1" in err.value.en
    env = rl.env("pokerdas", max_steps=1)  # one step, then truncated
    env.reset(seed=1)
    env.step(int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0]))
    assert all(env.truncations.values())


def figure(text: str) -> int:
    """The first number of a cell: « 2,883 (board …) » → 2883."""
    found = re.search(r"\d[\d,]*", text)
    assert found is not None, text
    return int(found.group().replace(",", ""))


def test_the_sizes_docs_rl_md_gives_are_the_envs() -> None:
    """Found play-testing: docs/rl.md gave Alkamo 69,148 action slots where
    ``rl.env("alkamo")`` has 69,167 (and its dictionary 68,956 words where the env has
    68,975). Every figure of the docs' table of sizes, and the other tables and counts the
    docs name, are now those of the envs."""
    docs = DOCS.read_text(encoding="utf-8")
    table = docs.split("Sizes at the default table", 1)[1].split("\n## ", 1)[0]
    rows = [line.split("|")[1:-1] for line in table.splitlines() if line.startswith("| ")]
    checked = set()
    for cells in rows[1:]:
        name = cells[0].strip()
        if name not in games.names():
            continue
        env = rl.env(name)
        assert figure(cells[1]) == env.players, name
        assert figure(cells[2]) == env.encoder.size, f"{name}: observation"
        assert figure(cells[3]) == env.codec.size, f"{name}: action slots"
        checked.add(name)
    assert checked == set(games.names())
    assert "613 with 9 cards" in table
    assert rl.env("alphapoker", hand_size=9).codec.size == 613
    assert "1,823 at 8 players" in table
    assert rl.env("casinoroyal", players=8).codec.size == 1823
    assert "menteur: 135" in table
    assert rl.env("pokerdas", variant="menteur").encoder.size == 135
    # The Alkamo dictionary, one slot a word: the width of the env's « mot » family.
    env = rl.env("alkamo")
    words = next(n for _o, n, d in env.codec.describe() if d.startswith("mot"))
    counts = {int(n.replace(",", "")) for n in re.findall(r"the ([\d,]+) of the dictionary", docs)}
    counts |= {int(n.replace(",", "")) for n in re.findall(r"([\d,]+) with Lexique", docs)}
    assert counts == {words}
    # Alice's slots, and the generic fallbacks' sizes.
    assert f"{rl.env('alice').codec.size:,} slots" in docs
    generic = rl.env("pokerdas", generic=True)
    assert f"`LegalIndex`, {generic.codec.size:,}" in docs
    assert f"`HashedView`, {generic.encoder.size:,} floats" in docs
