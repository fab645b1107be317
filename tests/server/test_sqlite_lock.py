"""One server process per SQLite file (tuolaji.server.sqlite_lock, docs/protocol.md
"Running a server"): the lock refuses a second holder in another process, naming the
holder's pid; it goes away when its holder is killed; another file, an in-memory
database and PostgreSQL need no lock; a second ``tuolaji serve`` on the same file is
refused in one line with exit status 2, writes nothing, and the first serves on. Real
processes, bounded in time; only the processes these tests start are signalled, by pid.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest

from clikit import run_cli
from server.crashkit import ServerProcess, free_port
from server.wsclient import BOUND_S
from tuolaji.cli_errors import EXIT_USAGE
from tuolaji.server import sqlite_lock
from tuolaji.server.sqlite_lock import DatabaseInUse, lock_database, lock_path, sqlite_file
from tuolaji.server.storage_rows import StorageError

SRC = Path(sqlite_lock.__file__).resolve().parents[2]
#: A process that takes the lock of the URL it is given, says so, and holds it until
#: its standard input closes (or it is killed).
_HOLDER = """
import sys
from tuolaji.server.sqlite_lock import lock_database
lock = lock_database(sys.argv[1])
print("held" if lock.held else "not held", flush=True)
sys.stdin.read()
"""


def _url(path: Path) -> str:
    return f"sqlite+aiosqlite:///{path}"


def _written(folder: Path) -> dict[Path, tuple[int, int]]:
    """Size and time of last change of each file of the database ``same.db``."""
    return {
        path: (path.stat().st_size, path.stat().st_mtime_ns) for path in folder.glob("same.db*")
    }


@contextmanager
def _held_elsewhere(url: str) -> Iterator[subprocess.Popen[str]]:
    """Another process holding the lock of ``url`` while the block runs; it is killed
    at the end, pass or fail."""
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, url],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(SRC)),
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "held"
        yield holder
    finally:
        if holder.poll() is None:
            holder.kill()
        holder.wait(BOUND_S)


def test_the_lock_refuses_a_second_holder_and_names_the_first(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    with _held_elsewhere(_url(database)) as holder:
        written = lock_path(database).read_bytes()
        with pytest.raises(DatabaseInUse) as refused:
            lock_database(_url(database))
        assert refused.value.database == database.resolve()
        assert refused.value.holder == holder.pid
        assert lock_path(database).read_bytes() == written  # the refused wrote nothing
        assert not database.exists()  # and never touched the database
        # another file is another lock
        with lock_database(_url(tmp_path / "other.db")) as other:
            assert other.held


def test_the_lock_goes_away_when_its_holder_is_killed(tmp_path: Path) -> None:
    url = _url(tmp_path / "games.db")
    with _held_elsewhere(url) as holder:
        with pytest.raises(DatabaseInUse):
            lock_database(url)
        holder.kill()  # SIGKILL: no chance to give anything back
        holder.wait(BOUND_S)
        with lock_database(url) as lock:
            assert lock.held
            assert lock.path is not None
            assert lock.path.read_text().strip() == str(os.getpid())
        assert lock.path.read_text() == ""  # given back: it names nobody


def test_a_released_lock_can_be_taken_again_and_release_is_once(tmp_path: Path) -> None:
    url = _url(tmp_path / "games.db")
    first = lock_database(url)
    assert first.held
    first.release()
    first.release()  # again: nothing happens
    assert not first.held
    with lock_database(url) as second:
        assert second.held


@pytest.mark.parametrize(
    "url",
    [
        "sqlite+aiosqlite:///:memory:",
        "sqlite+aiosqlite://",
        "sqlite+aiosqlite:///file:games?mode=memory&uri=true",
        "postgresql+asyncpg://tuolaji@127.0.0.1:5432/tuolaji",
        "not a url",
    ],
)
def test_databases_without_a_file_need_no_lock(url: str) -> None:
    assert sqlite_file(url) is None
    with lock_database(url) as first, lock_database(url) as second:
        assert not first.held and not second.held


def test_the_file_is_named_the_same_however_the_url_spells_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "link").symlink_to(tmp_path)
    database = (tmp_path / "games.db").resolve()
    assert sqlite_file("sqlite+aiosqlite:///games.db") == database
    assert sqlite_file(f"sqlite+aiosqlite:///{tmp_path / 'link' / 'games.db'}") == database
    assert lock_path(database) == database.with_name("games.db.lock")


def test_a_missing_folder_is_left_to_opening_the_database(tmp_path: Path) -> None:
    url = _url(tmp_path / "nowhere" / "games.db")
    with lock_database(url) as lock:
        assert not lock.held
    assert not (tmp_path / "nowhere").exists()


def test_a_lock_file_that_cannot_be_opened_is_a_storage_error(tmp_path: Path) -> None:
    database = tmp_path / "games.db"
    lock_path(database).mkdir()  # a folder where the lock file should be
    with pytest.raises(StorageError, match=r"cannot lock the database .*games\.db"):
        lock_database(_url(database))


def test_without_fcntl_the_server_runs_unlocked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    with lock_database(_url(tmp_path / "games.db")) as lock:
        assert not lock.held


@pytest.mark.asyncio
async def test_a_second_serve_on_one_sqlite_file_is_refused_and_the_first_serves_on(
    tmp_path: Path,
) -> None:
    database = tmp_path / "same.db"
    first = ServerProcess(f"sqlite:///{database}", tmp_path / "server.log")
    try:
        await first.start()
        assert first.process is not None
        files = _written(tmp_path)
        port = str(free_port())
        done = run_cli("serve", "--port", port, "--db", f"sqlite:///{database}", timeout=120)
        assert (done.returncode, done.stdout) == (EXIT_USAGE, ""), done.stderr
        assert done.stderr == (
            f"Error: the database {database.resolve()} is in use by another tuolaji serve "
            f"(process {first.process.pid}). SQLite serves one server process at a time: "
            "stop that server first, or, to run several, store the games in PostgreSQL "
            "(--db postgresql://USER@HOST:PORT/DATABASE, see docs/scaling.md)\n"
        )
        # nothing written: every file of the database as it was
        assert _written(tmp_path) == files
        async with httpx.AsyncClient(base_url=first.base_url, timeout=BOUND_S) as http:
            created = await http.post("/api/rooms", json={})
            assert created.status_code == 201, created.text
            code = created.json()["code"]
            assert (await http.get(f"/api/rooms/{code}")).status_code == 200
    finally:
        await first.kill()
