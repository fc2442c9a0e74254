"""The compiled lexicon, its on-disk cache and the process-level cache behind :func:`load`.

Three cache files per (policy, compound): ``.words`` (read by every load), ``.reasons`` (read
only by :meth:`Lexicon.explain`) and ``.trie`` (read on the first best-word search). All are
keyed on the sources' fingerprint, the policy, :data:`POLICY_VERSION` and the compound flag.
"""

from __future__ import annotations

import hashlib
import logging
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from ludotheque.engine.errors import NotationError
from ludotheque.lexicon import store
from ludotheque.lexicon.fold import fold, shape, squash
from ludotheque.lexicon.policy import (
    POLICY_VERSION,
    check_policy,
    min_letters,
    row_admits,
    two_letter_admits,
)
from ludotheque.lexicon.source import Row, fingerprint

if TYPE_CHECKING:
    from collections.abc import Iterator

    from ludotheque.lexicon.build import Built
    from ludotheque.lexicon.search import SearchIndex

log = logging.getLogger(__name__)
_LOCK = threading.Lock()
_LOADED: dict[tuple[str, bool], Lexicon] = {}


class Verdict(NamedTuple):
    """Whether a word is admitted, and why (French first, English too)."""

    word: str
    admitted: bool
    reason_fr: str
    reason_en: str


class Lexicon:
    """The admissible folded A–Z words of one policy: a frozen set, plus lazy extras."""

    def __init__(
        self,
        policy: str,
        compound: bool,
        words: frozenset[str],
        counts: dict[str, int],
        key: str,
        reasons: str | None = None,
    ) -> None:
        self.policy = policy
        self.compound = compound
        self.counts = counts
        self._words = words
        self._key = key
        self._reasons = reasons
        self._index: SearchIndex | None = None
        self._two: frozenset[str] | None = None

    def admits(self, word: str) -> bool:
        """``word`` is a folded A–Z string (``"MANGE"``); a plain set lookup. Two-letter words
        (Alkamo only, R18) are answered from the rows: :meth:`two_letter_words`."""
        if len(word) == 2 and min_letters(self.policy) <= 2:
            return word in self.two_letter_words()
        return word in self._words

    def two_letter_words(self) -> frozenset[str]:
        """The two-letter words the policy's game admits (none for AlphaPoker): Lexique's
        two-letter forms under the game's predicate, minus those without a vowel (CM, KM).
        They are not in the compiled word list (iteration, ``len``), which starts at 3."""
        if self._two is None:
            keys: dict[str, list[Row]] = {}
            if min_letters(self.policy) <= 2:
                for line in self._reasons_text().split("\n"):
                    key, _, rest = line.partition("\t")
                    if len(key) == 2 and key.isalpha():
                        keys.setdefault(key, []).append(Row(*rest.split("\t")[:4]))
            self._two = frozenset(
                k for k, rows in keys.items() if two_letter_admits(self.policy, k, rows)
            )
        return self._two

    def __contains__(self, word: object) -> bool:
        return word in self._words

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(self._words)

    def __repr__(self) -> str:
        return f"<Lexicon {self.policy}{' +composés' if self.compound else ''}: {len(self)} mots>"

    def cache_path(self, kind: str) -> Path:
        return _path(self.policy, self.compound, kind)

    def explain(self, text: str) -> Verdict:
        """Why ``text`` (any spelling: « mangeait », « Aujourd'hui ») is admitted or not.

        Raises NotationError when ``text`` is not a word (empty, digits, punctuation).
        Reads the reasons table from the cache on first use (tens of milliseconds).
        """
        from ludotheque.lexicon.explain import reason

        folded = fold(text.strip())
        if not folded:
            raise NotationError("le mot est vide", "the word is empty")
        kind = shape(folded)
        if kind == "other":
            raise NotationError(
                f"« {text} » n'est pas un mot : seulement des lettres (et - ' ou espace)",
                f"'{text}' is not a word: letters only (and - ' or space)",
            )
        key = squash(folded)
        admitted = self.admits(key) and (kind == "simple" or self.compound)
        rows = self._rows(key)
        if kind == "compound" and not self.compound:
            # Said only when the compound lexicon would admit it (XYZ-ABC is simply absent).
            if any(shape(fold(r.ortho)) == "compound" and row_admits(self.policy, r) for r in rows):
                return Verdict(
                    key,
                    False,
                    "mot composé, admis seulement avec l'option des mots composés",
                    "compound word, admitted only with the compound-words option",
                )
            rows = [r for r in rows if shape(fold(r.ortho)) == "compound"]
        fr, en = reason(key, rows, self.policy, self.compound, admitted)
        return Verdict(key, admitted, fr, en)

    def _rows(self, key: str) -> list[Row]:
        text = self._reasons_text()
        needle = key + "\t"
        pos = 0 if text.startswith(needle) else text.find("\n" + needle) + 1
        rows = []
        while pos > 0 or (pos == 0 and text.startswith(needle)):
            end = text.find("\n", pos)
            fields = text[pos:end].split("\t")
            rows.append(Row(*fields[1:5]))
            pos = end + 1
            if not text.startswith(needle, pos):
                break
        return rows

    def _reasons_text(self) -> str:
        if self._reasons is None:
            data = store.read(self.cache_path("reasons"), "reasons", self._key)
            if data is None:
                built = _build_and_store(self.policy, self.compound, self._key)
                self._reasons = built.reasons
            else:
                self._reasons = data.decode("utf-8")
        return self._reasons

    def search_index(self) -> SearchIndex:
        """The trie of signatures used by :mod:`ludotheque.lexicon.search` (built once)."""
        if self._index is None:
            from ludotheque.lexicon.search import SearchIndex

            path = self.cache_path("trie")
            data = store.read(path, "trie", self._key)
            if data is not None:
                try:
                    self._index = SearchIndex.from_bytes(data)
                except (ValueError, EOFError, TypeError):
                    log.warning("lexicon cache %s is damaged; rebuilding it", path)
            if self._index is None:
                self._index = SearchIndex.build(self._words)
                store.write(path, "trie", self._key, self._index.to_bytes())
        return self._index


def _path(policy: str, compound: bool, kind: str) -> Path:
    """``alkamo.v2.words``: the policy version is in the name, so that checkouts of
    different versions sharing one cache directory each keep their own files."""
    name = f"{policy}{'-composes' if compound else ''}.v{POLICY_VERSION}.{kind}"
    return store.cache_dir() / name


# Modules whose code decides the compiled content: their text is part of the cache key, so a
# code change can never be served a stale cache (POLICY_VERSION says it to humans).
_BUILDERS = (
    "abbreviations.py",
    "build.py",
    "fold.py",
    "hunspell.py",
    "inflect.py",
    "policy.py",
    "search.py",
)


def cache_key(policy: str, compound: bool) -> str:
    here = Path(__file__).parent
    code = hashlib.sha256(b"".join((here / name).read_bytes() for name in _BUILDERS))
    return (
        f"{fingerprint()}|policy={policy}|v={POLICY_VERSION}|compound={compound}"
        f"|code={code.hexdigest()[:16]}"
    )


def _encode_words(words: list[str], counts: dict[str, int]) -> bytes:
    head = " ".join(f"{k}={v}" for k, v in counts.items())
    return (head + "\n" + "\n".join(words)).encode("ascii")


def _decode_words(data: bytes) -> tuple[frozenset[str], dict[str, int]]:
    text = data.decode("ascii")
    head, _, body = text.partition("\n")
    counts = {k: int(v) for k, v in (f.split("=") for f in head.split())}
    words = frozenset(body.split("\n")) if body else frozenset()
    if len(words) != counts.get("total"):
        raise ValueError("word count mismatch")
    return words, counts


def _build_and_store(policy: str, compound: bool, key: str) -> Built:
    from ludotheque.lexicon.build import build

    t0 = time.perf_counter()
    built = build(policy, compound)
    built.counts["build_ms"] = round((time.perf_counter() - t0) * 1000)
    counts = {k: v for k, v in built.counts.items() if k != "build_ms"}
    store.write(_path(policy, compound, "reasons"), "reasons", key, built.reasons.encode("utf-8"))
    store.write(_path(policy, compound, "words"), "words", key, _encode_words(built.words, counts))
    return built


def load(policy: str = "alphapoker", compound: bool = False, *, rebuild: bool = False) -> Lexicon:
    """The lexicon of ``policy`` (``"alphapoker"`` or ``"alkamo"``), cached per process.

    Reads the compiled cache when it is intact and current; otherwise builds from Lexique and
    Grammalecte (a few seconds) and writes the cache. ``rebuild=True`` forces a build.
    """
    check_policy(policy)
    compound = bool(compound)
    with _LOCK:
        lex = _LOADED.get((policy, compound))
        if lex is not None and not rebuild:
            return lex
        key = cache_key(policy, compound)
        data = None if rebuild else store.read(_path(policy, compound, "words"), "words", key)
        decoded = None
        if data is not None:
            try:
                decoded = _decode_words(data)
            except (ValueError, UnicodeDecodeError):
                log.warning("lexicon cache for %s is damaged; rebuilding it", policy)
        if decoded is None:
            built = _build_and_store(policy, compound, key)
            reasons = None if _path(policy, compound, "reasons").exists() else built.reasons
            lex = Lexicon(policy, compound, frozenset(built.words), built.counts, key, reasons)
        else:
            lex = Lexicon(policy, compound, decoded[0], decoded[1], key)
        _LOADED[(policy, compound)] = lex
        return lex
