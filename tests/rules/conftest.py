"""Fixed dice for rules tests: replace the engine's generator by a script.

``scripted_dice`` patches ``bot.rules.base.Rng`` (the only source of randomness engines
use) with a generator that returns the values queued by the test, then fails loudly if
the engine asks for more than the test planned.
"""

from __future__ import annotations

from collections import deque

import pytest

import bot.rules.base as base


class ScriptedRng(base.Rng):
    queue: deque[int] = deque()

    def below(self, n: int) -> int:
        if not ScriptedRng.queue:
            raise AssertionError("the engine rolled more dice than the test scripted")
        value = ScriptedRng.queue.popleft()
        assert 0 <= value < n, f"scripted {value} for a draw below {n}"
        return value

    def throw(self, count: int, sides: int = 6) -> list[int]:
        return [self.below(sides) + 1 for _ in range(count)]


@pytest.fixture
def scripted_dice(monkeypatch: pytest.MonkeyPatch):
    """Queue raw draws (``below(n)`` results): e.g. die faces as indexes 0–5."""
    ScriptedRng.queue = deque()
    monkeypatch.setattr(base, "Rng", ScriptedRng)

    def push(*values: int) -> deque[int]:
        ScriptedRng.queue.extend(values)
        return ScriptedRng.queue

    return push
