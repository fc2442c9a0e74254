"""The generic simulation section of every report: it names each seat whose interval excludes
the fair share, and words a team game by teams (found play-testing)."""

from __future__ import annotations

import html
from typing import Any

import pytest

from ludotheque.report import common
from ludotheque.report.html import Report
from ludotheque.sim import Plan
from tests.sim.test_teams import belote_row


def two_seat_rows(wins_0: int, games: int) -> list[dict[str, Any]]:
    """Games of a 2-player table where seat 0 wins ``wins_0`` of them and the first player
    alternates (so that the first player wins about half)."""
    rows = []
    for g in range(games):
        won = g < wins_0
        rows.append(
            {
                "game": g,
                "seed": g,
                "players": 2,
                "first": g % 2,
                "steps": 40,
                "truncated": False,
                "seconds": 0.1,
                "reason": "x",
                "bot_0": "fort",
                "bot_1": "fort",
                "score_0": int(won),
                "score_1": int(not won),
                "rank_0": 1 if won else 2,
                "rank_1": 2 if won else 1,
                "win_0": float(won),
                "win_1": float(not won),
            }
        )
    return rows


def test_the_report_names_every_seat_whose_interval_excludes_the_fair_share(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found play-testing: the Alkamo report's table gave place 0 at 28,0 % [14,3 ; 47,6] and
    place 1 at 72,0 % [52,4 ; 85,7] — both intervals exclude 50 % — yet its text said only
    « pas d'écart significatif » about the first player."""
    monkeypatch.setattr(common, "run", lambda plan, jobs=1: two_seat_rows(7, 25))
    doc = Report("essai")
    common.simulation_section(doc, "alkamo", 25, 1, 0, players=2, against_random=False)
    page = " ".join(doc.render().split())
    assert "28,0 % [14,3 % ; 47,6 %]" in page
    assert "place 1" in page and "place 2" in page and "place 0" not in page  # from 1
    assert "moins souvent" in page and "plus souvent" in page
    monkeypatch.setattr(common, "run", lambda plan, jobs=1: two_seat_rows(12, 25))
    doc = Report("essai")
    common.simulation_section(doc, "alkamo", 25, 1, 0, players=2, against_random=False)
    assert "aucune place ne s'écarte significativement" in html.unescape(doc.render())


def belote_rows(plan: Plan, jobs: int = 1) -> list[dict[str, Any]]:
    """Games of the plan's lineups where the team of the first bot named always wins (the
    rows as `play_game` writes them for the Belote, without playing: a game lasts ~1 s)."""
    return [
        belote_row(g, g % 4, (g % 4) % 2, plan.lineup(g))  # the first bot's seat rotates by g
        for g in range(plan.games)
    ]


def test_a_team_game_is_worded_by_teams(monkeypatch: pytest.MonkeyPatch) -> None:
    """Found play-testing: `rapport belote` said « « fort » gagne 50,0 % … de ses places (part
    équitable 25,0 %) » when fort's team won every game, and « 28,0 % … pour 25,0 %
    attendus » for the first player."""
    monkeypatch.setattr(common, "run", belote_rows)
    doc = Report("essai")
    out = common.simulation_section(doc, "belote", 20, 1, 0)
    page = html.unescape(" ".join(doc.render().split()))
    assert out["self"]["fair_share"] == 0.5 and out["mixed"]["per_bot"]["fort"]["rate"] == 1.0
    assert "pour 50,0 % attendus" in page and "part équitable 50,0 %" in page
    assert "part équitable 25,0 %" not in page and "pour 25,0 % attendus" not in page
    assert "équipes" in page and "places 1 et 3 contre 2 et 4" in page
    assert "l'équipe de « fort »" in page and "100,0 %" in page
    assert "de ses places" not in page
