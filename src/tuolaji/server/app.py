"""The web application: HTTP routes for rooms and seats, and the WebSocket of the game.

:func:`create_app` builds it from a :class:`~tuolaji.server.config.ServerConfig`; its
lifespan opens the database (migrating it), starts the bot pool and resumes every
unfinished game. The browser table's files and its ``/api/meta`` and ``/api/catalog``
(:mod:`~tuolaji.server.web_routes`), rematches (:mod:`~tuolaji.server.rematch`) and
replays (:mod:`~tuolaji.server.replay_routes`) are registered from their own modules.
Responses over 1 KB are gzip-compressed. docs/protocol.md describes every route and
frame.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.middleware.gzip import GZipMiddleware

from tuolaji.i18n import normalize
from tuolaji.server import rematch, replay_routes, web_routes
from tuolaji.server.botpool import BotPool
from tuolaji.server.config import ServerConfig
from tuolaji.server.fanout import Connection, error_frame, frame_text
from tuolaji.server.health import memory_mb
from tuolaji.server.http_models import CreateRoom, SeatBot, TakeSeat
from tuolaji.server.limits import RateLimiter
from tuolaji.server.lobby import Lobby
from tuolaji.server.ownership import Ownership, RoomElsewhere, SharedOwnership, new_server_id
from tuolaji.server.protocol import (
    Act,
    AnyClientFrame,
    Back,
    Check,
    FrameError,
    Hello,
    Hint,
    Ping,
    parse_client_frame,
)
from tuolaji.server.room import Room, SeatRefused
from tuolaji.server.routing import (
    HttpRefusal,
    Server,
    bearer_token,
    client_key,
    room_elsewhere,
    seat_number,
)
from tuolaji.server.rule_refusal import rules_refusal
from tuolaji.server.storage import NotOwner, Storage

log = logging.getLogger("tuolaji.server")

#: how long a new connection has to say hello, in seconds (wall time)
HELLO_TIMEOUT_S = 10.0
#: responses at least this long (bytes) are gzip-compressed when the client accepts it
GZIP_MIN_BYTES = 1024
#: why a binary WebSocket message is refused: every frame is JSON text
BINARY = "frames are JSON text messages: a binary message is not read"


def create_app(config: ServerConfig) -> FastAPI:
    """The application for ``config`` (tests build theirs with a ManualClock)."""
    server = Server(config)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        storage = await Storage.open(config.db_url)
        ownership = (
            SharedOwnership(storage, config, config.server_id or new_server_id())
            if storage.shared
            else Ownership()
        )
        bots = BotPool(config.bot_workers)
        lobby = Lobby(config, storage, bots, ownership)
        try:
            await lobby.open()  # on a shared database: this server registers
        except BaseException:
            await bots.close()
            await storage.close()
            raise
        server.lobby = lobby
        if storage.shared:
            lobby.housekeeping.append(server.share_limits(storage.engine).forget_old)
        try:
            resumed = await lobby.resume_all()
            if resumed:
                log.info("resumed %d unfinished games", resumed)
            lobby.start_janitor()
            server.lag.start()
            yield
        finally:
            await server.lag.stop()
            await server.lobby.shutdown()
            await bots.close()
            await storage.close()

    app = FastAPI(title="tuolaji", lifespan=lifespan, docs_url="/api/docs", redoc_url=None)
    app.state.server = server
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MIN_BYTES)

    @app.exception_handler(HttpRefusal)
    async def refused(_request: Request, error: HttpRefusal) -> JSONResponse:
        headers = {} if error.retry_after is None else {"Retry-After": f"{error.retry_after:.0f}"}
        return JSONResponse(
            {"error": error.code, "message": error.message}, error.status, headers=headers
        )

    @app.exception_handler(RoomElsewhere)
    @app.exception_handler(NotOwner)
    async def elsewhere(_request: Request, _error: Exception) -> JSONResponse:
        # the room is moving between servers, or moved while this request was made
        refusal = room_elsewhere()
        return await refused(_request, refusal)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        rules_refused = rules_refusal(error, request.headers.get("accept-language"))
        if rules_refused is not None:
            return JSONResponse(rules_refused, 422)
        problems = []
        for problem in error.errors()[:5]:
            where = ".".join(str(part) for part in problem["loc"] if part != "body")
            problems.append(f"{where}: {problem['msg']}" if where else str(problem["msg"]))
        return JSONResponse({"error": "bad-request", "message": "; ".join(problems)}, 422)

    @app.get("/api/health")
    async def health(reset: bool = False) -> dict[str, Any]:
        """This server's id (None: the only one), the rooms it holds and how many it
        drives, connections, event-loop lag (ms) and memory (MiB); ``reset`` starts the
        lag samples afresh."""
        assert server.lobby is not None
        rooms = server.lobby.rooms.values()
        figures = {
            "server": server.lobby.ownership.server_id,
            "owned": server.lobby.owned(),
            "rooms": len(rooms),
            "connections": sum(len(room.fanout.connections) for room in rooms),
            "loop_lag_ms": server.lag.summary(),
            "memory_mb": memory_mb(),
        }
        if reset:
            server.lag.reset()
        return figures

    @app.get("/api/rooms")
    async def listed_rooms() -> dict[str, Any]:
        assert server.lobby is not None
        rooms = await server.lobby.storage.listed_rooms(config.listed_rooms)
        return {
            "rooms": [
                {
                    "code": room.code,
                    "rules": room.rules,
                    "open_seats": list(room.open_seats),
                    "names": list(room.names),
                    "players": list(room.players),
                }
                for room in rooms
            ]
        }

    @app.post("/api/rooms", status_code=201)
    async def create_room(body: CreateRoom, request: Request) -> dict[str, Any]:
        if body.seed is not None and not config.allow_seeds:
            raise HttpRefusal(
                422,
                "bad-request",
                "seed: this server gives rooms no chosen seed (tuolaji serve --allow-seeds, "
                "for tests)",
            )
        await server.limit(server.creating, client_key(request), "rooms created")
        assert server.lobby is not None
        room, admin = await server.lobby.create(body)
        return {"code": room.code, "admin_token": admin, "room": room.info()}

    @app.get("/api/rooms/{code}")
    async def room_info(code: str, request: Request) -> dict[str, Any]:
        room = await server.room(code, client_key(request))
        return {"room": room.info()}

    @app.post("/api/rooms/{code}/seats/{seat}", status_code=201)
    async def take_seat(code: str, seat: int, body: TakeSeat, request: Request) -> dict[str, Any]:
        room = await server.room(code, client_key(request))
        try:
            token = await room.take_seat(seat_number(seat), body.name)
        except SeatRefused as refusal:
            raise HttpRefusal(409, "seat-refused", str(refusal)) from None
        return {"seat": seat, "token": token, "room": room.info()}

    @app.put("/api/rooms/{code}/seats/{seat}/bot")
    async def seat_bot(code: str, seat: int, body: SeatBot, request: Request) -> dict[str, Any]:
        room = await server.room(code, client_key(request))
        token = bearer_token(request)
        if token is None or not room.is_admin(token):
            raise HttpRefusal(403, "not-admin", "only the room's creator seats bots")
        try:
            await room.give_to_bot(seat_number(seat), body.player)
        except SeatRefused as refusal:
            raise HttpRefusal(409, "seat-refused", str(refusal)) from None
        return {"room": room.info()}

    @app.get("/api/rooms/{code}/record")
    async def record(code: str, request: Request) -> dict[str, Any]:
        room = await server.room(code, client_key(request))
        token = bearer_token(request)
        if token is not None:
            seat = room.seat_of_token(token)
            if seat is None:
                raise HttpRefusal(403, "bad-token", "this token holds no seat of this room")
            if room.game.rules.hidden_history and not room.game_over:
                # the seat's record holds every play it was told: the old tricks too
                raise HttpRefusal(
                    403,
                    "hidden-history",
                    "R-V1: this table hides the cards of old tricks; a seat's record is "
                    "given once the game is over",
                )
            async with room.lock:
                return room.seat_record_json(seat)
        if not room.game_over and room.row.status != "closed":
            raise HttpRefusal(
                403,
                "in-play",
                "the whole record is given when the game is over; a seat gets its own "
                "record with its token (Authorization: Bearer TOKEN)",
            )
        async with room.lock:
            return room.record_json()

    @app.websocket("/ws/{code}")
    async def game_socket(websocket: WebSocket, code: str) -> None:
        await websocket.accept()
        try:
            room = await server.room(code, client_key(websocket))
        except HttpRefusal as refusal:
            if refusal.code == "try-again":
                # the room is moving between servers: reconnect, as after a restart
                await _restarting(websocket, refusal.message)
                return
            if refusal.code == "rate-limited":
                wait = round(refusal.retry_after or 0.0, 3)
                await _refuse(websocket, refusal.code, refusal.message, retry_after=wait)
                return
            await _refuse(websocket, "room-closed", refusal.message)
            return
        await _play(websocket, room, config)

    web_routes.add_routes(app, server)
    rematch.add_routes(app, server)
    replay_routes.add_routes(app, server)
    return app


async def _refuse(
    websocket: WebSocket, code: str, message: str, seq: int = 0, **fields: object
) -> None:
    """Send an error frame (with ``fields``) and close the connection (policy violation)."""
    with contextlib.suppress(Exception):
        await websocket.send_text(error_frame(seq, code, message, **fields))
        await websocket.close(code=1008)


async def _restarting(websocket: WebSocket, message: str) -> None:
    """Send the "restarting" notice and close (1012): the client reconnects in a moment."""
    with contextlib.suppress(Exception):
        await websocket.send_text(
            frame_text({"seq": 0, "type": "notice", "notice": "restarting", "message": message})
        )
        await websocket.close(code=1012)


async def _hello(websocket: WebSocket) -> Hello | None:
    """The connection's first frame, a hello; None when there is none: the connection
    went away, or it was refused with ``hello-first`` and closed — no hello within
    :data:`HELLO_TIMEOUT_S`, a binary message, or text that is not a valid hello (the
    message says what is wrong)."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_TIMEOUT_S)
    except TimeoutError:
        await _refuse(websocket, "hello-first", f"no hello came within {HELLO_TIMEOUT_S:g} s")
        return None
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    if text is None:
        await _refuse(websocket, "hello-first", f"the first frame must be a hello: {BINARY}")
        return None
    try:
        frame = parse_client_frame(text)
    except FrameError as problem:
        await _refuse(websocket, "hello-first", f"the first frame must be a hello: {problem}")
        return None
    if not isinstance(frame, Hello):
        await _refuse(
            websocket, "hello-first", f"the first frame must be a hello, not {frame.type}"
        )
        return None
    return frame


async def _play(websocket: WebSocket, room: Room, config: ServerConfig) -> None:
    """One connection: the hello, then frames until it closes."""
    hello = await _hello(websocket)
    if hello is None:
        return
    seat = None
    if hello.token is not None:
        seat = room.seat_of_token(hello.token)
        if seat is None:
            await _refuse(websocket, "bad-token", "this token holds no seat of this room", room.seq)
            return
    elif not room.row.spectators:
        await _refuse(websocket, "no-spectators", "this room has no spectators", room.seq)
        return
    # an unknown language is no refusal: the refusals are then worded in English
    lang = (normalize(hello.lang) if hello.lang else None) or "en"
    connection = Connection(seat, config.send_queue, lang)
    writer = asyncio.create_task(_write(websocket, connection))
    frames = RateLimiter(1 / config.frame_every_s, config.frame_burst, config.clock, max_keys=1)
    try:
        await room.attach(connection, hello.last_seq)
        while connection.closed is None:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            await _handle(room, connection, message.get("text"), frames)
    except WebSocketDisconnect:
        pass
    finally:
        await room.detach(connection)
        connection.close("disconnected")
        with contextlib.suppress(Exception):
            await asyncio.wait_for(writer, 5)
        writer.cancel()


async def _handle(
    room: Room, connection: Connection, text: str | None, frames: RateLimiter
) -> None:
    """One frame from a client (``text`` None: a binary message, which is not read):
    refused with an error frame, or done."""
    # Parsed first (a frame is at most 4 KB) so that a refused action is named by its
    # id: a client must know which of its actions to send again. Bad frames count
    # against the limit like good ones.
    frame: AnyClientFrame | None = None
    problem = BINARY
    if text is not None:
        try:
            frame = parse_client_frame(text)
        except FrameError as error:
            problem = str(error)
    if not frames.allow("frames"):
        connection.send(
            error_frame(
                room.seq,
                "rate-limited",
                "too many frames: slow down",
                id=frame.id if isinstance(frame, Act | Check | Hint) else None,
                retry_after=round(frames.retry_after("frames"), 3),
            )
        )
        return
    if frame is None:
        connection.send(error_frame(room.seq, "bad-frame", problem))
        return
    try:
        if isinstance(frame, Act):
            await room.act(connection, frame)
        elif isinstance(frame, Check):
            await room.check(connection, frame)
        elif isinstance(frame, Hint):
            await room.hint(connection, frame)
        elif isinstance(frame, Back):
            await room.back(connection)
        elif isinstance(frame, Ping):
            connection.send(frame_text({"seq": room.seq, "type": "pong"}))
        else:
            connection.send(error_frame(room.seq, "bad-frame", "hello is sent once, first"))
    except Exception:
        if not room.broken:
            log.exception("room %s: a frame could not be handled", room.code)
        connection.send(error_frame(room.seq, "server-error", "the server failed on this frame"))


async def _write(websocket: WebSocket, connection: Connection) -> None:
    """Send the connection's frames in order until it is closed."""
    with contextlib.suppress(Exception):
        while True:
            text = await connection.outbox.get()
            if text is None:
                break
            await websocket.send_text(text)
        await websocket.close(
            code=1012 if connection.closed and "restarting" in connection.closed else 1000
        )
