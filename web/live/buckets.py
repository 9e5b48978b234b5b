"""Token buckets: how often someone may do something, with a burst allowed."""

from __future__ import annotations

import time
from collections.abc import Callable


class TokenBucket:
    """At most ``rate`` actions a second on average, ``burst`` at once."""

    __slots__ = ("capacity", "clock", "rate", "tokens", "updated")

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.capacity = float(burst)
        self.tokens = float(burst)
        self.clock = clock
        self.updated = clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.capacity, self.tokens + (now - self.updated) * self.rate)
        self.updated = now

    def take(self) -> bool:
        """Spend one token if there is one."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def wait(self) -> float:
        """Seconds until a token will be there (0: now)."""
        self._refill()
        return 0.0 if self.tokens >= 1 else (1 - self.tokens) / self.rate


class Buckets:
    """One bucket per person (a chat's limit is a person's, whichever socket they use)."""

    LIMIT = 10_000
    """People tracked before the full buckets are forgotten (they start full again)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[int, TokenBucket] = {}

    def take(self, person: int) -> float:
        """Spend one of the person's tokens: 0 if taken, else seconds until one is."""
        bucket = self._buckets.get(person)
        if bucket is None:
            if len(self._buckets) >= self.LIMIT:
                self._forget_full()
            bucket = self._buckets[person] = TokenBucket(self.rate, self.burst)
        if bucket.take():
            return 0.0
        return bucket.wait()

    def _forget_full(self) -> None:
        for person, bucket in list(self._buckets.items()):
            if bucket.wait() == 0 and bucket.tokens >= bucket.capacity - 1e-9:
                del self._buckets[person]
