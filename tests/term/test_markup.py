"""Text from players and from the lexicon is printed as it is (issue 21): rich's markup and
emoji codes must not eat it — « ind:imp:3s » came out as « ind👿3s »."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()


def test_lexicon_check_prints_the_verb_form_as_it_is() -> None:
    result = runner.invoke(app, ["lexicon", "check", "ornait"])
    assert result.exit_code == 1 and "(ind:imp:3s)" in result.output
    assert "👿" not in result.output


def test_the_alkamo_table_prints_the_lexicon_reason_as_it_is(tmp_path: Path) -> None:
    """At the table, a conjugated word's reason (in the confirmation question) keeps its
    « ind:pas:3s »: the play console reads no emoji codes (« ind:imp:3s » became « ind👿3s »).
    The word is one the rack makes (A C H I K N Q U W Z): the table checks the rack first."""
    args = [
        "play",
        "alkamo",
        "-n",
        "2",
        "--seed",
        "1",
        "--bots",
        "random",
        "--record",
        str(tmp_path / "a.json"),
    ]
    result = runner.invoke(app, args, input="\n" + "nia\nn\n" * 3 + "quitter\n")
    assert "ind:pas:3s" in result.output and "👿" not in result.output
