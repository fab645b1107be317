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
    #: the server process that drives the room (PostgreSQL; None: nobody, or released)
    sa.Column("owner", sa.String(64), nullable=True),
    #: since when (epoch seconds, the database's clock)
    sa.Column("owner_since", sa.Double(), nullable=True),
    sa.Index("rooms_by_status", "status", "updated_at"),
    sa.Index("rooms_by_owner", "owner"),
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
    #: the server that stored it (None: the embedded single process, or older rows)
    sa.Column("written_by", sa.String(64), nullable=True),
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

#: the server processes on one PostgreSQL and their leases (:mod:`tuolaji.server.leases`)
server_table = sa.Table(
    "servers",
    metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("started_at", sa.Double(), nullable=False),
    #: epoch seconds of the database's clock
    sa.Column("lease_until", sa.Double(), nullable=False),
    sa.Column("address", sa.Text(), nullable=True),
)

#: every change of a room's owner (:mod:`tuolaji.server.ownership`)
take_table = sa.Table(
    "room_takes",
    metadata,
    sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
    sa.Column(
        "code", sa.String(64), sa.ForeignKey("rooms.code", ondelete="CASCADE"), nullable=False
    ),
    sa.Column("server", sa.String(64), nullable=False),
    sa.Column("taken_at", sa.Double(), nullable=False),
    sa.Column("previous_owner", sa.String(64), nullable=True),
    sa.Column("reason", sa.String(16), nullable=False),
    #: how many actions the room's log held when it was taken
    sa.Column("actions_at_take", sa.Integer(), nullable=False),
    sa.Index("room_takes_by_room", "code", "id"),
)

#: the shared rate limits (:mod:`tuolaji.server.shared_limits`)
rate_limit_table = sa.Table(
    "rate_limits",
    metadata,
    sa.Column("key", sa.Text(), primary_key=True),
    #: the key's theoretical arrival time, epoch seconds of the database's clock
    sa.Column("tat", sa.Double(), nullable=False),
)
