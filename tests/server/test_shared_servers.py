"""Whole servers sharing one PostgreSQL, each a live uvicorn on its own loopback port
(tests/server/harness.py), with its own id: what a client sees when its room lives at
another server, what every server lists, the rate limits counted across servers,
the health figures a router reads; a lease lost and found again; idle rooms closed
exactly once; and the embedded SQLite server asking nothing of the kind."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from server.harness import LiveServer, eventually, running_server, sqlite_url
from server.sharing import FAST_SHARED, database_rows, execute, people_room, shared_lobby
from tuolaji.server.clock import ManualClock
from tuolaji.server.leases import application_name


@contextlib.asynccontextmanager
async def two_servers(
    url: str, alpha: dict[str, Any] | None = None, beta: dict[str, Any] | None = None
) -> AsyncIterator[tuple[LiveServer, LiveServer]]:
    """Servers ``alpha`` and ``beta`` on the database ``url`` (settings of each)."""
    settings = {key: value for key, value in FAST_SHARED.items() if key not in ("bot_workers",)}
    async with (
        running_server(url, server_id="alpha", **{**settings, **(alpha or {})}) as first,
        running_server(url, server_id="beta", **{**settings, **(beta or {})}) as second,
    ):
        yield first, second


async def _health(live: LiveServer) -> dict[str, Any]:
    response = await live.http.get("/api/health")
    assert response.status_code == 200
    figures: dict[str, Any] = response.json()
    return figures


@pytest.mark.asyncio
async def test_a_room_asked_for_at_another_server_moves_there(postgres_url: str) -> None:
    """A room made at one server and asked for at the other moves to it; the health
    figures of both say which server drives it."""
    async with two_servers(postgres_url) as (alpha, beta):
        code = (await alpha.create_room())["code"]
        assert (await _health(alpha))["server"] == "alpha"
        assert (await _health(alpha))["owned"] == 1
        response = await beta.http.get(f"/api/rooms/{code}")
        assert response.status_code == 200, response.text
        assert response.json()["room"]["code"] == code
        assert ((await _health(alpha))["owned"], (await _health(beta))["owned"]) == (0, 1)
        token = await beta.take_seat(code, 0, "Ana")
        client = await beta.join(code, token)
        assert (await client.recv())["type"] == "welcome"


@pytest.mark.asyncio
async def test_a_room_its_owner_keeps_is_a_clean_try_again(postgres_url: str) -> None:
    """When the owner does not hand the room over in time, HTTP answers 503 with
    Retry-After and the WebSocket the restarting notice (close 1012): both retryable;
    the room stays where it is."""
    async with two_servers(
        postgres_url, alpha={"handover_hold_s": 60.0}, beta={"handover_wait_s": 0.3}
    ) as (alpha, beta):
        code = (await alpha.create_room())["code"]
        response = await beta.http.get(f"/api/rooms/{code}")
        assert response.status_code == 503
        assert response.json()["error"] == "try-again"
        assert float(response.headers["Retry-After"]) >= 1
        client = await beta.join(code)
        notice = await client.recv()
        assert (notice["type"], notice["notice"]) == ("notice", "restarting")
        assert await client.closed() == 1012
        assert (await alpha.http.get(f"/api/rooms/{code}")).status_code == 200
        assert (await _health(alpha))["owned"] == 1


@pytest.mark.asyncio
async def test_every_server_lists_every_open_room(postgres_url: str) -> None:
    """The public list comes from the database: a room made at one server is listed by
    the other, with its open seats and names, and a seat taken at its owner shows."""
    async with two_servers(postgres_url) as (alpha, beta):
        code = (await alpha.create_room(listed=True))["code"]
        await alpha.take_seat(code, 1, "Ana")
        listed = (await beta.http.get("/api/rooms")).json()["rooms"]
        assert [(room["code"], room["open_seats"], room["names"][1]) for room in listed] == [
            (code, [0, 2, 3], "Ana")
        ]
        assert (await _health(beta))["owned"] == 0  # listing moves nothing


@pytest.mark.asyncio
async def test_rate_limits_count_across_servers(postgres_url: str) -> None:
    """Rooms created by one address at two servers count against one limit."""
    limits = {"create_burst": 2, "create_every_s": 600.0}
    async with two_servers(postgres_url, alpha=limits, beta=limits) as (alpha, beta):
        await alpha.create_room()
        await beta.create_room()
        for live in (alpha, beta):
            response = await live.http.post("/api/rooms", json={})
            assert response.status_code == 429, response.text
            assert response.json()["error"] == "rate-limited"
            assert 500 < float(response.headers["Retry-After"]) <= 600
        rows = await database_rows(postgres_url, "SELECT key FROM rate_limits")
        assert [row.key for row in rows] == ["create:127.0.0.1"]


@pytest.mark.asyncio
async def test_a_server_that_lost_its_lease_stops_then_takes_its_rooms_again(
    postgres_url: str,
) -> None:
    """The lease connection is cut: the server stops its room (the clients get the
    restarting notice), registers again, and, alone on the database, takes the room
    back with its orphan scan; the game is where it was."""
    async with running_server(postgres_url, server_id="alpha", **FAST_SHARED) as alpha:
        code = (await alpha.create_room())["code"]
        token = await alpha.take_seat(code, 0, "Ana")
        client = await alpha.join(code, token)
        welcome = await client.recv()
        await execute(
            postgres_url,
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = :name",
            name=application_name("alpha"),
        )
        notice = await client.recv_until(lambda frame: frame["type"] == "notice")
        assert notice["notice"] == "restarting"
        await eventually(lambda: code in alpha.lobby.rooms, "the room taken back", 5.0)
        again = await alpha.join(code, token)
        assert (await again.recv())["room"]["seats"][0]["name"] == welcome["room"]["seats"][0][
            "name"
        ]
        rows = await database_rows(
            postgres_url, "SELECT owner FROM rooms WHERE code = :code", code=code
        )
        assert rows[0].owner == "alpha"


@pytest.mark.asyncio
async def test_idle_rooms_are_closed_once_each_by_their_owner(postgres_url: str) -> None:
    """Two servers look for idle rooms at the same moment: each closes only its own,
    so every idle room is closed once, by the server whose connections it has."""
    clock = ManualClock()
    async with (
        shared_lobby(postgres_url, "alpha", clock, scan=False, grace_s=1e9) as alpha,
        shared_lobby(postgres_url, "beta", clock, scan=False, grace_s=1e9) as beta,
    ):
        mine = [(await people_room(alpha)).code for _ in range(2)]
        theirs = [(await people_room(beta)).code for _ in range(3)]
        clock.advance(alpha.config.idle_close_s + 1)
        closed_alpha, closed_beta = await asyncio.gather(alpha.close_idle(), beta.close_idle())
        assert sorted(closed_alpha) == sorted(mine) and sorted(closed_beta) == sorted(theirs)
        assert not alpha.rooms and not beta.rooms
        rows = await database_rows(postgres_url, "SELECT status FROM rooms")
        assert [row.status for row in rows] == ["closed"] * 5


@pytest.mark.asyncio
async def test_the_embedded_server_asks_nothing_of_the_kind(tmp_path: Path) -> None:
    """On SQLite one process owns every room: no server id, no lease, and none of a
    room's statements touches owners, leases, the audit or shared limits."""
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_args: Any) -> None:
        statements.append(statement)

    sa.event.listen(sa.Engine, "before_cursor_execute", seen)
    try:
        async with running_server(sqlite_url(tmp_path)) as live:
            statements.clear()  # the migrations made the tables: from here, the rooms
            code = (
                await live.create_room(
                    seats=[{"player": p} for p in ("human", "random", "random", "random")]
                )
            )["code"]
            players = await live.seat_players(code, seats=[0])
            await eventually(lambda: len(live.room(code).log) > 20, "the game going on")
            figures = await _health(live)
            assert figures["server"] is None and figures["owned"] == 1
            assert players
    finally:
        sa.event.remove(sa.Engine, "before_cursor_execute", seen)
    assert statements
    # (reading a room reads all its columns, the owner's too: the same one statement)
    words = ("owner =", "owner IS", "servers", "room_takes", "rate_limits", "written_by", "pg_")
    assert not [text for text in statements if any(word in text for word in words)]
