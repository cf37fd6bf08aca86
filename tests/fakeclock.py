"""The time the tests move by hand: a store's (and so the scheduler's) clock."""

from __future__ import annotations

T0 = 1_700_000_000.0


class Clock:
    """Callable like ``time.time``; ``now`` is set by the test."""

    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now
