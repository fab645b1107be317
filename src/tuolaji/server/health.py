"""How the server is doing: event-loop lag, rooms, connections, memory.

:class:`LagMonitor` wakes every ``interval_s`` seconds of wall time and records how late
it woke: the time the event loop was busy with something else. A server whose loop lags
keeps every room waiting, so the load benchmark (bench/serve_load.py) reads these
figures from ``GET /api/health``. It measures real time on purpose: it watches the
loop, not the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections import deque

#: lag samples kept (the last few minutes at the default interval)
SAMPLES = 6000


class LagMonitor:
    """Samples the event loop's lag in the background."""

    def __init__(self, interval_s: float = 0.05) -> None:
        self.interval_s = interval_s
        self.lags_ms: deque[float] = deque(maxlen=SAMPLES)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Start sampling (on the running loop)."""
        self._task = asyncio.create_task(self._sample(), name="loop lag")

    async def stop(self) -> None:
        """Stop sampling."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    async def _sample(self) -> None:
        while True:
            before = time.perf_counter()
            await asyncio.sleep(self.interval_s)
            late = time.perf_counter() - before - self.interval_s
            self.lags_ms.append(max(0.0, late * 1000))

    def summary(self) -> dict[str, float]:
        """Lag percentiles (p50, p95, p99, max) in milliseconds over the samples kept."""
        ordered = sorted(self.lags_ms)
        if not ordered:
            return {"p50": 0.0, "p95": 0.0, "p99": 0.0, "max": 0.0, "samples": 0}

        def at(share: float) -> float:
            return round(ordered[min(len(ordered) - 1, int(share * len(ordered)))], 2)

        return {
            "p50": at(0.50),
            "p95": at(0.95),
            "p99": at(0.99),
            "max": round(ordered[-1], 2),
            "samples": len(ordered),
        }

    def reset(self) -> None:
        """Forget the samples (a benchmark measures from here)."""
        self.lags_ms.clear()


def memory_mb() -> float:
    """This process's resident memory in MiB (Linux ``/proc``; 0 where it cannot be read)."""
    with (
        contextlib.suppress(OSError, ValueError),
        open("/proc/self/status", encoding="ascii") as status,
    ):
        for line in status:
            if line.startswith("VmRSS:"):
                return round(int(line.split()[1]) / 1024, 1)
    return 0.0
