"""Opening the server's database: the engine for a URL, every SQLite connection set up
for safe writes, and the shipped Alembic migrations run up to the newest.

SQLite (``sqlite+aiosqlite:///PATH``, the embedded default) is set up so that a commit is
on disk when it returns (WAL, every commit synced) with foreign keys enforced, writers
taking the write lock up front and readers never blocking them; PostgreSQL
(``postgresql+asyncpg://…``) needs nothing of the kind. :mod:`tuolaji.server.storage`
works on the engine this gives.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.util import CommandError
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from tuolaji.server.cluster_sql import MIGRATION_LOCK
from tuolaji.server.storage_rows import StorageError

#: Where Alembic finds the migrations: a folder of the installed package, so no
#: alembic.ini is needed on disk.
MIGRATIONS: Final = "tuolaji.server:migrations"
#: How long an SQLite connection waits for another's write lock before giving up (ms).
SQLITE_BUSY_TIMEOUT_MS: Final = 10_000
#: The execution option that marks the reading engine (see ``_begin_sqlite``).
READ_ONLY: Final = "tuolaji_read_only"
#: How long PostgreSQL lets a transaction sit idle before it ends the session (ms): a
#: server frozen in the middle of a write (SIGSTOP) would otherwise keep its rooms' row
#: locks, and the server taking its rooms over would wait for them for as long.
IDLE_IN_TRANSACTION_MS: Final = 3000


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
    read_only = connection.get_execution_options().get(READ_ONLY, False)
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


def refusal(error: BaseException) -> str:
    """What the database said, without the SQL around it."""
    original = getattr(error, "orig", None)
    return str(original if original is not None else error).strip()


async def open_engine(url: str) -> AsyncEngine:
    """An engine on the database at ``url``, migrated to the newest schema.

    StorageError when the URL is not an SQLite or PostgreSQL one, or the database
    cannot be reached or migrated.
    """
    postgres = url.startswith("postgresql")
    options: dict[str, Any] = {"pool_pre_ping": postgres}
    if postgres:
        options["connect_args"] = {
            "server_settings": {"idle_in_transaction_session_timeout": str(IDLE_IN_TRANSACTION_MS)}
        }
    try:
        engine = create_async_engine(url, **options)
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
            if dialect == "postgresql":
                # Servers started together migrate one after the other: the next finds
                # the schema current (the lock ends with the transaction).
                await connection.execute(sa.text(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})"))
            await connection.run_sync(upgrade_to_head)
    except (SQLAlchemyError, CommandError, OSError) as error:
        await engine.dispose()
        raise StorageError(f"cannot open the database: {refusal(error)}") from error
    return engine
