"""Storing accepted actions: each with the packs of any deals it made and the room's
``updated_at``, in the caller's transaction — one action alone, or several rooms' at
once in as few statements as can be (group commit, :mod:`tuolaji.server.group_commit`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from tuolaji.server.storage_rows import LoggedAction, StorageError
from tuolaji.server.storage_tables import action_table, pack_table, room_table


@dataclass(frozen=True)
class Append:
    """One action to store, checked and turned into the text the database keeps."""

    code: str
    entry: LoggedAction
    action_text: str
    pack_texts: tuple[str, ...]


def insert_actions(connection: sa.Connection, appends: Sequence[Append]) -> None:
    """Store several rooms' actions in the caller's transaction, in as few statements as
    can be: each statement is a trip to the database driver's thread and back. An
    unknown room breaks the rooms' foreign key, which fails the whole batch."""
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


def insert_action(connection: sa.Connection, append: Append) -> None:
    """Store one action in the caller's transaction; an unknown room is a StorageError
    that names it."""
    code = append.code
    if append.pack_texts:
        _insert_packs(connection, append)
    connection.execute(action_table.insert(), _action_values(append))
    result = connection.execute(
        sa.update(room_table).where(room_table.c.code == code).values(updated_at=append.entry.at)
    )
    if result.rowcount != 1:
        raise StorageError(f"there is no room {code!r}")


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


def _action_values(append: Append) -> dict[str, Any]:
    """The row of an action's table."""
    entry = append.entry
    return {
        "code": append.code,
        "number": entry.number,
        "action": append.action_text,
        "seat": entry.seat,
        "client_id": entry.client_id,
        "by_bot": entry.by_bot,
        "at": entry.at,
    }
