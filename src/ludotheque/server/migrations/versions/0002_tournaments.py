"""Tournaments (issue 18): the tournament, its registrations, its duels (one row per duel,
unique per tournament and round: two processes can never both create one) and its log of
organiser decisions and forfeits; a manche's table names its tournament and its grace.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("formula", sa.JSON, nullable=False),
        sa.Column("places", sa.Integer, nullable=False),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("move_clock", sa.Float, nullable=True),
        sa.Column("grace", sa.Float, nullable=False),
        sa.Column("round_deadline", sa.Float, nullable=True),
        sa.Column("starts_at", sa.Float, nullable=False),
        sa.Column("invite", sa.String(32), nullable=True),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("seed", sa.String(24), nullable=True),
        sa.Column("entrants", sa.JSON, nullable=True),
        sa.Column("round_at", sa.JSON, nullable=False),
        sa.Column("ranking", sa.JSON, nullable=True),
        sa.Column("note", sa.JSON, nullable=True),
        sa.Column("created_by", sa.String(32), nullable=False),
        sa.Column("organiser", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("driver", sa.String(80), nullable=True),
        sa.Column("lease_until", sa.Float, nullable=True),
        sa.Column("rev", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("user_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_tournament_players_user_id", "tournament_players", ["user_id"])
    op.create_table(
        "tournament_duels",
        sa.Column("tournament_id", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(16), primary_key=True),
        sa.Column("a", sa.Integer, nullable=False),
        sa.Column("b", sa.Integer, nullable=False),
        sa.Column("manches", sa.JSON, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("winner", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
        sa.Column("rev", sa.Integer, nullable=False, server_default="0"),
    )
    op.create_table(
        "tournament_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(32), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("by", sa.String(64), nullable=True),
        sa.Column("detail", sa.JSON, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_tournament_events_tournament_id", "tournament_events", ["tournament_id"])
    with op.batch_alter_table("ludo_tables") as batch:
        batch.add_column(sa.Column("tournament", sa.String(32), nullable=True))
        batch.add_column(sa.Column("grace", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("ludo_tables") as batch:
        batch.drop_column("grace")
        batch.drop_column("tournament")
    for name in ("tournament_events", "tournament_duels", "tournament_players", "tournaments"):
        op.drop_table(name)
