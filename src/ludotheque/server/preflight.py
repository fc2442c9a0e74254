"""What ``ludotheque serve`` checks before it announces the site (a club's host, 2026-11-28).

Each mistake a host makes is said in one line, in French and English, before « Ludothèque en
ligne : … » — it was a traceback of 30 to 130 lines after it: a database URL that cannot be
read, a driver that is not installed, a database that does not answer or does not exist, a file
that is not a database, a schema newer than this version, a data folder that cannot be made, an
unreachable Redis, a signing key too short. And the one mistake that broke games: a second
server on a database another serves. Without Redis a server must be alone on its database —
it resumes every unfinished table at its start — so it keeps a lease on the database itself
(``SOLO_KEY``, renewed with its tables' leases); a server started while another renews that
lease, or (without Redis) while others renew their tables' leases, is refused.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from ludotheque.engine.errors import LudoError
from ludotheque.server import db
from ludotheque.server.config import Settings

SOLO_KEY = "solo_server"  # settings row: {"name": the server without Redis, "until": its lease}
MIN_SECRET = 16  # characters of LUDOTHEQUE_SECRET, the tokens' signing key


class StartupError(LudoError):
    """The server cannot start as it is told to: what was wrong, in one line."""


def check(settings: Settings, sleep: Callable[[float], None] = time.sleep) -> None:
    """StartupError on the first mistake found; the schema is brought up to date on the way
    (as the server's start would)."""
    if settings.secret is not None and len(settings.secret) < MIN_SECRET:
        raise StartupError(
            f"LUDOTHEQUE_SECRET doit avoir au moins {MIN_SECRET} caractères (la clé qui signe "
            "les jetons de connexion) ; laissez-la vide pour qu'elle soit tirée et gardée dans "
            "la base",
            f"LUDOTHEQUE_SECRET must have at least {MIN_SECRET} characters (the key signing the "
            "login tokens); leave it empty to have one drawn and kept in the database",
        )
    engine = _engine(settings.database_url)
    try:
        _migrate(engine, settings.database_url)
        _check_alone(engine, settings, sleep)
    finally:
        engine.dispose()
    if settings.redis_url:
        _ping_redis(settings.redis_url)


def shown_url(url: str) -> str:
    """A database's or Redis's URL without its password (« postgresql://postgres@host/db »)."""
    try:
        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:
        return url.split("@")[-1]


def _engine(url: str) -> Engine:
    try:
        return db.make_engine(url)
    except sa.exc.ArgumentError:
        raise StartupError(
            f"l'adresse de la base de données « {url} » est illisible : "
            "postgresql://UTILISATEUR@HÔTE:PORT/BASE ou sqlite:///CHEMIN",
            f"the database URL '{url}' cannot be read: postgresql://USER@HOST:PORT/DB or "
            "sqlite:///PATH",
        ) from None
    except (ModuleNotFoundError, sa.exc.NoSuchModuleError):
        raise StartupError(
            f"base de données non prise en charge : {shown_url(url)} (PostgreSQL ou SQLite)",
            f"unsupported database: {shown_url(url)} (PostgreSQL or SQLite)",
        ) from None
    except OSError as exc:
        raise StartupError(
            f"le dossier de la base de données ne peut pas être créé : {exc} (LUDOTHEQUE_DATA "
            "ou --database-url)",
            f"the database's folder cannot be made: {exc} (LUDOTHEQUE_DATA or --database-url)",
        ) from None


def _migrate(engine: Engine, url: str) -> None:
    from alembic.script.revision import ResolutionError
    from alembic.util.exc import CommandError

    where = shown_url(url)
    try:
        db.migrate(engine)
    except (ResolutionError, CommandError) as exc:
        raise StartupError(
            f"la base {where} a un schéma que cette version de Ludothèque ne connaît pas "
            f"(plus récent ?) : {_first_line(exc)}",
            f"the database {where} has a schema this version of Ludothèque does not know "
            f"(a newer one?): {_first_line(exc)}",
        ) from None
    except sa.exc.DBAPIError as exc:
        raise StartupError(
            f"la base de données {where} ne répond pas : {_first_line(exc.orig or exc)}",
            f"the database {where} does not answer: {_first_line(exc.orig or exc)}",
        ) from None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _others(conn: Connection, name: str | None) -> dict[str, float]:
    """The servers seen holding a lease on this database now: their name → the furthest end
    of their leases (their tables', and the lease a server without Redis keeps)."""
    now = time.time()
    t = db.tables
    rows = conn.execute(
        sa.select(t.c.driver, sa.func.max(t.c.lease_until))
        .where(t.c.driver.is_not(None), t.c.lease_until > now)
        .group_by(t.c.driver)
    ).all()
    seen = {str(driver): float(until) for driver, until in rows if driver != name}
    solo = solo_lease(conn)
    if solo is not None and solo[0] != name and solo[1] > now:
        seen[f"solo:{solo[0]}"] = solo[1]
    return seen


def solo_lease(conn: Connection) -> tuple[str, float] | None:
    """The lease a server without Redis keeps on its database: (its name, until when)."""
    value = db.get_setting(conn, SOLO_KEY)
    if value is None:
        return None
    try:
        found: Any = json.loads(value)
        return str(found["name"]), float(found["until"])
    except (ValueError, KeyError, TypeError):
        return None


def _check_alone(engine: Engine, settings: Settings, sleep: Callable[[float], None]) -> None:
    """Refuse to start beside a server that is alive on this database and cannot share it.
    A lease seen may be a dead server's (killed, its leases not yet run out): it is alive only
    if it is renewed while we wait a third of a lease and a little more."""
    with engine.connect() as conn:
        before = _others(conn, None)
    if not before:
        return
    sleep(settings.lease_ttl / 3 + 0.5)
    with engine.connect() as conn:
        after = _others(conn, None)
    alive = {name for name, until in after.items() if until > before.get(name, float("inf"))}
    solo = any(name.startswith("solo:") for name in alive)
    if solo:
        raise StartupError(
            "un serveur sans Redis sert déjà cette base de données : arrêtez-le, ou donnez à "
            "tous les serveurs de cette base le même --redis-url (docs/server.md)",
            "a server without Redis already serves this database: stop it, or give every "
            "server of this database the same --redis-url (docs/server.md)",
        )
    if alive and settings.redis_url is None:
        raise StartupError(
            "d'autres serveurs servent cette base de données (ils renouvellent leurs baux) : "
            "sans --redis-url un serveur doit y être seul ; donnez-lui le même --redis-url "
            "qu'eux (docs/server.md)",
            "other servers serve this database (they renew their leases): without --redis-url "
            "a server must be alone on it; give it the same --redis-url as theirs "
            "(docs/server.md)",
        )


def _ping_redis(url: str) -> None:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        try:
            client.ping()
        finally:
            client.close()
    except ValueError as exc:
        raise StartupError(
            f"l'adresse de Redis « {shown_url(url)} » est illisible : {exc}",
            f"the Redis URL '{shown_url(url)}' cannot be read: {exc}",
        ) from None
    except redis.RedisError as exc:
        raise StartupError(
            f"Redis ne répond pas à {shown_url(url)} : {_first_line(exc)}",
            f"Redis does not answer at {shown_url(url)}: {_first_line(exc)}",
        ) from None
