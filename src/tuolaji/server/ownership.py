"""Which server drives a room: taking rooms, giving them up, and finding the orphans.

:class:`Ownership` is the embedded server's: one process owns every room, always, and
asks the database nothing. :class:`SharedOwnership` is a server's on a PostgreSQL that
several share: it registers and keeps a lease (:mod:`tuolaji.server.leases`), hears
and sends handover requests (:mod:`tuolaji.server.handover`), fences the storage's
writes with its id (:meth:`tuolaji.server.storage.Storage.fence_writes`), and takes a
room with one locked read and one update of ``rooms.owner`` — only when the room's
owner is nobody, itself, or a server that is not alive — each change of owner written
to the ``room_takes`` audit with the number of actions the log held then.
"""

from __future__ import annotations

import logging
import re
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Final

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncConnection

from tuolaji.server.cluster_sql import LIVE_SERVERS, NOW
from tuolaji.server.config import ServerConfig
from tuolaji.server.handover import Handover
from tuolaji.server.leases import Lease
from tuolaji.server.storage import Storage, StorageError
from tuolaji.server.storage_open import refusal

log = logging.getLogger("tuolaji.server")

#: what a server id may be: it names the server's notice channel (an identifier)
SERVER_ID: Final = re.compile(r"[A-Za-z0-9_-]{1,40}")
#: the statuses of a room that is driven (as UNFINISHED_STATUSES, for SQL text)
_DRIVEN: Final = "('waiting', 'playing')"


class RoomElsewhere(Exception):
    """The room is driven by another live server, which did not hand it over in time
    (or this server's lease is not held): the client should try again in a moment."""


@dataclass(frozen=True)
class Take:
    """What taking a room came to: ``taken`` (this server drives it now), else the live
    ``owner`` that does; neither: the room is not one to drive (there is none, or its
    game is over)."""

    taken: bool
    owner: str | None = None


TAKEN: Final = Take(True)


def new_server_id() -> str:
    """A random server id (12 hex digits)."""
    return secrets.token_hex(6)


class Ownership:
    """One process owns every room: the embedded server's ownership (no queries)."""

    #: the server's id on a shared database (None: the only server)
    server_id: str | None = None

    async def start(
        self,
        on_lost: Callable[[], Awaitable[None]],
        on_request: Callable[[str, str], None],
    ) -> None:
        """Start (register, keep the lease); ``on_lost()`` when the lease is lost,
        ``on_request(code, asker)`` when another server asks for a room."""

    @property
    def held(self) -> bool:
        """Whether this server may drive rooms now."""
        return True

    async def take(self, code: str, reason: str) -> Take:
        """Take room ``code`` to drive it (``reason`` for the audit)."""
        return TAKEN

    async def take_orphans(self, limit: int) -> list[str]:
        """Take at most ``limit`` unfinished rooms nobody alive drives; their codes."""
        return []

    async def ask(self, owner: str, code: str) -> None:
        """Ask server ``owner`` to hand room ``code`` over."""

    async def release(self, code: str, handover: bool) -> None:
        """Give room ``code`` up (the caller stopped it); ``handover``: for a server
        that asked, which takes it in the next moment."""

    async def release_all(self) -> None:
        """Give up every room this server owns (it stopped them all)."""

    async def housekeeping(self) -> None:
        """Forget what no one needs any more (servers long gone)."""

    async def close(self) -> None:
        """Give the lease up."""


class SharedOwnership(Ownership):
    """A server's ownership of rooms on a PostgreSQL that several servers share."""

    def __init__(self, storage: Storage, config: ServerConfig, server_id: str) -> None:
        if not SERVER_ID.fullmatch(server_id):
            raise ValueError(
                f"a server id is 1 to 40 letters, digits, '-' or '_', not {server_id!r}"
            )
        self.server_id = server_id
        self.config = config
        self._storage = storage
        self._lease = Lease(
            storage.engine.url, server_id, config.address, config.lease_s, config.renew_s
        )
        self._handover: Handover | None = None

    @property
    def lease(self) -> Lease:
        """This server's lease."""
        return self._lease

    async def start(
        self,
        on_lost: Callable[[], Awaitable[None]],
        on_request: Callable[[str, str], None],
    ) -> None:
        """Register and keep the lease, listen for handover requests, fence the writes.

        LeaseRefused when the id is held by a running server or the database cannot be
        reached."""
        handover = Handover(self._storage.engine, self.server_id or "", on_request)
        self._handover = handover
        self._lease.on_connected = handover.listen
        self._lease.on_lost = on_lost
        self._lease.on_regained = self.release_all
        await self._lease.start()
        self._storage.fence_writes(self.server_id or "")

    @property
    def held(self) -> bool:
        """Whether this server's lease is surely unexpired now."""
        return self._lease.held

    @asynccontextmanager
    async def _writing(self, what: str) -> AsyncIterator[AsyncConnection]:
        try:
            async with self._storage.engine.begin() as connection:
                yield connection
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"{what}: {refusal(error)}") from error

    async def take(self, code: str, reason: str) -> Take:
        """Take room ``code`` if its owner is nobody, this server, or not alive: one
        locked read of the room's row (a write of its owner in progress finishes first),
        then the update and the audit row. RoomElsewhere when this server is not alive
        itself (as the others see it: its lease and its lock)."""
        me = self.server_id
        async with self._writing(f"room {code!r} could not be taken") as connection:
            row = (
                await connection.execute(
                    sa.text(
                        f"SELECT owner, (owner IS NULL OR owner = :me OR owner NOT IN "
                        f"({LIVE_SERVERS})) AS free, :me IN ({LIVE_SERVERS}) AS mine FROM rooms "
                        f"WHERE code = :code AND status IN {_DRIVEN} FOR UPDATE OF rooms"
                    ),
                    {"code": code, "me": me},
                )
            ).first()
            if row is None:
                return Take(False)
            if not row.mine:
                raise RoomElsewhere(f"server {me} does not hold its lease")
            if not row.free:
                return Take(False, row.owner)
            await connection.execute(
                sa.text(f"UPDATE rooms SET owner = :me, owner_since = {NOW} WHERE code = :code"),
                {"code": code, "me": me},
            )
            if row.owner != me:
                await _audit(connection, me or "", [(code, row.owner)], reason)
        return TAKEN

    async def take_orphans(self, limit: int) -> list[str]:
        """Take at most ``limit`` unfinished rooms whose owner is not alive, or that
        nobody owns (those released for a handover only once the asker had its
        moment): the rows locked by others are skipped, so two servers scanning at
        once never take the same room."""
        me = self.server_id
        async with self._writing("the orphan rooms could not be taken") as connection:
            rows = (
                await connection.execute(
                    sa.text(
                        f"WITH picked AS (SELECT code, owner FROM rooms "
                        f"WHERE status IN {_DRIVEN} AND ("
                        f"(owner IS NULL AND (owner_since IS NULL OR owner_since < {NOW} - :grace))"
                        f" OR owner NOT IN ({LIVE_SERVERS})) "
                        f"ORDER BY updated_at DESC, code LIMIT :limit FOR UPDATE SKIP LOCKED) "
                        f"UPDATE rooms r SET owner = :me, owner_since = {NOW} FROM picked "
                        f"WHERE r.code = picked.code AND :me IN ({LIVE_SERVERS}) "
                        f"RETURNING r.code, picked.owner AS previous"
                    ),
                    {"me": me, "limit": limit, "grace": self.config.handover_wait_s},
                )
            ).all()
            taken = [(row.code, row.previous) for row in rows]
            if taken:
                await _audit(connection, me or "", taken, "orphan")
        return [code for code, _ in taken]

    async def ask(self, owner: str, code: str) -> None:
        """Ask server ``owner`` (through NOTIFY) to hand room ``code`` over."""
        assert self._handover is not None
        try:
            await self._handover.ask(owner, code)
        except (SQLAlchemyError, OSError) as error:
            raise StorageError(f"server {owner} was not asked for room {code!r}") from error

    async def release(self, code: str, handover: bool) -> None:
        """``owner = NULL`` if this server owns room ``code``; for a handover the time
        it was released is kept, so that the orphan scans of others leave the asker its
        moment to take it."""
        since = NOW if handover else "NULL"
        async with self._writing(f"room {code!r} was not released") as connection:
            await connection.execute(
                sa.text(
                    f"UPDATE rooms SET owner = NULL, owner_since = {since} "
                    "WHERE code = :code AND owner = :me"
                ),
                {"code": code, "me": self.server_id},
            )

    async def release_all(self) -> None:
        """Give up every room this server owns: anyone may take them at once."""
        async with self._writing("the rooms were not released") as connection:
            await connection.execute(
                sa.text("UPDATE rooms SET owner = NULL, owner_since = NULL WHERE owner = :me"),
                {"me": self.server_id},
            )

    async def housekeeping(self) -> None:
        """Forget the servers whose lease ended an hour ago and that own no room."""
        async with self._writing("old servers were not forgotten") as connection:
            await connection.execute(
                sa.text(
                    f"DELETE FROM servers WHERE lease_until < {NOW} - 3600 AND NOT EXISTS "
                    "(SELECT 1 FROM rooms WHERE rooms.owner = servers.id)"
                )
            )

    async def close(self) -> None:
        """Give the lease up (after :meth:`release_all`): others see this server gone."""
        await self._lease.close()


async def _audit(
    connection: AsyncConnection, me: str, taken: list[tuple[str, str | None]], reason: str
) -> None:
    """One ``room_takes`` row per room taken, with the size of its log now (read after
    the room's row is locked: no action of the previous owner can come after)."""
    await connection.execute(
        sa.text(
            "INSERT INTO room_takes (code, server, taken_at, previous_owner, reason, "
            f"actions_at_take) SELECT CAST(:code AS text), CAST(:me AS text), {NOW}, "
            "CAST(:previous AS text), CAST(:reason AS text), "
            "(SELECT coalesce(max(number), 0) FROM actions WHERE code = CAST(:code AS text))"
        ),
        [
            {"code": code, "me": me, "previous": previous, "reason": reason}
            for code, previous in taken
        ],
    )
