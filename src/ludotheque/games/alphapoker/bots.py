"""AlphaPoker's own bots (ARCHITECTURE: bots see a seat's view and its legal actions, never
the state).

* ``suiveur`` — the baseline « meilleur mot, suit toujours »: changes nothing, opens at 1 PM
  « pour voir » as entame (checks when it may), always follows, shows its best word.
* ``fort`` — changes cards to maximise its expected best word after the draw (sampled from the
  cards it has not seen), bets on its win probability against a simulated distribution of the
  opponents' best words, follows on pot odds, shows its best word.

Themed games (R43, issue 15): both judge the others' words with the automatic judge (the
process-wide one of lexicon/judge.py, shared with Alkamo; the list judge, which knows only the
theme word and its forms, when spaCy's model is not installed), and show only a word that judge
accepts with a margin, a word people know before a rarer one (lexicon/themewords.py); with no
such word they show none. ``fort`` bets on that word's count. Its changes still aim at the
best word, theme aside: judging every sampled draw would make a change cost seconds.

A decision of ``fort`` costs a few milliseconds, except a change (a few hundred best-word
searches, about 20–40 ms). The opponents' score distributions are simulated once per
(hand size, counting, number of sets, compound words) and kept in memory and in the lexicon's
disk cache directory (``LUDOTHEQUE_CACHE`` or ``~/.cache/ludotheque``).
"""

from __future__ import annotations

import bisect
import json
import random
import threading
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ludotheque.cards.letters import JOKER, LETTERS, deck
from ludotheque.engine.protocol import Action
from ludotheque.games.alphapoker.options import CHANGE_TABLE, sets_for
from ludotheque.lexicon import Lexicon, load
from ludotheque.lexicon import judge as J
from ludotheque.lexicon import themewords as TW
from ludotheque.lexicon.judge import Decision
from ludotheque.lexicon.search import WordPlay, all_words, best_words

# -- tuning ------------------------------------------------------------------------------------
SIMULATED_HANDS = 4000  # hands simulated per opponent distribution (once, then cached)
DISTRIBUTION_SEED = 20_000_000  # fixed: the distributions do not depend on the bot's seed
DISTRIBUTION_VERSION = 1  # bump when the simulation changes (part of the disk-cache key)
DRAW_SAMPLES = 16  # sampled draws per candidate discard (common random numbers)
TOP_WORDS = 3  # candidate discards keep the cards of each of the best few words
CHANGE_MARGIN = 0.25  # a change must beat standing pat by this much (noise of the estimate)
STRONG = 0.6  # win probability from which the entame bets « pour voir »
CONDITIONAL_MIN = 150  # fewest simulated hands behind a per-change-count distribution


# -- shared helpers ------------------------------------------------------------------------------
def lexicon_for(options: Mapping[str, Any]) -> Lexicon:
    """The lexicon the table counts with (R42: compound words only with the option)."""
    return load("alphapoker", compound=bool(options.get("compound_words")))


def best_play(hand: Sequence[str], lex: Lexicon, simplified: bool) -> WordPlay | None:
    """The best word of ``hand`` under the table's counting, or None if it forms none."""
    plays = best_words(hand, lex, simplified, limit=1, decent=True)  # what a bot shows
    return plays[0] if plays else None


def best_score(hand: Sequence[str], lex: Lexicon, simplified: bool) -> int:
    play = best_play(hand, lex, simplified)
    return play.score if play else 0


def unseen_cards(view: Mapping[str, Any]) -> list[str]:
    """The cards this seat has not seen this hand: the full deck (1 or 2 sets, R1) minus its
    hand and its own discards. Everything else may be in the pile or in another hand."""
    seen = Counter(view["hand"]) + Counter(view.get("my_discards", []))
    out = []
    for card, k in sorted(Counter(deck(sets_for(view["players"]))).items()):
        out += [card] * (k - seen[card])
    return out


def _minus(hand: Sequence[str], cards: Sequence[str]) -> list[str]:
    rest = Counter(hand)
    rest.subtract(cards)
    return sorted(rest.elements())


_USEFUL: dict[bool, dict[str, float]] = {}
_LOCK = threading.Lock()


def letter_usefulness(lex: Lexicon) -> dict[str, float]:
    """Share of the admissible 3–9 letter words containing each letter (jokers: 1.0)."""
    with _LOCK:
        if lex.compound not in _USEFUL:
            seen: Counter[str] = Counter()
            total = 0
            for w in lex:
                if 3 <= len(w) <= 9:
                    total += 1
                    seen.update(set(w))
            table = {L: seen[L] / max(total, 1) for L in LETTERS}
            table[JOKER] = 1.0
            _USEFUL[lex.compound] = table
        return _USEFUL[lex.compound]


def worst_first(cards: Sequence[str], useful: Mapping[str, float]) -> list[str]:
    """``cards`` ordered from the least to the most worth keeping: letters rare in words
    first, and a second copy of a letter counts for less than the first."""
    copies: Counter[str] = Counter()
    keyed = []
    for i, card in enumerate(sorted(cards)):
        letter = card[0]
        copies[letter] += 1
        keyed.append((useful[letter] / copies[letter], i, card))
    return [card for _, _, card in sorted(keyed)]


def greedy_discard(
    hand: Sequence[str], lex: Lexicon, simplified: bool, most: int, useful: Mapping[str, float]
) -> list[str]:
    """Keep the cards of the best word; discard the others, worst first, up to ``most``."""
    play = best_play(hand, lex, simplified)
    keep = [p.card for p in play.cards] if play else []
    return worst_first(_minus(hand, keep), useful)[:most]


# -- the opponents' distribution -------------------------------------------------------------------
@dataclass(frozen=True)
class ScoreDistribution:
    """An empirical distribution of best-word scores (sorted sample)."""

    scores: tuple[int, ...]

    def beaten(self, score: float) -> float:
        """P(X < score) + ½ P(X = score): the chance to beat one such hand, ties half."""
        n = len(self.scores)
        if not n:
            return 0.5
        lo = bisect.bisect_left(self.scores, score)
        hi = bisect.bisect_right(self.scores, score)
        return (lo + 0.5 * (hi - lo)) / n


@dataclass(frozen=True)
class OpponentModel:
    """Best-word scores of random hands: as dealt (``raw``), after the change rounds played
    greedily (``changed``), and the latter by total number of cards changed (``by_changes``:
    a player who changes many cards had a weak word)."""

    raw: ScoreDistribution
    changed: ScoreDistribution
    by_changes: dict[int, ScoreDistribution]

    def for_player(self, changed_cards: int | None) -> ScoreDistribution:
        """The distribution of a player who changed ``changed_cards`` cards in all the change
        rounds (None: the rounds are not over, assume greedy changes to come)."""
        if changed_cards is None:
            return self.changed
        if changed_cards == 0:
            return self.raw  # stood pat: his hand is as dealt
        return self.by_changes.get(changed_cards, self.changed)


def simulate_model(
    hand_size: int, simplified: bool, sets: int, compound: bool, hands: int = SIMULATED_HANDS
) -> OpponentModel:
    """Deal ``hands`` random hands from the full deck and play the change rounds greedily."""
    lex = load("alphapoker", compound=compound)
    useful = letter_usefulness(lex)
    rounds, most = CHANGE_TABLE[hand_size]
    rng = random.Random(DISTRIBUTION_SEED + hand_size * 10 + sets * 2 + simplified)
    cards = deck(sets)
    raw, final = [], []
    grouped: dict[int, list[int]] = {}
    for _ in range(hands):
        dealt = rng.sample(cards, hand_size + rounds * most)
        hand, pile = dealt[:hand_size], dealt[hand_size:]
        raw.append(best_score(hand, lex, simplified))
        changed = 0
        for _ in range(rounds):
            out = greedy_discard(hand, lex, simplified, most, useful)
            hand = _minus(hand, out) + [pile.pop() for _ in out]
            changed += len(out)
        score = best_score(hand, lex, simplified)
        final.append(score)
        grouped.setdefault(changed, []).append(score)
    return OpponentModel(
        raw=ScoreDistribution(tuple(sorted(raw))),
        changed=ScoreDistribution(tuple(sorted(final))),
        by_changes={
            c: ScoreDistribution(tuple(sorted(s)))
            for c, s in sorted(grouped.items())
            if len(s) >= CONDITIONAL_MIN
        },
    )


_MODELS: dict[tuple[int, bool, int, bool], OpponentModel] = {}


def opponent_model(hand_size: int, simplified: bool, sets: int, compound: bool) -> OpponentModel:
    """:func:`simulate_model`, cached in memory and on disk next to the lexicon cache."""
    key = (hand_size, simplified, sets, compound)
    with _LOCK:
        if key in _MODELS:
            return _MODELS[key]
    from ludotheque.lexicon import store
    from ludotheque.lexicon.index import cache_key

    name = f"alphapoker-bots-h{hand_size}-{'s' if simplified else 'n'}-{sets}"
    path = store.cache_dir() / f"{name}{'-composes' if compound else ''}.json"
    disk_key = f"{cache_key('alphapoker', compound)}|bots={DISTRIBUTION_VERSION}|{SIMULATED_HANDS}"
    data = store.read(path, "bots", disk_key)
    model = None
    if data is not None:
        try:
            blob = json.loads(data)
            model = OpponentModel(
                raw=ScoreDistribution(tuple(blob["raw"])),
                changed=ScoreDistribution(tuple(blob["changed"])),
                by_changes={int(c): ScoreDistribution(tuple(s)) for c, s in blob["by"].items()},
            )
        except (ValueError, KeyError, TypeError):
            model = None
    if model is None:
        model = simulate_model(hand_size, simplified, sets, compound)
        blob = {
            "raw": model.raw.scores,
            "changed": model.changed.scores,
            "by": {str(c): d.scores for c, d in model.by_changes.items()},
        }
        store.write(path, "bots", disk_key, json.dumps(blob).encode())
    with _LOCK:
        _MODELS[key] = model
    return model


# -- themed games (R43) -----------------------------------------------------------------------
def theme_judge() -> Any:
    """The judge bots use for theme words: the automatic one, shared by every bot and table of
    the process (lexicon/judge.py); the list judge when spaCy's model is not installed."""
    return J.make_judge("auto" if J.auto_available()[0] else "liste")


def theme_of(view: Mapping[str, Any]) -> str | None:
    theme = view["options"].get("theme")
    return theme.strip() if theme else None


def theme_plays(
    view: Mapping[str, Any], lex: Lexicon, hand: Sequence[str] | None = None
) -> Iterator[tuple[WordPlay, Decision]]:
    """The words of the hand a bot may show for the theme, in its order of preference, with the
    judge's decision: accepted with a margin, known words first, best count first."""
    simplified = bool(view["options"].get("simplified_counting"))
    theme = theme_of(view)
    plays = all_words(view["hand"] if hand is None else hand, lex, simplified, decent=True)
    plays = [p for p in plays if len(p.cards) <= view["hand_size"]]
    return TW.ranked(theme_judge(), theme or "", (), plays, lambda p: p.word)


def shown_play(view: Mapping[str, Any], lex: Lexicon) -> WordPlay | None:
    """The word a bot shows: its best word, or in a themed game the first of theme_plays."""
    if theme_of(view):
        return next((play for play, _ in theme_plays(view, lex)), None)
    return best_play(view["hand"], lex, bool(view["options"].get("simplified_counting")))


def _judge(view: Mapping[str, Any], legal: list[Action]) -> Action:
    """R43: accept each other word iff the automatic judge accepts it (no margin: this is
    judging, not risking one's own word). A word the judge cannot read — or any word, when it
    cannot read the theme (« plantes vertes »: no vector) — is accepted: a bot that cannot
    tell does not veto a person's word (unanimity, R43)."""
    judge, theme = theme_judge(), theme_of(view) or ""
    template = next(a for a in legal if a["type"] == "judge")
    verdict = {}
    for target in template["accept"]:
        d = judge.decide(theme, view["declared"][target]["word"], ())
        verdict[target] = bool(d.accepted) or d.source == "unknown"
    return {"type": "judge", "accept": verdict}


# -- picking legal actions -----------------------------------------------------------------------
def _declare(view: Mapping[str, Any], legal: list[Action], lex: Lexicon) -> Action:
    """The word to show (:func:`shown_play`), as the legal representative of its count (in a
    themed game every word is listed: its own cards)."""
    simplified = bool(view["options"].get("simplified_counting"))
    play = shown_play(view, lex)
    if play is None:
        return {"type": "declare", "cards": []}
    cards = [str(c) for c in play.cards]
    wanted = {"type": "declare", "cards": cards}
    if wanted in legal or theme_of(view):
        return wanted
    # The engine lists one form per count; take the one with the same count as our word.
    from ludotheque.cards.letters import count, parse_word

    for action in legal:
        cards_ = action.get("cards")
        if (
            action["type"] == "declare"
            and cards_
            and count(parse_word(cards_), simplified) == play.score
        ):
            return action
    return wanted  # any well-formed form is accepted (ARCHITECTURE, the protocol)


def _bet(legal: list[Action], amount: int, pour_voir: bool) -> Action | None:
    """The legal bet closest to ``amount`` from below (or the smallest one), keeping
    ``pour_voir`` when the engine allows it."""
    bets = [a for a in legal if a["type"] == "bet"]
    if not bets:
        return None
    below = [a for a in bets if a["amount"] <= amount] or [min(bets, key=lambda a: a["amount"])]
    top = max(a["amount"] for a in below)
    same = [a for a in below if a["amount"] == top]
    for a in same:
        if a["pour_voir"] == pour_voir:
            return a
    return same[0]


def _of_type(legal: list[Action], kind: str) -> Action | None:
    return next((a for a in legal if a["type"] == kind), None)


# -- suiveur ------------------------------------------------------------------------------------
class Suiveur:
    """« Meilleur mot, suit toujours »: the baseline.

    Changes nothing; as entame opens at 1 PM « pour voir » (checks when allowed); as a follower
    always follows; at the showdown shows its best word. Themed games: judges and shows words
    as described above.
    """

    name = "suiveur"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)  # unused: the baseline is deterministic anyway

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        if "change" in kinds:
            return {"type": "change", "cards": []}
        if "declare" in kinds:
            return _declare(view, legal, lexicon_for(view["options"]))
        if "judge" in kinds:
            return _judge(view, legal)
        if "follow" in kinds:
            return {"type": "follow"}
        if "check" in kinds:
            return {"type": "check"}
        return _bet(legal, 1, True) or legal[-1]


# -- fort ----------------------------------------------------------------------------------------
class Fort:
    """Expected-score changes, probability-driven betting, best word at the showdown.

    * Change: candidate discards (none; for each of the best few words, the other cards worst
      first, 1 to ``max_change`` of them; the 1 to ``max_change`` least useful cards) are
      scored by the mean best score after the draw, over draws sampled from the unseen cards
      with the same samples for every candidate. The best mean wins; standing pat wins ties.
    * Betting: the win probability is ∏ F_j(score) over the opponents j still in the hand,
      F_j the simulated distribution of a random hand after greedy changes, by the number of
      cards j changed (as dealt if j changed nothing). In an intermediate round
      (``alternate_betting``), the score is the sampled score after the next change.
      Entame: folds only if even a 1-PM look is worth less than it costs, else bets a level
      growing with the edge over a fair share, « pour voir » when strong; back to him, raises
      if the edge grew, else checks. Follower: follows iff p × (pot + to pay) ≥ to pay.
    * Showdown: the best word; in a themed game the best the judge accepts with a margin, a
      known word first, and the others' words judged as the judge would.
    """

    name = "fort"

    def __init__(self, seed: int = 0, samples: int = DRAW_SAMPLES) -> None:
        self.rng = random.Random(seed)
        self.samples = samples

    def act(self, view: dict[str, Any], legal: list[Action]) -> Action:
        kinds = {a["type"] for a in legal}
        lex = lexicon_for(view["options"])
        if "change" in kinds:
            cards, _ = self.choose_change(view, lex)
            return {"type": "change", "cards": cards}
        if "declare" in kinds:
            return _declare(view, legal, lex)
        if "judge" in kinds:
            return _judge(view, legal)
        p = self.win_probability(view, lex)
        if "follow" in kinds:
            return self._answer(view, p)
        return self._entame(view, legal, p)

    # -- changes --
    def candidates(
        self, hand: list[str], most: int, lex: Lexicon, simplified: bool
    ) -> list[tuple[str, ...]]:
        """Distinct candidate discards, sorted card tuples, standing pat first."""
        useful = letter_usefulness(lex)
        out: list[tuple[str, ...]] = [()]

        def add(cards: Sequence[str]) -> None:
            key = tuple(sorted(cards))
            if key not in out:
                out.append(key)

        kept: list[list[str]] = []
        for play in best_words(hand, lex, simplified, limit=4 * TOP_WORDS, decent=True):
            cards = sorted(p.card for p in play.cards)
            if cards not in kept:
                kept.append(cards)
            if len(kept) == TOP_WORDS:
                break
        for cards in kept:
            rest = worst_first(_minus(hand, cards), useful)
            for k in range(1, min(most, len(rest)) + 1):
                add(rest[:k])
        ordered = worst_first(hand, useful)
        for k in range(1, most + 1):
            add(ordered[:k])
        return out

    def choose_change(self, view: Mapping[str, Any], lex: Lexicon) -> tuple[list[str], list[int]]:
        """The discard with the best mean score after the draw, and its sampled scores."""
        hand = list(view["hand"])
        most = min(view["max_change"], view.get("draw_pile", view["max_change"]))
        simplified = bool(view["options"].get("simplified_counting"))
        now = best_score(hand, lex, simplified)
        unseen = unseen_cards(view)
        most = min(most, len(unseen))
        draws = [self.rng.sample(unseen, most) for _ in range(self.samples)]
        best: tuple[float, list[str], list[int]] = (now + CHANGE_MARGIN, [], [now] * len(draws))
        for cand in self.candidates(hand, most, lex, simplified)[1:]:
            keep = _minus(hand, cand)
            scores = [best_score(keep + d[: len(cand)], lex, simplified) for d in draws]
            mean = sum(scores) / len(scores)
            if mean > best[0]:
                best = (mean, list(cand), scores)
        return best[1], best[2]

    # -- betting --
    def win_probability(self, view: Mapping[str, Any], lex: Lexicon) -> float:
        """P(win the showdown) ≈ ∏_j F_j(my score), ties counted half."""
        opts = view["options"]
        simplified = bool(opts.get("simplified_counting"))
        model = opponent_model(
            view["hand_size"], simplified, sets_for(view["players"]), bool(opts["compound_words"])
        )
        seat = view["seat"]
        final = view.get("bet_stage") != "intermediate"
        others = [j for j, inside in enumerate(view["in_hand"]) if inside and j != seat]
        dists = []
        for j in others:
            changed = [r[j] for r in view["changes"]]
            dists.append(model.for_player(sum(c or 0 for c in changed) if final else None))
        if final and theme_of(view):
            play = shown_play(view, lex)
            mine = [play.score if play else 0]
        elif final:
            mine = [best_score(view["hand"], lex, simplified)]
        else:
            _, mine = self.choose_change(view, lex)
        total = 0.0
        for s in mine:
            p = 1.0
            for d in dists:
                p *= d.beaten(s)
            total += p
        return total / len(mine)

    def _answer(self, view: Mapping[str, Any], p: float) -> Action:
        seat = view["seat"]
        to_pay = view["level"] - view["contributions"][seat]
        if p * (view["pot"] + to_pay) >= to_pay:
            return {"type": "follow"}
        return {"type": "fold"}

    def _entame(self, view: Mapping[str, Any], legal: list[Action], p: float) -> Action:
        seat = view["seat"]
        k = sum(1 for j, inside in enumerate(view["in_hand"]) if inside and j != seat)
        fair = 1 / (k + 1)
        edge = max(0.0, (p - fair) / (1 - fair))
        level = view["level"]
        cap = view["cap"]
        target = 1 + round((cap - 1) * edge) if edge > 0 else 0
        check = _of_type(legal, "check")
        if target > level:
            bet = _bet(legal, target, p >= STRONG)
            if bet is not None:
                return bet
        if check is not None:
            return check  # free: never fold when one may check
        # Opening (R15): bet at least 1 PM or fold; a 1-PM look is worth it if p × pot > 1.
        cheapest = _bet(legal, 1, True)
        if cheapest is not None and p * (view["pot"] + 1) >= 1:
            return cheapest
        return {"type": "fold"}


BOTS = {"fort": Fort, "suiveur": Suiveur}
