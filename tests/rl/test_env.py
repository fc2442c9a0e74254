"""The learning environments: PettingZoo's own api_test and seed_test on every registered game
and variant, the action codecs (every legal action has its own slot), observations from views
only (equal to a straightforward reference encoding, tests/rl/reference.py), the real-time
serialisation, rewards, refusals."""

from __future__ import annotations

import json
import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludotheque import games, rl
from ludotheque.engine import IllegalAction, OptionsError
from ludotheque.rl import encoding as E
from ludotheque.rl.actions import Families, LegalIndex
from ludotheque.rl.env import declaration
from tests.rl import reference


def configurations() -> list[tuple[str, dict]]:
    """Every registered game with its default table, each named variant, and the option sets
    that change the action families or the observation (Alice level A, Belote secrète, Poker
    d'As re-rolls, AlphaPoker's hand size, Alkamo's maquette B), or the way an episode ends (the
    Bataille in timed mode, ended by the arbiter's clock: truncated by max_steps)."""
    extra = {
        "alice": [{"level": "A"}],
        "alkamo": [{"maquette": "B"}],
        "bataille": [{"bataille_mode": "timed", "max_steps": 150}],
        "belote": [{"belote_secrete": True}],
        "pokerdas": [{"relance_totale": False, "max_throws": 3}],
        "alphapoker": [{"hand_size": 9, "players": 2}],
    }
    out: list[tuple[str, dict]] = []
    for name in games.names():
        out.append((name, {}))
        out += [(name, {"variant": v}) for v in games.get(name).variants]
        out += [(name, dict(kw)) for kw in extra.get(name, [])]
    return out


CONFIGS = configurations()
IDS = [f"{n}-{json.dumps(kw, sort_keys=True)}" for n, kw in CONFIGS]
# AlphaPoker decisions cost a best-word search each: fewer cycles keep the suite fast.
CYCLES = {"alphapoker": 60, "belote": 150, "alkamo": 60}
SLOW = {"alphapoker", "alkamo"}  # a best-word search, or thousands of formable words, a step


def quiet_api_test(env: rl.LudoEnv, cycles: int) -> None:
    with warnings.catch_warnings():
        # Dict observations ({"observation", "action_mask"}) draw two advisory warnings.
        warnings.simplefilter("ignore", UserWarning)
        api_test(env, num_cycles=cycles)


@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_pettingzoo_api_test(name: str, kw: dict) -> None:
    env = rl.env(name, **kw)
    quiet_api_test(env, CYCLES.get(name, 300))
    assert env.unmapped == 0


@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_pettingzoo_seed_test(name: str, kw: dict) -> None:
    seed_test(lambda: rl.env(name, **kw), num_cycles=CYCLES.get(name, 300))


def play(env: rl.LudoEnv, seed: int, check: bool = True, limit: int = 3000) -> int:
    """A random episode; at every decision, check the mask against the engine's legal list."""
    rng = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    for agent in env.agent_iter():
        obs, _r, terminated, truncated, _info = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        if check:
            legal = env.state.legal_actions(seat)
            if isinstance(env.codec, LegalIndex):  # the fallback keeps the first `size` actions
                legal = legal[: env.codec.size]
            mask = obs["action_mask"]
            assert mask.sum() == len(legal), "every legal action has its own slot"
            decoded = [env.decode(int(s)) for s in np.flatnonzero(mask)]
            spelled = sorted(json.dumps(a, sort_keys=True) for a in decoded)
            assert spelled == sorted(json.dumps(a, sort_keys=True) for a in legal)
            view = json.loads(json.dumps(env.state.view(seat)))  # a plain copy of the view
            assert np.array_equal(obs["observation"], env.encoder.encode(view, seat))
            if isinstance(env.encoder, E.Encoder):
                expected = reference.encode(env.encoder.features, env.players, view, seat)
                assert np.array_equal(obs["observation"], expected), "as the reference encoding"
            if isinstance(env.codec, Families):
                assert env.codec.slots(view, legal) == reference.slots(env.codec, view, legal)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        steps += 1
        if steps >= limit:
            break
    return steps


@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_every_legal_action_has_its_slot_and_observations_come_from_the_view(
    name: str, kw: dict
) -> None:
    env = rl.env(name, **kw)
    play(env, seed=11, limit=40 if name in SLOW else 400)
    assert env.unmapped == 0


@pytest.mark.parametrize(("name", "kw"), CONFIGS, ids=IDS)
def test_observations_equal_a_reference_encoding_of_the_view_over_random_games(
    name: str, kw: dict
) -> None:
    """The env's encoder (compiled, keeping each seat's unchanged blocks between its calls)
    gives at every step the floats of tests/rl/reference.py on a JSON copy of the view."""
    env = rl.env(name, **kw)
    for seed in (21, 22):
        play(env, seed=seed, limit=20 if name in SLOW else 150)


def test_the_incremental_encoder_rereads_a_list_changed_in_place_and_recovers_from_an_error() -> (
    None
):
    def count(view: dict, seat: int) -> dict[int, float]:
        if view["n"] < 0:
            raise ValueError("négatif")
        return {0: float(view["n"])}

    features = [
        E.SeatCounts("won", ("A", "B")),
        E.Custom("n", 1, count, reads=("n",)),
        E.PerSeat("scores", 10.0),
    ]
    encoder = E.Encoder(features, 2, compiled=False)  # the memory is the Python path's
    incremental = encoder.incremental()
    view = {"won": [["A"], ["B", "B"]], "n": 1, "scores": [3, 4]}
    for seat in (0, 1, 0):
        assert incremental(view, seat).tolist() == encoder.encode(view, seat).tolist()
    view["won"][0].append("B")  # the same list object, changed: read again
    assert incremental(view, 0).tolist() == encoder.encode(view, 0).tolist()
    assert incremental(view, 0)[1] == 1.0
    with pytest.raises(ValueError, match="négatif"):
        incremental({**view, "n": -1}, 0)
    again = {"won": [["B"], []], "n": 2, "scores": [0, 1]}
    assert incremental(again, 0).tolist() == encoder.encode(again, 0).tolist()
    assert incremental(view, 0).tolist() == encoder.encode(view, 0).tolist()


def test_declared_slots_mean_the_same_decision_in_every_state() -> None:
    """Poker d'As: slot « stop » and slot « throw all » never move; AlphaPoker: a bet of 5
    pour voir is always the same slot."""
    env = rl.env("pokerdas", relance_totale=False, max_throws=3)
    env.reset(seed=3)
    stops = set()
    for _ in range(200):
        if env.state.is_over():
            break
        slots = env.legal_slots()
        stops |= {s for s, a in slots.items() if a["type"] == "stop"}
        env.step(min(slots))
    assert len(stops) == 1
    codec = rl.env("alphapoker").codec
    view = {"hand": ["Ar"] * 7}
    bet = {"type": "bet", "amount": 5, "pour_voir": True}
    assert (
        codec.slots(view, [bet]) == codec.slots({"hand": ["Zb"] * 7}, [{"type": "fold"}, bet])[1:]
    )


def test_alphapoker_change_is_a_bitmask_over_hand_positions_and_declare_counts_from_the_best() -> (
    None
):
    codec = rl.env("alphapoker", players=2).codec
    view = {"hand": ["Ar", "Bb", "Ar", "Cr", "Db", "Er", "Fr"]}
    legal = [
        {"type": "change", "cards": []},
        {"type": "change", "cards": ["Ar"]},
        {"type": "change", "cards": ["Ar", "Ar"]},
        {"type": "change", "cards": ["Bb", "Fr"]},
    ]
    assert codec.slots(view, legal) == [0, 0b1, 0b101, 0b1000010]
    more = [*legal, {"type": "change", "cards": ["Ar", "Ar", "Ar"]}, {"type": "change"}]
    assert codec.slots(view, more) == [0, 0b1, 0b101, 0b1000010, None, 0]  # a run at once
    words = [
        {"type": "declare", "cards": []},
        {"type": "declare", "cards": ["Ar", "Bb"]},  # lowest count first (engine's order)
        {"type": "declare", "cards": ["Cr", "Ar", "Bb"]},
    ]
    offset = codec.slots(view, [{"type": "declare", "cards": []}])[0]
    assert codec.slots(view, words) == [offset, offset + 2, offset + 1]


def test_real_time_phases_are_serialised_by_a_seeded_draw_among_the_seats_to_move() -> None:
    """Bataille: while both players may claim, either may be drawn to act first; the draw is
    the same for the same seed."""

    def firsts(seed: int) -> list[str]:
        env = rl.env("bataille")
        env.reset(seed=seed)
        rng = random.Random(seed)
        chosen = []
        for _ in range(300):
            if env.state.is_over():
                break
            if len(env.state.to_move()) > 1:
                chosen.append(env.agent_selection)
            env.step(rng.choice(sorted(env.legal_slots())))
        return chosen

    a, b = firsts(5), firsts(5)
    assert a == b and len(a) > 20
    assert {"player_0", "player_1"} <= set(a)


def test_rewards_at_the_end_follow_the_result() -> None:
    for mode in ("win", "rank", "score"):
        env = rl.env("casinoroyal", players=3, reward=mode)
        env.reset(seed=4)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            totals[agent] = reward
            if terminated or truncated:
                env.step(None)
            else:
                env.step(int(np.flatnonzero(obs["action_mask"])[0]))
        result = env.state.result()
        places = sorted(set(result.ranks))  # distinct ranks: the first 1, the last 0, a draw ½
        for s, a in enumerate(env.possible_agents):
            expected = {
                "win": 1 / len(result.winners) if s in result.winners else 0.0,
                "rank": (len(places) - 1 - places.index(result.ranks[s])) / (len(places) - 1)
                if len(places) > 1
                else 0.5,
                "score": float(result.scores[s]),
            }[mode]
            assert totals[a] == pytest.approx(expected)


def test_alkamo_R1_the_non_playing_arbiter_earns_no_reward() -> None:
    """Alkamo's non-playing arbiter (last seat, rank 0) is an agent who only judges: his
    reward is 0 and the players' rank rewards count the players only."""
    for mode in ("rank", "win", "score"):
        env = rl.env("alkamo", variant="arbitre_externe", reward=mode)
        assert env.possible_agents == ["player_0", "player_1", "player_2"]
        env.reset(seed=3)
        rng = random.Random(3)
        final = {}
        for agent in env.agent_iter():
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                final[agent] = reward
                env.step(None)
            else:
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        result = env.state.result()
        assert env.state.is_over() and result.ranks[2] == 0
        assert final["player_2"] == 0.0
        if mode == "rank":
            assert sorted(final[f"player_{s}"] for s in (0, 1)) in ([0.0, 1.0], [1.0, 1.0])


def test_an_illegal_slot_is_refused_and_changes_nothing() -> None:
    env = rl.env("pokerdas")
    env.reset(seed=1)
    before = json.dumps(env.state.view(None), sort_keys=True)
    illegal = next(s for s in range(env.codec.size) if s not in env.legal_slots())
    with pytest.raises(IllegalAction) as err:
        env.step(illegal)
    assert "n'est pas légale" in str(err.value) and "not legal" in err.value.en
    assert json.dumps(env.state.view(None), sort_keys=True) == before
    with pytest.raises(IllegalAction):
        env.step("deux")


def test_bad_environment_options_are_refused_in_french() -> None:
    with pytest.raises(OptionsError, match="récompense inconnue"):
        rl.env("pokerdas", reward="gloire")
    with pytest.raises(OptionsError, match="option inconnue"):
        rl.env("pokerdas", taille=3)
    with pytest.raises(OptionsError, match="joueurs"):
        rl.env("alice", players=3)
    with pytest.raises(OptionsError, match="variante"):
        rl.env("pokerdas", variant="poker-menteur")


def test_a_game_decided_by_the_clock_is_truncated_by_max_steps() -> None:
    """Bataille in timed mode ends on the arbiter's time_up, which no agent sends."""
    env = rl.env("bataille", bataille_mode="timed", max_steps=120)
    env.reset(seed=2)
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        env.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
        if truncated:
            assert env.steps == 120 and agent in env.possible_agents
    assert env.agents == []


def test_the_generic_fallback_plays_any_game() -> None:
    """A game without a declaration: slots index the legal list, views are feature-hashed."""
    for name in games.names():
        env = rl.env(name, generic=True)
        assert env.codec.size == 1024 and env.encoder.size == 2048
        play(env, seed=3, limit=30 if name in SLOW else 200)
    quiet_api_test(rl.env("pokerdas", generic=True), 100)


def test_every_declaration_names_a_known_game_and_undeclared_games_fall_back() -> None:
    for name in games.names():
        decl = declaration(games.get(name))
        env = rl.env(name)
        if decl is None:
            assert type(env.codec).__name__ == "LegalIndex"
        else:
            assert hasattr(decl, "codec") and hasattr(decl, "features")


def test_slots_and_actions_convert_both_ways_and_render_shows_the_table() -> None:
    env = rl.env("belote", render_mode="ansi")
    env.reset(seed=9)
    for slot, action in env.legal_slots().items():
        assert env.encode_action(action) == slot
    text = env.render()
    assert text is not None and text.startswith(games.get("belote").title)
    assert json.loads(text.split("\n", 1)[1])["game"] == "belote"
