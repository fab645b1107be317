"""``tuolaji serve``: the online game (the server extra), kept apart from cli.py."""

from __future__ import annotations

from typing import Annotated

import typer

from tuolaji.cli_help import require_extra_or_exit
from tuolaji.i18n import N_

SERVE_SHORT_HELP = N_("Serve the online game: rooms, seats, bots, reconnect.")
SERVE_HELP = N_(
    "Serve the online game over HTTP and WebSockets: rooms with rules, seats for people "
    "and bots, turn clocks, spectators, reconnecting, and games kept in a database that "
    "survive a restart (see docs/protocol.md). By default the database is a file in "
    "the data folder."
)


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
    from tuolaji.server.run import serve as run

    try:
        url = default_db_url() if db is None else normal_db_url(db)
    except (ValueError, OSError) as error:
        raise typer.BadParameter(str(error), param_hint="'--db'") from None

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
    # Stopped by SIGTERM or Ctrl-C: exit 0 once every game is stored and every
    # connection told; 1 when a second Ctrl-C cut that short (docs/protocol.md).
    if not run(config, host, port, started):
        raise typer.Exit(1)
