"""A tournament may have no start time: its registrations stay open until its organiser starts
it (a tournament without bots made with no « Début », or one whose start time came with a
number of entrants its formula cannot run, R48).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.alter_column("starts_at", existing_type=sa.Float, nullable=True)


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.alter_column("starts_at", existing_type=sa.Float, nullable=False)
