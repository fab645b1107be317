"""The help of the ``tuolaji`` command, in the user's language.

Typer builds the help texts when the command is built, before any option is parsed, so
``--lang`` would come too late to translate them. Instead the command's texts are marked
with ``N_()`` where they are declared (``cli.py``), the language is picked from the raw
arguments before parsing (:func:`requested_language`), and :class:`TuolajiGroup`
translates every text of the command tree just before it parses.

The help is Click's plain layout (``rich_markup_mode=None``), which shows boolean flags
as flags, drawn by :class:`HelpLayout`: each paragraph is rewrapped to the terminal, so
no sentence breaks in the middle, by display width, so that Chinese (two columns a
character, no spaces) wraps as well as English; and its headings are translated too.
"""

from __future__ import annotations

import inspect
import os
import re
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from rich.cells import cell_len
from typer.core import TyperArgument, TyperCommand, TyperGroup

from tuolaji.arena.limits import DEFAULT_GAMES, MAX_REPLACED_SHARE, MIN_DEALS_FOR_VERDICT
from tuolaji.cli_errors import exit_reporting_errors
from tuolaji.i18n import N_, SUPPORTED, _, choose_language, set_language

#: The environment variable that names the language of the command, before the locale's.
LANG_VARIABLE = "TUOLAJI_LANG"
#: The figures help texts quote, as ``{name}`` fields: written into the msgids they
#: would have to be kept in step with the code by hand (and "1%" reads as a printf
#: format to the catalog tools).
HELP_FIELDS = {
    "default_games": str(DEFAULT_GAMES),
    "min_deals": str(MIN_DEALS_FOR_VERDICT),
    "max_share": f"{MAX_REPLACED_SHARE:.0%}",
}
# Click's own words in the help, which the catalogs of tuolaji translate.
HELP_OPTION_HELP = N_("Show this message and exit.")
# TRANSLATORS: the heading of the usage line; keep the space at the end.
USAGE_PREFIX = N_("Usage: ")
ARGUMENTS_HEADING = N_("Arguments")
OPTIONS_HEADING = N_("Options")
COMMANDS_HEADING = N_("Commands")


def requested_language(argv: Sequence[str], environ: Mapping[str, str] | None = None) -> str | None:
    """The language asked for: the value of ``--lang CODE`` or ``--lang=CODE`` in
    ``argv`` (the last one, not after ``--``), else ``$TUOLAJI_LANG``, else None (then
    the locale variables decide, see ``tuolaji.i18n``)."""
    found = None
    words = list(argv)
    for index, word in enumerate(words):
        if word == "--":
            break
        if word == "--lang" and index + 1 < len(words):
            found = words[index + 1]
        elif word.startswith("--lang="):
            found = word.partition("=")[2]
    if found:
        return found
    env = os.environ if environ is None else environ
    return env.get(LANG_VARIABLE) or None


def setup_cli_language(argv: Sequence[str]) -> str:
    """Switch messages to the language ``argv`` and the environment ask for (English
    when the request is not understood) and return its code. The commands that take
    ``--lang`` say when a language was not understood; a help page says it here, on
    stderr, so that ``tuolaji --lang xx --help`` does not fall back in silence."""
    requested = requested_language(argv)
    language, notice = choose_language(requested)
    code = set_language(language)
    if notice and requested and any(word in ("--help", "-h") for word in argv):
        print(unknown_language_notice(requested), file=sys.stderr)
    return code


def unknown_language_notice(code: str) -> str:
    """What the command says when the language asked for is not one it speaks."""
    return _("Unknown language '{code}': using English. Languages: {codes}.").format(
        code=code, codes=", ".join(SUPPORTED)
    )


def translated(text: str) -> str:
    """A help text in the current language, its ``{fields}`` (:data:`HELP_FIELDS`)
    filled in. Fields are replaced one by one, so that any other brace is left alone."""
    result = _(text)
    for name, value in HELP_FIELDS.items():
        result = result.replace("{" + name + "}", value)
    return result


def translate_help(command: Any) -> None:
    """Translate, in place, the help texts of ``command`` (a Click command built by
    Typer), of its parameters and of its subcommands. The texts are English msgids
    marked with ``N_()`` where they were declared."""
    for attribute in ("help", "short_help", "epilog"):
        text = getattr(command, attribute, None)
        if isinstance(text, str) and text:
            setattr(command, attribute, translated(text))
    for parameter in getattr(command, "params", []):
        text = getattr(parameter, "help", None)
        if isinstance(text, str) and text:
            parameter.help = translated(text)
    for subcommand in getattr(command, "commands", {}).values():
        translate_help(subcommand)


#: Characters a line must not start with (closing punctuation, CJK and Latin).
_NO_BREAK_BEFORE = frozenset("，。、；：？！）」』》〉】,.;:?!)]}%")
#: Characters a line must not end with (opening brackets).
_NO_BREAK_AFTER = frozenset("（「『《〈【([{")


def _pieces(word: str) -> list[str]:
    """The parts of ``word`` a line may break between: the word whole, except that a
    line may break next to a wide (CJK) character, which is written without spaces."""
    pieces: list[str] = []
    last_wide = False
    for char in word:
        wide = cell_len(char) == 2
        glued = char in _NO_BREAK_BEFORE or (pieces and pieces[-1][-1] in _NO_BREAK_AFTER)
        if pieces and (glued or not (wide or last_wide)):
            pieces[-1] += char
        else:
            pieces.append(char)
        last_wide = wide
    return pieces


def wrap_cells(text: str, width: int) -> list[str]:
    """``text`` (one paragraph) wrapped into lines of at most ``width`` terminal cells:
    at spaces, and between wide characters, so that Chinese wraps as well as English
    (a wide character takes two cells, a Devanagari vowel sign none; Click would count
    characters). Runs of spaces inside a line are kept ("text.  [default: …]")."""
    lines: list[str] = []
    line, used = "", 0
    for gap, word in re.findall(r"(\s*)(\S+)", text.replace("\n", " ")):
        for index, piece in enumerate(_pieces(word)):
            space = gap if index == 0 and line else ""
            size = cell_len(piece)
            if line and used + len(space) + size > width:
                lines.append(line)
                line, used = piece, size
            else:
                line, used = line + space + piece, used + len(space) + size
    if line:
        lines.append(line)
    return lines


def _paragraphs(text: str) -> list[str]:
    """The paragraphs of a help text (separated by blank lines)."""
    return [part for part in re.split(r"\n\s*\n", inspect.cleandoc(text)) if part.strip()]


def write_rows(formatter: Any, rows: Sequence[tuple[str, str]]) -> None:
    """A definition list (options, arguments, commands) laid out as Click lays it out,
    the second column wrapped by :func:`wrap_cells`."""
    if not rows:
        return
    first_column = min(max(cell_len(term) for term, _text in rows), 30) + 2
    indent = formatter.current_indent
    text_width = max(formatter.width - first_column - 2, 10)
    margin = " " * (indent + first_column)
    for term, text in rows:
        lines = [line for part in _paragraphs(text) for line in wrap_cells(part, text_width)]
        head = " " * indent + term
        if not lines:
            formatter.write(head + "\n")
            continue
        if cell_len(term) <= first_column - 2:
            formatter.write(head + " " * (first_column - cell_len(term)) + lines[0] + "\n")
        else:  # a long term: its text starts on the next line
            formatter.write(head + "\n" + margin + lines[0] + "\n")
        for line in lines[1:]:
            formatter.write(margin + line + "\n")


def argument_usage(argument: TyperArgument) -> str:
    """An argument as the usage line shows it: ``FILE``, ``[FILE]`` when optional, with
    ``...`` when it takes several (Typer would write a required one as ``{FILE}``)."""
    name = argument.metavar or (argument.name or "").upper()
    if not argument.required:
        name = f"[{name}]"
    return name + ("..." if argument.nargs != 1 else "")


class HelpLayout:
    """The help of a command in Click's plain layout, with its headings and the help of
    ``--help`` in the current language, and arguments shown by their metavar alone.
    Mixed into the command classes below, before Typer's."""

    def get_help_option(self, ctx: Any) -> Any:
        """The ``--help`` option, its help translated."""
        option = super().get_help_option(ctx)  # type: ignore[misc]
        if option is not None:
            option.help = _(HELP_OPTION_HELP)
        return option

    def collect_usage_pieces(self, ctx: Any) -> list[str]:
        """The words of the usage line after the command's name."""
        # Metavars (OPTIONS, FILE, COMMAND) stay as they are, like those of the options.
        metavar = getattr(self, "options_metavar", None)
        pieces: list[str] = [metavar] if metavar else []
        for parameter in self.get_params(ctx):  # type: ignore[attr-defined]
            if isinstance(parameter, TyperArgument):
                pieces.append(argument_usage(parameter))
            else:
                pieces.extend(parameter.get_usage_pieces(ctx))
        subcommands = getattr(self, "subcommand_metavar", None)  # a group's COMMAND [ARGS]
        if subcommands:
            pieces.append(subcommands)
        return pieces

    def format_help_text(self, ctx: Any, formatter: Any) -> None:
        """The command's description, paragraphs wrapped by :func:`wrap_cells`."""
        text = getattr(self, "help", None)
        if not text:
            return
        formatter.write_paragraph()
        indent = formatter.current_indent + formatter.indent_increment
        for index, paragraph in enumerate(_paragraphs(text)):
            if index:
                formatter.write("\n")
            for line in wrap_cells(paragraph, formatter.width - indent):
                formatter.write(" " * indent + line + "\n")

    def format_usage(self, ctx: Any, formatter: Any) -> None:
        """The usage line, its heading translated."""
        pieces = self.collect_usage_pieces(ctx)
        formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=_(USAGE_PREFIX))

    def format_options(self, ctx: Any, formatter: Any) -> None:
        """The Arguments and Options sections (and Commands, for a group)."""
        arguments, options = [], []
        for parameter in self.get_params(ctx):  # type: ignore[attr-defined]
            record = parameter.get_help_record(ctx)
            if record is None:
                continue
            if isinstance(parameter, TyperArgument):
                # "FILE", not "FILE <path>": the help says what the file is
                arguments.append((argument_usage(parameter).strip("[]."), record[1]))
            else:
                options.append(record)
        for heading, rows in ((ARGUMENTS_HEADING, arguments), (OPTIONS_HEADING, options)):
            if rows:
                with formatter.section(_(heading)):
                    write_rows(formatter, rows)
        commands = getattr(self, "commands", None)
        if commands:
            # Without a limit, a command that has no short help shows the first sentence
            # of its help, whole, rather than the first 45 characters and "...".
            rows = [
                (name, command.get_short_help_str(limit=sys.maxsize))
                for name, command in commands.items()
                if not command.hidden
            ]
            with formatter.section(_(COMMANDS_HEADING)):
                write_rows(formatter, rows)


class TuolajiCommand(HelpLayout, TyperCommand):
    """A subcommand of ``tuolaji``, its help laid out by :class:`HelpLayout`."""


class TuolajiGroup(HelpLayout, TyperGroup):
    """The ``tuolaji`` command: before parsing, it picks the language from the raw
    arguments and translates the help of the whole command tree into it; run from the
    command line, it reports every error one way and exits with the status of
    :mod:`tuolaji.cli_errors`."""

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        windows_expand_args: bool = True,
        **extra: Any,
    ) -> Any:
        """Set the language, translate the help, then parse and run as Typer does, in
        click's non-standalone mode; in standalone mode (the command line) the errors
        and the exit status are then :func:`~tuolaji.cli_errors.exit_reporting_errors`'s."""
        parse_and_run = super().main

        def run() -> Any:
            setup_cli_language(sys.argv[1:] if args is None else args)
            translate_help(self)
            return parse_and_run(
                args=args,
                prog_name=prog_name,
                complete_var=complete_var,
                standalone_mode=False,
                windows_expand_args=windows_expand_args,
                **extra,
            )

        if not standalone_mode:
            return run()
        exit_reporting_errors(run)
