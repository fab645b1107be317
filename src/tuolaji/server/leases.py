"""This server's registration on a shared PostgreSQL, and its lease.

At start a server process registers its id in ``servers`` and takes a session-level
advisory lock on it, on a connection of its own (the **lease connection**, used for
nothing else but the handover notices of :mod:`tuolaji.server.handover`). Every
``renew_s`` seconds it renews its lease there: ``lease_until = clock_timestamp() +
lease_s``, the database's clock. Other servers hold it alive while the lease is
unexpired and the lock is held (:data:`tuolaji.server.cluster_sql.LIVE_SERVERS`).

A renewal that fails, that finds the lease expired already, or that has not come back
by the time the lease would run out (counted on this process's monotonic clock from
when the last good renewal was sent, which is never later than the database's expiry)
means the lease is **lost**: the server must stop driving every room at once
(``on_lost``), since others may take them. It then registers again (a new connection,
the same id), and ``on_regained`` lets it give up what the database still says it
owns before the lease counts as held again, so that the rooms are taken afresh.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import URL
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine
from sqlalchemy.pool import NullPool

from tuolaji.server.cluster_sql import NOW, TRY_LOCK

log = logging.getLogger("tuolaji.server")


class LeaseRefused(Exception):
    """The server could not register: its id is held by a running server, or the
    database could not be reached."""


def application_name(server_id: str) -> str:
    """What the lease connection's session of ``server_id`` is called in
    ``pg_stat_activity``."""
    return f"tuolaji lease {server_id}"


class Lease:
    """The lease of server ``server_id`` (see the module doc). :meth:`start` registers;
    :meth:`close` gives the lease up (others then take its rooms at once)."""

    def __init__(
        self,
        url: URL,
        server_id: str,
        address: str | None,
        lease_s: float,
        renew_s: float,
    ) -> None:
        self.server_id = server_id
        self.address = address
        self.lease_s = lease_s
        self.renew_s = renew_s
        # Its own engine without a pool: closing the connection closes the session,
        # which lets go of the advisory lock (a pooled one would keep it).
        self._engine: AsyncEngine = create_async_engine(
            url,
            poolclass=NullPool,
            connect_args={"server_settings": {"application_name": application_name(server_id)}},
        )
        self._connection: AsyncConnection | None = None
        #: the monotonic time until which the lease is surely unexpired
        self._valid_until = 0.0
        self._task: asyncio.Task[None] | None = None
        #: called when the lease is lost: stop driving every room
        self.on_lost: Callable[[], Awaitable[None]] | None = None
        #: called when registering again once the lease was lost, before it counts as held
        self.on_regained: Callable[[], Awaitable[None]] | None = None
        #: called with the lease connection's asyncpg connection after each registration
        self.on_connected: Callable[[Any], Awaitable[None]] | None = None

    @property
    def held(self) -> bool:
        """Whether the lease is surely unexpired now (this process's view)."""
        return self._connection is not None and time.monotonic() < self._valid_until

    async def start(self) -> None:
        """Register (LeaseRefused when the id is in use or the database is out of reach),
        then renew the lease in the background."""
        await self._register()
        self._task = asyncio.create_task(self._renew_forever(), name="lease")

    async def _register(self, again: bool = False) -> None:
        """Open the lease connection, take the id's lock and write the lease; ``again``
        (after the lease was lost): let ``on_regained`` give up the rooms first."""
        try:
            connection = await self._engine.connect()
        except (sa.exc.SQLAlchemyError, OSError) as error:
            raise LeaseRefused(f"the database could not be reached: {error}") from error
        try:
            connection = await connection.execution_options(isolation_level="AUTOCOMMIT")
            if not await connection.scalar(sa.text(TRY_LOCK), {"id": self.server_id}):
                raise LeaseRefused(f"the server id {self.server_id!r} is held by a running server")
            sent = time.monotonic()
            await connection.execute(
                sa.text(
                    "INSERT INTO servers (id, started_at, lease_until, address) "
                    f"VALUES (:id, {NOW}, {NOW} + :lease, :address) "
                    "ON CONFLICT (id) DO UPDATE SET lease_until = EXCLUDED.lease_until, "
                    "address = EXCLUDED.address"
                ),
                {"id": self.server_id, "lease": self.lease_s, "address": self.address},
            )
            if self.on_connected is not None:
                raw = await connection.get_raw_connection()
                await self.on_connected(raw.driver_connection)
            if again and self.on_regained is not None:
                # before the lease counts as held: nothing is taken meanwhile
                await self.on_regained()
        except BaseException as error:
            await _close_quietly(connection)
            if isinstance(error, sa.exc.SQLAlchemyError | OSError):
                raise LeaseRefused(f"the lease could not be written: {error}") from error
            raise
        self._connection = connection
        self._valid_until = sent + self.lease_s

    async def _renew(self) -> bool:
        """Push the lease on; False when it had expired already (others may have
        taken the rooms)."""
        assert self._connection is not None
        renewed = await self._connection.scalar(
            sa.text(
                f"UPDATE servers SET lease_until = {NOW} + :lease "
                f"WHERE id = :id AND lease_until > {NOW} RETURNING lease_until"
            ),
            {"id": self.server_id, "lease": self.lease_s},
        )
        return renewed is not None

    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(self.renew_s)
            if self._connection is None:
                await self._register_again()
                continue
            sent = time.monotonic()
            if sent >= self._valid_until:
                # the loop did not run in time (a frozen process, a stalled loop)
                problem: str | None = "it ran out before it could be renewed"
            else:
                try:
                    renewed = await asyncio.wait_for(self._renew(), self._valid_until - sent)
                    problem = None if renewed else "it had run out"
                except TimeoutError:
                    problem = "the database did not answer in time"
                except (sa.exc.SQLAlchemyError, OSError) as error:
                    problem = f"{type(error).__name__}: {error}"
            if problem is None:
                self._valid_until = sent + self.lease_s
            else:
                await self._lose(problem)

    async def _lose(self, why: str) -> None:
        """The lease is lost: drop the connection (and so the lock), stop every room."""
        log.warning("server %s lost its lease (%s): it stops its rooms", self.server_id, why)
        connection, self._connection = self._connection, None
        self._valid_until = 0.0
        if connection is not None:
            await _close_quietly(connection)
        if self.on_lost is not None:
            try:
                await self.on_lost()
            except Exception:
                log.exception("stopping the rooms after the lease was lost failed")

    async def _register_again(self) -> None:
        try:
            await self._register(again=True)
        except Exception as refusal:  # tried again at the next renewal
            log.warning("server %s could not register again: %s", self.server_id, refusal)
            return
        log.info("server %s registered again", self.server_id)

    def stop_renewing(self) -> None:
        """Stop renewing without giving the lease up: what a frozen process does (its
        lease runs out, its lock stays). For tests."""
        if self._task is not None:
            self._task.cancel()

    async def close(self) -> None:
        """Stop renewing and give the lease up: the lock goes with the connection, so
        the others count this server as gone at once."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        connection, self._connection = self._connection, None
        self._valid_until = 0.0
        if connection is not None:
            # the lock goes with the session: the others see this server gone at once
            await _close_quietly(connection)
        await self._engine.dispose()


async def _close_quietly(connection: AsyncConnection) -> None:
    """Close a connection whose session may be gone already."""
    with contextlib.suppress(Exception):
        await connection.invalidate()
    with contextlib.suppress(Exception):
        await connection.close()
