"""Where `simulate`, `rapport` and `docs` write, checked before the work starts: a file's
folder must exist (or be created) and take a file, a file must not be a folder or a device;
a failure while writing is said in French and the work is kept in a rescue copy
(docs/simulate.md)."""

from __future__ import annotations

import errno
import io
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from ludotheque.engine.errors import OptionsError, os_reason


def _probe(folder: Path) -> None:
    """Create (if need be) ``folder`` and write then remove a file in it; OSError if not."""
    folder.mkdir(parents=True, exist_ok=True)
    if not folder.is_dir():
        raise NotADirectoryError(errno.ENOTDIR, "not a directory", str(folder))
    with tempfile.NamedTemporaryFile(dir=folder, prefix=".ludotheque-", suffix=".tmp") as f:
        f.write(b"x")
        f.flush()


def file_target(text: str, option: str) -> Path:
    """The file ``option`` names (``--out``), refused unless one can write it: not a folder
    (nor a name ending in « / »), not a device, in a folder that exists or can be created and
    takes a file. Creates the folder; does not create the file."""
    path = Path(text)
    if text.endswith(("/", os.sep)) or path.is_dir() or not path.name:
        raise OptionsError(
            f"{option} {text} : c'est un dossier ; donnez un nom de fichier dedans "
            f"({option} {path / 'resultats'}…)",
            f"{option} {text}: this is a folder; give a file name in it",
        )
    if path.exists() and not path.is_file():
        raise OptionsError(
            f"{option} {text} : ce n'est pas un fichier ordinaire (un périphérique, un tube…) ; "
            "donnez le nom d'un fichier",
            f"{option} {text}: not a regular file (a device, a pipe…); give a file name",
        )
    folder = path.parent
    try:
        _probe(folder)
    except OSError as exc:
        fr, en = os_reason(exc)
        if folder.is_dir() and exc.errno == errno.ENOENT:
            # The folder is there but takes no new file (/proc): not « path not found ».
            fr, en = "on ne peut pas y créer de fichier", "no file can be created there"
        raise OptionsError(
            f"{option} {text} : impossible d'écrire dans le dossier {folder} ({fr}) ; "
            "choisissez un fichier dans un dossier où vous pouvez écrire",
            f"{option} {text}: cannot write in the folder {folder} ({en}); choose a file in a "
            "folder you can write to",
        ) from None
    return path


def folder_target(path: Path, option: str) -> Path:
    """The folder ``option`` names (``--png``, ``--dossier``), created if need be, refused
    unless one can write files in it."""
    if path.exists() and not path.is_dir():
        raise OptionsError(
            f"{option} {path} : impossible d'écrire dans ce dossier (un fichier porte ce nom) ; "
            "choisissez un dossier",
            f"{option} {path}: cannot write in this folder (a file has this name); choose a folder",
        )
    try:
        _probe(path)
    except OSError as exc:
        fr, en = os_reason(exc)
        raise OptionsError(
            f"{option} {path} : impossible d'écrire dans ce dossier ({fr}) ; choisissez un "
            "dossier où vous pouvez écrire",
            f"{option} {path}: cannot write in this folder ({en}); choose a folder you can "
            "write to",
        ) from None
    return path


def atomic_write(path: Path, write: Callable[[Path], object]) -> Path:
    """``write(tmp)`` then rename ``tmp`` to ``path``: a failure leaves the old file (if any)
    as it was and no partial file behind."""
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        write(tmp)
        os.replace(tmp, path)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    return path


def rescue(name: str, write: Callable[[Path], object]) -> Path | None:
    """Keep work that could not be written where it was asked: ``write`` a copy into the
    system's temporary folder, under a fresh name built on ``name``. None if that fails too."""
    stem, dot, suffix = name.rpartition(".")
    try:
        fd, where = tempfile.mkstemp(prefix=f"{stem or suffix}-", suffix=f"{dot}{suffix}")
        os.close(fd)
        path = Path(where)
        write(path)
    except OSError:
        return None
    return path


class QuietStdout(io.TextIOBase):
    """The standard output for a console, that goes quiet when its reader has gone (``| head
    -2`` closed the pipe): a broken pipe on printing is not a failure of the work, which is
    written whatever happens to the screen. Holds the standard output of the moment it is
    made (a test's, a terminal's): a live display (a progress bar) that redirects
    ``sys.stdout`` to its console must not send it back to itself."""

    def __init__(self) -> None:
        super().__init__()
        self.stream = sys.stdout
        self.gone = False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return getattr(self.stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        if not self.gone:
            try:
                self.stream.write(text)
            except BrokenPipeError:
                self.silence()
        return len(text)

    def flush(self) -> None:
        if not self.gone:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self.silence()

    def isatty(self) -> bool:
        return self.stream.isatty()

    def fileno(self) -> int:
        return self.stream.fileno()

    def silence(self) -> None:
        """Write nothing more; point the standard output at the null device, so that the
        interpreter's last flush does not complain either."""
        self.gone = True
        try:
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, self.stream.fileno())
            os.close(null)
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
