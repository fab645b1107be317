"""A throwaway PostgreSQL server for the tests: the storage and crash tests run on it.

The server is :mod:`tuolaji.cluster.postgres`'s (a fresh ``initdb`` in a private
temporary folder, listening on 127.0.0.1 only, stopped and deleted at the end; see its
doc), with one difference that matters to a test: a step that fails fails the test
(``pytest.fail``) with the command and its output — the PostgreSQL tests are never
skipped. ``start_cluster()`` gives a :class:`Cluster`: ``create_database(name)`` makes a
database and returns its URL, ``stop()`` stops the server and deletes its folder.

The server is started for speed, not for surviving a power cut (``fsync=off``): the crash
tests kill the game server's process, never PostgreSQL's, and a killed client loses
nothing PostgreSQL committed either way. (``start_cluster(durable=True)`` keeps fsync on,
as a real server runs: the load benchmark's PostgreSQL figures use it.)
"""

from __future__ import annotations

import atexit
from typing import NoReturn

import pytest

from tuolaji.cluster.postgres import (
    BIN_VARIABLE,
    CLUSTER_USER,
    DEFAULT_BIN,
    PostgresError,
    PostgresServer,
    start_postgres,
)

__all__ = ["BIN_VARIABLE", "CLUSTER_USER", "DEFAULT_BIN", "Cluster", "start_cluster"]


def _fail(message: str) -> NoReturn:
    """Fail the test that needs PostgreSQL, saying why (never a skip)."""
    pytest.fail(f"the tests' PostgreSQL server: {message}", pytrace=False)


class Cluster(PostgresServer):
    """A running throwaway PostgreSQL server whose failures fail the test."""

    def create_database(self, name: str) -> str:
        """Make an empty database ``name`` (a plain lowercase identifier); its URL."""
        try:
            return super().create_database(name)
        except PostgresError as error:
            _fail(str(error))

    def stop(self) -> None:
        """Stop the server and delete its folder (safe to call twice); a failure to stop
        fails the test, after the folder is gone."""
        try:
            super().stop()
        except PostgresError as error:
            _fail(str(error))


def start_cluster(durable: bool = False) -> Cluster:
    """A new PostgreSQL server on 127.0.0.1 (``durable``: with fsync on); fails the test
    with the command and its output when a step fails, leaving nothing behind."""
    try:
        server = start_postgres(durable)
    except PostgresError as error:
        _fail(str(error))
    # The same server, seen as the tests' (the atexit cleanup stays the server's own).
    cluster = Cluster(server.folder, server.port, server.bin_folder, server.pid)
    atexit.unregister(server.shut_down)
    atexit.register(cluster.shut_down)
    return cluster
