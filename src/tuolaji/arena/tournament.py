"""Tournaments between two players over duplicate deals (see docs/tournaments.md).

Each deal is played twice with the sides swapping seats (``arena.deals``); a side's
utility for a deal is the mean of its level utilities over the two runs, and the sides
are compared by the mean utility over deals with a 95% interval (``arena.stats``).
This module runs the deals — in this process, in worker processes or on Ray
(``arena.executors``) — and gathers the result; it knows nothing of the terminal:
callers pass a ``progress`` callback.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tuolaji.arena.deals import RUNS, DealOutcome, PlayerFactory, play_deal, record_path
from tuolaji.arena.executors import ExecutorChoice, check_executor, open_runner
from tuolaji.arena.limits import (
    MAX_DEALS,
    MAX_JOBS,
    MAX_REPLACED_SHARE,
    MIN_DEALS_FOR_VERDICT,
    check_count,
    check_rules,
    check_seed,
)
from tuolaji.arena.outputs import prepare_output_folder
from tuolaji.arena.stats import SideStats, Verdict, side_stats, verdict
from tuolaji.bots.registry import check_player_names, make_player, split_players
from tuolaji.core.cards import RANKS
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.record import GameRecord, save_record

RESULT_FILE = "result.json"
CHART_FILE = "cumulative_utility.png"
RECORDS_DIR = "records"
#: The record files of a tournament's runs, in RECORDS_DIR (see ``deals.record_path``).
RECORD_FILES = "deal-*-run*.json"


def parse_players(text: str) -> tuple[str, str]:
    """The two player names of a comma-separated list (side A first); anything but
    exactly two non-empty names is refused. A comma inside quotes, or written ``\\,``,
    belongs to a name (:func:`~tuolaji.bots.registry.split_players`)."""
    names = split_players(text)
    if len(names) != 2 or not all(names):
        raise ValueError(f"a tournament takes exactly two players, comma-separated, not {text!r}")
    return names[0], names[1]


def side_labels(names: Sequence[str]) -> tuple[str, str]:
    """The keys the report uses for side A and side B: the names the players go by
    (a label, or the whole player name), or ``name#1`` and ``name#2`` when both sides
    go by the same name."""
    first, second = names
    if first == second:
        return f"{first}#1", f"{second}#2"
    return first, second


@dataclass(frozen=True, slots=True)
class TournamentResult:
    """Everything a tournament produced, deals in order of their index."""

    players: tuple[str, str]
    seed: int
    rules: RuleSet
    deals: tuple[DealOutcome, ...]
    sides: tuple[SideStats, SideStats]
    seconds: float

    @property
    def verdict(self) -> Verdict:
        """Which side is stronger, if the result can tell (see :func:`stats.verdict`)."""
        return verdict(*self.sides)

    def summary_json(self) -> dict[str, Any]:
        """The summary printed by ``--json``: deals, seed, rules, per-side statistics and
        the verdict, with the thresholds it was reached by."""
        found = self.verdict
        return {
            "deals": len(self.deals),
            "seed": self.seed,
            "rules": self.rules.to_spec(),
            "players": {side.name: side.to_json() for side in self.sides},
            "verdict": found.text,
            "stronger": found.stronger,
            "replaced_too_often": list(found.replaced_too_often),
            "min_deals_for_verdict": MIN_DEALS_FOR_VERDICT,
            "max_replaced_share": MAX_REPLACED_SHARE,
        }

    def to_json(self) -> dict[str, Any]:
        """The whole result (``result.json``): the summary, the settings and every deal."""
        return {
            **self.summary_json(),
            "settings": {
                "players": list(self.players),
                "deals": len(self.deals),
                "seed": self.seed,
                "rules": self.rules.to_spec(),
            },
            "per_deal": [deal_json(deal) for deal in self.deals],
        }


def deal_json(deal: DealOutcome) -> dict[str, Any]:
    """One deal's outcome as JSON: side A's utility, and each run's details."""
    return {
        "deal": deal.index,
        "rank": RANKS[deal.rank],
        "starter": deal.starter,
        "utility_a": deal.utility_a,
        "runs": [
            {
                "run": run.run,
                "declaring_side": "AB"[run.declaring_side],
                "declarers_hold": run.declarers_hold,
                "opponents_points": run.opponents_points,
                "levels_gained": run.levels_gained,
                "utility_a": run.utility_a,
                "decisions": list(run.decisions),
                "replaced": list(run.replaced),
            }
            for run in deal.runs
        ],
    }


def check_tournament(
    players: Sequence[str],
    deals: int,
    jobs: int = 1,
    factory: PlayerFactory = make_player,
    seed: int = 0,
    executor: str = "local",
    ray_address: str | None = None,
) -> tuple[str, str]:
    """Refuse, with a ValueError that says why, settings a tournament cannot run with: not
    two players, an unknown player, deals or jobs out of their bounds (``arena.limits``),
    a seed out of its range, or an executor that cannot be asked for
    (:func:`~tuolaji.arena.executors.check_executor`). Returns the names the report
    gives side A and side B (:func:`side_labels`)."""
    if len(players) != 2:
        raise ValueError(f"a tournament takes exactly two players, not {len(players)}")
    check_count("deals", deals, MAX_DEALS)
    check_count("worker processes (jobs)", jobs, MAX_JOBS)
    check_seed(seed)
    check_executor(executor, jobs, ray_address)
    shown = check_player_names(players, factory)
    return side_labels([shown[name] for name in players])


def prepare_out(directory: Path, records: bool = False) -> None:
    """Check, before a tournament starts, that its results can be written into
    ``directory`` (and the run records into its ``records`` folder): a ``ValueError``
    that says why not (see :func:`~tuolaji.arena.outputs.prepare_output_folder`)."""
    prepare_output_folder(directory, [RESULT_FILE, CHART_FILE])
    if records:
        prepare_output_folder(directory / RECORDS_DIR, [RECORD_FILES])


@dataclass(frozen=True, slots=True)
class DealJob:
    """What every deal of a tournament shares, as plain data a worker gets: the players'
    names, the seed, the rules, how players are made, and where run records go — into
    ``records`` by the worker itself, or back with the outcome (``collect``) for the
    driver to write, when the worker may be another machine."""

    names: tuple[str, str]
    seed: int
    rules: RuleSet
    factory: PlayerFactory = make_player
    records: Path | None = None
    collect: bool = False


def play_deal_job(job: DealJob, index: int) -> tuple[DealOutcome, tuple[GameRecord, ...]]:
    """Deal ``index`` of the tournament ``job`` describes (a job of
    :mod:`tuolaji.arena.executors`): its outcome, and its runs' records when they are
    collected."""
    kept: list[GameRecord] | None = [] if job.collect else None
    outcome = play_deal(
        index,
        job.names,
        seed=job.seed,
        rules=job.rules,
        factory=job.factory,
        records=job.records,
        keep=kept,
    )
    return outcome, tuple(kept or ())


def run_tournament(
    players: Sequence[str],
    deals: int,
    *,
    seed: int = 0,
    rules: RuleSet = STANDARD,
    jobs: int = 1,
    records: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    factory: PlayerFactory = make_player,
    executor: str = "local",
    ray_address: str | None = None,
) -> TournamentResult:
    """Play ``deals`` duplicate deals between ``players`` (side A, side B).

    ``jobs`` > 1 spreads the deals over that many processes; ``executor="ray"`` over Ray
    (``jobs`` CPUs of a Ray started for the tournament, or the cluster at
    ``ray_address``); ``factory`` must then be picklable. The result is the same as
    with one process. ``records`` is a folder for the record of every run, checked
    before the first deal. ``progress(done, total)`` is called after each deal. A Ray
    address where no cluster answers is an
    :class:`~tuolaji.arena.jobs.ExecutorError`, before any deal.
    """
    labels = check_tournament(players, deals, jobs, factory, seed, executor, ray_address)
    check_rules(rules)
    names = (players[0], players[1])
    if records is not None:
        prepare_output_folder(records, [RECORD_FILES])
    choice = ExecutorChoice(executor, jobs, ray_address)
    started = time.perf_counter()
    outcomes: list[DealOutcome] = []
    # On Ray a worker may be another machine: the records come back to be written here.
    collect = records is not None and choice.kind == "ray"
    job = DealJob(names, seed, rules, factory, None if collect else records, collect)
    with open_runner(choice) as runner:
        for _index, (outcome, kept) in runner.map(play_deal_job, job, range(deals)):
            if records is not None and kept:  # records sent back: written here
                for run, record in zip(RUNS, kept, strict=True):
                    save_record(record, record_path(records, outcome.index, run))
            outcomes.append(outcome)
            if progress is not None:
                progress(len(outcomes), deals)
    # Workers finish in any order; the deal index fixes the order, so every executor
    # gives the result of --jobs 1.
    outcomes.sort(key=lambda outcome: outcome.index)
    return TournamentResult(
        players=names,
        seed=seed,
        rules=rules,
        deals=tuple(outcomes),
        sides=(side_stats(labels[0], 0, outcomes), side_stats(labels[1], 1, outcomes)),
        seconds=time.perf_counter() - started,
    )


def write_outputs(result: TournamentResult, directory: Path) -> tuple[Path, Path]:
    """Write ``result.json`` and the cumulative-utility chart into ``directory``."""
    from tuolaji.arena.chart import write_cumulative_chart  # matplotlib is slow to import

    directory.mkdir(parents=True, exist_ok=True)
    result_path = directory / RESULT_FILE
    data = result.to_json()
    # Indented, except one line per deal, so that long tournaments stay readable.
    per_deal = data.pop("per_deal")
    head = json.dumps(data, indent=2, ensure_ascii=False)[:-2]
    lines = ",\n    ".join(json.dumps(deal) for deal in per_deal)
    result_path.write_text(f'{head},\n  "per_deal": [\n    {lines}\n  ]\n}}\n', encoding="utf-8")
    chart_path = directory / CHART_FILE
    write_cumulative_chart(
        chart_path,
        [deal.utility_a for deal in result.deals],
        result.sides[0].name,
        result.sides[1].name,
    )
    return result_path, chart_path
