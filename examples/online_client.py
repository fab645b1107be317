#!/usr/bin/env python3
"""A small client for the online game (``tuolaji serve``; docs/protocol.md).

It creates a room or takes a seat in one, shows the hand and the table as text, and
plays: by hand (type cards such as ``AS AS``, or ``pass``) or by itself with one of
tuolaji's bots deciding on the client's own observation (``--auto heuristic``). While
the cards are dealt it shows the hand as it grows and what you could declare, and a
declaration typed then is sent at once (R-T2). Seats are named as the browser table
names them (what online_table.py says). When the connection drops, or the server says
it is restarting, it reconnects by itself with its seat token and the number of the
last event it saw. ``--state FILE`` keeps the token in a file, so that a client started
again takes its seat again. Ctrl-C leaves: the connection is closed normally and the
client exits with status 130, as shells expect of an interrupted program.

    # one round against three bots, played by hand
    python examples/online_client.py --create --bots 3 --rounds 1 --name Ana

    # four people: the first creates the room, the others join with its code
    python examples/online_client.py --create --bots 0 --name Ana --state ana.json
    python examples/online_client.py --room CODE --seat 1 --name Bo --auto heuristic

It needs tuolaji with the server extra (``pip install 'tuolaji[server]'``, which brings
``websockets``), and online_table.py beside it; HTTP goes through the standard library.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import secrets
import signal
import sys
import threading
import time
import urllib.error
import urllib.request
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from online_table import TableWords  # beside this file: what the client says
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from tuolaji.bots.base import Player, seat_decision
from tuolaji.bots.registry import make_player
from tuolaji.core.cards import NotationError, format_cards, parse_cards
from tuolaji.game import (
    SeatView,
    StreamError,
    WireFormatError,
    event_from_json,
    observation_from_json,
)

#: what a typed list of cards does in each phase of a round
KIND_OF_PHASE = {"draw": "declare", "declare": "declare", "exchange": "bury", "play": "play"}
#: the phases in which the game waits for one seat's decision (``to_act``)
DECISION_PHASES = ("declare", "exchange", "play")
#: waits between two attempts to reconnect, in seconds: the first, and the longest
RETRY_FIRST_S, RETRY_LONGEST_S = 0.2, 2.0
#: the wait before reconnecting after the server said it is restarting
RESTART_WAIT_S = 1.0
#: exit statuses: the game is over / something failed / the room was closed / Ctrl-C
DONE, FAILED, CLOSED, INTERRUPTED = 0, 1, 3, 130
#: while the cards are dealt, the hand is shown again after every so many of its cards
HAND_EVERY = 5


class ClientError(Exception):
    """The server refused a request, or could not be reached; the message says why."""


def request_json(method: str, url: str, body: object = None) -> dict[str, Any]:
    """Send an HTTP request with a JSON body and return the JSON answer."""
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, method=method, headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(request, timeout=15) as response:
            answer: dict[str, Any] = json.load(response)
            return answer
    except urllib.error.HTTPError as error:
        try:  # the server explains every refusal: {"error": code, "message": …}
            message = json.load(error).get("message", error.reason)
        except ValueError:
            message = error.reason
        raise ClientError(f"{method} {url}: {error.code}: {message}") from None
    except (urllib.error.URLError, OSError) as error:
        raise ClientError(f"cannot reach {url}: {error}") from None


@dataclass
class SeatHeld:
    """A seat this client holds: what ``--state FILE`` keeps (the token is the key)."""

    server: str
    room: str
    seat: int
    name: str
    token: str

    def save(self, path: Path) -> None:
        """Write the seat to ``path``, readable by its owner only (it holds the token)."""
        path.write_text(json.dumps(asdict(self), indent=2) + "\n", encoding="utf-8")
        path.chmod(0o600)

    @classmethod
    def load(cls, path: Path) -> SeatHeld | None:
        """The seat kept in ``path``, or None when there is no such file."""
        if not path.exists():
            return None
        return cls(**json.loads(path.read_text(encoding="utf-8")))


def create_room(server: str, bots: int, bot: str, rounds: int | None, clock: float | None) -> str:
    """Create a room whose last ``bots`` seats are bots; print its code; return it."""
    seats = [{"player": "human"}] * (4 - bots) + [{"player": bot}] * bots
    body = {"seats": seats, "round_limit": rounds, "clock_s": clock}
    answer = request_json("POST", f"{server}/api/rooms", body)
    print(f"Room code: {answer['code']}")
    print(f"Admin token (it seats bots in open seats): {answer['admin_token']}")
    return str(answer["code"])


def take_seat(server: str, room: str, seat: int, name: str) -> SeatHeld:
    """Take ``seat`` of ``room``; the answer holds the seat's token."""
    answer = request_json("POST", f"{server}/api/rooms/{room}/seats/{seat}", {"name": name})
    print(f"You sit in seat {seat} of room {room}.")
    for other in answer["room"]["seats"]:
        if other["player"] == "human" and not other["taken"]:
            print(
                f"Seat {other['seat']} is open: python examples/online_client.py "
                f"--server {server} --room {room} --seat {other['seat']} --name NAME"
            )
    return SeatHeld(server, room, seat, name, str(answer["token"]))


def saved_seat(path: Path | None, server: str, room: str | None) -> SeatHeld | None:
    """The seat kept in ``path`` if it is on ``server``, in ``room`` (when one is
    named), and that room's game is not over yet."""
    held = None if path is None else SeatHeld.load(path)
    if held is None or held.server != server or room not in (None, held.room):
        return None
    try:
        status = request_json("GET", f"{server}/api/rooms/{held.room}")["room"]["status"]
    except ClientError as problem:
        print(f"The seat kept in {path} cannot be taken again: {problem}")
        return None
    if status not in ("waiting", "playing"):
        print(f"The game of the seat kept in {path} (room {held.room}) is {status}.")
        return None
    return held


class Client:
    """One seat's connection: it follows the game and acts when the seat must."""

    def __init__(self, held: SeatHeld, player: Player | None, retry_for: float) -> None:
        self.held = held
        #: the bot that decides (``--auto``), or None: the person at the keyboard does
        self.player = player
        self.retry_for = retry_for
        scheme, _, rest = held.server.partition("://")
        self.url = f"{'wss' if scheme == 'https' else 'ws'}://{rest}/ws/{held.room}"
        #: the seat's observation, kept up to date event by event (None: ask for a welcome)
        self.view: SeatView | None = None
        #: the seat's last table (docs/protocol.md, "Tables"): its hand in groups, the
        #: declarations it could make
        self.table: dict[str, Any] = {}
        #: the seq of the last welcome or event applied: what a reconnect asks to resume from
        self.last_seq = 0
        self.room: dict[str, Any] = {}
        #: the act frame sent and not yet answered: sent again, same id, after a reconnect
        self.pending: dict[str, Any] | None = None
        #: the seq of the last room (or welcome) frame: the room is current when it is ours
        self.room_seq = -1
        self.restarting = False
        self.refusals = 0  # refusals of this decision (auto mode falls back, then waits)
        self.shown_at = -1  # the seq at which the table was last shown for a decision
        self.offered: list[str] = []  # the declarations last offered while dealing
        self.words = TableWords(held.seat)
        self.session, self.count = secrets.token_hex(4), 0
        self.keyboard: asyncio.Queue[str | None] = asyncio.Queue()
        #: set by Ctrl-C: the client leaves, closing the connection normally
        self.leaving = asyncio.Event()
        self.task: asyncio.Task[Any] | None = None

    # ------------------------------------------------------------ the connection

    async def run(self) -> int:
        """Play until the game is over, reconnecting whenever the connection drops;
        Ctrl-C leaves (:data:`INTERRUPTED`)."""
        self.task = asyncio.current_task()
        with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
            asyncio.get_running_loop().add_signal_handler(signal.SIGINT, self.on_ctrl_c)
        if self.player is None:
            self.start_keyboard()
        delay, lost_since = RETRY_FIRST_S, None
        while not self.leaving.is_set():
            try:
                async with connect(
                    self.url, open_timeout=10, close_timeout=2, max_size=2**22
                ) as websocket:
                    delay, lost_since = RETRY_FIRST_S, None
                    outcome = await self.converse(websocket)
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError) as problem:
                outcome = None
                if not self.leaving.is_set():
                    print(f"(connection: {problem or type(problem).__name__})")
            if outcome is not None:
                return outcome
            lost_since = lost_since or time.monotonic()
            if time.monotonic() - lost_since > self.retry_for:
                print(f"The server has not answered for {self.retry_for:g} s: giving up.")
                return FAILED
            if self.restarting:
                delay, self.restarting = max(delay, RESTART_WAIT_S), False
            if not self.leaving.is_set():
                print(f"(reconnecting in {delay:g} s)")
                with contextlib.suppress(TimeoutError):  # Ctrl-C ends the wait
                    await asyncio.wait_for(self.leaving.wait(), delay)
            delay = min(delay * 2, RETRY_LONGEST_S)
        return INTERRUPTED

    def on_ctrl_c(self) -> None:
        """Ctrl-C: leave once the connection is closed; a second one stops waiting."""
        if self.leaving.is_set() and self.task is not None:
            self.task.cancel()
        self.leaving.set()

    async def converse(self, websocket: ClientConnection) -> int | None:
        """One connection: hello, then frames (and typed lines) until it ends. Returns
        an exit status when the client is done, None to reconnect."""
        hello: dict[str, Any] = {"type": "hello", "token": self.held.token}
        if self.view is not None:  # resume: only the events after the last one seen
            hello["last_seq"] = self.last_seq
        await websocket.send(json.dumps(hello))
        if self.pending is not None:  # applied once, even if it was before the drop
            await websocket.send(json.dumps(self.pending))
        jobs = {
            asyncio.create_task(self.read_frames(websocket)),
            asyncio.create_task(self.until_ctrl_c()),
        }
        if self.player is None:
            jobs.add(asyncio.create_task(self.read_keyboard(websocket)))
        done, running = await asyncio.wait(jobs, return_when=asyncio.FIRST_COMPLETED)
        for job in running:
            job.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        return done.pop().result()  # leaving the connection closes it normally (1000)

    async def until_ctrl_c(self) -> int:
        """Wait for Ctrl-C."""
        await self.leaving.wait()
        return INTERRUPTED

    async def read_frames(self, websocket: ClientConnection) -> int | None:
        """Handle the server's frames until the connection closes."""
        async for text in websocket:
            outcome = await self.on_frame(websocket, json.loads(text))
            if outcome is not None:
                return outcome
        return None

    async def send(self, websocket: ClientConnection, frame: dict[str, Any]) -> None:
        """Send a frame; a connection that drops meanwhile is reconnected by run()."""
        with contextlib.suppress(ConnectionClosed):
            await websocket.send(json.dumps(frame))

    # ------------------------------------------------------------ frames

    async def on_frame(self, websocket: ClientConnection, frame: dict[str, Any]) -> int | None:
        """Apply one server frame; an exit status when the client is done."""
        kind = frame["type"]
        if "table" in frame:
            self.table = frame["table"]
        if kind == "welcome":
            self.view = SeatView(observation_from_json(frame["observation"]))
            self.last_seq, self.room_seq = frame["seq"], frame["seq"]
            self.on_room(frame["room"])
            print(self.words.seats_line())
            if self.player is not None or not self.my_decision():
                self.show_table()  # (else it is shown with the decision, below)
            if self.dealing() and self.player is None:
                print(self.words.deal_hint())
        elif kind == "event":
            if self.view is None or frame["seq"] != self.last_seq + 1:
                return await self.start_afresh(websocket, "an event is missing")
            try:
                self.view.apply(event_from_json(frame["event"]))
            except (StreamError, WireFormatError) as problem:
                return await self.start_afresh(websocket, str(problem))
            self.last_seq, self.refusals = frame["seq"], 0  # the game moved on
            self.tell(frame["event"])
        elif kind == "room":
            self.room_seq = frame["seq"]
            if self.on_room(frame["room"]) and self.player is not None:
                await self.send(websocket, {"type": "back"})
        elif kind == "ack" and self.pending is not None and frame["id"] == self.pending["id"]:
            self.pending, self.refusals = None, 0
        elif kind == "error":
            return await self.on_error(websocket, frame)
        elif kind == "notice":
            print(f"Server: {frame['message']}")
            if frame["notice"] == "closed":
                return CLOSED
            self.restarting = True  # give the server a moment before reconnecting
        if self.room.get("status") in ("finished", "closed") and self.view is not None:
            self.show_result()
            return DONE if self.room["status"] == "finished" else CLOSED
        if kind in ("welcome", "room", "ack", "error") and self.my_decision():
            await self.decide(websocket)
        if kind == "event" and frame.get("settled") and self.dealing():
            await self.while_dealing(websocket, frame["event"])
        return None

    async def start_afresh(self, websocket: ClientConnection, why: str) -> int | None:
        """Forget the observation and reconnect: the server sends a fresh welcome."""
        print(f"(lost track of the game: {why}; asking for a fresh snapshot)")
        self.view = None
        await websocket.close()
        return None

    def on_room(self, room: dict[str, Any]) -> bool:
        """The room changed: say who came, left, or went away, and the clock. True when
        this seat is away (its stand-in plays for it until it acts or says it is back)."""
        before = {seat["seat"]: seat for seat in self.room.get("seats", [])}
        named = before and self.words.seats_line()
        self.room = room
        self.words.seats = room["seats"]
        if named and named != self.words.seats_line():  # somebody sat down
            print(self.words.seats_line())
        for seat in room["seats"]:
            was = before.get(seat["seat"], seat)
            number = seat["seat"]
            if seat["connected"] != was["connected"] and number != self.held.seat:
                print(f"{self.words.label(number)} {'is here' if seat['connected'] else 'left'}.")
            if seat["away"] and not was["away"]:
                print(
                    self.words.by_seat(
                        number,
                        "You are away: the {bot} bot plays for you. Play, or type back, "
                        "to have your seat back."
                        if self.player is None
                        else "You are away: the {bot} bot plays for you.",
                        "{who} is away: the {bot} bot plays for them.",
                        bot=room["stand_in"],
                    )
                )
        if room["to_act"] == self.held.seat and room["deadline"] is not None:
            print(f"Your clock: {room['deadline'] - time.time():.0f} s left.")
        mine = room["seats"][self.held.seat]
        return bool(mine["away"] and mine["connected"])

    async def on_error(self, websocket: ClientConnection, frame: dict[str, Any]) -> int | None:
        """A refusal: say why, once, with the rule it names; an action refused for the
        rules is decided again."""
        message, rule = frame["message"], frame.get("rule")
        if rule and rule not in message:  # the engine's sentences name it already
            message = f"{message} ({rule})"
        racing = self.pending is not None and self.pending["action"]["kind"] == "declare"
        if racing and self.dealing():
            # while cards are dealt every seat declares at any moment: another was first
            print(f"Too late to declare: {message}")
        else:
            print(message if frame["code"] == "illegal" else f"Refused: {message}")
        if frame["code"] == "room-closed" and frame.get("id") is None:
            return await self.room_refused()
        if frame["code"] in ("bad-token", "no-spectators", "hello-first"):
            return FAILED
        if frame["code"] == "rate-limited" and self.pending is not None:
            await asyncio.sleep(frame.get("retry_after") or 1.0)
            await self.send(websocket, self.pending)
        elif self.pending is not None and frame.get("id") == self.pending["id"]:
            self.pending = None
            self.refusals += 1
        return None

    async def room_refused(self) -> int | None:
        """The room refused the connection: look its status up. A game that goes on
        (the server was stopping) is reconnected to; one that is over ends the client."""
        url = f"{self.held.server}/api/rooms/{self.held.room}"
        try:
            room = (await asyncio.to_thread(request_json, "GET", url))["room"]
        except ClientError as problem:
            print(f"({problem})")
            return None
        if room["status"] in ("waiting", "playing"):
            return None
        self.room = room
        print("Game over." if room["status"] == "finished" else "The room is closed.")
        return DONE if room["status"] == "finished" else CLOSED

    # ------------------------------------------------------------ deciding

    def dealing(self) -> bool:
        """Whether the cards are being dealt (anyone may declare, R-T2)."""
        return self.view is not None and self.view.observation.phase.value == "draw"

    def my_decision(self) -> bool:
        """Whether the game waits for this seat, and this client holds every event of it.

        The events of one action arrive one frame each, and between two of them the
        observation can look like this seat's turn when it is not (docs/protocol.md,
        "Whose decision it is"). The room says whose decision it is, and its ``seq``
        counts every event the game holds: when it equals ours, we have them all.
        """
        if self.view is None or self.pending is not None or self.room_seq != self.last_seq:
            return False
        seen = self.view.observation
        return (
            self.room.get("to_act") == self.held.seat == seen.to_act
            and seen.phase.value in DECISION_PHASES
        )

    def declarations(self) -> list[str]:
        """The declarations this seat could make now that would stand, as the last
        table lists them (R-T2, R-T3)."""
        return list(self.table.get("declarations") or [])

    async def decide(self, websocket: ClientConnection) -> None:
        """This seat's decision: the bot's (``--auto``), or a prompt for the person."""
        assert self.view is not None
        seen = self.view.observation
        if self.player is None:
            if self.shown_at != self.last_seq:
                self.shown_at = self.last_seq
                self.show_table()
                print(self.words.prompt(seen, self.declarations()))
            return
        if self.refusals >= 3:
            return  # something is wrong with this decision: wait for the game to move
        # a refused answer is decided again by a random player, which only plays legally
        player = self.player if self.refusals == 0 else make_player("random", self.count)
        decided = seat_decision(player, seen)
        if decided is not None:
            await self.act(websocket, *decided)

    async def while_dealing(self, websocket: ClientConnection, event: dict[str, Any]) -> None:
        """A card was dealt, or somebody declared: anyone may declare now (R-T2). The
        person sees the hand grow, and what they could declare as soon as it changes;
        the bot (``--auto``) is asked. (Racing others: a declaration that comes too late
        is refused, and nothing changes.)"""
        assert self.view is not None
        seen = self.view.observation
        if self.player is None:
            options = self.declarations()
            mine = event["type"] == "card_drawn" and event["seat"] == self.held.seat
            if options and options != self.offered:
                self.show_hand_line()
                print(f"You could declare now: {self.words.options(options)}.")
            elif mine and len(seen.hand) % HAND_EVERY == 0:
                self.show_hand_line()
            self.offered = options
        elif self.pending is None and event["type"] in ("card_drawn", "declared"):
            # the bot is asked after each of its own cards and each declaration
            cards = self.player.declaration(seen)
            if cards:
                await self.act(websocket, "declare", cards)

    async def act(self, websocket: ClientConnection, kind: str, cards: Any) -> None:
        """Send an action with a fresh id (kept until it is answered)."""
        self.count += 1
        text = cards if isinstance(cards, str) else format_cards(cards)
        self.pending = {
            "type": "act",
            "id": f"{self.session}-{self.count}",
            "action": {"kind": kind, "cards": text},
        }
        await self.send(websocket, self.pending)

    # ------------------------------------------------------------ the keyboard

    def start_keyboard(self) -> None:
        """Read typed lines in a thread (input blocks) and queue them for the loop."""
        loop = asyncio.get_running_loop()

        def read() -> None:
            with contextlib.suppress(RuntimeError):  # the loop closed: the client is done
                for line in sys.stdin:
                    loop.call_soon_threadsafe(self.keyboard.put_nowait, line.strip())
                loop.call_soon_threadsafe(self.keyboard.put_nowait, None)

        threading.Thread(target=read, name="keyboard", daemon=True).start()

    async def read_keyboard(self, websocket: ClientConnection) -> int | None:
        """Turn typed lines into frames: cards (or the number of a declaration offered),
        ``pass``, ``back``, ``show``, ``quit``."""
        while True:
            line = await self.keyboard.get()
            if line is None or line.lower() in ("quit", "q"):
                return DONE
            if not line:
                continue
            if line.lower() == "show":
                self.show_table()
            elif line.lower() == "back":
                await self.send(websocket, {"type": "back"})
            elif line.lower() == "pass":
                await self.act(websocket, "pass", "")
            elif self.view is not None:
                phase = self.view.observation.phase.value
                options = self.declarations() if phase in ("draw", "declare") else []
                if line.isdigit() and options:
                    number = int(line)
                    if 1 <= number <= len(options):
                        await self.act(websocket, "declare", options[number - 1])
                    else:
                        print(f"Type a number from 1 to {len(options)}, or the cards.")
                    continue
                try:
                    cards = parse_cards(line)
                except NotationError as problem:
                    print(f"{problem} — type cards such as AS AS, TH or BJ, or pass.")
                    continue
                await self.act(websocket, KIND_OF_PHASE.get(phase, "play"), cards)

    # ------------------------------------------------------------ showing

    def tell(self, event: dict[str, Any]) -> None:
        """One line for an event worth a line (the cards of the deal are not)."""
        line = self.words.event_line(event)
        if line is not None:
            print(line)

    def hand_groups(self) -> list[dict[str, str]]:
        """The hand grouped by effective suit, trumps first, as the last table has it."""
        return list(self.table.get("hand_groups") or [])

    def show_table(self) -> None:
        """The round, the trick on the table and the hand, as text."""
        if self.view is not None:
            for line in self.words.table_lines(self.view.observation, self.hand_groups()):
                print(line)

    def show_hand_line(self) -> None:
        """The hand on one line, while it grows."""
        if self.view is not None:
            print(self.words.hand_line(self.hand_groups(), len(self.view.observation.hand)))

    def show_result(self) -> None:
        """The game's end (or the room's): who won, or the levels."""
        assert self.view is not None
        print(self.words.result_line(self.view.observation))
        status = self.room.get("status")
        print("Game over." if status == "finished" else "The room is closed.")


def main(argv: list[str] | None = None) -> int:
    """Create or join a room, then play it to the end."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", default="http://127.0.0.1:8000", help="the server's URL")
    parser.add_argument("--create", action="store_true", help="create a room and sit in it")
    parser.add_argument("--bots", type=int, default=0, choices=range(4), help="bots (--create)")
    parser.add_argument("--bot", default="heuristic", help="which bot sits in those seats")
    parser.add_argument("--rounds", type=int, default=None, help="rounds to play (--create)")
    parser.add_argument("--clock", type=float, default=None, help="seconds per decision")
    parser.add_argument("--room", help="the code of the room to join")
    parser.add_argument("--seat", type=int, default=0, choices=range(4), help="the seat to take")
    parser.add_argument("--name", default="", help="the name shown beside your seat")
    parser.add_argument("--auto", choices=("heuristic", "random"), help="let a bot play")
    parser.add_argument("--state", type=Path, help="a file that keeps your seat's token")
    parser.add_argument("--retry-for", type=float, default=120.0, help="seconds to reconnect")
    args = parser.parse_args(argv)
    server = args.server.rstrip("/")
    try:
        held = saved_seat(args.state, server, args.room)
        if held is not None:
            print(f"You take seat {held.seat} of room {held.room} again (token from {args.state}).")
        else:
            if args.create == (args.room is not None):
                parser.error("give --create, or --room CODE --seat N (or a --state file)")
            room = args.room or create_room(server, args.bots, args.bot, args.rounds, args.clock)
            held = take_seat(server, room, 0 if args.create else args.seat, args.name)
            if args.state is not None:
                held.save(args.state)
    except ClientError as problem:
        print(f"error: {problem}", file=sys.stderr)
        return FAILED
    except KeyboardInterrupt:
        print()
        return INTERRUPTED
    player = None if args.auto is None else make_player(args.auto, secrets.randbits(32))
    client = Client(held, player, args.retry_for)
    try:
        outcome = asyncio.run(client.run())
    except InvalidURI as problem:
        print(f"error: {problem}", file=sys.stderr)
        return FAILED
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C twice, or no handler
        outcome = INTERRUPTED
    if outcome == INTERRUPTED:
        print("\nYou left the game (Ctrl-C).")
        if args.state is not None:
            print(f"To sit down again: python {sys.argv[0]} --server {server} --state {args.state}")
    return outcome


if __name__ == "__main__":
    sys.stdout.reconfigure(line_buffering=True)  # type: ignore[union-attr]  # lines, at once
    raise SystemExit(main())
