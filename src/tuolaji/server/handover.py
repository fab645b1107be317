"""Asking another server to hand a room over, through PostgreSQL ``LISTEN/NOTIFY``.

A request for a room can reach a server that does not own it (the router hashes the
room's code over the live servers, and the set changed). That server sends the owner a
notice on the owner's own channel (``NOTIFY``, payload ``"CODE ASKER"``); the owner
hears it on its lease connection (:mod:`tuolaji.server.leases`) and releases the room
between two actions (:meth:`tuolaji.server.lobby.Lobby.release_for`), and the asker
takes it (:meth:`tuolaji.server.lobby.Lobby.get`). A notice is only a request: the
owner may be gone, or slow, and the asker gives up after a bounded wait.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any, Final

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncEngine

log = logging.getLogger("tuolaji.server")

#: what a server id and a room code look like in a notice
_WORD: Final = re.compile(r"[A-Za-z0-9_-]{1,64}")


def channel(server_id: str) -> str:
    """The channel server ``server_id`` listens on for handover requests."""
    return f"tuolaji_handover_{server_id}"


class Handover:
    """The handover requests of server ``server_id``: heard (``on_request(code, asker)``
    is called for each) and sent (:meth:`ask`)."""

    def __init__(
        self, engine: AsyncEngine, server_id: str, on_request: Callable[[str, str], None]
    ) -> None:
        self._engine = engine
        self.server_id = server_id
        self.on_request = on_request

    async def listen(self, driver_connection: Any) -> None:
        """Listen on this server's channel on ``driver_connection`` (an asyncpg
        connection: the lease connection, given again after each registration)."""
        await driver_connection.add_listener(channel(self.server_id), self._heard)

    def _heard(self, _connection: Any, _pid: int, _channel: str, payload: str) -> None:
        code, _, asker = payload.partition(" ")
        if not (_WORD.fullmatch(code) and _WORD.fullmatch(asker)):
            log.warning("server %s: a handover request it cannot read: %r", self.server_id, payload)
            return
        self.on_request(code, asker)

    async def ask(self, owner: str, code: str) -> None:
        """Ask server ``owner`` to release room ``code`` to this server."""
        async with self._engine.connect() as connection:
            await connection.execute(
                sa.text("SELECT pg_notify(:channel, :payload)"),
                {"channel": channel(owner), "payload": f"{code} {self.server_id}"},
            )
            await connection.commit()
