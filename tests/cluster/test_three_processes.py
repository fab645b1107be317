"""Three ``tuolaji serve`` processes behind HAProxy on one PostgreSQL, played through
the proxy only: rooms land on each; a process killed with SIGKILL in the middle of a
trick, then another in the middle of the next round's deal, loses none of its rooms (each is taken
over by a live process and finishes, every acknowledged action kept, never two drivers
at once); a process started later takes its share of the new rooms and moves none that
are being played.
"""

from __future__ import annotations

import asyncio
import random
import time
from dataclasses import dataclass, field
from typing import Any

import pytest

from cluster.tables import (
    LogMark,
    NoKills,
    Tables,
    check_finished,
    check_one_driver,
    finish,
    log_tails,
    make_rooms,
    owners,
    rooms_hashed_to,
    rooms_on_every_process,
    seat_room,
    server_ids,
    start,
    stop,
)
from server.crashkit import SeatClient
from server.sharing import database_rows
from tuolaji.cluster.launcher import LocalCluster
from tuolaji.game import Phase

#: the servers of this module's cluster (conftest.py)
PROCESSES = 3
#: rooms played while processes are killed: two rounds each, so that a second kill
#: still finds games in play after the first process is back
KILL_ROOMS = 6
KILL_ROUNDS = 2
#: how long a moment may take to come before the test fails (seconds)
MOMENT_S = 30.0
#: a loose bound on a killed process's rooms moving on (the benchmark measures it;
#: docs/benchmarks.md): from the kill to each room's first action by another process
MOVED_ON_S = 15.0


@pytest.mark.asyncio
async def test_rooms_land_on_each_of_three_processes_and_play_to_the_end(
    cluster: LocalCluster,
) -> None:
    """Each process owns rooms once their seats are taken; every game finishes; every
    acknowledged action is in its record; no room had two drivers."""
    placed = await rooms_on_every_process(cluster, seed=3)
    assert sorted(set(placed.values())) == ["s1", "s2", "s3"]


@dataclass
class Kill:
    """A SIGKILL of the process owning a room, at a moment of that room's game."""

    moment: str
    victim: str = ""
    victim_id: str = ""
    at: float = 0.0
    #: the rooms the victim owned, and the acks their seats had, when it was killed
    rooms: list[str] = field(default_factory=list)
    acked: int = 0


class OwnerKiller:
    """Kills the process that owns a room when one of that room's seats sees the moment
    come: ``dealing`` (an event while the cards are dealt) or ``mid-trick`` (a trick of
    one to three plays). Synchronous, in the seat's frame handler: nothing of the room
    gets in between."""

    def __init__(self, cluster: LocalCluster, tables: Tables) -> None:
        self.cluster = cluster
        self.tables = tables
        self.armed: Kill | None = None
        self.owner_of: dict[str, str] = {}
        self.fired = asyncio.Event()

    def arm(self, kill: Kill, owner_of: dict[str, str], ids: dict[str, str]) -> None:
        """Kill the owner of most of the rooms in ``owner_of`` at ``kill.moment``."""
        counts: dict[str, int] = {}
        for name in owner_of.values():
            counts[name] = counts.get(name, 0) + 1
        kill.victim = max(sorted(counts), key=lambda name: counts[name])
        kill.victim_id = ids[kill.victim]
        self.owner_of = owner_of
        self.armed = kill
        self.fired.clear()

    def after_send(self, client: SeatClient) -> None:
        """Nothing: the moments are seen in frames."""

    def after_frame(self, client: SeatClient, frame: dict[str, Any]) -> None:
        """Fire when ``client`` sees the armed moment in a room of the victim."""
        kill = self.armed
        if kill is None or frame.get("type") != "event" or client.view is None:
            return
        if self.owner_of.get(client.code) != kill.victim:
            return
        # not before a seat of the victim's rooms has an acknowledged action to lose
        victims = [c for c in self.tables.clients if self.owner_of.get(c.code) == kill.victim]
        if not any(c.acked for c in victims):
            return
        seen = client.view.observation
        if (kill.moment == "dealing" and seen.phase is Phase.DRAW) or (
            kill.moment == "mid-trick" and seen.phase is Phase.PLAY and 0 < len(seen.trick) < 4
        ):
            self.armed = None
            kill.at = time.time()
            self.cluster.server(kill.victim).kill()
            kill.rooms = [code for code, name in self.owner_of.items() if name == kill.victim]
            kill.acked = sum(len(c.acked) for c in self.tables.clients if c.code in set(kill.rooms))
            self.fired.set()


async def _kill_at(killer: OwnerKiller, kill: Kill, codes: list[str]) -> None:
    """Arm ``kill`` on the rooms of ``codes`` still in play, wait for it, start the
    victim again on its port."""
    cluster = killer.cluster
    killer.arm(kill, await owners(cluster, codes), await server_ids(cluster))
    await asyncio.wait_for(killer.fired.wait(), MOMENT_S)
    await asyncio.to_thread(cluster.restart, kill.victim)


async def _moved_on(cluster: LocalCluster, kill: Kill) -> dict[str, float]:
    """For each room the victim owned: seconds from the kill to its first action
    written by another process, and that the victim's id wrote nothing after."""
    rows = await database_rows(
        cluster.db_url,
        "SELECT code, min(at) AS first FROM actions WHERE at > :at "
        "AND written_by IS DISTINCT FROM :victim GROUP BY code",
        at=kill.at,
        victim=kill.victim_id,
    )
    late = await database_rows(
        cluster.db_url,
        "SELECT count(*) AS n FROM actions WHERE written_by = :victim AND at > :at",
        victim=kill.victim_id,
        at=kill.at + 0.5,  # an action the victim committed as it was killed
    )
    assert late[0].n == 0, f"{kill.victim} wrote actions after it was killed"
    first = {row.code: row.first - kill.at for row in rows}
    return {code: first.get(code, float("inf")) for code in kill.rooms}


@pytest.mark.asyncio
async def test_killed_owners_lose_nothing_and_never_share_a_room(cluster: LocalCluster) -> None:
    """The owner of most rooms is killed (SIGKILL) in the middle of a trick, and after
    it is back, the owner of most rooms then while the second round is dealt: every
    room of each
    is taken over by a live process and played to its end; every action acknowledged
    to a seat — before the kills and after — is in the finished record; the ownership
    audit shows one driver at a time and every action written by the owner of its time."""
    rng = random.Random(31)
    mark = LogMark(cluster)
    tables = Tables()
    killer = OwnerKiller(cluster, tables)
    codes = await make_rooms(cluster, KILL_ROOMS, killer, rng, tables, rounds=KILL_ROUNDS)
    tasks = start(cluster, tables.clients)
    kills = [Kill("mid-trick"), Kill("dealing")]
    try:
        for kill in kills:
            await _kill_at(killer, kill, codes)
        await finish(tasks)
    except BaseException:
        await stop(tasks)
        print(log_tails(cluster))
        raise
    await check_finished(cluster, tables, codes)
    takes = await check_one_driver(cluster, codes)
    for kill in kills:
        assert kill.rooms and kill.acked, f"the kill {kill} hit no room in play"
        moved = await _moved_on(cluster, kill)
        print(f"{kill.moment}: {kill.victim} killed; its rooms moved on after {moved}")
        assert all(seconds <= MOVED_ON_S for seconds in moved.values()), moved
        for code in kill.rooms:
            after = [take for take in takes[code] if take.taken_at >= kill.at]
            assert after and all(take.server != kill.victim_id for take in after[:1]), (
                f"room {code} of {kill.victim} was not taken over: {takes[code]}"
            )
    mark.check()


@pytest.mark.asyncio
async def test_a_process_started_later_takes_new_rooms_and_moves_none_in_play(
    cluster: LocalCluster,
) -> None:
    """With rooms in play, a fourth process joins: new rooms land on it too; the rooms
    in play keep their owner (none is taken again after it joined); all finish, with
    one driver at a time."""
    rng = random.Random(41)
    mark = LogMark(cluster)
    tables = Tables()
    hooks = NoKills()
    playing = await make_rooms(cluster, 3, hooks, rng, tables, rounds=KILL_ROUNDS)
    tasks = start(cluster, tables.clients)
    try:
        before = await owners(cluster, playing)
        newcomer = await asyncio.to_thread(cluster.add_server)
        joined = time.time()
        found = await rooms_hashed_to(cluster, [newcomer.name])
        code, address = found[newcomer.name]
        await seat_room(cluster, code, address, hooks, rng, tables)
        tasks += start(cluster, tables.of(code))
        placed = await owners(cluster, [code])
        assert placed == {code: newcomer.name}, f"the new room went to {placed}"
        still = await owners(cluster, playing)
        assert {code: still[code] for code in still} == {code: before[code] for code in still}
        await finish(tasks)
    except BaseException:
        await stop(tasks)
        print(log_tails(cluster))
        raise
    await check_finished(cluster, tables, tables.codes)
    takes = await check_one_driver(cluster, tables.codes)
    for code in playing:
        moved = [take for take in takes[code] if take.taken_at > joined]
        assert not moved, f"room {code}, in play, was moved when {newcomer.name} joined: {moved}"
    mark.check()
