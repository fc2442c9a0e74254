"""A deal nobody chooses: each person may add his own seed to the server's (rng.deal_seed).
The table keeps the server's seed, committed when it is opened, and the seats' contributions;
an account keeps the server's seed of its next table, whose commitment it may read first.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("ludo_tables") as batch:
        batch.add_column(sa.Column("server_seed", sa.String(24), nullable=True))
        batch.add_column(sa.Column("contributions", sa.JSON, nullable=True))
    with op.batch_alter_table("users") as batch:
        batch.add_column(sa.Column("next_seed", sa.String(24), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("users") as batch:
        batch.drop_column("next_seed")
    with op.batch_alter_table("ludo_tables") as batch:
        batch.drop_column("contributions")
        batch.drop_column("server_seed")
