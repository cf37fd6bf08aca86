"""The AI's decisions in worker processes (issue 28): the bot's event loop never waits on them.

In a thread of the bot's own process, a decision held the interpreter's lock while the loop
waited: up to the switch interval (5 ms) each time, and a full garbage collection in the AI's
thread (which scans the play-outs' long-lived caches: 26-33 ms on The Walking Dead's
Survival) held it longer. A worker process has its own interpreter and collector.

:class:`AiPool` keeps up to ``workers`` processes (started when first needed, ``spawn``: never
a fork of a process with threads), sends (game, state, seat, level, seed, deadline as wall
time) and gets the action back: the same action a thread would find for the same seed, the
clock kept in the worker. A worker that dies (killed, out of memory) or does not answer in
time is replaced, and that decision is made in a thread instead: nothing lost.
:func:`decide_in_thread` is the thread's way, the one ``GAMEMASTER_AI_WORKERS=thread`` uses.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import multiprocessing
import os
import signal
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from bot.rules import GAMES
from bot.rules.ai import decide
from bot.rules.base import Action, State

__all__ = ["AiPool", "decide_in_thread"]

log = logging.getLogger(__name__)

# Beyond its deadline, how long a worker may take to answer before it is taken for hung.
GRACE = 10.0
# How long closing waits for the workers to end (a decision under way ends at its deadline).
CLOSE_WAIT = 5.0
# Workers failing this many times in a row (none could start: a main module without its
# ``if __name__ == "__main__"`` guard, no memory left): the decisions stay in threads.
GIVE_UP = 3


def _start_worker() -> None:
    """In a new worker: Ctrl-C is the bot's to handle (it closes the pool), and what the
    imports made leaves the collector's sight, as in the bot (``freeze_startup_objects``)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    gc.freeze()


def _pid() -> int:
    return os.getpid()


def decide_until(game_id: str, state: State, seat: str, level: str, seed: int, deadline: float) -> Action:
    """:func:`bot.rules.ai.decide`, stopped at ``deadline`` (wall time, ``time.time()``: the
    same clock in every process)."""
    return decide(GAMES[game_id], state, seat, level, seed=seed, stop=lambda: time.time() >= deadline)


async def decide_in_thread(game_id: str, state: State, seat: str, level: str, seed: int, budget: float) -> Action:
    """The decision in a worker thread of this process, within ``budget`` seconds."""
    return await asyncio.to_thread(decide_until, game_id, state, seat, level, seed, time.time() + budget)


class AiPool:
    """Up to ``workers`` processes deciding for the AI seats (see the module)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._failures = 0  # in a row

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=_start_worker)
        return self._pool

    def pids(self) -> list[int]:
        """The worker processes now running (for tests and logs)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return [p.pid for p in list(processes.values()) if p.is_alive()]

    def warm(self) -> None:
        """A worker started in the background (a lobby got an AI seat): its imports done
        before the first decision, which would otherwise spend them from its time."""
        if self._closed:
            return
        with contextlib.suppress(RuntimeError, BrokenProcessPool, OSError, ImportError, NotImplementedError):
            self._executor().submit(_pid)

    async def started(self) -> int:
        """A worker started and answering (its process id; a broken pool replaced first): for
        benches and tests."""
        pool = self._executor()
        try:
            return await asyncio.wrap_future(pool.submit(_pid))
        except BrokenProcessPool:
            await self._discard(pool)
            return await asyncio.wrap_future(self._executor().submit(_pid))

    async def decide(self, game_id: str, state: State, seat: str, level: str, seed: int, budget: float) -> Action:
        """The AI's action, thought out in a worker process within ``budget`` seconds (from
        now); in a thread if the pool is closed or its worker fails."""
        if self._closed:
            return await decide_in_thread(game_id, state, seat, level, seed, budget)
        pool = self._pool
        try:
            if pool is None:  # its start (~0.5 s of imports) not taken from the decision's time
                await asyncio.wait_for(self.started(), GRACE)
            pool = self._executor()
            future = pool.submit(decide_until, game_id, state, seat, level, seed, time.time() + budget)
            action = await asyncio.wait_for(asyncio.wrap_future(future), budget + GRACE)
        except (BrokenProcessPool, TimeoutError, OSError, ImportError, NotImplementedError) as err:
            # (the last two: a system without working semaphores, where no pool can start)
            self._failures += 1
            if self._failures >= GIVE_UP:
                self._closed = True
                log.error("AI workers failed %d times in a row: the AI decides in threads from now on", GIVE_UP)
            else:
                log.warning("an AI worker failed (%s): it is replaced, this decision is made in a thread",
                            type(err).__name__)
            await self._discard(pool or self._pool)
            return await decide_in_thread(game_id, state, seat, level, seed, budget)
        self._failures = 0
        return action

    async def _discard(self, pool: ProcessPoolExecutor | None) -> None:
        """``pool``'s workers ended (killed if they still run) and the pool forgotten if it
        is still the one in use: the next decision starts a new one."""
        if pool is None:
            return
        if self._pool is pool:
            self._pool = None
        for process in list((getattr(pool, "_processes", None) or {}).values()):
            with contextlib.suppress(Exception):
                process.kill()
        await asyncio.to_thread(pool.shutdown, True, cancel_futures=True)

    async def close(self) -> None:
        """On the bot's close: the workers end (a decision under way ends at its deadline;
        any still running after :data:`CLOSE_WAIT` is killed); no process is left behind."""
        self._closed = True
        pool = self._pool
        if pool is None:
            return
        try:
            await asyncio.wait_for(asyncio.shield(asyncio.to_thread(pool.shutdown, True, cancel_futures=True)),
                                   CLOSE_WAIT)
            self._pool = None
        except TimeoutError:
            await self._discard(pool)
