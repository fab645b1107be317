"""The example client (examples/online_client.py) against a real ``tuolaji serve``.

Each test runs the server and the clients as processes, the way people run them: a
client that creates a room with three bots plays its round to the end; four clients
on one room play it together; and a client that waits at its first decision lives
through a server restart (it reconnects by itself and acts), then is stopped and
started again from its ``--state`` file, takes its seat again and finishes the game.
Every wait is bounded; only processes these tests started are signalled, by PID.
"""

from __future__ import annotations

import os
import queue
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

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
    """``tuolaji serve`` as a process on a port and an SQLite file; fast dealing."""

    def __init__(self, folder: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.db = f"sqlite:///{folder / 'server.sqlite3'}"
        self.env = environment(folder)
        self.child: Child | None = None

    def start(self) -> None:
        """Start it and wait (bounded) until it answers."""
        command = [sys.executable, "-m", "tuolaji", "serve", "--port", str(self.port)]
        command += ["--db", self.db, "--bot-workers", "0", "--deal-interval", "0"]
        command += ["--round-pause", "0"]
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


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the tests that do not restart it."""
    running = Server(tmp_path_factory.mktemp("serve"))
    running.start()
    try:
        yield running
    finally:
        running.stop()


def test_a_created_room_with_three_bots_plays_its_round_to_the_end(server: Server) -> None:
    client = server.client("--create", "--bots", "3", "--rounds", "1", "--auto", "heuristic")
    status, output = client.finish()
    assert status == 0, output
    assert "Room code: " in output
    assert "Result: round 1: the declarers" in output and output.endswith("Game over.")
    assert "Refused" not in output, output  # the client acts only on its own decisions


def test_four_clients_play_one_room_together(server: Server) -> None:
    creator = server.client(
        "--create", "--bots", "0", "--rounds", "1", "--auto", "heuristic", "--name", "Ana"
    )
    code = creator.wait_for("Room code: ").split()[-1]
    creator.wait_for("Seat 3 is open:")  # it tells the others how to join
    joiners = [
        server.client("--room", code, "--seat", str(seat), "--name", f"P{seat}", "--auto", bot)
        for seat, bot in ((1, "random"), (2, "heuristic"), (3, "random"))
    ]
    results = []
    for client in [creator, *joiners]:
        status, output = client.finish()
        assert status == 0, output
        assert "Refused" not in output, output
        results.append(next(line for line in output.splitlines() if line.startswith("Result:")))
    assert len(set(results)) == 1, results  # one game, seen alike from the four seats


def test_a_client_lives_through_a_restart_and_takes_its_seat_again(tmp_path: Path) -> None:
    server = Server(tmp_path)
    server.start()
    state = tmp_path / "seat.json"
    person = server.client(
        "--create", "--bots", "3", "--rounds", "1", "--state", str(state), stdin=True
    )
    try:
        # The first decision of seat 0 is its turn in the final declaring window
        # (R-T4): the game waits for the person, who says nothing yet.
        person.wait_for("Your turn to declare")
        server.stop()  # the notice, then the connection closes; the database keeps all
        person.wait_for("Server: the server is restarting")
        server.start()
        person.type("pass")  # sent as soon as the client is back: it reconnected itself
        person.wait_for("You (seat 0): passes")
        person.type("quit")
        status, _ = person.finish()
        assert status == 0
        assert oct(state.stat().st_mode & 0o777) == "0o600"  # the token is the owner's only
        # Started again with the state file alone, the client takes its seat again.
        again = server.client("--state", str(state), "--auto", "heuristic")
        status, output = again.finish()
        assert status == 0, output
        assert "You take seat 0 of room" in output
        assert "Game over." in output
    finally:
        person.stop(signal.SIGKILL)
        server.stop()
