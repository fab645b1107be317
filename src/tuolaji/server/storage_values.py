"""What the server's database keeps, both ways: a room, a seat or an action checked
where the database alone would not check it and turned into column values, and rows
read back as the records of :mod:`tuolaji.server.storage_rows`. Cards are kept in card
notation (R-N3), rules and actions as compact JSON text.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import sqlalchemy as sa

from tuolaji.core.cards import NotationError, format_cards, parse_cards
from tuolaji.server.storage_rows import (
    MAX_SEED,
    ROOM_STATUSES,
    SEATS,
    LoggedAction,
    RoomRow,
    SeatRow,
    StorageError,
)


def json_text(value: object, what: str) -> str:
    """``value`` as compact JSON text, or StorageError when it is not plain JSON data."""
    try:
        return json.dumps(value, separators=(",", ":"), ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise StorageError(f"{what} is not plain JSON data: {error}") from error


def pack_text(pack: Sequence[int], what: str) -> str:
    """A pack in card notation (R-N3), or StorageError when it holds something else."""
    try:
        return format_cards(pack)
    except (NotationError, TypeError) as error:
        raise StorageError(f"{what} is not a list of cards: {error}") from error


def pack_from_text(text: str) -> tuple[int, ...]:
    """A stored pack read back."""
    return tuple(parse_cards(text))


def room_values(room: RoomRow) -> dict[str, Any]:
    """The ``rooms`` columns of ``room``, checked where the database alone would not."""
    if isinstance(room.seed, bool) or not isinstance(room.seed, int):
        raise StorageError(f"the seed of room {room.code!r} is not a whole number")
    if not 0 <= room.seed <= MAX_SEED:
        raise StorageError(f"the seed of room {room.code!r} is not in 0 .. 2**63-1")
    if room.status not in ROOM_STATUSES:
        raise StorageError(f"{room.status!r} is not a room status: one of {ROOM_STATUSES}")
    return {
        "code": room.code,
        "created_at": room.created_at,
        "updated_at": room.updated_at,
        "rules": json_text(room.rules, "the rules"),
        "seed": room.seed,
        "round_limit": room.round_limit,
        "clock_s": room.clock_s,
        "spectators": room.spectators,
        "listed": room.listed,
        "stand_in": room.stand_in,
        "status": room.status,
        "admin_hash": room.admin_hash,
        "rematch": room.rematch,
    }


def check_seat_number(seat: int | None, what: str) -> None:
    """StorageError unless ``seat`` is a seat number 0-3 (or None where that is allowed)."""
    if seat is not None and (isinstance(seat, bool) or seat not in range(SEATS)):
        raise StorageError(f"{what} {seat!r} is not a seat: seats are 0 to 3")


def room_from_row(row: sa.Row[Any]) -> RoomRow:
    """A ``rooms`` row as a RoomRow."""
    return RoomRow(
        code=row.code,
        created_at=float(row.created_at),
        updated_at=float(row.updated_at),
        rules=json.loads(row.rules),
        seed=int(row.seed),
        round_limit=row.round_limit,
        clock_s=None if row.clock_s is None else float(row.clock_s),
        spectators=bool(row.spectators),
        listed=bool(row.listed),
        stand_in=row.stand_in,
        status=row.status,
        admin_hash=row.admin_hash,
        rematch=row.rematch,
    )


def seat_from_row(row: sa.Row[Any]) -> SeatRow:
    """A ``seats`` row as a SeatRow."""
    return SeatRow(seat=row.seat, player=row.player, name=row.name, token_hash=row.token_hash)


def action_from_row(row: sa.Row[Any]) -> LoggedAction:
    """An ``actions`` row as a LoggedAction."""
    return LoggedAction(
        number=row.number,
        action=json.loads(row.action),
        seat=row.seat,
        client_id=row.client_id,
        by_bot=bool(row.by_bot),
        at=float(row.at),
    )
