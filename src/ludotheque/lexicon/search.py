"""Exact best-word search for AlphaPoker (R31–R34): which admissible words a hand can show.

A word's count depends only on its letters, except the doubling (R32), which depends on
whether the word can be laid out in one colour. So the search walks a trie of *signatures*
(the sorted letters of the admissible words of 3–9 letters) with the hand's letter counts,
jokers acting as wildcards, and tracks three deficits along the path: letters not covered by
any real card, by red cards, by black cards. A path is formable while the first deficit is at
most the number of jokers; it can still be single-coloured while the red (black) deficit is at
most the number of red (black) jokers. Every node stores the best base count reachable below
it, so the walk is a branch and bound: a subtree whose bound (×2 if one colour is still
possible) cannot beat the ``limit``-th best word found so far is skipped.
"""

from __future__ import annotations

import heapq
import marshal
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, NamedTuple

from ludotheque.cards.letters import (
    COLOURS,
    JOKER,
    LENGTH_POINTS,
    LETTERS,
    Played,
    base_count,
    parse_hand,
)
from ludotheque.lexicon.decency import OFFENSIVE

if TYPE_CHECKING:
    from ludotheque.lexicon import Lexicon

MAX_LEN = max(LENGTH_POINTS)
_CODE = {c: i for i, c in enumerate(LETTERS)}


class WordPlay(NamedTuple):
    """A word a hand can show: its spelling, its count and its cards in order."""

    word: str
    score: int
    cards: tuple[Played, ...]


class SearchIndex:
    """A trie over sorted signatures, as flat lists indexed by node id (node 0 is the root).

    ``kids[n]``: child ids sorted by decreasing bound; ``edge[n]``: letter code (0–25) on the
    edge into ``n``; ``bound[n]`` / ``bound_s[n]``: best normal / simplified base count of a
    signature at or below ``n``; ``words[n]``: the words of the signature ending at ``n``;
    ``own[n]`` / ``own_s[n]``: their base counts.
    """

    __slots__ = ("bound", "bound_s", "edge", "kids", "own", "own_s", "words")

    def __init__(
        self,
        kids: list[tuple[int, ...]],
        edge: list[int],
        bound: list[int],
        bound_s: list[int],
        words: list[tuple[str, ...]],
    ) -> None:
        self.kids = kids
        self.edge = edge
        self.bound = bound
        self.bound_s = bound_s
        self.words = words
        # Base count of the signature ending at each node (0 where none ends).
        self.own = [base_count(ws[0]) if ws else 0 for ws in words]
        self.own_s = [base_count(ws[0], simplified=True) if ws else 0 for ws in words]

    @classmethod
    def build(cls, words: Iterable[str]) -> SearchIndex:
        classes: dict[str, list[str]] = {}
        for w in words:
            if 3 <= len(w) <= MAX_LEN:
                classes.setdefault("".join(sorted(w)), []).append(w)
        children: list[dict[int, int]] = [{}]
        edge, bound, bound_s = [-1], [0], [0]
        found: list[tuple[str, ...]] = [()]
        for sig in sorted(classes):
            node = 0
            for ch in sig:
                code = _CODE[ch]
                nxt = children[node].get(code)
                if nxt is None:
                    nxt = children[node][code] = len(children)
                    children.append({})
                    edge.append(code)
                    bound.append(0)
                    bound_s.append(0)
                    found.append(())
                node = nxt
            found[node] = tuple(sorted(classes[sig]))
        # Bounds bottom-up: children always have larger ids than their parent.
        for n in range(len(children) - 1, -1, -1):
            if found[n]:
                w = found[n][0]
                bound[n] = max(bound[n], base_count(w))
                bound_s[n] = max(bound_s[n], base_count(w, simplified=True))
            for c in children[n].values():
                bound[n] = max(bound[n], bound[c])
                bound_s[n] = max(bound_s[n], bound_s[c])
        kids = [tuple(sorted(ch.values(), key=lambda c: -bound[c])) for ch in children]
        return cls(kids, edge, bound, bound_s, found)

    def to_bytes(self) -> bytes:
        return marshal.dumps((self.kids, self.edge, self.bound, self.bound_s, self.words))

    @classmethod
    def from_bytes(cls, data: bytes) -> SearchIndex:
        return cls(*marshal.loads(data))

    def __len__(self) -> int:
        return len(self.edge)


class _Hand:
    """Letter counts of a hand per colour, and its jokers."""

    def __init__(self, hand: Sequence[str]) -> None:
        cards = parse_hand(hand)
        self.cards = cards
        self.red = [0] * 26
        self.black = [0] * 26
        self.jokers = {"r": 0, "b": 0}
        for card in cards:
            if card[0] == JOKER:
                self.jokers[card[1]] += 1
            else:
                (self.red if card[1] == "r" else self.black)[_CODE[card[0]]] += 1
        self.total = [r + b for r, b in zip(self.red, self.black, strict=True)]


def _walk(
    hand: _Hand,
    index: SearchIndex,
    simplified: bool,
    limit: int | None,
    skip: frozenset[str] = frozenset(),
) -> list[tuple[int, str, bool, bool]]:
    """(score, word, mono_r, mono_b) for each admissible word formable (mono_x: it can be
    laid in colour x alone) but those of ``skip``, pruned to the best ``limit``."""
    kids, edge, words = index.kids, index.edge, index.words
    bound = index.bound_s if simplified else index.bound
    own = index.own_s if simplified else index.own
    red, black, total = hand.red, hand.black, hand.total
    jr, jb = hand.jokers["r"], hand.jokers["b"]
    jokers = jr + jb
    found: list[tuple[int, str, bool, bool]] = []
    heap: list[int] = []  # the best `limit` scores found so far (a min-heap)
    threshold = 1

    def visit(node: int, last: int, k: int, d: int, dr: int, db: int) -> None:
        nonlocal threshold
        factor = 2 if dr <= jr or db <= jb else 1  # can a word below still be one colour?
        for child in kids[node]:
            b = bound[child]
            if b * factor < threshold:
                if simplified:
                    continue  # children are sorted by the normal bound only
                break  # children are sorted by decreasing bound
            code = edge[child]
            kk = k + 1 if code == last else 1
            nd = d + (kk > total[code])
            if nd > jokers:
                continue
            ndr = dr + (kk > red[code])
            ndb = db + (kk > black[code])
            mono = ndr <= jr or ndb <= jb
            if not mono and b < threshold:
                continue
            ws = words[child]
            if ws:
                score = own[child] * (2 if mono else 1)
                if score >= threshold:
                    for w in ws:
                        if w in skip:
                            continue
                        found.append((score, w, ndr <= jr, ndb <= jb))
                        if limit is not None:
                            if len(heap) < limit:
                                heapq.heappush(heap, score)
                            else:
                                heapq.heappushpop(heap, score)
                            if len(heap) == limit:
                                threshold = max(heap[0], 1)
            if kids[child]:
                visit(child, code, kk, nd, ndr, ndb)

    visit(0, -1, 0, 0, 0, 0)
    found.sort(key=lambda f: (-f[0], f[1]))
    return found if limit is None else found[:limit]


def _assign(word: str, hand: _Hand, mono_r: bool, mono_b: bool) -> tuple[Played, ...]:
    """Cards for ``word``: one colour when possible (the one needing fewer jokers), real
    letters before jokers."""
    need = Counter(_CODE[L] for L in word)
    left = {"r": dict.fromkeys(need, 0), "b": dict.fromkeys(need, 0)}
    for code in need:
        left["r"][code] = hand.red[code]
        left["b"][code] = hand.black[code]
    missing = {c: sum(max(0, n - left[c][code]) for code, n in need.items()) for c in COLOURS}
    colours = [c for c, ok in (("r", mono_r), ("b", mono_b)) if ok]
    colours.sort(key=missing.__getitem__)
    order = colours[:1] or list(COLOURS)
    jokers = dict(hand.jokers)
    out = []
    for L in word:
        code = _CODE[L]
        for c in order:
            if left[c][code] > 0:
                left[c][code] -= 1
                out.append(Played(L + c, L))
                break
        else:
            c = next(c for c in order if jokers[c] > 0)
            jokers[c] -= 1
            out.append(Played(JOKER + c, L))
    return tuple(out)


def _plays(
    hand: Sequence[str], lex: Lexicon, simplified: bool, limit: int | None, decent: bool
) -> list[WordPlay]:
    h = _Hand(hand)
    skip = OFFENSIVE if decent else frozenset()
    return [
        WordPlay(w, s, _assign(w, h, mr, mb))
        for s, w, mr, mb in _walk(h, lex.search_index(), simplified, limit, skip)
    ]


def best_words(
    hand: Sequence[str],
    lex: Lexicon,
    simplified: bool = False,
    limit: int = 10,
    decent: bool = False,
) -> list[WordPlay]:
    """The ``limit`` best distinct words of ``hand`` (card strings), best first (R32–R33).

    Ties are ordered by word. Each word comes with its best card assignment. ``decent``: what
    a bot plays or a hint suggests — no slur nor crude insult (lexicon/decency.py).
    """
    if limit <= 0:
        return []
    return _plays(hand, lex, simplified, limit, decent)


def all_words(
    hand: Sequence[str], lex: Lexicon, simplified: bool = False, decent: bool = False
) -> list[WordPlay]:
    """Every admissible word the hand can form, each with its best assignment, best first
    (``decent``: as :func:`best_words`)."""
    return _plays(hand, lex, simplified, None, decent)
