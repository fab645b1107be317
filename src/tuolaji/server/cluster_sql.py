"""The SQL that several server processes on one PostgreSQL agree through.

Time here is always the DATABASE's clock (``clock_timestamp()``, as epoch seconds), never
a process's: the processes' clocks may disagree, the database's is one clock for all.

A server is **alive** when its lease is unexpired AND the advisory lock on its id is
held (``pg_locks``): the lock belongs to the session of the server's lease connection,
so a killed process (its socket closed) loses it at once, and another need not wait for
the lease to run out; a frozen process (SIGSTOP) keeps its socket and its lock, and is
dead when its lease runs out. :mod:`tuolaji.server.leases` keeps the lease and the lock;
:mod:`tuolaji.server.ownership` and the fenced writes of
:mod:`tuolaji.server.storage_appends` read them.
"""

from __future__ import annotations

from typing import Final

import sqlalchemy as sa

#: the database's clock now, as epoch seconds (double precision, as the columns are)
NOW: Final = "extract(epoch from clock_timestamp())::double precision"
#: the first key of every server's advisory lock (the second is the hash of its id):
#: keeps them apart from any other advisory lock the database's users take
LOCK_SPACE: Final = 0x74756F6C  # "tuol"

#: the advisory lock (one 64-bit key, apart from the servers' two-key locks) that servers
#: starting at the same moment take in turn to migrate the database
MIGRATION_LOCK: Final = 0x74756F6C_6D696772  # "tuolmigr"

#: the advisory lock that marks server :id as running (session level)
TRY_LOCK: Final = f"SELECT pg_try_advisory_lock({LOCK_SPACE}, hashtext(:id))"

#: the ids of the live servers: lease unexpired and lock held (one look at pg_locks)
LIVE_SERVERS: Final = f"""
SELECT s.id FROM servers s
WHERE s.lease_until > {NOW}
  AND hashtext(s.id)::oid IN (
    SELECT l.objid FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
      AND l.classid = {LOCK_SPACE}
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database()))
"""

#: whether the lease of server :me is unexpired (its own writes are fenced by it)
MY_LEASE: Final = f"EXISTS (SELECT 1 FROM servers WHERE id = :me AND lease_until > {NOW})"


def lease_held(me: str) -> sa.TextClause:
    """A condition: the lease of server ``me`` is unexpired (by the database's clock)."""
    return sa.text(MY_LEASE).bindparams(me=me)


def db_now() -> sa.TextClause:
    """The database's clock now, as epoch seconds (a value for a column)."""
    return sa.text(NOW)
