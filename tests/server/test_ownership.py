"""One owner per room across servers on one PostgreSQL (docs/scaling.md): a room is
driven by the server that took it only; a dead one's rooms are taken over by replaying
their logs; a write of a server that lost its room is refused and stores nothing; a
room moves between live servers only between two actions; orphans are taken exactly
once when two servers scan at once. Several servers run in this test process, each a
lobby with its own storage, id and lease (tests/server/sharing.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable

import pytest

from server.sharing import (
    RoomStopped,
    act,
    check_single_writers,
    database_rows,
    execute,
    people_room,
    shared_lobby,
)
from tuolaji.server.config import ServerConfig
from tuolaji.server.leases import Lease, application_name
from tuolaji.server.lobby import Lobby
from tuolaji.server.ownership import RoomElsewhere, SharedOwnership
from tuolaji.server.room import Room
from tuolaji.server.storage import NotOwner, Storage

#: the takeover goal: a room of a dead server goes on elsewhere within this (seconds)
TAKEOVER_S = 5.0


def _lease(lobby: Lobby) -> Lease:
    assert isinstance(lobby.ownership, SharedOwnership)
    return lobby.ownership.lease


async def _owner(url: str, code: str) -> str | None:
    rows = await database_rows(url, "SELECT owner FROM rooms WHERE code = :code", code=code)
    owner: str | None = rows[0].owner
    return owner


async def _stored_actions(url: str, code: str) -> int:
    rows = await database_rows(
        url, "SELECT count(*) AS n FROM actions WHERE code = :code", code=code
    )
    return int(rows[0].n)


async def _until(check: Callable[[], Awaitable[bool]], bound: float) -> float:
    """Wait until ``await check()`` is true: the seconds it took (fails past ``bound``)."""
    started = time.monotonic()
    while not await check():
        assert time.monotonic() - started < bound, "not within the bound"
        await asyncio.sleep(0.02)
    return time.monotonic() - started


@pytest.mark.asyncio
async def test_a_room_is_driven_by_the_server_that_took_it_only(postgres_url: str) -> None:
    """A room made by one server is its own; another, asking for it while the owner
    keeps it, is refused in time and does not load it; the health figures count it."""
    async with (
        shared_lobby(postgres_url, "alpha", handover_hold_s=60.0) as alpha,
        shared_lobby(postgres_url, "beta", handover_wait_s=0.3) as beta,
    ):
        room = await people_room(alpha)
        assert await _owner(postgres_url, room.code) == "alpha"
        with pytest.raises(RoomElsewhere):
            await beta.get(room.code)
        assert room.code not in beta.rooms
        assert (alpha.owned(), beta.owned()) == (1, 0)
        assert await _owner(postgres_url, room.code) == "alpha"
        assert alpha.rooms[room.code] is room and not room.stopped


@pytest.mark.asyncio
async def test_a_killed_servers_rooms_go_on_elsewhere_within_the_bound(postgres_url: str) -> None:
    """A server's lease connection is cut and it renews no more (as when its process is
    killed: the socket closes, and the advisory lock goes with it): the other takes its
    room with its orphan scan well before the lease would run out, the game goes on
    there from every stored action, and the audit shows one writer at a time."""
    async with (
        shared_lobby(postgres_url, "beta") as beta,
        shared_lobby(postgres_url, "alpha", lease_s=30.0) as alpha,
    ):
        room = await people_room(alpha)
        await act(room)
        stored = await _stored_actions(postgres_url, room.code)
        _lease(alpha).stop_renewing()
        await execute(
            postgres_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :name",
            name=application_name("alpha"),
        )
        # a 30 s lease: only the lock said alpha was gone
        taken = await _until(lambda: _true(beta.owned() == 1), TAKEOVER_S)
        assert taken < TAKEOVER_S
        moved = beta.rooms[room.code]
        assert len(moved.log) == stored
        await act(moved)
        assert await _stored_actions(postgres_url, room.code) == stored + 1
        with pytest.raises(NotOwner):  # the room alpha still holds stores nothing
            await act(room)
        assert await _stored_actions(postgres_url, room.code) == stored + 1
    takes = await check_single_writers(postgres_url)
    assert [server for server, _ in takes[room.code]] == ["alpha", "beta"]


async def _is_owned(url: str, code: str, server: str) -> bool:
    return await _owner(url, code) == server


async def _true(value: bool) -> bool:
    return value


@pytest.mark.asyncio
async def test_a_frozen_servers_write_is_refused_once_its_room_is_taken(
    postgres_url: str,
) -> None:
    """A server stops renewing its lease (frozen) while it still holds a room: once the
    lease runs out the other takes the room; the frozen one's next action is refused
    (nothing stored), its room stops with the restarting notice, and the game goes on
    at the new owner."""
    async with (
        shared_lobby(postgres_url, "alpha") as alpha,
        shared_lobby(postgres_url, "beta") as beta,
    ):
        room = await people_room(alpha)
        stored = await _stored_actions(postgres_url, room.code)
        _lease(alpha).stop_renewing()
        await _until(lambda: _is_owned(postgres_url, room.code, "beta"), TAKEOVER_S)
        with pytest.raises(NotOwner):
            await act(room)
        assert room.stopped and room.broken
        assert await _stored_actions(postgres_url, room.code) == stored
        moved = beta.rooms[room.code]
        await act(moved)
        assert await _stored_actions(postgres_url, room.code) == stored + 1
    await check_single_writers(postgres_url)


@pytest.mark.asyncio
async def test_a_batch_of_writes_refuses_only_the_rooms_lost(postgres_url: str) -> None:
    """Two rooms' actions in one shared transaction (group commit), one of the rooms
    taken by another server: that one is refused, the other stored."""
    async with shared_lobby(postgres_url, "alpha", scan=False) as alpha:
        kept, lost = await people_room(alpha), await people_room(alpha)
        before = {
            code: await _stored_actions(postgres_url, code) for code in (kept.code, lost.code)
        }
        await execute(
            postgres_url, "UPDATE rooms SET owner = 'gamma' WHERE code = :code", code=lost.code
        )
        outcomes = await asyncio.gather(act(kept), act(lost), return_exceptions=True)
        assert isinstance(outcomes[0], int) and isinstance(outcomes[1], NotOwner)
        assert await _stored_actions(postgres_url, kept.code) == before[kept.code] + 1
        assert await _stored_actions(postgres_url, lost.code) == before[lost.code]
        assert lost.broken and not kept.broken


@pytest.mark.asyncio
async def test_a_room_moves_between_live_servers_between_two_actions(postgres_url: str) -> None:
    """A server asked for a room the other drives gets it: the owner stops it between two
    actions and releases it; nothing is lost or doubled, and the audit names the
    handover."""
    async with (
        shared_lobby(postgres_url, "alpha") as alpha,
        shared_lobby(postgres_url, "beta") as beta,
    ):
        room = await people_room(alpha)
        dealt = len(room.log)
        acting = asyncio.ensure_future(_act_until_stopped(room))
        await _until(lambda: _true(len(room.log) >= dealt + 3), TAKEOVER_S)
        moved = await beta.get(room.code)
        done = await acting
        assert moved is not None and room.stopped and done >= 3
        # every action alpha stored is in the game beta drives: none lost, none doubled
        numbers = await database_rows(
            postgres_url,
            "SELECT number FROM actions WHERE code = :code ORDER BY number",
            code=room.code,
        )
        assert [row.number for row in numbers] == list(range(1, len(numbers) + 1))
        # (beta's driver may deal on at once: alpha's log is where beta's starts)
        assert [entry.action for entry in moved.log[: len(room.log)]] == [
            entry.action for entry in room.log
        ]
        await act(moved)
        assert room.code not in alpha.rooms
    takes = await check_single_writers(postgres_url)
    reasons = await database_rows(
        postgres_url, "SELECT reason FROM room_takes WHERE code = :code ORDER BY id", code=room.code
    )
    assert [row.reason for row in reasons] == ["create", "handover"]
    assert [server for server, _ in takes[room.code]] == ["alpha", "beta"]


async def _act_until_stopped(room: Room) -> int:
    """Keep acting in ``room`` until it stops: how many actions were stored."""
    count = 0
    while not room.stopped:
        try:
            await act(room)
        except (NotOwner, RoomStopped):
            break
        count += 1
        await asyncio.sleep(0.005)
    return count


@pytest.mark.asyncio
async def test_two_scanners_take_each_orphan_exactly_once(postgres_url: str) -> None:
    """Rooms of a server that is gone are taken by two servers scanning at the same
    moment: every room by exactly one of them."""
    async with shared_lobby(postgres_url, "gone", scan=False) as gone:
        codes = [(await people_room(gone)).code for _ in range(6)]
        _lease(gone).stop_renewing()
        await gone.lose_all()
    await execute(postgres_url, "UPDATE rooms SET owner = 'gone'")  # as if it died
    async with (
        shared_lobby(postgres_url, "beta", scan=False, orphan_batch=4) as beta,
        shared_lobby(postgres_url, "gamma", scan=False, orphan_batch=4) as gamma,
    ):
        first = await asyncio.gather(beta.take_orphans(), gamma.take_orphans())
        second = await asyncio.gather(beta.take_orphans(), gamma.take_orphans())
        assert sum(first) + sum(second) == len(codes)
        assert set(beta.rooms) | set(gamma.rooms) == set(codes)
        assert not set(beta.rooms) & set(gamma.rooms)
    rows = await database_rows(
        postgres_url,
        "SELECT code, count(*) AS n FROM room_takes WHERE reason = 'orphan' GROUP BY code",
    )
    assert {row.code: row.n for row in rows} == dict.fromkeys(codes, 1)


@pytest.mark.asyncio
async def test_a_polite_stop_gives_every_room_up_at_once(postgres_url: str) -> None:
    """A server that stops releases its rooms and its lease: another takes them at its
    next scan, with no lease to wait for."""
    async with shared_lobby(postgres_url, "beta") as beta:
        async with shared_lobby(postgres_url, "alpha", lease_s=30.0) as alpha:
            code = (await people_room(alpha)).code
        assert await _owner(postgres_url, code) in (None, "beta")
        await _until(lambda: _true(beta.owned() == 1), 2.0)
        assert await _owner(postgres_url, code) == "beta"


@pytest.mark.asyncio
async def test_servers_started_together_migrate_one_after_the_other(postgres_url: str) -> None:
    """Servers opening a new database at the same moment take turns to migrate it: both
    open, and the schema is made once."""
    first, second = await asyncio.gather(Storage.open(postgres_url), Storage.open(postgres_url))
    await first.close()
    await second.close()
    rows = await database_rows(postgres_url, "SELECT version_num FROM alembic_version")
    assert [row.version_num for row in rows] == ["0003"]


@pytest.mark.asyncio
async def test_a_server_id_that_cannot_name_a_channel_is_refused(postgres_url: str) -> None:
    """A server id is a plain word (it names the server's notice channel)."""
    storage = await Storage.open(postgres_url)
    try:
        config = ServerConfig(db_url=postgres_url)
        for bad in ("", "two words", "x" * 41, "semi;colon", "é"):
            with pytest.raises(ValueError, match="a server id is"):
                SharedOwnership(storage, config, bad)
    finally:
        await storage.close()


def _drivers(code: str) -> int:
    """How many driver tasks of room ``code`` run in this event loop."""
    return sum(
        1 for task in asyncio.all_tasks() if task.get_name() == f"room {code}" and not task.done()
    )


@pytest.mark.asyncio
@pytest.mark.parametrize("scan_first", [False, True])
@pytest.mark.parametrize("delay_s", [0.0, 0.001, 0.002])
async def test_a_request_and_the_orphan_scan_load_a_room_once(
    postgres_url: str, scan_first: bool, delay_s: float
) -> None:
    """A dead server's room, asked for by a client while the orphan scan takes it in the
    same server, is loaded once: one driver, whichever starts first (two loads would
    both pass the fence, having one server id, and the second would replace the first
    in the lobby's rooms without halting it)."""
    async with (
        shared_lobby(postgres_url, "beta", scan=False) as beta,
        shared_lobby(postgres_url, "alpha", lease_s=30.0, scan=False) as alpha,
    ):
        room = await people_room(alpha)
        _lease(alpha).stop_renewing()
        await execute(
            postgres_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :name",
            name=application_name("alpha"),
        )
        await room.halt()  # what is left of the dead server drives nothing
        await _until(lambda: _gone(postgres_url, "alpha"), TAKEOVER_S)

        async def later(job: Awaitable[object]) -> object:
            await asyncio.sleep(delay_s)
            return await job

        jobs: list[Awaitable[object]] = [beta.take_orphans(), beta.get(room.code)]
        first, second = jobs
        if not scan_first:
            first, second = second, first
        await asyncio.gather(first, later(second))
        await asyncio.sleep(0.1)
        assert _drivers(room.code) == 1
        assert beta.owned() == 1
    await check_single_writers(postgres_url)


async def _gone(url: str, server: str) -> bool:
    """Whether ``server``'s lease connection (and with it its lock) is gone."""
    rows = await database_rows(
        url,
        "SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = :name",
        name=application_name(server),
    )
    return int(rows[0].n) == 0
