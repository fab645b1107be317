"""Rate limits: a token bucket per key (an address, a connection), in bounded memory.

A key starts with ``burst`` tokens; each allowed request takes one, and tokens come
back at ``per_second`` up to ``burst``. Time comes from the injected clock, so tests
move it by hand.

Memory stays bounded when a flood of distinct keys arrives: at ``max_keys`` buckets,
the full ones are forgotten first (forgetting a full bucket changes nothing, since an
unknown key starts full); if that frees too little, the least recently used buckets
go too, down to nine tenths of ``max_keys``, so that each sweep pays for many inserts.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

from tuolaji.server.clock import Clock


@dataclass(slots=True)
class _Bucket:
    """One key's tokens, as counted at ``at`` (epoch seconds)."""

    tokens: float
    at: float


class RateLimiter:
    """Token bucket per key: `burst` tokens, refilled at `per_second`."""

    def __init__(
        self, per_second: float, burst: int, clock: Clock, max_keys: int = 100_000
    ) -> None:
        if not (math.isfinite(per_second) and per_second > 0):
            raise ValueError(f"a rate limit refills at a positive rate, not {per_second!r}")
        if type(burst) is not int or burst < 1:
            raise ValueError(f"a rate limit's burst is a whole number ≥ 1, not {burst!r}")
        if type(max_keys) is not int or max_keys < 1:
            raise ValueError(f"a rate limit keeps at least 1 key, not {max_keys!r}")
        self.per_second = float(per_second)
        self.burst = burst
        self.max_keys = max_keys
        self._clock = clock
        # Least recently used first: the order in which buckets are given up.
        self._buckets: OrderedDict[str, _Bucket] = OrderedDict()

    def __len__(self) -> int:
        """How many keys have a bucket kept now."""
        return len(self._buckets)

    def _tokens(self, bucket: _Bucket, now: float) -> float:
        """The bucket's tokens at ``now``: refilled, at most ``burst``. A clock that
        stepped back refills nothing (and takes nothing back)."""
        elapsed = max(0.0, now - bucket.at)
        return min(float(self.burst), bucket.tokens + elapsed * self.per_second)

    def allow(self, key: str) -> bool:
        """Take a token for ``key`` if it has one (True); otherwise False, and nothing
        is taken."""
        now = self._clock.now()
        bucket = self._buckets.get(key)
        if bucket is None:
            self._make_room(now)
            self._buckets[key] = _Bucket(float(self.burst) - 1.0, now)
            return True
        self._buckets.move_to_end(key)
        tokens = self._tokens(bucket, now)
        allowed = tokens >= 1.0
        bucket.tokens = tokens - 1.0 if allowed else tokens
        bucket.at = now
        return allowed

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` has a token again (0 if it has one now)."""
        bucket = self._buckets.get(key)
        if bucket is None:
            return 0.0
        tokens = self._tokens(bucket, self._clock.now())
        return 0.0 if tokens >= 1.0 else (1.0 - tokens) / self.per_second

    def _make_room(self, now: float) -> None:
        """Before a new key is added at ``max_keys``: forget every full bucket, then, if
        that left more than nine tenths of ``max_keys``, the least recently used."""
        if len(self._buckets) < self.max_keys:
            return
        full = [
            key for key, bucket in self._buckets.items() if self._tokens(bucket, now) >= self.burst
        ]
        for key in full:
            del self._buckets[key]
        keep = self.max_keys - max(1, self.max_keys // 10)
        while len(self._buckets) > keep:
            self._buckets.popitem(last=False)
