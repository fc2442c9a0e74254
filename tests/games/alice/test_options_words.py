"""What the table form says of Alice's options agrees with the rules."""

from __future__ import annotations

from ludotheque.games.alice.options import WORDS


def test_R22_level_A_is_said_to_drop_the_exchanges_not_the_captures() -> None:
    """Found play-testing: the lobby and the rules page said level A moves cards « sans
    prise », while R22 drops only the exchanges (R19–R21): the level A bot took 25 cards."""
    words = WORDS["level"].help
    assert words is not None
    assert "sans prise" not in words.fr and "échange" in words.fr
    assert "without capturing" not in words.en and "exchange" in words.en


def test_D15_the_printed_ace_of_spades_is_1_and_21_is_the_series_reading() -> None:
    """Found play-testing: the form said « 21 (le livret) ou 1 point », but the rule book prints
    1; 21 is D15's reading of its series of values."""
    words = WORDS["ace_of_spades_value"].help
    assert words is not None
    assert "21 (le livret)" not in words.fr and "1 (le chiffre imprimé au livret)" in words.fr
