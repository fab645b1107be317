"""One game server of the cluster: ``tuolaji serve`` as a child process on a loopback
port, its health, and its stop.

A :class:`ServeProcess` keeps its name (``s1``, ``s2`` …: HAProxy's name for it) and its
port for its whole life: started again after it died, it listens on the same port, so
the proxy's server line and its place on the hash ring stay the same. Its output goes
to ``server-<name>.log`` in the cluster's folder, each start marked in it.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from tuolaji.cluster.errors import ClusterError
from tuolaji.cluster.processes import (
    Family,
    Started,
    http_status,
    run_to_end,
    start_child,
    tail,
    wait_until,
)
from tuolaji.i18n import _

#: seconds a server may take to answer its health check after it started (imports,
#: resuming the games it finds; a busy two-core machine is slow)
START_TIMEOUT_S: Final = 60.0
#: seconds a stopping server may take before it is killed
STOP_GRACE_S: Final = 10.0


def migrate(db_url: str, timeout_s: float = START_TIMEOUT_S) -> None:
    """Bring the database to the newest schema once, before the servers start (each
    would otherwise make the same tables at the same time); ClusterError if it fails."""
    done = run_to_end([sys.executable, "-m", "tuolaji.server.migrate", db_url], timeout_s)
    if done.returncode != 0:
        output = (done.stdout + done.stderr).strip()
        raise ClusterError(_("the database could not be prepared:\n{output}").format(output=output))


class ServeProcess(Started):
    """``tuolaji serve`` on ``127.0.0.1:port`` and the database ``db_url``."""

    def __init__(
        self,
        name: str,
        port: int,
        db_url: str,
        folder: Path,
        bot_workers: int = 2,
        serve_args: Sequence[str] = (),
    ) -> None:
        self.name = name
        self.port = port
        self.db_url = db_url
        self.log_path = folder / f"server-{name}.log"
        self.command = [
            sys.executable, "-m", "tuolaji", "serve", "--host", "127.0.0.1",
            "--port", str(port), "--db", db_url, "--bot-workers", str(bot_workers),
            *serve_args,
        ]  # fmt: skip
        self.family: Family | None = None
        #: how many times it was started
        self.starts = 0
        #: its exit was seen and reported (it is not reported twice)
        self.exit_reported = False
        #: SIGKILL was sent to the current start (it is gone, or about to be)
        self.killed = False

    @property
    def url(self) -> str:
        """The server's own HTTP address (not the proxy's)."""
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        """Start the process (it serves once :meth:`wait_healthy` says so)."""
        assert not self.running(), f"server {self.name} runs already"
        self.starts += 1
        self.exit_reported = False
        self.killed = False
        with self.log_path.open("a", encoding="utf-8") as log:
            log.write(f"=== {time.strftime('%H:%M:%S')} start {self.starts} ===\n")
        # unbuffered, so that the log is current when a failure shows its end
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.family = Family(start_child(self.command, self.log_path, env))

    def healthy(self) -> bool:
        """Whether it answers ``GET /api/health`` with 200 now."""
        return http_status(f"{self.url}/api/health", timeout_s=2.0) == 200

    def wait_healthy(self, timeout_s: float = START_TIMEOUT_S) -> None:
        """Wait until it serves; ClusterError with the end of its log when it exits
        first or does not answer in time (it is stopped then)."""
        if wait_until(self.healthy, timeout_s, gone=lambda: not self.running()):
            return
        status = self.exit_status()
        if status is None:
            self.stop()
            message = _("server {name} did not answer within {seconds:.0f} s").format(
                name=self.name, seconds=timeout_s
            )
        else:
            message = _("server {name} exited with status {status} as it started").format(
                name=self.name, status=status
            )
        raise ClusterError(
            _("{problem}; the end of its log ({log}):\n{tail}").format(
                problem=message, log=self.log_path, tail=tail(self.log_path)
            )
        )

    def health(self) -> dict[str, Any]:
        """Its ``GET /api/health`` figures (OSError or ValueError when it does not
        answer with them)."""
        opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
        with opener.open(f"{self.url}/api/health", timeout=5) as answer:
            figures: dict[str, Any] = json.loads(answer.read())
        return figures

    def kill(self) -> None:
        """SIGKILL it now (a crash, for the tests and the benchmark); :meth:`reap` then
        waits for it and stops the bot workers it leaves."""
        if self.family is not None:
            self.killed = True
            self.family.kill()

    def reap(self) -> int | None:
        """Wait for a killed server to be gone (its helpers stopped); its exit status."""
        return None if self.family is None else self.family.reap(STOP_GRACE_S)

    def stop(self, grace_s: float = STOP_GRACE_S) -> int | None:
        """Stop it politely (SIGTERM: its clients are told to reconnect), killing it
        after ``grace_s``; its exit status."""
        return None if self.family is None else self.family.stop(grace_s)


def stop_all(servers: Sequence[ServeProcess], grace_s: float = STOP_GRACE_S) -> None:
    """Stop every server at once: SIGTERM to all, then each waited for until one grace
    has passed, then SIGKILL for any still running (so N servers take one grace, not N)."""
    families = [server.family for server in servers if server.family is not None]
    for family in families:
        family.look()
        family.signal(signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    for family in families:
        with contextlib.suppress(subprocess.TimeoutExpired):
            family.process.wait(max(0.0, deadline - time.monotonic()))
    for family in families:
        family.stop(grace_s)  # SIGKILL for one still running, then its helpers
