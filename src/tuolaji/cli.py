"""The ``tuolaji`` command line. Thin: every command calls into the package.

Every help text is an English msgid marked with ``N_()``; ``cli_help`` translates them
into the language of ``--lang`` or the environment before the command line is parsed.
Messages the command prints itself go through ``_()``.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated

import typer

from tuolaji.arena.limits import (
    MAX_DEALS,
    MAX_GAMES,
    MAX_JOBS,
    MAX_REPLACED_SHARE,
    MAX_ROUNDS,
    MAX_SEED,
)
from tuolaji.cli_analyse import ANALYSE_HELP, ANALYSE_SHORT_HELP, analyse
from tuolaji.cli_help import (
    LANG_VARIABLE,
    TuolajiCommand,
    TuolajiGroup,
    missing_extra_message,
    require_extra_or_exit,
    unknown_language_notice,
    version_line,
)
from tuolaji.cli_help import (
    error_line as _error,
)
from tuolaji.cli_help import (
    fail as _fail,
)
from tuolaji.cli_serve import SERVE_HELP, SERVE_SHORT_HELP, serve
from tuolaji.extras import MissingExtra
from tuolaji.i18n import N_, _, choose_language, ngettext

app = typer.Typer(
    cls=TuolajiGroup,
    help=N_("tuolaji — Tractor (拖拉机 / Sheng Ji 升级): rules engine, games and bots."),
    no_args_is_help=True,
    add_completion=False,
    # Click's plain help: paragraphs rewrapped to the terminal, flags shown as flags,
    # and an error is one "Error: …" line rather than a box.
    rich_markup_mode=None,
)

#: The exit status of a tournament in which fallback moves replaced a player too often.
REPLACED_EXIT_STATUS = 3

# Help texts that several commands share.
RULES_HELP = N_("Preset: standard or classic.")
OPTION_HELP = N_("A rule option NAME=VALUE; repeat it for several options.")
LANG_HELP = N_("Language: en, zh_CN, es, da, lv or hi (default: the locale's).")
SEED_HELP = N_("Seed of the whole run: the same seed plays the same games.")
JSON_HELP = N_("Print one JSON summary instead of a table.")


def _print_version(value: bool) -> None:
    """``--version``: print what ``tuolaji version`` prints, and stop."""
    if value:
        typer.echo(version_line())
        raise typer.Exit()


@app.callback()
def main_options(
    ctx: typer.Context,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_print_version,
            help=N_("Print the version and exit."),
        ),
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            metavar="CODE",
            help=N_(
                "Language of the help and of the commands: en, zh_CN, es, da, lv or hi "
                "(default: $TUOLAJI_LANG, else the locale's)."
            ),
        ),
    ] = None,
) -> None:
    """Options of the ``tuolaji`` command itself, before the subcommand."""
    if lang is None:
        return
    # The subcommands that take --lang read it from the environment when not given
    # their own, so the language asked for here holds for them too.
    os.environ[LANG_VARIABLE] = lang
    _language, notice = choose_language(lang)
    if notice and ctx.invoked_subcommand not in ("play", "rules"):  # they say it themselves
        typer.echo(unknown_language_notice(lang), err=True)


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


def _output_folder(option: str, check: Callable[[], object]) -> None:
    """Run ``check`` (an output-folder check of ``arena``) before a long run starts, and
    turn its refusal into a usage error of ``option``."""
    try:
        check()
    except ValueError as error:
        raise typer.BadParameter(str(error), param_hint=f"'{option}'") from None


@app.command(
    cls=TuolajiCommand,
    short_help=N_("Answer rules questions in JSON Lines."),
    help=N_(
        "Answer rules questions: read one JSON request per line on standard input and "
        "write one JSON answer line for each on standard output (see docs/judge.md)."
    ),
)
def judge() -> None:
    """Answer rules questions: JSON Lines on stdin, one answer line each on stdout
    (see docs/judge.md)."""
    from tuolaji.judge import run

    run(sys.stdin, sys.stdout)


@app.command(
    cls=TuolajiCommand,
    short_help=N_("Self-play many seeded games and summarise them."),
    help=N_(
        "Self-play many seeded games and summarise them. Give exactly one of --games and --rounds."
    ),
)
def simulate(
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
    as_json: Annotated[bool, typer.Option("--json", help=JSON_HELP)] = False,
) -> None:
    """Self-play many seeded games and summarise them."""
    from rich.console import Console
    from rich.progress import Progress

    from tuolaji.arena.outputs import prepare_output_folder
    from tuolaji.arena.simulate import RECORD_FILES, check_simulation
    from tuolaji.arena.simulate import simulate as run_simulation
    from tuolaji.bots.registry import split_players
    from tuolaji.cli_tables import simulation_table

    if (rounds is None) == (games is None):
        raise typer.BadParameter(_("give exactly one of --rounds N or --games N"))
    try:
        names = split_players(players)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise typer.BadParameter(_("--players takes one name or four, comma-separated"))
    rule_set = _rules_option(rules, option)
    try:
        check_simulation(rounds=rounds, games=games, seed=seed, players=names)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    if records is not None:
        _output_folder("--records", lambda: prepare_output_folder(records, [RECORD_FILES]))
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
        except OSError as error:  # the disk filled up, the folder went away…
            progress.stop()
            _fail(
                _("could not write a game record: {reason}").format(reason=error.strerror or error)
            )
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
        return
    Console().print(simulation_table(summary, seed, rule_set.preset))


@app.command(
    cls=TuolajiCommand,
    short_help=N_("Compare two players on duplicate deals."),
    # TRANSLATORS: {min_deals} is a number of deals (30), {max_share} a share ("1%").
    help=N_(
        "Play two players against each other on duplicate deals and compare them (see "
        "docs/tournaments.md). A verdict needs at least {min_deals} deals. The command "
        "fails with exit status 3 when fallback moves replaced a player in more than "
        "{max_share} of its decisions (an external bot that crashed, fell silent or "
        "answered wrongly)."
    ),
)
def tournament(
    players: Annotated[
        str,
        typer.Option(
            metavar="A,B",
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
            help=N_("Worker processes; the result is the same as with one."),
        ),
    ] = 1,
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
        raise typer.BadParameter(_("--records needs --out DIR"))
    try:
        names = arena.parse_players(players)
        arena.check_tournament(names, deals, jobs, seed=seed)
    except ValueError as error:
        raise typer.BadParameter(str(error)) from None
    rule_set = _rules_option(rules, option)
    if out is not None:
        require_extra_or_exit("arena")  # the chart is drawn at the end: check before the deals
        folder: Path = out
        _output_folder("--out", lambda: arena.prepare_out(folder, records))
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
    if unwritten is not None:
        _error(
            _("could not write the results into {folder}: {reason}").format(
                folder=out, reason=unwritten.strerror or unwritten
            )
        )
    replaced = [side for side in result.sides if side.replaced_too_often]
    for side in replaced:
        _error(
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
    if unwritten is not None or replaced:
        raise typer.Exit(1 if unwritten is not None else REPLACED_EXIT_STATUS)


@app.command(
    cls=TuolajiCommand,
    short_help=N_("Re-check a game record and print the game."),
    help=N_("Re-apply every action of a game record and print the game round by round."),
)
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help=N_("A game record (JSON)."))],
    lang: Annotated[
        str | None, typer.Option(metavar="CODE", envvar=LANG_VARIABLE, help=LANG_HELP)
    ] = None,
) -> None:
    """Re-apply every action of a game record and print the game round by round."""
    from rich.console import Console
    from rich.text import Text

    from tuolaji.game.record import RecordError, load_record
    from tuolaji.game.record import replay as replay_record
    from tuolaji.play.launch import setup_language
    from tuolaji.play.narrate import record_story
    from tuolaji.play.words import rich, seat_name

    notice = setup_language(lang)
    if notice:
        typer.echo(notice, err=True)
    console = Console(highlight=False)
    try:
        record = load_record(file)
        game = replay_record(record)
    except RecordError as error:
        # One line whatever the width (soft_wrap), and Text so that brackets quoted
        # from the file are not read as markup.
        Console(stderr=True, highlight=False, soft_wrap=True).print(
            Text.assemble(("error:", "bold red"), f" {error}")
        )
        raise typer.Exit(1) from None
    heading = _("{file}: {preset} rules, seed {seed}.").format(
        file=file, preset=record.rules.preset, seed=record.seed
    )
    console.print(Text(heading, style="bold"))
    # the game is told in the play log's words, from seat 0's chair ("You")
    players = ", ".join(f"{seat_name(seat)}: {name}" for seat, name in enumerate(record.players))
    console.print(Text(_("Told from seat 0's chair. Players: {players}.").format(players=players)))
    for message in record_story(game.events, game.results):
        console.print(rich(message))


@app.command(
    cls=TuolajiCommand,
    short_help=N_("Play Tractor in the terminal against three bots."),
    help=N_(
        "Play Tractor in the terminal against three bots (you are seat 0; seat 2 is your "
        "partner). See docs/playing.md."
    ),
)
def play(
    bots: Annotated[
        str,
        typer.Option(metavar="NAME", help=N_("The three bots: heuristic, search or random.")),
    ] = "heuristic",
    seed: Annotated[
        int | None,
        typer.Option(metavar="N", help=N_("Seed of the shuffles (a random one if not given).")),
    ] = None,
    rules: Annotated[str, typer.Option(metavar="PRESET", help=RULES_HELP)] = "standard",
    lang: Annotated[
        str | None, typer.Option(metavar="CODE", envvar=LANG_VARIABLE, help=LANG_HELP)
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=N_("Continue a saved game record (a path, or a file name in the data folder)."),
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help=N_(
                "Where saving writes the game record (default: a new file in the user's "
                "data folder; the same file when resuming)."
            ),
        ),
    ] = None,
    plain: Annotated[
        bool,
        typer.Option("--plain", help=N_("Line mode: text prompts for screen readers and pipes.")),
    ] = False,
    rounds: Annotated[
        int | None,
        typer.Option(
            metavar="N", min=1, help=N_("Stop after this many rounds (default: whole game).")
        ),
    ] = None,
    delay: Annotated[
        float,
        typer.Option(
            metavar="SECONDS", min=0.0, help=N_("Seconds between two bot moves on the screen.")
        ),
    ] = 0.6,
    trick_pause: Annotated[
        float | None,
        typer.Option(
            metavar="SECONDS",
            min=0.0,
            help=N_(
                "How long a finished trick stays on the screen before the next lead "
                "(default: until you press Enter; 0: no pause)."
            ),
        ),
    ] = None,
) -> None:
    """Play Tractor in the terminal against three bots (you are seat 0; seat 2 is your
    partner). See docs/playing.md."""
    require_extra_or_exit("play")
    from tuolaji.play.launch import LaunchError, PlayOptions
    from tuolaji.play.launch import play as start
    from tuolaji.play.session import BOT_CHOICES

    if bots not in BOT_CHOICES:
        raise typer.BadParameter(f"--bots takes one of {', '.join(BOT_CHOICES)}, not {bots!r}")
    if resume is not None and (seed is not None or rules != "standard"):
        # the saved game goes on with the rules and seed it was started with
        raise typer.BadParameter(
            "--resume plays the saved game with its own rules and seed: "
            "leave out --rules and --seed"
        )
    options = PlayOptions(
        bots=bots,
        seed=seed,
        rules=_rules_option(rules, None),
        lang=lang,
        resume=resume,
        save=save,
        plain=plain,
        rounds=rounds,
        delay=delay,
        trick_pause=trick_pause,
    )
    try:
        code = start(options)
    except LaunchError as error:
        typer.echo(str(error), err=True)
        raise typer.Exit(1) from None
    raise typer.Exit(code)


@app.command(
    "rules",
    cls=TuolajiCommand,
    short_help=N_("Print the rules of Tractor in plain words."),
    help=N_(
        "Print the rules of Tractor in plain words, with their rule ids, for the chosen "
        "preset and options (docs/rules.md has them in full)."
    ),
)
def rules_command(
    lang: Annotated[
        str | None, typer.Option(metavar="CODE", envvar=LANG_VARIABLE, help=LANG_HELP)
    ] = None,
    rules: Annotated[str, typer.Option(metavar="PRESET", help=RULES_HELP)] = "standard",
    option: Annotated[
        list[str] | None, typer.Option(metavar="NAME=VALUE", help=OPTION_HELP)
    ] = None,
) -> None:
    """Print the rules of Tractor in plain words, with their rule ids, for the chosen
    preset and options (docs/rules.md has them in full)."""
    from tuolaji.play.launch import setup_language, utf8
    from tuolaji.play.rules_text import rules_text

    rule_set = _rules_option(rules, option)  # refuse bad rules before printing anything
    notice = setup_language(lang)
    if notice:
        typer.echo(notice, err=True)
    out = utf8(sys.stdout)
    out.write(rules_text(rule_set))
    out.flush()


@app.command(cls=TuolajiCommand, help=N_("Print the version (as --version does)."))
def version() -> None:
    """Print the version, and whether the engine runs compiled or in pure Python."""
    typer.echo(version_line())


app.command(cls=TuolajiCommand, short_help=SERVE_SHORT_HELP, help=SERVE_HELP)(serve)
app.command(cls=TuolajiCommand, short_help=ANALYSE_SHORT_HELP, help=ANALYSE_HELP)(analyse)


def main() -> None:
    """Entry point of the ``tuolaji`` script (and of ``python -m tuolaji``)."""
    try:
        app(prog_name="tuolaji")
    except MissingExtra as error:  # e.g. Babel, to compile a catalog (tuolaji.i18n)
        _error(missing_extra_message(error))
        sys.exit(1)
