"""The on-disk cache: checksummed files written atomically, rebuilt when stale or damaged.

Directory: ``$LUDOTHEQUE_CACHE``, else ``~/.cache/ludotheque``. Each file starts with one header
line ``LUDOTHEQUE-CACHE 1 <kind> <key digest> <payload sha256> <payload length>``; a file whose
header, key, length or checksum does not match is ignored (a warning is logged when it is
damaged rather than merely stale) and the caller rebuilds it. Writes go to a temporary file in
the same directory, then ``os.replace``. When the directory is not writable the caller simply
keeps what it built in memory.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

log = logging.getLogger(__name__)
_MAGIC = b"LUDOTHEQUE-CACHE"
_FORMAT = b"1"
T = TypeVar("T")


def cache_dir() -> Path:
    env = os.environ.get("LUDOTHEQUE_CACHE")
    return Path(env) if env else Path.home() / ".cache" / "ludotheque"


def digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()[:32]


def read(path: Path, kind: str, key: str) -> bytes | None:
    """The payload of ``path`` if it is intact and was built for ``key``; else None."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    head, sep, payload = data.partition(b"\n")
    fields = head.split(b" ")
    if not sep or len(fields) != 6 or fields[0] != _MAGIC or fields[1] != _FORMAT:
        log.warning("lexicon cache %s is damaged (bad header); rebuilding it", path)
        return None
    if fields[2].decode() != kind or fields[3].decode() != digest(key):
        log.info("lexicon cache %s is stale; rebuilding it", path)
        return None
    if (
        not fields[5].isdigit()
        or int(fields[5]) != len(payload)
        or hashlib.sha256(payload).hexdigest().encode() != fields[4]
    ):
        log.warning("lexicon cache %s is damaged (truncated or corrupted); rebuilding it", path)
        return None
    return payload


def write(path: Path, kind: str, key: str, payload: bytes) -> bool:
    """Write atomically; False (and a logged warning) when the directory is not writable."""
    head = b" ".join(
        [
            _MAGIC,
            _FORMAT,
            kind.encode(),
            digest(key).encode(),
            hashlib.sha256(payload).hexdigest().encode(),
            str(len(payload)).encode(),
        ]
    )
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(head + b"\n" + payload)
        os.replace(tmp, path)
        return True
    except OSError as err:
        log.warning("cannot write the lexicon cache %s (%s); keeping it in memory", path, err)
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return False


def load_or_build(
    path: Path,
    kind: str,
    key: str,
    decode: Callable[[bytes], T | None],
    build: Callable[[], T],
    encode: Callable[[T], bytes],
) -> T:
    """A table derived from the lexicon, cached in ``path``: decoded from the file when it is
    intact, built for ``key`` and decodes to something (``decode`` returns None for a payload
    of the wrong shape); else built and written (kept in memory only if the disk refuses)."""
    data = read(path, kind, key)
    if data is not None:
        try:
            value = decode(data)
        except (ValueError, EOFError, TypeError, KeyError):
            value = None
        if value is not None:
            return value
        log.warning("lexicon cache %s does not decode; rebuilding it", path)
    value = build()
    write(path, kind, key, encode(value))
    return value
