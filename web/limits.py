"""Counting attempts, so that password guessing (and argon2's cost) stays bounded."""

from __future__ import annotations

import threading
import time
from collections import deque


class AttemptLimiter:
    """At most ``limit`` attempts per key within ``window`` seconds, in this process."""

    def __init__(self, limit: int, window: float) -> None:
        self.limit = limit
        self.window = window
        self._attempts: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        """Count an attempt; False when the key has used up its attempts."""
        now = time.monotonic()
        with self._lock:
            attempts = self._attempts.setdefault(key, deque())
            while attempts and now - attempts[0] > self.window:
                attempts.popleft()
            if len(attempts) >= self.limit:
                return False
            attempts.append(now)
            if len(self._attempts) > 10_000:
                self._forget_idle(now)
            return True

    def _forget_idle(self, now: float) -> None:
        idle = [key for key, times in self._attempts.items() if now - times[-1] > self.window]
        for key in idle:
            del self._attempts[key]
