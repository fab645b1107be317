"""The ``tuolaji`` command line. Thin: every command calls into the package."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated

import typer

from tuolaji import __version__

app = typer.Typer(
    help="tuolaji — Tractor (拖拉机 / Sheng Ji 升级): rules engine, games and bots.",
    no_args_is_help=True,
    add_completion=False,
)


def _rules_option(preset: str, options: list[str] | None):  # type: ignore[no-untyped-def]
    """Rules from --rules PRESET and repeated --option NAME=VALUE (JSON values)."""
    from tuolaji.core.rules import RulesError, rules_from_spec

    spec: dict[str, object] = {"preset": preset}
    for item in options or []:
        name, sep, value = item.partition("=")
        if not sep:
            raise typer.BadParameter(f"write options as NAME=VALUE, not {item!r}")
        try:
            spec[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            spec[name.strip()] = value
    try:
        return rules_from_spec(spec)
    except RulesError as error:
        raise typer.BadParameter(str(error)) from None


@app.command()
def judge() -> None:
    """Answer rules questions: JSON Lines on stdin, one answer line each on stdout
    (see docs/judge.md)."""
    from tuolaji.judge import run

    run(sys.stdin, sys.stdout)


@app.command()
def simulate(
    rounds: Annotated[int | None, typer.Option(help="Play games until this many rounds.")] = None,
    games: Annotated[int | None, typer.Option(help="Play this many whole games.")] = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole run.")] = 0,
    players: Annotated[str, typer.Option(help="Four players, comma-separated.")] = (
        "random,random,random,random"
    ),
    rules: Annotated[str, typer.Option(help="Preset: standard or classic.")] = "standard",
    option: Annotated[
        list[str] | None, typer.Option(help="Rule option NAME=VALUE (repeatable).")
    ] = None,
    records: Annotated[Path | None, typer.Option(help="Write a record of each game here.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
) -> None:
    """Self-play many seeded games and summarise them."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from tuolaji.arena.simulate import simulate as run_simulation

    if (rounds is None) == (games is None):
        raise typer.BadParameter("give exactly one of --rounds N or --games N")
    names = [name.strip() for name in players.split(",")]
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise typer.BadParameter("--players takes one name or four, comma-separated")
    rule_set = _rules_option(rules, option)
    total = rounds if rounds is not None else games
    with Progress(disable=as_json, transient=True) as progress:
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
            )
        except ValueError as error:
            raise typer.BadParameter(str(error)) from None
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
    table = Table(title=f"Simulation, seed {seed}, {rule_set.preset} rules")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("rounds", str(summary.rounds))
    table.add_row("games finished / started", f"{summary.games_finished} / {summary.games_started}")
    table.add_row("team wins (0&2 / 1&3)", f"{summary.team_wins[0]} / {summary.team_wins[1]}")
    table.add_row("declarer hold rate", f"{summary.declarer_hold_rate:.1%}")
    table.add_row("opponents' mean points", f"{summary.opponents_points_mean:.1f}")
    table.add_row("failed throws", str(summary.failed_throws))
    table.add_row("talon bonuses (opponents took the last trick)", str(summary.talon_bonuses))
    table.add_row("seconds", f"{summary.seconds:.2f}")
    table.add_row("rounds per second", f"{summary.rounds_per_second:.0f}")
    Console().print(table)


@app.command()
def tournament(
    players: Annotated[
        str, typer.Option(help="Two players, comma-separated: side A, side B.")
    ] = "random,random",
    deals: Annotated[int, typer.Option(help="Duplicate deals to play (each twice).")] = 100,
    seed: Annotated[int, typer.Option(help="Seed of the whole tournament.")] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    out: Annotated[
        Path | None, typer.Option(help="Write result.json and cumulative_utility.png here.")
    ] = None,
    records: Annotated[
        bool, typer.Option("--records", help="With --out: keep every run's game record.")
    ] = False,
    rules: Annotated[str, typer.Option(help="Preset: standard or classic.")] = "standard",
    option: Annotated[
        list[str] | None, typer.Option(help="Rule option NAME=VALUE (repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON summary.")] = False,
) -> None:
    """Play two players against each other on duplicate deals and compare them."""
    from rich.console import Console
    from rich.progress import Progress
    from rich.table import Table

    from tuolaji.arena import tournament as arena

    if records and out is None:
        raise typer.BadParameter("--records needs --out DIR")
    try:
        names = arena.parse_players(players)
        arena.check_tournament(names, deals, jobs)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    rule_set = _rules_option(rules, option)
    with Progress(console=Console(stderr=True), disable=as_json, transient=True) as progress:
        task = progress.add_task("deals", total=deals)
        result = arena.run_tournament(
            names,
            deals,
            seed=seed,
            rules=rule_set,
            jobs=jobs,
            records=out / arena.RECORDS_DIR if records and out is not None else None,
            progress=lambda done, _total: progress.update(task, completed=done),
        )
    if out is not None:
        arena.write_outputs(result, out)
    if as_json:
        typer.echo(json.dumps(result.summary_json()))
        return
    table = Table(
        title=f"Tournament: {len(result.deals)} duplicate deals, seed {seed}, "
        f"{rule_set.preset} rules",
        caption=f"utility: levels per deal, the side's gain minus the other's\n{result.verdict}",
    )
    table.add_column("side")
    table.add_column("player")
    for column in ("utility", "95% CI", "hold rate", "points as opponents"):
        table.add_column(column, justify="right")
    for side in result.sides:
        low, high = side.utility_ci95
        table.add_row(
            side.side,
            side.name,
            f"{side.utility_mean:+.3f}",
            f"[{low:+.3f}, {high:+.3f}]",
            f"{side.hold_rate:.1%}",
            f"{side.opponent_points_mean:.1f}",
        )
    console = Console()
    console.print(table)
    console.print(
        f"{result.sides[0].rounds} rounds in {result.seconds:.1f} s"
        + (f"; results in {out}" if out is not None else "")
    )


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A game record (JSON).")],
) -> None:
    """Re-apply every action of a game record and print the game round by round."""
    from rich.console import Console

    from tuolaji.game.record import RecordError, load_record
    from tuolaji.game.record import replay as replay_record
    from tuolaji.render import event_lines

    console = Console(highlight=False)
    try:
        record = load_record(file)
        game = replay_record(record)
    except RecordError as error:
        Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {error}")
        raise typer.Exit(1) from None
    console.print(
        f"[bold]{file}[/]: {record.rules.preset} rules, seed {record.seed}, "
        f"players {', '.join(record.players)}"
    )
    for line in event_lines(game.events):
        console.print(line)


@app.command()
def play(
    bots: Annotated[
        str, typer.Option(help="The three bots: heuristic, search or random.")
    ] = "heuristic",
    seed: Annotated[
        int | None, typer.Option(help="Seed of the shuffles (a random one if not given).")
    ] = None,
    rules: Annotated[str, typer.Option(help="Preset: standard or classic.")] = "standard",
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, zh_CN, es, da, lv or hi (default: the locale's)."),
    ] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved game record.")] = None,
    save: Annotated[Path, typer.Option(help="Where saving writes the game record.")] = Path(
        "tuolaji-game.json"
    ),
    plain: Annotated[
        bool,
        typer.Option("--plain", help="Line mode: text prompts for screen readers and pipes."),
    ] = False,
    rounds: Annotated[
        int | None, typer.Option(min=1, help="Stop after this many rounds (default: whole game).")
    ] = None,
    delay: Annotated[
        float, typer.Option(min=0.0, help="Seconds between two bot moves on the screen.")
    ] = 0.6,
) -> None:
    """Play Tractor in the terminal against three bots (you are seat 0; seat 2 is your
    partner). See docs/playing.md."""
    from tuolaji.play.launch import LaunchError, PlayOptions
    from tuolaji.play.launch import play as start
    from tuolaji.play.session import BOT_CHOICES

    if bots not in BOT_CHOICES:
        raise typer.BadParameter(f"--bots takes one of {', '.join(BOT_CHOICES)}, not {bots!r}")
    options = PlayOptions(
        bots, seed, _rules_option(rules, None), lang, resume, save, plain, rounds, delay
    )
    try:
        code = start(options)
    except LaunchError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    raise typer.Exit(code)


@app.command("rules")
def rules_command(
    lang: Annotated[
        str | None,
        typer.Option(help="Language: en, zh_CN, es, da, lv or hi (default: the locale's)."),
    ] = None,
) -> None:
    """Print the rules of Tractor in plain words, with their rule ids."""
    from tuolaji.play.launch import setup_language, utf8
    from tuolaji.play.rules_text import rules_text

    notice = setup_language(lang)
    if notice:
        typer.echo(notice, err=True)
    out = utf8(sys.stdout)
    out.write(rules_text())
    out.flush()


@app.command()
def version() -> None:
    """Print the version."""
    typer.echo(__version__)


def main() -> None:
    """Entry point of the ``tuolaji`` script."""
    app()
