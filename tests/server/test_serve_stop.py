"""Stopping ``tuolaji serve`` (docs/protocol.md, "Running a server"): a real server
process on a free loopback port, stopped with SIGTERM while a person's connection
waits on their decision. The connection is told the server is restarting and closed
with 1012, the process exits 0, and started again on the same database the game is
exactly where it was; Ctrl-C (SIGINT) stops it the same way. A second Ctrl-C during the
stop cuts it short and exits 1. Only the processes these tests start are signalled, by
PID.
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import httpx
import pytest

from server.crashkit import STOP_TIMEOUT_S, ServerProcess
from server.wsclient import BOUND_S, Client, is_type


def _sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'server.sqlite3'}"


async def _waiting_for_seat_zero(client: Client) -> int:
    """Read until the room waits for seat 0's decision with every event told: the number
    of the last event applied."""
    last = 0
    while True:
        frame = await client.recv(BOUND_S * 4)
        if frame["type"] in ("welcome", "event"):
            last = frame["seq"]
        elif frame["type"] == "room" and frame["room"]["to_act"] == 0 and frame["seq"] == last:
            return last


@pytest.mark.asyncio
async def test_sigterm_or_ctrl_c_tells_every_connection_keeps_every_game_and_exits_0(
    tmp_path: Path,
) -> None:
    server = ServerProcess(_sqlite_url(tmp_path), tmp_path / "server.log")
    try:
        await server.start()
        async with httpx.AsyncClient(base_url=server.base_url, timeout=BOUND_S) as http:
            seats = [{"player": "human"}] + [{"player": "heuristic"}] * 3
            created = await http.post("/api/rooms", json={"seats": seats, "round_limit": 1})
            code = created.json()["code"]
            taken = await http.post(f"/api/rooms/{code}/seats/0", json={"name": "Ana"})
            token = taken.json()["token"]
        client = await Client.connect(server.ws_url(code), "seat 0")
        await client.send({"type": "hello", "token": token})
        told = await _waiting_for_seat_zero(client)

        process = server.process
        assert process is not None
        await server.stop()  # SIGTERM, and a bounded wait for the process to end
        assert process.returncode == 0, server.tail()
        notice = await client.recv_until(is_type("notice"))
        assert notice["notice"] == "restarting" and notice["seq"] == told
        assert await client.closed() == 1012

        # the next start resumes the game exactly where it stood: nothing lost or added
        await server.start()
        again = await Client.connect(server.ws_url(code), "seat 0 again")
        await again.send({"type": "hello", "token": token, "last_seq": told})
        room = await again.recv()
        assert room["type"] == "room", room  # no event was missed: none is sent
        assert room["seq"] == told and room["room"]["status"] == "playing"
        assert room["room"]["to_act"] == 0
        await again.close()
        # Ctrl-C stops it the same way
        process = server.process
        assert process is not None
        os.kill(process.pid, signal.SIGINT)
        await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
        assert process.returncode == 0, server.tail()
    finally:
        await server.kill()


@pytest.mark.asyncio
async def test_a_second_ctrl_c_cuts_the_stop_short_and_exits_1(tmp_path: Path) -> None:
    server = ServerProcess(_sqlite_url(tmp_path), tmp_path / "server.log")
    try:
        await server.start()
        process = server.process
        assert process is not None
        async with httpx.AsyncClient(base_url=server.base_url, timeout=BOUND_S) as http:
            code = (await http.post("/api/rooms", json={})).json()["code"]
        watcher = await Client.connect(server.ws_url(code), "spectator")
        await watcher.send({"type": "hello"})
        assert (await watcher.recv())["type"] == "welcome"
        os.kill(process.pid, signal.SIGINT)
        # the notice shows the stop has begun: the second Ctrl-C comes during it
        assert (await watcher.recv_until(is_type("notice")))["notice"] == "restarting"
        os.kill(process.pid, signal.SIGINT)
        await asyncio.wait_for(process.wait(), STOP_TIMEOUT_S)
        assert process.returncode == 1, server.tail()
    finally:
        await server.kill()
