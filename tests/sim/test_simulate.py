"""Batch simulation: plans, determinism whatever the distribution (processes, Ray), the
statistics, the results files and the `ludotheque simulate` command."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from ludotheque import games
from ludotheque.cli.main import app
from ludotheque.engine import OptionsError
from ludotheque.sim import Plan, results, run, summarize, wilson
from ludotheque.sim.runner import chunks, play_game


def comparable(rows: list[dict]) -> list[dict]:
    """Rows without the CPU time, which is the only field that may differ between runs."""
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


def test_every_registered_game_simulates_through_the_protocol() -> None:
    """Random bots on every registered game (a game's own bots are exercised below and in
    its own tests: some, such as Alice's MCTS, take tens of seconds a game)."""
    for name in games.names():
        opts = {"max_rounds": 2} if name == "pokerdas" else {}
        plan = Plan.make(name, ["random"], 2, options=opts, max_steps=3000)
        rows = run(plan)
        assert [r["game"] for r in rows] == [0, 1]
        for r in rows:
            assert r["steps"] > 0
            if not r["truncated"]:
                assert math.isclose(sum(r[f"win_{s}"] for s in range(r["players"])), 1.0)


def test_game_bots_play_against_random() -> None:
    for name, bot in (("pokerdas", "parfait"), ("casinoroyal", "fort"), ("bataille", "fort")):
        plan = Plan.make(
            name, [bot, "random"], 4, options={"max_rounds": 3} if name == "pokerdas" else {}
        )
        summary = summarize(run(plan))
        assert summary["per_bot"][bot]["n"] == 4 and summary["finished"] == 4


def test_lineups_rotate_so_that_each_bot_sits_in_each_seat() -> None:
    plan = Plan.make("casinoroyal", ["fort", "random"], 6, players=3)
    assert [plan.lineup(g) for g in range(3)] == [
        ("fort", "random", "random"),
        ("random", "fort", "random"),
        ("random", "random", "fort"),
    ]
    fixed = Plan.make("casinoroyal", ["fort", "random"], 6, players=3, rotate=False)
    assert {fixed.lineup(g) for g in range(6)} == {("fort", "random", "random")}


def test_a_game_is_the_same_alone_in_a_chunk_or_among_others_and_across_processes() -> None:
    plan = Plan.make("casinoroyal", ["fort", "random"], 12, players=3, seed=40)
    one = run(plan, jobs=1)
    two = run(plan, jobs=2)
    assert comparable(one) == comparable(two)
    assert comparable([play_game(plan, 7)]) == comparable([one[7]])
    assert sorted(i for part in chunks(1000, 2) for i in part) == list(range(1000))


def test_chunks_shrink_so_that_the_workers_finish_together() -> None:
    parts = chunks(4000, 2)
    assert [i for part in parts for i in part] == list(range(4000))  # contiguous, in order
    sizes = [len(part) for part in parts]
    assert sizes == sorted(sizes, reverse=True) and sizes[0] == 64 and sizes[-1] == 1
    assert chunks(0, 2) == [] and chunks(3, 8) == [[0], [1], [2]]


def test_ray_local_gives_the_same_rows_as_local_processes() -> None:
    ray = pytest.importorskip("ray")
    plan = Plan.make("casinoroyal", ["fort", "random"], 8, players=3, seed=3)
    local = run(plan, jobs=1)
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        distributed = run(plan, jobs=2, ray="local")  # joins the instance started above
    finally:
        ray.shutdown()
    assert comparable(distributed) == comparable(local)


def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = wilson(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and round(hi, 4) == 0.2775
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_wins_per_seat_and_per_bot_and_the_first_player() -> None:
    base = {"players": 2, "truncated": False, "steps": 10, "seconds": 0.1, "reason": "x"}
    rows = [
        {
            **base,
            "game": 0,
            "seed": 0,
            "first": 0,
            "bot_0": "a",
            "bot_1": "b",
            "score_0": 5,
            "score_1": 1,
            "rank_0": 1,
            "rank_1": 2,
            "win_0": 1.0,
            "win_1": 0.0,
        },
        {
            **base,
            "game": 1,
            "seed": 1,
            "first": 1,
            "bot_0": "b",
            "bot_1": "a",
            "score_0": 3,
            "score_1": 3,
            "rank_0": 1,
            "rank_1": 1,
            "win_0": 0.5,
            "win_1": 0.5,
        },
        {
            **base,
            "game": 2,
            "seed": 2,
            "first": 0,
            "bot_0": "a",
            "bot_1": "b",
            "steps": 30,
            "score_0": 0,
            "score_1": 9,
            "rank_0": 2,
            "rank_1": 1,
            "win_0": 0.0,
            "win_1": 1.0,
        },
        {
            **base,
            "game": 3,
            "seed": 3,
            "first": 0,
            "bot_0": "b",
            "bot_1": "a",
            "truncated": True,
            "score_0": 0,
            "score_1": 0,
            "rank_0": 0,
            "rank_1": 0,
            "win_0": 0.0,
            "win_1": 0.0,
        },
    ]
    s = summarize(rows)
    assert (s["games"], s["finished"], s["truncated"]) == (4, 3, 1)
    assert s["per_bot"]["a"]["wins"] == 1.5 and s["per_bot"]["a"]["n"] == 3
    assert [r["wins"] for r in s["per_seat"]] == [1.5, 1.5]
    assert s["first_player"]["wins"] == 1.5 and s["first_player"]["n"] == 3
    assert s["steps"]["max"] == 30 and s["scores"]["b"]["max"] == 9


def test_a_non_playing_arbiter_counts_in_no_rate_alkamo_R1() -> None:
    """Alkamo's non-playing arbiter (rules/alkamo.md R1) holds the last seat, ranked 0: the
    bot sitting there that game is not counted as a player, and the fair share is 1/2."""
    plan = Plan.make(
        "alkamo",
        ["fort", "random"],
        3,
        players=3,
        options=games.get("alkamo").variant_options("arbitre_externe"),
    )
    rows = run(plan)
    assert all(r["rank_2"] == 0 and r["win_2"] == 0.0 for r in rows)
    s = summarize(rows)
    assert s["fair_share"] == 0.5 and s["per_seat"][2]["n"] == 0
    assert s["per_bot"]["fort"]["n"] == 2 and s["per_bot"]["random"]["n"] == 4
    assert s["per_seat"][0]["n"] == s["per_seat"][1]["n"] == 3


def test_results_files_round_trip_in_parquet_and_csv(tmp_path) -> None:
    plan = Plan.make("pokerdas", ["parfait", "random"], 3, options={"max_rounds": 2})
    rows = run(plan)
    for fmt in ("parquet", "csv"):
        path = results.write(rows, tmp_path / f"r.{fmt}", fmt, plan.to_dict())
        assert results.read(path) == rows
    assert json.loads((tmp_path / "r.plan.json").read_text())["game"] == "pokerdas"
    with pytest.raises(OptionsError, match="format inconnu"):
        results.write(rows, tmp_path / "r.xls", "xls", {})


def test_bad_plans_are_refused_in_french() -> None:
    with pytest.raises(OptionsError, match="bot inconnu"):
        Plan.make("pokerdas", ["fort"], 3)
    with pytest.raises(OptionsError, match="au plus un bot par place"):
        Plan.make("alice", ["glouton", "random", "random"], 3)
    with pytest.raises(OptionsError, match="joueurs"):
        Plan.make("belote", ["fort"], 3, players=3)
    with pytest.raises(OptionsError, match="au moins 1"):
        Plan.make("pokerdas", ["parfait"], 0)


def test_simulate_command_writes_results_and_prints_the_summary(tmp_path) -> None:
    out = tmp_path / "cr.csv"
    res = CliRunner().invoke(
        app,
        [
            "simulate",
            "casinoroyal",
            "--games",
            "6",
            "--bots",
            "fort,random",
            "-n",
            "3",
            "--jobs",
            "1",
            "--out",
            str(out),
            "-o",
            "game=B",
        ],  # csv from the suffix
    )
    assert res.exit_code == 0, res.output
    assert "Victoires par bot" in res.output and "IC 95 %" in res.output
    assert "Premier joueur" in res.output
    assert len(results.read(out)) == 6
    summary = json.loads(out.with_suffix(".summary.json").read_text())
    assert summary["plan"]["options"]["game"] == "B" and summary["games"] == 6
    args = ["--games", "2", "--json", "--jobs", "1", "--out", str(tmp_path / "x.parquet")]
    res = CliRunner().invoke(app, ["simulate", "casinoroyal", *args])
    assert res.exit_code == 0
    assert json.loads(res.stdout.strip().splitlines()[-1])["games"] == 2


def test_simulate_command_refuses_bad_input_with_exit_code_2() -> None:
    res = CliRunner().invoke(app, ["simulate", "pokerdas", "--bots", "champion"])
    assert res.exit_code == 2 and "bot inconnu" in res.output
    res = CliRunner().invoke(app, ["simulate", "pokerdas", "--format", "xls"])
    assert res.exit_code == 2 and "format inconnu" in res.output
