"""What the HTTP API answers when it refuses a request."""

from __future__ import annotations


class Refused(Exception):
    """An HTTP request the server refuses: status, code, French and English messages."""

    def __init__(
        self, status: int, code: str, fr: str, en: str, retry_after: float | None = None
    ) -> None:
        super().__init__(fr)
        self.status, self.code, self.fr, self.en = status, code, fr, en
        self.retry_after = retry_after
