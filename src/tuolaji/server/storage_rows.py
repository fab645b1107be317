"""The plain data the server's storage reads and writes (no database here).

The rows are frozen dataclasses: what :class:`tuolaji.server.storage.Storage` takes and
gives back. They hold no ``Game``: a room is rebuilt by replaying its action log over its
packs (the rules engine's job, not the storage's).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

#: Every status a room can have, in the order a room goes through them.
ROOM_STATUSES: Final = ("waiting", "playing", "finished", "closed")
#: The statuses of a room whose game may still go on (resumed when the server starts).
UNFINISHED_STATUSES: Final = ("waiting", "playing")
#: The largest seed a room may have: the seed is a signed 64-bit integer in the database.
MAX_SEED: Final = 2**63 - 1
#: Seats are numbered 0 to 3 (R-P1: four players).
SEATS: Final = 4


class StorageError(Exception):
    """Anything the database refused (a duplicate action, an unknown room, a bad value),
    or a database that could not be reached. Nothing was changed."""


@dataclass(frozen=True)
class RoomRow:
    """One room: its settings and where it stands."""

    code: str
    #: epoch seconds (from the injected clock)
    created_at: float
    #: last accepted action / join / creation
    updated_at: float
    #: ``RuleSet.to_spec()``
    rules: dict[str, Any]
    #: 0 .. 2**63-1
    seed: int
    round_limit: int | None
    #: seconds per decision, None = no clock
    clock_s: float | None
    spectators: bool
    #: shown in the public list of open rooms
    listed: bool
    #: the bot that plays for an absent human
    stand_in: str
    #: "waiting" | "playing" | "finished" | "closed"
    status: str
    #: sha256 hex of the creator's admin token
    admin_hash: str
    #: the code of the room made for a rematch of this finished game (None: none yet)
    rematch: str | None = None


@dataclass(frozen=True)
class SeatRow:
    """One of a room's four seats."""

    #: 0-3
    seat: int
    #: "human" or a bot name ("heuristic", "search:guesses=40")
    player: str
    #: a label only, never an identity
    name: str
    #: sha256 hex of the seat token; None = nobody has the seat
    token_hash: str | None


@dataclass(frozen=True)
class LoggedAction:
    """One action of a room's game, as the game accepted it."""

    #: 1, 2, 3 … in the order the game accepted them
    number: int
    #: ``tuolaji.game.actions.action_to_json(action)``
    action: list[Any]
    #: the seat whose decision it was (None: a draw)
    seat: int | None
    #: the id the client gave the action (idempotency)
    client_id: str | None
    #: a bot (seat bot, stand-in or clock) made it
    by_bot: bool
    #: epoch seconds
    at: float


@dataclass(frozen=True)
class StoredRoom:
    """Everything stored about a room: enough to rebuild its game exactly."""

    room: RoomRow
    #: 4, by seat
    seats: tuple[SeatRow, ...]
    #: by number
    actions: tuple[LoggedAction, ...]
    #: every deal's pack, in deal order
    packs: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class RoomSummary:
    """A room as the public list of open rooms shows it."""

    code: str
    created_at: float
    rules: dict[str, Any]
    status: str
    #: human seats with no token yet
    open_seats: tuple[int, ...]
    #: the seats' names, by seat
    names: tuple[str, ...]
    #: who plays each seat, by seat: ``human`` or a bot's player spec
    players: tuple[str, ...]

    def seats(self) -> list[dict[str, object]]:
        """The seats as a ``room`` frame describes them (``seat``, ``player``, ``name``,
        ``taken``), for naming them as the table does
        (:func:`tuolaji.wording.seats.display_name`)."""
        return [
            {
                "seat": seat,
                "player": player,
                "name": name,
                "taken": player == "human" and seat not in self.open_seats,
            }
            for seat, (player, name) in enumerate(zip(self.players, self.names, strict=True))
        ]
