"""Every room of a server: creating them, finding them, resuming them after a restart,
closing the idle ones, and telling everyone when the server stops.

Unfinished rooms live in memory, each with its driver task; finished and closed ones are
read from the database when asked for (their records stay downloadable).

A room is driven only by the server that owns it (:mod:`tuolaji.server.ownership`): the
embedded server owns every room; on a PostgreSQL shared by several servers, a room is
taken before it is loaded, a room another live server owns is asked for (it hands the
room over between two actions, :meth:`Lobby.hand_over`), and rooms whose owner died
are taken by the periodic orphan scan. A room whose write was refused because another
server took it, or all of them when the lease is lost, stop here with the "restarting"
notice, and their clients reconnect to the new owner.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable

from tuolaji.core.rules import rules_from_spec
from tuolaji.game.game import Game
from tuolaji.server.botpool import BotPool
from tuolaji.server.config import ServerConfig
from tuolaji.server.driver import drive
from tuolaji.server.http_models import CreateRoom
from tuolaji.server.ownership import Ownership, RoomElsewhere, Take
from tuolaji.server.room import MOVED, Room, game_of
from tuolaji.server.storage import NotOwner, Storage
from tuolaji.server.storage_rows import (
    MAX_SEED,
    UNFINISHED_STATUSES,
    RoomRow,
    SeatRow,
    StoredRoom,
)
from tuolaji.server.tokens import new_room_code, new_token, token_hash

log = logging.getLogger("tuolaji.server")

#: how often a request waiting for a handover tries to take the room (seconds)
HANDOVER_POLL_S = 0.05
#: how long each step of a stop that talks to a shared database may take (seconds)
STOP_STEP_S = 5.0
#: how often the shared housekeeping runs (old servers, old rate-limit keys; seconds)
HOUSEKEEPING_S = 60.0


class Lobby:
    """The rooms of one server process."""

    def __init__(
        self,
        config: ServerConfig,
        storage: Storage,
        bots: BotPool,
        ownership: Ownership | None = None,
    ) -> None:
        self.config = config
        self.clock = config.clock
        self.storage = storage
        self.bots = bots
        self.ownership = ownership if ownership is not None else Ownership()
        self.rooms: dict[str, Room] = {}
        #: rooms being fetched (taken, loaded): every request for one waits for the same
        self._fetching: dict[str, asyncio.Future[Room | None]] = {}
        #: when each driven room was taken (monotonic), for ``handover_hold_s``
        self._taken_at: dict[str, float] = {}
        self._janitor: asyncio.Task[None] | None = None
        self._scanner: asyncio.Task[None] | None = None
        self._releases: set[asyncio.Task[None]] = set()
        #: set once :meth:`shutdown` begins: no more handovers (every room is released)
        self._closing = False
        #: more work for the periodic housekeeping of a shared database
        self.housekeeping: list[Callable[[], Awaitable[None]]] = [self.ownership.housekeeping]

    async def open(self) -> None:
        """Start the room ownership (on a shared database: register this server and keep
        its lease). Before :meth:`resume_all`."""
        await self.ownership.start(self.lose_all, self.release_for)

    def owned(self) -> int:
        """How many rooms this server drives now."""
        return sum(1 for room in self.rooms.values() if _driven(room))

    async def create(self, request: CreateRoom) -> tuple[Room, str]:
        """A new room as ``request`` describes it, stored, its driver started; and its
        admin token (kept only as a hash)."""
        if not self.ownership.held:
            raise RoomElsewhere("this server is not holding its lease: try another")
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
        self._taken_at[code] = time.monotonic()
        async with room.lock:
            await room.start_when_full()  # a room of four bots starts at once
        room.start(drive)
        return room, admin

    async def get(self, code: str) -> Room | None:
        """The room ``code``: a live one, or one rebuilt from the database (a finished or
        closed room is not driven; a broken one is rebuilt). An unfinished room is taken
        first, and asked for when another server drives it: RoomElsewhere when it was
        not handed over within ``handover_wait_s``."""
        room = self.rooms.get(code)
        if room is not None and not room.broken:
            return room
        # shielded: a request that gives up does not stop the fetch the others wait for
        return await asyncio.shield(self._loading(code, lambda: self._fetch(code)))

    def _loading(
        self, code: str, load: Callable[[], Awaitable[Room | None]]
    ) -> asyncio.Future[Room | None]:
        """The one load of room ``code`` under way, started with ``load`` if none is.

        Every load of a room goes through here, a request's (:meth:`get`) and the orphan
        scan's (:meth:`_resume`) alike: two loads of one room at once would leave two
        drivers of it in this process (both pass the fence, having one server id), the
        second replacing the first in :attr:`rooms` without halting it."""
        fetching = self._fetching.get(code)
        if fetching is None:
            fetching = asyncio.ensure_future(load())
            self._fetching[code] = fetching
            fetching.add_done_callback(lambda done: self._fetched(code, done))
        return fetching

    def _fetched(self, code: str, done: asyncio.Future[Room | None]) -> None:
        if self._fetching.get(code) is done:
            del self._fetching[code]
        if not done.cancelled():
            done.exception()  # retrieved: every waiter got it already

    async def _fetch(self, code: str) -> Room | None:
        """Take room ``code`` (asking its owner for it if need be), load it, drive it."""
        old = self.rooms.pop(code, None)
        if old is not None:
            await old.halt()  # broken, or moved away: rebuilt from the database
        if self._closing or not self.ownership.held:
            raise RoomElsewhere("this server is stopping, or not holding its lease")
        take = await self.ownership.take(code, "request")
        if take.owner is not None:
            take = await self._ask_for(code, take.owner)
        stored = await self.storage.load_room(code)
        if stored is None:
            return None
        if not take.taken and stored.room.status in UNFINISHED_STATUSES:
            raise RoomElsewhere(f"room {code} is driven by another server")
        return self._load(stored)

    async def _ask_for(self, code: str, owner: str) -> Take:
        """Ask ``owner`` to hand room ``code`` over, and take it once it has (or died):
        RoomElsewhere when that takes longer than ``handover_wait_s``."""
        await self.ownership.ask(owner, code)
        deadline = time.monotonic() + self.config.handover_wait_s
        while time.monotonic() < deadline:
            await asyncio.sleep(HANDOVER_POLL_S)
            take = await self.ownership.take(code, "handover")
            if take.owner is None:
                return take
            if take.owner != owner:  # a third server took it meanwhile: ask that one
                owner = take.owner
                await self.ownership.ask(owner, code)
        raise RoomElsewhere(f"room {code} is driven by server {owner}, which kept it")

    def _load(self, stored: StoredRoom) -> Room:
        room = Room(stored, game_of(stored), self.config, self.storage, self.bots)
        # Kept, so that the next lookup does not replay it again; a finished or closed
        # room leaves the memory at the next idle check once nobody watches it.
        self.rooms[stored.room.code] = room
        if stored.room.status in ("waiting", "playing"):
            self._taken_at[stored.room.code] = time.monotonic()
            room.start(drive)
        elif stored.room.status == "closed":
            room.stopped = True
        # a finished game is shown as it ended, with no driver
        return room

    async def resume_all(self) -> int:
        """Load every unfinished game and start its driver: the games go on where they
        were. Returns how many. On a shared database: every unfinished game nobody alive
        drives (taken as orphans, batch after batch)."""
        if self.ownership.server_id is None:
            return await self._resume(await self.storage.unfinished_rooms())
        count = 0
        while True:
            codes = await self.ownership.take_orphans(self.config.orphan_batch)
            count += await self._resume(codes)
            if len(codes) < self.config.orphan_batch:
                return count

    async def take_orphans(self) -> int:
        """Take and drive at most ``orphan_batch`` rooms whose owner is not alive (a
        shared database): how many."""
        return await self._resume(await self.ownership.take_orphans(self.config.orphan_batch))

    async def _resume(self, codes: list[str]) -> int:
        """Load and drive the rooms ``codes`` (taken already): how many could be."""
        count = 0
        for code in codes:
            # a request loading it now (it found the room ours) loads it for both
            loading = self._loading(code, functools.partial(self._reload, code))
            try:
                room = await asyncio.shield(loading)
            except Exception:
                log.exception("room %s could not be resumed", code)
                continue
            if room is not None:
                count += 1
        return count

    async def _reload(self, code: str) -> Room | None:
        """Load room ``code`` (taken already) from the database and drive it, in place
        of any copy in memory."""
        old = self.rooms.pop(code, None)
        if old is not None:
            if not old.stopped:  # its connections reconnect to the copy made now
                old.stop("restarting", MOVED)
            await old.halt()
        stored = await self.storage.load_room(code)
        if stored is None:
            return None
        return self._load(stored)

    def start_janitor(self) -> None:
        """Look for idle rooms every ``idle_check_s`` seconds and close them; on a shared
        database, look for orphan rooms every ``orphan_scan_s`` seconds too."""
        self._janitor = asyncio.create_task(self._close_idle_forever(), name="idle rooms")
        if self.ownership.server_id is not None:
            self._scanner = asyncio.create_task(self._scan_forever(), name="orphan rooms")

    def _forget_stopped(self) -> None:
        """Rooms that stopped here because they moved away leave the memory once their
        connections are gone."""
        for code, room in list(self.rooms.items()):
            if room.broken and not room.fanout.connections:
                del self.rooms[code]
                self._taken_at.pop(code, None)

    async def _scan_forever(self) -> None:
        """Take orphan rooms every ``orphan_scan_s`` (real time: it follows the other
        servers' leases, not the game's clock), and do the housekeeping now and then."""
        housekept = time.monotonic()
        while True:
            await asyncio.sleep(self.config.orphan_scan_s)
            self._forget_stopped()
            if not self.ownership.held:
                continue
            try:
                await self.take_orphans()
            except Exception:
                log.exception("taking orphan rooms failed")
            if time.monotonic() - housekept >= HOUSEKEEPING_S:
                housekept = time.monotonic()
                for work in self.housekeeping:
                    try:
                        await work()
                    except Exception:
                        log.exception("the housekeeping failed")

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
            try:
                room = await self.get(code)
                if room is None:
                    continue
                async with room.lock:
                    await room.set_status("closed")
                    room.stop("closed", "this room was idle for too long and is closed")
            except (RoomElsewhere, NotOwner):
                continue  # another server took it meanwhile: its owner closes it
            await room.halt()
            self.rooms.pop(code, None)
            closed.append(code)
        return closed

    def release_for(self, code: str, asker: str) -> None:
        """Server ``asker`` asks for room ``code`` (a handover notice): released in the
        background (:meth:`hand_over`)."""
        if self._closing:
            return  # every room is released in a moment anyway
        task = asyncio.create_task(self.hand_over(code), name=f"hand over {code}")
        self._releases.add(task)
        task.add_done_callback(self._releases.discard)

    async def hand_over(self, code: str) -> None:
        """Release room ``code`` for a server that asked for it: between two actions
        (under the room's lock), its connections told to reconnect, and not before it
        has been driven here ``handover_hold_s``. A room this server owns only in the
        database (not loaded, or stopped already) is released as it is."""
        try:
            fetching = self._fetching.get(code)
            if fetching is not None:
                await asyncio.wait([fetching])  # a room being loaded is released once loaded
            room = self.rooms.get(code)
            if room is not None and _driven(room):
                hold = self._taken_at.get(code, 0.0) + self.config.handover_hold_s
                if hold > time.monotonic():
                    await asyncio.sleep(hold - time.monotonic())
                if self.rooms.get(code) is not room:
                    return  # it went meanwhile (lost, or asked for and released)
            if room is None:
                await self.ownership.release(code, handover=True)
                return
            async with room.lock:  # no action is being stored: between two actions
                if _driven(room):
                    room.stop("restarting", MOVED)
                room.broken = True  # rebuilt from the database if it comes back here
                await self.ownership.release(code, handover=True)
            await room.halt()
            if self.rooms.get(code) is room:
                del self.rooms[code]
                self._taken_at.pop(code, None)
            log.info("room %s handed over", code)
        except Exception:
            log.exception("room %s could not be handed over", code)

    async def lose_all(self) -> None:
        """This server lost its lease: stop every room now (their clients reconnect to
        whichever server takes them), without a word to the database."""
        rooms = list(self.rooms.values())
        self.rooms.clear()
        self._taken_at.clear()
        for room in rooms:
            if not room.stopped:
                room.stop("restarting", MOVED)
            room.broken = True
        for room in rooms:
            await room.halt()

    def notify_restarting(self) -> None:
        """Tell every connection the server is restarting (they reconnect by themselves)."""
        for room in self.rooms.values():
            room.stop("restarting", "the server is restarting: reconnecting in a moment")

    async def shutdown(self) -> None:
        """Stop every driver and the janitor (the database holds every game); on a shared
        database, then give every room and the lease up, so that other servers take the
        rooms at once."""
        self._closing = True
        if self._fetching:  # a room being loaded now is driven, then stopped with the rest
            await asyncio.wait(list(self._fetching.values()), timeout=STOP_STEP_S)
        for task in (self._janitor, self._scanner, *self._releases):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self.notify_restarting()
        for room in list(self.rooms.values()):
            await room.halt()
        if self.ownership.server_id is not None:
            await _bounded(self._release_all(), "giving the rooms up")
        await _bounded(self.ownership.close(), "giving the lease up")
        self.rooms.clear()

    async def _release_all(self) -> None:
        """Give every room up once no action is being stored in any (a stop)."""
        for room in list(self.rooms.values()):
            async with room.lock:  # an action being stored is stored (or refused) first
                pass
        try:
            await self.ownership.release_all()
        except Exception:
            log.exception("the rooms could not be released: others take them in a moment")


async def _bounded(work: Awaitable[None], what: str) -> None:
    """Do ``work`` within :data:`STOP_STEP_S`; past that, the stop goes on without it
    (a database that does not answer must not keep the server from stopping: the other
    servers take its rooms once its lease runs out)."""
    try:
        await asyncio.wait_for(work, STOP_STEP_S)
    except TimeoutError:
        log.warning("%s took longer than %g s: the server stops without it", what, STOP_STEP_S)


def _driven(room: Room) -> bool:
    """Whether ``room`` is driven here now (unfinished, not stopped, not broken)."""
    return room.row.status in UNFINISHED_STATUSES and not room.stopped and not room.broken
