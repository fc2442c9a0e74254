"""The lexicon policy of issue 19: abbreviations, sigles and initials are not admitted (Alkamo
R19 « initiales », AlphaPoker R40), each class refused through its own signal; common words
Lexique lacks are added from Grammalecte (ZETA); ``explain`` agrees with each game's rule."""

from __future__ import annotations

import pytest

from ludotheque.lexicon import Lexicon
from ludotheque.lexicon.abbreviations import abbreviations, classify, long_reading, spelled_out
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.hunspell import load_grammalecte, missing_from_lexique
from ludotheque.lexicon.policy import ADDITIONS, POLICY_VERSION
from ludotheque.lexicon.source import lexique_rows

# Every form the four signals take out of Lexique, with its signal (the counts of
# test_completion.py subtract these 14).
EXPECTED = {
    "SVP": "shape", "BCBG": "shape", "LSD": "shape",
    "ADP": "letters", "DNA": "letters", "HIV": "letters", "IBM": "letters",
    "MME": "reading", "MLLE": "reading", "ETC": "reading",
    "CAF": "capitals", "MOS": "capitals", "RAM": "capitals", "UHT": "capitals",
}  # fmt: skip


def test_every_abbreviation_of_lexique_and_its_signal() -> None:
    found = abbreviations()
    assert {k: v for k, v in found.items() if k != "DAB"} == EXPECTED
    assert found["DAB"] == "capitals"  # the one false alarm, admitted by OVERRIDES


@pytest.mark.parametrize("policy", ["alphapoker", "alkamo"])
@pytest.mark.parametrize("word", sorted(EXPECTED))
def test_abbreviations_are_refused(
    alphapoker: Lexicon, alkamo: Lexicon, policy: str, word: str
) -> None:
    lex = alphapoker if policy == "alphapoker" else alkamo
    verdict = lex.explain(word)
    assert not lex.admits(word) and not verdict.admitted
    rule = "R19" if policy == "alkamo" else "R40"
    assert verdict.reason_fr.endswith(f"non admis ({rule})")


def test_SVP_kind_initials_without_a_vowel(alkamo: Lexicon) -> None:
    assert "aucune voyelle" in alkamo.explain("SVP").reason_fr
    assert classify("SVP", [("ADV", "Esvepe")], {}) == "shape"
    # An interjection without a vowel is not initials: BRRR, PFF stay what they are.
    assert classify("PFF", [("ONO", "pf")], {}) is None


def test_LSD_IBM_kind_sigles_read_letter_by_letter(alkamo: Lexicon) -> None:
    assert spelled_out("IBM", "ibeEm") and spelled_out("LSD", "ElEsde")
    assert not spelled_out("BAL", "bal")
    assert "lettre à lettre" in alkamo.explain("IBM").reason_fr
    # ABC is read a-bé-cé too, but Grammalecte has « abc » (the primer) in lower case: a word.
    assert alkamo.admits("ABC")
    assert classify("ABC", [("NOM", "abese")], {"ABC": frozenset({"lower"})}) is None


def test_MME_ETC_kind_abbreviations_read_as_their_word(alphapoker: Lexicon) -> None:
    assert long_reading("MME", "madam") and long_reading("ETC", "EtseteRa")
    assert not long_reading("EXPATRIE", "EkspatRije")  # x → ks, ié → ije: two sounds more
    for word in ("MME", "MLLE", "ETC"):
        assert "abréviation" in alphapoker.explain(word).reason_fr


def test_UHT_kind_sigles_Grammalecte_writes_in_capitals(alkamo: Lexicon) -> None:
    assert "capitales" in alkamo.explain("UHT").reason_fr
    # A capitalised entry is a proper noun (Nice), not a sigle; a lower-case one a word.
    assert classify("NICE", [("ADJ", "nis")], {"NICE": frozenset({"title"})}) is None
    assert classify("CHU", [("VER", "Sy")], {"CHU": frozenset({"capitals", "lower"})}) is None


def test_dab_is_slang_not_a_sigle(alphapoker: Lexicon, alkamo: Lexicon) -> None:
    assert alphapoker.admits("DAB") and alkamo.admits("DAB")
    assert "argot" in alkamo.explain("DAB").reason_fr


def test_ZETA_and_the_other_additions_come_from_Grammalecte(alphapoker: Lexicon) -> None:
    """Each addition is a lower-case entry of Grammalecte that Lexique lacks."""
    lexique = {fold(r.ortho) for r in lexique_rows()}
    stems = {s for s, _ in load_grammalecte().stems}
    missing = set(missing_from_lexique())
    for key, (spelling, cgram) in ADDITIONS.items():
        assert fold(spelling) == key and spelling in stems and spelling in missing
        assert key not in lexique and cgram in ("NOM", "ADJ")
        assert alphapoker.admits(key), key
    verdict = alphapoker.explain("zêta")
    assert verdict.admitted and "ajouté d'après Grammalecte" in verdict.reason_fr
    assert alphapoker.admits("SELFIES")  # plurals through completion, as for Lexique's nouns
    assert not alphapoker.admits("ZETAS")  # Grammalecte: invariable


def test_two_letter_words_follow_each_game(alphapoker: Lexicon, alkamo: Lexicon) -> None:
    """`lexicon check os --jeu alkamo` admits OS (R18, D6); AlphaPoker needs 3 (R40)."""
    from ludotheque.games.alkamo.words import TWO_LETTER_WORDS

    assert alkamo.two_letter_words() == TWO_LETTER_WORDS
    assert alphapoker.two_letter_words() == frozenset()
    assert alkamo.admits("OS") and alkamo.explain("OS").admitted
    assert not alkamo.explain("CM").admitted and "sans voyelle" in alkamo.explain("CM").reason_fr
    verdict = alphapoker.explain("OS")
    assert not verdict.admitted and verdict.reason_fr == "moins de 3 lettres, non admis"
    assert alkamo.explain("A").reason_fr == "moins de 2 lettres, non admis"
    assert len(alkamo) == alkamo.counts["total"]  # the compiled list still starts at 3


def test_compound_hint_only_when_the_option_would_admit_it(alkamo: Lexicon) -> None:
    from ludotheque.lexicon import load

    plain, compound = alkamo, load("alkamo", compound=True)
    for text in ("xyz-abc", "chat-truc"):
        assert "option des mots composés" not in plain.explain(text).reason_fr
        assert not compound.explain(text).admitted
    hint = plain.explain("porte-monnaie")
    assert not hint.admitted and "option des mots composés" in hint.reason_fr
    assert compound.explain("porte-monnaie").admitted


def test_cache_files_carry_the_policy_version(alkamo: Lexicon) -> None:
    assert alkamo.cache_path("words").name == f"alkamo.v{POLICY_VERSION}.words"


def test_a_word_the_game_does_not_know_is_said_in_a_players_words(alphapoker: Lexicon) -> None:
    """Found by a newcomer learning from the browser: TAH scored 0 « absent du lexique
    (Lexique 3.83) », a name nobody explains: the reason says it is not in the game's
    dictionary (the source named after it)."""
    said = alphapoker.explain("TAH")
    assert said.reason_fr.startswith("absent du dictionnaire du jeu (Lexique 3.83)"), said
    assert said.reason_en.startswith("not in the game's dictionary"), said
