"""Time for the server: the wall clock in production, a hand-moved clock in tests.

Everything in the server that reads the time or waits for a moment (turn clocks,
grace periods, rate limits, idle rooms) goes through a :class:`Clock`, so a test moves
time on with :meth:`ManualClock.advance` instead of sleeping.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import math
import time
from typing import Protocol

#: Where a :class:`ManualClock` starts by default: an ordinary moment (January 2027),
#: far enough from zero that "no time yet" bugs do not hide behind small numbers.
MANUAL_CLOCK_START = 1_800_000_000.0


class Clock(Protocol):
    """What the server asks of time: the moment now, and a wait until a moment."""

    def now(self) -> float:
        """Seconds since the epoch."""
        ...

    async def sleep_until(self, when: float) -> None:
        """Wait until ``when`` (epoch seconds); return at once if it has passed."""
        ...


class SystemClock:
    """The wall clock (``time.time``) and the event loop's sleep."""

    def now(self) -> float:
        """Seconds since the epoch, from the system."""
        return time.time()

    async def sleep_until(self, when: float) -> None:
        """Sleep until ``when``; at once if it has passed."""
        await asyncio.sleep(max(0.0, when - time.time()))


class ManualClock:
    """A clock that moves only when told (:meth:`advance`): tests never sleep.

    Sleepers wait on futures kept in a heap by the moment they wait for; ``advance``
    wakes those whose moment has come, earliest first. Use it from the event loop's
    thread only (the futures belong to the loop).
    """

    def __init__(self, start: float = MANUAL_CLOCK_START) -> None:
        if not math.isfinite(start):
            raise ValueError(f"a clock starts at a finite time, not {start!r}")
        self._now = float(start)
        # (when, arrival number, future): the arrival number keeps equal moments in the
        # order they were asked for and spares comparing futures.
        self._sleepers: list[tuple[float, int, asyncio.Future[None]]] = []
        self._arrivals = itertools.count()

    def now(self) -> float:
        """The clock's current time, in epoch seconds."""
        return self._now

    async def sleep_until(self, when: float) -> None:
        """Wait until :meth:`advance` moves the clock to ``when`` or past it; return at
        once if ``when`` is not in the future. A cancelled wait leaves nothing behind."""
        if math.isnan(when):
            raise ValueError("cannot sleep until a moment that is not a number")
        if when <= self._now:
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (when, next(self._arrivals), future)
        heapq.heappush(self._sleepers, entry)
        try:
            await future
        except BaseException:  # cancelled: `advance` will not pop this entry any more
            self._forget(entry)
            raise

    def _forget(self, entry: tuple[float, int, asyncio.Future[None]]) -> None:
        """Take a cancelled sleeper out of the heap (if ``advance`` has not already)."""
        try:
            self._sleepers.remove(entry)
        except ValueError:
            return
        heapq.heapify(self._sleepers)

    def advance(self, seconds: float) -> None:
        """Move the clock ``seconds`` on and wake every sleeper whose moment has come, in
        the order of their moments. The woken tasks run when the loop next gets control
        (a test awaits something, e.g. ``asyncio.sleep(0)``, to let them)."""
        if not (math.isfinite(seconds) and seconds >= 0):
            raise ValueError(f"a clock moves forward by a finite time, not {seconds!r}")
        self._now += seconds
        while self._sleepers and self._sleepers[0][0] <= self._now:
            _, _, future = heapq.heappop(self._sleepers)
            if not future.done():
                future.set_result(None)

    def sleepers(self) -> int:
        """How many waits are pending now (for tests)."""
        return len(self._sleepers)

    def next_wakeup(self) -> float | None:
        """The earliest moment someone waits for, or None when nobody waits."""
        return self._sleepers[0][0] if self._sleepers else None
