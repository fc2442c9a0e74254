"""Balance reports: the HTML page and its figures, the exact tables, the studies' helpers,
the generic fallback and `ludotheque rapport`."""

from __future__ import annotations

import base64
import re

from typer.testing import CliRunner

from ludotheque import report
from ludotheque.cli.main import app
from ludotheque.games.alkamo import report as alkamo
from ludotheque.games.alphapoker import report as alphapoker
from ludotheque.games.casinoroyal import report as casinoroyal
from ludotheque.games.pokerdas import strategy
from ludotheque.report.html import Report, new_figure, pct

PNG = re.compile(r'src="data:image/png;base64,([A-Za-z0-9+/=]+)"')


def test_a_report_is_one_html_page_with_embedded_png_figures() -> None:
    doc = Report("Essai", "sous-titre")
    doc.section("Une section")
    doc.text("Un **résultat** <important>")
    doc.table(["a", "b"], [[1, 0.5]], "légende")
    fig, ax = new_figure()
    ax.plot([1, 2], [3, 4])
    doc.figure(fig, "une courbe", "courbe")
    page = doc.render()
    assert page.startswith("<!DOCTYPE html>") and '<html lang="fr">' in page
    assert "<b>résultat</b> &lt;important&gt;" in page
    (data,) = PNG.findall(page)
    assert base64.b64decode(data).startswith(b"\x89PNG")
    assert pct(0.1234) == "12,3 %"


def test_poker_das_report_gives_the_exact_odds_and_the_first_player_tables() -> None:
    page = report.make("pokerdas", 8, jobs=1).render()
    for count in ("3 600", "1 800", "720", "1 200", "300", "150", "156", "1 300"):
        assert f"<td>{count.replace(' ', chr(0x202F))}</td>" in page  # French: « 3 600 »
    two = strategy.whole_first(False, 2, None)[1]
    assert pct(two) in page and "Brelan" in page
    assert len(PNG.findall(page)) == 2
    assert "Vérification par simulation" in page


def test_alphapoker_hand_study_scores_every_hand_and_simplified_never_exceeds_normal() -> None:
    rows = alphapoker.study_hands(7, range(30))
    assert len(rows) == 30
    for best, simplified, jokers, without in rows:
        assert 0 <= simplified <= best and 0 <= jokers <= 2
        assert without == best or jokers > 0
    assert rows == alphapoker.study_hands(7, range(30))  # seeded


def test_casino_royal_completion_times_follow_the_figures() -> None:
    times = casinoroyal.completion_times(200, seed=1)
    assert times.shape == (200, 8, 10) and times.min() >= 4 and times.max() <= 52
    # A vertical line (4 cells) never takes longer than the full carton (20 cells) that
    # contains it, and a full carton is complete exactly when its last card is turned.
    assert (times[:, :, 0] <= times[:, :, 9]).all()
    assert (times[:, :, 9] >= 20).all()


def test_alice_and_generic_reports_run_small(tmp_path) -> None:
    page = report.make("alice", 2, jobs=1).render()
    assert "glouton" in page and "mcts:moyen" in page  # the level too costly at this size
    page = report.make("bataille", 4, jobs=1).render()
    assert "section générique" in page and "premier joueur" in page.lower()


def test_rapport_command_writes_the_page_and_the_figures(tmp_path) -> None:
    out = tmp_path / "cr.html"
    res = CliRunner().invoke(
        app,
        [
            "rapport",
            "casinoroyal",
            "--games",
            "4",
            "--jobs",
            "1",
            "--out",
            str(out),
            "--png",
            str(tmp_path / "png"),
        ],
    )
    assert res.exit_code == 0, res.output
    assert out.exists() and "Casino Royal" in out.read_text()
    assert sorted(p.name for p in (tmp_path / "png").iterdir()) == [
        "casinoroyal-cartes-bingo.png",
        "casinoroyal-cartons.png",
    ]
    res = CliRunner().invoke(app, ["rapport", "dominos"])
    assert res.exit_code == 2 and "jeu inconnu" in res.output


def test_alkamo_rack_study_finds_themes_a_listed_word_plays() -> None:
    rows = alkamo.study_racks("A", range(40))
    assert len(rows) == 40 and rows == alkamo.study_racks("A", range(40))
    themes = [t for ts, _ in rows for t in ts]
    assert themes and all(0 <= t < 20 for t in themes)
    assert all(set(sizes) <= {4, 5, 6, 7, 8} for _, sizes in rows)  # C1–C5 of maquette A


def test_alphapoker_no_word_share_is_rounded_alike_in_the_table_and_the_text() -> None:
    """Found by a game author: `rapport alphapoker` showed « aucun mot » 7 cartes 2,9 % in its
    table and « 7 cartes : 2,95 % » in the text below: one figure, one rounding."""
    import re

    page = report.make("alphapoker", 8, jobs=1).render()
    said = page.split("Mains sans aucun mot", 1)[1]
    assert re.search(r"7 cartes : \d+,\d %", said) and not re.search(r"cartes : \d+,\d\d %", said)
