"""Self-play simulation: many seeded games, a summary of what happened and how fast."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from tuolaji.arena.limits import MAX_GAMES, MAX_ROUNDS, check_count, check_seed
from tuolaji.arena.outputs import prepare_output_folder
from tuolaji.arena.runner import close_players, play_until
from tuolaji.bots.external import NO_FALLBACKS, FallbackTally
from tuolaji.bots.registry import check_player_names, make_player
from tuolaji.core.rules import STANDARD, RuleSet
from tuolaji.game.game import Game
from tuolaji.game.record import record_of, save_record
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
) -> list[str]:
    """Refuse, with a ``ValueError`` that says why, a simulation that cannot run: not
    exactly one of ``rounds`` and ``games``, counts or a seed out of their bounds
    (``arena.limits``), not four players or an unknown one, or a ``records`` folder that
    cannot take the records (checked, and created, by
    :func:`~tuolaji.arena.outputs.prepare_output_folder`). Returns what each seat's
    player goes by (its label, or its whole name)."""
    if (rounds is None) == (games is None):
        raise ValueError("give either rounds or games")
    if rounds is not None:
        check_count("rounds", rounds, MAX_ROUNDS)
    if games is not None:
        check_count("games", games, MAX_GAMES)
    check_seed(seed)
    if len(players) != 4:
        raise ValueError("a game needs 4 players")
    shown = check_player_names(players)  # an unknown name fails here, before anything is written
    if records is not None:
        prepare_output_folder(records, [RECORD_FILES])
    return [shown[name] for name in players]


def simulate(
    *,
    rounds: int | None = None,
    games: int | None = None,
    seed: int = 0,
    players: Sequence[str] = ("random",) * 4,
    rules: RuleSet = STANDARD,
    records: Path | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SimulationSummary:
    """Play ``games`` whole games, or games until ``rounds`` rounds have ended.

    ``records`` is a folder for one record per game (``game-00000.json``…).
    ``progress(done, total)`` is called after each round (rounds mode) or game. Bad
    settings are refused before anything is played (:func:`check_simulation`).
    """
    labels = check_simulation(
        rounds=rounds, games=games, seed=seed, players=players, records=records
    )
    asked = [0, 0, 0, 0]
    replaced = [0, 0, 0, 0]
    tallies = [NO_FALLBACKS] * 4
    results: list[RoundResult] = []
    finished = 0
    wins = [0, 0]
    index = 0
    started = time.perf_counter()
    while (games is not None and index < games) or (rounds is not None and len(results) < rounds):
        this_seed = game_seed(seed, index)
        seats = [make_player(name, this_seed * 4 + k) for k, name in enumerate(players)]
        game = Game(rules, this_seed)
        if rounds is None:
            play_until(game, seats, decisions=asked)
        else:
            while game.winner is None and len(results) + len(game.results) < rounds:
                play_until(game, seats, max_rounds=1, decisions=asked)
                if progress is not None:
                    progress(len(results) + len(game.results), rounds)
        close_players(seats)
        for seat, player in enumerate(seats):
            replaced[seat] += getattr(player, "fallbacks", 0)
            tallies[seat] += FallbackTally.of(player)
        results.extend(game.results)
        if game.winner is not None:
            finished += 1
            wins[game.winner] += 1
        if records is not None:
            save_record(record_of(game, list(players)), records / f"game-{index:05d}.json")
        index += 1
        if progress is not None and games is not None:
            progress(index, games)
    seconds = time.perf_counter() - started
    count = len(results)
    return SimulationSummary(
        rounds=count,
        games_started=index,
        games_finished=finished,
        seconds=seconds,
        rounds_per_second=count / seconds if seconds > 0 else 0.0,
        declarer_hold_rate=sum(r.declarers_hold for r in results) / count if count else 0.0,
        opponents_points_mean=sum(r.opponents_points for r in results) / count if count else 0.0,
        failed_throws=sum(r.failed_throws for r in results),
        talon_bonuses=sum(1 for r in results if r.talon_shown),
        team_wins=(wins[0], wins[1]),
        seats=tuple(
            SeatReport(seat, labels[seat], asked[seat], replaced[seat], tallies[seat])
            for seat in range(4)
        ),
    )
