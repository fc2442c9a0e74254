"""Seeds: every shuffle comes from the state's own ``random.Random(seed)``.

Online play is provably fair (ARCHITECTURE principle 5): the server shows ``commitment(seed)``
when the game starts and reveals the seed at the end; anyone can then check the commitment and
re-deal the whole game from the record.
"""

from __future__ import annotations

import hashlib
import secrets

SEED_BITS = 64


def fresh_seed() -> int:
    """A seed from the operating system's entropy, for games nobody asked to reproduce."""
    return secrets.randbits(SEED_BITS)


def commitment(seed: int) -> str:
    """SHA-256 (hex) of the seed's decimal spelling."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def verify(seed: int, published: str) -> bool:
    return secrets.compare_digest(commitment(seed), published.lower())
