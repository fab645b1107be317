"""The rate limits counted in PostgreSQL for every server on it
(tuolaji.server.shared_limits): a burst, then the rate; the retry time; two servers'
requests counted together; full keys forgotten; a database out of reach allows."""

from __future__ import annotations

import asyncio
import socket
from collections.abc import AsyncIterator

import pytest
import pytest_asyncio
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from server.sharing import database_rows
from tuolaji.server.shared_limits import SharedLimit
from tuolaji.server.storage import Storage


@pytest_asyncio.fixture
async def engine(postgres_url: str) -> AsyncIterator[AsyncEngine]:
    """An engine on a migrated database (the rate_limits table made)."""
    storage = await Storage.open(postgres_url)
    await storage.close()
    engine = create_async_engine(postgres_url)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.mark.asyncio
async def test_a_burst_then_the_rate(engine: AsyncEngine) -> None:
    """Three at once, then one each tenth of a second; a refusal says how long to wait
    and counts nothing."""
    limit = SharedLimit(engine, "join", per_second=10.0, burst=3)
    assert [await limit.check("1.2.3.4") for _ in range(3)] == [None, None, None]
    wait = await limit.check("1.2.3.4")
    assert wait is not None and 0.0 < wait <= 0.1
    assert await limit.check("5.6.7.8") is None  # another address has its own
    await asyncio.sleep(wait + 0.02)
    assert await limit.check("1.2.3.4") is None
    assert await limit.check("1.2.3.4") is not None


@pytest.mark.asyncio
async def test_two_servers_count_one_address_together(
    postgres_url: str, engine: AsyncEngine
) -> None:
    """Two servers' limits on one database, hit at the same moment: the burst holds
    for both together, not for each."""
    other = create_async_engine(postgres_url)
    try:
        first = SharedLimit(engine, "create", per_second=0.01, burst=4)
        second = SharedLimit(other, "create", per_second=0.01, burst=4)
        answers = await asyncio.gather(*(limit.check("10.0.0.1") for limit in [first, second] * 5))
    finally:
        await other.dispose()
    assert sum(answer is None for answer in answers) == 4
    assert all(answer is None or answer > 90 for answer in answers)


@pytest.mark.asyncio
async def test_full_keys_are_forgotten(postgres_url: str, engine: AsyncEngine) -> None:
    """A key whose bucket is full again is deleted; a busy one is kept."""
    quick = SharedLimit(engine, "replay", per_second=50.0, burst=1)
    slow = SharedLimit(engine, "create", per_second=0.01, burst=1)
    await quick.check("a")
    await slow.check("b")
    await asyncio.sleep(0.05)
    await quick.forget_old()
    rows = await database_rows(postgres_url, "SELECT key FROM rate_limits")
    assert [row.key for row in rows] == ["create:b"]


@pytest.mark.asyncio
async def test_a_database_out_of_reach_allows(caplog: pytest.LogCaptureFixture) -> None:
    """When the database cannot be asked the request is allowed, with a warning."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    engine = create_async_engine(f"postgresql+asyncpg://nobody@127.0.0.1:{port}/none")
    try:
        assert await SharedLimit(engine, "join", 1.0, 1).check("x") is None
    finally:
        await engine.dispose()
    assert "could not be counted" in caplog.text


def test_bad_settings_are_refused() -> None:
    """A rate that is not positive, or a burst under one, is refused."""
    engine = create_async_engine("postgresql+asyncpg://nobody@127.0.0.1/none")
    for per_second, burst in ((0.0, 1), (-1.0, 1), (1.0, 0), (float("nan"), 1)):
        with pytest.raises(ValueError, match="rate limit"):
            SharedLimit(engine, "join", per_second, burst)
