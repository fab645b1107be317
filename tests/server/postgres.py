"""A throwaway PostgreSQL server for the tests: the storage and crash tests run on it.

``start_cluster()`` makes a fresh cluster (``initdb``) in a new temporary folder owned by
the ``postgres`` user (mode 0700), starts it on a free loopback port (it listens on
127.0.0.1 only, with trust authentication there and on its own socket folder) and gives
back a :class:`Cluster`: ``create_database(name)`` makes a database and returns its URL,
``stop()`` stops the server it started and deletes the folder. Commands run as
``postgres`` through ``runuser`` when the tests run as root (``initdb`` refuses root),
directly otherwise.

If a step fails the test fails (``pytest.fail``) with the command and its output: the
PostgreSQL tests are never skipped. The binaries are PostgreSQL 15's
(``/usr/lib/postgresql/15/bin``) unless ``$TUOLAJI_PG_BIN`` names another folder.

The server is started for speed, not for surviving a power cut (``fsync=off``): the crash
tests kill the game server's process, never PostgreSQL's, and a killed client loses
nothing PostgreSQL committed either way. (``start_cluster(durable=True)`` keeps fsync on,
as a real server runs: the load benchmark's PostgreSQL figures use it.)
"""

from __future__ import annotations

import atexit
import contextlib
import os
import pwd
import re
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import NoReturn

import pytest

#: The folder of the PostgreSQL programs, when not the default.
BIN_VARIABLE = "TUOLAJI_PG_BIN"
DEFAULT_BIN = Path("/usr/lib/postgresql/15/bin")
#: The user the cluster runs as when the tests run as root.
CLUSTER_USER = "postgres"
#: Seconds a step may take before it counts as failed.
STEP_TIMEOUT_S = 60
#: How many ports to try: another process may take the free port before the server does.
PORT_TRIES = 5
#: A database name this helper makes (a plain identifier: nothing to quote).
DATABASE_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")


def _fail(message: str) -> NoReturn:
    """Fail the test that needs PostgreSQL, saying why (never a skip)."""
    pytest.fail(f"the tests' PostgreSQL server: {message}", pytrace=False)


def _bin_folder() -> Path:
    """The folder holding initdb, pg_ctl and createdb."""
    folder = Path(os.environ.get(BIN_VARIABLE) or DEFAULT_BIN)
    missing = [name for name in ("initdb", "pg_ctl", "createdb") if not (folder / name).exists()]
    if missing:
        _fail(
            f"{', '.join(missing)} not found in {folder} (install PostgreSQL 15, "
            f"or set ${BIN_VARIABLE} to the folder of its programs)"
        )
    return folder


def _free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_cluster_user(command: list[str]) -> list[str]:
    """``command`` run as the cluster's user: through runuser when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", CLUSTER_USER, "--", *command]
    return command


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run one step; its result (the caller decides what a failure means)."""
    try:
        return subprocess.run(
            command,
            cwd=cwd,
            capture_output=True,
            text=True,
            timeout=STEP_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return subprocess.CompletedProcess(command, -1, "", f"{type(error).__name__}: {error}")


def _explain(result: subprocess.CompletedProcess[str], log: Path | None = None) -> str:
    """A failed step: the command, its exit status, its output and the server's log."""
    text = (
        f"`{shlex.join(result.args)}` exited with {result.returncode}\n"
        f"{result.stdout}{result.stderr}"
    )
    if log is not None and log.exists():
        text += f"\n--- {log} ---\n{log.read_text(errors='replace')[-4000:]}"
    return text


@dataclass
class Cluster:
    """A running throwaway PostgreSQL server (see :func:`start_cluster`)."""

    folder: Path
    port: int
    bin_folder: Path
    #: the postmaster's process id: the only process stop() may kill
    pid: int | None = None
    stopped: bool = field(default=False)

    @property
    def data(self) -> Path:
        """The cluster's data folder."""
        return self.folder / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "server.log"

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database ``dbname`` on this server."""
        return f"postgresql+asyncpg://{CLUSTER_USER}@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, name: str) -> str:
        """Make an empty database ``name`` (a plain lowercase identifier); its URL."""
        if not DATABASE_NAME.fullmatch(name):
            raise ValueError(f"{name!r} is not a plain database name ([a-z_][a-z0-9_]*)")
        result = _run(
            [
                str(self.bin_folder / "createdb"),
                "--host=127.0.0.1",
                f"--port={self.port}",
                f"--username={CLUSTER_USER}",
                name,
            ],
            self.folder,
        )
        if result.returncode != 0:
            _fail(_explain(result, self.log))
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (immediately: its data is thrown away) and delete the folder.

        Safe to call twice. If pg_ctl cannot stop it, the postmaster this helper started
        is killed; either way the folder goes, then the failure is reported.
        """
        problem = self.shut_down()
        if problem is not None:
            _fail(problem)

    def shut_down(self) -> str | None:
        """What :meth:`stop` does, returning what went wrong instead of failing."""
        if self.stopped:
            return None
        self.stopped = True
        atexit.unregister(self.stop)
        problem = None
        if self.pid is not None:
            command = [str(self.bin_folder / "pg_ctl"), "stop", "-D", str(self.data)]
            result = _run(_as_cluster_user([*command, "-m", "immediate", "-w"]), self.folder)
            if result.returncode != 0:
                problem = _explain(result, self.log)
                self._kill_postmaster()
        shutil.rmtree(self.folder, ignore_errors=True)
        return problem

    def _kill_postmaster(self) -> None:
        """Kill the postmaster this helper started (its children exit with it), and only
        that: the process must still be a server of this cluster's data folder."""
        if self.pid is None:
            return
        try:
            command_line = Path(f"/proc/{self.pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            return  # gone already
        if os.fsencode(self.data) in command_line:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signal.SIGKILL)


def _make_folder() -> Path:
    """A new temporary folder for the cluster, owned by its user, mode 0700."""
    folder = Path(tempfile.mkdtemp(prefix="tuolaji-pg-"))
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam(CLUSTER_USER)
        except KeyError:
            shutil.rmtree(folder, ignore_errors=True)
            _fail(f"there is no {CLUSTER_USER!r} user to run the server as")
        os.chown(folder, user.pw_uid, user.pw_gid)
    folder.chmod(0o700)
    return folder


def _postmaster_pid(data: Path) -> int | None:
    """The postmaster's process id, from the first line of postmaster.pid."""
    try:
        return int((data / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


def start_cluster(durable: bool = False) -> Cluster:
    """Initialise and start a new PostgreSQL server on 127.0.0.1 (see the module doc);
    ``durable``: with fsync on, as a real server runs (for benchmarks).

    Fails the test with the command and its output when a step fails; nothing is left
    running or on disk then.
    """
    bin_folder = _bin_folder()
    folder = _make_folder()
    cluster = Cluster(folder=folder, port=0, bin_folder=bin_folder)
    try:
        _initialise(cluster)
        _start(cluster, durable)
    except BaseException:
        cluster.shut_down()  # the first failure is the one to report
        raise
    # A test run that ends without stop() (an interrupted script) still cleans up.
    atexit.register(cluster.stop)
    return cluster


def _initialise(cluster: Cluster) -> None:
    """initdb, then trust on the socket and 127.0.0.1 only."""
    result = _run(
        _as_cluster_user(
            [
                str(cluster.bin_folder / "initdb"),
                "--pgdata",
                str(cluster.data),
                f"--username={CLUSTER_USER}",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ]
        ),
        cluster.folder,
    )
    if result.returncode != 0:
        _fail(_explain(result))
    # Overwrite the file initdb wrote (it keeps its owner and mode): nothing but this
    # machine's loopback and the private socket folder may connect.
    (cluster.data / "pg_hba.conf").write_text(
        "# tuolaji tests: trust on the socket and on 127.0.0.1 only\n"
        "local all all trust\n"
        "host all all 127.0.0.1/32 trust\n"
    )


def _start(cluster: Cluster, durable: bool = False) -> None:
    """pg_ctl start on a free port, trying another port if one is taken meanwhile."""
    result = None
    for _ in range(PORT_TRIES):
        cluster.port = _free_port()
        socket_folder = shlex.quote(str(cluster.folder))
        options = (
            f"-p {cluster.port} -k {socket_folder} -c listen_addresses=127.0.0.1 "
            + ("" if durable else "-c fsync=off -c synchronous_commit=off -c full_page_writes=off ")
            + "-c shared_buffers=32MB"
        )
        command = [str(cluster.bin_folder / "pg_ctl"), "start", "-w", "-t", str(STEP_TIMEOUT_S)]
        result = _run(
            _as_cluster_user(
                [*command, "-D", str(cluster.data), "-l", str(cluster.log), "-o", options]
            ),
            cluster.folder,
        )
        cluster.pid = _postmaster_pid(cluster.data)
        if result.returncode == 0 and cluster.pid is not None:
            return
        log = cluster.log.read_text(errors="replace") if cluster.log.exists() else ""
        if cluster.pid is not None or ("could not bind" not in log and "in use" not in log):
            break  # not a lost race for the port: report it (shut_down stops the server)
    assert result is not None
    _fail(_explain(result, cluster.log))
