"""Rate limits: token buckets on the injected clock, in bounded memory."""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tuolaji.server.clock import MANUAL_CLOCK_START, ManualClock
from tuolaji.server.limits import RateLimiter


def test_a_burst_then_refusal() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=1.0, burst=3, clock=clock)
    assert [limiter.allow("addr") for _ in range(5)] == [True, True, True, False, False]
    # other keys have buckets of their own
    assert limiter.allow("other")


def test_tokens_come_back_over_time_up_to_the_burst() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=2.0, burst=2, clock=clock)
    assert limiter.allow("k") and limiter.allow("k") and not limiter.allow("k")
    clock.advance(0.25)  # half a token
    assert not limiter.allow("k")
    clock.advance(0.25)  # one token
    assert limiter.allow("k")
    assert not limiter.allow("k")
    clock.advance(3600.0)  # a long rest refills only up to the burst
    assert [limiter.allow("k") for _ in range(3)] == [True, True, False]


def test_retry_after_says_when_the_next_token_comes() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=0.5, burst=1, clock=clock)
    assert limiter.retry_after("k") == 0.0  # unknown key: a full bucket
    assert limiter.allow("k")
    assert limiter.retry_after("k") == pytest.approx(2.0)
    clock.advance(1.5)
    assert limiter.retry_after("k") == pytest.approx(0.5)
    assert not limiter.allow("k")  # a refusal takes nothing
    assert limiter.retry_after("k") == pytest.approx(0.5)
    clock.advance(0.5)
    assert limiter.retry_after("k") == 0.0
    assert limiter.allow("k")


def test_retry_after_adds_no_key() -> None:
    limiter = RateLimiter(per_second=1.0, burst=1, clock=ManualClock())
    assert limiter.retry_after("nobody") == 0.0
    assert len(limiter) == 0


def test_many_keys_stay_under_max_keys() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=1.0, burst=5, clock=clock, max_keys=100)
    for number in range(10_000):
        assert limiter.allow(f"key-{number}")
        assert len(limiter) <= 100
        if number % 7 == 0:
            clock.advance(0.01)


def test_full_buckets_are_forgotten_before_busy_ones() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=1.0, burst=2, clock=clock, max_keys=10)
    # the oldest key is drained and used again late, so it is still empty ...
    assert limiter.allow("busy") and limiter.allow("busy")
    for number in range(8):
        assert limiter.allow(f"idle-{number}")
    clock.advance(1.0)  # ... the idle ones (one token taken) are full again
    assert limiter.allow("busy")  # "busy" had 1 token back: this takes it
    assert limiter.allow("filler")  # the 10th key
    assert len(limiter) == 10
    assert limiter.allow("newcomer")  # at max_keys: the full buckets go first
    assert not limiter.allow("busy")  # "busy" was kept: still no token
    assert limiter.retry_after("busy") == pytest.approx(1.0)


def test_when_no_bucket_is_full_the_least_recently_used_go() -> None:
    clock = ManualClock()
    limiter = RateLimiter(per_second=0.001, burst=1, clock=clock, max_keys=10)
    for number in range(10):
        assert limiter.allow(f"k{number}")
    assert limiter.allow("k10")
    assert len(limiter) <= 10
    # the most recent keys are still empty; the oldest was forgotten (a full bucket again)
    assert not limiter.allow("k9")
    assert limiter.allow("k0")


@pytest.mark.parametrize(
    ("per_second", "burst", "max_keys"),
    [
        (0.0, 1, 10),
        (-1.0, 1, 10),
        (math.nan, 1, 10),
        (math.inf, 1, 10),
        (1.0, 0, 10),
        (1.0, 1.5, 10),
        (1.0, True, 10),
        (1.0, 1, 0),
    ],
)
def test_bad_settings_are_refused(per_second: float, burst: int, max_keys: int) -> None:
    with pytest.raises(ValueError, match="rate limit"):
        RateLimiter(per_second=per_second, burst=burst, clock=ManualClock(), max_keys=max_keys)


def test_a_clock_that_steps_back_gives_no_tokens() -> None:
    """The wall clock may be set back: that refills nothing and takes nothing."""

    class SteppingClock(ManualClock):
        def set(self, when: float) -> None:
            self._now = when

    clock = SteppingClock(start=1000.0)
    limiter = RateLimiter(per_second=1.0, burst=1, clock=clock)
    assert limiter.allow("k")
    clock.set(900.0)
    assert not limiter.allow("k")
    clock.set(901.0)
    assert limiter.allow("k")


@settings(max_examples=60, deadline=None)
@given(
    per_second=st.floats(0.1, 10.0),
    burst=st.integers(1, 6),
    steps=st.lists(st.floats(0.0, 3.0), max_size=60),
)
def test_never_more_than_the_burst_plus_the_refill(
    per_second: float, burst: int, steps: list[float]
) -> None:
    """Over any run, allowed requests ≤ burst + per_second × elapsed time; and a key
    that is refused is told to wait a positive time, and one allowed had no wait."""
    clock = ManualClock()
    limiter = RateLimiter(per_second=per_second, burst=burst, clock=clock)
    allowed = 0
    for step in steps:
        clock.advance(step)
        waited = limiter.retry_after("k")
        if limiter.allow("k"):
            allowed += 1
            assert waited == 0.0
        else:
            assert waited > 0.0
    elapsed = clock.now() - MANUAL_CLOCK_START
    assert allowed <= burst + per_second * elapsed + 1e-9
