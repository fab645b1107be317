"""The example client (examples/online_client.py) and ``tuolaji serve`` as processes,
the way people run them, for the example client's tests: every wait is bounded, and
only the processes a test started are signalled, by PID."""

from __future__ import annotations

import json
import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
CLIENT = ROOT / "examples" / "online_client.py"
#: bounds on every wait: a server starting (imports, migrations), a line, a whole game
START_S, LINE_S, GAME_S = 30.0, 20.0, 60.0


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def environment(data: Path) -> dict[str, str]:
    """The children's environment: English, and a data folder of the test's own."""
    return {**os.environ, "TUOLAJI_LANG": "en", "TUOLAJI_DATA_DIR": str(data)}


class Child:
    """A process whose output lines are read in a thread, so that waits are bounded."""

    def __init__(self, command: list[str], env: dict[str, str], stdin: bool = False) -> None:
        self.process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def wait_for(self, text: str, timeout: float = LINE_S) -> str:
        """The first line (from here on) that contains ``text``; fails after ``timeout``."""
        ends = time.monotonic() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, ends - time.monotonic()))
            except queue.Empty:
                pytest.fail(f"no line with {text!r} in {timeout} s; output:\n" + self.output())
            if line is None:
                pytest.fail(f"the process ended without {text!r}; output:\n" + self.output())
            self.seen.append(line)
            if text in line:
                return line

    def type(self, line: str) -> None:
        """Write a line to the process's standard input."""
        assert self.process.stdin is not None
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def finish(self, timeout: float = GAME_S) -> tuple[int, str]:
        """Wait for the process to end: its exit status and all it printed."""
        try:
            status = self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.stop(signal.SIGKILL)
            pytest.fail(f"still running after {timeout} s; output:\n" + self.output())
        return status, self.output()

    def output(self) -> str:
        """Everything read so far (draining the lines not yet looked at)."""
        while True:
            try:
                line = self.lines.get(timeout=0.2 if self.process.poll() is not None else 0)
            except queue.Empty:
                break
            if line is None:
                break
            self.seen.append(line)
        return "\n".join(self.seen)

    def stop(self, how: signal.Signals = signal.SIGTERM) -> None:
        """Signal this process (only this one, by PID) and wait, bounded, for its end."""
        if self.process.poll() is None:
            self.process.send_signal(how)
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


class Server:
    """``tuolaji serve`` as a process on a port and an SQLite file: the cards dealt
    ``deal_interval`` seconds apart (at once by default); ``allow_seeds`` lets a test deal
    a room it knows."""

    def __init__(self, folder: Path, deal_interval: float = 0, allow_seeds: bool = False) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite:///{folder / 'server.sqlite3'}"
        self.env = environment(folder)
        self.deal_interval = deal_interval
        self.allow_seeds = allow_seeds
        self.child: Child | None = None

    def start(self) -> None:
        """Start it and wait (bounded) until it answers."""
        command = [sys.executable, "-m", "tuolaji", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--bot-workers", "0", "--round-pause", "0"]
        command += ["--deal-interval", str(self.deal_interval)]
        command += ["--allow-seeds"] if self.allow_seeds else []
        self.child = Child(command, self.env)
        ends = time.monotonic() + START_S
        while time.monotonic() < ends:
            if self.child.process.poll() is not None:
                pytest.fail("the server stopped:\n" + self.child.output())
            try:
                with urllib.request.urlopen(f"{self.url}/api/rooms", timeout=2):
                    return
            except OSError:
                time.sleep(0.1)
        pytest.fail(f"the server did not answer within {START_S} s")

    def stop(self) -> None:
        """SIGTERM, as a person's Ctrl-C or a service manager would."""
        if self.child is not None:
            self.child.stop(signal.SIGTERM)

    def client(self, *args: str, stdin: bool = False) -> Child:
        """The example client on this server."""
        command = [sys.executable, str(CLIENT), "--server", self.url, *args]
        return Child(command, self.env, stdin=stdin)

    def request(self, method: str, path: str, body: object = None) -> dict[str, Any]:
        """An HTTP request to the server's API, its JSON answer."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=LINE_S) as answer:
            result: dict[str, Any] = json.load(answer)
            return result
