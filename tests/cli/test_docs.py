"""`ludotheque docs`: the pages of docs/games/ are generated from the sources and up to date."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ludotheque import games
from ludotheque.cli import docs
from ludotheque.cli.main import app

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"


def test_docs_games_pages_are_up_to_date_with_the_sources() -> None:
    """If this fails after a change to a game's options, rules summary, bots or commands:
    run `ludotheque docs` (or `make docs`) and commit docs/games/."""
    stale = [
        name
        for name in games.names()
        if not (DOCS / f"{name}.md").exists()
        or (DOCS / f"{name}.md").read_text(encoding="utf-8") != docs.page(games.get(name))
    ]
    assert stale == [], f"docs/games/ n'est pas à jour pour {stale} : lancez « make docs »"
    assert (DOCS / "README.md").read_text(encoding="utf-8") == docs.index()


def test_a_page_holds_rules_options_with_their_accepted_values_bots_actions_and_commands() -> None:
    page = docs.page(games.get("alphapoker"))
    assert "## Règles en bref" in page and "**entame**" in page
    assert "| `hand_size` | entier | `7` | 5 à 9 |" in page
    assert "| `capital` | entier ou aucun | aucun | 5 à 100000 ; aucun |" in page
    assert "| `fort` |" in page and "| `random` |" in page
    assert '{"type": "bet", "amount": 4, "pour_voir": false}' in page
    assert "| `best` |" in page and "`--simplified/--simplifie`" in page
    page = docs.page(games.get("pokerdas"))
    assert "- `cafe` : `relance_totale=non`, `max_throws=3`" in page


def test_docs_command_writes_and_checks_pages(tmp_path) -> None:
    runner = CliRunner()
    res = runner.invoke(app, ["docs", "pokerdas", "--dossier", str(tmp_path)])
    assert res.exit_code == 0 and (tmp_path / "pokerdas.md").exists()
    assert (
        runner.invoke(app, ["docs", "pokerdas", "--dossier", str(tmp_path), "--check"]).exit_code
        == 0
    )
    (tmp_path / "pokerdas.md").write_text("vieux", encoding="utf-8")
    res = runner.invoke(app, ["docs", "pokerdas", "--dossier", str(tmp_path), "--check"])
    assert res.exit_code == 1 and "pas à jour" in res.output
    assert runner.invoke(app, ["docs", "dames"]).exit_code == 2


def test_an_options_range_is_the_one_the_game_accepts_cartons_per_player_1_to_4() -> None:
    """Issue 21: the page said `cartons_per_player` « 1 à 1 » while 1–4 are played (R30)."""
    from ludotheque.games.casinoroyal.rules import Options

    page = docs.page(games.get("casinoroyal"))
    assert "| `cartons_per_player` | entier | `1` | 1 à 4 |" in page
    for n in (1, 4):
        assert Options.parse([f"cartons_per_player={n}", "game=C"]).cartons_per_player == n


def test_docs_check_says_a_missing_page_is_absent(tmp_path) -> None:
    """Found play-testing: `ludotheque docs --check` in a folder without the pages reported
    each missing page as « n'est pas à jour » rather than missing."""
    runner = CliRunner()
    res = runner.invoke(app, ["docs", "pokerdas", "--dossier", str(tmp_path), "--check"])
    said = " ".join(res.output.split())
    assert res.exit_code == 1 and "absente" in said and "pas à jour" not in said
    assert not (tmp_path / "pokerdas.md").exists()


def test_docs_refuses_a_folder_it_cannot_write_to(tmp_path) -> None:
    """Found play-testing: `ludotheque docs --dossier /proc/nope` ended on a traceback."""
    runner = CliRunner()
    for folder in ("/proc/nope", str(tmp_path / "f")):
        (tmp_path / "f").write_text("x", encoding="utf-8")
        res = runner.invoke(app, ["docs", "pokerdas", "--dossier", folder])
        said = " ".join(res.output.split())
        assert res.exit_code == 2, said
        assert f"Erreur : --dossier {folder}" in said and "impossible d'écrire" in said
