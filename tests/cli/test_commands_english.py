"""The authors', researchers' and clubs' commands in English (`simulate`, `tournoi`, `rapport`
with `--lang en`): everything they print is English — progress, tables, summaries, the
interruption, the files written, the plurals — with English numbers (« 239.1 », « 1,234 »,
« 12.3% »), and without --lang their output stays French (their own tests)."""

from __future__ import annotations

import json
import re
import signal
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from ludotheque import report
from ludotheque.cli import rapport as rapport_cli
from ludotheque.cli.main import app
from ludotheque.cli.simulate import seats_verdict
from ludotheque.sim import fmt, results, runner, stats
from ludotheque.tournament import Tournament
from ludotheque.tournament.formula import Formula, TournamentOptions, round_title
from tests.term.english_check import french_left, lines_with

from .test_simulate_cli import _run_and_interrupt

FAST = ["--bots", "random", "-j", "1", "--lang", "en"]  # random Casino Royal: quick games
FAST_PDA = ["-o", "start_tokens=3", "-o", "max_rounds=4"]  # a Poker d'As duel in a blink


def run(args: list[str]) -> tuple[int, str]:
    """``ludotheque ARGS`` (stdout and stderr together), its lines kept, a wide screen."""
    res = CliRunner().invoke(app, args, env={"COLUMNS": "200"})
    assert not isinstance(res.exception, Exception) or isinstance(res.exception, SystemExit), (
        res.exception
    )
    assert "Traceback" not in res.output
    return res.exit_code, res.output


def no_french(text: str, allowed: tuple[str, ...] = ()) -> None:
    """No French word left in ``text`` but ``allowed``; a failure shows the lines holding it."""
    left = french_left(text, allowed)
    assert not left, {word: lines_with(text, word) for word in left}


def one_line(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------- simulate
def test_simulate_in_english_prints_its_header_progress_tables_and_summary_in_english(
    tmp_path: Path,
) -> None:
    """A researcher's run: the header, the progress bar, the tables of wins by bot and by seat,
    the first player's line, the length, the speed and the file written, all in English with
    English numbers."""
    out = tmp_path / "r.parquet"
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "1000", "--out", str(out)])
    assert code == 0, said
    no_french(said)
    assert (
        "Casino Royal — 1,000 games, 2 players, bots random, random (rotating seats), 1 process"
        in said
    )
    assert re.search(r"^Games .* 1000/1000 [\d,]+\.\d games/s", said, re.M), said
    assert "Wins by bot (fair share 50.0%)" in said and "Wins by seat" in said
    for heading in ("seats played", "wins", "rate [95% CI]", "mean score", "median", "seat"):
        assert f" {heading} " in said, heading
    assert re.search(r"│ +2,000 │", said) and "50.0% (by construction)" in said  # 2 seats a game
    assert "“random” plays every seat: its rate is the fair share by construction (50.0%)" in said
    assert re.search(r"^First player \(the first to act\) wins \d+\.\d% \[\d+\.\d, \d+\.\d\] of "
                     r"the games, 50\.0% expected — .* at 95%$", said, re.M), said  # fmt: skip
    assert re.search(r"^Length: \d+\.\d actions on average \(median [\d.]+, quartiles", said, re.M)
    assert re.search(r"^1,000 games in \d+\.\d s: [\d,]+\.\d games/s \(\d+ ms of computation "
                     r"per game\)$", said, re.M), said  # fmt: skip
    assert f"Results: {out} (summary: {out.with_suffix('.summary.json')})" in said
    # English numbers only: no decimal comma, no space before « % », no narrow space.
    assert not re.search(r"\d,\d{1,2}(?!\d)|\d %|\u202f", said), said


def test_simulate_in_english_counts_one_game_in_the_singular(tmp_path: Path) -> None:
    """English plurals: « 1 game », « 1 process », but « 2 players »."""
    out = tmp_path / "one.parquet"
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "1", "--out", str(out)])
    assert code == 0, said
    no_french(said)
    assert "— 1 game, 2 players," in said and "1 process" in said
    assert re.search(r"^1 game in ", said, re.M), said
    # (a rate such as « 521.1 games/s » is a decimal, not a count of one)
    assert not re.search(r"(?<![\d.,])1 games(?!/s)", said), said


def test_simulate_in_english_says_the_games_cut_off_and_the_rates_over_the_finished_ones(
    tmp_path: Path,
) -> None:
    """With --max-steps: none finished says there is no rate and why; some cut off says the
    rates are over the finished ones, in English."""
    args = ["simulate", "casinoroyal", "-o", "game=B", *FAST, "-g", "100"]
    code, said = run([*args, "--max-steps", "1", "--out", str(tmp_path / "a.parquet")])
    assert code == 0, said
    no_french(said)
    none = (
        "No game finished: all 100 games were cut off at 1 action (--max-steps); without a "
        "winner, no win rate and no conclusion. Give a larger --max-steps."
    )
    assert none in one_line(said), said
    assert "Casino Royal (game=B) — 100 games" in said
    code, said = run([*args, "--max-steps", "6", "--out", str(tmp_path / "b.parquet")])
    assert code == 0, said
    no_french(said)
    summary = json.loads((tmp_path / "b.summary.json").read_text(encoding="utf-8"))
    done, cut = summary["finished"], summary["truncated"]
    assert done > 1 and cut > 1, summary
    assert f"— rates over {done} finished games ({cut} cut off)" in said, said
    assert f"{cut} games cut off at 6 actions (--max-steps), left out of the rates" in said


def test_simulate_in_english_explains_a_team_game(tmp_path: Path) -> None:
    """The Belote is played by teams: the sentence that says how a team's win counts, the
    table of wins by team and the first player's team, in English."""
    code, said = run(["simulate", "belote", *FAST, "-g", "2",
                      "--out", str(tmp_path / "b.parquet")])  # fmt: skip
    assert code == 0, said
    no_french(said)
    assert ("Team game (seats 1 and 3 against 2 and 4): a team's win counts for each of its "
            "players, and each rate counts a team once per game.") in one_line(said)  # fmt: skip
    assert "Wins by team" in said and " 1 and 3 " in said and " team " in said
    assert " games " in said and "seats played" not in said  # a team's games, not seats
    assert "The first player's team (the first to act) wins" in said


def test_simulate_in_english_names_the_seats_that_depart_from_the_fair_share() -> None:
    """The verdict on the seats, in English: none, or each one that wins more or less often."""
    even = {"fair_share": 0.5, "per_seat": [stats.rate(50, 100), stats.rate(50, 100)]}
    assert seats_verdict(even, "en") == "No seat departs significantly from the fair share (50.0%)."
    off = {"fair_share": 0.5, "per_seat": [stats.rate(80, 100), stats.rate(20, 100)]}
    said = seats_verdict(off, "en")
    assert said.startswith("Significant departure from the fair share (50.0%, at 95%): ")
    assert "seat 1 wins more often (80.0% [71.1, 86.7]); seat 2 wins less often (20.0%" in said
    assert seats_verdict(off).startswith("Écart significatif")  # French by default


def test_simulate_in_english_says_the_table_options_as_english_types_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A switch is « yes » in the English header, but the default file's name stays the same
    in both languages (a run in one is refused over a run in the other)."""
    monkeypatch.chdir(tmp_path)
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "2", "-o", "raise_cap=yes"])
    assert code == 0, said
    assert "Casino Royal (raise_cap=yes) — 2 games" in said, said
    assert (tmp_path / "simulations/casinoroyal-raise_cap_oui-0.parquet").exists()
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "2", "-o", "raise_cap=oui"])
    assert code == 2 and "already exists" in said and "--overwrite" in said, said


def test_simulate_in_english_says_the_files_replaced(tmp_path: Path) -> None:
    """--overwrite that removes the other format's files says so in English."""
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "2",
                      "--out", str(tmp_path / "ov.csv")])  # fmt: skip
    assert code == 0, said
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "2", "--overwrite",
                      "--out", str(tmp_path / "ov.parquet")])  # fmt: skip
    assert code == 0, said
    no_french(said)
    assert "Replaced (--overwrite): " in said and "ov.csv" in said, said


def test_simulate_in_english_writes_the_numbers_of_its_refusals_the_english_way() -> None:
    """The games' option checks write numbers bare: in English they are grouped by commas (in
    French by narrow spaces), and the options a table leaves unlimited are named in English."""
    code, said = run(["simulate", "pokerdas", "-o", "stake=20000", "--lang", "en"])
    assert code == 2 and "1 to 10,000 (got 20,000)" in one_line(said), said
    code, said = run(["simulate", "pokerdas", "--variant", "livre", "-g", "2", "--lang", "en"])
    assert code == 2, said
    text = one_line(said)
    assert "“Maximum throws” and “Maximum rounds” have no limit" in text, text
    no_french(said)


def test_simulate_in_english_says_an_interruption_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C before the first game, with none finished, and with some played: each message in
    English (the games kept are said with their file)."""

    def stopped(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise KeyboardInterrupt

    monkeypatch.setattr(runner, "run", stopped)
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "5",
                      "--out", str(tmp_path / "a.parquet")])  # fmt: skip
    assert code == 130 and "Interrupted: no game played, nothing is written." in said, said

    def none_finished(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise runner.Interrupted([])

    monkeypatch.setattr(runner, "run", none_finished)
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "5",
                      "--out", str(tmp_path / "b.parquet")])  # fmt: skip
    assert code == 130, said
    assert "Interrupted: no game finished out of 5, nothing is written." in said, said
    monkeypatch.undo()
    real = runner.run

    def two_played(*args: Any, **kwargs: Any) -> list[dict[str, Any]]:
        raise runner.Interrupted(real(*args, **kwargs)[:2])

    monkeypatch.setattr(runner, "run", two_played)
    out = tmp_path / "c.parquet"
    code, said = run(["simulate", "casinoroyal", *FAST, "-g", "5", "--out", str(out)])
    assert code == 130, said
    no_french(said)
    assert (f"Interrupted: 2 games played out of 5, saved in {out} (summary: "
            f"{out.with_suffix('.summary.json')}).") in one_line(said)  # fmt: skip
    assert len(results.read(out)) == 2


def test_a_ctrl_c_on_simulate_in_english_says_what_is_kept_in_english(tmp_path: Path) -> None:
    """A real Ctrl-C to the process group during `simulate --lang en`: exit 130, the games
    played saved and said in English."""
    code, out, err, _took, left = _run_and_interrupt(
        ["simulate", "belote", "-g", "200", "-j", "1", "--out", "b.parquet", "--lang", "en"],
        tmp_path,
        6.0,
        signal.SIGINT,
    )
    assert code == 130 and not left, (out, err)
    said = one_line(err)
    match = re.search(r"Interrupted: (\d+) games? played out of 200, saved in b\.parquet", said)
    assert match, said
    assert len(results.read(tmp_path / "b.parquet")) == int(match.group(1))
    no_french(out + err)


def test_the_numbers_helpers_speak_english_only_when_asked() -> None:
    """sim/fmt.py: French by default (the server and the reports use it), English with
    lang="en"."""
    assert fmt.count(1234) == "1\u202f234" and fmt.count(1234, lang="en") == "1,234"
    assert fmt.num(239.14) == "239,1" and fmt.num(1239.14, lang="en") == "1,239.1"
    assert fmt.pct(0.123) == "12,3 %" and fmt.pct(0.123, lang="en") == "12.3%"
    assert fmt.share(1.5) == "1,5" and fmt.share(1.5, lang="en") == "1.5"
    assert fmt.counted(0, "partie") == "0 partie" and fmt.counted(0, "game", lang="en") == "0 games"
    assert fmt.counted(1, "game", lang="en") == "1 game"
    assert fmt.per_second(0.6) == "0,6 partie/s"
    assert fmt.per_second(0.6, "game", lang="en") == "0.6 games/s"
    assert fmt.english_numbers("from 1 to 10000 (got 20000) in x1000/2000.csv") == (
        "from 1 to 10,000 (got 20,000) in x1000/2000.csv"
    )


# ---------------------------------------------------------------- tournoi
def tournoi(*args: str) -> tuple[int, str]:
    return run(["tournoi", *args])


def test_a_tournament_in_english_shows_its_rounds_standings_and_final_ranking(
    tmp_path: Path,
) -> None:
    """A club's run: the rounds' titles, the duels, the standings with their headings and the
    tie broken by lot, the final ranking and the files, in English; the bots are named as an
    English table names them (« Strong 1 »), the file keeps the names it was given."""
    args = ["pokerdas", "-n", "6", "--bots", "parfait,random", "--seed", "3", *FAST_PDA,
            "--dossier", str(tmp_path), "--jobs", "1", "--lang", "en"]  # fmt: skip
    code, out = tournoi(*args)
    assert code == 0, out
    no_french(out)
    titles = [line.strip("─ ") for line in out.splitlines() if line.startswith("───")]
    assert titles == ["Preliminaries, round 1", "Preliminaries, round 2", "Preliminaries, round 3",
                      "Semi-finals", "Final", "Final ranking"], titles  # fmt: skip
    assert re.search(r"^  Strong 1 – Strong 5: \d–\d → Strong \d$", out, re.M), out
    assert "Standings" in out and "Parfait" not in out
    for heading in ("Rank", "Entrant", "Match points", "Tie-break", "Duels W–L"):
        assert f" {heading} " in out, heading
    assert "(tie broken by lot)" in out  # two entrants level after round 2
    assert re.search(r"^  1\. Strong \d$", out, re.M), out
    where = re.escape(f"; tournament: {tmp_path}/tournoi.json, games: {tmp_path}/parties")
    flat = " ".join(out.split())  # a long path wraps the line at the console's width
    assert re.search(rf"12 duels in \d+\.\d s{where}", flat), out
    data = json.loads((tmp_path / "tournoi.json").read_text(encoding="utf-8"))
    assert data["entrants"][0]["name"] == "Parfait 1"
    # Run again: resumed from its file, in English.
    code, again = tournoi(*args)
    assert code == 0, again
    no_french(again)
    assert "Tournament resumed: 12 duels already played" in again
    over = (
        "This tournament is already over: no duel left to play; here are its rounds, each "
        "with the standings as they were then, and its final ranking."
    )
    assert over in one_line(again), again
    assert "12 duels, all resumed from the file; tournament:" in again
    # Stopped after its first round: the rest is played, and said so.
    data["duels"] = {k: v for k, v in data["duels"].items() if k.startswith("prelim1")}
    (tmp_path / "tournoi.json").write_text(json.dumps(data), encoding="utf-8")
    code, resumed = tournoi(*args)
    assert code == 0, resumed
    no_french(resumed)
    assert "Tournament resumed: 3 duels already played" in resumed
    assert re.search(r"^12 duels, 3 of them resumed from the file; 9 duels played in \d+\.\d s;",
                     resumed, re.M), resumed  # fmt: skip
    # The same tournament, in French: the file is the same, it resumes.
    code, french = tournoi(*args[:-2])
    assert code == 0 and "Reprise du tournoi" in french and "Parfait 1" in french, french


def test_a_championship_in_english_says_who_rests(tmp_path: Path) -> None:
    """An odd number in a championship: the entrant without a duel rests, said in English."""
    args = ["pokerdas", "-n", "3", "--formule", "championship", "--bots", "random", *FAST_PDA]
    code, out = tournoi(*args, "--dossier", str(tmp_path), "--jobs", "1", "--lang", "en")
    assert code == 0, out
    no_french(out)
    assert "Championship, round 1" in out and "Championship, round 3" in out
    assert re.search(r"^  Resting this round: Random \d \(odd number of entrants\)\.$", out, re.M)


def test_the_rounds_titles_in_english_and_in_french() -> None:
    """A knockout round is named in English by its entrants (« Round of 16 » has 8 duels);
    in French ``round_title`` says what the formula says."""
    assert [round_title("ko1", n, "en") for n in (1, 2, 4, 8, 16)] == [
        "Final", "Semi-finals", "Quarter-finals", "Round of 16", "Round of 32"]  # fmt: skip
    assert round_title("prelim2", 3, "en") == "Preliminaries, round 2"
    assert round_title("rr5", 2, "en") == "Championship, round 5"
    for n, options in ((6, TournamentOptions()), (32, TournamentOptions()),
                       (5, TournamentOptions(tournament_format="championship"))):  # fmt: skip
        formula = Formula(n, 1, options)
        for planned in formula.walk({}):
            assert round_title(planned.label, len(planned.pairs)) == planned.title
            break


def test_an_interrupted_tournament_says_so_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a tournament: what it keeps and that the same command resumes it."""

    def interrupted(self: Tournament, on_round: object = None) -> list[int]:
        raise KeyboardInterrupt

    monkeypatch.setattr(Tournament, "run", interrupted)
    code, out = tournoi("pokerdas", "-n", "2", *FAST_PDA, "--dossier", str(tmp_path),
                        "--lang", "en")  # fmt: skip
    assert code == 130, out
    no_french(out)
    assert ("Tournament interrupted before its first duel ended: the same command starts it."
            in one_line(out)), out  # fmt: skip


def test_an_online_tournament_created_in_english_says_its_links_in_english(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`tournoi --serveur URL --lang en`: the organiser's guest account, the tournament's
    page, the organiser's link and the invitation, in English (a server answering as ours)."""

    def answer(request: httpx.Request) -> httpx.Response:
        if request.url.path == "/api/guest":
            return httpx.Response(200, json={"token": "tok"})
        return httpx.Response(200, json={"id": "t1", "invite": "inv"})

    real = httpx.Client

    def client(*args: Any, **kwargs: Any) -> httpx.Client:
        return real(*args, transport=httpx.MockTransport(answer), **kwargs)

    monkeypatch.setattr(httpx, "Client", client)
    code, out = tournoi("alphapoker", "--serveur", "http://club.example", "--invitation",
                        "--organisateur", "Ann", "--lang", "en")  # fmt: skip
    assert code == 0, out
    no_french(out)
    text = one_line(out)
    assert "Organiser: guest “Ann”, token tok" in text
    assert "Tournament created: http://club.example/tournament/t1" in text
    assert ("Organiser's page (it opens the organiser's session in the browser: do not share "
            "it): http://club.example/tournament/t1#jeton=tok") in text  # fmt: skip
    assert "Invitation link: http://club.example/tournament/t1?invite=inv" in text
    code, out = tournoi("alphapoker", "--serveur", "http://club.example", "-o", "hands",
                        "--lang", "en")  # fmt: skip
    assert code == 2 and "option 'hands': name=value expected" in one_line(out), out


# ---------------------------------------------------------------- rapport
def test_a_report_in_english_says_its_header_page_and_figures_in_english(
    tmp_path: Path,
) -> None:
    """The console lines of `rapport --lang en`: the header, the page written (which says its
    text is French) and the figures."""
    page = tmp_path / "r.html"
    code, out = run(["rapport", "casinoroyal", "-g", "2", "-j", "1", "--out", str(page),
                     "--png", str(tmp_path / "png"), "--lang", "en"])  # fmt: skip
    assert code == 0, out
    # « cartes »: in a figure's file name (casinoroyal-cartes-bingo.png), named by the page
    no_french(out, allowed=("cartes",))
    assert "Casino Royal — balance report (size 2, 1 process)…" in out
    assert f"Report (written in French): {page} (2 figures)" in out
    assert len(lines_with(out, "figure:")) == 2, out


def test_a_reports_progress_is_said_in_english() -> None:
    """The live line while the report is computed, English plurals included."""
    said = rapport_cli.progress_text({"games": 1, "tasks": 2}, 12.4, "en")
    assert said == "Computing… 1 game played, 2 studies done (12 s)"
    said = rapport_cli.progress_text({"games": 1200, "tasks": 0}, 3, "en")
    assert said == "Computing… 1,200 games played (3 s)"
    assert rapport_cli.progress_text({"games": 2, "tasks": 1}, 3) == (
        "Calcul en cours… 2 parties jouées, 1 étude faite (3 s)"
    )


def test_an_interrupted_report_says_so_in_english(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the report is computed: nothing written, said in English."""

    def stopped(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(report, "make", stopped)
    code, out = run(["rapport", "bataille", "-j", "1", "--out", str(tmp_path / "r.html"),
                     "--lang", "en"])  # fmt: skip
    assert code == 130, out
    assert "Interrupted: the report is not written." in out, out
    assert not (tmp_path / "r.html").exists()


def test_a_report_without_figures_says_0_figures_in_english(tmp_path: Path) -> None:
    """The Bataille has no figure: « 0 figures », English plural for none."""
    code, out = run(["rapport", "bataille", "-g", "2", "-j", "1",
                     "--out", str(tmp_path / "b.html"), "--lang", "en"])  # fmt: skip
    assert code == 0, out
    no_french(out)
    assert "(0 figures)" in out and "La Bataille AlphaPoker — balance report" in out
