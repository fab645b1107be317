"""Several servers in one test process, on one PostgreSQL database: each a lobby with
its own storage, its own id and its own lease (what a ``tuolaji serve`` process holds),
and the checks that read the database's audit of who drove each room.

:func:`shared_lobby` opens one (fast settings: short leases, quick scans);
:func:`act` makes the next decision of a room of people (the engine's first legal
action), as a person would; :func:`check_single_writers` reads ``room_takes`` and
``actions.written_by`` and fails when an action was stored by a server that did not own
its room at that point of the log.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from tuolaji.game.actions import Action, Bury, Pass, Play
from tuolaji.game.turn import ActionKind
from tuolaji.server.botpool import BotPool
from tuolaji.server.clock import ManualClock
from tuolaji.server.config import ServerConfig
from tuolaji.server.http_models import CreateRoom
from tuolaji.server.lobby import Lobby
from tuolaji.server.ownership import SharedOwnership
from tuolaji.server.room import Room
from tuolaji.server.storage import Storage

#: the settings of every server of these tests: no waits in the game, quick scans (the
#: leases as a server has them: shorter ones run out on a busy machine)
FAST_SHARED: dict[str, Any] = {
    "bot_workers": 0,
    "deal_interval_s": 0.0,
    "round_pause_s": 0.0,
    "static_dir": None,
    "orphan_scan_s": 0.2,
    "handover_wait_s": 3.0,
    "handover_hold_s": 0.0,
}


class RoomStopped(Exception):
    """The room stopped while a deal was due: no decision to make."""


#: how long a deal may take (seconds)
DEAL_BOUND_S = 20.0


@contextlib.asynccontextmanager
async def shared_lobby(
    url: str, server_id: str, clock: ManualClock | None = None, **settings: Any
) -> AsyncIterator[Lobby]:
    """A server ``server_id`` on the database at ``url``: registered, its orphan scan
    running (``scan=False`` in ``settings``: not), shut down politely at the end."""
    scan = settings.pop("scan", True)
    config = ServerConfig(
        db_url=url,
        clock=clock if clock is not None else ManualClock(),
        server_id=server_id,
        **{**FAST_SHARED, **settings},
    )
    storage = await Storage.open(url)
    bots = BotPool(0)
    lobby = Lobby(config, storage, bots, SharedOwnership(storage, config, server_id))
    try:
        await lobby.open()
        if scan:
            lobby.start_janitor()
        yield lobby
    finally:
        await lobby.shutdown()
        await bots.close()
        await storage.close()


async def people_room(lobby: Lobby) -> Room:
    """A new room of four people, every seat taken: dealt at once, then waiting for the
    people's decisions."""
    room, _admin = await lobby.create(CreateRoom(round_limit=1))
    for seat in range(4):
        await room.take_seat(seat, f"player {seat}")
    async with asyncio.timeout(DEAL_BOUND_S):
        while room.game.turn().chance:  # the driver deals at once
            await asyncio.sleep(0.005)
    return room


def next_action(room: Room) -> Action:
    """The engine's first legal action for the decision the room's game waits for."""
    turn = room.game.turn()
    seat = turn.seat
    assert seat is not None and not turn.chance, "the game waits for no person"
    kinds = turn.kinds(seat)
    if ActionKind.PLAY in kinds:
        return Play(seat, tuple(next(iter(room.game.legal_plays(seat)))))
    if ActionKind.BURY in kinds:
        return Bury(seat, tuple(next(iter(room.game.legal_burials(seat)))))
    return Pass(seat)


async def act(room: Room) -> int:
    """Make the room's next decision as its person would (once the driver has dealt
    what is to be dealt): the action's number."""
    async with asyncio.timeout(DEAL_BOUND_S):
        while True:
            async with room.lock:
                if not room.game.turn().chance:
                    action = next_action(room)
                    return await room.commit(action, getattr(action, "seat", None), None, False)
                if room.stopped:
                    raise RoomStopped(f"room {room.code} stopped before its next decision")
            await asyncio.sleep(0.005)


async def database_rows(url: str, query: str, **params: Any) -> list[sa.Row[Any]]:
    """The rows of ``query`` on the database at ``url`` (a connection of its own)."""
    engine = create_async_engine(url)
    try:
        async with engine.connect() as connection:
            return list((await connection.execute(sa.text(query), params)).all())
    finally:
        await engine.dispose()


async def execute(url: str, statement: str, **params: Any) -> None:
    """Run ``statement`` on the database at ``url`` and commit."""
    engine = create_async_engine(url)
    try:
        async with engine.begin() as connection:
            await connection.execute(sa.text(statement), params)
    finally:
        await engine.dispose()


async def check_single_writers(url: str) -> dict[str, list[tuple[str, int]]]:
    """Fail unless every stored action of every room was written by the server that
    owned the room at that point of its log: the takes of ``room_takes`` in order, each
    owning the actions after the ``actions_at_take`` it recorded. Returns each room's
    takes as (server, actions_at_take)."""
    takes: dict[str, list[tuple[str, int]]] = {}
    for row in await database_rows(
        url, "SELECT code, server, actions_at_take FROM room_takes ORDER BY code, id"
    ):
        takes.setdefault(row.code, []).append((row.server, row.actions_at_take))
    for code, held in takes.items():
        counts = [count for _, count in held]
        assert counts == sorted(counts), f"room {code}: a take went back in the log: {held}"
    for row in await database_rows(
        url, "SELECT code, number, written_by FROM actions ORDER BY code, number"
    ):
        owners = [server for server, count in takes.get(row.code, []) if count < row.number]
        assert owners, f"room {row.code}: action {row.number} came before any take"
        assert row.written_by == owners[-1], (
            f"room {row.code}: action {row.number} written by {row.written_by}, "
            f"owned by {owners[-1]} ({takes[row.code]})"
        )
    return takes
