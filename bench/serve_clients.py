"""The scripted clients of the load run (bench/serve_load.py): one per human seat.

A :class:`Client` is what a real client does, and no more: it rebuilds its seat's
observation from its own stream with a ``SeatView`` (docs/api.md), acts when a ``room``
frame says it is its turn (a random player decides), declares during the deal when a
card it draws makes a declaration possible, and records when each event reached it, so
that the run can tell when the last client of a room had the events of an action.

With ``Bench(reconnect=True)`` (the cluster's failover runs, bench/cluster_load.py) a
client whose connection drops connects again as the browser table does: the same token
and the last event number it saw, and the action it had not had an answer for sent
again with the same id (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from tuolaji.bots.base import seat_decision
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.core.cards import format_cards
from tuolaji.game import SeatView, event_from_json, observation_from_json
from tuolaji.game.events import CardDrawn
from tuolaji.game.state import Phase

#: seconds a client may go without a frame before it counts as stalled (more than the
#: server's 10 s bot deadline, so a slow bot is not a stall)
STALL_S = 30.0
#: seconds connecting may take
CONNECT_S = 30.0
#: failed connections in a row before a reconnecting client gives up, and the pause
#: between two (a process that died is replaced within seconds: docs/scaling.md)
RECONNECT_TRIES = 100
RECONNECT_PAUSE_S = 0.1


def room_address(index: int) -> str:
    """The loopback address the clients of room ``index`` connect from (one per room)."""
    return f"127.1.{index // 250}.{index % 250 + 1}"


class StreamBroken(Exception):
    """A client's stream skipped an event: its view of the game cannot be trusted."""


@dataclass
class Pending:
    """An action sent and not yet answered."""

    id: str
    kind: str
    sent: float
    seq_before: int
    during_deal: bool
    #: the act frame, sent again as it was after a reconnect
    frame: str = ""


@dataclass
class Timing:
    """An accepted action: when it was sent, and the events it caused (seq range)."""

    room: int
    sent: float
    acked: float
    seq_before: int
    seq_after: int


@dataclass
class RoomRun:
    """One room of the run: its code, its clients and what became of it."""

    index: int
    search_seat: int | None
    code: str = ""
    clients: list[Client] = field(default_factory=list)
    #: when its last client had its welcome (actions before that are not timed)
    all_connected: float | None = None
    finished: float | None = None
    logged_actions: int = 0

    @property
    def address(self) -> str:
        """The loopback address its clients connect from."""
        return room_address(self.index)

    @property
    def human_seats(self) -> list[int]:
        """The seats scripted clients take."""
        return [seat for seat in range(4) if seat != self.search_seat]


class Bench:
    """What the run shares: where the server is, the errors and the timings."""

    def __init__(
        self, base_url: str, seed: int, think_s: float = 0.0, reconnect: bool = False
    ) -> None:
        self.base_url = base_url
        self.seed = seed
        #: the mean time a client thinks before a decision of its turn (0: none)
        self.think_s = think_s
        #: clients connect again when their connection drops (else it is an error)
        self.reconnect = reconnect
        self.reconnects = 0
        self.errors: Counter[str] = Counter()
        self.error_examples: list[str] = []
        self.expected: Counter[str] = Counter()
        self.timings: list[Timing] = []
        self.ack_ms: list[float] = []
        self.actions_accepted = 0
        self.accepted_kinds: Counter[str] = Counter()

    def error(self, kind: str, detail: str) -> None:
        """Count an error (and keep the first few details)."""
        self.errors[kind] += 1
        if len(self.error_examples) < 10:
            self.error_examples.append(f"{kind}: {detail}"[:300])


class Client:
    """A scripted seat: a random player on its own stream, over one WebSocket."""

    def __init__(self, bench: Bench, room: RoomRun, seat: int, token: str) -> None:
        self.bench, self.room, self.seat, self.token = bench, room, seat, token
        seed = bench.seed * 1_000_003 + room.index * 4 + seat
        self.player = RandomPlayer(seed=seed)
        self.thinking = random.Random(-seed)
        self.view: SeatView | None = None
        self.seq = 0
        self.welcome_seq = 0
        self.welcome_at = 0.0
        #: arrival time of each event after the welcome, by its number (perf_counter s)
        self.arrivals: dict[int, float] = {}
        self.pending: Pending | None = None
        self.last_room: dict[str, Any] | None = None
        self.last_room_seq = -1
        self.sent = 0
        self.finished = False
        self.welcomed = asyncio.Event()

    def arrival(self, seq: int) -> float | None:
        """When this client had event ``seq`` (its welcome's time if it came with it)."""
        if seq <= self.welcome_seq:
            return self.welcome_at
        return self.arrivals.get(seq)

    @property
    def done(self) -> bool:
        """The game is over and the last action has its answer (the last action's ack
        comes after the room frame that ends the game)."""
        return self.finished and self.pending is None

    async def run(self) -> None:
        """Connect, say hello, and play until the room is finished (errors are counted);
        with the bench's ``reconnect``, connect again whenever the connection drops."""
        url = self.bench.base_url.replace("http", "ws", 1) + f"/ws/{self.room.code}"
        where = f"room {self.room.index} seat {self.seat}"
        failures = 0
        while not self.done:
            try:
                async with connect(
                    url, proxy=None, open_timeout=CONNECT_S, local_addr=(self.room.address, 0)
                ) as socket_:
                    failures = 0
                    if await self.session(socket_):
                        return
            except StreamBroken as broken:
                self.bench.error("seq-gap", f"{where}: {broken}")
                return
            except (ConnectionClosed, OSError, InvalidHandshake, TimeoutError) as problem:
                if self.done or (self.finished and not self.bench.reconnect):
                    return
                failures += 1
                if not self.bench.reconnect or failures > RECONNECT_TRIES:
                    kind = "closed" if isinstance(problem, ConnectionClosed) else "connect"
                    self.bench.error(kind, f"{where}: {problem!r}")
                    return
                self.bench.reconnects += 1
                await asyncio.sleep(RECONNECT_PAUSE_S if failures > 1 else 0)
            except Exception as problem:
                self.bench.error("client", f"{where}: {problem!r}")
                return

    async def session(self, socket_: ClientConnection) -> bool:
        """One connection: hello (with the last event number after the first), the
        unanswered action again, then the frames until the game is over (True) or the
        client stalled (True: an error counted). ConnectionClosed when it drops."""
        hello: dict[str, Any] = {"type": "hello", "token": self.token}
        if self.view is not None:
            hello["last_seq"] = self.seq
        await socket_.send(json.dumps(hello))
        if self.pending is not None and self.pending.frame:
            await socket_.send(self.pending.frame)
        while not self.done:
            try:
                text = await asyncio.wait_for(socket_.recv(), STALL_S)
            except TimeoutError:
                self.bench.error("stalled", f"room {self.room.index} seat {self.seat}")
                return True
            await self.on_frame(socket_, json.loads(text), time.perf_counter())
        return True

    async def on_frame(self, socket_: ClientConnection, frame: dict[str, Any], at: float) -> None:
        """Follow one server frame, and act when it is this seat's turn."""
        kind = frame["type"]
        if kind == "event":
            if self.view is None or frame["seq"] != self.seq + 1:
                raise StreamBroken(f"expected event {self.seq + 1}, got {frame['seq']}")
            event = event_from_json(frame["event"])
            self.view.apply(event)
            self.seq = frame["seq"]
            self.arrivals[self.seq] = at
            drew = isinstance(event, CardDrawn) and event.seat == self.seat
            if drew and self.view.observation.phase is Phase.DRAW and self.pending is None:
                cards = self.player.declaration(self.view.observation)
                if cards:
                    await self.act(socket_, "declare", cards, during_deal=True)
        elif kind == "welcome":
            self.view = SeatView(observation_from_json(frame["observation"]))
            self.seq = self.welcome_seq = frame["seq"]
            self.welcome_at = at
            self.welcomed.set()
            await self.on_room(socket_, frame["room"], frame["seq"])
        elif kind == "room":
            await self.on_room(socket_, frame["room"], frame["seq"])
        elif kind in ("ack", "error"):
            await self.on_answer(socket_, frame, at)
        elif kind == "notice" and self.bench.reconnect and frame.get("notice") == "restarting":
            # the process is stopping or hands the room over: the connection closes,
            # and this client connects again
            self.bench.expected["restarting notice (the client connects again)"] += 1
        elif kind == "notice":
            self.bench.error("notice", f"{frame.get('notice')}: {frame.get('message')}")
        elif kind != "pong":
            self.bench.error("unknown-frame", str(frame)[:200])

    async def on_room(self, socket_: ClientConnection, room: dict[str, Any], seq: int) -> None:
        """A room frame: the game may be over, or this seat may be to act."""
        self.last_room, self.last_room_seq = room, seq
        if room["status"] in ("finished", "closed"):
            self.finished = True
            if room["status"] == "closed":
                self.bench.error("closed-room", f"room {self.room.index}")
            elif self.room.finished is None:
                self.room.finished = time.perf_counter()
            return
        await self.consider(socket_)

    async def on_answer(self, socket_: ClientConnection, frame: dict[str, Any], at: float) -> None:
        """An ack or an error frame for the pending action."""
        pending = self.pending
        if pending is None or frame.get("id") != pending.id:
            self.bench.error(f"unmatched-{frame['type']}", str(frame)[:200])
            return
        self.pending = None
        if frame["type"] == "ack":
            self.bench.actions_accepted += 1
            self.bench.accepted_kinds[pending.kind] += 1
            self.bench.ack_ms.append((at - pending.sent) * 1000)
            if self.room.all_connected is not None and pending.sent >= self.room.all_connected:
                self.bench.timings.append(
                    Timing(self.room.index, pending.sent, at, pending.seq_before, frame["seq"])
                )
        elif (
            frame["code"] == "illegal" and pending.during_deal and frame["seq"] > pending.seq_before
        ):
            # declared on a card that has been followed by other events: a race the deal
            # makes (someone declared first, or the deal ended), not a fault
            self.bench.expected["declaration during the deal refused: the game moved on"] += 1
        else:
            self.bench.error(f"error-{frame['code']}", f"{pending.kind}: {frame.get('message')}")
        await self.consider(socket_)

    async def consider(self, socket_: ClientConnection) -> None:
        """Act if the latest room frame (current with the stream) names this seat."""
        room, view = self.last_room, self.view
        if self.pending is not None or self.finished or room is None or view is None:
            return
        if self.last_room_seq != self.seq or room["to_act"] != self.seat:
            return
        if self.bench.think_s > 0:
            # a person's pace: half to one and a half times the mean; nobody else can act
            # meanwhile (it is this seat's turn), so the observation stays current
            await asyncio.sleep(self.bench.think_s * self.thinking.uniform(0.5, 1.5))
        observation = view.observation
        if observation.to_act != self.seat:
            self.bench.error("view-disagrees", f"room says {self.seat}, view {observation.to_act}")
            return
        decided = seat_decision(self.player, observation)
        if decided is not None:
            await self.act(socket_, *decided)

    async def act(
        self,
        socket_: ClientConnection,
        kind: str,
        cards: Sequence[int],
        during_deal: bool = False,
    ) -> None:
        """Send an action, remembering when and after which event."""
        self.sent += 1
        action_id = f"a{self.sent}"
        body = {"kind": kind, "cards": format_cards(tuple(cards))}
        text = json.dumps({"type": "act", "id": action_id, "action": body})
        self.pending = Pending(action_id, kind, time.perf_counter(), self.seq, during_deal, text)
        await socket_.send(text)
