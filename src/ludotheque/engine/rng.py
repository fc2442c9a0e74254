"""Seeds: every shuffle comes from the state's own ``random.Random(seed)``.

Online play is provably fair (ARCHITECTURE principle 5): the server shows ``commitment(seed)``
when the game starts and reveals the seed at the end; anyone can then check the commitment and
re-deal the whole game from the record.

Commit-reveal alone cannot show that the server did not *choose* its seed. So a person may add
his own seed, a *contribution*, after he has seen the commitment of the server's: the deal's
seed is then ``deal_seed(server_seed, contributions)``, which neither side could choose alone
(docs/server.md, « A deal nobody chooses »).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections.abc import Sequence

from ludotheque.engine.errors import LudoError

SEED_BITS = 64


def fresh_seed() -> int:
    """A seed from the operating system's entropy, for games nobody asked to reproduce."""
    return secrets.randbits(SEED_BITS)


def commitment(seed: int) -> str:
    """SHA-256 (hex) of the seed's decimal spelling."""
    return hashlib.sha256(str(seed).encode("ascii")).hexdigest()


def verify(seed: int, published: str) -> bool:
    return secrets.compare_digest(commitment(seed), published.lower())


# What a person may give as his own seed: what a keyboard types everywhere and a URL or a shell
# carries as is (the browser draws 16 hex digits; a person may type a word of his own).
CONTRIBUTION = re.compile(r"[A-Za-z0-9_-]{1,64}")


def check_contribution(text: str) -> str:
    """``text`` when it is a contribution this server takes, else a LudoError saying why."""
    if not CONTRIBUTION.fullmatch(text):
        raise LudoError(
            "votre graine : de 1 à 64 lettres sans accent, chiffres, « - » ou « _ » "
            f"(reçu {len(text)} caractère{'s' if len(text) > 1 else ''})",
            f"your seed: 1 to 64 unaccented letters, digits, '-' or '_' (got {len(text)} "
            f"character{'s' if len(text) != 1 else ''})",
        )
    return text


def deal_seed(server_seed: int, contributions: Sequence[str | None]) -> int:
    """The seed a table deals from: the server's own when no seat added one; otherwise the
    first 64 bits (big-endian) of SHA-256 over the lines « ludotheque:SERVER_SEED » and
    « SEAT:CONTRIBUTION » for each seat that gave one, in seat order, joined by newlines —
    ``printf 'ludotheque:42\n0:abc' | sha256sum`` recomputes it by hand."""
    given = [f"{seat}:{c}" for seat, c in enumerate(contributions) if c]
    if not given:
        return server_seed
    text = "\n".join([f"ludotheque:{server_seed}", *given])
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")
