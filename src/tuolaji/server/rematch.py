"""Rematches: the players of a finished game sit down to the next one together.

``POST /api/rooms/{code}/rematch`` with a seat's token (``Authorization: Bearer
TOKEN``) of a finished room: the first call makes a new room with the same rules,
clock, spectators, listing, stand-in, round limit and seat plan — the human seats open,
the bots the same bots — and links the old room to it (``RoomInfo.rematch``, stored, so
it survives a restart, and shown to every client of the old room in a ``room`` frame).
Every call seats its caller in the seat it had, under the name it had, and answers the
new seat's token.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request

from tuolaji.server.http_models import CreateRoom, SeatPlan
from tuolaji.server.lobby import Lobby
from tuolaji.server.room import Room, SeatRefused
from tuolaji.server.routing import HttpRefusal, Server, bearer_token, client_key


def rematch_request(room: Room) -> CreateRoom:
    """A new room like ``room``: its settings, its bots, its human seats open."""
    row = room.row
    return CreateRoom(
        rules=row.rules,
        seats=[
            SeatPlan(player=seat.player, name="" if seat.player == "human" else seat.name)
            for seat in room.seats
        ],
        clock_s=row.clock_s,
        spectators=row.spectators,
        listed=row.listed,
        stand_in=row.stand_in,
        round_limit=row.round_limit,
    )


async def rematch_room(
    lobby: Lobby, room: Room, before_creating: Callable[[], Awaitable[None]] | None = None
) -> tuple[Room, str]:
    """The rematch room of the finished ``room``, made (and linked to) on the first
    call — ``before_creating()`` is called first, and may refuse — and the new room's
    admin token, given to that first caller only (later ones get "")."""
    admin = ""
    async with room.lock:  # two players asking at once make one room
        if room.row.rematch is None:
            if before_creating is not None:
                await before_creating()
            new, admin = await lobby.create(rematch_request(room))
            linked = await lobby.storage.set_rematch(room.code, new.code)
            room.row = dataclasses.replace(room.row, rematch=linked)
            room.send_room()
        code = room.row.rematch
    found = None if code is None else await lobby.get(code)
    if found is None:  # the database holds the link: the room it names is there
        raise HttpRefusal(404, "no-room", "the rematch room is gone")
    return found, admin


def add_routes(app: FastAPI, server: Server) -> None:
    """Register the rematch route on ``app``."""

    @app.post("/api/rooms/{code}/rematch", status_code=201)
    async def rematch(code: str, request: Request) -> dict[str, Any]:
        """A seat of a finished game takes its seat in the rematch (made if needed)."""
        key = client_key(request)
        room = await server.room(code, key)
        token = bearer_token(request)
        seat = None if token is None else room.seat_of_token(token)
        if seat is None:
            raise HttpRefusal(
                403,
                "bad-token",
                "a rematch is asked for with the token of a seat of this room "
                "(Authorization: Bearer TOKEN)",
            )
        if not room.game_over:
            raise HttpRefusal(409, "not-finished", "a rematch starts once the game is finished")
        new, admin = await rematch_room(
            server.the_lobby(),
            room,
            lambda: server.limit(server.creating, key, "rooms created"),
        )
        try:
            seat_token = await new.take_seat(seat, room.seats[seat].name)
        except SeatRefused as refusal:
            raise HttpRefusal(409, "seat-refused", str(refusal)) from None
        answer: dict[str, Any] = {
            "code": new.code,
            "seat": seat,
            "token": seat_token,
            "room": new.info(),
        }
        if admin:
            answer["admin_token"] = admin
        return answer
