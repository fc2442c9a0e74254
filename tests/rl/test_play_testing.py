"""Faults a researcher found play-testing the learning environments (his scripts: the clock
that never ends, rank rewards, bots that claim unlisted words, numpy values, negative seeds,
pickling, action types, option values, the calls before ``reset``), each reproduced here."""

from __future__ import annotations

import copy
import pickle
import random
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ludotheque import bots as botlib
from ludotheque import games, rl
from ludotheque.engine import IllegalAction, OptionsError
from ludotheque.engine.protocol import Result
from ludotheque.rl import encoding as E
from ludotheque.rl.env import NotReset, _reward
from tests.rl.test_docs_recipe import bots_play


def first_legal(env: rl.LudoEnv) -> int:
    return int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])


def play_out(env: rl.LudoEnv, seed: int, limit: int = 100_000) -> dict[str, float]:
    """A random game to its end; each agent's last reward."""
    env.reset(seed=seed)
    rng = random.Random(seed)
    final: dict[str, float] = {}
    for n, agent in enumerate(env.agent_iter()):
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert n < limit
    return final


# ---------------------------------------------------------------- 1. a game ended by a clock
def test_a_table_that_ends_on_a_clock_needs_max_steps() -> None:
    """Found by a researcher: ``rl.env("bataille", bataille_mode="timed")`` without
    ``max_steps`` never ended (random play: 50,000 steps, not over): the arbiter's clock does
    not run in an env. It is refused, saying to give max_steps, as ``simulate`` refuses it
    without ``--max-steps``."""
    with pytest.raises(OptionsError) as err:
        rl.env("bataille", bataille_mode="timed")
    assert "max_steps" in err.value.fr and "horloge" in err.value.fr
    assert "max_steps" in err.value.en and "clock" in err.value.en
    with pytest.raises(OptionsError, match="max_steps"):
        rl.env("alice", time_limit_s=600)
    assert rl.env("bataille", bataille_mode="timed", max_steps=50).max_steps == 50
    assert rl.env("bataille").max_steps is None  # the classic mode ends with the deck


# ---------------------------------------------------------------- 2. rank rewards
def result(ranks: tuple[int, ...]) -> Result:
    return Result((0,) * len(ranks), ranks, (0,), "fin", "end")


def test_rank_rewards_give_one_to_the_first_and_zero_to_the_last_by_distinct_ranks() -> None:
    """Found by a researcher: ``reward="rank"`` gave Belote's losing team 0.667 and tied last
    places 0.5, not 0: n counted seats, not distinct ranks. The k-th of m distinct ranks now
    earns (m − k)/(m − 1): 1 for the first, 0 for the last, ties share their place."""

    def rewards(ranks: tuple[int, ...]) -> list[float]:
        return [_reward(result(ranks), s, "rank") for s in range(len(ranks))]

    assert rewards((1, 2, 1, 2)) == [1.0, 0.0, 1.0, 0.0]  # Belote's teams
    assert rewards((1, 2, 2)) == [1.0, 0.0, 0.0]  # tied last
    assert rewards((1, 1, 3)) == [1.0, 1.0, 0.0]  # tied first
    assert rewards((2, 1, 3, 3)) == [0.5, 1.0, 0.0, 0.0]
    assert rewards((1, 2, 3)) == [1.0, 0.5, 0.0]
    assert rewards((1, 1)) == [0.5, 0.5]  # all tied: a draw, halfway
    assert rewards((1, 2, 0)) == [1.0, 0.0, 0.0]  # rank 0 does not play
    final = play_out(rl.env("belote", reward="rank", belote_target=100), seed=1)
    assert sorted(final.values()) == [0.0, 0.0, 1.0, 1.0]


# ---------------------------------------------------------------- 3. the Bataille's bots
@pytest.mark.parametrize("level", ["fort", "facile"])
def test_bataille_bots_claim_only_listed_words_so_the_bot_recipe_plays_whole_games(
    level: str,
) -> None:
    """Found by a researcher: docs/rl.md's bot recipe crashed in the Bataille: ``fort`` and
    ``facile`` sometimes claimed a word the legal list does not give (it lists the table's
    top words and a representative), so ``env.encode_action(bot.act(view, legal))`` raised
    IllegalAction (13 of 3,550 decisions). Seed 11 reached such a table (BAGNE, not listed):
    the bots now claim the best listed word they see, and every choice is in ``legal``."""
    env = rl.env("bataille")
    env.reset(seed=11)
    agents = [botlib.make("bataille", level, seed=s) for s in (1, 2)]

    def choose(seat: int, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        action = agents[seat].act(view, legal)
        assert action in legal
        return action

    chosen = bots_play(env, choose)
    assert env.state.is_over() and sum(a["type"] == "claim" for a in chosen) > 5


# ---------------------------------------------------------------- 4. numpy integers
def test_numpy_integers_are_integers_for_seeds_players_options_and_max_steps() -> None:
    """Found by a researcher: ``reset(seed=np.int64(3))`` crashed with Python's raw
    TypeError, and ``players=np.int64(3)``, ``hand_size=np.int64(9)``, ``max_steps=
    np.int64(5)`` were refused as not integers. A numpy integer is an integer."""
    env = rl.env("pokerdas")
    env.reset(seed=np.int64(3))
    first = env.observe(env.agent_selection)["observation"]
    env.reset(seed=3)
    assert np.array_equal(first, env.observe(env.agent_selection)["observation"])
    assert env.state.seed == 3 and type(env.state.seed) is int
    env = rl.env("alphapoker", players=np.int64(3), hand_size=np.int32(9))
    assert env.players == 3 and type(env.players) is int and env.options.hand_size == 9
    env = rl.env("pokerdas", max_steps=np.int64(5), start_tokens=np.uint16(12))
    assert env.max_steps == 5 and type(env.max_steps) is int
    env = rl.env("belote", belote_secrete=np.bool_(True))
    assert env.options.belote_secrete is True


# ---------------------------------------------------------------- 5. negative seeds
@pytest.mark.parametrize("bad", [-1, -(2**70), 3.5, "7", True, [1]])
def test_negative_or_non_integer_seeds_are_refused(bad: Any) -> None:
    """Found by a researcher: seeds s and −s gave the identical episode in 5 of 7 games
    (``random.Random`` seeds with the absolute value); ``3.5`` and ``"7"`` were turned into
    3 and 7. A seed is a whole number ≥ 0, as Gymnasium's and ``simulate --seed``."""
    env = rl.env("pokerdas")
    with pytest.raises(OptionsError) as err:
        env.reset(seed=bad)
    assert "graine" in err.value.fr and "seed" in err.value.en
    assert "0" in err.value.fr
    env.reset(seed=0)
    env.reset(seed=2**64)  # large seeds stay the game's own
    assert env.state.seed == 2**64


# ---------------------------------------------------------------- 6. AlphaPoker's judge
def test_alphapoker_judge_sees_the_declared_words_it_judges() -> None:
    """Found by a researcher: with a theme, AlphaPoker's judge slots ask the agent to accept
    or refuse the declared words, but the observation encodes none of them: two judge
    states differing only by the word judged give the same observation."""
    env = rl.env("alphapoker", theme="animaux", hands_per_game=3)
    for seed in range(40):
        env.reset(seed=seed)
        rng = random.Random(seed)
        while not env.state.is_over() and env.state.phase != "judge":
            legal = env.legal_slots()
            declare = [s for s, a in legal.items() if a["type"] == "declare" and a.get("cards")]
            other = [s for s, a in legal.items() if a["type"] != "fold"]
            env.step(min(declare) if declare else rng.choice(other or list(legal)))
        if env.state.phase == "judge":
            break
    assert env.state.phase == "judge"
    agent = env.agent_selection
    before = env.observe(agent)["observation"]
    changed = copy.deepcopy(env)
    for entry in changed.state.declared.values():
        entry["word"] = "ZEBRE" if entry.get("word") != "ZEBRE" else "CHAT"
    changed._cache = None
    assert not np.array_equal(before, changed.observe(agent)["observation"])


# ---------------------------------------------------------------- 7. pickle
@pytest.mark.parametrize(
    "name", ["alice", "alkamo", "alphapoker", "bataille", "belote", "casinoroyal", "pokerdas"]
)
def test_every_env_pickles_and_plays_on_from_where_it_was(name: str) -> None:
    """Found by a researcher: plain ``pickle`` failed on every env (local functions of the
    codecs, the game's bot factories). An env pickles — before reset, mid-game — and the copy
    plays on exactly as the original."""
    kw = {"judge": "liste"} if name == "alkamo" else {}
    env = rl.env(name, **kw)
    fresh = pickle.loads(pickle.dumps(env))
    fresh.reset(seed=5)
    env.reset(seed=5)
    rng = random.Random(1)
    for _ in range(6):
        env.step(int(rng.choice(sorted(env.legal_slots()))))
    copy_ = pickle.loads(pickle.dumps(env))
    rng_a, rng_b = random.Random(2), random.Random(2)
    for _ in range(4):
        if env.state.is_over():
            break
        a, b = env.observe(env.agent_selection), copy_.observe(copy_.agent_selection)
        assert env.agent_selection == copy_.agent_selection
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        env.step(int(rng_a.choice(np.flatnonzero(a["action_mask"]))))
        copy_.step(int(rng_b.choice(np.flatnonzero(b["action_mask"]))))
    assert copy_.steps == env.steps


# ---------------------------------------------------------------- 8. action types
@pytest.mark.parametrize("bad", [34.7, 34.0, "34", True, np.float32(34), np.array([34]), [34]])
def test_an_action_is_an_integer_slot_and_anything_else_is_refused(bad: Any) -> None:
    """Found by a researcher: ``step(34.7)``, ``step("34")`` and ``True`` played a slot
    (34 and 1), silently coerced. Only integers are slots: Python ``int``, numpy integers,
    0-d integer arrays; anything else is refused, saying what a slot is, and changes nothing."""
    env = rl.env("pokerdas", variant="menteur")
    env.reset(seed=3)
    assert 34 in env.legal_slots() and 1 not in env.legal_slots()
    with pytest.raises(IllegalAction) as err:
        env.step(bad)
    assert "entier" in err.value.fr and "integer" in err.value.en
    assert env.steps == 0
    for good in (34, np.int64(34), np.int32(34), np.uint8(34), np.array(34)):
        env.reset(seed=3)
        env.step(good)
        assert env.steps == 1


def test_none_is_only_for_finished_agents() -> None:
    """Found by a researcher: ``step(None)`` for a live agent said « la case None n'est pas
    légale »; it now says None is only for an agent whose episode is over."""
    env = rl.env("pokerdas")
    env.reset(seed=1)
    with pytest.raises(IllegalAction) as err:
        env.step(None)
    assert "None" in err.value.fr and "terminé ou tronqué" in err.value.fr
    assert "terminated or truncated" in err.value.en and env.steps == 0


# ---------------------------------------------------------------- 9. option values
def test_the_envs_own_options_are_strict_and_a_flag_says_it_wants_true_or_false() -> None:
    """Found by a researcher: ``belote_secrete="oui"`` was refused with « attendu oui/non »
    (but « oui » was what he gave), while ``generic="yes"`` was accepted. Yes/no options
    say they want True or False; the env's own keywords are checked as strictly."""
    with pytest.raises(OptionsError) as err:
        rl.env("belote", belote_secrete="oui")
    assert "True ou False" in err.value.fr and "'oui'" in err.value.fr
    assert "True or False" in err.value.en
    with pytest.raises(OptionsError) as err:
        rl.env("pokerdas", generic="yes")
    assert "generic" in err.value.fr and "True ou False" in err.value.fr
    assert "True or False" in err.value.en
    with pytest.raises(OptionsError, match="récompense"):
        rl.env("pokerdas", reward=["win"])
    assert rl.env("pokerdas", generic=np.bool_(True)).codec.size == 1024


# ---------------------------------------------------------------- 10–15. calls and words
def test_step_or_observe_before_reset_says_reset_first() -> None:
    """Found by a researcher: ``step()``, ``observe()`` and ``last()`` before ``reset()``
    raised AttributeError on a private name; after ``close()`` an assertion. They now say
    to call reset() first (NotReset, an AttributeError)."""
    for call in (
        lambda e: e.step(0),
        lambda e: e.observe("player_0"),
        lambda e: e.last(),
        lambda e: e.legal_slots(),
    ):
        env = rl.env("pokerdas")
        with pytest.raises(NotReset) as err:
            call(env)
        assert "reset()" in err.value.fr and "reset()" in err.value.en
        assert isinstance(err.value, AttributeError)
        env.reset(seed=1)
        env.close()
        with pytest.raises(NotReset):
            call(env)
    assert not hasattr(rl.env("pokerdas"), "agent_selection")


def test_reset_options_are_ignored_with_a_warning_not_silently() -> None:
    """Found by a researcher: ``reset(options={...})`` was silently ignored. PettingZoo's own
    api_test passes options to reset and expects them taken, so they are still ignored, but
    with a warning saying a game's options are given to ``rl.env`` (none for no options)."""
    env = rl.env("pokerdas")
    with pytest.warns(UserWarning, match=r"rl\.env") as caught:
        env.reset(seed=1, options={"variant": "menteur"})
    assert "ignored" in str(caught[0].message) and not env.options.menteur
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env.reset(seed=1, options={})
        env.reset(seed=1, options=None)


def test_the_encoders_python_source_is_given_compiled_or_not() -> None:
    """Found by a researcher: ``env.encoder.source`` was empty on compiled installs. It is the
    Python the encoder would run without the C module, whichever runs."""
    env = rl.env("pokerdas")
    assert env.encoder.source.startswith("def encode(v, seat):")
    assert "def make():" in env.encoder.incremental_source


DOCS = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_docs_first_snippet_runs_as_written() -> None:
    """Found by a researcher: the first snippet of docs/rl.md called an undefined
    ``policy``. It runs as written (its policy: a random legal slot)."""
    docs = DOCS.read_text(encoding="utf-8")
    snippet = docs.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    exec(compile(snippet, "docs/rl.md", "exec"), namespace)
    env = namespace["env"]
    assert env.agents == [] and env.steps > 0


def test_the_docs_name_every_variant_the_tests_play() -> None:
    """Found by a researcher: the docs' list of variants the tests play lacked Poker d'As
    « livre » and Casino Royal « livre »."""
    docs = DOCS.read_text(encoding="utf-8")
    listed = docs.split("every named variant", 1)[1].split("```", 1)[0]
    for name in games.names():
        for variant in games.get(name).variants:
            spelled = {"cafe": "café", "secrete": "secrète", "arbitre_externe": "arbiter"}
            assert spelled.get(variant, variant) in listed, (name, variant)


def test_the_docs_speed_table_says_met_exactly_where_the_ratio_is_at_most_1_5() -> None:
    """Found by a researcher: the speed table said Poker d'As 1.40× « met » where the text
    and the bench say 1.71× on the default table, not met. Each row's verdict follows its
    ratio, and Poker d'As's row is the default table's."""
    docs = DOCS.read_text(encoding="utf-8")
    table = docs.split("| game | raw |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1:-1] for line in table.splitlines()[2:]]
    verdicts = {}
    for cells in rows:
        ratio = float(cells[4].strip().rstrip("×"))
        verdict = cells[-1].strip()
        assert verdict == ("met" if ratio <= 1.5 else "not met"), cells
        verdicts[cells[0].strip()] = (ratio, verdict)
    assert verdicts["pokerdas"][1] == "not met"


def test_infos_result_is_the_results_dict_as_the_docs_say() -> None:
    """Found by a researcher: docs/rl.md said ``infos[agent]["result"]`` held the engine's
    ``Result``; it holds ``Result.to_dict()``, which the docs now say."""
    env = rl.env("pokerdas", max_rounds=2)
    play_out(env, seed=2)
    assert env.infos == {}  # every agent stepped out with None
    env.reset(seed=2)
    rng = random.Random(2)
    while not env.state.is_over():
        env.step(int(rng.choice(sorted(env.legal_slots()))))
    assert env.infos["player_0"]["result"] == env.state.result().to_dict()
    assert "`Result.to_dict()`" in DOCS.read_text(encoding="utf-8")


def test_a_deep_copy_plays_on_as_the_original_with_an_encoder_memory_of_its_own() -> None:
    """Pickling has its own way now (the codec and the encoder made again); a deep copy still
    shares them, with an encoder memory of its own (the Python encoder's): a copy played on
    observes what a fresh env replaying the same moves observes."""
    for compiled in (True, False):
        env, twin = rl.env("alphapoker", hands_per_game=1), rl.env("alphapoker", hands_per_game=1)
        for e in (env, twin):
            if not compiled:
                e.encoder = E.Encoder(e.encoder.features, e.players, compiled=False)
            e.reset(seed=4)
        rng = random.Random(3)
        moves = []
        for _ in range(3):
            moves.append(int(rng.choice(sorted(env.legal_slots()))))
            env.step(moves[-1])
        clone = copy.deepcopy(env)
        assert clone.codec is env.codec
        assert compiled or clone._encode is not env._encode
        for move in moves:
            twin.step(move)
        for _ in range(8):
            if clone.state.is_over():
                break
            a = clone.observe(clone.agent_selection)
            b = twin.observe(twin.agent_selection)
            assert np.array_equal(a["observation"], b["observation"])
            move = int(rng.choice(np.flatnonzero(a["action_mask"])))
            env.observe(env.agent_selection)  # the original's memory moves on apart
            clone.step(move)
            twin.step(move)
