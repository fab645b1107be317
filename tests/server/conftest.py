"""Fixtures shared by the server's tests: the databases the storage runs on, and the
storage on each."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import pytest_asyncio

from server.postgres import Cluster, start_cluster
from tuolaji.server.storage import Storage

#: Fresh database names in this process's cluster (one cluster per pytest-xdist worker).
_DATABASE_NUMBERS = itertools.count(1)


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """A throwaway PostgreSQL server, started once per test process (when a test asks
    for it) and stopped, its folder deleted, when the session ends, pass or fail."""
    cluster = start_cluster()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """The URL of a new, empty database on the tests' PostgreSQL server: each test gets
    its own, so no test sees another's rooms."""
    return postgres_cluster.create_database(f"test_{next(_DATABASE_NUMBERS)}")


@pytest.fixture(params=["sqlite", "postgres"])
def storage_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh database URL, once for each backend: an SQLite file in the test's folder,
    then a new PostgreSQL database (the server is started only for the second)."""
    if request.param == "sqlite":
        return f"sqlite+aiosqlite:///{tmp_path / 'server.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest_asyncio.fixture
async def storage(storage_url: str) -> AsyncIterator[Storage]:
    """An open storage on a fresh database of each backend."""
    store = await Storage.open(storage_url)
    try:
        yield store
    finally:
        await store.close()
