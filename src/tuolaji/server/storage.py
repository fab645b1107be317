"""The server's durable storage: rooms, seats, each game's action log and its packs.

Async SQLAlchemy 2 (Core) on ``sqlite+aiosqlite:///PATH`` (the embedded default) or
``postgresql+asyncpg://…``, the same code and the same migrations for both. The tables
are made by the Alembic migrations shipped in ``tuolaji/server/migrations`` only, which
:meth:`Storage.open` runs (upgrade to head) every time: a database that is already
current is left as it is.

Crash safety rests on :meth:`Storage.append_action`: the action, the packs of any deals
it made and the room's ``updated_at`` are written in one transaction, which commits
before the server tells anyone about the action. A game is rebuilt by replaying the
stored actions over the stored packs; the storage never holds a ``Game``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from tuolaji.server.cluster_sql import db_now
from tuolaji.server.group_commit import GroupCommit
from tuolaji.server.storage_appends import (
    Append,
    NotOwner,
    fence,
    insert_action,
    insert_actions,
    refusals,
)
from tuolaji.server.storage_open import READ_ONLY, open_engine, refusal
from tuolaji.server.storage_rows import (
    ROOM_STATUSES,
    SEATS,
    UNFINISHED_STATUSES,
    LoggedAction,
    RoomRow,
    RoomSummary,
    SeatRow,
    StorageError,
    StoredRoom,
)
from tuolaji.server.storage_tables import (
    action_table,
    metadata,
    pack_table,
    room_table,
    seat_table,
    take_table,
)
from tuolaji.server.storage_values import (
    action_from_row,
    check_seat_number,
    json_text,
    pack_from_text,
    pack_text,
    room_from_row,
    room_values,
    seat_from_row,
)

__all__ = [
    "LoggedAction",
    "NotOwner",
    "RoomRow",
    "RoomSummary",
    "SeatRow",
    "Storage",
    "StorageError",
    "StoredRoom",
    "metadata",
]


class Storage:
    """The rooms of one server, in one database. Open with :meth:`open`.

    On a PostgreSQL shared by several servers, :meth:`fence_writes` makes every write
    of a room's game (its actions, seats and status) conditional on this server owning
    the room and holding its lease (:mod:`tuolaji.server.storage_appends`); a refused
    write raises :class:`NotOwner`. The embedded SQLite server never fences.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        """Wrap an engine whose database is migrated already (use :meth:`open`)."""
        self._engine = engine
        #: the server whose ownership fences the writes (None: not fenced)
        self.writer: str | None = None
        # Readers see one consistent snapshot across their statements (a room's actions
        # and packs agree): SQLite gives that to any transaction under WAL; PostgreSQL
        # needs REPEATABLE READ.
        read_options: dict[str, Any] = {READ_ONLY: True}
        if engine.dialect.name == "postgresql":
            read_options["isolation_level"] = "REPEATABLE READ"
        self._reader = engine.execution_options(**read_options)
        # SQLite has one writer at a time: writes take turns here, in order, rather than
        # meeting SQLite's busy handler, which sleeps between tries (a write could wait
        # seconds while the file sat idle). PostgreSQL writes concurrently.
        self._one_writer = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._appends: GroupCommit[Append] = GroupCommit(self._append_many, self._append_one)

    @classmethod
    async def open(cls, url: str) -> Storage:
        """Connect to the database at ``url`` and migrate it to the newest schema.

        StorageError when the URL is not an SQLite or PostgreSQL one, or the database
        cannot be reached or migrated.
        """
        return cls(await open_engine(url))

    @property
    def engine(self) -> AsyncEngine:
        """The engine the storage works on (the leases open their own connection on its
        URL)."""
        return self._engine

    @property
    def shared(self) -> bool:
        """Whether several servers may share this database (PostgreSQL), which makes
        the rooms' ownership necessary; SQLite is one process's."""
        return self._engine.dialect.name == "postgresql"

    def fence_writes(self, server_id: str) -> None:
        """From now on, write a room's game only while ``server_id`` owns the room and
        holds its lease; new rooms are made owned by it."""
        self.writer = server_id

    async def close(self) -> None:
        """Close every connection (the storage is not used after), once the writes
        handed in are written."""
        await self._appends.drain()
        await self._engine.dispose()

    @asynccontextmanager
    async def _writing(self, what: str) -> AsyncIterator[AsyncConnection]:
        """One write transaction: committed when the block ends, rolled back (nothing
        kept) when it raises; the database's refusal is raised as StorageError."""
        async with self._one_writer or contextlib.nullcontext():
            try:
                async with self._engine.begin() as connection:
                    yield connection
            except (SQLAlchemyError, OSError) as error:
                raise StorageError(f"{what}: {refusal(error)}") from error

    @asynccontextmanager
    async def _reading(self, what: str) -> AsyncIterator[AsyncConnection]:
        """One read transaction (one snapshot); failures raised as StorageError."""
        try:
            async with self._reader.connect() as connection:
                yield connection
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"{what}: {refusal(error)}") from error

    async def create_room(
        self, room: RoomRow, seats: Sequence[SeatRow], first_pack: tuple[int, ...]
    ) -> None:
        """Store a new room, its four seats and the pack of its first deal (pack 1).

        StorageError (and nothing stored) when the code is taken or a value is bad.
        """
        values = room_values(room)
        if sorted(seat.seat for seat in seats) != list(range(SEATS)):
            raise StorageError(f"a room has seats 0 to 3, once each, not {[s.seat for s in seats]}")
        seat_values = [
            {
                "code": room.code,
                "seat": seat.seat,
                "player": seat.player,
                "name": seat.name,
                "token_hash": seat.token_hash,
            }
            for seat in seats
        ]
        pack = {"code": room.code, "number": 1, "cards": pack_text(first_pack, "the first pack")}
        async with self._writing(f"room {room.code!r} was not created") as connection:
            if self.writer is None:
                await connection.execute(room_table.insert(), values)
            else:
                # made owned by its maker, and the take is in the audit like any other
                await connection.execute(
                    room_table.insert().values(owner=self.writer, owner_since=db_now()), values
                )
            await connection.execute(seat_table.insert(), seat_values)
            await connection.execute(pack_table.insert(), pack)
            if self.writer is not None:
                await connection.execute(
                    take_table.insert().values(
                        code=room.code,
                        server=self.writer,
                        taken_at=db_now(),
                        previous_owner=None,
                        reason="create",
                        actions_at_take=0,
                    )
                )

    async def update_seat(self, code: str, seat: SeatRow, now: float) -> None:
        """Replace one seat's player, name and token hash; the room's ``updated_at`` = now.

        StorageError (nothing changed) when the room or the seat does not exist.
        """
        check_seat_number(seat.seat, "seat")
        async with self._writing(f"seat {seat.seat} of room {code!r} was not updated") as conn:
            if self.writer is not None:
                await conn.run_sync(self._fence_one, code, now)
            result = await conn.execute(
                sa.update(seat_table)
                .where(seat_table.c.code == code, seat_table.c.seat == seat.seat)
                .values(player=seat.player, name=seat.name, token_hash=seat.token_hash)
            )
            if result.rowcount != 1:
                raise StorageError(f"room {code!r} has no seat {seat.seat}")
            if self.writer is None:
                await conn.execute(
                    sa.update(room_table).where(room_table.c.code == code).values(updated_at=now)
                )

    def _fence_one(self, connection: sa.Connection, code: str, now: float) -> None:
        """The fence of one room's write (its ``updated_at`` = ``now``): NotOwner, or a
        StorageError for an unknown room, when this server may not write it."""
        assert self.writer is not None
        if not fence(connection, {code: now}, self.writer):
            raise refusals(connection, [code], self.writer)[code]

    async def set_status(self, code: str, status: str, now: float) -> None:
        """Set a room's status ("waiting", "playing", "finished", "closed"); ``updated_at``
        = now. StorageError (nothing changed) for an unknown room or status."""
        if status not in ROOM_STATUSES:
            raise StorageError(f"{status!r} is not a room status: one of {ROOM_STATUSES}")
        async with self._writing(f"room {code!r} kept its status") as connection:
            if self.writer is not None:
                await connection.run_sync(self._fence_one, code, now)
            result = await connection.execute(
                sa.update(room_table)
                .where(room_table.c.code == code)
                .values(status=status, updated_at=now)
            )
            if result.rowcount != 1:
                raise StorageError(f"there is no room {code!r}")

    async def set_rematch(self, code: str, rematch: str) -> str:
        """Link finished room ``code`` to its rematch room ``rematch``, unless it has one
        already; the rematch code it holds after (the first one set stays).

        StorageError (nothing changed) when there is no room ``code``.
        """
        async with self._writing(f"room {code!r} kept its rematch") as connection:
            await connection.execute(
                sa.update(room_table)
                .where(room_table.c.code == code, room_table.c.rematch.is_(None))
                .values(rematch=rematch)
            )
            held = (
                await connection.execute(
                    sa.select(room_table.c.rematch).where(room_table.c.code == code)
                )
            ).first()
            if held is None:
                raise StorageError(f"there is no room {code!r}")
            stored: str = held.rematch
            return stored

    async def append_action(
        self, code: str, entry: LoggedAction, new_packs: Sequence[tuple[int, ...]] = ()
    ) -> None:
        """Store one accepted action, the packs of any deals it made (numbered after the
        stored ones) and the room's ``updated_at`` = ``entry.at``, in ONE transaction
        (shared with other rooms' actions waiting at the same moment: group commit).

        StorageError, and nothing stored, when the room is unknown, the action's number is
        taken, or the seat already used this client id.
        """
        check_seat_number(entry.seat, "the action's seat")
        action_text = json_text(entry.action, "the action")
        pack_texts = tuple(pack_text(pack, "a new pack") for pack in new_packs)
        await self._appends.write(Append(code, entry, action_text, pack_texts))

    async def _append_many(self, appends: Sequence[Append]) -> Sequence[Exception | None]:
        """Several rooms' actions in one transaction (all or none; fenced, the rooms this
        server does not own are refused alone)."""
        async with self._writing(f"{len(appends)} actions were not stored") as connection:
            outcomes: list[StorageError | None] = await connection.run_sync(
                insert_actions, appends, self.writer
            )
            return outcomes

    async def _append_one(self, append: Append) -> None:
        """One action in its own transaction."""
        what = f"action {append.entry.number} of room {append.code!r} was not stored"
        async with self._writing(what) as connection:
            await connection.run_sync(insert_action, append, self.writer)

    async def find_client_action(self, code: str, seat: int, client_id: str) -> int | None:
        """The number of the action ``seat`` sent with ``client_id``, or None."""
        async with self._reading(f"room {code!r} could not be read") as connection:
            number = await connection.scalar(
                sa.select(action_table.c.number).where(
                    action_table.c.code == code,
                    action_table.c.seat == seat,
                    action_table.c.client_id == client_id,
                )
            )
        return None if number is None else int(number)

    async def load_room(self, code: str) -> StoredRoom | None:
        """Everything stored about room ``code`` (one snapshot), or None if there is none."""
        async with self._reading(f"room {code!r} could not be read") as connection:
            room = (
                await connection.execute(sa.select(room_table).where(room_table.c.code == code))
            ).first()
            if room is None:
                return None
            seat_rows = await connection.execute(
                sa.select(seat_table).where(seat_table.c.code == code).order_by(seat_table.c.seat)
            )
            action_rows = await connection.execute(
                sa.select(action_table)
                .where(action_table.c.code == code)
                .order_by(action_table.c.number)
            )
            pack_rows = await connection.execute(
                sa.select(pack_table.c.cards)
                .where(pack_table.c.code == code)
                .order_by(pack_table.c.number)
            )
            return StoredRoom(
                room=room_from_row(room),
                seats=tuple(seat_from_row(row) for row in seat_rows),
                actions=tuple(action_from_row(row) for row in action_rows),
                packs=tuple(pack_from_text(row.cards) for row in pack_rows),
            )

    async def unfinished_rooms(self) -> list[str]:
        """The codes of the rooms whose game may go on (waiting or playing), oldest first."""
        async with self._reading("the rooms could not be read") as connection:
            result = await connection.scalars(
                sa.select(room_table.c.code)
                .where(room_table.c.status.in_(UNFINISHED_STATUSES))
                .order_by(room_table.c.created_at, room_table.c.code)
            )
            return list(result)

    async def listed_rooms(self, limit: int = 50) -> list[RoomSummary]:
        """At most ``limit`` rooms for the public list, newest first: listed, waiting, and
        with a human seat nobody has taken yet."""
        if limit <= 0:
            return []
        open_seat = (
            sa.select(seat_table.c.seat)
            .where(
                seat_table.c.code == room_table.c.code,
                seat_table.c.player == "human",
                seat_table.c.token_hash.is_(None),
            )
            .exists()
        )
        async with self._reading("the open rooms could not be read") as connection:
            room_rows = (
                await connection.execute(
                    sa.select(
                        room_table.c.code,
                        room_table.c.created_at,
                        room_table.c.rules,
                        room_table.c.status,
                    )
                    .where(
                        room_table.c.listed.is_(True), room_table.c.status == "waiting", open_seat
                    )
                    .order_by(room_table.c.created_at.desc(), room_table.c.code)
                    .limit(limit)
                )
            ).all()
            codes = [row.code for row in room_rows]
            seats_of: dict[str, list[SeatRow]] = {code: [] for code in codes}
            if codes:
                seat_rows = await connection.execute(
                    sa.select(seat_table)
                    .where(seat_table.c.code.in_(codes))
                    .order_by(seat_table.c.code, seat_table.c.seat)
                )
                for row in seat_rows:
                    seats_of[row.code].append(seat_from_row(row))
        return [
            RoomSummary(
                code=row.code,
                created_at=float(row.created_at),
                rules=json.loads(row.rules),
                status=row.status,
                open_seats=tuple(
                    seat.seat
                    for seat in seats_of[row.code]
                    if seat.player == "human" and seat.token_hash is None
                ),
                names=tuple(seat.name for seat in seats_of[row.code]),
                players=tuple(seat.player for seat in seats_of[row.code]),
            )
            for row in room_rows
        ]

    async def idle_rooms(self, before: float) -> list[str]:
        """The codes of the unfinished rooms last updated before ``before``, idlest first
        (fenced: only this server's own rooms, which only it may close)."""
        query = sa.select(room_table.c.code).where(
            room_table.c.status.in_(UNFINISHED_STATUSES), room_table.c.updated_at < before
        )
        if self.writer is not None:
            query = query.where(room_table.c.owner == self.writer)
        async with self._reading("the rooms could not be read") as connection:
            result = await connection.scalars(
                query.order_by(room_table.c.updated_at, room_table.c.code)
            )
            return list(result)

    async def find_seat_by_token_hash(self, code: str, token_hash: str) -> int | None:
        """The seat of room ``code`` whose token has this hash, or None."""
        async with self._reading(f"room {code!r} could not be read") as connection:
            seat = await connection.scalar(
                sa.select(seat_table.c.seat)
                .where(seat_table.c.code == code, seat_table.c.token_hash == token_hash)
                .order_by(seat_table.c.seat)
                .limit(1)
            )
        return None if seat is None else int(seat)
