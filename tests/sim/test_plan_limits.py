"""What a plan accepts, checked before any game: the table size before the bot count, seeds
and game counts within documented bounds, a clock that a simulation cannot run, a Ray address
that answers (found play-testing)."""

from __future__ import annotations

import socket
import time

import pytest

from ludotheque.engine import OptionsError
from ludotheque.sim import Plan, runner


def test_the_table_size_is_checked_before_the_bot_count() -> None:
    """Found play-testing: `-n 0 --bots parfait` said « 1 bots pour 0 places » instead of the
    game's player range."""
    with pytest.raises(OptionsError, match=r"se joue de 2 à 8 joueurs \(demandé : 0\)"):
        Plan.make("pokerdas", ["parfait"], 3, players=0)
    with pytest.raises(OptionsError, match=r"^3 bots pour 2 places"):
        Plan.make("casinoroyal", ["random"] * 3, 3, players=2)


def test_seeds_and_game_counts_have_documented_bounds() -> None:
    """Found play-testing: a 23-digit seed died in the Parquet writer after every game, and
    10¹² games ate 7.6 GB before the first one."""
    Plan.make("casinoroyal", ["random"], runner.MAX_GAMES, seed=runner.MAX_SEED)
    for seed in (-1, runner.MAX_SEED + 1, 10**23):
        with pytest.raises(OptionsError, match="--seed"):
            Plan.make("casinoroyal", ["random"], 1, seed=seed)
    with pytest.raises(OptionsError, match="au plus 1\u202f000\u202f000"):
        Plan.make("casinoroyal", ["random"], runner.MAX_GAMES + 1)


def test_a_table_on_a_clock_needs_max_steps() -> None:
    """Found play-testing: the Bataille in timed mode never ends in a simulation (its clock does
    not run there), and `simulate` hung without a word."""
    timed = {"bataille_mode": "timed"}
    with pytest.raises(OptionsError, match=r"horloge.*--max-steps"):
        Plan.make("bataille", ["random"], 1, options=timed)
    plan = Plan.make("bataille", ["random"], 1, options=timed, max_steps=50)
    (row,) = runner.run(plan)
    assert row["truncated"] and row["steps"] == 50


def test_a_ray_address_that_does_not_answer_is_refused_within_the_wait(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found play-testing: `--ray nohost:1` retried for 400 s. A port that accepts connections
    but is no Ray is refused after the bounded wait."""
    pytest.importorskip("ray")
    with pytest.raises(OptionsError, match=r"injoignable.*nom d'hôte inconnu"):
        runner.check_ray("nohost:1")
    monkeypatch.setattr(runner, "RAY_WAIT_SECONDS", 2.0)
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        start = time.monotonic()
        with pytest.raises(OptionsError, match="ne répond pas"):
            runner.check_ray(f"127.0.0.1:{server.getsockname()[1]}")
        assert time.monotonic() - start < 15
