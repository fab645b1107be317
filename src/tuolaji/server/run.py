"""Running the server: uvicorn serving the application, stopping politely.

Before anything starts, the address is bound (:mod:`tuolaji.server.listen`) and the
database opened once and closed, so that a port in use or a database out of reach is
one exception the command line words, not uvicorn's log and a traceback.

On SIGTERM or Ctrl-C every connection is first told that the server is restarting
(clients reconnect by themselves), then uvicorn closes them; the database holds every
game, and the next start resumes them (``Lobby.resume_all``). A stop asked for is no
failure: once the server has stopped cleanly, :func:`serve` returns True and ``tuolaji
serve`` exits 0 (a second Ctrl-C stops at once, without waiting for the connections:
False, exit status 1).
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import signal
import socket
import threading
from collections.abc import Callable, Iterator

import uvicorn
from fastapi import FastAPI
from uvicorn.config import STARTUP_FAILURE
from uvicorn.server import HANDLED_SIGNALS

from tuolaji.server.app import create_app
from tuolaji.server.config import ServerConfig
from tuolaji.server.listen import listening_sockets
from tuolaji.server.storage import Storage

#: the largest WebSocket message uvicorn accepts, in bytes: a bigger one closes the
#: connection (1009); frames past the protocol's own limit get an error frame first
WS_MAX_BYTES = 64 * 1024
#: how long the "restarting" notices have to go out before connections are closed
NOTICE_GRACE_S = 0.3


class StartFailed(Exception):
    """The application failed to start (uvicorn's log above says why)."""


class PoliteServer(uvicorn.Server):
    """A uvicorn server that tells every client it is restarting before it stops."""

    def __init__(self, config: uvicorn.Config, app: FastAPI) -> None:
        super().__init__(config)
        self.app = app

    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        """Stop on SIGINT and SIGTERM as uvicorn does, without raising the signal again
        once stopped (uvicorn's own does, which ends the process by the signal, exit
        status 143 for SIGTERM, after a stop that went well)."""
        if threading.current_thread() is not threading.main_thread():
            yield  # signals reach the main thread only (a server run in a test thread)
            return
        previous = {number: signal.signal(number, self.handle_exit) for number in HANDLED_SIGNALS}
        try:
            yield
        finally:
            for number, handler in previous.items():
                signal.signal(number, handler)

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        """Send the notices, give them a moment to leave, then stop as uvicorn does."""
        lobby = self.app.state.server.lobby
        if lobby is not None:
            lobby.notify_restarting()
            await asyncio.sleep(NOTICE_GRACE_S)
        await super().shutdown(sockets)


async def _open_and_close(url: str) -> None:
    """Open the database at ``url`` (migrating it) and close it again: StorageError
    when it cannot be."""
    storage = await Storage.open(url)
    await storage.close()


def serve(
    config: ServerConfig, host: str, port: int, started: Callable[[str], None] | None = None
) -> bool:
    """Serve until stopped; ``started`` is called with the address once it listens.
    Whether it stopped cleanly: False when a second signal cut the stop short.

    Raises :class:`~tuolaji.server.listen.ListenError` when ``host:port`` cannot be
    listened on and :class:`~tuolaji.server.storage_rows.StorageError` when the database
    cannot be opened, both before anything starts, and :class:`StartFailed` when the
    application fails to start."""
    sockets = listening_sockets(host, port)
    try:
        asyncio.run(_open_and_close(config.db_url))
    except BaseException:
        for sock in sockets:
            sock.close()
        raise
    if config.address is None:  # as the other servers on a shared database see this one
        shown = f"[{host}]" if ":" in host else host
        config = dataclasses.replace(config, address=f"{shown}:{port}")
    app = create_app(config)
    server = PoliteServer(
        uvicorn.Config(
            app,
            host=host,
            port=port,
            ws_max_size=WS_MAX_BYTES,
            log_level="info",
            lifespan="on",
        ),
        app,
    )
    if started is not None:
        original = server.startup

        async def startup(sockets: list[socket.socket] | None = None) -> None:
            await original(sockets)
            if server.started:
                shown = f"[{host}]" if ":" in host else host
                started(f"http://{shown}:{port}/")

        server.startup = startup  # type: ignore[method-assign]
    try:
        server.run(sockets=sockets)
    except SystemExit as stopped:
        if stopped.code != STARTUP_FAILURE:
            raise
        raise StartFailed from None
    return not server.force_exit
