"""A room: the one writer of its game, its seats, and everyone connected to it.

Every change goes the same way, under the room's lock: the game applies the action
(the engine checks it: a refusal changes nothing), the action is written to the
database in one transaction with any pack it dealt, and only then are the new events
sent — each connection the view of its own seat. Whatever reads the game to send it
(a welcome, a catch-up) takes the lock too, so nobody is ever told of an action the
database does not hold.

The room's driver (:class:`~tuolaji.server.driver.RoomDriver`, one task per room, which
the lobby starts with :meth:`Room.start`) moves the game on when no person has to: the
deal, the bots, the stand-in when a clock runs out or a person is gone. The driver works
through the room; the room does not know it. People act through :meth:`Room.act` at any
moment.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
from collections.abc import Callable, Coroutine
from typing import Any

from tuolaji.core.cards import SEATS
from tuolaji.core.errors import IllegalAction
from tuolaji.core.rules import rules_from_written_spec
from tuolaji.game.actions import Action, action_to_json
from tuolaji.game.event_json import event_to_json
from tuolaji.game.events import RoundEnded
from tuolaji.game.game import Game
from tuolaji.game.observation import observe
from tuolaji.game.observation_json import observation_to_json
from tuolaji.game.record import GameRecord, record_of, replay
from tuolaji.game.record_schema import read_action
from tuolaji.game.state import Phase
from tuolaji.game.views import view
from tuolaji.game.visibility import shows_old_plays
from tuolaji.i18n import using_language
from tuolaji.server.botpool import BotPool
from tuolaji.server.config import ServerConfig
from tuolaji.server.fanout import Connection, EventFanout, error_frame, event_frames, frame_text
from tuolaji.server.hints import hint_frame
from tuolaji.server.presence import SeatPresence, bot_for
from tuolaji.server.protocol import Act, Check, Hint
from tuolaji.server.storage import NotOwner, Storage
from tuolaji.server.storage_rows import (
    UNFINISHED_STATUSES,
    LoggedAction,
    RoomRow,
    SeatRow,
    StoredRoom,
)
from tuolaji.server.table import table_json
from tuolaji.server.tokens import new_token, same_hash, token_hash
from tuolaji.server.verdicts import client_action, refusal_fields, verdict
from tuolaji.wording.seats import display_name

log = logging.getLogger("tuolaji.server")

#: the notice's message when the room moves to another server (its clients reconnect,
#: and the router sends them to the room's new owner)
MOVED = "this room moves to another server: reconnecting in a moment"


class SeatRefused(Exception):
    """A seat that cannot be taken (or given to a bot) now; the message says why."""


def game_of(stored: StoredRoom) -> Game:
    """The room's game, rebuilt by replaying its action log over its packs."""
    row = stored.room
    actions = tuple(read_action(entry.number, entry.action) for entry in stored.actions)
    record = GameRecord(
        rules=rules_from_written_spec(row.rules),
        seed=row.seed,
        players=tuple(seat.name for seat in stored.seats),
        actions=actions,
        round_limit=row.round_limit,
        packs=stored.packs,
    )
    return replay(record)


class Room:
    """One game and its table. Built from what the storage holds (:func:`game_of`)."""

    def __init__(
        self, stored: StoredRoom, game: Game, config: ServerConfig, storage: Storage, bots: BotPool
    ) -> None:
        self.row: RoomRow = stored.room
        self.seats: list[SeatRow] = list(stored.seats)
        self.game = game
        self.log: list[LoggedAction] = list(stored.actions)
        self.client_actions = {
            (entry.seat, entry.client_id): entry.number
            for entry in stored.actions
            if entry.client_id is not None
        }
        self.config = config
        self.clock = config.clock
        self.storage = storage
        self.bots = bots
        self.fanout = EventFanout()
        #: the game's events told to the connections: the ones the database holds (an
        #: action is applied, then stored, then told)
        self._told = len(game.events)
        #: whose decision it is in the game as told (not as held while an action is stored)
        self._told_turn = game.turn()
        now = self.clock.now()
        # After a (re)start nobody is connected: the grace period starts now.
        self.presence = [SeatPresence(left_at=now) for _ in range(SEATS)]
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        #: when the clock runs out on the decision waited for (None: no clock, or a bot's)
        self.deadline: float | None = None
        #: when the last round ended (the pause before the next deal counts from it)
        self.round_ended_at: float | None = None
        self._task: asyncio.Task[None] | None = None
        #: set when the room stops (closed, finished and idle, broken, shutting down)
        self.stopped = False
        #: the last frame every connection got when the room stopped, and why
        self._stop_frame: tuple[str, str] | None = None
        self.broken = False

    # ---------------------------------------------------------------- reading

    @property
    def code(self) -> str:
        """The room's code."""
        return self.row.code

    @property
    def seq(self) -> int:
        """The number of game events told so far: the ``seq`` of frames sent now. (While
        an action is being stored its events are in the game but not yet told: a frame
        sent meanwhile must not count them, or a client reconnecting with that ``seq``
        would never get them.)"""
        return self._told

    @property
    def game_over(self) -> bool:
        """Whether the players have been told the game is over. Its last action is stored
        by then, a moment before the room's status says "finished": a player who opens
        the record or the replay as soon as the game ends must not be refused."""
        return self.row.status == "finished" or self._told_turn.over

    def seat_of_token(self, token: str) -> int | None:
        """The seat ``token`` belongs to, or None (every seat compared, in constant time)."""
        found = None
        for row in self.seats:
            if same_hash(row.token_hash, token):
                found = row.seat
        return found

    def is_admin(self, token: str) -> bool:
        """Whether ``token`` is the room's admin token."""
        return same_hash(self.row.admin_hash, token)

    def info(self) -> dict[str, object]:
        """The room as :class:`~tuolaji.server.protocol.RoomInfo` describes it."""
        now = self.clock.now()
        turn = self._told_turn
        return {
            "code": self.code,
            "status": self.row.status,
            "rules": self.row.rules,
            "round_limit": self.row.round_limit,
            "clock_s": self.row.clock_s,
            "spectators": self.row.spectators,
            "stand_in": self.row.stand_in,
            "seats": [
                {
                    "seat": row.seat,
                    "player": row.player,
                    "name": row.name,
                    "taken": row.player == "human" and row.token_hash is not None,
                    "connected": self.presence[row.seat].connections > 0,
                    "away": row.player == "human"
                    and (
                        self.presence[row.seat].away
                        or self.presence[row.seat].gone(now, self.config.grace_s)
                    ),
                }
                for row in self.seats
            ],
            "watchers": sum(1 for c in self.fanout.connections if c.seat is None),
            "to_act": None if self.row.status != "playing" or turn.chance else turn.seat,
            "deadline": self.deadline,
            "rematch": self.row.rematch,
        }

    def table(self, seat: int | None) -> dict[str, object]:
        """The table ``seat`` sees now (:func:`~tuolaji.server.table.table_json`)."""
        return table_json(self.game, seat)

    def room_frame(self) -> str:
        """The ``room`` frame of the room as it is now."""
        return frame_text({"seq": self.seq, "type": "room", "room": self.info()})

    def send_room(self) -> None:
        """Tell everyone the room changed."""
        self.fanout.send_all(self.room_frame())

    def record_json(self) -> dict[str, object]:
        """The game's record so far (docs/records.md): what ``tuolaji replay`` verifies."""
        return record_of(self.game, self.player_names()).to_json()

    def player_names(self) -> list[str]:
        """The seats' names as the table shows them ("Ana", "Bot 1 (heuristic)",
        :func:`~tuolaji.wording.seats.display_name`), in English: the names a record
        and a replay keep, which are data, read in any language."""
        seats = [
            {"player": row.player, "name": row.name, "taken": row.token_hash is not None}
            for row in self.seats
        ]
        with using_language("en"):
            return [display_name(seats, row.seat) for row in self.seats]

    def seat_record_json(self, seat: int) -> dict[str, object]:
        """What ``seat`` has seen of the game: its first observation and its own view of
        every event since (docs/protocol.md, "Records") — never a card hidden from it."""
        first = Game(self.game.rules, self.row.seed, decks=[self.game.packs[0]])
        start = len(first.events)
        return {
            "format": "tuolaji-seat-record",
            "version": 1,
            "room": self.code,
            "seat": seat,
            "players": [row.name for row in self.seats],
            "rules": self.row.rules,
            "first_seq": start,
            "observation": observation_to_json(observe(first, seat)),
            "events": [event_to_json(view(event, seat)) for event in self.game.events[start:]],
        }

    # ---------------------------------------------------------------- changing

    async def commit(
        self, action: Action, seat: int | None, client_id: str | None, by_bot: bool
    ) -> int:
        """Apply ``action`` (the caller holds the lock), store it, then tell everyone.
        The game's refusal (:class:`IllegalAction`) propagates and changes nothing."""
        first_event, first_pack = len(self.game.events), len(self.game.packs)
        self.game.apply(action)
        now = self.clock.now()
        entry = LoggedAction(
            number=len(self.log) + 1,
            action=action_to_json(action),
            seat=seat,
            client_id=client_id,
            by_bot=by_bot,
            at=now,
        )
        try:
            await self.storage.append_action(self.code, entry, self.game.packs[first_pack:])
        except BaseException as error:
            # The game holds an action the database does not: nobody was told of it, and
            # the room is rebuilt from the database on its next use. Cancelled while
            # storing (the server stopping) is no failure of the database: not an error.
            if isinstance(error, asyncio.CancelledError):
                self.fail("stopped while storing an action", logged=logging.WARNING)
            elif isinstance(error, NotOwner):
                self.lose(str(error))
            else:
                self.fail("the database refused an action")
            raise
        self.log.append(entry)
        if client_id is not None and seat is not None:
            self.client_actions[(seat, client_id)] = entry.number
        new_events = self.game.events[first_event:]
        self._told = len(self.game.events)
        self._told_turn = self.game.turn()
        self.fanout.send_events(new_events, first_event + 1, self.table)
        if any(type(event) is RoundEnded for event in new_events):
            self.round_ended_at = now
        if self.game.turn().over:
            await self.set_status("finished")
        self.wake.set()
        return entry.number

    async def set_status(self, status: str) -> None:
        """Store the room's new status and tell everyone (the caller holds the lock)."""
        now = self.clock.now()
        try:
            await self.storage.set_status(self.code, status, now)
        except NotOwner as refusal:
            self.lose(str(refusal))
            raise
        self.row = dataclasses.replace(self.row, status=status, updated_at=now)
        self.deadline = None
        self.send_room()

    def fail(self, why: str, logged: int = logging.ERROR) -> None:
        """Stop the room: its memory is no longer what the database holds."""
        log.log(logged, "room %s stopped: %s", self.code, why)
        self.broken = True
        self.stop("server-error", "the server lost this room's state: reconnect")

    def lose(self, why: str) -> None:
        """Stop the room: another server drives it now (or this one lost its lease).
        Its clients are told to reconnect; the lobby rebuilds it if it comes back."""
        log.info("room %s stopped here: %s", self.code, why)
        self.broken = True
        self.stop("restarting", MOVED)

    def stop(self, code: str, message: str) -> None:
        """Close every connection (a last frame says why) and stop the driver."""
        self.stopped = True
        text = (
            frame_text({"seq": self.seq, "type": "notice", "notice": code, "message": message})
            if code in ("restarting", "closed")
            else error_frame(self.seq, code, message)
        )
        # a client that reconnects before the server is gone hears the same
        self._stop_frame = (text, message)
        for connection in list(self.fanout.connections):
            connection.send(text)
            connection.close(message)
        self.wake.set()

    def _seat_of(self, connection: Connection, frame_id: str, refusal: str) -> int | None:
        """The connection's seat; None (and the frame ``frame_id`` refused with
        ``refusal``) for a spectator, who takes no seat's part."""
        if connection.seat is None:
            connection.send(error_frame(self.seq, "not-seated", refusal, id=frame_id))
        return connection.seat

    async def act(self, connection: Connection, frame: Act) -> None:
        """A human's action: applied once (a repeated ``id`` is acknowledged again), or
        refused with the rule it breaks — the refusal changes nothing."""
        seat = self._seat_of(connection, frame.id, "spectators cannot act")
        if seat is None:
            return
        async with self.lock:
            number = self.client_actions.get((seat, frame.id))
            if number is not None:
                connection.send(self._ack(frame.id, number, duplicate=True))
                return
            if self.row.status != "playing":
                code = "not-started" if self.row.status == "waiting" else "room-closed"
                message = (
                    "the game starts when every seat is taken"
                    if code == "not-started"
                    else "the game is over"
                )
                connection.send(error_frame(self.seq, code, message, id=frame.id))
                return
            try:
                action = client_action(seat, frame.action.kind, frame.action.cards)
                number = await self.commit(action, seat, frame.id, by_bot=False)
            except IllegalAction as refusal:
                fields = refusal_fields(connection.lang, refusal, seat)
                message = fields.pop("message")
                connection.send(error_frame(self.seq, "illegal", message, id=frame.id, **fields))
                return
            if self.presence[seat].away:
                self.presence[seat].away = False
                self.send_room()
            connection.send(self._ack(frame.id, number, duplicate=False))

    def _ack(self, action_id: str, number: int, duplicate: bool) -> str:
        return frame_text(
            {
                "seq": self.seq,
                "type": "ack",
                "id": action_id,
                "number": number,
                "duplicate": duplicate,
            }
        )

    async def check(self, connection: Connection, frame: Check) -> None:
        """The engine's verdict on an action the seat thinks of making, without making it
        (:func:`~tuolaji.server.verdicts.verdict`): legal or why not, and what
        combination a play's cards make. Nothing changes."""
        seat = self._seat_of(connection, frame.id, "spectators cannot act")
        if seat is None:
            return
        async with self.lock:  # the game as told: no action half stored
            answer = verdict(
                self.game, seat, frame.action.kind, frame.action.cards, connection.lang
            )
            connection.send(
                frame_text({"seq": self.seq, "type": "verdict", "id": frame.id, **answer})
            )

    async def hint(self, connection: Connection, frame: Hint) -> None:
        """What the heuristic bot would do in the seat now, from the seat's observation
        only (:func:`~tuolaji.server.hints.hint_frame`). Nothing changes."""
        seat = self._seat_of(connection, frame.id, "spectators get no hints")
        if seat is None:
            return
        async with self.lock:  # the game as told: no action half stored
            observation = observe(self.game, seat)
            seq, decision = self.seq, len(self.log)
        # The bot thinks in a thread, off the loop and outside the lock: the hint is of
        # the moment ``seq`` says, even if the game moved on meanwhile.
        connection.send(await hint_frame(observation, seq, frame.id, decision))

    async def back(self, connection: Connection) -> None:
        """The seat's player is back: its next decision is its own again, and everyone
        is told. Always answered: a seat that was not away changes nothing and its
        connection alone gets the room as it is; a spectator is refused."""
        seat = connection.seat
        if seat is None:
            connection.send(error_frame(self.seq, "not-seated", "spectators hold no seat"))
        elif self.presence[seat].away:
            self.presence[seat].away = False
            self.send_room()
            self.wake.set()
        else:
            connection.send(self.room_frame())

    def _halted_frame(self) -> tuple[str, str]:
        """What a connection that comes to this room after it was halted without a word
        hears (and the reason its socket closes with): an unfinished game is being
        rebuilt or moved — a connection that found this copy just before it was replaced
        reconnects and reaches the new one; a finished or closed room is closed."""
        if self.row.status in UNFINISHED_STATUSES:
            notice = {"seq": self.seq, "type": "notice", "notice": "restarting"}
            return frame_text({**notice, "message": MOVED}), MOVED
        return error_frame(self.seq, "room-closed", "this room is closed"), "room closed"

    def _can_catch_up(self, last_seq: int, count: int) -> bool:
        """Whether a connection last told of event ``last_seq`` is sent the events since
        (else a snapshot): not too far behind, and, under ``hidden_history``, missing
        no play of a trick that is now older than the last (R-V1)."""
        if not 0 <= count - last_seq <= self.config.catch_up_limit:
            return False
        return not (
            self.game.rules.hidden_history and shows_old_plays(self.game.events[last_seq:count])
        )

    async def attach(self, connection: Connection, last_seq: int | None) -> None:
        """A connection joins: it gets the events after ``last_seq`` when it is not too
        far behind, else a fresh snapshot (welcome); everyone sees who came."""
        async with self.lock:
            if self.stopped:
                text, message = self._stop_frame or self._halted_frame()
                connection.send(text)
                connection.close(message)
                return
            self.fanout.connections.add(connection)
            if connection.seat is not None:
                presence = self.presence[connection.seat]
                presence.connections += 1
                presence.left_at = None
                presence.away = False
            count = self.seq
            if last_seq is not None and self._can_catch_up(last_seq, count):
                for text in event_frames(
                    self.game.events[last_seq:count], last_seq + 1, connection.seat, self.table
                ):
                    connection.send(text)
            else:
                table = self.table(connection.seat)
                welcome = {
                    "seq": count,
                    "type": "welcome",
                    "seat": connection.seat,
                    "room": self.info(),
                    "observation": table["observation"],
                    "table": table,
                }
                connection.send(frame_text(welcome))
            self.send_room()
            self.wake.set()

    async def detach(self, connection: Connection) -> None:
        """A connection left; a seat with no connection left starts its grace period."""
        async with self.lock:
            if connection not in self.fanout.connections:
                return
            self.fanout.connections.discard(connection)
            if connection.seat is not None:
                presence = self.presence[connection.seat]
                presence.connections -= 1
                if presence.connections == 0:
                    presence.left_at = self.clock.now()
            if not self.stopped:
                self.send_room()
            self.wake.set()

    def bot_at(self, seat: int, now: float) -> str | None:
        """The bot that makes ``seat``'s decisions at ``now``, or None when its person
        does (:func:`~tuolaji.server.presence.bot_for`)."""
        return bot_for(
            self.seats[seat], self.presence[seat], self.row.stand_in, now, self.config.grace_s
        )

    def between_rounds(self) -> bool:
        """Before the game starts, or before the first card of a round is dealt."""
        if self.row.status == "waiting":
            return True
        return self.game.phase is Phase.DRAW and all(
            not self.game.hand(seat) for seat in range(SEATS)
        )

    async def take_seat(self, seat: int, name: str) -> str:
        """Give ``seat`` to a human named ``name``: the seat's token, which only its hash
        is kept of. An open human seat any time before the end; a bot's seat between
        rounds (:meth:`between_rounds`). :class:`SeatRefused` says why not."""
        async with self.lock:
            row = self.seats[seat]
            if self.row.status in ("finished", "closed"):
                raise SeatRefused("the game is over")
            if row.player == "human" and row.token_hash is not None:
                raise SeatRefused(f"seat {seat} is taken")
            if row.player != "human" and not self.between_rounds():
                raise SeatRefused(f"seat {seat} is a bot's: it can be taken between rounds")
            token = new_token()
            await self._store_seat(SeatRow(seat, "human", name, token_hash(token)))
            self.presence[seat] = SeatPresence(left_at=self.clock.now())
            await self.start_when_full()
            self.send_room()
            self.wake.set()
            return token

    async def give_to_bot(self, seat: int, player: str) -> None:
        """Seat the bot ``player`` (a checked name) in an open human seat."""
        async with self.lock:
            row = self.seats[seat]
            if row.player == "human" and row.token_hash is not None:
                raise SeatRefused(f"seat {seat} is taken")
            if self.row.status != "waiting":
                raise SeatRefused("seats are given to bots before the game starts")
            await self._store_seat(SeatRow(seat, player, row.name or player, None))
            await self.start_when_full()
            self.send_room()
            self.wake.set()

    async def _store_seat(self, row: SeatRow) -> None:
        try:
            await self.storage.update_seat(self.code, row, self.clock.now())
        except NotOwner as refusal:
            self.lose(str(refusal))
            raise
        self.seats[row.seat] = row

    async def start_when_full(self) -> None:
        """Start the game once every seat is a bot's or taken (the caller holds the lock)."""
        if self.row.status == "waiting" and all(
            row.player != "human" or row.token_hash is not None for row in self.seats
        ):
            await self.set_status("playing")

    # ---------------------------------------------------------------- the driver

    def start(self, drive: Callable[[Room], Coroutine[Any, Any, None]]) -> None:
        """Start the task that drives the room, ``drive(room)`` (the lobby gives
        :func:`tuolaji.server.driver.drive`), unless it runs already."""
        if self._task is None:
            self._task = asyncio.create_task(drive(self), name=f"room {self.code}")

    async def halt(self) -> None:
        """Stop the driver task and wait for it."""
        self.stopped = True
        self.wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
