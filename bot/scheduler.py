"""The one place time enters the games: a task that sleeps until the next clock falls due.

It reads the next due time from the database (one indexed read, never a scan of the
games), sleeps until then or until :meth:`Scheduler.poke` says a clock changed, and lets
the service fire what is due (:meth:`bot.service.GameService.fire_due`): reminders to send
and timeouts, applied as ``@system`` actions so a replay stays exact. What fell due while
the bot was down fires once, at the first look after a start. Each fired thing goes to
``deliver`` (the Discord layer posts it); a failure there is logged and the loop goes on.

The time is the store's clock, injected: tests move it and poke the scheduler; they never
sleep real minutes.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger("gamemaster.scheduler")

MAX_SLEEP = 3600.0  # look again at least hourly (a clock moved by hand in the database)


class Scheduler:
    def __init__(self, service: Any, deliver: Callable[[Any], Awaitable[None]],
                 clock: Callable[[], float] | None = None, max_sleep: float = MAX_SLEEP,
                 batch: int = 500) -> None:
        self.service = service
        self.deliver = deliver
        self.clock = clock or service.clock
        self.max_sleep = max_sleep
        self.batch = batch
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._stopping = False
        self.fired = 0  # everything fired since the start, for the logs and the tests

    def poke(self) -> None:
        """A clock changed: look again at once (a new clock may fall due first)."""
        self._wake.set()

    async def tick(self) -> list[Any]:
        """Fire everything due now and hand it over; returns what fired."""
        out: list[Any] = []
        while True:
            fired = await self.service.fire_due(self.clock(), self.batch)
            for item in fired:
                try:
                    await self.deliver(item)
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("could not deliver %s", type(item).__name__)
            out += fired
            self.fired += len(fired)
            if len(fired) < self.batch or self._stopping:
                return out

    async def sleep_time(self) -> float:
        due = await self.service.next_due()
        if due is None:
            return self.max_sleep
        return min(self.max_sleep, max(0.0, due - self.clock()))

    async def run(self) -> None:
        with contextlib.suppress(Exception):
            started = await self.service.start_missing_clocks()
            if started:
                log.info("started the clocks of %d games", started)
        while not self._stopping:
            self._wake.clear()  # before reading: a poke from now on is not lost
            try:
                await self.tick()
                wait = await self.sleep_time()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the scheduler's look failed; trying again in a minute")
                wait = 60.0
            if self._stopping:
                return
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=wait)

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.create_task(self.run(), name="gamemaster-scheduler")
        return self._task

    async def stop(self, grace: float = 0.0) -> None:
        """Stop the loop; with ``grace``, first let what it is firing now finish (up to
        ``grace`` seconds): a clean shutdown posts the timeouts it has written."""
        if self._task is not None:
            self._stopping = True
            self._wake.set()  # a loop asleep ends at once; one firing ends after this round
            if grace > 0:
                await asyncio.wait({self._task}, timeout=grace)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
            self._task = None
