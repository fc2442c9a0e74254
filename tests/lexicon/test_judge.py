"""The Alkamo theme judge (rules/alkamo.md R21, R22, E16): list, free and vector modes."""

from __future__ import annotations

import json
import re

import pytest

from ludotheque.engine.errors import OptionsError
from ludotheque.games.alkamo.maquettes import MAQUETTES
from ludotheque.lexicon import judge as J

A = MAQUETTES["A"]


def related(word: str) -> tuple[str, ...]:
    theme = A.theme(word)
    assert theme is not None
    return theme.related


@pytest.fixture(scope="module")
def liste() -> J.ListJudge:
    return J.make_judge("liste")


@pytest.fixture(scope="session")
def auto() -> J.VectorJudge:
    """The vector judge, loaded once per test session (built once per machine)."""
    return J.make_judge("auto")


def test_E16_list_judge(liste: J.ListJudge) -> None:
    """E16: ALPINISTES (lemma ALPINISTE listed), GLACIERS accepted, CHAT refused on MONTAGNE;
    CHEVAUX accepted on CHEVAL (lemma = theme word)."""
    rel = related("MONTAGNE")
    assert liste.decide("MONTAGNE", "ALPINISTES", rel).accepted is True
    assert liste.decide("MONTAGNE", "GLACIERS", rel).accepted is True
    assert liste.decide("MONTAGNE", "CHAT", rel).accepted is False
    d = liste.decide("CHEVAL", "CHEVAUX", related("CHEVAL"))
    assert d.accepted is True and d.source == "form"


def test_R21_theme_word_always_qualifies(liste: J.ListJudge, auto: J.VectorJudge) -> None:
    for judge in (liste, auto):
        d = judge.decide("ARMÉE", "ARMEE", ())
        assert d.accepted is True and d.source == "theme"


def test_R22_libre_accepts_everything() -> None:
    assert J.make_judge("libre").decide("MER", "CHAT").accepted is True
    assert J.make_judge("vote") is None and J.make_judge("arbitre") is None


def test_unknown_mode_is_refused() -> None:
    with pytest.raises(OptionsError, match="juge inconnu"):
        J.make_judge("oracle")


def test_readings_restore_accents_and_lemmas() -> None:
    r = J.readings()
    assert "armée" in r.spellings("ARMEE")
    assert "cheval" in r.spellings("CHEVAUX")
    assert r.lemmas("CHEVAUX") == {"CHEVAL"}
    assert J.singulars("CHEVAUX") == ["CHEVAL", "CHEVAIL", "CHEVAU"]


def test_R22_auto_decides_by_meaning_and_shows_its_score(auto: J.VectorJudge) -> None:
    """The seed's own example: ARMÉE and its field; unrelated nouns refused."""
    rel = related("ARMEE")
    soldat = auto.decide("ARMÉE", "SOLDATS", [w for w in rel if w != "SOLDAT"])
    assert soldat.accepted is True and soldat.source == "vectors"
    assert re.fullmatch(r"parenté avec ARMÉE : [01],\d\d — accepté", soldat.text_fr())
    for word in ("TULIPE", "CONFITURE", "PIANO"):
        d = auto.decide("ARMÉE", word, rel)
        assert d.accepted is False and d.score is not None and d.score < 0.5, word
        assert d.text_fr().endswith("— refusé")


def test_auto_accepts_listed_words_and_their_forms(auto: J.VectorJudge) -> None:
    d = auto.decide("MONTAGNE", "ALPINISTES", related("MONTAGNE"))
    assert d.accepted is True and d.source == "list"


def test_auto_polysemous_theme_gets_its_sense_from_the_field(auto: J.VectorJudge) -> None:
    """CUISINE/CHEF is 0.04 for the raw vectors; the field's listed words carry the sense."""
    assert auto.decide("CUISINE", "CUISINIER", related("CUISINE")).accepted is True
    assert auto.decide("CUISINE", "CASSEROLES", related("CUISINE")).accepted is True


def test_mixte_has_a_band_for_the_players(auto: J.VectorJudge) -> None:
    rel = related("ARMEE")
    assert auto.decide("ARMÉE", "TULIPE", rel, mixte=True).accepted is False
    scores = {w: auto.score("ARMÉE", w, rel) for w in ("GENERAL", "POLICE", "DRAPEAU")}
    undecided = [w for w, p in scores.items() if p is not None and J.MIXTE_LOW <= p < J.MIXTE_HIGH]
    for w in undecided:
        assert auto.decide("ARMÉE", w, rel, mixte=True).accepted is None


def test_word_without_vector_is_not_guessed(auto: J.VectorJudge) -> None:
    d = auto.decide("MER", "QWXZ", ())
    assert d.accepted is False and d.score is None and d.source == "unknown"
    assert auto.decide("MER", "QWXZ", (), mixte=True).accepted is None


def test_decision_dict_is_json_ready(auto: J.VectorJudge) -> None:
    d = auto.decide("ARMÉE", "SOLDAT", ()).to_dict()
    assert set(d) == {"word", "theme", "accepted", "score", "margin", "reason", "reason_en",
                      "explanation", "explanation_en", "source", "evidence"}  # fmt: skip
    json.dumps(d)
    assert J.format_score(0.62) == "0,62"
