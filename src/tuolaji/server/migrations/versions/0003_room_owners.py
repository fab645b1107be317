"""One owner per room across server processes on one database.

Revision ID: 0003
Revises: 0002
Created: with several `tuolaji serve` processes on one PostgreSQL

- ``servers``: every process that drives rooms on PostgreSQL registers here and keeps a
  lease (``lease_until``, epoch seconds of the DATABASE's clock) renewed while it runs.
- ``rooms.owner`` / ``rooms.owner_since``: the server that drives the room (None: nobody
  yet, or released) and since when (database clock).
- ``room_takes``: every change of a room's owner, with the number of actions the log
  held at that moment: with ``actions.written_by`` it shows from the log alone that no
  room ever had two writers.
- ``actions.written_by``: the server that stored the action (None: stored before this
  revision, or by the embedded SQLite server, which is a single process).
- ``rate_limits``: the shared per-address limits (one "theoretical arrival time" per
  key, generic cell rate algorithm).

SQLite databases get the same tables and columns; a single process leaves them empty.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Add the servers, room_takes and rate_limits tables and the owner columns."""
    op.create_table(
        "servers",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("started_at", sa.Double(), nullable=False),
        sa.Column("lease_until", sa.Double(), nullable=False),
        sa.Column("address", sa.Text(), nullable=True),
    )
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
        batch.add_column(sa.Column("owner_since", sa.Double(), nullable=True))
    # a server's own rooms (released when it stops, closed when idle)
    op.create_index("rooms_by_owner", "rooms", ["owner"])
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("written_by", sa.String(64), nullable=True))
    op.create_table(
        "room_takes",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "code",
            sa.String(64),
            sa.ForeignKey("rooms.code", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("server", sa.String(64), nullable=False),
        sa.Column("taken_at", sa.Double(), nullable=False),
        sa.Column("previous_owner", sa.String(64), nullable=True),
        sa.Column("reason", sa.String(16), nullable=False),
        sa.Column("actions_at_take", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "reason IN ('create', 'request', 'handover', 'orphan')", name="room_takes_reason"
        ),
    )
    op.create_index("room_takes_by_room", "room_takes", ["code", "id"])
    op.create_table(
        "rate_limits",
        sa.Column("key", sa.Text(), primary_key=True),
        sa.Column("tat", sa.Double(), nullable=False),
    )


def downgrade() -> None:
    """Drop what :func:`upgrade` added."""
    op.drop_table("rate_limits")
    op.drop_index("room_takes_by_room", table_name="room_takes")
    op.drop_table("room_takes")
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("written_by")
    op.drop_index("rooms_by_owner", table_name="rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("owner_since")
        batch.drop_column("owner")
    op.drop_table("servers")
