"""Running the server: uvicorn serving the application, stopping politely.

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

from tuolaji.server.app import create_app
from tuolaji.server.config import ServerConfig

#: the largest WebSocket message uvicorn accepts, in bytes: a bigger one closes the
#: connection (1009); frames past the protocol's own limit get an error frame first
WS_MAX_BYTES = 64 * 1024
#: how long the "restarting" notices have to go out before connections are closed
NOTICE_GRACE_S = 0.3


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


def serve(
    config: ServerConfig, host: str, port: int, started: Callable[[str], None] | None = None
) -> None:
    """Serve until stopped; ``started`` is called with the address once it listens."""
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
    server.run()
