"""Casino Royal's poker hands in words (issue 17): screens name a hand by its key with the
game's terms (labels.py, served by /api/games), as web/js/games/casinoroyal.js ``handName``
does; the French terms give the engine's own name of every hand, the English no French."""

from __future__ import annotations

import random
import re

from ludotheque.cards.poker import CATEGORY_ID, evaluate, key_ranks, name_fr
from ludotheque.games.casinoroyal.labels import WORDS

KICKERS = {
    "carre": (1, 2),
    "floche": (1, 5),
    "brelan": (1, 3),
    "deux_paires": (2, 3),
    "paire": (1, 4),
    "carte_haute": (1, 5),
}


def named(key: int, lang: str) -> str:
    def term(k: str) -> str:
        return str(getattr(WORDS.terms[k], lang))

    cat = CATEGORY_ID[key >> 20]
    r = key_ranks(key)
    if not r[0]:
        return term("no_card")
    if cat == "quinte_floche" and r[0] == 14:
        return term("royal_flush")
    lo, hi = KICKERS.get(cat, (5, 5))
    kickers = [term(f"rank.{x}") for x in r[lo:hi] if x]
    params = {
        "a": term(f"ranks.{r[0]}"),
        "b": term(f"ranks.{r[1]}") if r[1] else "",
        "a1": term(f"rank.{r[0]}"),
        "de_a": term(f"de.{r[0]}"),
        "au_a": term(f"au.{r[0]}"),
        "aux_a": term(f"aux.{r[0]}"),
        "kickers": f" ({', '.join(kickers)})" if kickers else "",
    }
    return re.sub(r"\{(\w+)\}", lambda m: params[m.group(1)], term(f"hand.{cat}"))


def test_issue17_every_poker_hand_reads_in_french_as_the_engine_names_it() -> None:
    rng = random.Random(17)
    seen = set()
    for _ in range(20_000):
        cards = rng.sample(range(52), rng.choice([1, 2, 3, 5, 7]))
        key = evaluate(cards)
        seen.add(key >> 20)
        assert named(key, "fr") == name_fr(key), cards
        english = named(key, "en")
        assert not re.search(r"Paire|Brelan|Carré|Quinte|Floche|Rois|Dames|Valets|\bpar\b", english)
    for royal in ([12, 11, 10, 9, 8], [3, 2, 1, 0, 12]):  # A-K-Q-J-10 and 5-4-3-2-A of spades
        key = evaluate(royal)
        assert named(key, "fr") == name_fr(key)
    assert named(evaluate([12, 11, 10, 9, 8]), "en") == "Royal flush"
    assert len(seen) == 9
