"""Counting attempts, so that password guessing (and argon2's cost) stays bounded.

Each app owns its limits (:class:`Limits`, on ``app.state.limits``): two apps in
one process, as in the tests, never share a count. Clocks are injectable so the
tests move time instead of sleeping.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field

from fastapi import HTTPException

from ..i18n import N_plural, Words

Clock = Callable[[], float]

TOO_MANY_PASSWORD_CHANGES = N_plural(
    "too many password changes; try again in {count} second",
    "too many password changes; try again in {count} seconds",
)
TOO_MANY_SIGN_INS = N_plural(
    "too many sign-in attempts; try again in {count} second",
    "too many sign-in attempts; try again in {count} seconds",
)
TOO_MANY_WRONG_PASSWORDS = N_plural(
    "too many wrong passwords for this name; try again in {count} second",
    "too many wrong passwords for this name; try again in {count} seconds",
)
"""What a refusal by a limit says (``{count}``: the seconds to wait)."""


def too_many_attempts(
    retry_after: int, words: tuple[str, str], headers: dict[str, str] | None = None
) -> HTTPException:
    """The refusal of an attempt over its budget (429): the words say how long to wait,
    in seconds, and so does ``Retry-After``; ``headers`` adds a route's own."""
    singular, plural = words
    return HTTPException(
        429,
        detail={
            "code": "too_many_attempts",
            "message": Words(singular, plural=plural, count=retry_after),
        },
        headers={"Retry-After": str(retry_after), **(headers or {})},
    )


class AttemptLimiter:
    """At most ``limit`` attempts per key within ``window`` seconds, in this process."""

    def __init__(self, limit: int, window: float, clock: Clock = time.monotonic) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self._attempts: dict[Hashable, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: Hashable) -> bool:
        """Count an attempt; False when the key has used up its attempts."""
        now = self.clock()
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

    def forget(self, key: Hashable) -> None:
        """Drop a key's attempts: its owner is gone (a deleted account), and SQLite may
        give the next new account the same id."""
        with self._lock:
            self._attempts.pop(key, None)

    def retry_after(self, key: Hashable) -> int:
        """Whole seconds until the key's oldest attempt leaves the window."""
        with self._lock:
            attempts = self._attempts.get(key)
            if not attempts:
                return 0
            return max(1, math.ceil(self.window - (self.clock() - attempts[0])))

    def _forget_idle(self, now: float) -> None:
        idle = [key for key, times in self._attempts.items() if now - times[-1] > self.window]
        for key in idle:
            del self._attempts[key]


class FailureBackoff:
    """Slows repeated failures of one key without ever shutting it out for long.

    The first ``free`` failures cost nothing; each further one doubles the wait
    before the key may try again (``base`` seconds, then twice that, …, at most
    ``cap``). A success clears the key. Keyed by (address, name), an attacker
    guessing one account from one place crawls, while the owner signing in from
    their own address is not held back by the attacker's failures.
    """

    def __init__(
        self, free: int = 5, base: float = 1.0, cap: float = 900.0, clock: Clock = time.monotonic
    ) -> None:
        self.free = free
        self.base = base
        self.cap = cap
        self.clock = clock
        self._failures: dict[Hashable, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def wait(self, key: Hashable) -> float:
        """Seconds the key must still wait before its next attempt (0: it may try now)."""
        with self._lock:
            count, last = self._failures.get(key, (0, 0.0))
        if count < self.free:
            return 0.0
        delay: float = min(self.cap, self.base * 2.0 ** (count - self.free))
        return max(0.0, last + delay - self.clock())

    def failed(self, key: Hashable) -> None:
        with self._lock:
            count, _ = self._failures.get(key, (0, 0.0))
            self._failures[key] = (count + 1, self.clock())
            if len(self._failures) > 10_000:
                self._forget_old()

    def succeeded(self, key: Hashable) -> None:
        with self._lock:
            self._failures.pop(key, None)

    def _forget_old(self) -> None:
        now = self.clock()
        stale = [key for key, (_, last) in self._failures.items() if now - last > self.cap]
        for key in stale:
            del self._failures[key]


@dataclass
class Limits:
    """The attempt limits of one app."""

    clock: Clock = time.monotonic
    sign_ins_per_address: AttemptLimiter = field(init=False)
    """Sign-ins from one address, whatever the name: bounds the hashing one client causes."""
    sign_in_failures: FailureBackoff = field(init=False)
    """Wrong passwords per (address, name): backoff for the guesser, not the owner."""
    password_changes: AttemptLimiter = field(init=False)
    """Password changes per account: each costs a hash, and ends every other session."""
    recovery_requests: AttemptLimiter = field(init=False)
    """"Forgot my password" requests from one address (web.club.recovery_routes)."""
    recovery_mails: AttemptLimiter = field(init=False)
    """Recovery emails to one account, whoever asks: nobody fills a mailbox with them."""
    account_deletions: AttemptLimiter = field(init=False)
    """Attempts to delete one account (each checks a password)."""
    record_imports: AttemptLimiter = field(init=False)
    """Records one account imports (each is replayed in full): web.records."""

    def __post_init__(self) -> None:
        self.sign_ins_per_address = AttemptLimiter(limit=30, window=300, clock=self.clock)
        self.sign_in_failures = FailureBackoff(free=5, base=2.0, cap=900.0, clock=self.clock)
        self.password_changes = AttemptLimiter(limit=5, window=600, clock=self.clock)
        self.recovery_requests = AttemptLimiter(limit=10, window=900, clock=self.clock)
        self.recovery_mails = AttemptLimiter(limit=3, window=3600, clock=self.clock)
        self.account_deletions = AttemptLimiter(limit=5, window=600, clock=self.clock)
        self.record_imports = AttemptLimiter(limit=30, window=600, clock=self.clock)
