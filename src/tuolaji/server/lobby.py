"""Every room of a server: creating them, finding them, resuming them after a restart,
closing the idle ones, and telling everyone when the server stops.

Unfinished rooms live in memory, each with its driver task; finished and closed ones are
read from the database when asked for (their records stay downloadable).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets

from tuolaji.core.rules import rules_from_spec
from tuolaji.game.game import Game
from tuolaji.server.botpool import BotPool
from tuolaji.server.config import ServerConfig
from tuolaji.server.driver import drive
from tuolaji.server.http_models import CreateRoom
from tuolaji.server.room import Room, game_of
from tuolaji.server.storage import Storage
from tuolaji.server.storage_rows import MAX_SEED, RoomRow, SeatRow, StoredRoom
from tuolaji.server.tokens import new_room_code, new_token, token_hash

log = logging.getLogger("tuolaji.server")


class Lobby:
    """The rooms of one server process."""

    def __init__(self, config: ServerConfig, storage: Storage, bots: BotPool) -> None:
        self.config = config
        self.clock = config.clock
        self.storage = storage
        self.bots = bots
        self.rooms: dict[str, Room] = {}
        self._janitor: asyncio.Task[None] | None = None

    async def create(self, request: CreateRoom) -> tuple[Room, str]:
        """A new room as ``request`` describes it, stored, its driver started; and its
        admin token (kept only as a hash)."""
        rules = rules_from_spec(request.rules)
        now = self.clock.now()
        admin = new_token()
        seed = request.seed if request.seed is not None else secrets.randbelow(MAX_SEED + 1)
        game = Game(rules, seed, round_limit=request.round_limit)
        for _ in range(8):  # a code already used is astronomically unlikely; try again
            code = new_room_code()
            if code not in self.rooms and await self.storage.load_room(code) is None:
                break
        row = RoomRow(
            code=code,
            created_at=now,
            updated_at=now,
            rules=rules.to_spec(),
            seed=seed,
            round_limit=request.round_limit,
            clock_s=request.clock_s,
            spectators=request.spectators,
            listed=request.listed,
            stand_in=request.stand_in,
            status="waiting",
            admin_hash=token_hash(admin),
        )
        seats = tuple(
            SeatRow(
                seat,
                plan.player,
                plan.name or (plan.player if plan.player != "human" else ""),
                None,
            )
            for seat, plan in enumerate(request.seats)
        )
        await self.storage.create_room(row, seats, game.packs[0])
        stored = StoredRoom(room=row, seats=seats, actions=(), packs=(game.packs[0],))
        room = Room(stored, game, self.config, self.storage, self.bots)
        self.rooms[code] = room
        async with room.lock:
            await room.start_when_full()  # a room of four bots starts at once
        room.start(drive)
        return room, admin

    async def get(self, code: str) -> Room | None:
        """The room ``code``: a live one, or one rebuilt from the database (a finished or
        closed room is not driven; a broken one is rebuilt)."""
        room = self.rooms.get(code)
        if room is not None and not room.broken:
            return room
        stored = await self.storage.load_room(code)
        if stored is None:
            return None
        return self._load(stored)

    def _load(self, stored: StoredRoom) -> Room:
        room = Room(stored, game_of(stored), self.config, self.storage, self.bots)
        # Kept, so that the next lookup does not replay it again; a finished or closed
        # room leaves the memory at the next idle check once nobody watches it.
        self.rooms[stored.room.code] = room
        if stored.room.status in ("waiting", "playing"):
            room.start(drive)
        elif stored.room.status == "closed":
            room.stopped = True
        # a finished game is shown as it ended, with no driver
        return room

    async def resume_all(self) -> int:
        """Load every unfinished game and start its driver: the games go on where they
        were. Returns how many."""
        count = 0
        for code in await self.storage.unfinished_rooms():
            stored = await self.storage.load_room(code)
            if stored is None:
                continue
            try:
                self._load(stored)
            except Exception:
                log.exception("room %s could not be resumed", code)
                continue
            count += 1
        return count

    def start_janitor(self) -> None:
        """Look for idle rooms every ``idle_check_s`` seconds and close them."""
        self._janitor = asyncio.create_task(self._close_idle_forever(), name="idle rooms")

    async def _close_idle_forever(self) -> None:
        while True:
            await self.clock.sleep_until(self.clock.now() + self.config.idle_check_s)
            try:
                await self.close_idle()
            except Exception:
                log.exception("closing idle rooms failed")

    async def close_idle(self) -> list[str]:
        """Close the rooms idle for longer than ``idle_close_s``; their records are kept.
        Returns their codes."""
        before = self.clock.now() - self.config.idle_close_s
        # finished games nobody watches any more leave the memory (the database keeps them)
        for code, done in list(self.rooms.items()):
            if done.row.status not in ("waiting", "playing") and not done.fanout.connections:
                del self.rooms[code]
        closed = []
        for code in await self.storage.idle_rooms(before):
            room = await self.get(code)
            if room is None:
                continue
            async with room.lock:
                await room.set_status("closed")
                room.stop("closed", "this room was idle for too long and is closed")
            await room.halt()
            self.rooms.pop(code, None)
            closed.append(code)
        return closed

    def notify_restarting(self) -> None:
        """Tell every connection the server is restarting (they reconnect by themselves)."""
        for room in self.rooms.values():
            room.stop("restarting", "the server is restarting: reconnecting in a moment")

    async def shutdown(self) -> None:
        """Stop every driver and the janitor (the database holds every game)."""
        if self._janitor is not None:
            self._janitor.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._janitor
        self.notify_restarting()
        for room in list(self.rooms.values()):
            await room.halt()
        self.rooms.clear()
