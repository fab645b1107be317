"""A real ``tuolaji serve`` for the browser tests: a child process on a free loopback
port, with its own SQLite database and data folder, stopped by its PID.

The browser talks to it as it would to any server; the tests use its HTTP API only to
create rooms the lobby cannot (a seed, a round limit: docs/protocol.md). Everything the
server prints goes to a log file in ``test-artifacts/``; a traceback in it fails the
tests of the module when the server stops (the server must never fail unseen).
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import Browser, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
#: the built browser table (make web)
STATIC_INDEX = ROOT / "src" / "tuolaji" / "server" / "static" / "index.html"
#: Debian's Chromium (make chromium)
CHROMIUM = Path("/usr/bin/chromium")

#: the line ``tuolaji serve`` prints once it listens (cli_serve.py)
OPEN_LINE = "tuolaji serve: open "
START_TIMEOUT_S = 60.0
STOP_TIMEOUT_S = 15.0
#: settings that keep a whole round short: cards dealt 100 a second; the summary
#: stays long enough to be read and checked; a player who closed the page keeps the
#: seat, so an abandoned room waits instead of having bots play it to the end
SERVE_OPTIONS = (
    "--bot-workers",
    "0",
    "--deal-interval",
    "0.01",
    "--round-pause",
    "30",
    "--grace",
    "600",
    # seeds (a test's deal known in advance) are a testing option of the server
    "--allow-seeds",
)


def free_port() -> int:
    """A TCP port nobody listens on now (the server binds it a moment later)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class LiveServer:
    """A ``tuolaji serve`` process and an HTTP client for its API."""

    folder: Path
    log_path: Path
    port: int = 0
    process: subprocess.Popen[bytes] | None = None
    http: httpx.Client = field(init=False)

    @property
    def url(self) -> str:
        """The server's address, ending with a slash."""
        return f"http://127.0.0.1:{self.port}/"

    def start(self) -> None:
        """Start the server and wait until it says it listens (a port taken meanwhile
        by another process is tried again on another port)."""
        for _attempt in range(3):
            self.port = free_port()
            if self._start_once():
                self.http = httpx.Client(base_url=self.url.rstrip("/"), timeout=20.0)
                return
        raise AssertionError(f"tuolaji serve did not start; its output:\n{self.tail()}")

    def _start_once(self) -> bool:
        """One try at starting on ``self.port``: True once the server listens."""
        environment = dict(
            os.environ,
            TUOLAJI_DATA_DIR=str(self.folder / "data"),
            LANGUAGE="en",
            LC_ALL="C.UTF-8",
            PYTHONUNBUFFERED="1",
        )
        database = f"sqlite:///{self.folder / f'server-{self.port}.sqlite3'}"
        command = [sys.executable, "-m", "tuolaji", "serve", "--host", "127.0.0.1"]
        command += ["--port", str(self.port), "--db", database, *SERVE_OPTIONS]
        start = self.log_path.stat().st_size if self.log_path.exists() else 0
        with self.log_path.open("ab") as log:
            log.write(f"=== {' '.join(command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                command, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                env=environment,
            )  # fmt: skip
        deadline = time.monotonic() + START_TIMEOUT_S
        while time.monotonic() < deadline:
            with self.log_path.open("rb") as log:
                log.seek(start)
                if OPEN_LINE.encode() in log.read():
                    return True
            if self.process.poll() is not None:
                self.process = None
                return False  # it ended: the port, most likely (the log says)
            time.sleep(0.05)
        self.stop()
        raise AssertionError(
            f"tuolaji serve did not listen within {START_TIMEOUT_S} s; its output:\n{self.tail()}"
        )

    def stop(self) -> None:
        """Stop the server politely (SIGTERM to its PID), or kill it when it lingers."""
        process, self.process = self.process, None
        if process is None:
            return
        if process.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(process.pid, signal.SIGTERM)
            try:
                process.wait(STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(process.pid, signal.SIGKILL)
                process.wait(STOP_TIMEOUT_S)
        with contextlib.suppress(AttributeError):
            self.http.close()

    def tail(self, size: int = 8000) -> str:
        """The end of what the server printed."""
        if not self.log_path.exists():
            return "(nothing)"
        return self.log_path.read_text(errors="replace")[-size:]

    def tracebacks(self) -> str:
        """What the server printed from its first traceback on ("" when none)."""
        text = self.log_path.read_text(errors="replace") if self.log_path.exists() else ""
        index = text.find("Traceback (most recent call last)")
        return "" if index < 0 else text[max(0, index - 300) : index + 6000]

    # ------------------------------------------------------------------ the HTTP API

    def create_room(self, **body: Any) -> str:
        """Create a room (the body of ``POST /api/rooms``) and return its code; a
        rate-limited request waits as long as the server says and tries again."""
        answer = self._post("/api/rooms", body)
        code: str = answer["code"]
        return code

    def take_seat(self, code: str, seat: int, name: str = "") -> str:
        """Take ``seat`` of room ``code`` through the API; returns the seat token."""
        answer = self._post(f"/api/rooms/{code}/seats/{seat}", {"name": name})
        token: str = answer["token"]
        return token

    def room(self, code: str) -> dict[str, Any]:
        """The room as ``GET /api/rooms/{code}`` gives it."""
        response = self.http.get(f"/api/rooms/{code}")
        response.raise_for_status()
        room: dict[str, Any] = response.json()["room"]
        return room

    def _post(self, path: str, body: dict[str, Any]) -> dict[str, Any]:
        for _attempt in range(5):
            response = self.http.post(path, json=body)
            if response.status_code == 429:
                time.sleep(float(response.headers.get("Retry-After", "1")))
                continue
            assert response.status_code == 201, f"POST {path}: {response.text}"
            answer: dict[str, Any] = response.json()
            return answer
        raise AssertionError(f"POST {path} stayed rate-limited")


@contextlib.contextmanager
def server_and_chromium() -> Iterator[tuple[LiveServer, Browser]]:
    """A throwaway ``tuolaji serve`` (its own folder and database) and a headless
    Chromium, for the scripts beside the tests (bench/); both stopped at the end."""
    if not STATIC_INDEX.exists():
        raise SystemExit("the browser table is not built: run `make web`")
    with tempfile.TemporaryDirectory() as folder:
        server = LiveServer(folder=Path(folder), log_path=Path(folder) / "server.log")
        server.start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=str(CHROMIUM))
                try:
                    yield server, browser
                finally:
                    browser.close()
        finally:
            server.stop()
