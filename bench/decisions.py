"""Decision times of the bots, as a player experiences them: every call to a player's
``play`` during whole rounds (forced moves included, as they are in a real game).

The heuristic plays 20 rounds against itself; the search player (default budget) plays
rounds in seats 0 and 2 against two heuristic players. The search's burial, once a
round for the starter, is timed apart: at the exchanges of rounds dealt and declared by
heuristic players.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence
from typing import Any

from tuolaji.arena.runner import step
from tuolaji.bots.base import Player
from tuolaji.bots.heuristic import HeuristicPlayer
from tuolaji.bots.search import SearchPlayer
from tuolaji.core.rules import STANDARD
from tuolaji.game import Game, Phase, RoundStart, observe


class Timed:
    """A player whose ``play`` calls are timed."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner
        self.name = inner.name
        self.seconds: list[float] = []

    def declaration(self, observation: Any) -> Any:
        return self.inner.declaration(observation)

    def bury(self, observation: Any) -> Any:
        return self.inner.bury(observation)

    def play(self, observation: Any) -> Any:
        start = time.perf_counter()
        try:
            return self.inner.play(observation)
        finally:
            self.seconds.append(time.perf_counter() - start)


def _rounds(players: Sequence[Timed], count: int, seed: int) -> None:
    for index in range(count):
        game = Game(
            STANDARD,
            seed + index,
            start=RoundStart(index % 13, index % 2, index % 2),
            round_limit=1,
        )
        while game.phase is not Phase.OVER:
            step(game, players)


def _summary(seconds: list[float]) -> dict[str, float]:
    ordered = sorted(seconds)
    return {
        "decisions": len(ordered),
        "median_ms": statistics.median(ordered) * 1000,
        "p95_ms": ordered[int(0.95 * (len(ordered) - 1))] * 1000,
        "max_ms": ordered[-1] * 1000,
    }


def burial_times(exchanges: int, seed: int = 300) -> list[float]:
    """The default search's burial time at ``exchanges`` exchanges, in seconds."""
    seconds: list[float] = []
    for index in range(exchanges):
        game = Game(STANDARD, seed + index, start=RoundStart(index % 13, index % 2, index % 4))
        players = [HeuristicPlayer(k) for k in range(4)]
        while game.phase is not Phase.EXCHANGE:
            step(game, players)
        starter = game.to_act()
        assert starter is not None  # the starter buries
        observation = observe(game, starter)
        start = time.perf_counter()
        SearchPlayer(index).bury(observation)
        seconds.append(time.perf_counter() - start)
    return seconds


def decision_times(search_rounds: int, heuristic_rounds: int = 20) -> dict[str, dict[str, float]]:
    """Median, 95th percentile and maximum decision time of each bot, in ms."""
    heuristic = [Timed(HeuristicPlayer(k)) for k in range(4)]
    _rounds(heuristic, heuristic_rounds, 100)
    search = [Timed(SearchPlayer(k)) if k % 2 == 0 else Timed(HeuristicPlayer(k)) for k in range(4)]
    _rounds(search, search_rounds, 200)
    return {
        "heuristic": _summary([s for p in heuristic for s in p.seconds]),
        "search (default budget)": _summary([s for p in search[::2] for s in p.seconds]),
        "search burial (default budget)": _summary(burial_times(4 * search_rounds)),
    }
