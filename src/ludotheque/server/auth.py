"""Passwords (argon2) and session tokens (HMAC-SHA-256 signed, stateless)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

from ludotheque.engine.errors import LudoError

_hasher = PasswordHasher()

NAME_MAX = 32
# Scripts whose letters look alike: a name mixing two of them (a Latin « a » and a Cyrillic « а »)
# can pass for another's.
_LOOKALIKE = {"LATIN": "latin", "CYRILLIC": "cyrillique", "GREEK": "grec"}  # their French names


def clean_name(text: str, most: int = NAME_MAX) -> str:
    """A name as others will see it: NFKC (full-width and ligature forms become plain letters),
    spaces collapsed; LudoError when it holds a character that hides or disguises — a control
    or format character (right-to-left override, zero-width space…), a private-use or unassigned
    one, more than two combining marks in a row — or mixes Latin, Greek and Cyrillic letters."""
    name = " ".join(unicodedata.normalize("NFKC", text).split())
    if not name:
        raise LudoError("nom vide", "empty name")
    if len(name) > most:
        raise LudoError(
            f"nom trop long ({most} caractères au plus)",
            f"name too long (at most {most} characters)",
        )
    scripts: set[str] = set()
    marks = 0
    for ch in name:
        kind = unicodedata.category(ch)
        if kind[0] == "C" or kind in ("Zl", "Zp"):
            code = f"U+{ord(ch):04X}"
            raise LudoError(
                f"le nom contient un caractère invisible ou de contrôle ({code})",
                f"the name holds an invisible or control character ({code})",
            )
        marks = marks + 1 if kind[0] == "M" else 0
        if marks > 2:
            raise LudoError(
                "trop de signes diacritiques à la suite", "too many combining marks in a row"
            )
        if ch.isalpha():
            script = unicodedata.name(ch, "").split(" ")[0]
            if script in _LOOKALIKE:
                scripts.add(script)
    if len(scripts) > 1:
        raise LudoError(
            "le nom mêle des alphabets qui se ressemblent ("
            + ", ".join(sorted(_LOOKALIKE[x] for x in scripts))
            + ") : un seul, s'il vous plaît",
            "the name mixes look-alike scripts ("
            + ", ".join(sorted(scripts)).lower()
            + "): one only, please",
        )
    return name


def login_of(name: str) -> str:
    """The key an account is found by: its name, NFKC and case-folded."""
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def check_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def make_token(secret: str, user_id: str, now: float | None = None) -> str:
    """``user.issued.signature``: the user id and issue time, signed with the server's secret."""
    issued = int(now if now is not None else time.time())
    body = f"{user_id}.{issued}"
    sig = hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest()
    return f"{body}.{_b64(sig)}"


def read_token(secret: str, token: str, max_age: float, now: float | None = None) -> str | None:
    """The user id of a valid, unexpired token, else None."""
    if not isinstance(token, str) or len(token) > 200:
        return None
    parts = token.split(".")
    if len(parts) != 3 or not parts[1].isdigit():
        return None
    user_id, issued, sig = parts
    body = f"{user_id}.{issued}"
    want = _b64(hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest())
    if not hmac.compare_digest(want, sig):
        return None
    if (now if now is not None else time.time()) - int(issued) > max_age:
        return None
    return user_id
