"""WebSocket clients for the server's tests: every read bounded, every frame kept."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

#: the bound on every wait for something that may never come (wall seconds)
BOUND_S = 5.0


class Client:
    """One WebSocket connection. Every read is bounded: a frame that does not come
    fails the test. ``frames`` keeps every frame received, in order."""

    def __init__(self, socket: ClientConnection, label: str) -> None:
        self.socket = socket
        self.label = label
        self.frames: list[dict[str, Any]] = []

    @classmethod
    async def connect(cls, url: str, label: str = "client") -> Client:
        """Open a connection to ``url`` (bounded)."""
        try:
            # max_queue None: frames left unread never stop the client reading, so that
            # closing it (which waits for the server's close frame) is quick
            socket = await asyncio.wait_for(
                connect(url, open_timeout=BOUND_S, close_timeout=BOUND_S, max_queue=None),
                BOUND_S,
            )
        except TimeoutError:
            pytest.fail(f"{label}: could not connect to {url}")
        return cls(socket, label)

    async def send(self, frame: dict[str, Any] | str | bytes) -> None:
        """Send a frame (a dict is sent as JSON text; text and bytes as they are)."""
        data = json.dumps(frame) if isinstance(frame, dict) else frame
        await asyncio.wait_for(self.socket.send(data), BOUND_S)

    async def recv(self, timeout: float = BOUND_S) -> dict[str, Any]:
        """The next frame; fails the test if none comes within ``timeout`` seconds or
        the connection closes first."""
        try:
            text = await asyncio.wait_for(self.socket.recv(), timeout)
        except TimeoutError:
            pytest.fail(f"{self.label}: no frame within {timeout} s (last: {self._last()})")
        except ConnectionClosed as closed:
            pytest.fail(f"{self.label}: the connection closed ({closed}) (last: {self._last()})")
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    async def recv_or_none(self, timeout: float) -> dict[str, Any] | None:
        """The next frame, or None if none comes within ``timeout`` seconds; fails the
        test if the connection closes."""
        try:
            text = await asyncio.wait_for(self.socket.recv(), timeout)
        except TimeoutError:
            return None
        except ConnectionClosed as closed:
            pytest.fail(f"{self.label}: the connection closed ({closed}) (last: {self._last()})")
        frame: dict[str, Any] = json.loads(text)
        self.frames.append(frame)
        return frame

    async def recv_until(
        self, wanted: Callable[[dict[str, Any]], bool], timeout: float = BOUND_S
    ) -> dict[str, Any]:
        """Read frames until one is ``wanted`` (returned); fails after ``timeout``."""
        loop = asyncio.get_running_loop()
        ends = loop.time() + timeout
        while True:
            frame = await self.recv(max(0.001, ends - loop.time()))
            if wanted(frame):
                return frame

    async def drain(self, quiet: float = 0.05) -> list[dict[str, Any]]:
        """The frames that are there now: read until none comes for ``quiet`` seconds."""
        frames: list[dict[str, Any]] = []
        while True:
            try:
                text = await asyncio.wait_for(self.socket.recv(), quiet)
            except (TimeoutError, ConnectionClosed):
                return frames
            frame: dict[str, Any] = json.loads(text)
            self.frames.append(frame)
            frames.append(frame)

    async def closed(self, timeout: float = BOUND_S) -> int | None:
        """Wait (bounded) until the server closes the connection; its close code. Frames
        still arriving meanwhile are kept in ``frames``."""
        with contextlib.suppress(TimeoutError, ConnectionClosed):
            async with asyncio.timeout(timeout):
                async for text in self.socket:
                    self.frames.append(json.loads(text))
        if self.socket.close_code is None:
            pytest.fail(f"{self.label}: the server did not close the connection")
        return self.socket.close_code

    async def close(self) -> None:
        """Close the connection from this side (bounded)."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(), BOUND_S)

    def _last(self) -> str:
        return json.dumps(self.frames[-1])[:300] if self.frames else "nothing"


async def eventually(condition: Callable[[], bool], what: str, timeout: float = BOUND_S) -> None:
    """Let the server run until ``condition()`` holds; fails after ``timeout`` seconds
    saying ``what`` did not happen. (Polls the loop: for server-side state no frame
    announces, such as a driver waiting on the clock again.)"""
    loop = asyncio.get_running_loop()
    ends = loop.time() + timeout
    while not condition():
        if loop.time() > ends:
            pytest.fail(f"{what}: not within {timeout} s")
        await asyncio.sleep(0.002)


def is_type(kind: str) -> Callable[[dict[str, Any]], bool]:
    """A ``recv_until`` test: a frame of type ``kind``."""
    return lambda frame: frame.get("type") == kind


def room_frame(wanted: Callable[[dict[str, Any]], bool]) -> Callable[[dict[str, Any]], bool]:
    """A ``recv_until`` test: a ``room`` frame whose room is ``wanted``."""
    return lambda frame: frame.get("type") == "room" and wanted(frame["room"])
