"""Self-play simulation: many seeded games, a summary of what happened and how fast.

Each game is a job (``arena.executors``) played from its own seed, so the games can be
spread over worker processes or Ray and the summary is still that of one process: it
is added up in the order of the games. With ``--rounds N`` the last game stops when the
N-th round ends; played in parallel, the games after it are not needed, and the last
one, if it was played past that round, is played again up to it.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tuolaji.arena.executors import ExecutorChoice, check_executor, open_runner
from tuolaji.arena.jobs import Runner
from tuolaji.arena.limits import (
    MAX_GAMES,
    MAX_JOBS,
    MAX_ROUNDS,
    check_count,
    check_rules,
    check_seed,
)
from tuolaji.arena.outputs import prepare_output_folder
from tuolaji.arena.runner import close_players, play_until
from tuolaji.bots.external import NO_FALLBACKS, FallbackTally
from tuolaji.bots.registry import check_player_names, make_player
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.game import Game
from tuolaji.game.record import GameRecord, record_of, save_record
from tuolaji.game.results import RoundResult

#: The record files a simulation writes (``game-00000.json``…).
RECORD_FILES = "game-*.json"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded with ``seed``."""
    return seed * 1_000_003 + index


@dataclass(frozen=True, slots=True)
class SeatReport:
    """One seat's player over a simulation: the decisions it was asked for, and those a
    fallback made in its place (an external bot that failed; docs/bot-protocol.md)."""

    seat: int
    #: what the player goes by: its label, or its whole name
    player: str
    decisions: int = 0
    replaced: int = 0
    fallbacks: FallbackTally = NO_FALLBACKS

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict, with the keys a tournament's sides use."""
        return {
            "seat": self.seat,
            "player": self.player,
            "decisions": self.decisions,
            "replaced_decisions": self.replaced,
            "fallbacks": self.fallbacks.kinds_json(),
            "timeouts": self.fallbacks.timeouts_fired,
        }


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    """What a simulation run measured."""

    rounds: int
    games_started: int
    games_finished: int
    seconds: float
    rounds_per_second: float
    declarer_hold_rate: float
    opponents_points_mean: float
    failed_throws: int
    talon_bonuses: int
    team_wins: tuple[int, int]
    #: each seat's decisions and fallbacks, seat 0 first
    seats: tuple[SeatReport, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        data = asdict(self)
        data["team_wins"] = list(self.team_wins)
        data["seats"] = [seat.to_json() for seat in self.seats]
        return data


def check_simulation(
    *,
    rounds: int | None = None,
    games: int | None = None,
    seed: int = 0,
    players: Sequence[str] = ("random",) * 4,
    records: Path | None = None,
    jobs: int = 1,
    executor: str = "local",
    ray_address: str | None = None,
) -> list[str]:
    """Refuse, with a ``ValueError`` that says why, a simulation that cannot run: not
    exactly one of ``rounds`` and ``games``, counts or a seed out of their bounds
    (``arena.limits``), not four players or an unknown one, an executor that cannot be
    asked for (:func:`~tuolaji.arena.executors.check_executor`), or a ``records``
    folder that cannot take the records (checked, and created, by
    :func:`~tuolaji.arena.outputs.prepare_output_folder`). Returns what each seat's
    player goes by (its label, or its whole name)."""
    if (rounds is None) == (games is None):
        raise ValueError("give either rounds or games")
    if rounds is not None:
        check_count("rounds", rounds, MAX_ROUNDS)
    if games is not None:
        check_count("games", games, MAX_GAMES)
    check_seed(seed)
    check_count("worker processes (jobs)", jobs, MAX_JOBS)
    check_executor(executor, jobs, ray_address)
    if len(players) != 4:
        raise ValueError("a game needs 4 players")
    shown = check_player_names(players)  # an unknown name fails here, before anything is written
    if records is not None:
        prepare_output_folder(records, [RECORD_FILES])
    return [shown[name] for name in players]


@dataclass(frozen=True, slots=True)
class GameJob:
    """What every game of a simulation shares, as plain data a worker gets: the four
    players' names, the run's seed and the rules; and where records go — into
    ``records`` by the player of the game itself, or back with the outcome
    (``collect``) for the driver to write."""

    players: tuple[str, ...]
    seed: int
    rules: RuleSet
    records: Path | None = None
    collect: bool = False


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """One game as a simulation counts it: its rounds, its winner (None: stopped
    before a team passed A), each seat's decisions and fallbacks, and its record when
    collected."""

    index: int
    results: tuple[RoundResult, ...]
    winner: int | None
    decisions: tuple[int, ...]
    replaced: tuple[int, ...]
    tallies: tuple[FallbackTally, ...]
    record: GameRecord | None = None


def record_file(folder: Path, index: int) -> Path:
    """Where the record of game ``index`` of a simulation is kept."""
    return folder / f"game-{index:05d}.json"


def play_game(
    job: GameJob,
    index: int,
    cap: int | None = None,
    on_round: Callable[[int], None] | None = None,
) -> GameOutcome:
    """Play game ``index`` of the simulation ``job`` describes: whole, or until it has
    ended ``cap`` rounds (``on_round(rounds)`` is called after each round then)."""
    this_seed = game_seed(job.seed, index)
    seats = [make_player(name, this_seed * 4 + k) for k, name in enumerate(job.players)]
    game = Game(job.rules, this_seed)
    asked = [0, 0, 0, 0]
    if cap is None:
        play_until(game, seats, decisions=asked)
    else:
        while game.winner is None and len(game.results) < cap:
            play_until(game, seats, max_rounds=1, decisions=asked)
            if on_round is not None:
                on_round(len(game.results))
    close_players(seats)
    record = None
    if job.records is not None or job.collect:
        record = record_of(game, list(job.players))
        if job.records is not None:
            save_record(record, record_file(job.records, index))
    return GameOutcome(
        index=index,
        results=tuple(game.results),
        winner=game.winner,
        decisions=tuple(asked),
        replaced=tuple(getattr(player, "fallbacks", 0) for player in seats),
        tallies=tuple(FallbackTally.of(player) for player in seats),
        record=record if job.collect else None,
    )


def play_game_job(job: GameJob, item: tuple[int, int | None]) -> GameOutcome:
    """A game as a job of :mod:`tuolaji.arena.executors`: ``item`` is the game's index
    and its cap of rounds (:func:`play_game`)."""
    index, cap = item
    return play_game(job, index, cap)


def simulate(
    *,
    rounds: int | None = None,
    games: int | None = None,
    seed: int = 0,
    players: Sequence[str] = ("random",) * 4,
    rules: RuleSet = STANDARD,
    records: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
    jobs: int = 1,
    executor: str = "local",
    ray_address: str | None = None,
) -> SimulationSummary:
    """Play ``games`` whole games, or games until ``rounds`` rounds have ended.

    ``records`` is a folder for one record per game (``game-00000.json``…).
    ``progress(done, total)`` is called after each round (rounds mode, one process) or
    game. ``jobs`` > 1 spreads the games over that many processes, ``executor="ray"``
    over Ray (``jobs`` CPUs of a Ray started for the run, or the cluster at
    ``ray_address``); the summary is the same but for its times. Bad settings are
    refused before anything is played (:func:`check_simulation`).
    """
    check_rules(rules)
    labels = check_simulation(
        rounds=rounds,
        games=games,
        seed=seed,
        players=players,
        records=records,
        jobs=jobs,
        executor=executor,
        ray_address=ray_address,
    )
    choice = ExecutorChoice(executor, jobs, ray_address)
    started = time.perf_counter()
    if choice.in_process:
        played = _one_by_one(GameJob(tuple(players), seed, rules, records), rounds, games, progress)
    else:
        # Worker processes or machines send their records back, to be written here: a
        # game played beyond what a run of rounds needs leaves no file.
        job = GameJob(tuple(players), seed, rules, collect=records is not None)
        with open_runner(choice) as runner:
            if rounds is None:
                assert games is not None
                played = _whole_games(runner, job, games, records, progress)
            else:
                played = _games_of_rounds(runner, job, rounds, records, progress)
    return _summary(played, labels, time.perf_counter() - started)


def _one_by_one(
    job: GameJob,
    rounds: int | None,
    games: int | None,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    """The games played one after another in this process, progress after every round
    (rounds mode) or game."""
    played: list[GameOutcome] = []
    total = 0
    while (games is not None and len(played) < games) or (rounds is not None and total < rounds):
        on_round = None
        if rounds is not None and progress is not None:
            on_round = functools.partial(_round_ended, progress, total, rounds)
        cap = None if rounds is None else rounds - total
        outcome = play_game(job, len(played), cap, on_round)
        played.append(outcome)
        total += len(outcome.results)
        if progress is not None and games is not None:
            progress(len(played), games)
    return played


def _round_ended(progress: Callable[[int, int], None], before: int, rounds: int, done: int) -> None:
    """Report the ``done``-th round of a game after ``before`` rounds of earlier ones."""
    progress(before + done, rounds)


def _whole_games(
    runner: Runner,
    job: GameJob,
    games: int,
    records: Path | None,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    """``games`` whole games on ``runner``, in the order of their index."""
    played: list[GameOutcome] = []
    items: list[tuple[int, int | None]] = [(index, None) for index in range(games)]
    for _item, outcome in runner.map(play_game_job, job, items):
        _write_record(outcome, records)
        played.append(outcome)
        if progress is not None:
            progress(len(played), games)
    played.sort(key=lambda outcome: outcome.index)
    return played


def _games_of_rounds(
    runner: Runner,
    job: GameJob,
    rounds: int,
    records: Path | None,
    progress: Callable[[int, int], None] | None,
) -> list[GameOutcome]:
    """Games on ``runner`` until ``rounds`` rounds have ended, as one process plays
    them: a few at a time (as many as the runner runs at once), each taken in the order
    of its index once those before it are in; the last stops at the last round."""
    accepted: list[GameOutcome] = []
    waiting: dict[int, GameOutcome] = {}
    total = 0
    replay: tuple[int, int] | None = None

    def wanted() -> Iterator[tuple[int, int | None]]:
        # Each game not yet taken will end at least one round, so the later ones need
        # fewer: a game is played up to the most rounds it could still be needed for.
        index = 0
        while (cap := rounds - total - (index - len(accepted))) > 0:
            yield index, cap
            index += 1

    with contextlib.closing(
        runner.map(play_game_job, job, wanted(), window=runner.workers)
    ) as done:
        for _item, outcome in done:
            waiting[outcome.index] = outcome
            while len(accepted) in waiting and total < rounds and replay is None:
                taken = waiting.pop(len(accepted))
                if len(taken.results) > rounds - total:
                    # played on past the run's last round: played again below, up to it
                    replay = (taken.index, rounds - total)
                    break
                accepted.append(taken)
                total += len(taken.results)
                _write_record(taken, records)
                if progress is not None:
                    progress(total, rounds)
            if total >= rounds or replay is not None:
                break  # closing the map cancels the games not needed
    if replay is not None:
        for _item, outcome in runner.map(play_game_job, job, [replay]):
            accepted.append(outcome)
            total += len(outcome.results)
            _write_record(outcome, records)
            if progress is not None:
                progress(total, rounds)
    return accepted


def _write_record(outcome: GameOutcome, records: Path | None) -> None:
    """Write the record a game sent back, into ``records`` (when records are kept)."""
    if records is not None and outcome.record is not None:
        save_record(outcome.record, record_file(records, outcome.index))


def _summary(played: list[GameOutcome], labels: list[str], seconds: float) -> SimulationSummary:
    """The summary of the games ``played`` (in the order of their index) in ``seconds``."""
    results = [result for outcome in played for result in outcome.results]
    wins = [0, 0]
    for outcome in played:
        if outcome.winner is not None:
            wins[outcome.winner] += 1
    count = len(results)
    return SimulationSummary(
        rounds=count,
        games_started=len(played),
        games_finished=sum(1 for outcome in played if outcome.winner is not None),
        seconds=seconds,
        rounds_per_second=count / seconds if seconds > 0 else 0.0,
        declarer_hold_rate=sum(r.declarers_hold for r in results) / count if count else 0.0,
        opponents_points_mean=sum(r.opponents_points for r in results) / count if count else 0.0,
        failed_throws=sum(r.failed_throws for r in results),
        talon_bonuses=sum(1 for r in results if r.talon_shown),
        team_wins=(wins[0], wins[1]),
        seats=tuple(
            SeatReport(
                seat,
                labels[seat],
                sum(outcome.decisions[seat] for outcome in played),
                sum(outcome.replaced[seat] for outcome in played),
                sum((outcome.tallies[seat] for outcome in played), NO_FALLBACKS),
            )
            for seat in range(4)
        ),
    )
