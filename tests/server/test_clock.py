"""The server's clocks: the hand-moved clock wakes sleepers in time order, forgets
cancelled waits, and never makes a test sleep."""

from __future__ import annotations

import asyncio
import math
import time

import pytest

from tuolaji.server.clock import MANUAL_CLOCK_START, Clock, ManualClock, SystemClock

BOUND_S = 2.0  # every await on something that might never come is bounded by this


async def _settle() -> None:
    """Let woken tasks run (a few loop turns; no time passes)."""
    for _ in range(5):
        await asyncio.sleep(0)


@pytest.mark.asyncio
async def test_sleepers_wake_in_time_order() -> None:
    clock = ManualClock()
    start = clock.now()
    woken: list[float] = []

    async def sleeper(offset: float) -> None:
        await clock.sleep_until(start + offset)
        woken.append(clock.now() - start)
        woken.append(offset)

    tasks = [asyncio.create_task(sleeper(offset)) for offset in (3.0, 1.0, 2.0)]
    await _settle()
    assert clock.sleepers() == 3
    assert clock.next_wakeup() == start + 1.0
    clock.advance(5.0)
    await asyncio.wait_for(asyncio.gather(*tasks), BOUND_S)
    # every sleeper saw the clock at 5 s, and they woke earliest moment first
    assert woken[1::2] == [1.0, 2.0, 3.0]
    assert woken[0::2] == [5.0, 5.0, 5.0]
    assert clock.sleepers() == 0
    assert clock.next_wakeup() is None


@pytest.mark.asyncio
async def test_advance_wakes_only_those_due() -> None:
    clock = ManualClock(start=100.0)
    early = asyncio.create_task(clock.sleep_until(101.0))
    late = asyncio.create_task(clock.sleep_until(110.0))
    await _settle()
    clock.advance(1.5)
    await asyncio.wait_for(early, BOUND_S)
    await _settle()
    assert not late.done()
    assert clock.now() == 101.5
    assert (clock.sleepers(), clock.next_wakeup()) == (1, 110.0)
    clock.advance(8.5)  # exactly the moment waited for wakes it
    await asyncio.wait_for(late, BOUND_S)
    assert clock.sleepers() == 0


@pytest.mark.asyncio
async def test_equal_moments_wake_in_the_order_asked() -> None:
    clock = ManualClock()
    woken: list[int] = []

    async def sleeper(number: int) -> None:
        await clock.sleep_until(clock.now() + 1.0)
        woken.append(number)

    tasks = []
    for number in range(4):
        tasks.append(asyncio.create_task(sleeper(number)))
        await _settle()
    clock.advance(1.0)
    await asyncio.wait_for(asyncio.gather(*tasks), BOUND_S)
    assert woken == [0, 1, 2, 3]


@pytest.mark.asyncio
async def test_sleep_until_now_or_the_past_returns_at_once() -> None:
    clock = ManualClock()
    await asyncio.wait_for(clock.sleep_until(clock.now()), BOUND_S)
    await asyncio.wait_for(clock.sleep_until(clock.now() - 60.0), BOUND_S)
    await asyncio.wait_for(clock.sleep_until(-math.inf), BOUND_S)
    assert clock.sleepers() == 0
    assert clock.now() == MANUAL_CLOCK_START


@pytest.mark.asyncio
async def test_a_cancelled_sleep_leaves_no_sleeper() -> None:
    clock = ManualClock()
    kept = asyncio.create_task(clock.sleep_until(clock.now() + 5.0))
    cancelled = asyncio.create_task(clock.sleep_until(clock.now() + 1.0))
    await _settle()
    assert clock.sleepers() == 2
    cancelled.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(cancelled, BOUND_S)
    assert clock.sleepers() == 1
    assert clock.next_wakeup() == clock.now() + 5.0
    clock.advance(5.0)
    await asyncio.wait_for(kept, BOUND_S)
    assert (clock.sleepers(), clock.next_wakeup()) == (0, None)


@pytest.mark.asyncio
async def test_cancelled_after_waking_is_harmless() -> None:
    """Woken by advance, then cancelled before it ran: nothing is left behind and the
    next advance has nothing to wake."""
    clock = ManualClock()
    task = asyncio.create_task(clock.sleep_until(clock.now() + 1.0))
    await _settle()
    clock.advance(1.0)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(task, BOUND_S)
    clock.advance(1.0)
    assert clock.sleepers() == 0


@pytest.mark.asyncio
async def test_wait_for_around_sleep_until_times_out_cleanly() -> None:
    """A sleep bounded by asyncio.wait_for (as a room bounds a wait) is cancelled by it
    and leaves no sleeper."""
    clock = ManualClock()
    with pytest.raises(TimeoutError):
        await asyncio.wait_for(clock.sleep_until(clock.now() + 1.0), 0.01)
    assert clock.sleepers() == 0


@pytest.mark.parametrize("seconds", [-1.0, math.nan, math.inf, -math.inf])
def test_advance_refuses_bad_steps_and_changes_nothing(seconds: float) -> None:
    clock = ManualClock(start=50.0)
    with pytest.raises(ValueError, match="forward by a finite time"):
        clock.advance(seconds)
    assert clock.now() == 50.0


@pytest.mark.asyncio
async def test_bad_moments_are_refused() -> None:
    with pytest.raises(ValueError, match="finite time"):
        ManualClock(start=math.nan)
    clock = ManualClock()
    with pytest.raises(ValueError, match="not a number"):
        await clock.sleep_until(math.nan)
    assert clock.sleepers() == 0


@pytest.mark.asyncio
async def test_system_clock_reads_the_wall_clock() -> None:
    clock: Clock = SystemClock()
    before = time.time()
    now = clock.now()
    assert before <= now <= time.time()
    # a moment already passed returns at once: no sleeping in tests
    await asyncio.wait_for(clock.sleep_until(now - 10.0), BOUND_S)


def test_both_clocks_are_clocks() -> None:
    clocks: list[Clock] = [SystemClock(), ManualClock()]
    assert all(isinstance(clock.now(), float) for clock in clocks)
