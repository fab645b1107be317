"""The server's storage, on SQLite and on a real PostgreSQL server (``storage_url``).

What a resumed game needs is checked field by field: a room comes back exactly as it was
stored, its actions in the order the game accepted them and its packs in deal order; an
action stored twice (same number, or the same client id from the same seat) is refused
with nothing left behind; the migrations make the tables once and only once.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import random
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy.ext.asyncio import create_async_engine

from server.postgres import BIN_VARIABLE, start_cluster
from tuolaji.core.cards import full_pack, parse_cards
from tuolaji.core.rules import RuleSet, rules_from_spec
from tuolaji.game.actions import Bury, Declare, Draw, Pass, Play, action_to_json
from tuolaji.server.storage import (
    LoggedAction,
    RoomRow,
    RoomSummary,
    SeatRow,
    Storage,
    StorageError,
    StoredRoom,
    metadata,
)
from tuolaji.server.storage_open import MIGRATIONS

#: the clock's start (ManualClock's default): rooms are made at this time
T0 = 1_800_000_000.0
HASH = "ab" * 32  # a sha256 hex digest's shape


def shuffled_pack(seed: int) -> tuple[int, ...]:
    """A dealt pack: both decks (R-N1), shuffled by ``seed``."""
    pack = full_pack()
    random.Random(seed).shuffle(pack)
    return tuple(pack)


def make_room(code: str = "room1", **changes: Any) -> RoomRow:
    """A room with every field set to something other than a default."""
    room = RoomRow(
        code=code,
        created_at=T0 + 0.25,
        updated_at=T0 + 0.25,
        rules=rules_from_spec({"preset": "classic"}).to_spec(),
        seed=2**63 - 1,  # the largest seed a room may have
        round_limit=3,
        clock_s=12.5,
        spectators=True,
        listed=True,
        stand_in="heuristic",
        status="waiting",
        admin_hash=HASH,
    )
    return dataclasses.replace(room, **changes)


def make_seats(*players: str, taken: Sequence[int] = ()) -> tuple[SeatRow, ...]:
    """Four seats (players default to humans); the seats in ``taken`` have a token."""
    plan = players or ("human",) * 4
    return tuple(
        SeatRow(
            seat=seat,
            player=player,
            name=f"player {seat} 玩家",
            token_hash=f"{seat:02d}" * 32 if seat in taken else None,
        )
        for seat, player in enumerate(plan)
    )


def logged(number: int, action: list[Any], **changes: Any) -> LoggedAction:
    """Action ``number`` of a game, made at T0 + number seconds."""
    entry = LoggedAction(
        number=number, action=action, seat=None, client_id=None, by_bot=False, at=T0 + number
    )
    return dataclasses.replace(entry, **changes)


#: The start of a game's log: every kind of action (R-D2 draws, R-T2 declaring,
#: R-T4 passing, R-K1 burying, R-P1 playing), with and without client ids.
SOME_ACTIONS = (
    logged(1, action_to_json(Draw(4))),
    logged(2, action_to_json(Declare(1, tuple(parse_cards("2H")))), seat=1, client_id="c-1"),
    logged(3, action_to_json(Pass(2)), seat=2, client_id="c-1"),
    logged(4, action_to_json(Pass(3)), seat=3, by_bot=True),
    logged(5, action_to_json(Bury(1, tuple(parse_cards("3S 3S 4S 5S 6S 7S 8S 9S")))), seat=1),
    logged(6, action_to_json(Play(1, tuple(parse_cards("AS AS")))), seat=1, client_id="c-2"),
)


async def create(storage: Storage, room: RoomRow | None = None, seed: int = 1) -> RoomRow:
    """Store ``room`` (make_room() by default) with four humans and a shuffled pack."""
    room = room or make_room()
    await storage.create_room(room, make_seats(), shuffled_pack(seed))
    return room


async def loaded(storage: Storage, code: str = "room1") -> StoredRoom:
    """The stored room ``code``, which must exist."""
    stored = await storage.load_room(code)
    assert stored is not None
    return stored


@pytest.mark.asyncio
async def test_a_room_comes_back_with_every_field(storage: Storage) -> None:
    """Every field of the room and its seats survives the database exactly (R-N1 pack)."""
    seats = make_seats("human", "heuristic", "search:guesses=40", "random", taken=[0])
    rooms = [
        make_room(),
        make_room(
            "room2",
            rules=RuleSet().to_spec(),
            seed=0,
            round_limit=None,
            clock_s=None,
            spectators=False,
            listed=False,
            stand_in="search:guesses=40",
            status="playing",
            created_at=T0 + 1 / 3,
            updated_at=T0 + 2 / 3,
            rematch="NEXTROOM2345",
        ),
    ]
    for number, room in enumerate(rooms, start=1):
        await storage.create_room(room, seats, shuffled_pack(number))

    for number, room in enumerate(rooms, start=1):
        stored = await loaded(storage, room.code)
        assert stored == StoredRoom(
            room=room, seats=seats, actions=(), packs=(shuffled_pack(number),)
        )
        assert type(stored.room.seed) is int and type(stored.room.created_at) is float


@pytest.mark.asyncio
async def test_actions_come_back_in_order_with_their_packs(
    storage_url: str, storage: Storage
) -> None:
    """Appended actions reload by number; new packs follow the first one in deal order,
    also after the storage is closed and opened again (a restarted server)."""
    await create(storage, seed=1)
    for entry in SOME_ACTIONS[:3]:
        await storage.append_action("room1", entry)
    # the action that ends a round deals the next one: its pack goes with it
    await storage.append_action("room1", SOME_ACTIONS[3], [shuffled_pack(2)])
    await storage.append_action("room1", SOME_ACTIONS[4], [shuffled_pack(3), shuffled_pack(4)])
    await storage.append_action("room1", SOME_ACTIONS[5])
    await storage.close()

    reopened = await Storage.open(storage_url)
    try:
        stored = await loaded(reopened)
    finally:
        await reopened.close()
    assert stored.actions == SOME_ACTIONS
    assert stored.packs == tuple(shuffled_pack(seed) for seed in (1, 2, 3, 4))
    assert stored.room.updated_at == SOME_ACTIONS[-1].at


@pytest.mark.asyncio
async def test_a_duplicate_action_number_is_refused_and_nothing_changes(storage: Storage) -> None:
    """A second action 2 is refused; the packs written before it in the same transaction
    are taken back, and the room's updated_at stays."""
    await create(storage)
    await storage.append_action("room1", SOME_ACTIONS[0])
    await storage.append_action("room1", SOME_ACTIONS[1])
    before = await loaded(storage)

    again = logged(2, action_to_json(Draw(1)), at=T0 + 99)
    with pytest.raises(StorageError, match="action 2 of room 'room1' was not stored"):
        await storage.append_action("room1", again, [shuffled_pack(7)])

    assert await loaded(storage) == before


@pytest.mark.asyncio
async def test_a_client_id_is_applied_once_per_seat(storage: Storage) -> None:
    """The same client id from the same seat is refused (a retried action is applied
    once); the same id from another seat, and actions without ids, are fine."""
    await create(storage)
    await storage.append_action("room1", logged(1, ["pass", 0], seat=0, client_id="x"))
    before = await loaded(storage)

    retried = logged(2, ["pass", 0], seat=0, client_id="x")
    with pytest.raises(StorageError):
        await storage.append_action("room1", retried, [shuffled_pack(5)])
    assert await loaded(storage) == before

    await storage.append_action("room1", logged(2, ["pass", 1], seat=1, client_id="x"))
    await storage.append_action("room1", logged(3, ["draw", 1]))
    await storage.append_action("room1", logged(4, ["draw", 1]))
    await storage.append_action("room1", logged(5, ["pass", 0], seat=0))
    await storage.append_action("room1", logged(6, ["pass", 0], seat=0))
    assert [entry.number for entry in (await loaded(storage)).actions] == [1, 2, 3, 4, 5, 6]


@pytest.mark.asyncio
async def test_find_client_action(storage: Storage) -> None:
    """A client id leads back to the number of the action it made, per room and seat."""
    await create(storage)
    await create(storage, make_room("room2"))
    for entry in SOME_ACTIONS:
        await storage.append_action("room1", entry)

    assert await storage.find_client_action("room1", 1, "c-1") == 2
    assert await storage.find_client_action("room1", 2, "c-1") == 3
    assert await storage.find_client_action("room1", 1, "c-2") == 6
    assert await storage.find_client_action("room1", 3, "c-1") is None
    assert await storage.find_client_action("room2", 1, "c-1") is None
    assert await storage.find_client_action("nowhere", 1, "c-1") is None


@pytest.mark.asyncio
async def test_unknown_rooms_and_seats_are_refused(storage: Storage) -> None:
    """Writing to a room or seat that does not exist is refused; reading finds nothing."""
    assert await storage.load_room("nowhere") is None
    with pytest.raises(StorageError):
        await storage.append_action("nowhere", SOME_ACTIONS[0], [shuffled_pack(1)])
    with pytest.raises(StorageError, match="no room 'nowhere'"):
        await storage.set_status("nowhere", "closed", T0)
    with pytest.raises(StorageError, match="has no seat 0"):
        await storage.update_seat("nowhere", make_seats()[0], T0)
    assert await storage.load_room("nowhere") is None
    assert await storage.unfinished_rooms() == []


@pytest.mark.asyncio
async def test_bad_values_are_refused_and_nothing_is_stored(storage: Storage) -> None:
    """Values the server never writes are refused before or by the database."""
    bad_rooms = [
        make_room(seed=2**63),
        make_room(seed=-1),
        make_room(status="paused"),
        make_room(rules={"preset": {1, 2}}),  # not JSON
    ]
    for room in bad_rooms:
        with pytest.raises(StorageError):
            await storage.create_room(room, make_seats(), shuffled_pack(1))
    with pytest.raises(StorageError, match="seats 0 to 3"):
        await storage.create_room(make_room(), make_seats()[:3], shuffled_pack(1))
    with pytest.raises(StorageError, match="not a list of cards"):
        await storage.create_room(make_room(), make_seats(), (0, 1, 54))
    assert await storage.load_room("room1") is None

    await create(storage)
    before = await loaded(storage)
    bad_entries = [
        (logged(1, ["draw", 1], seat=4), ()),
        (logged(1, [{"draw"}]), ()),
        (logged(1, ["draw", 1]), [(0, 99)]),
        (logged(0, ["draw", 1]), ()),  # actions are numbered from 1
    ]
    for entry, new_packs in bad_entries:
        with pytest.raises(StorageError):
            await storage.append_action("room1", entry, new_packs)
    with pytest.raises(StorageError):
        await storage.set_status("room1", "paused", T0 + 5)
    with pytest.raises(StorageError):
        await storage.update_seat("room1", SeatRow(4, "human", "x", None), T0 + 5)
    with pytest.raises(StorageError):  # the room's code is taken
        await create(storage, make_room(seed=5))
    assert await loaded(storage) == before


@pytest.mark.asyncio
async def test_status_changes(storage: Storage) -> None:
    """A room goes waiting → playing → finished; each change moves updated_at."""
    await create(storage)
    for step, status in enumerate(("playing", "finished", "closed"), start=1):
        await storage.set_status("room1", status, T0 + 10 * step)
        room = (await loaded(storage)).room
        assert (room.status, room.updated_at) == (status, T0 + 10 * step)
        assert room.created_at == make_room().created_at


@pytest.mark.asyncio
async def test_seats_change_and_a_token_hash_finds_its_seat(storage: Storage) -> None:
    """Taking a seat stores the token's hash, which finds the seat again, in that room
    only; giving a bot's seat to a human changes its player (between rounds)."""
    await create(storage)
    await create(storage, make_room("room2"))
    await storage.update_seat("room1", SeatRow(2, "human", "Li", HASH), T0 + 3)
    await storage.update_seat("room1", SeatRow(3, "heuristic", "bot", None), T0 + 4)

    stored = await loaded(storage)
    assert stored.seats[2] == SeatRow(2, "human", "Li", HASH)
    assert stored.seats[3] == SeatRow(3, "heuristic", "bot", None)
    assert stored.seats[:2] == make_seats()[:2]
    assert stored.room.updated_at == T0 + 4
    assert await storage.find_seat_by_token_hash("room1", HASH) == 2
    assert await storage.find_seat_by_token_hash("room1", "cd" * 32) is None
    assert await storage.find_seat_by_token_hash("room2", HASH) is None


@pytest.mark.asyncio
async def test_unfinished_and_idle_rooms(storage: Storage) -> None:
    """Unfinished rooms are the waiting and playing ones (the server resumes them);
    idle ones are those of them not updated since a time."""
    statuses = {"a": "waiting", "b": "playing", "c": "finished", "d": "closed", "e": "playing"}
    for number, (code, status) in enumerate(statuses.items()):
        when = T0 + number
        await create(storage, make_room(code, status=status, created_at=when, updated_at=when))
    await storage.append_action("b", logged(1, ["draw", 1], at=T0 + 100))

    assert await storage.unfinished_rooms() == ["a", "b", "e"]
    assert await storage.idle_rooms(before=T0 + 50) == ["a", "e"]
    assert await storage.idle_rooms(before=T0) == []
    assert await storage.idle_rooms(before=T0 + 101) == ["a", "e", "b"]


@pytest.mark.asyncio
async def test_listed_rooms_are_waiting_listed_rooms_with_a_free_human_seat(
    storage: Storage,
) -> None:
    """The public list: listed, waiting, a human seat without a token; newest first."""
    plans: dict[str, tuple[dict[str, Any], tuple[SeatRow, ...]]] = {
        "open": ({}, make_seats("human", "random", "human", "heuristic", taken=[0])),
        "newer": ({}, make_seats()),
        "unlisted": ({"listed": False}, make_seats()),
        "playing": ({"status": "playing"}, make_seats()),
        "full": ({}, make_seats("human", "random", "random", "random", taken=[0])),
        "bots": ({}, make_seats("random", "random", "random", "random")),
    }
    for number, (code, (changes, seats)) in enumerate(plans.items()):
        room = make_room(code, created_at=T0 + number, **changes)
        await storage.create_room(room, seats, shuffled_pack(number))

    listed = await storage.listed_rooms()
    assert listed == [
        RoomSummary(
            code="newer",
            created_at=T0 + 1,
            rules=make_room().rules,
            status="waiting",
            open_seats=(0, 1, 2, 3),
            names=tuple(seat.name for seat in make_seats()),
            players=tuple(seat.player for seat in make_seats()),
        ),
        RoomSummary(
            code="open",
            created_at=T0,
            rules=make_room().rules,
            status="waiting",
            open_seats=(2,),
            names=tuple(seat.name for seat in make_seats()),
            players=("human", "random", "human", "heuristic"),
        ),
    ]
    assert [room.code for room in await storage.listed_rooms(limit=1)] == ["newer"]
    assert await storage.listed_rooms(limit=0) == []


@pytest.mark.asyncio
async def test_concurrent_rooms_all_land(storage: Storage) -> None:
    """Rooms write at once (one transaction each, from many coroutines): every action
    lands, none twice; SQLite writers wait for each other instead of failing."""
    codes = [f"r{number}" for number in range(6)]
    for code in codes:
        await create(storage, make_room(code))

    async def play(code: str) -> None:
        for number in range(1, 16):
            await storage.append_action(code, logged(number, ["draw", 1]), [(number % 54,)])

    await asyncio.wait_for(asyncio.gather(*(play(code) for code in codes)), timeout=30)
    for code in codes:
        stored = await loaded(storage, code)
        assert [entry.number for entry in stored.actions] == list(range(1, 16))
        assert stored.packs[1:] == tuple((number % 54,) for number in range(1, 16))


@pytest.mark.asyncio
async def test_migrations_run_once_and_match_the_tables_the_queries_use(
    storage_url: str,
) -> None:
    """Opening a database migrates it to head; opening it again changes nothing (the
    rooms stay); the migrated tables are the ones the storage's queries describe."""
    first = await Storage.open(storage_url)
    try:
        await create(first)
    finally:
        await first.close()
    second = await Storage.open(storage_url)
    try:
        assert (await loaded(second)).room == make_room()
    finally:
        await second.close()

    engine = create_async_engine(storage_url)
    try:
        async with engine.connect() as connection:
            versions = (await connection.execute(sa.text("SELECT * FROM alembic_version"))).all()
            differences = await connection.run_sync(
                lambda sync: compare_metadata(MigrationContext.configure(sync), metadata)
            )
    finally:
        await engine.dispose()
    assert [tuple(row) for row in versions] == [("0003",)]
    assert differences == []


@pytest.mark.asyncio
async def test_a_database_that_cannot_be_opened_is_refused(tmp_path: Path) -> None:
    """A URL of another kind of database, or a file that cannot be made, gives a
    StorageError that says so."""
    with pytest.raises(StorageError):
        await Storage.open("mysql+aiomysql://nobody@127.0.0.1/none")
    with pytest.raises(StorageError, match=r"the folder \S*missing of its file does not exist"):
        await Storage.open(f"sqlite+aiosqlite:///{tmp_path / 'missing' / 'server.sqlite3'}")
    with pytest.raises(StorageError):
        await Storage.open("not a url")


def test_the_postgres_helper_fails_loudly_without_its_programs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No PostgreSQL programs: the tests that need the server fail saying so (no skip)."""
    monkeypatch.setenv(BIN_VARIABLE, str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="initdb, pg_ctl, createdb not found"):
        start_cluster()


def test_a_postgres_cluster_is_private_and_leaves_nothing_behind() -> None:
    """The helper's own server: its folder is private to the cluster's user, it listens
    on 127.0.0.1 only, and stop() ends it and deletes the folder (twice is harmless)."""
    cluster = start_cluster()
    try:
        assert cluster.folder.stat().st_mode & 0o777 == 0o700
        if os.geteuid() == 0:
            assert cluster.folder.owner() == "postgres"
        url = cluster.create_database("made")
        assert url == f"postgresql+asyncpg://postgres@127.0.0.1:{cluster.port}/made"
        with pytest.raises(ValueError, match="not a plain database name"):
            cluster.create_database("drop table")
        shown = subprocess.run(
            [
                str(cluster.bin_folder / "psql"),
                "--host=127.0.0.1",
                f"--port={cluster.port}",
                "--username=postgres",
                "--dbname=made",
                "--tuples-only",
                "--no-align",
                "--command=SHOW listen_addresses",
            ],
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        assert shown.stdout.strip() == "127.0.0.1"
    finally:
        cluster.stop()
    assert not cluster.folder.exists()
    assert cluster.pid is not None
    status = Path(f"/proc/{cluster.pid}/stat")
    # gone, or exited and waiting to be reaped (a container's first process may not reap)
    assert not status.exists() or status.read_text().split(") ", 1)[1].startswith("Z")
    cluster.stop()


@pytest.mark.asyncio
async def test_a_rematch_is_linked_once_and_kept(storage: Storage) -> None:
    """The first rematch set stays (two players asking at once make one link); an
    unknown room is refused."""
    await create(storage, make_room(status="finished"))
    assert (await loaded(storage)).room.rematch is None
    assert await storage.set_rematch("room1", "FIRSTCODE234") == "FIRSTCODE234"
    assert await storage.set_rematch("room1", "OTHERCODE567") == "FIRSTCODE234"
    assert (await loaded(storage)).room.rematch == "FIRSTCODE234"
    with pytest.raises(StorageError, match="no room"):
        await storage.set_rematch("nowhere", "FIRSTCODE234")


def _upgrade(connection: sa.Connection, revision: str) -> None:
    """Run the shipped migrations up to ``revision`` only."""
    config = Config(attributes={"connection": connection})
    config.set_main_option("script_location", MIGRATIONS)
    command.upgrade(config, revision)


@pytest.mark.asyncio
async def test_a_database_of_the_first_revision_is_upgraded_with_its_rooms(
    storage_url: str,
) -> None:
    """A server's database made before rematches (revision 0001) keeps its rooms when
    a newer server opens it: they have no rematch yet, and can be given one."""
    engine = create_async_engine(storage_url)
    try:
        async with engine.begin() as connection:
            await connection.run_sync(_upgrade, "0001")
            await connection.execute(
                sa.text(
                    "INSERT INTO rooms (code, created_at, updated_at, rules, seed, round_limit,"
                    " clock_s, spectators, listed, stand_in, status, admin_hash) VALUES ("
                    "'old1', 1.0, 2.0, '{\"preset\": \"standard\"}', 7, NULL, NULL, true,"
                    " false, 'heuristic', 'finished', :hash)"
                ),
                {"hash": HASH},
            )
    finally:
        await engine.dispose()
    storage = await Storage.open(storage_url)
    try:
        stored = await storage.load_room("old1")
        assert stored is not None
        assert (stored.room.status, stored.room.seed, stored.room.rematch) == ("finished", 7, None)
        assert await storage.set_rematch("old1", "NEWROOM23456") == "NEWROOM23456"
    finally:
        await storage.close()
