"""The ``tuolaji`` command line. Thin: every command calls into the package.

The commands live by what they do — bots playing bots (``cli_arena``), the game in the
terminal (``cli_play``), the post-game analysis (``cli_analyse``), the online server
(``cli_serve``) — and this module puts them together with the small ones (``judge``,
``version``). Every help text is an English msgid marked with ``N_()``; ``cli_help``
translates them into the language of ``--lang`` or the environment before the command
line is parsed. Every error goes through ``cli_errors``: one ``Error: …`` line and the
exit status of the README's table.
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from tuolaji import __version__
from tuolaji.cli_analyse import ANALYSE_HELP, ANALYSE_SHORT_HELP, analyse
from tuolaji.cli_arena import (
    SIMULATE_HELP,
    SIMULATE_SHORT_HELP,
    TOURNAMENT_HELP,
    TOURNAMENT_SHORT_HELP,
    simulate,
    tournament,
)
from tuolaji.cli_help import LANG_VARIABLE, TuolajiCommand, TuolajiGroup, unknown_language_notice
from tuolaji.cli_play import (
    PLAY_HELP,
    PLAY_SHORT_HELP,
    REPLAY_HELP,
    REPLAY_SHORT_HELP,
    RULES_COMMAND_HELP,
    RULES_SHORT_HELP,
    play,
    replay,
    rules_command,
)
from tuolaji.cli_serve import SERVE_HELP, SERVE_SHORT_HELP, serve
from tuolaji.engine_build import engine_build
from tuolaji.i18n import N_, _, choose_language

app = typer.Typer(
    cls=TuolajiGroup,
    help=N_("tuolaji — Tractor (拖拉机 / Sheng Ji 升级): rules engine, games and bots."),
    no_args_is_help=True,
    add_completion=False,
    # Click's plain help: paragraphs rewrapped to the terminal, flags shown as flags,
    # and an error is one "Error: …" line rather than a box.
    rich_markup_mode=None,
)


def version_line() -> str:
    """What ``tuolaji version`` and ``--version`` print: the version, and which build of
    the engine runs (compiled with mypyc or pure Python: :mod:`tuolaji.engine_build`)."""
    build = engine_build()
    if build == "compiled":
        engine = _("engine compiled with mypyc")
    elif build == "pure":
        engine = _("engine in pure Python")
    else:
        engine = _("engine partly compiled: reinstall tuolaji")
    return f"{__version__} ({engine})"


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


JUDGE_SHORT_HELP = N_("Answer rules questions in JSON Lines.")
JUDGE_HELP = N_(
    "Answer rules questions: read one JSON request per line on standard input and "
    "write one JSON answer line for each on standard output (see docs/judge.md)."
)
VERSION_HELP = N_("Print the version (as --version does).")


def judge() -> None:
    """Answer rules questions: JSON Lines on stdin, one answer line each on stdout
    (see docs/judge.md)."""
    from tuolaji.judge import run

    run(sys.stdin, sys.stdout)


def version() -> None:
    """Print the version, and whether the engine runs compiled or in pure Python."""
    typer.echo(version_line())


# The commands in the order of their list (`tuolaji --help`); cli_arena, cli_play,
# cli_serve and cli_analyse hold most of them, with their help texts.
for command, short_help, help_text, name in (
    (judge, JUDGE_SHORT_HELP, JUDGE_HELP, None),
    (simulate, SIMULATE_SHORT_HELP, SIMULATE_HELP, None),
    (tournament, TOURNAMENT_SHORT_HELP, TOURNAMENT_HELP, None),
    (replay, REPLAY_SHORT_HELP, REPLAY_HELP, None),
    (play, PLAY_SHORT_HELP, PLAY_HELP, None),
    (rules_command, RULES_SHORT_HELP, RULES_COMMAND_HELP, "rules"),
    (version, None, VERSION_HELP, None),
    (serve, SERVE_SHORT_HELP, SERVE_HELP, None),
    (analyse, ANALYSE_SHORT_HELP, ANALYSE_HELP, None),
):
    app.command(name, cls=TuolajiCommand, short_help=short_help, help=help_text)(command)


def main() -> None:
    """Entry point of the ``tuolaji`` script (and of ``python -m tuolaji``): every error
    is reported, and the exit status chosen, by the command group (``cli_errors``)."""
    app(prog_name="tuolaji")
