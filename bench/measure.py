"""Timing helpers for bench/run.py: calibrated loops, repeated samples, the machine.

Standard library only. Each figure is the median (and min) over ``repeats`` samples of
the time per call in microseconds; a sample runs the callable ``loops`` times in a row,
with the garbage collector off, as :mod:`timeit` does.
"""

from __future__ import annotations

import gc
import os
import platform
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Case:
    """One row of the benchmark: a callable and how to read its time.

    ``per`` is how many calls of the measured operation one run of ``fn`` makes (a case
    that cycles through several inputs); the figure is the time of one such call.
    ``slow`` cases run once per sample, without calibration.
    """

    group: str
    name: str
    fn: Callable[[], object] | None
    per: int = 1
    note: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    slow: bool = False


@dataclass
class Result:
    """The figures of one case, in microseconds per call."""

    group: str
    name: str
    median_us: float | None
    min_us: float | None
    loops: int
    repeats: int
    instances: int
    note: str
    extra: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        """The result as a JSON-ready object."""
        return {
            "group": self.group,
            "name": self.name,
            "median_us": self.median_us,
            "min_us": self.min_us,
            "loops": self.loops,
            "repeats": self.repeats,
            "instances": self.instances,
            "note": self.note,
            **self.extra,
        }


def _run(fn: Callable[[], object], loops: int) -> int:
    """Nanoseconds for ``loops`` calls of ``fn``, the garbage collector off."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter_ns()
        for _ in range(loops):
            fn()
        return time.perf_counter_ns() - start
    finally:
        if enabled:
            gc.enable()


def calibrate(fn: Callable[[], object], target_ns: int) -> int:
    """How many calls in a row take at least ``target_ns`` (1, 2, 5, 10, 20, 50, …)."""
    loops = 1
    while True:
        for step in (1, 2, 5):
            n = loops * step
            if _run(fn, n) >= target_ns:
                return n
        loops *= 10


def measure(case: Case, repeats: int, target_ns: int, slow_repeats: int) -> Result:
    """Time one case: median and min per call over repeated samples."""
    if case.fn is None:
        return Result(case.group, case.name, None, None, 0, 0, case.per, case.note, case.extra)
    if case.slow:
        loops, runs = 1, slow_repeats
    else:
        loops, runs = calibrate(case.fn, target_ns), repeats
    samples = [_run(case.fn, loops) / (loops * case.per) / 1000 for _ in range(runs)]
    return Result(
        case.group,
        case.name,
        statistics.median(samples),
        min(samples),
        loops,
        runs,
        case.per,
        case.note,
        case.extra,
    )


def cpu_model() -> str:
    """The CPU model from /proc/cpuinfo, or what :mod:`platform` knows."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def machine() -> dict[str, Any]:
    """Where the figures come from: platform, Python, CPU model and cores."""
    return {
        "platform": platform.platform(),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
    }
