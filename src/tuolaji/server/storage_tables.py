"""The tables of the server's database, as the queries see them.

The migrations (``tuolaji/server/migrations``), not this metadata, make the tables;
tests/server/test_storage.py checks that the two agree.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

room_table = sa.Table(
    "rooms",
    metadata,
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
    sa.Column("rematch", sa.String(64), nullable=True),
    sa.Index("rooms_by_status", "status", "updated_at"),
)

seat_table = sa.Table(
    "seats",
    metadata,
    sa.Column(
        "code", sa.String(64), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("seat", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("player", sa.Text(), nullable=False),
    sa.Column("name", sa.Text(), nullable=False),
    sa.Column("token_hash", sa.String(64), nullable=True),
)

action_table = sa.Table(
    "actions",
    metadata,
    sa.Column(
        "code", sa.String(64), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("action", sa.Text(), nullable=False),
    sa.Column("seat", sa.Integer(), nullable=True),
    sa.Column("client_id", sa.Text(), nullable=True),
    sa.Column("by_bot", sa.Boolean(), nullable=False),
    sa.Column("at", sa.Double(), nullable=False),
    # A retried client action is found by its id; NULL ids (draws, bots) never clash.
    sa.Index(
        "actions_by_client_id",
        "code",
        "seat",
        "client_id",
        unique=True,
        sqlite_where=sa.text("client_id IS NOT NULL"),
        postgresql_where=sa.text("client_id IS NOT NULL"),
    ),
)

pack_table = sa.Table(
    "packs",
    metadata,
    sa.Column(
        "code", sa.String(64), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True
    ),
    sa.Column("number", sa.Integer(), primary_key=True, autoincrement=False),
    sa.Column("cards", sa.Text(), nullable=False),
)
