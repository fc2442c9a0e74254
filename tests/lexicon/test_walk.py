"""Walks over the definitions (issue 19, lexicon/walk.py): a tiny graph by hand, the cache's
decoding, and the real graph's answers on a maquette theme."""

from __future__ import annotations

import marshal
from array import array

import pytest

from ludotheque.lexicon import walk as WK
from ludotheque.lexicon.glosses import installed


class NoLemmas:
    """Readings that know no lemma: every word stands for itself."""

    def lemmas(self, word: str) -> frozenset[str]:
        return frozenset()


def chain() -> WK.DefinitionGraph:
    """CHAT – GRIFFE – ONGLE – DOIGT, and CHAT – SOURIS (weight 2)."""
    words = ["CHAT", "GRIFFE", "ONGLE", "DOIGT", "SOURIS"]
    a, b, w = array("i", [0, 1, 2, 0]), array("i", [1, 2, 3, 4]), array("f", [1, 1, 1, 2])
    return WK.DefinitionGraph.from_links(words, a, b, w)


def test_a_walk_visits_near_words_more_than_far_ones() -> None:
    g = chain()
    lift = {w: g.lift("CHAT", w, NoLemmas()) for w in ("GRIFFE", "ONGLE", "DOIGT", "SOURIS")}
    assert lift["SOURIS"] > lift["GRIFFE"] > lift["ONGLE"] > lift["DOIGT"]  # type: ignore[operator]
    assert g.lift("CHAT", "INCONNU", NoLemmas()) is None
    assert g.lift("INCONNU", "GRIFFE", NoLemmas()) is None
    assert g.rank.sum() == pytest.approx(1.0, abs=1e-5)


def test_walks_are_kept_for_the_last_themes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(WK, "THEMES_KEPT", 2)
    g = chain()
    first = g.walk(("CHAT",))
    assert g.walk(("CHAT",)) is first
    g.walk(("ONGLE",))
    g.walk(("DOIGT",))
    assert g.walk(("CHAT",)) is not first  # dropped, then walked again
    assert g.walk(("INCONNU",)) is None


def test_the_cache_round_trips_and_refuses_what_does_not_decode() -> None:
    g = chain()
    back = WK._loads(g.to_bytes())
    assert back is not None and back.words == g.words
    assert back.lift("CHAT", "DOIGT", NoLemmas()) == g.lift("CHAT", "DOIGT", NoLemmas())
    src, p, bounds, nodes, rank = g._arrays
    bad_index = array("i", [0, 1, 2, 99]).tobytes() * 2
    for payload in (
        marshal.dumps("not a graph"),
        marshal.dumps((g.words, src, p, bounds, nodes)),  # a field missing
        marshal.dumps((g.words, src, p, bounds, nodes, "rank")),  # not bytes
        marshal.dumps((g.words, bad_index, p, bounds, nodes, rank)),  # a word out of range
        marshal.dumps((g.words, src, p[:4], bounds, nodes, rank)),  # lengths disagree
        marshal.dumps((g.words[:2], src, p, bounds, nodes, rank)),  # rank of another graph
    ):
        assert WK._loads(payload) is None


@pytest.mark.skipif(not installed(), reason="the definitions' package is not installed")
def test_the_real_graph_on_a_maquette_theme() -> None:
    """From CHEVAL the walk reaches SABOT and JUMENT far more than chance, TULIPE less."""
    from ludotheque.lexicon import judge as J

    judge = J.make_judge("auto")
    graph = judge.walks
    assert graph is not None and len(graph.words) > 50000
    lift = {w: graph.lift("CHEVAL", w, judge.readings) for w in ("SABOT", "JUMENT", "TULIPE")}
    assert lift["SABOT"] > 2.0 and lift["JUMENT"] > 2.0  # type: ignore[operator]
    assert lift["TULIPE"] < 0.0  # type: ignore[operator]
    # A plural and its singular are one word of the graph.
    assert graph.lift("CHEVAL", "SABOTS", judge.readings) == lift["SABOT"]
