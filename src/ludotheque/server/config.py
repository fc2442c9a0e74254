"""Server settings: command-line flags, then environment variables, then embedded defaults."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    """Where the embedded SQLite file lives: $LUDOTHEQUE_DATA, else the user's data dir."""
    if env := os.environ.get("LUDOTHEQUE_DATA"):
        return Path(env)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "ludotheque"


def default_database_url() -> str:
    return f"sqlite:///{default_data_dir() / 'ludotheque.sqlite3'}"


@dataclass
class Settings:
    """Everything the server can be told. Times are in seconds."""

    database_url: str = field(
        default_factory=lambda: os.environ.get("DATABASE_URL") or default_database_url()
    )
    # Redis URL for the fan-out between processes; None = one process (in-memory bus).
    redis_url: str | None = field(default_factory=lambda: os.environ.get("REDIS_URL") or None)
    # HMAC secret for tokens; None = one kept in the database (shared by every process).
    secret: str | None = field(default_factory=lambda: os.environ.get("LUDOTHEQUE_SECRET"))
    bot_delay: float = 0.6  # a bot "thinks" this long before acting, so people can follow
    grace: float = 30.0  # a disconnected player keeps his seat this long, then a stand-in plays
    rule_clock: float = 30.0  # rule-book timer length when the game does not say it
    lease_ttl: float = 6.0  # a process drives (bots, clocks) a table under a lease this long
    presence_every: float = 2.0  # how often a process tells which seats it holds connections of
    max_message: int = 8192  # bytes of one WebSocket message
    rate: float = 20.0  # messages per second per connection…
    burst: float = 40.0  # …with bursts up to this
    max_refusals: int = 100  # refused messages in a row before the connection is closed
    token_days: float = 30.0
    web_dir: Path = field(default_factory=lambda: Path(__file__).resolve().parent.parent / "web")
    resume_all: bool | None = None  # claim every unfinished table at start (None: when no Redis)
    bot_workers: int = 1  # threads the bots think on (never the ones people's actions use)…
    bot_share: float = 0.5  # …each busy at most this share of the time (the rest: the loop's)
    min_move_clock: float = 5.0  # the shortest move clock a table may ask for
    max_open_tables: int = 10  # tables a user has created that are not over yet
    sockets_per_address: int = 256  # table sockets one address holds at once, in one process
    guest_rate: float = 1 / 30  # guests created per second from one address…
    guest_burst: float = 20.0  # …with bursts up to this
    auth_rate: float = 0.5  # logins and new accounts (argon2 each) a second from one address…
    auth_burst: float = 10.0  # …with bursts up to this
    login_rate: float = 1 / 30  # logins a second at one account name, from anywhere…
    login_burst: float = 5.0  # …with bursts up to this (five guesses, then one each 30 s)
    standin_bot: str | None = None  # who plays for an absent player (None: the game's default)
    tournament_every: float = 1.0  # how often a process steps the tournaments it drives
    process_name: str = ""  # shown in logs and /api/health; defaults to host:pid
