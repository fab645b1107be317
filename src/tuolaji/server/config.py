"""The server's settings: where games are stored, how long things wait, the limits."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from tuolaji.datadir import data_dir
from tuolaji.server.clock import Clock, SystemClock

#: where ``make web`` builds the browser table (shipped in the wheel, ignored by git)
STATIC_DIR = Path(__file__).resolve().parent / "static"


@dataclass
class ServerConfig:
    """Everything a server decides that is not the rules of the game.

    Times are seconds. The defaults suit people playing over the internet; the tests
    shorten them and drive time with a :class:`~tuolaji.server.clock.ManualClock`.
    """

    #: the database: ``sqlite+aiosqlite:///PATH`` or ``postgresql+asyncpg://…``
    db_url: str
    #: time: every wait, deadline and rate limit reads it
    clock: Clock = field(default_factory=SystemClock)
    #: bot worker processes (0: bots think in a thread of this process)
    bot_workers: int = 2
    #: how long a bot may think before the engine's first legal action is played for it
    bot_deadline_s: float = 10.0
    #: the pause between two cards of the deal, so that people can declare as they come
    deal_interval_s: float = 0.3
    #: the pause between rounds (the summary is read; a human may take a bot's seat)
    round_pause_s: float = 10.0
    #: how long a human who lost the connection keeps the seat before the stand-in plays
    grace_s: float = 60.0
    #: at a table with takebacks on (R-U1): how long the bots and the deal wait after a
    #: person's action, so that a misclick can be taken back before anyone acts after it
    takeback_grace_s: float = 3.0
    #: a room without an accepted action, a join or a creation for this long is closed
    idle_close_s: float = 7 * 24 * 3600.0
    #: how often idle rooms are looked for
    idle_check_s: float = 3600.0
    #: creating rooms: per client address, a burst then one per this many seconds
    create_burst: int = 5
    create_every_s: float = 12.0
    #: taking seats and looking rooms up by code: per client address
    join_burst: int = 20
    join_every_s: float = 1.0
    #: uploaded records replayed: per client address (each takes a moment of CPU)
    replay_burst: int = 10
    replay_every_s: float = 3.0
    #: actions and other frames on one connection
    frame_burst: int = 40
    frame_every_s: float = 0.05
    #: frames waiting to be sent to one connection before it is closed as too slow
    send_queue: int = 2000
    #: the event numbers a reconnecting client may be behind and still get them one by
    #: one (further behind: a fresh snapshot)
    catch_up_limit: int = 1000
    #: rooms in the public list
    listed_rooms: int = 50
    #: the built browser table (``index.html`` and ``assets/``); None: serve none
    static_dir: Path | None = STATIC_DIR
    #: whether a new room may be given its seed (for tests: ``--allow-seeds``); a
    #: player who knows a room's seed knows every hand of it
    allow_seeds: bool = False
    # Several servers on one PostgreSQL (docs/scaling.md); the embedded SQLite server
    # reads none of these.
    #: this server's id among them (None: a random one)
    server_id: str | None = None
    #: where this server is reached, as the servers table shows it (None: not said)
    address: str | None = None
    #: how long a lease lasts without renewal, and how often it is renewed
    lease_s: float = 2.0
    renew_s: float = 0.5
    #: how often rooms nobody alive drives are looked for, and how many one look takes
    orphan_scan_s: float = 1.0
    orphan_batch: int = 25
    #: how long a request waits for the owner of its room to hand it over
    handover_wait_s: float = 3.0
    #: how long a room stays with a server that took it before it hands it over again
    #: (two routers disagreeing for a moment cannot bounce it on every action)
    handover_hold_s: float = 1.0


def default_db_url() -> str:
    """The embedded database: ``server.sqlite3`` in the data folder
    (``$TUOLAJI_DATA_DIR``, else the user's data folder for tuolaji), created if needed."""
    folder = data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite+aiosqlite:///{(folder / 'server.sqlite3').resolve()}"


def normal_db_url(text: str) -> str:
    """``text`` as a database URL with its async driver: ``sqlite:///PATH`` and
    ``postgresql://…`` are accepted as people write them. Anything else is a
    ``ValueError`` that says what is accepted.

    >>> normal_db_url("sqlite:///games.db")
    'sqlite+aiosqlite:///games.db'
    >>> normal_db_url("postgresql://tuolaji@127.0.0.1:5432/tuolaji")
    'postgresql+asyncpg://tuolaji@127.0.0.1:5432/tuolaji'
    """
    scheme, separator, rest = text.partition("://")
    drivers = {
        "sqlite": "sqlite+aiosqlite",
        "sqlite+aiosqlite": "sqlite+aiosqlite",
        "postgresql": "postgresql+asyncpg",
        "postgres": "postgresql+asyncpg",
        "postgresql+asyncpg": "postgresql+asyncpg",
    }
    if not separator or scheme not in drivers or not rest:
        raise ValueError(
            f"{text!r} is not a database URL tuolaji uses: give sqlite:///PATH or "
            "postgresql://USER@HOST:PORT/DATABASE"
        )
    return f"{drivers[scheme]}://{rest}"
