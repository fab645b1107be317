"""The failover part of the cluster's load run (bench/cluster_load.py): how long the
rooms of a process killed with SIGKILL wait before another process accepts their next
action.

Rooms of whole games (no round limit) are played by scripted clients that reconnect as
the browser table does (bench/serve_clients.py). Then, again and again: the process
that owns the most of these rooms (``rooms.owner`` in the database, each process's id
from its ``/api/health``) is killed; for each room it owned, the failover time is from
the kill to the first action of that room that another process wrote (the action log's
``at`` and ``written_by``, read from the database); once every one of them has moved
on, the killed process is started again on its port (``--restart``) and the run waits
until the proxy has it up and a moment more, so that the next kill finds the rooms
settled. The clients are stopped at the end: the games need not finish.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

from cluster_measure import Database
from serve_clients import Bench, RoomRun
from serve_rooms import complete, gather_bounded, prepare
from tuolaji.cluster.launcher import LocalCluster
from tuolaji.cluster.servers import ServeProcess

#: the first room index of the failover rooms (their clients' loopback addresses differ
#: from the throughput rooms')
FIRST_INDEX = 2000
#: seconds a killed process's rooms may take to move on before the kill counts as failed
MOVE_ON_S = 30.0
#: seconds to let the rooms settle after the killed process is back
SETTLE_S = 1.5


@dataclass
class Kill:
    """One SIGKILL and what became of the rooms the process owned."""

    number: int
    victim: str
    rooms: int
    #: seconds from the kill to each room's first action written by another process
    failover_s: list[float] = field(default_factory=list)
    #: rooms that had not moved on within MOVE_ON_S
    stuck: int = 0
    restart_s: float = 0.0


async def _ids(cluster: LocalCluster) -> dict[str, ServeProcess]:
    """Each running process by the id it gives in /api/health."""
    found = {}
    for server in cluster.servers:
        if server.running():
            health = await asyncio.to_thread(server.health)
            if health.get("server"):
                found[str(health["server"])] = server
    return found


async def _one_kill(
    cluster: LocalCluster, db: Database, codes: list[str], number: int
) -> Kill | None:
    """Kill the process owning the most rooms, time its rooms, start it again."""
    ids = await _ids(cluster)
    owners = await db.owners(codes)
    counts: dict[str, list[str]] = {}
    for code, owner in owners.items():
        if owner in ids:
            counts.setdefault(owner, []).append(code)
    if not counts:
        return None
    victim_id, owned = max(counts.items(), key=lambda item: len(item[1]))
    victim = ids[victim_id]
    last = await db.last_numbers(owned)
    killed_at = time.time()
    await asyncio.to_thread(cluster.kill, victim.name)
    kill = Kill(number, victim.name, len(owned))
    deadline = time.monotonic() + MOVE_ON_S
    moved: dict[str, tuple[float, str | None]] = {}
    while time.monotonic() < deadline and len(moved) < len(owned):
        await asyncio.sleep(0.05)
        moved = await db.first_after(last, victim_id)
    kill.failover_s = sorted(at - killed_at for at, _writer in moved.values())
    kill.stuck = len(owned) - len(moved)
    started = time.monotonic()
    await asyncio.to_thread(cluster.restart, victim.name)
    kill.restart_s = round(time.monotonic() - started, 2)
    await asyncio.sleep(SETTLE_S)
    return kill


async def failover(
    cluster: LocalCluster, rooms: int, kills: int, think_s: float, seed: int, until: float
) -> dict[str, Any]:
    """Play ``rooms`` whole games through the cluster and kill an owner ``kills`` times;
    the figures as a dict."""
    bench = Bench(cluster.url, seed, think_s, reconnect=True)
    runs = [RoomRun(FIRST_INDEX + index, None) for index in range(rooms)]
    tasks: list[asyncio.Task[None]] = []
    await gather_bounded(
        [prepare(bench, room, 16, tasks, round_limit=None) for room in runs], until, "setup", bench
    )
    ready = [room for room in runs if room.code and len(room.clients) == 3]
    await gather_bounded([complete(bench, room, tasks) for room in ready], until, "setup", bench)
    codes = [room.code for room in ready]
    db = await Database.open(cluster.db_url)
    done: list[Kill] = []
    try:
        await asyncio.sleep(SETTLE_S)
        for number in range(1, kills + 1):
            if time.monotonic() > until - MOVE_ON_S:
                bench.error("timeout", f"{len(done)} kills of {kills} at --timeout")
                break
            kill = await _one_kill(cluster, db, codes, number)
            if kill is None:
                bench.error("no-owner", "no process owned a room of the run")
                break
            done.append(kill)
        takes = await db.takes(codes)
    finally:
        await db.close()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return _figures(bench, done, takes, len(ready))


def _spread(values: list[float]) -> dict[str, float]:
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    return {
        "n": len(ordered),
        "median": round(statistics.median(ordered), 3),
        "p95": round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 3),
        "max": round(ordered[-1], 3),
    }


def _figures(
    bench: Bench, kills: list[Kill], takes: list[dict[str, Any]], rooms: int
) -> dict[str, Any]:
    every_room = [seconds for kill in kills for seconds in kill.failover_s]
    slowest = [max(kill.failover_s) for kill in kills if kill.failover_s]
    reasons: dict[str, int] = {}
    for take in takes:
        reasons[take["reason"]] = reasons.get(take["reason"], 0) + 1
    return {
        "rooms": rooms,
        "kills": len(kills),
        "rooms_per_kill": _spread([float(kill.rooms) for kill in kills]),
        "failover_s_every_room": _spread(every_room),
        "failover_s_slowest_room_of_each_kill": _spread(slowest),
        "stuck_rooms": sum(kill.stuck for kill in kills),
        "restart_s": _spread([kill.restart_s for kill in kills]),
        "takes_by_reason": reasons,
        "client_reconnects": bench.reconnects,
        "client_actions": bench.actions_accepted,
        "errors": dict(bench.errors),
        "error_examples": bench.error_examples,
        "expected": dict(bench.expected),
        "each_kill": [
            {
                "victim": kill.victim,
                "rooms": kill.rooms,
                "failover_s": [round(value, 3) for value in kill.failover_s],
                "stuck": kill.stuck,
                "restart_s": kill.restart_s,
            }
            for kill in kills
        ],
    }
