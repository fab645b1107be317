"""Driving rooms of scripted clients over HTTP and WebSockets, for the load runs
(bench/serve_load.py against one server, bench/cluster_load.py through the cluster's
proxy): creating a room and taking its seats from the room's own loopback address,
starting a :class:`~serve_clients.Client` per seat, counting what a finished room's
record holds, and the latency of each timed action.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from serve_clients import Bench, Client, RoomRun

#: seconds one setup step (a request, a connection, a welcome) may take
STEP_S = 30.0
#: how many times a request refused with 503 "try again" is sent again: in a cluster
#: (bench/cluster_load.py) a room being handed between processes answers so for a moment
RETRIES_503 = 20


async def send(http: httpx.AsyncClient, method: str, path: str, body: Any = None) -> httpx.Response:
    """A request, sent again (after its Retry-After) while it is refused with 503."""
    for _ in range(RETRIES_503):
        answer = await http.request(method, path, json=body)
        if answer.status_code != 503:
            break
        await asyncio.sleep(min(2.0, float(answer.headers.get("retry-after", "0.5"))))
    return answer


def room_body(room: RoomRun, guesses: int, round_limit: int | None = 1) -> dict[str, Any]:
    """The room ``room`` is made with: four human seats (a search bot in one when the
    room has a search seat), ``round_limit`` rounds (None: a whole game), no spectators."""
    seats: list[dict[str, str]] = [
        {"player": "human", "name": f"load {room.index}.{seat}"} for seat in range(4)
    ]
    if room.search_seat is not None:
        seats[room.search_seat] = {"player": f"search:guesses={guesses}", "name": "search"}
    return {"rules": "standard", "seats": seats, "round_limit": round_limit, "spectators": False}


def room_http(bench: Bench, room: RoomRun) -> httpx.AsyncClient:
    """An HTTP client that connects from the room's own loopback address."""
    return httpx.AsyncClient(
        base_url=bench.base_url,
        transport=httpx.AsyncHTTPTransport(local_address=room.address),
        timeout=STEP_S,
        trust_env=False,
    )


async def seat_client(
    bench: Bench, http: httpx.AsyncClient, room: RoomRun, seat: int, tasks: list[asyncio.Task[None]]
) -> Client:
    """Take ``seat`` over HTTP and start its client; it returns once the client is in."""
    answer = await send(http, "POST", f"/api/rooms/{room.code}/seats/{seat}", {"name": f"s{seat}"})
    if answer.status_code != 201:
        raise RuntimeError(f"seat {seat} of room {room.index}: {answer.status_code} {answer.text}")
    client = Client(bench, room, seat, answer.json()["token"])
    room.clients.append(client)
    task = asyncio.create_task(client.run())
    tasks.append(task)
    welcomed = asyncio.create_task(client.welcomed.wait())
    await asyncio.wait({task, welcomed}, timeout=STEP_S, return_when=asyncio.FIRST_COMPLETED)
    welcomed.cancel()
    if not client.welcomed.is_set():
        raise RuntimeError(f"seat {seat} of room {room.index}: no welcome")
    return client


async def prepare(
    bench: Bench,
    room: RoomRun,
    guesses: int,
    tasks: list[asyncio.Task[None]],
    round_limit: int | None = 1,
) -> None:
    """Create the room and seat every client but the last (the game waits for it)."""
    async with room_http(bench, room) as http:
        answer = await send(http, "POST", "/api/rooms", room_body(room, guesses, round_limit))
        if answer.status_code != 201:
            raise RuntimeError(f"room {room.index}: {answer.status_code} {answer.text}")
        room.code = answer.json()["code"]
        for seat in room.human_seats[:-1]:
            await seat_client(bench, http, room, seat, tasks)


async def complete(bench: Bench, room: RoomRun, tasks: list[asyncio.Task[None]]) -> None:
    """Take the room's last seat: the game starts."""
    async with room_http(bench, room) as http:
        await seat_client(bench, http, room, room.human_seats[-1], tasks)
    room.all_connected = time.perf_counter()


async def count_logged(bench: Bench, room: RoomRun) -> None:
    """The number of actions the finished room's record holds (each drawn card one)."""
    async with room_http(bench, room) as http:
        answer = await send(http, "GET", f"/api/rooms/{room.code}/record")
    if answer.status_code != 200:
        bench.error("record", f"room {room.index}: {answer.status_code} {answer.text[:200]}")
        return
    actions = answer.json()["actions"]
    room.logged_actions = sum(a[1] if a[0] == "draw" else 1 for a in actions)


async def gather_bounded(jobs: list[Any], until: float, what: str, bench: Bench) -> None:
    """Run ``jobs`` (coroutines) at most 8 at a time; failures are counted as errors;
    anything left at ``until`` (monotonic time) is cancelled and counted."""
    gate = asyncio.Semaphore(8)

    async def one(job: Any) -> None:
        async with gate:
            try:
                await job
            except Exception as problem:
                bench.error(what, repr(problem))

    tasks = [asyncio.create_task(one(job)) for job in jobs]
    if not tasks:
        return
    _, late = await asyncio.wait(tasks, timeout=max(0.0, until - time.monotonic()))
    for task in late:
        task.cancel()
        bench.error("timeout", what)


def latencies_ms(bench: Bench, rooms: list[RoomRun]) -> list[float]:
    """For each timed action: from its sending to the last client's arrival of its last
    event (a missing arrival is an error)."""
    latencies = []
    for timing in bench.timings:
        arrivals = [client.arrival(timing.seq_after) for client in rooms[timing.room].clients]
        if timing.seq_after <= timing.seq_before or any(at is None for at in arrivals):
            bench.error("missing-event", f"room {timing.room} seq {timing.seq_after}")
            continue
        latencies.append((max(at for at in arrivals if at is not None) - timing.sent) * 1000)
    return latencies


async def finish_clients(
    bench: Bench, rooms: list[RoomRun], tasks: list[Any], until: float, started: float
) -> float:
    """Wait for the clients' ``tasks`` until ``until`` (monotonic time): those still
    playing then are cancelled and counted as an error. The seconds from ``started``
    (``time.perf_counter``) to the end of the last room that finished (to now if none
    did)."""
    if tasks:
        _, late = await asyncio.wait(tasks, timeout=max(0.0, until - time.monotonic()))
        for task in late:
            task.cancel()
        if late:
            bench.error("timeout", f"{len(late)} clients still playing at --timeout")
    ended = max((room.finished for room in rooms if room.finished is not None), default=None)
    return (ended or time.perf_counter()) - started
