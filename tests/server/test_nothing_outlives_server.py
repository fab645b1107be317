"""Nothing outlives its server (docs/protocol.md, "Running a server"): ``tuolaji serve``
with two bot worker processes, its bots thinking in rooms of four bots, then killed with
SIGKILL — or stopped with SIGTERM — and every process it had started (the multiprocessing
resource tracker, the forkserver, the workers: children of children included) is gone
within a few seconds. Only the processes these tests start are signalled, by pid; any
left over is killed when the test ends, pass or fail.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import httpx
import pytest

from server.crashkit import STOP_TIMEOUT_S, ServerProcess
from server.proctree import Proc, alive, descendants, kill_all
from server.wsclient import BOUND_S

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="reads the process tree from Linux's /proc"
)

#: how long the bot workers may take to start once rooms of bots are created
WORKERS_START_S = 30.0
#: how long the server's processes may take to be gone once it is (they take well under
#: a second; the margin is for a busy machine)
GONE_WITHIN_S = 5.0
#: rooms of four bots created, so that the workers think at the same time
ROOMS = 2
FOUR_BOTS = {"seats": [{"player": "heuristic"}] * 4, "round_limit": 1}


def _workers(tree: list[Proc]) -> list[Proc]:
    """The bot workers in ``tree``: the children of the forkserver."""
    forkservers = {p.pid for p in tree if "multiprocessing.forkserver" in p.command}
    return [p for p in tree if p.parent in forkservers]


async def _thinking_tree(server: ServerProcess) -> list[Proc]:
    """Create rooms of bots and wait until worker processes think for them: every
    process the server started by then."""
    async with httpx.AsyncClient(base_url=server.base_url, timeout=BOUND_S) as http:
        for _ in range(ROOMS):
            created = await http.post("/api/rooms", json=FOUR_BOTS)
            assert created.status_code == 201, created.text
    assert server.process is not None
    deadline = time.monotonic() + WORKERS_START_S
    while not _workers(tree := descendants(server.process.pid)):
        assert time.monotonic() < deadline, f"no bot worker started:\n{tree}\n{server.tail()}"
        await asyncio.sleep(0.1)
    await asyncio.sleep(0.5)  # the bots play some cards: the workers are busy
    return descendants(server.process.pid)


async def _still_alive_after(tree: list[Proc], wait_s: float) -> tuple[list[Proc], float]:
    """The processes of ``tree`` still running once all are gone or ``wait_s`` passed,
    and the seconds it took."""
    began = time.monotonic()
    while (left := [p for p in tree if alive(p)]) and time.monotonic() - began < wait_s:
        await asyncio.sleep(0.05)
    return left, time.monotonic() - began


@asynccontextmanager
async def _server(tmp_path: Path, seen: list[Proc]) -> AsyncIterator[ServerProcess]:
    """A server with two bot workers on an SQLite file; at the end, whatever it and
    the processes in ``seen`` left running is killed."""
    server = ServerProcess(
        f"sqlite:///{tmp_path / 'server.sqlite3'}", tmp_path / "server.log", bot_workers=2
    )
    try:
        await server.start()
        yield server
    finally:
        kill_all(seen)
        await server.kill()
        kill_all(seen)


@pytest.mark.asyncio
async def test_a_killed_server_leaves_no_process_behind(tmp_path: Path) -> None:
    seen: list[Proc] = []
    async with _server(tmp_path, seen) as server:
        seen += await _thinking_tree(server)
        assert len(_workers(seen)) >= 1
        assert any("resource_tracker" in p.command for p in seen), seen
        # SIGKILL: no chance to stop anything. The wait is read from /proc, not from
        # the server's exit, which asyncio reports only once every holder of its
        # output pipe is gone.
        server.kill_now()
        left, took = await _still_alive_after(seen, GONE_WITHIN_S)
        assert not left, f"still running {took:.1f} s after SIGKILL: {left}"


@pytest.mark.asyncio
async def test_a_stopped_server_leaves_no_process_behind(tmp_path: Path) -> None:
    seen: list[Proc] = []
    async with _server(tmp_path, seen) as server:
        seen += await _thinking_tree(server)
        process = server.process
        assert process is not None
        [itself] = [p for p in descendants(os.getpid()) if p.pid == process.pid]
        os.kill(process.pid, signal.SIGTERM)  # the polite stop
        left, took = await _still_alive_after([itself, *seen], STOP_TIMEOUT_S + GONE_WITHIN_S)
        assert not left, f"still running {took:.1f} s after SIGTERM: {left}"
        await server.stop()  # reaps it
        assert process.returncode == 0, server.tail()
