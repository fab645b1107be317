"""The replay routes: a finished room's game step by step, or an uploaded record's.

``GET /api/rooms/{code}/replay`` answers for a finished or closed room (as the whole
record does); ``POST /api/replays`` takes a game record (docs/records.md: what
``GET /api/rooms/{code}/record``, ``tuolaji simulate`` and the terminal game write), at
most :data:`MAX_UPLOAD_BYTES`, and answers its replay. The replay is made in a worker
thread (:func:`~tuolaji.server.replays.replay_json`): a long game takes a moment of
CPU, and the event loop goes on meanwhile. A finished room's replay never changes, so
the last few are kept.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict

from fastapi import FastAPI, Request, Response

from tuolaji.game.record import GameRecord, RecordError, record_from_json, record_of
from tuolaji.server.replays import replay_json
from tuolaji.server.routing import HttpRefusal, Server, client_key

#: the largest record an upload may hold (a whole long game is well under 1 MiB)
MAX_UPLOAD_BYTES = 4 * 1024 * 1024
#: how many finished rooms' replays are kept, ready to send
CACHED_REPLAYS = 16


class ReplayCache:
    """The replays (JSON text) of the last few finished rooms asked for."""

    def __init__(self, size: int = CACHED_REPLAYS) -> None:
        self.size = size
        self._texts: OrderedDict[str, str] = OrderedDict()

    def get(self, code: str) -> str | None:
        """The replay of room ``code``, if kept (it becomes the most recent)."""
        text = self._texts.get(code)
        if text is not None:
            self._texts.move_to_end(code)
        return text

    def put(self, code: str, text: str) -> None:
        """Keep the replay of room ``code``, forgetting the oldest past ``size``."""
        self._texts[code] = text
        self._texts.move_to_end(code)
        while len(self._texts) > self.size:
            self._texts.popitem(last=False)


def replay_text(record: GameRecord) -> str:
    """The replay of ``record`` as the JSON text answered (RecordError if it does not
    replay)."""
    return json.dumps(replay_json(record), separators=(",", ":"), ensure_ascii=False)


def _json_response(text: str) -> Response:
    # The text is made once (and gzip-compressed by the middleware): FastAPI's own
    # encoding of a dictionary this large would walk it again.
    return Response(content=text, media_type="application/json")


async def read_upload(request: Request, limit: int = MAX_UPLOAD_BYTES) -> bytes:
    """The request's body, refused with 413 as soon as it is known to pass ``limit``
    bytes (by its Content-Length, or while it is read): nothing larger is held."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise HttpRefusal(413, "too-large", f"a record may hold at most {limit} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise HttpRefusal(413, "too-large", f"a record may hold at most {limit} bytes")
    return bytes(body)


def uploaded_record(body: bytes) -> GameRecord:
    """The game record an upload holds, checked field by field (docs/records.md); a
    422 ``bad-record`` refusal saying what is wrong otherwise."""
    try:
        data = json.loads(body.decode("utf-8-sig"), parse_constant=_no_constant)
        return record_from_json(data)
    except UnicodeDecodeError:
        problem = "it is not UTF-8 text"
    except json.JSONDecodeError as error:
        problem = f"it is not JSON: {error.msg} at line {error.lineno} column {error.colno}"
    except RecordError as error:
        problem = str(error)
    except (RecursionError, ValueError):  # nested too deep, a number of too many digits
        problem = "it is not a record"
    raise HttpRefusal(422, "bad-record", f"this is not a game record: {problem}")


def _no_constant(name: str) -> object:
    # Python's json reads NaN and Infinity, which JSON does not have.
    raise ValueError(f"{name} is not a JSON value")


async def _replayed(record: GameRecord) -> str:
    """The replay's text, made in a worker thread; 422 when the record breaks a rule."""
    try:
        return await asyncio.to_thread(replay_text, record)
    except RecordError as error:
        raise HttpRefusal(422, "bad-record", f"this record does not replay: {error}") from None


def add_routes(app: FastAPI, server: Server) -> None:
    """Register the replay routes on ``app``."""
    cache = ReplayCache()

    @app.get("/api/rooms/{code}/replay")
    async def room_replay(code: str, request: Request) -> Response:
        """The finished or closed room's game, step by step, all hands shown."""
        room = await server.room(code, client_key(request))
        if not room.game_over and room.row.status != "closed":
            raise HttpRefusal(403, "in-play", "a game's replay is shown once the game is over")
        text = cache.get(room.code)
        if text is None:
            async with room.lock:
                record = record_of(room.game, room.player_names())
            text = await _replayed(record)
            cache.put(room.code, text)
        return _json_response(text)

    @app.post("/api/replays")
    async def uploaded_replay(request: Request) -> Response:
        """An uploaded record's game, step by step, all hands shown."""
        await server.limit(server.replaying, client_key(request), "replays")
        record = uploaded_record(await read_upload(request))
        return _json_response(await _replayed(record))
