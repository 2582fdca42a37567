"""A sliding-window rate limiter with an injectable clock and sleep, so tests never wait."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class SlidingWindowLimiter:
    """Allows at most `max_calls` acquisitions in any `period_s`-second window.

    `acquire` blocks (through the injected `sleep`) until a slot is free, then takes it.
    """

    def __init__(
        self,
        max_calls: int = 20,
        period_s: float = 60.0,
        *,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if max_calls < 1:
            raise ValueError("max_calls must be at least 1")
        if period_s <= 0:
            raise ValueError("period_s must be positive")
        self.max_calls = max_calls
        self.period_s = period_s
        self._clock = clock
        self._sleep = sleep
        self._calls: deque[float] = deque()
        # One lock so concurrent callers cannot both take the last slot.
        self._lock = threading.Lock()

    def acquire(self) -> float:
        """Take a slot, waiting if the window is full; returns the seconds spent waiting."""
        waited = 0.0
        with self._lock:
            while True:
                now = self._clock()
                self._forget_expired(now)
                if len(self._calls) < self.max_calls:
                    self._calls.append(now)
                    return waited
                delay = self._calls[0] + self.period_s - now
                self._sleep(delay)
                waited += delay

    def _forget_expired(self, now: float) -> None:
        # Same arithmetic as the delay above, so an expired call is never waited on for 0 s.
        while self._calls and self._calls[0] + self.period_s <= now:
            self._calls.popleft()
