"""Found by a game author play-testing `simulate` and `rapport` (2026-11-28): the parts of his
faults that are checked without a command line (the CLI's are in tests/cli/)."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from ludotheque.engine.errors import OptionsError
from ludotheque.report import common
from ludotheque.sim import Plan, interrupts, runner, stats
from ludotheque.sim.fmt import counted, french_numbers


def test_the_literal_poker_das_is_refused_without_max_steps() -> None:
    """Found by a game author: `simulate pokerdas --variant livre` ran forever. A table that
    lifts every limit the game's rule book lifts on a game's length needs --max-steps."""
    livre = {"relance_totale": True, "max_throws": None, "max_rounds": None}
    with pytest.raises(OptionsError, match=r"peut ne jamais finir.*--max-steps"):
        Plan.make("pokerdas", ["parfait"], 1, options=livre)
    Plan.make("pokerdas", ["parfait"], 1, options=livre, max_steps=100)
    Plan.make("pokerdas", ["parfait"], 1, options={"max_rounds": None})  # ends: one left
    Plan.make("casinoroyal", ["fort"], 1, options={"all_in": False})  # its « livre » ends


def test_an_interruption_keeps_the_rows_of_the_games_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Found by a game author: a Ctrl-C lost every game played. `run` raises Interrupted with
    the rows of the games finished, in game order."""
    plan = Plan.make("casinoroyal", ["random"], 10)
    real = runner.play_game

    def play(p: Plan, g: int) -> dict[str, object]:
        if g == 4:
            raise KeyboardInterrupt
        return real(p, g)

    monkeypatch.setattr(runner, "play_game", play)
    with pytest.raises(runner.Interrupted) as stop:
        runner.run(plan, jobs=1)
    assert [r["game"] for r in stop.value.rows] == [0, 1, 2, 3]


def test_the_process_pool_and_parallel_still_give_every_row_in_order() -> None:
    """The pool that ignores Ctrl-C (found by a game author: `simulate` hung after one) plays
    the same rows as one process; `parallel` keeps the task order; the watchers hear of every
    game and task (`rapport`'s progress)."""
    plan = Plan.make("casinoroyal", ["fort", "random"], 40)
    heard: dict[str, int] = {}

    def hear(kind: str, k: int) -> None:
        heard[kind] = heard.get(kind, 0) + k

    with runner.watched(hear):
        rows = runner.run(plan, jobs=2)
        squares = common.parallel(pow, [(i, 2) for i in range(7)], 3)

    def same(r: dict[str, object]) -> dict[str, object]:
        return {k: v for k, v in r.items() if k != "seconds"}  # CPU time varies

    assert [same(r) for r in rows] == [same(r) for r in runner.run(plan, jobs=1)]
    assert squares == [i * i for i in range(7)]
    assert heard == {"games": 40, "tasks": 7}
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL
    with interrupts.terminate_as_interrupt():
        assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL
    assert signal.getsignal(signal.SIGTERM) is signal.SIG_DFL


def test_a_worker_error_still_goes_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pool's games report as they finish; a refusal inside a worker (a clock the plan's
    probe did not meet) still reaches the caller instead of a hang."""
    plan = Plan.make("casinoroyal", ["random"], 30)
    real = runner.play_game

    def play(p: Plan, g: int) -> dict[str, object]:
        if g == 17:
            raise OptionsError("une horloge en cours de partie")
        return real(p, g)

    monkeypatch.setattr(runner, "play_game", play)  # the forked workers inherit it
    with pytest.raises(OptionsError, match="horloge"):
        runner.run(plan, jobs=2)


def test_bots_come_in_the_order_of_bots() -> None:
    """Found by a game author: the summary listed bots alphabetically, not in --bots order."""
    rows = runner.run(Plan.make("casinoroyal", ["random", "fort"], 6))
    summary = stats.summarize(rows)
    assert list(summary["per_bot"]) == ["random", "fort"]
    assert list(summary["scores"]) == ["random", "fort"]


def test_french_counts() -> None:
    """Found by a game author: « 1000 parties », « de 1 à 10000 »."""
    assert counted(1000, "partie") == "1\u202f000 parties" and counted(1, "partie") == "1 partie"
    assert french_numbers("de 1 à 10000 (reçu 20000) dans /tmp/x12345.csv") == (
        "de 1 à 10\u202f000 (reçu 20\u202f000) dans /tmp/x12345.csv"
    )


def test_a_report_writes_its_numbers_the_french_way() -> None:
    """Found by a game author: « 10000 jeux battus » in the Casino Royal report, figure axes
    with decimal points. Paragraphs, tables and tick labels group thousands and use commas."""
    from ludotheque.report.html import Report, new_figure

    doc = Report("essai")
    doc.text("10000 jeux battus ; 2000 mains (R32–R33)")
    doc.table(["cartes", "mains"], [[5, 1847], [6, 2.5]])
    fig, ax = new_figure()
    ax.plot([0, 0.5, 1], [0, 12000, 3])
    doc.figure(fig, "essai", "essai")
    page = doc.render()
    assert "10\u202f000 jeux battus ; 2\u202f000 mains (R32–R33)" in page
    assert "<td>1\u202f847</td>" in page and "<td>2,5</td>" in page
    labels = [t.get_text() for t in ax.get_xticklabels()]
    assert "0,4" in labels and not any("." in t for t in labels), labels


def test_a_worker_killed_in_a_game_is_said_not_waited_for_forever(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pool that ignores Ctrl-C (found by a game author) must not wait forever for the
    games of a worker that was killed (out of memory): it says so."""
    import contextlib
    import os
    import threading
    from collections.abc import Iterator

    real = interrupts.pool

    @contextlib.contextmanager
    def pool_then_kill(*args: Any, **kwargs: Any) -> Iterator[Any]:
        with real(*args, **kwargs) as workers:
            victim = min(interrupts.worker_ids(workers))
            threading.Timer(1.0, lambda: os.kill(victim, signal.SIGKILL)).start()
            yield workers

    monkeypatch.setattr(interrupts, "pool", pool_then_kill)
    with pytest.raises(OptionsError, match="s'est arrêté"):
        runner.run(Plan.make("belote", ["fort"], 40), jobs=2)
