"""``tuolaji play``, ``tuolaji replay`` and ``tuolaji rules``: the game in the terminal,
a recorded game told in its words, and the rules in plain words (the work is
:mod:`tuolaji.play`; this module reads the options and prints). Registered by cli.py."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from tuolaji.cli_errors import fail, refuse, require_extra_or_exit, usage_error
from tuolaji.cli_help import LANG_VARIABLE
from tuolaji.cli_options import LANG_HELP, OPTION_HELP, RULES_HELP, rules_option
from tuolaji.i18n import N_, _

REPLAY_SHORT_HELP = N_("Re-check a game record and print the game.")
REPLAY_HELP = N_("Re-apply every action of a game record and print the game round by round.")
PLAY_SHORT_HELP = N_("Play Tractor in the terminal against three bots.")
PLAY_HELP = N_(
    "Play Tractor in the terminal against three bots (you are seat 0; seat 2 is your "
    "partner). See docs/playing.md."
)
RULES_SHORT_HELP = N_("Print the rules of Tractor in plain words.")
RULES_COMMAND_HELP = N_(
    "Print the rules of Tractor in plain words, with their rule ids, for the chosen "
    "preset and options (docs/rules.md has them in full)."
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
    try:
        record = load_record(file)
        game = replay_record(record)
    except RecordError as error:  # a file missing, not a record, or one that does not verify
        fail(str(error))
    console = Console(highlight=False)
    heading = _("{file}: {preset} rules, seed {seed}.").format(
        file=file, preset=record.rules.preset, seed=record.seed
    )
    console.print(Text(heading, style="bold"))
    # the game is told in the play log's words, from seat 0's chair ("You")
    players = ", ".join(f"{seat_name(seat)}: {name}" for seat, name in enumerate(record.players))
    console.print(Text(_("Told from seat 0's chair. Players: {players}.").format(players=players)))
    for message in record_story(game.events, game.results):
        console.print(rich(message))


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
    option: Annotated[
        list[str] | None, typer.Option(metavar="NAME=VALUE", help=OPTION_HELP)
    ] = None,
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
    from tuolaji.play.launch import BadLaunch, LaunchError, PlayOptions
    from tuolaji.play.launch import play as start
    from tuolaji.play.session import BOT_CHOICES

    if bots not in BOT_CHOICES:
        usage_error(
            _("choose {choices}, not {bots!r}").format(choices=", ".join(BOT_CHOICES), bots=bots),
            "--bots",
        )
    if resume is not None and (seed is not None or rules != "standard" or option):
        # the saved game goes on with the rules and seed it was started with
        usage_error(
            _(
                "--resume plays the saved game with its own rules and seed: "
                "leave out --rules, --option and --seed"
            )
        )
    options = PlayOptions(
        bots=bots,
        seed=seed,
        rules=rules_option(rules, option),
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
    except BadLaunch as error:  # no terminal for the screen, a --save file that exists
        refuse(str(error))
    except LaunchError as error:  # a saved game missing or unreadable
        fail(str(error))
    raise typer.Exit(code)


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

    rule_set = rules_option(rules, option)  # refuse bad rules before printing anything
    notice = setup_language(lang)
    if notice:
        typer.echo(notice, err=True)
    out = utf8(sys.stdout)
    out.write(rules_text(rule_set))
    out.flush()
