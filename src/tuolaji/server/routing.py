"""What every group of HTTP routes shares: the server's lobby and rate limits, the
refusal every route raises, and reading the client's address and bearer token.

The routes themselves are registered by :func:`tuolaji.server.app.create_app` (rooms,
seats, records, the WebSocket) and by the modules it calls: ``web_routes`` (the
browser table's files, ``/api/meta``, ``/api/catalog``), ``rematch`` and ``replays``.
"""

from __future__ import annotations

import contextlib
import ipaddress

from fastapi import Request, WebSocket
from sqlalchemy.ext.asyncio import AsyncEngine

from tuolaji.core.cards import SEATS
from tuolaji.server.config import ServerConfig
from tuolaji.server.health import LagMonitor
from tuolaji.server.limits import RateLimiter
from tuolaji.server.lobby import Lobby
from tuolaji.server.ownership import RoomElsewhere
from tuolaji.server.room import Room
from tuolaji.server.shared_limits import Limit, LocalLimit, SharedLimit
from tuolaji.server.tokens import normal_room_code


class HttpRefusal(Exception):
    """An HTTP request refused: its status, a short code and a sentence."""

    def __init__(self, status: int, code: str, message: str, retry_after: float | None = None):
        super().__init__(message)
        self.status, self.code, self.message, self.retry_after = status, code, message, retry_after


class Server:
    """What the routes share: the lobby and the rate limits (in memory; counted in the
    database when several servers share it: :meth:`share_limits`)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        clock = config.clock
        self.creating: Limit = LocalLimit(
            RateLimiter(1 / config.create_every_s, config.create_burst, clock)
        )
        self.joining: Limit = LocalLimit(
            RateLimiter(1 / config.join_every_s, config.join_burst, clock)
        )
        self.replaying: Limit = LocalLimit(
            RateLimiter(1 / config.replay_every_s, config.replay_burst, clock)
        )
        self.lobby: Lobby | None = None
        self.lag = LagMonitor()

    def share_limits(self, engine: AsyncEngine) -> SharedLimit:
        """Count the limits per address in the database of ``engine``, across every
        server on it; one of them (its :meth:`~SharedLimit.forget_old` clears them all)."""
        config = self.config
        self.creating = SharedLimit(
            engine, "create", 1 / config.create_every_s, config.create_burst
        )
        self.joining = SharedLimit(engine, "join", 1 / config.join_every_s, config.join_burst)
        replaying = SharedLimit(engine, "replay", 1 / config.replay_every_s, config.replay_burst)
        self.replaying = replaying
        return replaying

    async def limit(self, limit: Limit, key: str, what: str) -> None:
        """Refuse with 429 when ``key`` has no token left for ``what``."""
        wait = await limit.check(key)
        if wait is not None:
            raise HttpRefusal(
                429, "rate-limited", f"too many {what}: try again in {wait:.0f} s", wait
            )

    def the_lobby(self) -> Lobby:
        """The lobby (the application has started: its lifespan made it)."""
        assert self.lobby is not None, "the server has not started"
        return self.lobby

    async def room(self, code: str, key: str) -> Room:
        """The room ``code`` (looked up under the joining rate limit), or 404."""
        await self.limit(self.joining, key, "room lookups")
        normal = normal_room_code(code)
        try:
            room = None if normal is None or self.lobby is None else await self.lobby.get(normal)
        except RoomElsewhere:
            raise room_elsewhere() from None
        if room is None:
            raise HttpRefusal(404, "no-room", "there is no room with this code")
        return room


def room_elsewhere() -> HttpRefusal:
    """The refusal of a request for a room that is moving between servers: retryable."""
    return HttpRefusal(
        503, "try-again", "this room is moving between servers: try again in a moment", 1.0
    )


def client_key(request: Request | WebSocket) -> str:
    """The rate limits' key for a client: its IPv4 address, or its IPv6 /64 network (one
    subscriber usually holds a whole /64, and could rotate through it)."""
    host = request.client.host if request.client is not None else "unknown"
    if ":" in host:
        with contextlib.suppress(ValueError):
            return str(ipaddress.ip_network(f"{host}/64", strict=False))
    return host


def bearer_token(request: Request) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header, or None."""
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def seat_number(seat: int) -> int:
    """``seat`` when it is a seat (0 to 3), else a 404 refusal."""
    if not 0 <= seat < SEATS:
        raise HttpRefusal(404, "no-seat", "seats are numbered 0 to 3")
    return seat
