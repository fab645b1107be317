"""The tournament chart: side A's cumulative utility deal by deal, as a PNG."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from pathlib import Path

# The Agg canvas draws without a display, and using it directly (no pyplot) leaves no
# global figure state behind in the process.
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure


def write_cumulative_chart(
    path: Path, utilities_a: Sequence[float], name_a: str, name_b: str
) -> None:
    """Draw the running sum of side A's per-deal utilities, with a zero line, to ``path``."""
    deals = len(utilities_a)
    figure = Figure(figsize=(8, 4.5), dpi=100)
    FigureCanvasAgg(figure)
    axes = figure.add_subplot()
    axes.plot(range(1, deals + 1), list(itertools.accumulate(utilities_a)), color="tab:blue")
    axes.axhline(0, color="grey", linewidth=1, linestyle="--")
    axes.set_xlabel("deal")
    axes.set_ylabel(f"cumulative utility of {name_a} (levels)")
    axes.set_title(f"{name_a} vs {name_b}: {deals} duplicate deals")
    axes.grid(alpha=0.3)
    figure.tight_layout()
    figure.savefig(path, format="png")
