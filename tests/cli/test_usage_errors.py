"""The command line's own refusals — an unknown option or command, a value of the wrong type, a
missing argument — said in French as every other message of the interface (found trying the
commands as a new user: « No such option: --foo », « Invalid value for '--seed': Input should
be a valid integer… »), with the help command to type, and exit code 2."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from ludotheque.cli.main import app

runner = CliRunner()


def refusal(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    return " ".join(result.output.split())


def test_an_unknown_option_is_named_with_the_close_ones() -> None:
    said = refusal(["play", "--bto", "random"])
    assert "Erreur : option inconnue : --bto (voulez-vous dire --bot ?)" in said
    assert "Aide : ludotheque play --help" in said
    assert "No such option" not in said


def test_an_unknown_command_lists_the_commands() -> None:
    said = refusal(["jouer"])
    assert "Erreur : commande inconnue : « jouer »" in said
    assert "play" in said and "reprendre" in said and "No such command" not in said


def test_a_value_of_the_wrong_type_says_what_was_expected() -> None:
    said = refusal(["play", "alkamo", "--seed", "abc"])
    assert "Erreur : --seed attend un nombre entier, pas « abc »" in said
    said = refusal(["play", "-n", "trois"])
    assert "--players attend un nombre entier, pas « trois »" in said


def test_a_missing_value_or_argument_is_named() -> None:
    assert "Erreur : l'option --seed attend une valeur" in refusal(["play", "--seed"])
    said = refusal(["alkamo", "juge", "CHEVAL"])
    assert "Erreur : argument manquant : mot" in said


def test_an_extra_argument_is_named() -> None:
    said = refusal(["play", "alkamo", "en-trop"])
    assert "Erreur : argument en trop : en-trop" in said


def test_the_help_names_its_panels_and_defaults_in_french() -> None:
    result = runner.invoke(app, ["--help"])
    assert result.exit_code == 0 and "Commandes" in result.output
    result = runner.invoke(app, ["play", "--help"])
    assert "[défaut : alphapoker]" in result.output and "[default" not in result.output
    result = runner.invoke(app, ["alkamo", "juge", "--help"])
    assert "[requis]" in result.output and "[required]" not in result.output


def test_the_installed_command_says_it_too() -> None:
    """The same through ``python -m ludotheque``, as a person runs it (not the test runner)."""
    out = subprocess.run(
        [sys.executable, "-m", "ludotheque", "play", "--seed", "x"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 2
    assert "--seed attend un nombre entier, pas « x »" in " ".join(out.stderr.split())


def test_with_lang_en_the_refusal_is_in_english() -> None:
    """Found by an English-speaking play-tester: with --lang en the refusal was the
    framework's own box (« Usage : ludotheque play [options] [jeu] », « Invalid value for
    '--seed': Input should be a valid integer… »), half French; it is now the project's
    refusal in English, then the help to read."""
    result = runner.invoke(app, ["lexicon", "check", "chat", "--lang", "en", "--fo"])
    assert result.exit_code == 2 and "Error: unknown option: --fo" in result.output
    assert "Help: ludotheque lexicon check --help" in result.output
    seed = runner.invoke(app, ["play", "pokerdas", "--lang", "en", "--seed", "abc"])
    assert seed.exit_code == 2 and "Error: --seed expects a whole number, not “abc”" in seed.output
    assert "Usage" not in seed.output
    typo = runner.invoke(app, ["plya", "--lang", "en"])
    assert "Error: unknown command: “plya”" in typo.output and "did you mean play" in typo.output


def test_a_missing_argument_is_named_in_french_as_the_help_shows_it() -> None:
    """Found play-testing: « argument manquant : second », « number attend un nombre entier »:
    the Python names of the arguments; now the names the help shows (« fichier », « jeu »)."""
    assert "Erreur : argument manquant : fichier" in refusal(["reprendre"])
    assert "Erreur : argument manquant : jeu" in refusal(["simulate"])
    said = refusal(["casinoroyal", "cartons", "abc"])
    assert "numéro attend un nombre entier, pas « abc »" in said
    assert "argument manquant : second" in refusal(["pokerdas", "compare", "AAAAA"])
    assert "{premier}" in " ".join(
        runner.invoke(app, ["pokerdas", "compare", "--help"]).output.split()
    )
