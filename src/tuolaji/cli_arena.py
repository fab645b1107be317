"""``tuolaji simulate`` and ``tuolaji tournament``: bots playing bots (the work is
:mod:`tuolaji.arena`; this module reads the options and prints). Registered by cli.py."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from tuolaji.arena.limits import (
    DEFAULT_GAMES,
    MAX_DEALS,
    MAX_GAMES,
    MAX_JOBS,
    MAX_REPLACED_SHARE,
    MAX_ROUNDS,
    MAX_SEED,
)
from tuolaji.cli_errors import (
    EXIT_FAILED,
    EXIT_REPLACED,
    error_line,
    fail,
    require_extra_or_exit,
    usage_error,
)
from tuolaji.cli_options import (
    JSON_HELP,
    OPTION_HELP,
    RULES_HELP,
    SEED_HELP,
    ExecutorOption,
    RayAddressOption,
    check_output_folder,
    executor_choice,
    executor_errors,
    players_checked_by,
    rules_option,
    seat_players,
    side_players,
    takebacks_refused,
)
from tuolaji.i18n import N_, _, ngettext

SIMULATE_SHORT_HELP = N_("Self-play many seeded games and summarise them.")
# TRANSLATORS: {default_games} is a number of games (10).
SIMULATE_HELP = N_(
    "Self-play many seeded games and summarise them: --games N whole games or --rounds N "
    "rounds, not both ({default_games} games when neither is given)."
)
TOURNAMENT_SHORT_HELP = N_("Compare two players on duplicate deals.")
# TRANSLATORS: {min_deals} is a number of deals (30), {max_share} a share ("1%").
TOURNAMENT_HELP = N_(
    "Play two players against each other on duplicate deals and compare them (see "
    "docs/tournaments.md). A verdict needs at least {min_deals} deals. The command "
    "fails with exit status 3 when fallback moves replaced a player in more than "
    "{max_share} of its decisions (an external bot that crashed, fell silent or "
    "answered wrongly)."
)


def simulate(
    context: typer.Context,
    rounds: Annotated[
        int | None,
        typer.Option(
            metavar="N", min=1, max=MAX_ROUNDS, help=N_("Play games until this many rounds.")
        ),
    ] = None,
    games: Annotated[
        int | None,
        typer.Option(metavar="N", min=1, max=MAX_GAMES, help=N_("Play this many whole games.")),
    ] = None,
    seed: Annotated[int, typer.Option(metavar="N", min=0, max=MAX_SEED, help=SEED_HELP)] = 0,
    players: Annotated[
        str,
        typer.Option(
            metavar="NAMES",
            callback=players_checked_by(seat_players),
            help=N_(
                "Four players, comma-separated, or one for every seat: random, heuristic, "
                "search or cmd:COMMAND, with options after colons such as "
                "search:guesses=N, cmd:timeout=SECONDS:COMMAND and name=LABEL (see "
                "docs/bots.md)."
            ),
        ),
    ] = "random,random,random,random",
    rules: Annotated[str, typer.Option(metavar="PRESET", help=RULES_HELP)] = "standard",
    option: Annotated[
        list[str] | None, typer.Option(metavar="NAME=VALUE", help=OPTION_HELP)
    ] = None,
    records: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help=N_(
                "Write a record of each game into this folder. It is checked before the "
                "first game: its parent folder must exist, and it must not hold the records "
                "of an earlier run."
            ),
        ),
    ] = None,
    jobs: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=1,
            max=MAX_JOBS,
            help=N_(
                "Worker processes, or the CPUs of a Ray started for --executor ray; the "
                "summary is the same as with one, but for its times."
            ),
        ),
    ] = 1,
    executor: ExecutorOption = "local",
    ray_address: RayAddressOption = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Self-play many seeded games and summarise them."""
    from rich.console import Console
    from rich.progress import Progress

    from tuolaji.arena.outputs import prepare_output_folder
    from tuolaji.arena.simulate import RECORD_FILES, check_simulation
    from tuolaji.arena.simulate import simulate as run_simulation
    from tuolaji.cli_tables import simulation_table

    if rounds is not None and games is not None:
        usage_error(_("give --rounds N or --games N, not both"))
    if rounds is None and games is None:
        games = DEFAULT_GAMES
    names = seat_players(players)  # checked as the command line was read
    rule_set = takebacks_refused(rules_option(rules, option))
    executor_choice(context, executor, jobs, ray_address)
    try:
        check_simulation(
            rounds=rounds,
            games=games,
            seed=seed,
            players=names,
            jobs=jobs,
            executor=executor,
            ray_address=ray_address,
        )
    except ValueError as error:
        usage_error(str(error))
    if records is not None:
        check_output_folder("--records", lambda: prepare_output_folder(records, [RECORD_FILES]))
    total = rounds if rounds is not None else games
    with executor_errors(), Progress(disable=as_json, transient=True) as progress:
        task = progress.add_task("rounds" if rounds is not None else "games", total=total)
        try:
            summary = run_simulation(
                rounds=rounds,
                games=games,
                seed=seed,
                players=names,
                rules=rule_set,
                records=records,
                progress=lambda done, _total: progress.update(task, completed=done),
                jobs=jobs,
                executor=executor,
                ray_address=ray_address,
            )
        except OSError as error:  # the disk filled up, the folder went away…
            progress.stop()
            fail(
                _("could not write a game record: {reason}").format(reason=error.strerror or error)
            )
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
    Console().print(simulation_table(summary, seed, rule_set.preset))


def tournament(
    context: typer.Context,
    players: Annotated[
        str,
        typer.Option(
            metavar="A,B",
            callback=players_checked_by(side_players),
            help=N_(
                "Two players, comma-separated: side A, side B. Player names and their "
                "options are those of simulate (see docs/bots.md)."
            ),
        ),
    ] = "random,random",
    deals: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=1,
            max=MAX_DEALS,
            help=N_("Duplicate deals to play; each is played twice, the sides swapping seats."),
        ),
    ] = 100,
    seed: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=0,
            max=MAX_SEED,
            help=N_("Seed of the whole tournament: the same seed gives the same deals."),
        ),
    ] = 0,
    jobs: Annotated[
        int,
        typer.Option(
            metavar="N",
            min=1,
            max=MAX_JOBS,
            help=N_(
                "Worker processes, or the CPUs of a Ray started for --executor ray; the "
                "result is the same as with one."
            ),
        ),
    ] = 1,
    executor: ExecutorOption = "local",
    ray_address: RayAddressOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            help=N_(
                "Write result.json and cumulative_utility.png into this folder. It is "
                "checked before the first deal: its parent folder must exist, and it must "
                "not hold the results of an earlier run."
            ),
        ),
    ] = None,
    records: Annotated[
        bool, typer.Option("--records", help=N_("With --out: keep every run's game record."))
    ] = False,
    rules: Annotated[str, typer.Option(metavar="PRESET", help=RULES_HELP)] = "standard",
    option: Annotated[
        list[str] | None, typer.Option(metavar="NAME=VALUE", help=OPTION_HELP)
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Play two players against each other on duplicate deals and compare them."""
    from rich.console import Console
    from rich.progress import Progress

    from tuolaji.arena import tournament as arena
    from tuolaji.cli_tables import tournament_table

    if records and out is None:
        usage_error(_("--records needs --out DIR"))
    names = side_players(players)  # checked as the command line was read
    executor_choice(context, executor, jobs, ray_address)
    try:
        arena.check_tournament(
            names, deals, jobs, seed=seed, executor=executor, ray_address=ray_address
        )
    except ValueError as error:
        usage_error(str(error))
    rule_set = takebacks_refused(rules_option(rules, option))
    if out is not None:
        require_extra_or_exit("arena")  # the chart is drawn at the end: check before the deals
        folder: Path = out
        check_output_folder("--out", lambda: arena.prepare_out(folder, records))
    bar = Progress(console=Console(stderr=True), disable=as_json, transient=True)
    with executor_errors(), bar as progress:
        task = progress.add_task("deals", total=deals)
        result = arena.run_tournament(
            names,
            deals,
            seed=seed,
            rules=rule_set,
            jobs=jobs,
            records=out / arena.RECORDS_DIR if records and out is not None else None,
            progress=lambda done, _total: progress.update(task, completed=done),
            executor=executor,
            ray_address=ray_address,
        )
    unwritten: OSError | None = None
    if out is not None:
        try:
            arena.write_outputs(result, out)
        except OSError as error:  # the results are still printed below: nothing is lost
            unwritten = error
    if as_json:
        typer.echo(json.dumps(result.summary_json()))
    else:
        console = Console()
        console.print(tournament_table(result, rule_set.preset))
        rounds = result.sides[0].rounds
        if out is not None and unwritten is None:
            done = ngettext(
                "{rounds} round in {seconds} s; results in {folder}",
                "{rounds} rounds in {seconds} s; results in {folder}",
                rounds,
            )
        else:
            done = ngettext(
                "{rounds} round in {seconds} s", "{rounds} rounds in {seconds} s", rounds
            )
        console.print(done.format(rounds=rounds, seconds=f"{result.seconds:.1f}", folder=out))
    # Both failures are told, each on its line, before the command exits: the results
    # that could not be written are still printed above, and a replaced player's share
    # is worth knowing either way.
    if unwritten is not None:
        error_line(
            _("could not write the results into {folder}: {reason}").format(
                folder=out, reason=unwritten.strerror or unwritten
            )
        )
    replaced = [side for side in result.sides if side.replaced_too_often]
    for side in replaced:
        error_line(
            _(
                "fallback moves made {replaced} of the {decisions} decisions of {name} "
                "({share}), more than the {limit} allowed: this tournament does not "
                "measure that player."
            ).format(
                replaced=side.replaced,
                decisions=side.decisions,
                name=side.name,
                share=f"{side.replaced_share:.1%}",
                limit=f"{MAX_REPLACED_SHARE:.0%}",
            )
        )
    if unwritten is not None:
        raise typer.Exit(EXIT_FAILED)
    if replaced:
        raise typer.Exit(EXIT_REPLACED)
