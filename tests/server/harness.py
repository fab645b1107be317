"""A live server for the protocol tests: real uvicorn on a free loopback port, real
WebSocket clients, a hand-moved clock, and a bound on every wait.

:func:`running_server` serves ``create_app(ServerConfig(...))`` in the test's own event
loop and yields a :class:`LiveServer` (HTTP client, WebSocket URLs, the
:class:`~tuolaji.server.clock.ManualClock`, the lobby, helpers to create rooms and take
seats). :class:`Client` is one WebSocket connection whose reads fail the test instead of
hanging; :class:`Player` is a scripted person at a seat: it keeps its own
:class:`~tuolaji.game.SeatView` from the frames it gets and answers its decisions with a
built-in bot playing on that observation only.

Any record the server (``tuolaji.server``), uvicorn or asyncio logs at ERROR level fails
the test when the server stops: an unhandled exception must never happen. A test that
provokes one on purpose passes ``fail_on_errors=False`` and reads ``LiveServer.errors``.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
from collections.abc import AsyncIterator, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from server.wsclient import BOUND_S, Client, eventually, is_type, room_frame
from tuolaji.bots.base import Player as BotPlayer
from tuolaji.bots.base import seat_decision
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.core.cards import format_cards
from tuolaji.game import Observation, SeatView, event_from_json
from tuolaji.game.observation_json import observation_from_json
from tuolaji.server.app import create_app
from tuolaji.server.clock import ManualClock
from tuolaji.server.config import ServerConfig
from tuolaji.server.lobby import Lobby
from tuolaji.server.room import Room

__all__ = [
    "BOUND_S",
    "Client",
    "LiveServer",
    "Player",
    "eventually",
    "is_type",
    "play_all",
    "room_frame",
    "running_server",
    "sqlite_url",
]

#: the largest WebSocket message the live server reads (bytes)
WS_MAX_SIZE = 64 * 1024
#: the loggers whose ERROR records fail a test (uvicorn's own, ``uvicorn.error`` and
#: ``uvicorn.asgi``, reach ``uvicorn``: the harness leaves uvicorn's logging unconfigured)
WATCHED_LOGGERS = ("tuolaji.server", "uvicorn", "asyncio")
#: settings that make the tests fast: deal at once, no pause, bots in a thread; a frame
#: budget a whole game fits in (it refills with time, which stands still here); and no
#: browser table, built or not (the tests that serve one make their own)
FAST = {
    "bot_workers": 0,
    "deal_interval_s": 0.0,
    "round_pause_s": 0.0,
    "frame_burst": 100_000,
    "static_dir": None,
}


def sqlite_url(folder: Path) -> str:
    """A fresh SQLite database in ``folder`` (a test's ``tmp_path``)."""
    return f"sqlite+aiosqlite:///{folder / 'server.sqlite3'}"


# ------------------------------------------------------------------ error records


class ErrorRecords(logging.Handler):
    """Collects the ERROR records of :data:`WATCHED_LOGGERS` while installed."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        """Keep the record."""
        self.records.append(record)

    def lines(self) -> list[str]:
        """Each record as one line, its exception's last line with it."""
        shown = []
        for record in self.records:
            line = f"{record.name}: {record.getMessage()}"
            if record.exc_info and record.exc_info[1] is not None:
                line += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
            shown.append(line)
        return shown


@contextlib.contextmanager
def error_records() -> Iterator[ErrorRecords]:
    """Install an :class:`ErrorRecords` on every watched logger while in the block."""
    handler = ErrorRecords()
    loggers = [logging.getLogger(name) for name in WATCHED_LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield handler
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


@pytest.fixture
def fail_on_server_errors() -> Iterator[ErrorRecords]:
    """Fail the test if the server, uvicorn or asyncio logs anything at ERROR level
    (for tests that build their own app; :func:`running_server` does it by itself)."""
    with error_records() as handler:
        yield handler
    if handler.records:
        pytest.fail("the server logged errors:\n" + "\n".join(handler.lines()))


# ------------------------------------------------------------------ the live server


@dataclass
class LiveServer:
    """A server running in the test's loop, and what a test needs to talk to it."""

    base_url: str
    http: httpx.AsyncClient
    clock: ManualClock
    config: ServerConfig
    app_state: Any
    errors: ErrorRecords
    clients: list[Client] = field(default_factory=list)

    @property
    def lobby(self) -> Lobby:
        """The server's lobby (its rooms)."""
        lobby: Lobby | None = self.app_state.server.lobby
        assert lobby is not None, "the server has not started"
        return lobby

    def room(self, code: str) -> Room:
        """The live room ``code``."""
        return self.lobby.rooms[code]

    def ws_url(self, code: str) -> str:
        """The WebSocket URL of room ``code``."""
        return self.base_url.replace("http://", "ws://", 1) + f"/ws/{code}"

    async def create_room(self, **body: Any) -> dict[str, Any]:
        """Create a room with ``body`` (the fields of ``POST /api/rooms``); its answer."""
        response = await self.http.post("/api/rooms", json=body)
        assert response.status_code == 201, response.text
        created: dict[str, Any] = response.json()
        return created

    async def take_seat(self, code: str, seat: int, name: str = "") -> str:
        """Take ``seat`` of room ``code`` under ``name``; the seat's token."""
        response = await self.http.post(f"/api/rooms/{code}/seats/{seat}", json={"name": name})
        assert response.status_code == 201, response.text
        token: str = response.json()["token"]
        return token

    async def seat_players(
        self,
        code: str,
        seats: Iterable[int] = range(4),
        bots: Callable[[int], BotPlayer] | None = None,
    ) -> list[Player]:
        """Take ``seats`` of room ``code`` and connect a :class:`Player` to each (its bot
        ``bots(seat)``, a seeded HeuristicPlayer by default), in seat order."""
        players = []
        for seat in seats:
            token = await self.take_seat(code, seat, f"player {seat}")
            client = await self.join(code, token, label=f"seat {seat}")
            bot = bots(seat) if bots is not None else None
            players.append(Player(client, seat, bot, self.seq_of(code), token))
        return players

    def seq_of(self, code: str) -> Callable[[], int]:
        """The number of events room ``code`` has sent, asked each time (for
        :attr:`Player.server_seq`)."""
        return lambda: self.room(code).seq

    async def connect(self, code: str, label: str = "client") -> Client:
        """A new WebSocket connection to room ``code`` (no hello sent yet)."""
        client = await Client.connect(self.ws_url(code), label)
        self.clients.append(client)
        return client

    async def join(
        self,
        code: str,
        token: str | None = None,
        last_seq: int | None = None,
        label: str = "client",
    ) -> Client:
        """Connect to room ``code`` and say hello with ``token`` and ``last_seq``."""
        client = await self.connect(code, label)
        hello: dict[str, Any] = {"type": "hello"}
        if token is not None:
            hello["token"] = token
        if last_seq is not None:
            hello["last_seq"] = last_seq
        await client.send(hello)
        return client


def _bound_port(server: uvicorn.Server) -> int:
    """The port the OS gave the server (it was asked for port 0: always free)."""
    for listener in server.servers:
        for sock in listener.sockets:
            port: int = sock.getsockname()[1]
            return port
    raise AssertionError("the server listens on no socket")


@contextlib.asynccontextmanager
async def running_server(
    db_url: str,
    *,
    clock: ManualClock | None = None,
    fail_on_errors: bool = True,
    **config: Any,
) -> AsyncIterator[LiveServer]:
    """Serve ``create_app(ServerConfig(db_url, clock, **config))`` with a live uvicorn on
    a free loopback port in this loop (bots in a thread, dealing at once and no pause
    between rounds unless ``config`` says otherwise); stop it cleanly at the end.

    Fails the test when the server logs an error (unless ``fail_on_errors`` is false)."""
    clock = clock if clock is not None else ManualClock()
    settings = ServerConfig(db_url=db_url, clock=clock, **{**FAST, **config})
    app = create_app(settings)
    server = uvicorn.Server(
        uvicorn.Config(
            app,
            host="127.0.0.1",
            port=0,
            ws_max_size=WS_MAX_SIZE,
            lifespan="on",
            log_level="warning",
            log_config=None,  # leave the logging of the test process as it is
            timeout_graceful_shutdown=int(BOUND_S),  # a stuck handler cannot hang the end
        )
    )
    with error_records() as errors:
        task = asyncio.create_task(server.serve(), name="uvicorn")
        live: LiveServer | None = None
        try:
            await _started(server, task)
            base_url = f"http://127.0.0.1:{_bound_port(server)}"
            async with httpx.AsyncClient(base_url=base_url, timeout=BOUND_S) as http:
                live = LiveServer(base_url, http, clock, settings, app.state, errors)
                yield live
        finally:
            if live is not None:
                for client in live.clients:
                    await client.close()
            server.should_exit = True
            with contextlib.suppress(asyncio.CancelledError):
                try:
                    await asyncio.wait_for(task, BOUND_S * 2)
                except TimeoutError:
                    pytest.fail("the server did not stop within its bound")
    if fail_on_errors and errors.records:
        pytest.fail("the server logged errors:\n" + "\n".join(errors.lines()))


async def _started(server: uvicorn.Server, task: asyncio.Task[None]) -> None:
    """Wait (bounded) until uvicorn listens; fail with its error if it stopped first."""
    for _ in range(int(BOUND_S / 0.01)):
        if server.started:
            return
        if task.done():
            task.result()  # raises what stopped it
            pytest.fail("the server stopped before it started")
        await asyncio.sleep(0.01)
    pytest.fail("the server did not start within its bound")


# ------------------------------------------------------------------ players

_ACTION_IDS = itertools.count(1)


def fresh_action_id() -> str:
    """A new action id (unique in the test process)."""
    return f"a{next(_ACTION_IDS)}"


def decision_of(observation: Observation, bot: BotPlayer) -> dict[str, str] | None:
    """The action ``bot`` takes for the seat when the observation says it is the seat's
    decision (the final declaring window, the burial or a play), else None."""
    decided = seat_decision(bot, observation)
    if decided is None:
        return None
    kind, cards = decided
    return {"kind": kind, "cards": format_cards(cards)}


class Player:
    """A scripted person at a seat (or a spectator, ``seat`` None: it never acts).

    It keeps a :class:`SeatView` from its welcome and event frames (checking that event
    numbers follow each other), and answers its own decisions with ``bot`` on that
    observation, each action under a fresh id, once per decision: only when the
    observation says it is the seat's decision, the stream has caught up with the
    server's (``server_seq``: between two events of one action the observation may show
    a moment no game has), and no action of its own waits for its ack or error."""

    def __init__(
        self,
        client: Client,
        seat: int | None,
        bot: BotPlayer | None = None,
        server_seq: Callable[[], int] | None = None,
        token: str | None = None,
    ) -> None:
        self.client = client
        self.seat = seat
        self.token = token
        self.bot = bot if bot is not None else HeuristicPlayer(seed=seat)
        self.server_seq = server_seq
        self.view: SeatView | None = None
        self.last_seq = 0
        self.room: dict[str, Any] | None = None
        #: the id of the action sent and not yet answered, and what it was
        self.in_flight: tuple[str, dict[str, str]] | None = None
        self.acks: list[dict[str, Any]] = []
        self.errors: list[dict[str, Any]] = []
        self.sent: list[tuple[str, dict[str, str]]] = []

    @property
    def observation(self) -> Observation:
        """What the seat knows now."""
        assert self.view is not None, f"{self.client.label}: no welcome yet"
        return self.view.observation

    def follow(self, frame: dict[str, Any]) -> None:
        """Take in one frame: a welcome starts the view, an event moves it on (its number
        must follow the last one), an ack or error answers the action in flight."""
        kind = frame["type"]
        if kind == "welcome":
            assert frame["seat"] == self.seat
            self.view = SeatView(observation_from_json(frame["observation"]))
            self.last_seq = frame["seq"]
            self.room = frame["room"]
        elif kind == "event":
            assert self.view is not None, f"{self.client.label}: an event before the welcome"
            assert frame["seq"] == self.last_seq + 1, (
                f"{self.client.label}: event {frame['seq']} after {self.last_seq}"
            )
            self.view.apply(event_from_json(frame["event"]))
            self.last_seq = frame["seq"]
        elif kind == "room":
            self.room = frame["room"]
        elif kind in ("ack", "error"):
            (self.acks if kind == "ack" else self.errors).append(frame)
            if self.in_flight is not None and frame.get("id") == self.in_flight[0]:
                self.in_flight = None

    def caught_up(self) -> bool:
        """Whether every event the server has sent is in the view."""
        if self.view is None:
            return False
        return self.server_seq is None or self.last_seq >= self.server_seq()

    def due(self) -> dict[str, str] | None:
        """The action to send now, or None (not the seat's decision, not caught up, or
        an action in flight)."""
        if self.seat is None or self.view is None or self.in_flight is not None:
            return None
        if not self.caught_up():
            return None
        return decision_of(self.view.observation, self.bot)

    async def act(self, action: dict[str, str], action_id: str | None = None) -> str:
        """Send ``action`` under ``action_id`` (a fresh one by default); the id."""
        action_id = action_id or fresh_action_id()
        self.in_flight = (action_id, action)
        self.sent.append((action_id, action))
        await self.client.send({"type": "act", "id": action_id, "action": action})
        return action_id

    async def play_until(
        self, done: Callable[[], bool], timeout: float = 30.0, acting: bool = True
    ) -> None:
        """Follow frames (and act, unless ``acting`` is false) until ``done()`` holds,
        looked at before each read and after each frame (before acting on it: a player
        told to stop at a decision does not make it). Fails after ``timeout`` seconds;
        a quiet spell shorter than that is waited through (a bot may be thinking, or
        the test moving time)."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + timeout
        while not done():
            left = ends - loop.time()
            if left <= 0:
                pytest.fail(f"{self.client.label}: not done within {timeout} s")
            frame = await self.client.recv_or_none(min(BOUND_S, left))
            if frame is None:
                continue
            self.follow(frame)
            if acting and not done():
                action = self.due()
                if action is not None:
                    await self.act(action)

    async def act_now(self, action_id: str | None = None) -> dict[str, Any]:
        """Make the decision that is due now (it must be) and follow frames until its
        answer (ack or error) comes: that answer."""
        action = self.due()
        assert action is not None, f"{self.client.label}: no decision is due"
        sent = await self.act(action, action_id)
        return await self.answer(sent)

    async def read_until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = BOUND_S
    ) -> dict[str, Any]:
        """Follow frames (without acting) until one is ``wanted``: that frame."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + timeout
        while True:
            frame = await self.client.recv(max(0.001, ends - loop.time()))
            self.follow(frame)
            if wanted(frame):
                return frame

    async def answer(self, action_id: str, timeout: float = BOUND_S) -> dict[str, Any]:
        """Follow frames until the ack or error of ``action_id``: that frame."""
        return await self.read_until(
            lambda frame: frame["type"] in ("ack", "error") and frame.get("id") == action_id,
            timeout,
        )

    async def disconnect(self) -> None:
        """Close this player's connection (an action in flight is forgotten)."""
        await self.client.close()
        self.in_flight = None

    async def reconnect(self, live: LiveServer, code: str) -> Client:
        """Close this player's connection (if open) and open a new one that says hello
        with the seat's token and the last event number seen; the new client."""
        await self.disconnect()
        self.client = await live.join(code, self.token, self.last_seq, label=self.client.label)
        return self.client

    def settled(self) -> bool:
        """Caught up with the server, and no action of its own waiting for its answer."""
        return self.caught_up() and self.in_flight is None

    async def sync(self, timeout: float = BOUND_S) -> None:
        """Read (and follow, without acting) until the view holds every event sent and
        the action in flight, if any, is answered."""
        await self.play_until(self.settled, timeout, acting=False)


def room_status(status: str) -> Callable[[Player], bool]:
    """A ``play_all`` test: the player's last room frame has status ``status``."""
    return lambda player: player.room is not None and player.room["status"] == status


async def new_room(live: LiveServer, **body: Any) -> tuple[str, Room]:
    """Create a room (one round unless ``body`` says otherwise): its code and Room."""
    created = await live.create_room(**{"round_limit": 1, **body})
    return created["code"], live.room(created["code"])


def in_play(player: Player) -> bool:
    """The player has seen every event so far, and the round's play has begun."""
    return player.caught_up() and player.observation.phase.value == "play"


def human_actions(room: Room) -> list[tuple[int | None, str | None]]:
    """(seat, client id) of every action a person made, in order (not the draws)."""
    return [
        (entry.seat, entry.client_id)
        for entry in room.log
        if not entry.by_bot and entry.seat is not None
    ]


async def play_all(
    players: list[Player], done: Callable[[Player], bool], timeout: float = 30.0
) -> None:
    """Run every player (each its own task) until ``done(player)`` holds for it, bounded
    by ``timeout``; then each reads on until its view holds every event sent."""
    tasks = [
        asyncio.create_task(player.play_until(functools.partial(done, player), timeout))
        for player in players
    ]
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout + BOUND_S)
    finally:
        for task in tasks:
            task.cancel()
    for player in players:
        await player.sync()
