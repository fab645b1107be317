"""Rooms, their seats, each game's action log and its packs.

Revision ID: 0001
Revises:
Created: with the online server (`tuolaji serve`)

A game is stored as what rebuilds it exactly: the room's settings (rules as JSON text,
the seed), the pack of every deal (card notation, in deal order) and every accepted
action (``action_to_json`` as JSON text, numbered from 1). The checks refuse values the
server never writes, so a bug shows as an error instead of a room that cannot resume.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Create the rooms, seats, actions and packs tables."""
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(64), primary_key=True),
        sa.Column("created_at", sa.Double(), nullable=False),
        sa.Column("updated_at", sa.Double(), nullable=False),
        sa.Column("rules", sa.Text(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("round_limit", sa.Integer(), nullable=True),
        sa.Column("clock_s", sa.Double(), nullable=True),
        sa.Column("spectators", sa.Boolean(), nullable=False),
        sa.Column("listed", sa.Boolean(), nullable=False),
        sa.Column("stand_in", sa.Text(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("admin_hash", sa.String(64), nullable=False),
        sa.CheckConstraint("seed >= 0", name="rooms_seed_range"),
        sa.CheckConstraint(
            "status IN ('waiting', 'playing', 'finished', 'closed')", name="rooms_status"
        ),
    )
    # the rooms to resume or close: by status, then how long they have been idle
    op.create_index("rooms_by_status", "rooms", ["status", "updated_at"])

    op.create_table(
        "seats",
        sa.Column(
            "code",
            sa.String(64),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("player", sa.Text(), nullable=False),
        sa.Column("name", sa.Text(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
        sa.CheckConstraint("seat BETWEEN 0 AND 3", name="seats_seat_range"),
    )

    op.create_table(
        "actions",
        sa.Column(
            "code",
            sa.String(64),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("action", sa.Text(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("client_id", sa.Text(), nullable=True),
        sa.Column("by_bot", sa.Boolean(), nullable=False),
        sa.Column("at", sa.Double(), nullable=False),
        sa.CheckConstraint("number >= 1", name="actions_number_range"),
        sa.CheckConstraint("seat IS NULL OR seat BETWEEN 0 AND 3", name="actions_seat_range"),
    )
    # A client's action id is applied once per seat: a retried id finds its action.
    op.create_index(
        "actions_by_client_id",
        "actions",
        ["code", "seat", "client_id"],
        unique=True,
        sqlite_where=sa.text("client_id IS NOT NULL"),
        postgresql_where=sa.text("client_id IS NOT NULL"),
    )

    op.create_table(
        "packs",
        sa.Column(
            "code",
            sa.String(64),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
        sa.Column("cards", sa.Text(), nullable=False),
        sa.CheckConstraint("number >= 1", name="packs_number_range"),
    )


def downgrade() -> None:
    """Drop the four tables (every stored game with them)."""
    op.drop_table("packs")
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_index("rooms_by_status", table_name="rooms")
    op.drop_table("rooms")
