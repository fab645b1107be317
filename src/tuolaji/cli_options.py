"""What several ``tuolaji`` commands share: the help of their common options, the rules
read from ``--rules`` and ``--option``, the players of ``--players`` checked as the
command line is read, output folders checked before a long run starts, and where the
work of ``tournament``, ``simulate`` and ``analyse`` runs (``--executor``, ``--jobs``,
``--ray-address``), with the errors of a Ray that cannot be used."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from tuolaji.cli_errors import fail, require_extra_or_exit, usage_error
from tuolaji.i18n import N_, _

if TYPE_CHECKING:
    from tuolaji.arena.jobs import ExecutorError
    from tuolaji.core.rules import RuleSet

# Help texts that several commands share.
RULES_HELP = N_("Preset: standard, classic or shengji.")
OPTION_HELP = N_("A rule option NAME=VALUE; repeat it for several options.")
LANG_HELP = N_("Language: en, zh_CN, es, da, lv or hi (default: the locale's).")
SEED_HELP = N_("Seed of the whole run: the same seed plays the same games.")
JSON_HELP = N_("Print one JSON summary instead of a table.")
EXECUTOR_HELP = N_(
    "Where the work runs: local (this process, or --jobs worker processes) or ray (a Ray "
    "started for the command with --jobs CPUs, or the cluster of --ray-address). The "
    "result is the same."
)
RAY_ADDRESS_HELP = N_(
    "With --executor ray: use the Ray cluster at this address, auto (the one started last "
    "on this machine, or RAY_ADDRESS), HOST:PORT or ray://HOST:PORT, and all its CPUs. "
    "tuolaji, and the program of any cmd: player, must be installed on each of its machines."
)


#: ``--executor`` and ``--ray-address``, as every batch command takes them
ExecutorOption = Annotated[str, typer.Option(metavar="local|ray", help=EXECUTOR_HELP)]
RayAddressOption = Annotated[str | None, typer.Option(metavar="ADDRESS", help=RAY_ADDRESS_HELP)]


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


def takebacks_refused(rules: RuleSet) -> RuleSet:
    """``rules``, unless they have ``takebacks`` on (R-U1): a usage error of ``--option``
    then, since the bots of a tournament, a simulation or an analysis never take back."""
    if rules.takebacks:
        usage_error(takebacks_refusal(), "--option")
    return rules


def takebacks_refusal() -> str:
    """Why a run of bots refuses ``takebacks``, in the language in force."""
    return _(
        "the option takebacks is a table setting for people (R-U1): bots never take back, "
        "so tournaments, simulations and analyses play without it; leave out "
        "--option takebacks=true"
    )


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


def executor_choice(
    context: typer.Context, executor: str, jobs: int, ray_address: str | None
) -> tuple[str, int, str | None]:
    """``--executor``, ``--jobs`` and ``--ray-address`` checked together: a usage error
    for an executor other than local or ray, an address without ``--executor ray``,
    ``--jobs`` given with an address (a cluster's CPUs are its own), an address not
    written as one or where nothing answers as Ray does (probed now, in a few seconds at
    most); Ray not installed fails naming the ``cluster`` extra. Returns them."""
    if executor not in ("local", "ray"):
        usage_error(
            _("give local or ray, not {executor!r}").format(executor=executor), "--executor"
        )
    if ray_address is not None:
        if executor != "ray":
            usage_error(_("--ray-address needs --executor ray"), "--ray-address")
        source = context.get_parameter_source("jobs")
        if source is not None and source.name in ("COMMANDLINE", "ENVIRONMENT"):
            usage_error(
                _(
                    "--jobs gives the CPUs of a Ray started for the command: with "
                    "--ray-address every CPU of the cluster is used, so leave --jobs out"
                ),
                "--jobs",
            )
    if executor == "ray":
        require_extra_or_exit("cluster")  # before any work, as for the other extras
    if ray_address is not None:
        from tuolaji.arena.jobs import ExecutorError
        from tuolaji.arena.ray_executor import check_reachable

        try:
            check_reachable(ray_address)  # before an output folder is made
        except ExecutorError as error:
            usage_error(executor_message(error), "--ray-address")
    return executor, jobs, ray_address


def executor_message(error: ExecutorError) -> str:
    """The translated sentence for a Ray that cannot be used (an address where no
    cluster answers …), naming the address."""
    from tuolaji.arena import ray_executor as where

    address = error.address
    if error.problem == where.MALFORMED:
        return _(
            "{address!r} is not a Ray address: give auto, HOST:PORT or ray://HOST:PORT"
        ).format(address=address)
    if error.problem == where.NOTHING_THERE:
        return _("no Ray cluster at {address}: nothing answers there ({reason})").format(
            address=address, reason=error.detail
        )
    if error.problem == where.NO_ANSWER:
        return _("no Ray cluster at {address}: nothing answered within {seconds} s").format(
            address=address, seconds=f"{where.PROBE_SECONDS:g}"
        )
    if error.problem == where.NOT_RAY:
        return _("no Ray cluster at {address}: what answers there is not Ray").format(
            address=address
        )
    if error.problem == where.NO_CLUSTER:
        return _(
            "no Ray cluster found for --ray-address auto: start one with 'ray start --head', "
            "or give its address"
        )
    return _("no Ray cluster at {address}: {reason}").format(address=address, reason=error.detail)


@contextmanager
def executor_errors() -> Iterator[None]:
    """Turn the errors of an executor into the command's: an address where no Ray
    cluster answers is a usage error of ``--ray-address`` (exit status 2, before any
    work); a Ray that could not start, work it lost for good or whose workers could not
    read it, a failed run (exit status 1)."""
    from tuolaji.arena.jobs import ExecutorError, ExecutorFailed

    try:
        yield
    except ExecutorError as error:
        if not error.address:  # a Ray of this machine, started for the command
            fail(_("could not start Ray: {reason}").format(reason=error.detail))
        usage_error(executor_message(error), "--ray-address")
    except ExecutorFailed as error:
        fail(_("the work on Ray failed: {reason}").format(reason=error))
