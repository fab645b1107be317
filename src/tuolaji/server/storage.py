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
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from tuolaji.core.cards import NotationError, format_cards, parse_cards
from tuolaji.server.group_commit import GroupCommit
from tuolaji.server.storage_rows import (
    MAX_SEED,
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
from tuolaji.server.storage_tables import action_table, metadata, pack_table, room_table, seat_table

__all__ = [
    "LoggedAction",
    "RoomRow",
    "RoomSummary",
    "SeatRow",
    "Storage",
    "StorageError",
    "StoredRoom",
    "metadata",
]

#: Where Alembic finds the migrations: a folder of the installed package, so no
#: alembic.ini is needed on disk.
MIGRATIONS: Final = "tuolaji.server:migrations"
#: How long an SQLite connection waits for another's write lock before giving up (ms).
SQLITE_BUSY_TIMEOUT_MS: Final = 10_000
#: The execution option that marks the reading engine (see ``_begin_sqlite``).
_READ_ONLY: Final = "tuolaji_read_only"


def upgrade_to_head(connection: sa.Connection) -> None:
    """Run the shipped migrations on ``connection`` up to the newest (in its transaction).

    Called through ``AsyncConnection.run_sync``; the environment
    (``migrations/env.py``) takes the connection from the config's attributes.
    """
    config = Config(attributes={"connection": connection})
    config.set_main_option("script_location", MIGRATIONS)
    command.upgrade(config, "head")


def _connect_sqlite(dbapi_connection: Any, _record: Any) -> None:
    """Set up every new SQLite connection: we say when transactions begin, and the file
    is written safely (WAL, every commit synced) with foreign keys enforced."""
    # The sqlite3 module would begin transactions itself, and not before DDL or SELECT;
    # with this off, _begin_sqlite begins every transaction, so a migration is one
    # transaction and a read sees one snapshot.
    dbapi_connection.isolation_level = None
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
    finally:
        cursor.close()


def _begin_sqlite(connection: sa.Connection) -> None:
    """Begin a transaction: IMMEDIATE for writers (the write lock is taken up front, so a
    writer waits for another under the busy timeout instead of failing when it first
    writes), deferred for readers (they never block a writer under WAL)."""
    read_only = connection.get_execution_options().get(_READ_ONLY, False)
    connection.exec_driver_sql("BEGIN" if read_only else "BEGIN IMMEDIATE")


def _missing_sqlite_folder(database: str | None) -> Path | None:
    """The folder an SQLite file should be in, when it does not exist (else None).

    Said up front because SQLite's own message ("unable to open database file") does
    not say why, and a connection that fails to open leaves aiosqlite's thread behind.
    """
    if not database or database == ":memory:" or database.startswith("file:"):
        return None
    folder = Path(database).parent
    return None if folder.is_dir() else folder


def _json_text(value: object, what: str) -> str:
    """``value`` as compact JSON text, or StorageError when it is not plain JSON data."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StorageError(f"{what} is not plain JSON data: {error}") from error


def _pack_text(pack: Sequence[int], what: str) -> str:
    """A pack in card notation (R-N3), or StorageError when it holds something else."""
    try:
        return format_cards(pack)
    except (NotationError, TypeError) as error:
        raise StorageError(f"{what} is not a list of cards: {error}") from error


def _pack_from_text(text: str) -> tuple[int, ...]:
    """A stored pack read back."""
    return tuple(parse_cards(text))


def _room_values(room: RoomRow) -> dict[str, Any]:
    """The ``rooms`` columns of ``room``, checked where the database alone would not."""
    if isinstance(room.seed, bool) or not isinstance(room.seed, int):
        raise StorageError(f"the seed of room {room.code!r} is not a whole number")
    if not 0 <= room.seed <= MAX_SEED:
        raise StorageError(f"the seed of room {room.code!r} is not in 0 .. 2**63-1")
    if room.status not in ROOM_STATUSES:
        raise StorageError(f"{room.status!r} is not a room status: one of {ROOM_STATUSES}")
    return {
        "code": room.code,
        "created_at": room.created_at,
        "updated_at": room.updated_at,
        "rules": _json_text(room.rules, "the rules"),
        "seed": room.seed,
        "round_limit": room.round_limit,
        "clock_s": room.clock_s,
        "spectators": room.spectators,
        "listed": room.listed,
        "stand_in": room.stand_in,
        "status": room.status,
        "admin_hash": room.admin_hash,
        "rematch": room.rematch,
    }


def _check_seat_number(seat: int | None, what: str) -> None:
    """StorageError unless ``seat`` is a seat number 0-3 (or None where that is allowed)."""
    if seat is not None and (isinstance(seat, bool) or seat not in range(SEATS)):
        raise StorageError(f"{what} {seat!r} is not a seat: seats are 0 to 3")


def _room_from_row(row: sa.Row[Any]) -> RoomRow:
    """A ``rooms`` row as a RoomRow."""
    return RoomRow(
        code=row.code,
        created_at=float(row.created_at),
        updated_at=float(row.updated_at),
        rules=json.loads(row.rules),
        seed=int(row.seed),
        round_limit=row.round_limit,
        clock_s=None if row.clock_s is None else float(row.clock_s),
        spectators=bool(row.spectators),
        listed=bool(row.listed),
        stand_in=row.stand_in,
        status=row.status,
        admin_hash=row.admin_hash,
        rematch=row.rematch,
    )


def _seat_from_row(row: sa.Row[Any]) -> SeatRow:
    """A ``seats`` row as a SeatRow."""
    return SeatRow(seat=row.seat, player=row.player, name=row.name, token_hash=row.token_hash)


def _action_from_row(row: sa.Row[Any]) -> LoggedAction:
    """An ``actions`` row as a LoggedAction."""
    return LoggedAction(
        number=row.number,
        action=json.loads(row.action),
        seat=row.seat,
        client_id=row.client_id,
        by_bot=bool(row.by_bot),
        at=float(row.at),
    )


def _refusal(error: BaseException) -> str:
    """What the database said, without the SQL around it."""
    original = getattr(error, "orig", None)
    return str(original if original is not None else error).strip()


@dataclass(frozen=True)
class _Append:
    """One action to store, checked and turned into the text the database keeps."""

    code: str
    entry: LoggedAction
    action_text: str
    pack_texts: tuple[str, ...]


def _insert_actions(connection: sa.Connection, appends: Sequence[_Append]) -> None:
    """Store several rooms' actions in the caller's transaction, in as few statements as
    can be: each statement is a trip to the database driver's thread and back. An
    unknown room breaks the rooms' foreign key, which fails the whole batch."""
    for append in appends:
        if append.pack_texts:
            _insert_packs(connection, append)
    connection.execute(action_table.insert(), [_action_values(append) for append in appends])
    connection.execute(
        sa.update(room_table)
        .where(room_table.c.code == sa.bindparam("room"))
        .values(updated_at=sa.bindparam("at")),
        [{"room": append.code, "at": append.entry.at} for append in appends],
    )


def _insert_action(connection: sa.Connection, append: _Append) -> None:
    """Store one action in the caller's transaction; an unknown room is a StorageError
    that names it."""
    code = append.code
    if append.pack_texts:
        _insert_packs(connection, append)
    connection.execute(action_table.insert(), _action_values(append))
    result = connection.execute(
        sa.update(room_table).where(room_table.c.code == code).values(updated_at=append.entry.at)
    )
    if result.rowcount != 1:
        raise StorageError(f"there is no room {code!r}")


def _insert_packs(connection: sa.Connection, append: _Append) -> None:
    """The packs an action dealt, numbered after the room's stored ones. They go in
    before the action: a refused action then takes them back too."""
    stored = connection.scalar(
        sa.select(sa.func.coalesce(sa.func.max(pack_table.c.number), 0)).where(
            pack_table.c.code == append.code
        )
    )
    connection.execute(
        pack_table.insert(),
        [
            {"code": append.code, "number": int(stored or 0) + index, "cards": text}
            for index, text in enumerate(append.pack_texts, start=1)
        ],
    )


def _action_values(append: _Append) -> dict[str, Any]:
    """The row of an action's table."""
    entry = append.entry
    return {
        "code": append.code,
        "number": entry.number,
        "action": append.action_text,
        "seat": entry.seat,
        "client_id": entry.client_id,
        "by_bot": entry.by_bot,
        "at": entry.at,
    }


class Storage:
    """The rooms of one server, in one database. Open with :meth:`open`."""

    def __init__(self, engine: AsyncEngine) -> None:
        """Wrap an engine whose database is migrated already (use :meth:`open`)."""
        self._engine = engine
        # Readers see one consistent snapshot across their statements (a room's actions
        # and packs agree): SQLite gives that to any transaction under WAL; PostgreSQL
        # needs REPEATABLE READ.
        read_options: dict[str, Any] = {_READ_ONLY: True}
        if engine.dialect.name == "postgresql":
            read_options["isolation_level"] = "REPEATABLE READ"
        self._reader = engine.execution_options(**read_options)
        # SQLite has one writer at a time: writes take turns here, in order, rather than
        # meeting SQLite's busy handler, which sleeps between tries (a write could wait
        # seconds while the file sat idle). PostgreSQL writes concurrently.
        self._one_writer = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        self._appends: GroupCommit[_Append] = GroupCommit(self._append_many, self._append_one)

    @classmethod
    async def open(cls, url: str) -> Storage:
        """Connect to the database at ``url`` and migrate it to the newest schema.

        StorageError when the URL is not an SQLite or PostgreSQL one, or the database
        cannot be reached or migrated.
        """
        try:
            engine = create_async_engine(url, pool_pre_ping=url.startswith("postgresql"))
        except (SQLAlchemyError, ValueError, ImportError) as error:
            raise StorageError(f"cannot use the database URL {url!r}: {error}") from error
        dialect = engine.dialect.name
        if dialect == "sqlite":
            folder = _missing_sqlite_folder(engine.url.database)
            if folder is not None:
                await engine.dispose()
                raise StorageError(
                    f"cannot open the database: the folder {folder} of its file does not exist"
                )
            sa.event.listen(engine.sync_engine, "connect", _connect_sqlite)
            sa.event.listen(engine.sync_engine, "begin", _begin_sqlite)
        elif dialect != "postgresql":
            await engine.dispose()
            raise StorageError(f"the server stores games in SQLite or PostgreSQL, not {dialect}")
        try:
            async with engine.begin() as connection:
                await connection.run_sync(upgrade_to_head)
        except (SQLAlchemyError, CommandError, OSError) as error:
            await engine.dispose()
            raise StorageError(f"cannot open the database: {_refusal(error)}") from error
        return cls(engine)

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
                raise StorageError(f"{what}: {_refusal(error)}") from error

    @asynccontextmanager
    async def _reading(self, what: str) -> AsyncIterator[AsyncConnection]:
        """One read transaction (one snapshot); failures raised as StorageError."""
        try:
            async with self._reader.connect() as connection:
                yield connection
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"{what}: {_refusal(error)}") from error

    async def create_room(
        self, room: RoomRow, seats: Sequence[SeatRow], first_pack: tuple[int, ...]
    ) -> None:
        """Store a new room, its four seats and the pack of its first deal (pack 1).

        StorageError (and nothing stored) when the code is taken or a value is bad.
        """
        values = _room_values(room)
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
        pack = {"code": room.code, "number": 1, "cards": _pack_text(first_pack, "the first pack")}
        async with self._writing(f"room {room.code!r} was not created") as connection:
            await connection.execute(room_table.insert(), values)
            await connection.execute(seat_table.insert(), seat_values)
            await connection.execute(pack_table.insert(), pack)

    async def update_seat(self, code: str, seat: SeatRow, now: float) -> None:
        """Replace one seat's player, name and token hash; the room's ``updated_at`` = now.

        StorageError (nothing changed) when the room or the seat does not exist.
        """
        _check_seat_number(seat.seat, "seat")
        async with self._writing(f"seat {seat.seat} of room {code!r} was not updated") as conn:
            result = await conn.execute(
                sa.update(seat_table)
                .where(seat_table.c.code == code, seat_table.c.seat == seat.seat)
                .values(player=seat.player, name=seat.name, token_hash=seat.token_hash)
            )
            if result.rowcount != 1:
                raise StorageError(f"room {code!r} has no seat {seat.seat}")
            await conn.execute(
                sa.update(room_table).where(room_table.c.code == code).values(updated_at=now)
            )

    async def set_status(self, code: str, status: str, now: float) -> None:
        """Set a room's status ("waiting", "playing", "finished", "closed"); ``updated_at``
        = now. StorageError (nothing changed) for an unknown room or status."""
        if status not in ROOM_STATUSES:
            raise StorageError(f"{status!r} is not a room status: one of {ROOM_STATUSES}")
        async with self._writing(f"room {code!r} kept its status") as connection:
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
        _check_seat_number(entry.seat, "the action's seat")
        action_text = _json_text(entry.action, "the action")
        pack_texts = tuple(_pack_text(pack, "a new pack") for pack in new_packs)
        await self._appends.write(_Append(code, entry, action_text, pack_texts))

    async def _append_many(self, appends: Sequence[_Append]) -> None:
        """Several rooms' actions in one transaction (all or none)."""
        async with self._writing(f"{len(appends)} actions were not stored") as connection:
            await connection.run_sync(_insert_actions, appends)

    async def _append_one(self, append: _Append) -> None:
        """One action in its own transaction."""
        what = f"action {append.entry.number} of room {append.code!r} was not stored"
        async with self._writing(what) as connection:
            await connection.run_sync(_insert_action, append)

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
                room=_room_from_row(room),
                seats=tuple(_seat_from_row(row) for row in seat_rows),
                actions=tuple(_action_from_row(row) for row in action_rows),
                packs=tuple(_pack_from_text(row.cards) for row in pack_rows),
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
                    seats_of[row.code].append(_seat_from_row(row))
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
            )
            for row in room_rows
        ]

    async def idle_rooms(self, before: float) -> list[str]:
        """The codes of the unfinished rooms last updated before ``before``, idlest first."""
        async with self._reading("the rooms could not be read") as connection:
            result = await connection.scalars(
                sa.select(room_table.c.code)
                .where(
                    room_table.c.status.in_(UNFINISHED_STATUSES), room_table.c.updated_at < before
                )
                .order_by(room_table.c.updated_at, room_table.c.code)
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
