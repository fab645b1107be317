"""Tournament statistics: per-side utility with a 95% confidence interval, hold rates and
the points the side let its opponents take."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tuolaji.arena.deals import DealOutcome

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.96


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% normal interval, mean ± 1.96·sd/√n with the
    sample standard deviation; one value gives the point itself."""
    if not values:
        raise ValueError("no values to average")
    mean = statistics.fmean(values)
    if len(values) == 1:
        return mean, mean, mean
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


@dataclass(frozen=True, slots=True)
class SideStats:
    """How one side did over a tournament."""

    name: str
    side: str
    utility_mean: float
    utility_ci95: tuple[float, float]
    #: of the runs where the side declared (one per deal), the fraction it held
    hold_rate: float
    #: mean points the side's opponents took in the runs where the side was the opponents
    opponent_points_mean: float
    rounds: int
    declared: int
    held: int

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "side": self.side,
            "utility_mean": self.utility_mean,
            "utility_ci95": list(self.utility_ci95),
            "hold_rate": self.hold_rate,
            "opponent_points_mean": self.opponent_points_mean,
            "rounds": self.rounds,
            "declared": self.declared,
            "held": self.held,
        }


def side_stats(name: str, side: int, deals: Sequence[DealOutcome]) -> SideStats:
    """The statistics of ``side`` (0 = A, 1 = B), named ``name``, over ``deals``."""
    sign = 1 if side == 0 else -1
    mean, low, high = mean_ci95([sign * deal.utility_a for deal in deals])
    runs = [run for deal in deals for run in deal.runs]
    declaring = [run for run in runs if run.declaring_side == side]
    defending = [run for run in runs if run.declaring_side != side]
    held = sum(run.declarers_hold for run in declaring)
    return SideStats(
        name=name,
        side="AB"[side],
        utility_mean=mean,
        utility_ci95=(low, high),
        hold_rate=held / len(declaring) if declaring else 0.0,
        opponent_points_mean=(
            statistics.fmean(run.opponents_points for run in defending) if defending else 0.0
        ),
        rounds=len(runs),
        declared=len(declaring),
        held=held,
    )


def verdict(a: SideStats, b: SideStats) -> str:
    """Which side is stronger: the one whose utility interval lies wholly above 0."""
    low, high = a.utility_ci95
    if low > 0:
        return f"{a.name} is stronger (95% interval above 0)"
    if high < 0:
        return f"{b.name} is stronger (95% interval above 0)"
    return "no clear difference (the 95% interval contains 0)"
