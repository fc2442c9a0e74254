"""Alkamo bots. They see their seat's ``view`` and ``legal`` actions only.

- ``random`` (generic): any legal action, uniformly (votes at random too);
- ``fort``: on a theme, plays the highest-scoring admissible word of its rack that the judge
  accepts with a margin, a word people know (Lexique frequency ≥ 1 per million) before any
  rarer one (lexicon/themewords.py; the labourage first: the theme word itself always
  qualifies and doubles); on a free square, its highest-scoring word; announces
  its Super Mot as soon as its ten tiles make a word, takes back a pending theme only when it
  has a good word for it, buys the one tile that turns a poor turn into a good word (and pays
  no more than the tile's value), sells tiles at their value or more, passes when nothing it
  can play would be accepted, and exchanges the tiles that unbalance its rack — until nobody
  has laid a word for five rounds (ten when it is behind): then it stops exchanging, so that the
  game can end as « jeu bloqué » (R34c). It votes as the automatic judge would (the list
  judge when spaCy's model is not installed), and judges that way at a non-playing arbiter's
  seat (R1, R22): an arbiter of its own never plays a word.

The judge the bot predicts with is the table's own in ``auto``, ``mixte``, ``liste`` and
``libre``; in ``vote`` and ``arbitre`` it is the automatic judge, which is how ``fort`` votes.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from ludotheque.engine.protocol import Action
from ludotheque.games.alkamo.custom import maquette_of
from ludotheque.games.alkamo.maquettes import JOKER, VALUE, Maquette
from ludotheque.games.alkamo.rules import _formable, word_score
from ludotheque.games.alkamo.search import joker_positions
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.decency import offensive
from ludotheque.lexicon.judge import Decision

VOWELS = frozenset("AEIOU")
TAKE_PENDING = 14  # take back a pending theme for a word worth at least this much
BUY_MARGIN = 6  # a purchase must beat the best word by this much (after its price)
BUY_BELOW = 16  # only a poor turn (best word below this) looks for a purchase
STUCK_ROUNDS = 5  # rounds without a word before passing without exchange (R34c; ×2 if behind)
KEEP = "EASIRNTOUL"  # one of each is worth keeping when exchanging after a pass
_PREDICTORS: dict[str, Any] = {}


def predictor(mode: str) -> Any:
    """The judge ``fort`` expects: the table's own when deterministic or automatic, else the
    automatic judge (the list judge when the vector model is not installed)."""
    if mode not in _PREDICTORS:
        if mode in ("liste", "libre"):
            _PREDICTORS[mode] = J.make_judge(mode)
        elif J.auto_available()[0]:
            _PREDICTORS[mode] = J.make_judge("auto")
        else:
            _PREDICTORS[mode] = J.make_judge("liste")
    return _PREDICTORS[mode]


def _playing(view: dict[str, Any]) -> int:
    """The players' seats are 0 … playing − 1; a non-playing arbiter holds the last seat (R1)."""
    return int(view.get("playing") or view["players"])


class Fort:
    """Best-scoring word the judge should accept (labourage first), Super Mot as soon as its ten
    tiles make one, buys the one tile that makes a much better word, votes as the automatic
    judge, exchanges unbalancing tiles."""

    name = "fort"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self.asked: set[tuple[int, int, str]] = set()  # (turn, seat, tile) already proposed

    # ------------------------------------------------------------------ dispatch
    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        phase = view["phase"]
        handler = {
            "theme": self._theme,
            "word": self._word,
            "draft": self._draft,
            "offer": self._answer,
            "judge": self._vote,
            "return": self._return,
        }.get(phase)
        action = handler(view, legal) if handler else None
        # Only a listed action: a driver (the learning environment's ``encode_action``, a
        # server's client) knows the legal list, not the other spellings ``apply`` accepts.
        if action is None or action not in legal:
            return legal[0]
        return action

    # ------------------------------------------------------------------ words
    def candidates(
        self,
        view: dict[str, Any],
        rack: list[str],
        plaque: str | None,
        super_mot: bool,
        words: list[tuple[str, list[int]]] | None = None,
    ) -> list[tuple[int, str, list[int]]]:
        """(score, word, jokers) of the words the rack can lay on ``plaque``, best first
        (not yet judged)."""
        maq: Maquette = maquette_of(view["options"]["maquette"])
        final = view["final"]
        if words is None:
            required = maq.free.get(plaque) if plaque else None
            minimum = view["options"]["min_word_length"]
            words = []
            for word, covered in _formable("".join(rack)):
                n = len(word)
                if (super_mot and n != 10) or n < minimum:
                    continue
                if required is not None and not final and not super_mot and n != required:
                    continue
                words.append((word, joker_positions(word, covered)))
        on = None if final else plaque
        fresh_super = final and not view["super_used"][view["seat"]]
        theme = maq.theme(on) if on else None
        labour = theme.word if theme else None
        bonus_c = word_score(maq, "", [], on, False)["bonus_c"]  # R11: C1/C5
        out = []
        for word, jokers in words:  # R11, inlined (bots score thousands of words)
            if offensive(word):  # a bot never lays, a hint never suggests, a slur
                continue
            base = sum(VALUE[c] for c in word) - sum(VALUE[word[i]] for i in jokers)
            sup = super_mot or (fresh_super and len(word) == 10)
            score = base * (2 if word == labour else 1) * (2 if sup else 1) + bonus_c
            if theme is not None and len(word) >= 10:
                score += 20
            out.append((score, word, jokers))
        out.sort(key=lambda t: (-t[0], len(t[2]), t[1]))
        return out

    def best(
        self,
        view: dict[str, Any],
        ranked: list[tuple[int, str, list[int]]],
        plaque: str | None,
        super_mot: bool,
    ) -> tuple[int, str, list[int]] | None:
        """The candidate ``fort`` lays: the first of :meth:`acceptable`."""
        return next((cand for cand, _ in self.acceptable(view, ranked, plaque, super_mot)), None)

    def acceptable(
        self,
        view: dict[str, Any],
        ranked: list[tuple[int, str, list[int]]],
        plaque: str | None,
        super_mot: bool,
    ) -> Iterator[tuple[tuple[int, str, list[int]], Decision | None]]:
        """The candidates ``fort`` would lay, in its order of preference, with the judge's
        decision. On a theme: only the words the judge accepts with a margin, the words people
        know first (lexicon/themewords.py, shared with AlphaPoker), best score first within
        each group. Elsewhere (free square, Super Mot, final phase): every word, best first."""
        maq: Maquette = maquette_of(view["options"]["maquette"])
        theme = maq.theme(plaque) if plaque and not view["final"] and not super_mot else None
        if theme is None:
            yield from ((cand, None) for cand in ranked)
            return
        judge = predictor(view["judge"])
        yield from TW.ranked(judge, theme.display, theme.related, ranked, lambda c: c[1])

    # ------------------------------------------------------------------ theme step (R6, R15)
    def _theme(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        rack = view["rack"]
        if {"type": "super_mot"} in legal and self.candidates(view, rack, None, True):
            return {"type": "super_mot"}
        if {"type": "reprendre"} in legal:
            pending = view["pending"]
            best = self.best(view, self.candidates(view, rack, pending, False), pending, False)
            if not any(a["type"] == "tirer" for a in legal) or (best and best[0] >= TAKE_PENDING):
                return {"type": "reprendre"}
        return {"type": "tirer"}

    # ------------------------------------------------------------------ word step
    def _word(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        listed = [(a["mot"], a["jokers"]) for a in legal if a["type"] == "mot"]
        plaque, sup = view["plaque"], view["super_mot"]
        best = self.best(
            view, self.candidates(view, view["rack"], plaque, sup, listed), plaque, sup
        )
        top = best[0] if best else 0
        purchase = self._purchase(view, legal, top)
        if purchase is not None:
            return purchase
        if best:
            _, word, jokers = best
            return {"type": "mot", "mot": word, "jokers": jokers}
        return {"type": "passer"}

    def _purchase(self, view: dict[str, Any], legal: list[Action], top: int) -> Action | None:
        """One tile that makes a much better word, bought at its value (R26, R28, R29): asked
        for here as the legal list lists a purchase (``achat``: the seller and the tile), its
        price (``prix``) given at the next step (:meth:`_draft`)."""
        if top >= BUY_BELOW or view["acquired"] or not any(a["type"] == "achat" for a in legal):
            return None
        rack = view["rack"]
        plaque = view["plaque"]
        maq = maquette_of(view["options"]["maquette"])
        jokers = rack.count(JOKER)
        if jokers >= 2:  # jokers already cover a missing letter; the search would be slow
            return None
        required = maq.free.get(plaque)
        words = []
        for word, covered in _formable("".join([*rack, JOKER])):
            if len(covered) <= jokers or (required is not None and len(word) != required):
                continue
            tile = max(covered, key=VALUE.__getitem__)
            rest = list(covered)
            rest.remove(tile)
            words.append((word, joker_positions(word, rest), tile))
        if not words:
            return None
        tiles = {(w, tuple(j)): t for w, j, t in words}
        others = [s for s in range(_playing(view)) if s != view["seat"]]
        share = 1 + 1 / len(others)  # the price also goes to an opponent
        ranked = [
            c
            for c in self.candidates(view, rack, plaque, False, [(w, j) for w, j, _ in words])
            if c[0] - share * VALUE[tiles[(c[1], tuple(c[2]))]] >= top + BUY_MARGIN
        ]
        found = self.best(view, ranked, plaque, False)
        if found is None:
            return None
        tile = tiles[(found[1], tuple(found[2]))]
        sellers = [s for s in others if (view["turn"], s, tile) not in self.asked]
        if not sellers:
            return None
        seller = self.rng.choice(sellers)
        self.asked.add((view["turn"], seller, tile))
        return {"type": "achat", "vendeur": seller, "lettre": tile}

    def _draft(self, view: dict[str, Any], legal: list[Action]) -> Action | None:
        """The price of the tile asked for: its value (R28); an exchange is withdrawn."""
        offer = view["offer"] or {}
        if offer.get("kind") == "achat":
            return {"type": "prix", "prix": VALUE.get(offer.get("lettre", ""), 0)}
        return {"type": "annuler"}

    # ------------------------------------------------------------------ answers and votes
    def _answer(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """Sell at the tile's value or more (the seller also draws a replacement); never a
        joker, and nothing in an exchange that gives a lower tile."""
        offer = view["offer"]
        if {"type": "accepter"} not in legal:
            return {"type": "refuser"}
        tile = offer["lettre"]
        if tile == JOKER:
            return {"type": "refuser"}
        if offer["kind"] == "achat":
            ok = offer["prix"] >= VALUE[tile]
        else:
            ok = offer["donne"] == JOKER or VALUE[offer["donne"]] >= VALUE[tile]
        return {"type": "accepter"} if ok else {"type": "refuser"}

    def _vote(self, view: dict[str, Any], legal: list[Action]) -> Action:
        """As a voter or as the arbiter (elected or not): the automatic judge's opinion."""
        sub = view["submission"] or {}
        word = sub.get("mot", "")
        if sub.get("absent"):
            return {"type": "refuser"}  # fort trusts Lexique only
        theme = (
            maquette_of(view["options"]["maquette"]).theme(view["plaque"])
            if view["plaque"]
            else None
        )
        if theme is None:
            return {"type": "accepter"}
        ok = predictor(view["judge"]).accepts(theme.display, [word], theme.related)[0]
        return {"type": "accepter"} if ok else {"type": "refuser"}

    # ------------------------------------------------------------------ returning tiles
    def _return(self, view: dict[str, Any], legal: list[Action]) -> Action:
        rack = list(view["rack"])
        aside = list(view.get("set_aside") or [])
        exchange = view["return_mode"] == "exchange"
        me = view["seat"]
        scores = view["scores"][: _playing(view)]
        leading = scores[me] >= max(scores)
        rounds = STUCK_ROUNDS if leading else 2 * STUCK_ROUNDS
        if exchange and view["idle_turns"] >= rounds * _playing(view) and not aside:
            # Nobody has laid a word for rounds: pass without exchange, « jeu bloqué » (R34c).
            return {"type": "rendre", "lettres": ""}
        plan = self.plan_return(rack + aside, exchange)
        todo = Counter(plan) - Counter(aside)
        for tile in sorted(todo.elements()):
            action = {"type": "rendre", "lettres": tile}
            if action in legal:
                return action
        return {"type": "rendre", "lettres": ""}

    @staticmethod
    def plan_return(rack: list[str], exchange: bool) -> list[str]:
        """Tiles to give back: after a pass, all but one each of the best letters and the
        jokers; after a word, only what unbalances the rack (a Q without U, a fourth copy,
        too many vowels or consonants)."""
        counts = Counter(rack)
        if exchange:
            keep = Counter({t: 1 for t in KEEP if counts[t]})
            keep[JOKER] = counts[JOKER]
            return sorted((counts - keep).elements())
        out: list[str] = []
        for tile, n in counts.items():
            if tile != JOKER and n > 2 + (tile == "E"):
                out += [tile] * (n - 2 - (tile == "E"))
        if counts["Q"] and not counts["U"]:
            out += ["Q"] * counts["Q"]
        left = Counter(rack) - Counter(out)
        vowels = sorted((t for t in left.elements() if t in VOWELS), key=VALUE.__getitem__)
        consonants = sorted(
            (t for t in left.elements() if t not in VOWELS and t != JOKER),
            key=lambda t: (-VALUE[t], t),
        )
        if len(vowels) > 5:
            out += vowels[: len(vowels) - 5]
        if len(consonants) > 6:
            out += consonants[: len(consonants) - 6]
        return sorted(out)
