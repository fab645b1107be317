"""Running the server: uvicorn serving the application, stopping politely.

Before anything starts, the address is bound (:mod:`tuolaji.server.listen`) and the
database opened once and closed, so that a port in use or a database out of reach is
one exception the command line words, not uvicorn's log and a traceback.

On SIGTERM or Ctrl-C every connection is first told that the server is restarting
(clients reconnect by themselves), then uvicorn closes them; the database holds every
game, and the next start resumes them (``Lobby.resume_all``).
"""

from __future__ import annotations

import asyncio
import socket
from collections.abc import Callable

import uvicorn
from fastapi import FastAPI
from uvicorn.config import STARTUP_FAILURE

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
) -> None:
    """Serve until stopped; ``started`` is called with the address once it listens.

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
