"""Passwords (argon2) and session tokens (HMAC-SHA-256 signed, stateless)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import time

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


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
