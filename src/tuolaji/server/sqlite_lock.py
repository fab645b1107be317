"""One server process per SQLite file: a lock held while ``tuolaji serve`` runs on it.

SQLite is a one-process store for the server (a room is driven by the process that
holds it, and SQLite has one writer at a time), and two servers on one file would each
drive the same rooms until one of them fails. So a server takes an exclusive advisory
lock (``flock``) on a lock file next to the database, ``<database>.lock``, before it
opens the database, and holds it until it stops; the file holds the owner's pid, for
the message the next one gets (:class:`DatabaseInUse`). The kernel drops the lock when
its process ends, however it ends, so a killed server never leaves its file locked.
The file itself stays (removing it would let a process that opened it just before lock
a file nobody else sees); it is emptied when the lock is given back.

In-memory SQLite and PostgreSQL need no lock: nothing else can open the first, and the
second serves many processes. Where ``fcntl`` is missing (Windows), or the file system
refuses locks, no lock is taken: the server runs as it did without one.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path
from types import TracebackType
from typing import Final

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from tuolaji.server.storage_rows import StorageError

#: what the lock file's name adds to the database file's
LOCK_SUFFIX: Final = ".lock"
#: the most bytes of the lock file read for the holder's pid
_PID_BYTES: Final = 32


class DatabaseInUse(StorageError):
    """Another process serves this SQLite file: ``database`` (the file), ``holder`` (the
    pid written in the lock file; None when it could not be read)."""

    def __init__(self, database: Path, holder: int | None) -> None:
        self.database = database
        self.holder = holder
        who = "another process" if holder is None else f"process {holder}"
        super().__init__(
            f"the SQLite database {database} is served by {who}: SQLite serves one "
            "process; for several, use PostgreSQL (--db postgresql://…)"
        )


def sqlite_file(url: str) -> Path | None:
    """The file of the SQLite database at ``url``, as an absolute path; None for
    in-memory SQLite, for other databases and for a URL that does not parse (opening
    the database says what is wrong with it)."""
    try:
        parsed = make_url(url)
    except (ArgumentError, ValueError):
        return None
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database.startswith("file:"):  # an SQLite URI filename (``?uri=true``)
        if parsed.query.get("mode") == "memory":
            return None
        database = database.removeprefix("file:")
    if database in ("", ":memory:"):
        return None
    return Path(database).resolve()


def lock_path(database: Path) -> Path:
    """The lock file of the SQLite file ``database``."""
    return database.with_name(database.name + LOCK_SUFFIX)


def _flock(descriptor: int) -> bool | None:
    """Lock ``descriptor`` exclusively without waiting: True when locked, False when
    another process holds it, None when no lock can be taken here."""
    if sys.platform == "win32":
        return None
    import fcntl

    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError:  # a file system without locks (some network ones)
        return None
    return True


def _holder(descriptor: int) -> int | None:
    """The pid the lock file holds, if it holds one."""
    try:
        text = os.pread(descriptor, _PID_BYTES, 0).decode("ascii", errors="replace")
    except OSError:
        return None
    first = text.strip()
    return int(first) if first.isdigit() else None


class DatabaseLock:
    """The lock on one SQLite file (or none, for databases that need none), given back
    by :meth:`release` or at the end of a ``with`` block."""

    def __init__(self, path: Path | None = None, descriptor: int | None = None) -> None:
        #: the lock file (None: no lock is held)
        self.path = path
        self._descriptor = descriptor

    @property
    def held(self) -> bool:
        """Whether this holds a lock."""
        return self._descriptor is not None

    def release(self) -> None:
        """Give the lock back (once; later calls do nothing), emptying the file first so
        that it names no owner."""
        descriptor, self._descriptor = self._descriptor, None
        if descriptor is None:
            return
        with contextlib.suppress(OSError):
            os.ftruncate(descriptor, 0)
        os.close(descriptor)  # closing the file gives the lock back

    def __enter__(self) -> DatabaseLock:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()


def lock_database(url: str) -> DatabaseLock:
    """Take the lock of the SQLite file at ``url`` for this process (a lock that holds
    nothing for in-memory SQLite, PostgreSQL, or where locks cannot be taken).

    :class:`DatabaseInUse` when another process holds it: nothing is written then.
    StorageError when the lock file cannot be opened for another reason than a missing
    folder (which opening the database reports).
    """
    database = sqlite_file(url)
    if database is None:
        return DatabaseLock()
    path = lock_path(database)
    try:
        # not inheritable (os.open's default): no child process can keep the lock
        descriptor = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except FileNotFoundError:
        return DatabaseLock()
    except OSError as error:
        raise StorageError(
            f"cannot lock the database {database}: cannot open {path}: {error.strerror}"
        ) from error
    locked = _flock(descriptor)
    if not locked:
        holder = _holder(descriptor) if locked is False else None
        os.close(descriptor)
        if locked is None:
            return DatabaseLock()
        raise DatabaseInUse(database, holder)
    try:
        os.ftruncate(descriptor, 0)
        os.pwrite(descriptor, f"{os.getpid()}\n".encode("ascii"), 0)
    except OSError:
        pass  # the lock holds all the same; only the next one's message names no pid
    return DatabaseLock(path, descriptor)
