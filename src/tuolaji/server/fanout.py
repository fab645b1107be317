"""Connections and what is sent to them: each connection's own view of every event.

A :class:`Connection` is one open WebSocket as a room knows it: its seat (``None``: a
spectator) and a bounded queue of frames, already JSON text, that the endpoint's writer
sends. A room never waits on a client: it puts frames in queues, and a client too slow
to take them is disconnected (it reconnects and catches up). :class:`EventFanout` makes
the frames of new events: the view of each event for each seat is serialised once, and
shared by every connection of that seat — the seat's table (:mod:`tuolaji.server.table`)
on the last, settled, frame of a batch too.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from tuolaji.game.event_json import event_to_json
from tuolaji.game.events import Event
from tuolaji.game.views import view


def frame_text(frame: dict[str, Any]) -> str:
    """A frame as the JSON text sent (compact)."""
    return json.dumps(frame, separators=(",", ":"), ensure_ascii=False)


def error_frame(seq: int, code: str, message: str, **fields: object) -> str:
    """An ``error`` frame's text (fields that are None are left out)."""
    frame: dict[str, object] = {"seq": seq, "type": "error", "code": code, "message": message}
    frame.update({name: value for name, value in fields.items() if value is not None})
    return frame_text(frame)


class Connection:
    """One client connection in a room: its seat and the frames waiting to go out."""

    def __init__(self, seat: int | None, queue_size: int, lang: str = "en") -> None:
        self.seat = seat
        #: the language the connection's refusals are worded in (a supported code)
        self.lang = lang
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(queue_size)
        #: why the room closed this connection (None while it is open)
        self.closed: str | None = None

    def send(self, text: str) -> None:
        """Queue ``text``; a connection whose queue is full is closed as too slow."""
        if self.closed is not None:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close("too slow: frames were not read")

    def close(self, reason: str) -> None:
        """Stop sending: the writer sends what is queued before this, then closes."""
        if self.closed is not None:
            return
        self.closed = reason
        if self.outbox.full():
            # A connection closed for being slow loses a queued frame: it reconnects and
            # catches up from its last seq. The writer must find the end mark.
            self.outbox.get_nowait()
        self.outbox.put_nowait(None)


#: a seat's table now (:func:`tuolaji.server.table.table_json` of the room's game)
TableOf = Callable[[int | None], dict[str, Any]]


def event_frames(
    events: Sequence[Event], first_seq: int, seat: int | None, table: TableOf | None = None
) -> list[str]:
    """The frames of ``events`` (numbered from ``first_seq``) as ``seat`` sees them. The
    events are those of one action (or a catch-up): the last frame is ``settled``, the
    game stands where it leaves it, and carries ``table(seat)`` (the game as it stands
    now); between two frames of one batch it may not (after a trick's fourth card and
    before it is won, say)."""
    last = first_seq + len(events) - 1
    frames = []
    for number, event in enumerate(events, start=first_seq):
        frame: dict[str, Any] = {
            "seq": number,
            "type": "event",
            "event": event_to_json(view(event, seat)),
            "settled": number == last,
        }
        if number == last and table is not None:
            frame["table"] = table(seat)
        frames.append(frame_text(frame))
    return frames


class EventFanout:
    """Sends new events to connections, each the view of its seat, in order."""

    def __init__(self) -> None:
        self.connections: set[Connection] = set()

    def send_events(
        self, events: Sequence[Event], first_seq: int, table: TableOf | None = None
    ) -> None:
        """Send ``events`` (numbered from ``first_seq``) to every connection, the last
        with the seat's ``table``: each seat's frames (and table) are made once."""
        if not events or not self.connections:
            return
        by_seat: dict[int | None, list[str]] = {}
        for connection in list(self.connections):
            frames = by_seat.get(connection.seat)
            if frames is None:
                frames = by_seat[connection.seat] = event_frames(
                    events, first_seq, connection.seat, table
                )
            for text in frames:
                connection.send(text)

    def send_all(self, text: str) -> None:
        """Send the same frame to every connection."""
        for connection in list(self.connections):
            connection.send(text)

    def seats_connected(self) -> Iterable[int]:
        """The seats with at least one open connection."""
        return {c.seat for c in self.connections if c.seat is not None and c.closed is None}
