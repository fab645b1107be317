"""``python -m tuolaji.cluster``: a local cluster of the online game until Ctrl-C.

It starts PostgreSQL (a throwaway server, or the database of ``--db``), N ``tuolaji
serve`` processes and HAProxy in front (:class:`~tuolaji.cluster.launcher.LocalCluster`),
prints the address to open and each process, then watches them: a server that dies is
reported, and with ``--restart`` started again on its port. Ctrl-C or SIGTERM stops the
proxy, the servers, then PostgreSQL, and removes the temporary folder; that is a normal
end (exit status 0). A failure is one ``Error:`` line on standard error, exit status 1
(a program missing, a process that would not start, the proxy or the database gone) or 2
(the command line: a port in use, a database that is not PostgreSQL).
"""

from __future__ import annotations

import argparse
import signal
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType
from typing import Final

from tuolaji.cluster.errors import EXIT_FAILED, ClusterError
from tuolaji.cluster.launcher import LocalCluster, Settings
from tuolaji.i18n import _, choose_language, set_language

#: how often the processes are looked at, in seconds
WATCH_EVERY_S: Final = 0.5
#: how long after a failed restart the next one is tried, in seconds
RESTART_PAUSE_S: Final = 5.0
#: the most servers one machine's cluster starts
MAX_PROCESSES: Final = 32


class Stopped(BaseException):
    """SIGTERM arrived: stop as for Ctrl-C."""


def _stop_on_sigterm(_number: int, _frame: FrameType | None) -> None:
    raise Stopped


def _bounded(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``."""

    def number(text: str) -> int:
        value = int(text)
        if not least <= value <= most:
            raise argparse.ArgumentTypeError(
                _("{value} is not from {least} to {most}").format(
                    value=value, least=least, most=most
                )
            )
        return value

    return number


def parser() -> argparse.ArgumentParser:
    """The command line."""
    made = argparse.ArgumentParser(
        prog="python -m tuolaji.cluster",
        description=_(
            "Run the online game as a local cluster: several tuolaji serve processes on "
            "one PostgreSQL database behind HAProxy, which sends every request of a room "
            "to the same process (see docs/scaling.md). Options after -- go to every "
            "tuolaji serve."
        ),
    )
    made.add_argument("--processes", type=_bounded(1, MAX_PROCESSES), default=3, metavar="N",
                      help=_("Game server processes (default 3)."))  # fmt: skip
    made.add_argument("--host", default="127.0.0.1", metavar="HOST",
                      help=_("Address the proxy listens on (default 127.0.0.1)."))  # fmt: skip
    made.add_argument("--port", type=_bounded(1, 65535), default=8000, metavar="PORT",
                      help=_("Port the proxy listens on (default 8000)."))  # fmt: skip
    made.add_argument("--db", metavar="URL", help=_(
        "An existing PostgreSQL database (postgresql://USER@HOST:PORT/DATABASE) instead of "
        "a throwaway one, deleted at the end."))  # fmt: skip
    made.add_argument("--bot-workers", type=_bounded(0, 64), default=2, metavar="N",
                      help=_("Processes each server's bots think in (default 2)."))  # fmt: skip
    made.add_argument("--restart", action="store_true",
                      help=_("Start a server that dies again, on its port."))  # fmt: skip
    made.add_argument("--logs", type=Path, metavar="FOLDER", help=_(
        "Keep the logs and HAProxy's configuration in this folder (default: a temporary "
        "folder, removed at the end)."))  # fmt: skip
    made.add_argument("serve_args", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return made


def settings_from(options: argparse.Namespace) -> Settings:
    """The cluster the command line asks for."""
    serve_args = list(options.serve_args)
    if serve_args[:1] == ["--"]:
        serve_args = serve_args[1:]
    return Settings(
        processes=options.processes,
        host=options.host,
        port=options.port,
        db=options.db,
        bot_workers=options.bot_workers,
        serve_args=tuple(serve_args),
        folder=options.logs,
    )


def describe(cluster: LocalCluster) -> list[str]:
    """The lines that say what runs: the address, each process, the database."""
    count = len(cluster.servers)
    # Not translated: a line for the operator's log, which scripts wait for (as serve's).
    lines = [f"tuolaji cluster: open {cluster.url}/ ({count} servers behind HAProxy)"]
    for server in cluster.servers:
        lines.append(
            "  "
            + _("server {name}: pid {pid}, {url}, log {log}").format(
                name=server.name, pid=server.pid, url=server.url, log=server.log_path
            )
        )
    if cluster.proxy is not None:
        lines.append(
            "  "
            + _("HAProxy: pid {pid}, configuration {config}, log {log}").format(
                pid=cluster.proxy.pid,
                config=cluster.proxy.config_path,
                log=cluster.proxy.log_path,
            )
        )
    if cluster.postgres is not None:
        lines.append(
            "  "
            + _("PostgreSQL: pid {pid}, port {port}, a throwaway database (deleted at the end)")
            .format(pid=cluster.postgres.pid, port=cluster.postgres.port)
        )  # fmt: skip
    else:
        lines.append("  " + _("PostgreSQL: {url}").format(url=cluster.db_url))
    lines.append(_("Ctrl-C stops the cluster."))
    return lines


def say(line: str) -> None:
    """Print a line of the cluster's at once (the terminal, or a log a script reads)."""
    print(line, flush=True)


def watch(cluster: LocalCluster, restart: bool) -> int:
    """Look at the processes until one that must not die dies (the proxy, the database):
    its exit status (1). A dead server is reported, and with ``restart`` started again."""
    retry_at: dict[str, float] = {}
    while True:
        time.sleep(WATCH_EVERY_S)
        proxy = cluster.proxy
        if proxy is not None and not proxy.running():
            say(_("HAProxy (pid {pid}) exited with status {status}: the cluster stops").format(
                pid=proxy.pid, status=proxy.exit_status()))  # fmt: skip
            return EXIT_FAILED
        if not cluster.postgres_alive():
            say(_("PostgreSQL (pid {pid}) is gone: the cluster stops").format(
                pid=cluster.postgres.pid if cluster.postgres else None))  # fmt: skip
            return EXIT_FAILED
        for server in cluster.dead_servers():
            say(_("server {name} (pid {pid}) exited with status {status}").format(
                name=server.name, pid=server.pid, status=server.exit_status()))  # fmt: skip
            if restart:
                retry_at[server.name] = 0.0
        for name, when in list(retry_at.items()):
            if time.monotonic() < when:
                continue
            try:
                started = cluster.restart(name, wait_for_proxy=False)
            except ClusterError as error:
                say(_("server {name} could not be started again: {reason}").format(
                    name=name, reason=error))  # fmt: skip
                retry_at[name] = time.monotonic() + RESTART_PAUSE_S
            else:
                del retry_at[name]
                say(_("server {name} started again: pid {pid}").format(
                    name=name, pid=started.pid))  # fmt: skip


def error_line(message: str) -> None:
    """``Error: message`` on standard error, as every tuolaji command says an error."""
    print(_("Error: {message}").format(message=message), file=sys.stderr, flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the cluster until stopped; the exit status."""
    set_language(choose_language(None)[0])
    options = parser().parse_args(argv)
    status = 0
    previous = signal.signal(signal.SIGTERM, _stop_on_sigterm)
    cluster: LocalCluster | None = None
    try:
        cluster = LocalCluster(settings_from(options))
        cluster.start()
        for line in describe(cluster):
            say(line)
        status = watch(cluster, options.restart)
    except (KeyboardInterrupt, Stopped):
        status = 0
    except ClusterError as error:
        error_line(str(error))
        status = error.exit_status
    finally:
        # the stop is bounded (each step has its grace): a second Ctrl-C does not cut it
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if cluster is not None:
            if status == 0:
                say(_("Stopping: HAProxy, then the servers, then PostgreSQL…"))
            try:
                cluster.stop()
            except ClusterError as error:
                error_line(str(error))
                status = status or error.exit_status
        signal.signal(signal.SIGTERM, previous)
        signal.signal(signal.SIGINT, signal.default_int_handler)
    return status
