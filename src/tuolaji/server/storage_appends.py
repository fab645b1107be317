"""Storing accepted actions: each with the packs of any deals it made and the room's
``updated_at``, in the caller's transaction — one action alone, or several rooms' at
once in as few statements as can be (group commit, :mod:`tuolaji.server.group_commit`).

With a ``writer`` (a server on a PostgreSQL shared by several, :mod:`tuolaji.server.ownership`)
the writes are **fenced**: the first statement of the transaction updates the rooms'
``updated_at`` only where the room's ``owner`` is the writer and the writer's lease is
unexpired (database clock), which takes the rooms' row locks — a concurrent take of the
room waits for this transaction — and says which rooms passed. Only their actions are
stored; the others are refused with :class:`NotOwner`. Without a writer (the embedded
SQLite server, one process) the statements are what they always were.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from tuolaji.server.cluster_sql import lease_held
from tuolaji.server.storage_rows import LoggedAction, StorageError
from tuolaji.server.storage_tables import action_table, pack_table, room_table


class NotOwner(StorageError):
    """A write refused because this server does not own the room (another took it), or
    its lease ran out: nothing was stored, and the room must stop here."""


@dataclass(frozen=True)
class Append:
    """One action to store, checked and turned into the text the database keeps."""

    code: str
    entry: LoggedAction
    action_text: str
    pack_texts: tuple[str, ...]


def insert_actions(
    connection: sa.Connection, appends: Sequence[Append], writer: str | None = None
) -> list[StorageError | None]:
    """Store several rooms' actions in the caller's transaction, in as few statements as
    can be: each statement is a trip to the database driver's thread and back. An
    unknown room breaks the rooms' foreign key, which fails the whole batch. Returns,
    for each append, None (stored) or why it was refused (fenced writes only)."""
    if writer is not None:
        owned = fence(connection, {append.code: append.entry.at for append in appends}, writer)
        kept = [append for append in appends if append.code in owned]
        refused = [append.code for append in appends if append.code not in owned]
        outcomes = refusals(connection, refused, writer)
        for append in kept:
            if append.pack_texts:
                _insert_packs(connection, append)
        if kept:
            connection.execute(action_table.insert(), [_action_values(a, writer) for a in kept])
        return [outcomes.get(append.code) for append in appends]
    for append in appends:
        if append.pack_texts:
            _insert_packs(connection, append)
    connection.execute(action_table.insert(), [_action_values(append) for append in appends])
    connection.execute(
        sa.update(room_table)
        .where(room_table.c.code == sa.bindparam("room"))
        .values(updated_at=sa.bindparam("at")),
        [{"room": append.code, "at": append.entry.at} for append in appends],
    )
    return [None] * len(appends)


def insert_action(connection: sa.Connection, append: Append, writer: str | None = None) -> None:
    """Store one action in the caller's transaction; an unknown room is a StorageError
    that names it, a room this ``writer`` does not own a :class:`NotOwner`."""
    code = append.code
    if writer is not None:
        if not fence(connection, {code: append.entry.at}, writer):
            problem = refusals(connection, [code], writer)[code]
            raise problem
        if append.pack_texts:
            _insert_packs(connection, append)
        connection.execute(action_table.insert(), _action_values(append, writer))
        return
    if append.pack_texts:
        _insert_packs(connection, append)
    connection.execute(action_table.insert(), _action_values(append))
    result = connection.execute(
        sa.update(room_table).where(room_table.c.code == code).values(updated_at=append.entry.at)
    )
    if result.rowcount != 1:
        raise StorageError(f"there is no room {code!r}")


def fence(connection: sa.Connection, updated: dict[str, float], writer: str) -> set[str]:
    """Set each room's ``updated_at`` (``updated``: code → time) where ``writer`` owns
    the room and holds its lease; the rooms that passed. Takes their row locks."""
    if not updated:
        return set()
    value: Any = (
        sa.literal(next(iter(updated.values())), sa.Double())
        if len(updated) == 1
        else sa.case(
            {code: sa.literal(at, sa.Double()) for code, at in updated.items()},
            value=room_table.c.code,
        )
    )
    rows = connection.execute(
        sa.update(room_table)
        .where(
            room_table.c.code.in_(list(updated)),
            room_table.c.owner == writer,
            lease_held(writer),
        )
        .values(updated_at=value)
        .returning(room_table.c.code)
    )
    return {row.code for row in rows}


def refusals(
    connection: sa.Connection, codes: Sequence[str], writer: str
) -> dict[str, StorageError]:
    """Why each of ``codes`` failed the fence: no such room, or not ``writer``'s (a read
    made only when something was refused)."""
    if not codes:
        return {}
    owners = {
        row.code: row.owner
        for row in connection.execute(
            sa.select(room_table.c.code, room_table.c.owner).where(room_table.c.code.in_(codes))
        )
    }
    found: dict[str, StorageError] = {}
    for code in codes:
        if code not in owners:
            found[code] = StorageError(f"there is no room {code!r}")
        elif owners[code] == writer:
            found[code] = NotOwner(f"room {code!r}: the lease of server {writer} ran out")
        else:
            found[code] = NotOwner(f"room {code!r} is driven by server {owners[code]} now")
    return found


def _insert_packs(connection: sa.Connection, append: Append) -> None:
    """The packs an action dealt, numbered after the room's stored ones. They go in
    before the action: a refused action then takes them back too."""
    stored = connection.scalar(
        sa.select(sa.func.coalesce(sa.func.max(pack_table.c.number), 0)).where(
            pack_table.c.code == append.code
        )
    )
    connection.execute(
        pack_table.insert(),
        [
            {"code": append.code, "number": int(stored or 0) + index, "cards": text}
            for index, text in enumerate(append.pack_texts, start=1)
        ],
    )


def _action_values(append: Append, writer: str | None = None) -> dict[str, Any]:
    """The row of an action's table (``written_by`` only when there is a writer: the
    single process leaves it empty)."""
    entry = append.entry
    values: dict[str, Any] = {
        "code": append.code,
        "number": entry.number,
        "action": append.action_text,
        "seat": entry.seat,
        "client_id": entry.client_id,
        "by_bot": entry.by_bot,
        "at": entry.at,
    }
    if writer is not None:
        values["written_by"] = writer
    return values
