"""What several ``tuolaji`` commands share: the help of their common options, the rules
read from ``--rules`` and ``--option``, the players of ``--players`` checked as the
command line is read, and output folders checked before a long run starts."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING

import typer

from tuolaji.cli_errors import usage_error
from tuolaji.i18n import N_, _

if TYPE_CHECKING:
    from tuolaji.core.rules import RuleSet

# Help texts that several commands share.
RULES_HELP = N_("Preset: standard, classic or shengji.")
OPTION_HELP = N_("A rule option NAME=VALUE; repeat it for several options.")
LANG_HELP = N_("Language: en, zh_CN, es, da, lv or hi (default: the locale's).")
SEED_HELP = N_("Seed of the whole run: the same seed plays the same games.")
JSON_HELP = N_("Print one JSON summary instead of a table.")


def rules_option(preset: str, options: list[str] | None) -> RuleSet:
    """Rules from ``--rules PRESET`` and repeated ``--option NAME=VALUE`` (JSON values);
    a usage error when they name no rules."""
    from tuolaji.core.rules import RulesError, rules_from_spec

    spec: dict[str, object] = {"preset": preset}
    for item in options or []:
        name, sep, value = item.partition("=")
        if not sep:
            usage_error(
                _("write options as NAME=VALUE, not {item!r}").format(item=item), "--option"
            )
        try:
            spec[name.strip()] = json.loads(value)
        except json.JSONDecodeError:
            spec[name.strip()] = value
    try:
        return rules_from_spec(spec)
    except RulesError as error:
        usage_error(str(error))


def check_output_folder(option: str, check: Callable[[], object]) -> None:
    """Run ``check`` (an output-folder check of ``arena``) before a long run starts, and
    turn its refusal into a usage error of ``option``."""
    try:
        check()
    except ValueError as error:
        usage_error(str(error), option)


def seat_players(text: str) -> list[str]:
    """The four players of ``simulate --players``: four names, comma-separated, or one
    for every seat; ``ValueError`` for another count or a name that names no player."""
    from tuolaji.bots.registry import check_player_names, split_players

    names = split_players(text)
    if len(names) == 1:
        names *= 4
    if len(names) != 4:
        raise ValueError(_("--players takes one name or four, comma-separated"))
    check_player_names(names)
    return names


def side_players(text: str) -> tuple[str, str]:
    """The two players of ``tournament --players A,B``; ``ValueError`` for another count
    or a name that names no player."""
    from tuolaji.arena.tournament import parse_players
    from tuolaji.bots.registry import check_player_names

    names = parse_players(text)
    check_player_names(names)
    return names


def players_checked_by(
    parse: Callable[[str], object],
) -> Callable[[typer.Context, typer.CallbackParam, str], str]:
    """A ``--players`` callback: the names are checked with ``parse`` as the command line
    is read, so that an unknown player is named before anything else is looked at."""

    def check(context: typer.Context, _parameter: typer.CallbackParam, value: str) -> str:
        if not context.resilient_parsing:  # shell completion reads, it does not check
            try:
                parse(value)
            except ValueError as error:
                raise typer.BadParameter(str(error)) from None
        return value

    return check
