"""Rate limits that count across every server on one PostgreSQL.

The limits per client address (rooms created, rooms looked up or joined, records
replayed: :class:`tuolaji.server.routing.Server`) must count what the address does at
every server, or N servers would allow N times as much. Each key keeps one number in
``rate_limits``: its **theoretical arrival time** (``tat``) of the generic cell rate
algorithm, in the database's clock. With ``T = 1 / per_second``, a request at ``now``
is allowed when ``max(tat, now) + T - now <= burst × T``, and then ``tat`` becomes
``max(tat, now) + T`` — the same as a bucket of ``burst`` tokens refilled at
``per_second`` (:class:`tuolaji.server.limits.RateLimiter`). The check and the update
are ONE statement (``INSERT … ON CONFLICT … DO UPDATE … WHERE … RETURNING``), so two
servers counting the same key at once each see the other's request.

A key whose ``tat`` has passed is a full bucket, the same as no row at all:
:meth:`SharedLimit.forget_old` deletes those (the lobby's housekeeping). When the
database cannot be asked, the request is allowed (and logged): a limit must not turn a
passing database hiccup into refusals, and whatever the request does next needs the
database anyway.

The embedded server keeps the limits in memory (:class:`LocalLimit`): one process sees
every request.
"""

from __future__ import annotations

import logging
import math
from typing import Final, Protocol

import sqlalchemy as sa
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncEngine

from tuolaji.server.limits import RateLimiter

log = logging.getLogger("tuolaji.server")

#: the database's clock for one statement (the same value everywhere in it)
_NOW: Final = "extract(epoch from statement_timestamp())::double precision"

_TAKE: Final = sa.text(
    f"INSERT INTO rate_limits AS r (key, tat) VALUES (:key, {_NOW} + :interval) "
    f"ON CONFLICT (key) DO UPDATE SET tat = greatest(r.tat, {_NOW}) + :interval "
    f"WHERE greatest(r.tat, {_NOW}) + :interval - {_NOW} <= :window "
    "RETURNING tat"
)
_AHEAD: Final = sa.text(f"SELECT tat - {_NOW} FROM rate_limits WHERE key = :key")
_FORGET: Final = sa.text(f"DELETE FROM rate_limits WHERE tat < {_NOW}")


class Limit(Protocol):
    """A rate limit per key."""

    async def check(self, key: str) -> float | None:
        """Count a request of ``key``: None when it is allowed, else the seconds until
        it would be (nothing is counted then)."""


class LocalLimit:
    """A limit in this process's memory (:class:`RateLimiter`)."""

    def __init__(self, limiter: RateLimiter) -> None:
        self.limiter = limiter

    async def check(self, key: str) -> float | None:
        """Count a request of ``key`` (see :meth:`Limit.check`)."""
        if self.limiter.allow(key):
            return None
        return self.limiter.retry_after(key)


class SharedLimit:
    """A limit counted in the database, for every server on it (see the module doc):
    ``burst`` requests at once, then ``per_second``; keys are kept as ``name:key``."""

    def __init__(self, engine: AsyncEngine, name: str, per_second: float, burst: int) -> None:
        if not (math.isfinite(per_second) and per_second > 0) or burst < 1:
            raise ValueError(f"a rate limit refills at a positive rate with a burst ≥ 1: {name}")
        self._engine = engine
        self.name = name
        self.interval = 1.0 / per_second
        self.burst = burst

    async def check(self, key: str) -> float | None:
        """Count a request of ``key`` (see :meth:`Limit.check`)."""
        stored = f"{self.name}:{key}"
        window = self.burst * self.interval
        try:
            async with self._engine.begin() as connection:
                tat = await connection.scalar(
                    _TAKE, {"key": stored, "interval": self.interval, "window": window}
                )
                if tat is not None:
                    return None
                ahead = await connection.scalar(_AHEAD, {"key": stored})
        except (SQLAlchemyError, OSError) as error:
            log.warning("the rate limit %s could not be counted, allowed: %s", self.name, error)
            return None
        # refused: the next request fits once tat - now is (burst - 1) intervals
        return max(0.0, float(ahead or 0.0) - (self.burst - 1) * self.interval)

    async def forget_old(self) -> None:
        """Delete the keys whose bucket is full again (of every limit)."""
        async with self._engine.begin() as connection:
            await connection.execute(_FORGET)
