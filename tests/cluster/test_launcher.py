"""``python -m tuolaji.cluster``: what it refuses before anything starts, and a whole
run as a process — the address and every process printed, a server killed and started
again with ``--restart``, SIGTERM stopping everything and leaving nothing behind."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tuolaji.cluster.cli import main
from tuolaji.cluster.processes import alive, free_port, http_status

#: seconds the whole cluster may take to start on a busy two-core machine
START_S = 90.0
#: seconds it may take to stop (each step has a grace of its own)
STOP_S = 40.0


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """Run the command in this process: its exit status and its standard error."""
    try:
        status = main(argv)
    except SystemExit as stopped:  # argparse's usage errors
        status = int(stopped.code or 0)
    return status, capsys.readouterr().err


def test_a_database_that_is_not_postgresql_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """Several processes share one PostgreSQL database: an SQLite URL is a usage error."""
    status, error = _run(["--db", "sqlite:///games.db", "--port", str(free_port())], capsys)
    assert status == 2
    assert "share one PostgreSQL database" in error and error.startswith("Error: ")


@pytest.mark.parametrize("argv", [["--processes", "0"], ["--processes", "33"], ["--port", "0"]])
def test_numbers_out_of_bounds_are_refused(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """A count of processes or a port out of its bounds: usage error, exit status 2."""
    status, error = _run(argv, capsys)
    assert status == 2
    assert "is not from" in error


def test_a_missing_haproxy_is_said_with_how_to_install_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No HAProxy: exit status 1, saying how to install it, before anything starts."""
    monkeypatch.setenv("TUOLAJI_HAPROXY", str(tmp_path / "haproxy"))
    status, error = _run(["--port", str(free_port())], capsys)
    assert status == 1
    assert "HAProxy is not installed" in error and "apt-get install haproxy" in error


def test_missing_postgresql_programs_are_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """No PostgreSQL programs: exit status 1, naming them and how to install them."""
    monkeypatch.setenv("TUOLAJI_PG_BIN", str(tmp_path))
    status, error = _run(["--port", str(free_port())], capsys)
    assert status == 1
    assert "initdb, pg_ctl, createdb not found" in error and "apt-get install postgresql" in error


def test_a_front_port_in_use_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """The proxy's port is taken: usage error (exit status 2), before anything starts."""
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        status, error = _run(["--port", str(port)], capsys)
    assert status == 2
    assert f"cannot listen on 127.0.0.1:{port}: the port is already in use" in error


class Run:
    """The command as a child process, its output read line by line (bounded)."""

    def __init__(self, argv: list[str], log: Path) -> None:
        self.log = log
        self.lines: list[str] = []
        env = {**os.environ, "LANGUAGE": "en", "LC_ALL": "C.UTF-8", "PYTHONUNBUFFERED": "1"}
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tuolaji.cluster", *argv],
            stdout=log.open("wb"),
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
        )

    def output(self) -> str:
        """Everything it printed so far."""
        return self.log.read_text(errors="replace")

    def wait_for(self, pattern: str, timeout_s: float) -> re.Match[str]:
        """The first match of ``pattern`` in its output (fails the test after the
        timeout, or when it exits first)."""
        deadline = time.monotonic() + timeout_s
        while time.monotonic() < deadline:
            found = re.search(pattern, self.output())
            if found is not None:
                return found
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        pytest.fail(f"no {pattern!r} in the cluster's output:\n{self.output()[-4000:]}")

    def end(self) -> None:
        """Make sure it is gone (SIGKILL when it did not stop)."""
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)


@pytest.fixture
def cluster_run(tmp_path: Path) -> Iterator[Run]:
    """One server with --restart, no bot workers, on a free front port."""
    run = Run(
        ["--processes", "1", "--restart", "--bot-workers", "0", "--port", str(free_port())],
        tmp_path / "cluster.out",
    )
    try:
        yield run
    finally:
        run.end()


def test_a_run_restarts_a_dead_server_and_stops_whole_on_sigterm(cluster_run: Run) -> None:
    """The address and every process are printed and the front serves; a server killed
    is reported and started again on its port; SIGTERM stops the proxy, the server and
    PostgreSQL, removes the cluster's folder, and the command exits 0."""
    opened = cluster_run.wait_for(r"tuolaji cluster: open (http://\S+)/ ", START_S)
    front = opened.group(1)
    assert http_status(f"{front}/api/health") == 200
    server = cluster_run.wait_for(r"server s1: pid (\d+), (http://\S+), log (\S+)", 5)
    proxy = cluster_run.wait_for(r"HAProxy: pid (\d+), configuration (\S+),", 5)
    database = cluster_run.wait_for(r"PostgreSQL: pid (\d+),", 5)
    folder = Path(proxy.group(2)).parent
    first = int(server.group(1))

    os.kill(first, signal.SIGKILL)
    cluster_run.wait_for(rf"server s1 \(pid {first}\) exited with status -9", 10)
    again = int(cluster_run.wait_for(r"server s1 started again: pid (\d+)", START_S).group(1))
    assert again != first and alive(again)
    assert http_status(f"{server.group(2)}/api/health") == 200  # the same port

    cluster_run.process.send_signal(signal.SIGTERM)
    assert cluster_run.process.wait(STOP_S) == 0, cluster_run.output()
    for pid in (again, int(proxy.group(1)), int(database.group(1))):
        assert not alive(pid), f"process {pid} outlived the cluster"
    assert not folder.exists()
    assert "Stopping: HAProxy, then the servers, then PostgreSQL" in cluster_run.output()
