"""What the bot posts in a channel, paced to Discord's rate.

Discord lets a channel take about 5 messages in 5 seconds; past that it answers 429 and the
channel is slowed for everyone. Every new public message of a game channel first takes a slot
here (:meth:`Pacer.slot`): at most :data:`LIMIT` in any :data:`WINDOW` seconds a channel, room
to spare below Discord's 5, the next one waiting for the oldest to leave the window. A run of
AI or timed-out turns is gathered into one post before it reaches this (see
:func:`bot.discord_ui.messages.ai_turns`), so waiting here is rare.

The clock and the sleep are injectable (tests run the whole thing on a fake clock).
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Awaitable, Callable

LIMIT = 4  # messages a channel in any WINDOW seconds (Discord's: about 5)
WINDOW = 5.0


class Pacer:
    """Slots for new messages, per channel: :data:`LIMIT` in any :data:`WINDOW` seconds."""

    def __init__(self, limit: int = LIMIT, window: float = WINDOW, now: Callable[[], float] = time.monotonic,
                 sleep: Callable[[float], Awaitable[None]] = asyncio.sleep) -> None:
        self.limit, self.window = limit, window
        self.now, self.sleep = now, sleep
        self._sent: dict[int, deque[float]] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    def _lock(self, channel_id: int) -> asyncio.Lock:
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    async def slot(self, channel_id: int | None) -> None:
        """Wait until ``channel_id`` may take one more message, and count it."""
        if channel_id is None:
            return
        async with self._lock(channel_id):
            sent = self._sent.setdefault(channel_id, deque())
            while True:
                now = self.now()
                while sent and now - sent[0] >= self.window:
                    sent.popleft()
                if len(sent) < self.limit:
                    break
                await self.sleep(sent[0] + self.window - now)
            sent.append(self.now())
            if len(self._sent) > 10_000:  # channels long quiet are forgotten
                for cid in [c for c, q in self._sent.items() if not q or now - q[-1] >= self.window][:5_000]:
                    self._sent.pop(cid, None)
                    if cid != channel_id and not self._locks[cid].locked():
                        self._locks.pop(cid, None)
