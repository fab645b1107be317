"""A throwaway PostgreSQL server: made in a new temporary folder, started on a free
loopback port, stopped and deleted when done.

:func:`start_postgres` makes a fresh database cluster (``initdb``) in a new temporary
folder owned by the ``postgres`` user (mode 0700), starts it on a free loopback port (it
listens on 127.0.0.1 only, with trust authentication there and on its own socket folder)
and gives back a :class:`PostgresServer`: ``create_database(name)`` makes a database and
returns its URL, ``stop()`` stops the server it started and deletes the folder. Commands
run as ``postgres`` through ``runuser`` when this process is root (``initdb`` refuses
root), directly otherwise. The programs are PostgreSQL 15's
(``/usr/lib/postgresql/15/bin``) unless ``$TUOLAJI_PG_BIN`` names another folder.

A failed step raises :class:`PostgresError` with the command, its output and the
server's log; nothing is left running or on disk then. The local cluster
(``python -m tuolaji.cluster``) keeps its games here, and the tests' PostgreSQL
(tests/server/postgres.py) is this one, made to fail the test instead.

By default the server is started for speed, not for surviving a power cut
(``fsync=off``): what it holds is thrown away at the end anyway. ``durable=True`` keeps
fsync on, as a real server runs: the launcher and the load benchmarks use it.
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
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from tuolaji.cluster.errors import ClusterError
from tuolaji.cluster.processes import free_port, run_to_end
from tuolaji.i18n import _

#: The folder of the PostgreSQL programs, when not the default.
BIN_VARIABLE: Final = "TUOLAJI_PG_BIN"
DEFAULT_BIN: Final = Path("/usr/lib/postgresql/15/bin")
#: The user the server runs as when this process is root.
CLUSTER_USER: Final = "postgres"
#: Seconds a step may take before it counts as failed.
STEP_TIMEOUT_S: Final = 60
#: How many ports to try: another process may take the free port before the server does.
PORT_TRIES: Final = 5
#: A database name this module makes (a plain identifier: nothing to quote).
DATABASE_NAME: Final = re.compile(r"[a-z_][a-z0-9_]{0,62}")
#: The programs needed.
PROGRAMS: Final = ("initdb", "pg_ctl", "createdb")


class PostgresError(ClusterError):
    """The throwaway PostgreSQL server could not be made, started or stopped."""


def bin_folder() -> Path:
    """The folder holding initdb, pg_ctl and createdb (PostgresError when they are not
    there, saying how to install them)."""
    folder = Path(os.environ.get(BIN_VARIABLE) or DEFAULT_BIN)
    missing = [name for name in PROGRAMS if not (folder / name).exists()]
    if missing:
        raise PostgresError(
            _(
                "{programs} not found in {folder}: install PostgreSQL 15 (on Debian or "
                "Ubuntu: apt-get install postgresql), or set ${variable} to the folder of "
                "its programs"
            ).format(programs=", ".join(missing), folder=folder, variable=BIN_VARIABLE)
        )
    return folder


def _as_cluster_user(command: list[str]) -> list[str]:
    """``command`` run as the server's user: through runuser when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", CLUSTER_USER, "--", *command]
    return command


def _run(command: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run one step of the cluster's life (the postmaster pg_ctl starts stays in the
    step's session, so PostgreSQL is stopped last, by the launcher)."""
    return run_to_end(command, STEP_TIMEOUT_S, cwd)


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
class PostgresServer:
    """A running throwaway PostgreSQL server (see :func:`start_postgres`)."""

    folder: Path
    port: int
    bin_folder: Path
    #: the postmaster's process id: the only process stop() may kill
    pid: int | None = None
    stopped: bool = field(default=False)

    @property
    def data(self) -> Path:
        """The server's data folder."""
        return self.folder / "data"

    @property
    def log(self) -> Path:
        """The server's log file."""
        return self.folder / "server.log"

    def url(self, dbname: str) -> str:
        """The SQLAlchemy URL of database ``dbname`` on this server."""
        return f"postgresql+asyncpg://{CLUSTER_USER}@127.0.0.1:{self.port}/{dbname}"

    def create_database(self, name: str) -> str:
        """Make an empty database ``name`` (a plain lowercase identifier); its URL.
        ValueError for another name, PostgresError when createdb fails."""
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
            raise PostgresError(_explain(result, self.log))
        return self.url(name)

    def stop(self) -> None:
        """Stop the server (immediately: its data is thrown away) and delete the folder.

        Safe to call twice. If pg_ctl cannot stop it, the postmaster started here is
        killed; either way the folder goes, then the failure is raised (PostgresError).
        """
        problem = self.shut_down()
        if problem is not None:
            raise PostgresError(problem)

    def shut_down(self) -> str | None:
        """What :meth:`stop` does, returning what went wrong instead of raising."""
        if self.stopped:
            return None
        self.stopped = True
        atexit.unregister(self.shut_down)
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
        """Kill the postmaster started here (its children exit with it), and only that:
        the process must still be a server of this folder's data."""
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
    """A new temporary folder for the server, owned by its user, mode 0700."""
    folder = Path(tempfile.mkdtemp(prefix="tuolaji-pg-"))
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam(CLUSTER_USER)
        except KeyError:
            shutil.rmtree(folder, ignore_errors=True)
            raise PostgresError(
                _("there is no user {user} to run the PostgreSQL server as").format(
                    user=CLUSTER_USER
                )
            ) from None
        os.chown(folder, user.pw_uid, user.pw_gid)
    folder.chmod(0o700)
    return folder


def _postmaster_pid(data: Path) -> int | None:
    """The postmaster's process id, from the first line of postmaster.pid."""
    try:
        return int((data / "postmaster.pid").read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return None


def start_postgres(durable: bool = False) -> PostgresServer:
    """Initialise and start a new PostgreSQL server on 127.0.0.1 (see the module doc);
    ``durable``: with fsync on, as a real server runs.

    Raises PostgresError with the command and its output when a step fails; nothing is
    left running or on disk then.
    """
    programs = bin_folder()
    server = PostgresServer(folder=_make_folder(), port=0, bin_folder=programs)
    try:
        _initialise(server)
        _start(server, durable)
    except BaseException:
        server.shut_down()  # the first failure is the one to report
        raise
    # A run that ends without stop() (an interrupted script) still cleans up.
    atexit.register(server.shut_down)
    return server


def _initialise(server: PostgresServer) -> None:
    """initdb, then trust on the socket and 127.0.0.1 only."""
    result = _run(
        _as_cluster_user(
            [
                str(server.bin_folder / "initdb"),
                "--pgdata",
                str(server.data),
                f"--username={CLUSTER_USER}",
                "--auth=trust",
                "--encoding=UTF8",
                "--locale=C",
                "--no-sync",
            ]
        ),
        server.folder,
    )
    if result.returncode != 0:
        raise PostgresError(_explain(result))
    # Overwrite the file initdb wrote (it keeps its owner and mode): nothing but this
    # machine's loopback and the private socket folder may connect.
    (server.data / "pg_hba.conf").write_text(
        "# tuolaji: trust on the socket and on 127.0.0.1 only\n"
        "local all all trust\n"
        "host all all 127.0.0.1/32 trust\n"
    )


def _start(server: PostgresServer, durable: bool) -> None:
    """pg_ctl start on a free port, trying another port if one is taken meanwhile."""
    result = None
    for _attempt in range(PORT_TRIES):
        server.port = free_port()
        socket_folder = shlex.quote(str(server.folder))
        options = (
            f"-p {server.port} -k {socket_folder} -c listen_addresses=127.0.0.1 "
            + ("" if durable else "-c fsync=off -c synchronous_commit=off -c full_page_writes=off ")
            # room for several game servers' connection pools (each keeps a few)
            + "-c shared_buffers=32MB -c max_connections=200"
        )
        command = [str(server.bin_folder / "pg_ctl"), "start", "-w", "-t", str(STEP_TIMEOUT_S)]
        result = _run(
            _as_cluster_user(
                [*command, "-D", str(server.data), "-l", str(server.log), "-o", options]
            ),
            server.folder,
        )
        server.pid = _postmaster_pid(server.data)
        if result.returncode == 0 and server.pid is not None:
            return
        log = server.log.read_text(errors="replace") if server.log.exists() else ""
        if server.pid is not None or ("could not bind" not in log and "in use" not in log):
            break  # not a lost race for the port: report it (shut_down stops the server)
    assert result is not None
    raise PostgresError(_explain(result, server.log))
