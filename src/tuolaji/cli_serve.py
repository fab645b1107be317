"""``tuolaji serve``: the online game (the server extra), kept apart from cli.py.

What can be found wrong before serving is said in one ``Error:`` line, before anything
starts: a bad database URL, an address that cannot be listened on (a port in use) or an
SQLite file another server serves with exit status 2, a database that cannot be opened
with exit status 1 (:mod:`tuolaji.cli_errors`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tuolaji.cli_errors import fail, refuse, require_extra_or_exit, usage_error
from tuolaji.i18n import N_, _

SERVE_SHORT_HELP = N_("Serve the online game: rooms, seats, bots, reconnect.")
SERVE_HELP = N_(
    "Serve the online game over HTTP and WebSockets: rooms with rules, seats for people "
    "and bots, turn clocks, spectators, reconnecting, and games kept in a database that "
    "survive a restart (see docs/protocol.md). By default the database is a file in "
    "the data folder."
)


def database_in_use(database: Path, holder: int | None) -> str:
    """What a second server on one SQLite file is told: whose it is, and what to do."""
    if holder is None:
        return _(
            "the database {database} is in use by another tuolaji serve. SQLite serves one "
            "server process at a time: stop that server first, or, to run several, store "
            "the games in PostgreSQL (--db postgresql://USER@HOST:PORT/DATABASE, see "
            "docs/scaling.md)"
        ).format(database=database)
    return _(
        "the database {database} is in use by another tuolaji serve (process {pid}). "
        "SQLite serves one server process at a time: stop that server first, or, to run "
        "several, store the games in PostgreSQL (--db postgresql://USER@HOST:PORT/DATABASE, "
        "see docs/scaling.md)"
    ).format(database=database, pid=holder)


def serve(
    host: Annotated[
        str, typer.Option(metavar="HOST", help=N_("Address to listen on."))
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option(metavar="PORT", min=1, max=65535, help=N_("Port to listen on."))
    ] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            metavar="URL",
            help=N_("Database URL: sqlite:///PATH or postgresql://USER@HOST:PORT/DATABASE."),
        ),
    ] = None,
    bot_workers: Annotated[
        int,
        typer.Option(metavar="N", min=0, max=64, help=N_("Processes the bots think in (0: none).")),
    ] = 2,
    deal_interval: Annotated[
        float,
        typer.Option(
            metavar="SECONDS", min=0, max=10, help=N_("Seconds between two cards of the deal.")
        ),
    ] = 0.3,
    round_pause: Annotated[
        float,
        typer.Option(metavar="SECONDS", min=0, max=600, help=N_("Seconds between two rounds.")),
    ] = 10.0,
    grace: Annotated[
        float,
        typer.Option(
            metavar="SECONDS",
            min=0,
            max=3600,
            help=N_("Seconds a disconnected player keeps the seat before a bot plays for them."),
        ),
    ] = 60.0,
    allow_seeds: Annotated[
        bool,
        typer.Option(
            "--allow-seeds",
            help=N_(
                "For tests: let a new room be dealt from a seed it is given. Whoever knows "
                "a room's seed knows every hand, so never use it for real games."
            ),
        ),
    ] = False,
) -> None:
    """Serve the online game until stopped (Ctrl-C or SIGTERM)."""
    require_extra_or_exit("server")
    from tuolaji.server.config import ServerConfig, default_db_url, normal_db_url
    from tuolaji.server.listen import ListenError
    from tuolaji.server.run import StartFailed
    from tuolaji.server.run import serve as run
    from tuolaji.server.sqlite_lock import DatabaseInUse
    from tuolaji.server.storage_rows import StorageError

    try:
        url = default_db_url() if db is None else normal_db_url(db)
    except (ValueError, OSError) as error:
        usage_error(str(error), "--db")

    def started(address: str) -> None:
        # Not translated: a line for the operator's log, which scripts and tests wait for.
        typer.echo(f"tuolaji serve: open {address} (database: {url})")

    config = ServerConfig(
        db_url=url,
        bot_workers=bot_workers,
        deal_interval_s=deal_interval,
        round_pause_s=round_pause,
        grace_s=grace,
        allow_seeds=allow_seeds,
    )
    try:
        stopped_cleanly = run(config, host, port, started)
    except ListenError as error:  # found before anything started
        if error.in_use:
            refuse(
                _(
                    "cannot listen on {address}: the port is already in use (stop what uses "
                    "it, or choose another port with --port)"
                ).format(address=error.address)
            )
        refuse(
            _("cannot listen on {address}: {reason}").format(
                address=error.address, reason=error.reason
            )
        )
    except DatabaseInUse as error:  # found before anything started; nothing written
        refuse(database_in_use(error.database, error.holder))
    except StorageError as error:  # found before anything started, too
        fail(str(error))
    except StartFailed:
        fail(_("the server could not start: see the log above"))
    else:
        # Stopped by SIGTERM or Ctrl-C: exit 0 once every game is stored and every
        # connection told; 1 when a second Ctrl-C cut that short (docs/protocol.md).
        if not stopped_cleanly:
            raise typer.Exit(1)
