"""A table's rows: identifiers, the deal's seed and commitment, and its action log as stored."""

from __future__ import annotations

import secrets
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine

from ludotheque.engine.rng import commitment, fresh_seed
from ludotheque.server import db


def new_id() -> str:
    return secrets.token_urlsafe(9)


def deal_values() -> tuple[str, str]:
    seed = fresh_seed()
    return str(seed), commitment(seed)


def select_actions(table_id: str, after: int) -> sa.Select[Any]:
    return (
        sa.select(db.actions)
        .where(db.actions.c.table_id == table_id, db.actions.c.seq > after)
        .order_by(db.actions.c.seq)
    )


def load_actions(engine: Engine, table_id: str, after: int) -> list[dict[str, Any]]:
    """The stored actions of a table after version ``after``, in order."""
    with engine.connect() as conn:
        return [db.row_dict(r) for r in conn.execute(select_actions(table_id, after))]
