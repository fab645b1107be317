"""The whole local cluster, started and stopped in order: PostgreSQL, the schema, N
game servers, HAProxy in front.

:class:`LocalCluster` is what ``python -m tuolaji.cluster`` runs, and what the cluster
tests and the cluster benchmark drive: ``start()`` makes a throwaway PostgreSQL server
(or takes the database given), brings its schema up to date once, starts the servers
together and waits until each answers ``/api/health``, then starts HAProxy on the front
port; ``stop()`` stops the proxy, then every server (SIGTERM, then SIGKILL after a
grace), then PostgreSQL, and removes the cluster's temporary folder. In between,
:meth:`~LocalCluster.kill`, :meth:`~LocalCluster.restart` and
:meth:`~LocalCluster.add_server` change the set of servers while it runs.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Final

from tuolaji.cluster.errors import EXIT_USAGE, ClusterError
from tuolaji.cluster.postgres import PostgresServer, start_postgres
from tuolaji.cluster.processes import alive, free_port
from tuolaji.cluster.proxy import Proxy, check_port_free, haproxy_program
from tuolaji.cluster.servers import START_TIMEOUT_S, STOP_GRACE_S, ServeProcess, migrate, stop_all
from tuolaji.i18n import _

#: the database made on a throwaway PostgreSQL server
DATABASE: Final = "tuolaji"
#: the URL schemes of PostgreSQL, the one database several servers can share
POSTGRES_SCHEMES: Final = ("postgresql://", "postgres://", "postgresql+asyncpg://")
#: seconds HAProxy may take to see a server up (or down) after it started (or died):
#: its checks are 500 ms apart and two make a change (deploy/haproxy.cfg)
PROXY_SEES_S: Final = 10.0


@dataclass(frozen=True)
class Settings:
    """What a local cluster is made of."""

    #: game server processes
    processes: int = 3
    #: the front's address: where players connect (the proxy)
    host: str = "127.0.0.1"
    port: int = 8000
    #: an existing PostgreSQL database (a URL) instead of a throwaway server
    db: str | None = None
    #: each server's bot worker processes
    bot_workers: int = 2
    #: further options for every ``tuolaji serve`` (``--deal-interval 0`` …)
    serve_args: tuple[str, ...] = ()
    #: the throwaway PostgreSQL server keeps fsync on, as a real one (tests turn it off)
    durable: bool = True
    #: where the logs and HAProxy's files go (None: the cluster's temporary folder)
    folder: Path | None = None
    #: seconds a server may take to start, and a stopping one before it is killed
    start_timeout_s: float = START_TIMEOUT_S
    stop_grace_s: float = STOP_GRACE_S


def check_settings(settings: Settings) -> None:
    """ClusterError (a usage error) for settings no cluster can have."""
    if settings.db is not None and not settings.db.startswith(POSTGRES_SCHEMES):
        raise ClusterError(
            _(
                "the processes of a cluster share one PostgreSQL database: --db takes "
                "postgresql://USER@HOST:PORT/DATABASE (SQLite serves a single process: "
                "use tuolaji serve)"
            ),
            EXIT_USAGE,
        )


class LocalCluster:
    """PostgreSQL, N ``tuolaji serve`` and HAProxy on this machine (see the module doc).

    Usable as a context manager: ``with LocalCluster(settings) as cluster:`` starts it
    and stops it whatever happens inside.
    """

    def __init__(self, settings: Settings) -> None:
        check_settings(settings)
        self.settings = settings
        self.postgres: PostgresServer | None = None
        self.db_url = settings.db or ""
        self.servers: list[ServeProcess] = []
        self.proxy: Proxy | None = None
        self._temporary: Path | None = None
        self.folder = settings.folder or Path()

    @property
    def url(self) -> str:
        """The front's address: what players open."""
        host = self.settings.host
        host = "127.0.0.1" if host in ("0.0.0.0", "") else host
        return f"http://{f'[{host}]' if ':' in host else host}:{self.settings.port}"

    def __enter__(self) -> LocalCluster:
        self.start()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()

    def start(self) -> None:
        """Start everything in order (see the module doc); on a failure, stop what was
        started and raise ClusterError."""
        haproxy_program()  # before anything starts: a missing program is said first
        check_port_free(self.settings.host, self.settings.port)
        if self.settings.folder is None:
            self._temporary = Path(tempfile.mkdtemp(prefix="tuolaji-cluster-"))
            self.folder = self._temporary
        else:
            self.folder.mkdir(parents=True, exist_ok=True)
        try:
            if self.settings.db is None:
                self.postgres = start_postgres(durable=self.settings.durable)
                self.db_url = self.postgres.create_database(DATABASE)
            migrate(self.db_url, self.settings.start_timeout_s)
            for index in range(self.settings.processes):
                self.servers.append(self._new_server(f"s{index + 1}"))
            for server in self.servers:
                server.start()
            for server in self.servers:
                server.wait_healthy(self.settings.start_timeout_s)
            self.proxy = Proxy(
                self.folder,
                (self.settings.host, self.settings.port),
                [(server.name, server.port) for server in self.servers],
            )
            self.proxy.start()
        except BaseException:
            self.stop()
            raise

    def _new_server(self, name: str) -> ServeProcess:
        return ServeProcess(
            name,
            free_port(),
            self.db_url,
            self.folder,
            self.settings.bot_workers,
            self.settings.serve_args,
        )

    def server(self, name: str) -> ServeProcess:
        """The server called ``name`` (KeyError when there is none)."""
        for server in self.servers:
            if server.name == name:
                return server
        raise KeyError(name)

    def kill(self, name: str) -> None:
        """SIGKILL server ``name`` and wait until it is gone (a crash)."""
        server = self.server(name)
        server.kill()
        server.reap()
        server.exit_reported = True  # asked for: not a death to report

    def restart(self, name: str, wait_for_proxy: bool = True) -> ServeProcess:
        """Start server ``name`` again on its port after it died (or was killed) and wait
        until it serves, and (``wait_for_proxy``) until HAProxy has it up again."""
        server = self.server(name)
        if server.running() and not server.killed:
            raise ClusterError(f"server {name} runs already")
        server.reap()  # a server just killed may take a moment to be gone
        server.exit_reported = True
        server.start()
        server.wait_healthy(self.settings.start_timeout_s)
        if wait_for_proxy and self.proxy is not None:
            self.proxy.wait_state(name, True, PROXY_SEES_S)
        return server

    def add_server(self) -> ServeProcess:
        """Start one more server, wait until it serves, and add it to the proxy: it takes
        its share of the rooms hashed over the servers from then on."""
        server = self._new_server(f"s{len(self.servers) + 1}")
        self.servers.append(server)
        server.start()
        server.wait_healthy(self.settings.start_timeout_s)
        assert self.proxy is not None, "the cluster has not started"
        self.proxy.add_server(server.name, server.port)
        self.proxy.wait_state(server.name, True, PROXY_SEES_S)
        return server

    def dead_servers(self) -> list[ServeProcess]:
        """The servers that exited by themselves and were not reported yet (each is
        given once: it is marked reported)."""
        dead = [
            server
            for server in self.servers
            if server.family is not None and not server.running() and not server.exit_reported
        ]
        for server in dead:
            server.exit_reported = True
        return dead

    def postgres_alive(self) -> bool:
        """Whether the throwaway PostgreSQL server still runs (True with --db)."""
        if self.postgres is None or self.postgres.pid is None:
            return True
        return alive(self.postgres.pid)

    def stop(self) -> None:
        """Stop the proxy, then the servers, then PostgreSQL; remove the temporary
        folder. Safe to call twice, and after a failed start."""
        problem = None
        try:
            if self.proxy is not None:
                self.proxy.stop()
                self.proxy = None
            stop_all(self.servers, self.settings.stop_grace_s)
            for server in self.servers:
                server.exit_reported = True
        finally:
            if self.postgres is not None:
                problem = self.postgres.shut_down()
                self.postgres = None
            if self._temporary is not None:
                shutil.rmtree(self._temporary, ignore_errors=True)
                self._temporary = None
        if problem is not None:
            raise ClusterError(problem)
