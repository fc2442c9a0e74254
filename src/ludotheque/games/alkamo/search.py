"""Which admissible words a rack can form (R16–R18): a trie of sorted-letter signatures.

Every admissible word (2 letters or more, at most :data:`MAX_LEN`) is filed under its
signature, its letters sorted (CHAT → ACHT). A rack is walked down the trie letter by letter;
a letter the rack lacks may be covered by a joker while jokers remain. Real tiles are always
preferred to jokers (a joker is worth 0, R11), so each word comes with its best-scoring joker
placement. The index is built once per process from the Alkamo dictionary (about a second) and
kept on disk in the lexicon cache.
"""

from __future__ import annotations

import marshal
import threading
from collections import Counter
from collections.abc import Iterable, Iterator

from ludotheque.games.alkamo.maquettes import JOKER, VALUE
from ludotheque.games.alkamo.words import TWO_LETTER_WORDS, Dictionary, dictionary
from ludotheque.lexicon import store

MAX_LEN = 11  # a rack holds 11 tiles at most (10, plus one bought, R26)
INDEX_VERSION = 1
_END = ""  # key of the words ending at a node
# A node of the index: letter → child node, and ``_END`` → the words of its signature, sorted.
Node = dict[str, "Node | tuple[str, ...]"]


class WordIndex:
    """Nested dicts: letter → child node; ``node[""]`` lists the words of that signature."""

    def __init__(self, root: Node) -> None:
        self.root = root

    @classmethod
    def build(cls, words: Iterable[str]) -> WordIndex:
        classes: dict[str, list[str]] = {}
        for w in words:
            if 2 <= len(w) <= MAX_LEN:
                classes.setdefault("".join(sorted(w)), []).append(w)
        root: Node = {}
        for signature, members in classes.items():
            node = root
            for ch in signature:
                child = node.setdefault(ch, {})
                assert isinstance(child, dict)
                node = child
            node[_END] = tuple(sorted(members))
        return cls(root)

    def formable(self, rack: Iterable[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
        """Every admissible word the rack can form, with the letters jokers cover (sorted)."""
        counts = Counter(rack)
        jokers = counts.pop(JOKER, 0)
        covered: list[str] = []

        def walk(node: Node, jokers_left: int) -> Iterator[tuple[str, tuple[str, ...]]]:
            words = node.get(_END)
            if isinstance(words, tuple):
                by_joker = tuple(covered)
                for w in words:
                    yield w, by_joker
            for ch, child in node.items():
                if isinstance(child, tuple):  # node[_END]: the words, walked above
                    continue
                if counts[ch] > 0:
                    counts[ch] -= 1
                    yield from walk(child, jokers_left)
                    counts[ch] += 1
                elif jokers_left:
                    covered.append(ch)
                    yield from walk(child, jokers_left - 1)
                    covered.pop()

        yield from walk(self.root, jokers)

    def to_bytes(self) -> bytes:
        return marshal.dumps(self.root)

    @classmethod
    def from_bytes(cls, data: bytes) -> WordIndex:
        return cls(marshal.loads(data))


def joker_positions(word: str, covered: Iterable[str]) -> list[int]:
    """Canonical joker placement: a joker covering X takes the last X not yet covered."""
    taken: list[int] = []
    for ch in covered:
        for i in range(len(word) - 1, -1, -1):
            if word[i] == ch and i not in taken:
                taken.append(i)
                break
    return sorted(taken)


def base_score(word: str, jokers: Iterable[int]) -> int:
    """R11: the sum of the tile values, a joker counting 0."""
    skip = set(jokers)
    return sum(VALUE[ch] for i, ch in enumerate(word) if i not in skip)


_LOCK = threading.Lock()
_INDEX: WordIndex | None = None


def word_index(words: Dictionary | None = None) -> WordIndex:
    """The process-wide index of the Alkamo dictionary (disk cache, else built)."""
    global _INDEX
    with _LOCK:
        if _INDEX is None:
            d = words or dictionary()
            # The compiled lexicon's own key, plus this index's version and the two-letter list.
            key = f"{d.lexicon._key}|index={INDEX_VERSION}|two={','.join(sorted(TWO_LETTER_WORDS))}"
            _INDEX = store.load_or_build(
                store.cache_dir() / "alkamo.signatures",
                "signatures",
                key,
                WordIndex.from_bytes,
                lambda: WordIndex.build(d.words()),
                WordIndex.to_bytes,
            )
        return _INDEX
