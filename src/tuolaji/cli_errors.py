"""How every ``tuolaji`` command reports an error, and the exit status it ends with (the
README's "Errors and exit statuses" lists them):

- 0: done;
- 1 (:data:`EXIT_FAILED`): the run failed — a file missing or unreadable, a record that
  does not verify, a write that failed, the database out of reach, an extra that is not
  installed;
- 2 (:data:`EXIT_USAGE`): usage or bad input — an unknown command, option or player, a
  value out of its bounds, an output folder or a port already in use, an SQLite
  database another server serves, a round the record does not have; nothing was done;
- 3 (:data:`EXIT_REPLACED`): a tournament in which fallback moves replaced a player too
  often to measure it.

An error is one ``Error: …`` line on standard error, in the command's language (typer's
own words about an option are English); a usage error shows the usage line and where to
find help above it, as typer and click do.
Commands raise :class:`CommandFailed` (:func:`fail`), :class:`BadInput` (:func:`refuse`)
or typer's ``BadParameter`` (:func:`usage_error`), and the ``tuolaji`` group runs them
under :func:`exit_reporting_errors`, which prints every error the same way and exits
with its status. Nothing else prints an error or picks an exit status.

Only typer's public names are used: typer carries its own copy of click, whose
exception classes are typer's (``typer.TyperException`` is their root), not those of
the ``click`` package.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Final, NoReturn

import typer

from tuolaji.extras import MissingExtra, require_extra
from tuolaji.i18n import _

#: the run is done
EXIT_OK: Final = 0
#: the run failed: a file missing, a record that does not verify, a failed write …
EXIT_FAILED: Final = 1
#: usage or bad input: what was asked cannot be done as asked, and nothing was done
EXIT_USAGE: Final = 2
#: a tournament in which fallback moves replaced a player too often (docs/tournaments.md)
EXIT_REPLACED: Final = 3


class CommandFailed(typer.TyperException):
    """A run that failed: the command line was fine, the work could not be done."""

    exit_code = EXIT_FAILED


class BadInput(typer.TyperException):
    """Input refused once the command looked at it (a port in use, a round the record
    does not have): exit status 2 as for a usage error, shown as one line, since the
    usage line would not say what is wrong."""

    exit_code = EXIT_USAGE


def fail(message: str) -> NoReturn:
    """Stop: the run failed (exit status 1) for the reason ``message`` gives."""
    raise CommandFailed(message)


def refuse(message: str) -> NoReturn:
    """Stop: the input is refused (exit status 2), one line saying why."""
    raise BadInput(message)


def usage_error(message: str, option: str | None = None) -> NoReturn:
    """Stop: the command line is wrong (exit status 2), about ``option`` (``--players``)
    when it is one option's value, shown under the usage line."""
    raise typer.BadParameter(message, param_hint=None if option is None else f"'{option}'")


def missing_extra_message(error: MissingExtra) -> str:
    """The translated sentence that names the extra to install."""
    return _(
        "this command needs tuolaji[{extra}], which is not fully installed (missing: "
        "{modules}). Install it with: pip install 'tuolaji[{extra}]'"
    ).format(extra=error.extra, modules=", ".join(error.missing))


def require_extra_or_exit(extra: str) -> None:
    """Fail (exit status 1), naming the extra to install, when a package of ``extra``
    (tuolaji/extras.py) is missing: before any work, not halfway through."""
    try:
        require_extra(extra)
    except MissingExtra as error:
        fail(missing_extra_message(error))


def error_line(message: str) -> None:
    """Print ``Error: message`` on standard error: the one form of every error."""
    typer.echo(_("Error: {message}").format(message=message), err=True)


#: How typer's errors show themselves when no class of theirs says otherwise: a usage
#: error's way and any other error's (found on typer's public BadParameter, whose
#: ancestors they are). :func:`show_error` words these two itself.
_PLAIN_SHOWS = frozenset(
    vars(cls)["show"] for cls in typer.BadParameter.__mro__ if "show" in vars(cls)
)


def show_error(error: typer.TyperException) -> None:
    """Print ``error`` on standard error: a usage error (one that knows the command it
    was made in) under the usage line and where to find help, as click prints it; any
    other as one line. The error's own words are typer's, or ours, translated. An error
    that shows itself its own way (``tuolaji`` alone prints the help) does so."""
    own_show = getattr(type(error), "show", None)  # ours have none: shown below
    if own_show is not None and own_show not in _PLAIN_SHOWS:
        own_show(error)
        return
    context: Any = getattr(error, "ctx", None)
    if context is not None:
        typer.echo(context.get_usage(), err=True)
        if context.command.get_help_option(context) is not None:
            command, option = context.command_path, context.help_option_names[0]
            typer.echo(
                _("Try '{command} {option}' for help.").format(command=command, option=option),
                err=True,
            )
        typer.echo("", err=True)
    error_line(error.format_message())


def exit_reporting_errors(run: Callable[[], object]) -> NoReturn:
    """Run ``run`` (the command line parsed and the command run, by typer in click's
    non-standalone mode, which hands errors and exit statuses back) and exit with the
    status it ends with, every error printed by :func:`show_error`."""
    try:
        result = run()
    except typer.TyperException as error:
        show_error(error)
        sys.exit(error.exit_code)
    except typer.Abort:  # Ctrl-D at a prompt
        error_line(_("aborted"))
        sys.exit(EXIT_FAILED)
    except MissingExtra as error:  # e.g. Babel, to compile a catalog (tuolaji.i18n)
        error_line(missing_extra_message(error))
        sys.exit(EXIT_FAILED)
    # a command's return value, or the status of an Exit it raised
    sys.exit(result if isinstance(result, int) else EXIT_OK)
