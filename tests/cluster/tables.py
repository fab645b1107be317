"""What the cluster tests play and check: rooms made and played through the proxy only,
by the crash tests' scripted seats (tests/server/crashkit.py: every action with an id,
sent again after a reconnect with the token and the last event number), and the
database's account of who drove each room.

:class:`Front` is the proxy as the scripted seats see a server (always up: a process
that dies is the proxy's business). :func:`make_rooms` creates rooms through the front
and takes their human seats; :func:`play` runs their seats to the end of the game;
:func:`check_finished` downloads each record through the front and checks that it
replays, that every action a client had an ack for is in the log at its number, and
that no client's action is there twice; :func:`check_one_driver` checks the ownership
audit (``room_takes``) against ``actions.written_by``.
"""

from __future__ import annotations

import asyncio
import itertools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest

from server.crashkit import SeatClient
from server.sharing import check_single_writers, database_rows
from tuolaji.bots.random_player import RandomPlayer
from tuolaji.cluster.launcher import LocalCluster
from tuolaji.game.record import record_from_json, replay
from tuolaji.server.storage import Storage

#: the seats of every room: two people (scripted) and two bots, one round
PLAN = ("human", "random", "human", "random")
#: how long the games of one test may take to end (seconds)
PLAY_TIMEOUT_S = 90.0
#: the rooms' loopback addresses (127.3.x.y), one each, never twice in a test process
_ADDRESSES = itertools.count()
#: how long an HTTP request through the proxy may take, and how often one refused with
#: "try again" (the room moving between processes) is sent again
HTTP_TIMEOUT_S = 20.0
HTTP_TRIES = 20


class Front:
    """The proxy, as the scripted seats of tests/server/crashkit.py see a server."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.up = asyncio.Event()
        self.up.set()
        #: never changes: the proxy stays; a seat that loses its connection tries again
        self.generation = 1

    def ws_url(self, code: str) -> str:
        """The WebSocket address of room ``code``, through the proxy."""
        return self.url.replace("http", "ws", 1) + f"/ws/{code}"


class NoKills:
    """Hooks that do nothing (a run without kills)."""

    def after_send(self, client: SeatClient) -> None:
        """Nothing."""

    def after_frame(self, client: SeatClient, frame: dict[str, Any]) -> None:
        """Nothing."""


@dataclass
class Tables:
    """The rooms of a test and their scripted seats."""

    codes: list[str] = field(default_factory=list)
    clients: list[SeatClient] = field(default_factory=list)
    #: the loopback address each room's people connect from
    addresses: dict[str, str] = field(default_factory=dict)

    def of(self, code: str) -> list[SeatClient]:
        """The seats of room ``code``."""
        return [client for client in self.clients if client.code == code]


async def request(
    http: httpx.AsyncClient, method: str, path: str, body: dict[str, Any] | None = None
) -> httpx.Response:
    """A request through the proxy, sent again while it is refused with "try again"
    (503: the room is moving between processes)."""
    for _ in range(HTTP_TRIES):
        answer = await http.request(method, path, json=body)
        if answer.status_code != 503:
            return answer
        await asyncio.sleep(float(answer.headers.get("retry-after", "0.5")))
    return answer


def room_address() -> str:
    """A new loopback address for a room's people: the server's rate limits count per
    client address (the proxy passes it on in X-Forwarded-For), as for people at
    different tables."""
    number = next(_ADDRESSES)
    return f"127.3.{number // 250}.{number % 250 + 1}"


def front_http(cluster: LocalCluster, address: str = "127.0.0.1") -> httpx.AsyncClient:
    """An HTTP client of the proxy, connecting from ``address``."""
    return httpx.AsyncClient(
        base_url=cluster.url,
        timeout=HTTP_TIMEOUT_S,
        trust_env=False,
        transport=httpx.AsyncHTTPTransport(local_address=address),
    )


async def create_room(cluster: LocalCluster, rounds: int = 1) -> tuple[str, str]:
    """Create a room of :data:`PLAN` and ``rounds`` rounds through the proxy, from a
    new address: its code and that address."""
    address = room_address()
    async with front_http(cluster, address) as http:
        seats = [{"player": player} for player in PLAN]
        body = {"rules": "standard", "round_limit": rounds, "seats": seats}
        answer = await request(http, "POST", "/api/rooms", body)
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], address


async def seat_room(
    cluster: LocalCluster,
    code: str,
    address: str,
    hooks: Any,
    rng: random.Random,
    tables: Tables,
) -> None:
    """Take the human seats of room ``code`` through the proxy, from ``address``: a
    scripted seat each, added to ``tables``."""
    async with front_http(cluster, address) as http:
        for seat, player in enumerate(PLAN):
            if player != "human":
                continue
            taken = await request(
                http, "POST", f"/api/rooms/{code}/seats/{seat}", {"name": f"p{seat}"}
            )
            assert taken.status_code == 201, taken.text
            player_bot = RandomPlayer(rng.randrange(2**32))
            tables.clients.append(
                SeatClient(code, seat, taken.json()["token"], player_bot, hooks, address=address)
            )
    tables.codes.append(code)
    tables.addresses[code] = address


async def make_rooms(
    cluster: LocalCluster,
    count: int,
    hooks: Any,
    rng: random.Random,
    tables: Tables,
    rounds: int = 1,
) -> list[str]:
    """Create ``count`` rooms of :data:`PLAN` and ``rounds`` rounds through the proxy
    and take their human seats (a scripted seat each, added to ``tables``); their
    codes."""
    made = []
    for _ in range(count):
        code, address = await create_room(cluster, rounds)
        await seat_room(cluster, code, address, hooks, rng, tables)
        made.append(code)
    return made


#: rooms created at most to find one that hashes to each wanted process (the share of
#: a process on the ring is a quarter or so: 60 rooms miss one with odds below 1e-6)
MOST_LOOKUPS = 60


async def rooms_hashed_to(
    cluster: LocalCluster, names: Iterable[str], rounds: int = 1
) -> dict[str, tuple[str, str]]:
    """A room (its code and address) for each process of ``names``: rooms are created
    and looked up through the proxy (which moves each to the process its code hashes
    to) until each of those owns one. The rooms not kept stay waiting, unseated."""
    wanted = set(names)
    found: dict[str, tuple[str, str]] = {}
    for _ in range(MOST_LOOKUPS):
        code, address = await create_room(cluster, rounds)
        async with front_http(cluster, address) as http:
            answer = await request(http, "GET", f"/api/rooms/{code}")
        assert answer.status_code == 200, answer.text
        owner = (await owners(cluster, [code])).get(code)
        if owner in wanted and owner not in found:
            found[owner] = (code, address)
            if set(found) == wanted:
                break
    assert set(found) == wanted, f"no room hashed to {sorted(wanted - set(found))}"
    return found


def start(cluster: LocalCluster, clients: Iterable[SeatClient]) -> list[asyncio.Task[None]]:
    """Start playing the seats ``clients`` through the proxy."""
    front = Front(cluster.url)
    return [asyncio.create_task(client.run(front)) for client in clients]  # type: ignore[arg-type]


async def finish(tasks: list[asyncio.Task[None]], timeout_s: float = PLAY_TIMEOUT_S) -> None:
    """Wait until the seats have played their games to the end (bounded); a seat that
    failed fails the test."""
    try:
        await asyncio.wait_for(asyncio.gather(*tasks), timeout_s)
    finally:
        await stop(tasks)


async def stop(tasks: list[asyncio.Task[None]]) -> None:
    """Stop the seats' tasks (a test that failed leaves none playing)."""
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def owners(cluster: LocalCluster, codes: Iterable[str]) -> dict[str, str]:
    """The process (its name, s1 …) that owns each unfinished room of ``codes`` now."""
    ids = {}
    for server in cluster.servers:
        if server.running():
            ids[(await asyncio.to_thread(server.health))["server"]] = server.name
    rows = await database_rows(
        cluster.db_url, "SELECT code, owner FROM rooms WHERE status IN ('waiting', 'playing')"
    )
    wanted = set(codes)
    return {row.code: ids.get(row.owner, str(row.owner)) for row in rows if row.code in wanted}


async def server_ids(cluster: LocalCluster) -> dict[str, str]:
    """The id each running process gives in /api/health, by its name."""
    found = {}
    for server in cluster.servers:
        if server.running():
            found[server.name] = (await asyncio.to_thread(server.health))["server"]
    return found


async def check_finished(cluster: LocalCluster, tables: Tables, codes: Iterable[str]) -> None:
    """Each room's game is over; its record, downloaded through the proxy, replays to a
    finished game; every action a seat had an ack for is in the log once, at the number
    of its ack, as sent; no seat's action id is in the log twice; no seat saw a fault."""
    problems = [problem for client in tables.clients for problem in client.problems]
    assert not problems, "\n".join(problems)
    storage = await Storage.open(cluster.db_url)
    try:
        for code in codes:
            async with front_http(cluster, tables.addresses[code]) as http:
                answer = await request(http, "GET", f"/api/rooms/{code}/record")
                assert answer.status_code == 200, answer.text
                assert replay(record_from_json(answer.json())).turn().over, code
                stored = await storage.load_room(code)
                assert stored is not None and stored.room.status == "finished", code
                logged = [(e.seat, e.client_id) for e in stored.actions if e.client_id]
                assert len(logged) == len(set(logged)), f"room {code}: an action twice"
                for client in tables.of(code):
                    assert client.pending is None and client.acked, (code, client.seat)
                    for action_id, number in client.acked.items():
                        entry = stored.actions[number - 1]
                        assert (entry.seat, entry.client_id) == (client.seat, action_id), (
                            f"room {code}: the ack of {action_id} named action {number}, "
                            f"which is {entry}"
                        )
                        assert entry.action == client.sent[action_id].logged(client.seat)
    finally:
        await storage.close()


async def check_one_driver(cluster: LocalCluster, codes: Iterable[str]) -> dict[str, Any]:
    """No room ever had two drivers: each room's owners, in the ``room_takes`` audit,
    follow one another in time and each takes over from the one before it; every
    action was written by the owner of its place in the log (tests/server/sharing.py).
    Returns each room's takes (server id, reason, previous owner, actions at the take)."""
    await check_single_writers(cluster.db_url)
    takes: dict[str, Any] = {}
    for row in await database_rows(
        cluster.db_url,
        "SELECT code, server, taken_at, previous_owner, reason, actions_at_take "
        "FROM room_takes ORDER BY code, id",
    ):
        takes.setdefault(row.code, []).append(row)
    for code in codes:
        held = takes.get(code)
        assert held, f"room {code} was never taken"
        assert held[0].reason == "create", held
        for before, after in itertools.pairwise(held):
            assert after.taken_at >= before.taken_at, f"room {code}: owners overlap: {held}"
            # the next owner took the room from this one (or after it let it go)
            assert after.previous_owner in (before.server, None), (
                f"room {code}: taken from {after.previous_owner}, owned by {before.server}"
            )
    return takes


#: what a server's log must not show: an unhandled exception, or a room stopped because
#: its memory and the database disagree (the action log's primary key refused a second
#: driver's action: two drivers of one room, even inside one process)
LOG_FAULTS = ("Traceback", " stopped: ")


class LogMark:
    """Where each server's log ended when a test began, to read what it added."""

    def __init__(self, cluster: LocalCluster) -> None:
        self.cluster = cluster
        self.sizes = {server.name: _size(server.log_path) for server in cluster.servers}

    def faults(self) -> list[str]:
        """The lines of :data:`LOG_FAULTS` the servers logged since the mark."""
        found = []
        for server in self.cluster.servers:
            try:
                with server.log_path.open("rb") as log:
                    log.seek(self.sizes.get(server.name, 0))
                    text = log.read().decode(errors="replace")
            except OSError:
                continue
            found += [
                f"{server.name}: {line}"
                for line in text.splitlines()
                if any(fault in line for fault in LOG_FAULTS)
            ]
        return found

    def check(self) -> None:
        """Fail when a server logged a fault since the mark."""
        faults = self.faults()
        assert not faults, "the servers logged:\n" + "\n".join(faults[:20])


def _size(path: Any) -> int:
    try:
        return int(path.stat().st_size)
    except OSError:
        return 0


def log_tails(cluster: LocalCluster) -> str:
    """The end of every process's log, for a failing test's report."""
    parts = []
    for server in cluster.servers:
        try:
            text = server.log_path.read_text(errors="replace")[-3000:]
        except OSError:
            text = "(no log)"
        parts.append(f"--- {server.name} ---\n{text}")
    return "\n".join(parts)


def fail_with_logs(cluster: LocalCluster, message: str) -> None:
    """Fail the test, showing the processes' logs."""
    pytest.fail(f"{message}\n{log_tails(cluster)}")


async def rooms_on_every_process(cluster: LocalCluster, seed: int) -> dict[str, str]:
    """A room for every process (created through the proxy, which sends each to the
    process its code hashes to), its seats taken and played to the end, and checked:
    finished, acks kept, one driver each. Returns the owner of each room once its
    seats were taken."""
    rng = random.Random(seed)
    tables = Tables()
    hooks = NoKills()
    mark = LogMark(cluster)
    names = [server.name for server in cluster.servers]
    tasks: list[asyncio.Task[None]] = []
    try:
        for code, address in (await rooms_hashed_to(cluster, names)).values():
            await seat_room(cluster, code, address, hooks, rng, tables)
        tasks = start(cluster, tables.clients)
        placed = await owners(cluster, tables.codes)
        assert sorted(placed.values()) == sorted(names), f"rooms by owner: {placed}"
        await finish(tasks)
    except BaseException:
        await stop(tasks)
        print(log_tails(cluster))
        raise
    await check_finished(cluster, tables, tables.codes)
    await check_one_driver(cluster, tables.codes)
    mark.check()
    return placed
