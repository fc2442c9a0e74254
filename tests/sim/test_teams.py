"""Team games (the Belote: seats 0 and 2 against 1 and 3): a team's win is a win for each of
its seats, the fair share is one over the number of teams, and the intervals count each team
once per game (found play-testing)."""

from __future__ import annotations

from typing import Any

from ludotheque.sim import Plan, run, summarize


def belote_row(game: int, first: int, winner_team: int, bots: list[str]) -> dict[str, Any]:
    row: dict[str, Any] = {
        "game": game,
        "seed": game,
        "players": 4,
        "first": first,
        "steps": 100,
        "truncated": False,
        "seconds": 0.1,
        "reason": "x",
    }
    for s in range(4):
        won = s % 2 == winner_team
        row |= {
            f"bot_{s}": bots[s],
            f"score_{s}": 1000 if won else 500,
            f"rank_{s}": 1 if won else 2,
            f"win_{s}": 0.5 if won else 0.0,  # 1/k for each of the k winners, as play_game
            f"team_{s}": s % 2,
        }
    return row


def test_team_games_count_a_team_win_for_each_of_its_seats() -> None:
    """Found play-testing: `simulate belote -g 100` — fort's team won all 100 games, yet the
    summary said fort `rate 0.5 [0.404, 0.596]` against a fair share of 0.25."""
    lineup = ["fort", "random", "random", "random"]
    rows = []
    for g in range(100):
        k = g % 4
        bots = lineup[-k:] + lineup[:-k] if k else lineup
        rows.append(belote_row(g, first=g % 4, winner_team=bots.index("fort") % 2, bots=bots))
    s = summarize(rows)
    assert s["fair_share"] == 0.5 and s["teams"] == [[0, 2], [1, 3]]
    fort = s["per_bot"]["fort"]
    assert (fort["wins"], fort["n"], fort["rate"]) == (100, 100, 1.0)
    assert fort["low"] > 0.96  # a Wilson interval on 100 team games, not on 400 seats
    assert [r["wins"] for r in s["per_seat"]] == [50, 50, 50, 50]
    assert [r["n"] for r in s["per_seat"]] == [100] * 4
    assert [t["wins"] for t in s["per_team"]] == [50, 50]
    # The first player's team: it wins when the first player sits where fort sits, or with him.
    assert s["first_player"]["n"] == 100 and s["first_player"]["wins"] == 100


def test_belote_rows_say_each_seat_s_team() -> None:
    """Found play-testing: the Belote's rows did not say who played with whom, so the summary
    could only count seats. Each row now has the seat's team (from the game's view), and a
    game without teams has none."""
    plan = Plan.make("belote", ["random"], 2, max_steps=20_000)
    rows = run(plan)
    assert [rows[0][f"team_{s}"] for s in range(4)] == [0, 1, 0, 1]
    s = summarize(rows)
    finished = s["finished"]
    assert sum(t["wins"] for t in s["per_team"]) == finished
    assert all(r["wins"] in (0, 1, 2) for r in s["per_seat"])
    alone = summarize(run(Plan.make("casinoroyal", ["random"], 2, players=4)))
    assert alone["teams"] is None and alone["fair_share"] == 0.25
