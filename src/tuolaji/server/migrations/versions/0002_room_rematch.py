"""A finished room's rematch: the code of the room made for the next game.

Revision ID: 0002
Revises: 0001
Created: with the browser table

Set once, by the first player of a finished game who asks for a rematch; every client
of the old room sees it in its ``room`` frame, and it survives a restart. No foreign
key: the rematch room is made first, in its own transaction, and a room is never
deleted while the server runs.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the rooms' rematch column (empty for every room so far)."""
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("rematch", sa.String(64), nullable=True))


def downgrade() -> None:
    """Drop the rematch column (the links between games with it)."""
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("rematch")
