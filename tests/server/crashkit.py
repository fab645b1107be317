"""What the crash tests drive: the real server as a process, and scripted players.

:class:`ServerProcess` runs ``python -m tuolaji serve`` on a database, waits (bounded)
for its "open" line, kills it with SIGKILL when told and starts it again on the same
database — it only ever signals the process it started, by its PID. :class:`SeatClient`
is one human seat played over a WebSocket by a seeded bot on the seat's own observation
(a :class:`~tuolaji.game.SeatView` kept from the welcome and the events): every action
gets an id, and an action not acknowledged when the connection drops is sent again,
with the same id, as soon as the client is back. The client keeps everything it was
told (each event by number, each ack) so the test can compare it with what the
database holds at the end. :class:`KillHooks` lets the test's killer fire at precise
moments: right after an action leaves a client, right after an event or an ack arrives.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tuolaji.bots.base import Player, seat_decision
from tuolaji.core.cards import SEATS, format_cards
from tuolaji.game import Phase, SeatView, event_from_json
from tuolaji.game.actions import action_to_json
from tuolaji.game.observation_json import observation_from_json
from tuolaji.server.verdicts import client_action

#: how long a server may take to say it is open (imports and migrations, on a busy box)
START_TIMEOUT_S = 45.0
#: how long a killed or stopped server may take to be gone
STOP_TIMEOUT_S = 10.0
#: how long a connection may stay silent while its game waits on nobody in particular
RECV_TIMEOUT_S = 20.0
#: how long opening a WebSocket may take
CONNECT_TIMEOUT_S = 5.0
#: how long a client waits for the server to be back after losing it
BACK_TIMEOUT_S = 60.0
#: failed connections in a row to a server that is up before the client gives up
CONNECT_TRIES = 40
#: how long no frame must come before a client acts (the rest of a batch comes first)
QUIET_S = 0.02
#: what the server prints once it listens (the CLI's English message)
OPEN_LINE = "tuolaji serve: open "


def free_port() -> int:
    """A loopback port nobody listens on now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class ServerProcess:
    """``tuolaji serve`` on ``db_url`` as a child process, started again after each kill.

    ``generation`` counts the starts; ``up`` is set while a started server runs (it is
    cleared before the kill, so a client that loses its connection waits for the next
    start). Everything the processes print goes to ``log_path``.
    """

    def __init__(self, db_url: str, log_path: Path, bot_workers: int = 0) -> None:
        self.db_url = db_url
        self.log_path = log_path
        #: ``--bot-workers``: 0, bots think in a thread of the server (the crash tests)
        self.bot_workers = bot_workers
        self.process: asyncio.subprocess.Process | None = None
        self.port = 0
        self.generation = 0
        self.up = asyncio.Event()
        #: epoch seconds at which each generation was started (its actions come after)
        self.started_at: list[float] = []
        self._reader: asyncio.Task[None] | None = None
        self._opened = asyncio.Event()

    @property
    def base_url(self) -> str:
        """The HTTP address of the running server."""
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, code: str) -> str:
        """The WebSocket address of room ``code``."""
        return f"ws://127.0.0.1:{self.port}/ws/{code}"

    async def start(self) -> None:
        """Start the server on a free port and wait until it says it is open."""
        assert self.process is None, "the previous server still runs"
        self.port = free_port()
        self._opened = asyncio.Event()
        environment = dict(os.environ, LANGUAGE="en", LC_ALL="C.UTF-8", PYTHONUNBUFFERED="1")
        with self.log_path.open("a") as log:
            log.write(f"=== start {self.generation + 1} on port {self.port} ===\n")
        self.started_at.append(time.time())
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tuolaji",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--db",
            self.db_url,
            "--bot-workers",
            str(self.bot_workers),
            "--deal-interval",
            "0",
            "--round-pause",
            "0",
            "--grace",
            "600",
            stdin=asyncio.subprocess.DEVNULL,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
            env=environment,
        )
        self._reader = asyncio.create_task(self._read_output(self.process))
        exited = asyncio.ensure_future(self.process.wait())
        opened = asyncio.ensure_future(self._opened.wait())
        try:
            await asyncio.wait(
                {exited, opened}, timeout=START_TIMEOUT_S, return_when="FIRST_COMPLETED"
            )
        finally:
            exited.cancel()
            opened.cancel()
        if not self._opened.is_set():
            await self.kill()
            raise AssertionError(
                f"the server did not open within {START_TIMEOUT_S} s; its output:\n{self.tail()}"
            )
        self.generation += 1
        self.up.set()

    async def _read_output(self, process: asyncio.subprocess.Process) -> None:
        """Copy the process's output to the log until it ends; notice the open line."""
        assert process.stdout is not None
        with self.log_path.open("ab") as log:
            async for line in process.stdout:
                log.write(line)
                log.flush()
                if line.decode(errors="replace").startswith(OPEN_LINE):
                    self._opened.set()

    def kill_now(self) -> None:
        """SIGKILL the running server at once (synchronously: no frame gets in between)."""
        self.up.clear()
        if self.process is not None and self.process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.process.pid, signal.SIGKILL)

    async def kill(self) -> None:
        """SIGKILL the server (if it runs) and wait until it is gone."""
        self.kill_now()
        await self._reap()

    async def stop(self) -> None:
        """Stop the server politely (SIGTERM), or kill it when it does not stop in time."""
        self.up.clear()
        process = self.process
        if process is not None and process.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
            except TimeoutError:
                self.kill_now()
        await self._reap()

    async def restart(self) -> None:
        """Wait for the killed server to be gone, then start it again."""
        await self._reap()
        await self.start()

    async def _reap(self) -> None:
        process, self.process = self.process, None
        if process is not None:
            await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
        if self._reader is not None:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._reader, STOP_TIMEOUT_S)
            self._reader = None

    def tail(self, size: int = 6000) -> str:
        """The end of everything the servers printed."""
        if not self.log_path.exists():
            return "(nothing)"
        return self.log_path.read_text(errors="replace")[-size:]


class KillHooks(Protocol):
    """Where a client tells the killer what just happened (each may kill the server)."""

    def after_send(self, client: SeatClient) -> None:
        """An ``act`` frame has just been written to the socket."""

    def after_frame(self, client: SeatClient, frame: dict[str, Any]) -> None:
        """``frame`` has just been read and handled."""


@dataclass(frozen=True)
class SentAction:
    """An action a client sent: its id, what it was, and where the client stood."""

    id: str
    kind: str
    cards: tuple[int, ...]
    phase: str
    seq: int

    def frame(self) -> str:
        """The ``act`` frame (the same text every time it is sent)."""
        body = {"kind": self.kind, "cards": format_cards(self.cards)}
        return json.dumps({"type": "act", "id": self.id, "action": body})

    def logged(self, seat: int) -> list[Any]:
        """The action as the server's log holds it when it accepted this one."""
        return action_to_json(client_action(seat, self.kind, format_cards(self.cards)))


@dataclass
class SeatClient:
    """One human seat, played by ``player`` over the WebSocket (see the module doc)."""

    code: str
    seat: int
    token: str
    player: Player
    hooks: KillHooks
    view: SeatView | None = None
    #: the loopback address to connect from (None: the system's choice); the cluster
    #: tests give each room its own, as people at different tables have, since the
    #: server's rate limits count per address
    address: str | None = None
    #: the number of the last event this client was told of
    last_seq: int | None = None
    #: every event told, by number, as received (JSON)
    seen: dict[int, Any] = field(default_factory=dict)
    sent: dict[str, SentAction] = field(default_factory=dict)
    #: action id -> the log number the server acknowledged it with
    acked: dict[str, int] = field(default_factory=dict)
    #: action id -> the refusal's rule and code
    refused: dict[str, str] = field(default_factory=dict)
    pending: SentAction | None = None
    status: str = "playing"
    #: what went wrong that must fail the test
    problems: list[str] = field(default_factory=list)
    connections: int = 0
    welcomes: int = 0
    retries: int = 0
    duplicates: int = 0
    #: drop every frame until the next connection (set by the killer: lost with the server)
    lose_unread: bool = False
    #: the wait a connection refused for the rate asked for (seconds), and how many were
    #: (on PostgreSQL the limits per address outlive the restarts, and every seat of the
    #: test connects from one address)
    rate_wait: float | None = None
    rate_refusals: int = 0
    _decided_at: int | None = None
    _counter: int = 0

    @property
    def done(self) -> bool:
        """The game is over and no action of ours waits for its answer."""
        return self.status == "finished" and self.pending is None

    @property
    def phase(self) -> Phase | None:
        """The phase this client last saw."""
        return None if self.view is None else self.view.observation.phase

    async def run(self, server: ServerProcess) -> None:
        """Play until the game is over, reconnecting (same token, last seq) whenever the
        connection drops, resending the unacknowledged action with the same id."""
        failures = 0
        while not self.done:
            await asyncio.wait_for(server.up.wait(), BACK_TIMEOUT_S)
            generation = server.generation
            try:
                async with connect(
                    server.ws_url(self.code),
                    open_timeout=CONNECT_TIMEOUT_S,
                    close_timeout=1,
                    max_size=2**20,
                    ping_interval=None,
                    local_addr=None if self.address is None else (self.address, 0),
                ) as socket_:
                    failures = 0
                    await self._session(socket_)
            except (ConnectionClosed, InvalidHandshake, OSError, TimeoutError) as error:
                if self.rate_wait is not None:
                    # refused for the rate: connect again when the limit says
                    wait, self.rate_wait = self.rate_wait, None
                    await asyncio.sleep(wait)
                    continue
                if server.generation == generation and server.up.is_set():
                    # The server we talked to still runs: something closed us. Try again
                    # a few times (not a kill: the killer clears `up` before it kills).
                    failures += 1
                    if failures > CONNECT_TRIES:
                        raise AssertionError(
                            f"seat {self.seat} of {self.code}: cannot reach a running "
                            f"server: {type(error).__name__}: {error}"
                        ) from error
                    await asyncio.sleep(0.05)

    async def _session(self, socket_: ClientConnection) -> None:
        self.connections += 1
        self.lose_unread = False
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if self.last_seq is not None:
            hello["last_seq"] = self.last_seq
        await socket_.send(json.dumps(hello))
        if self.pending is not None:
            self.retries += 1
            await socket_.send(self.pending.frame())
            self.hooks.after_send(self)
        while not self.done:
            self._take(await self._next_frame(socket_, RECV_TIMEOUT_S))
            action = self._decide()
            while action is not None:
                # The frames of one action come one after another, and between two of
                # them the observation is no decision yet (a trick of four plays before
                # it is won, a pass before the window closes): act once no frame follows.
                try:
                    text = await asyncio.wait_for(socket_.recv(), QUIET_S)
                except TimeoutError:
                    break
                self._take(text)
                action = self._decide()
            if action is not None:
                self._decided_at = action.seq
                self.pending = action
                self.sent[action.id] = action
                await socket_.send(action.frame())
                self.hooks.after_send(self)

    async def _next_frame(self, socket_: ClientConnection, timeout: float) -> str | bytes:
        try:
            return await asyncio.wait_for(socket_.recv(), timeout)
        except TimeoutError:
            raise AssertionError(
                f"seat {self.seat} of {self.code}: no frame for {timeout} s "
                f"(phase {self.phase}, last seq {self.last_seq}, pending {self.pending})"
            ) from None

    def _take(self, text: str | bytes) -> None:
        if self.lose_unread:
            # The killer made this client lose what the dead server had sent it: as if
            # those frames never left the server (they come again on reconnecting).
            raise ConnectionResetError("the frames in flight were lost with the server")
        frame = json.loads(text)
        self._handle(frame)
        self.hooks.after_frame(self, frame)

    def _problem(self, text: str) -> None:
        self.problems.append(f"seat {self.seat} of {self.code}: {text}")

    def _handle(self, frame: dict[str, Any]) -> None:
        kind = frame.get("type")
        if kind == "welcome":
            self.welcomes += 1
            if self.last_seq is not None and frame["seq"] < self.last_seq:
                self._problem(
                    f"welcomed at seq {frame['seq']} after being told of {self.last_seq} "
                    "events: the server forgot what it told"
                )
            self.view = SeatView(observation_from_json(frame["observation"]))
            self.last_seq = frame["seq"]
            self.status = frame["room"]["status"]
        elif kind == "event":
            expected = 1 if self.last_seq is None else self.last_seq + 1
            if frame["seq"] != expected or self.view is None:
                self._problem(f"event {frame['seq']} came when {expected} was due")
                return
            self.view.apply(event_from_json(frame["event"]))
            self.seen[frame["seq"]] = frame["event"]
            self.last_seq = frame["seq"]
        elif kind == "ack":
            self._acked(frame)
        elif kind == "error":
            self._refused(frame)
        elif kind == "room":
            self.status = frame["room"]["status"]
        elif kind not in ("notice", "pong"):
            self._problem(f"an unknown frame {frame}")

    def _acked(self, frame: dict[str, Any]) -> None:
        action_id, number = frame["id"], frame["number"]
        before = self.acked.get(action_id)
        if before is not None and before != number:
            self._problem(f"action {action_id} acknowledged as {before}, then as {number}")
        if action_id not in self.sent:
            self._problem(f"an ack for {action_id}, which was never sent")
        self.acked[action_id] = number
        if frame["duplicate"]:
            self.duplicates += 1
        if self.pending is not None and self.pending.id == action_id:
            self.pending = None

    def _refused(self, frame: dict[str, Any]) -> None:
        action_id = frame.get("id")
        if frame.get("code") == "rate-limited" and action_id is None and "retry_after" in frame:
            self.rate_refusals += 1
            self.rate_wait = float(frame["retry_after"])
            return
        if frame.get("code") != "illegal" or action_id is None:
            self._problem(f"an error frame {frame}")
            return
        if self.pending is not None and self.pending.id == action_id:
            # A declaration while cards are dealt may be overtaken by the next card, and
            # a decision made between two frames of one batch may be stale: refused, it
            # changes nothing (the log checks catch a retried action refused because it
            # was applied already: its id is in the log without an ack).
            self.pending = None
        self.refused[action_id] = f"{frame.get('rule')} {frame.get('reason')}"

    def _decide(self) -> SentAction | None:
        """The seat's next action when it is the seat's to make (any time while cards are
        dealt: a declaration); None when there is none, or one was sent at this event
        number already (a refused declaration is not repeated before the next card)."""
        if self.view is None or self.pending is not None or self.status != "playing":
            return None
        if self.last_seq == self._decided_at:
            return None
        seen = self.view.observation
        kind, cards = "", None
        if seen.phase is Phase.DRAW:
            cards = self.player.declaration(seen) if seen.hand else None
            kind = "declare" if cards else ""
        elif seen.phase is not Phase.PLAY or (seen.hand and len(seen.trick) < SEATS):
            # A trick of four plays is won by the event that follows in the same batch,
            # and the last trick's winner acts in no trick: between two events of one
            # action the observation is not a decision yet.
            decided = seat_decision(self.player, seen)
            if decided is not None:
                kind, cards = decided
        if not kind:
            return None
        self._counter += 1
        assert self.last_seq is not None
        return SentAction(
            id=f"s{self.seat}-{self._counter}",
            kind=kind,
            cards=tuple(int(card) for card in cards or ()),
            phase=seen.phase.value,
            seq=self.last_seq,
        )
