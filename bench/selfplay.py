"""Random self-play speed, one line: the best of three runs of 60 rounds.

``.venv/bin/python bench/selfplay.py``; put another tree's ``src`` first on
``PYTHONPATH`` to measure that tree the same way (docs/benchmarks.md compares two trees
side by side with it).
"""

from __future__ import annotations

import time

import tuolaji
from tuolaji.arena.simulate import simulate
from tuolaji.core.rules import STANDARD

ROUNDS = 60
RUNS = 3


def best_rounds_per_second() -> float:
    """The best rounds per second of :data:`RUNS` seeded runs of random self-play."""
    best = 0.0
    for seed in range(RUNS):
        start = time.perf_counter()
        summary = simulate(
            rounds=ROUNDS, games=None, seed=seed, players=["random"] * 4, rules=STANDARD
        )
        best = max(best, summary.rounds / (time.perf_counter() - start))
    return best


if __name__ == "__main__":
    print(f"{tuolaji.__file__}: {best_rounds_per_second():.0f} rounds/s")
