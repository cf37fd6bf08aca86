"""A watch on the event loop (issue 29): how long each callback keeps the loop's thread busy,
measured in that thread's own CPU time (``time.thread_time``), so that a machine loaded by
other processes, or a worker thread holding the GIL, does not count as the loop's work. A
callback over ``limit`` is a stall: the test that caused it fails, naming it.

``asyncio``'s debug mode (``loop.slow_callback_duration``) measures wall time: on a loaded
2-core CI machine any callback may be descheduled for tens of milliseconds, and the test
would fail at random. CPU time is what the bot's own code spends on the loop.
"""

from __future__ import annotations

import asyncio
import gc
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

PROFILE = bool(os.environ.get("LOOPWATCH_PROFILE"))  # a profile of each stall, for finding one
LIMIT = 0.020  # seconds of the loop thread's CPU in one callback


@dataclass
class LoopWatch:
    limit: float = LIMIT
    stalls: list[tuple[float, str]] = field(default_factory=list)
    longest: float = 0.0
    callbacks: int = 0
    collector: float = 0.0  # the longest garbage collection in the loop's thread (not a stall of the bot's code)

    sample: str = ""  # where the loop's thread was, sampled during the longest stall

    def report(self) -> str:
        said = "; ".join(f"{cpu * 1000:.0f} ms CPU in {what}" for cpu, what in sorted(self.stalls, reverse=True)[:5])
        return f"{said}\n{self.sample}" if self.sample else said


class _Sampler(threading.Thread):
    """Looks at the loop's thread every millisecond or two; once a callback has used more
    than half the limit of its CPU, notes where it is (the failure's message shows it)."""

    def __init__(self, watch: LoopWatch, ident: int) -> None:
        super().__init__(name="loopwatch", daemon=True)
        self.watch, self.loop_thread = watch, ident
        self.clock = time.pthread_getcpuclockid(ident)
        self.started: float | None = None  # the loop thread's CPU clock when its callback began
        self.stop = threading.Event()
        self.best = 0.0

    def run(self) -> None:
        while not self.stop.wait(0.0015):
            began = self.started
            if began is None:
                continue
            spent = time.clock_gettime(self.clock) - began
            if spent > self.watch.limit / 2 and spent > self.best:
                frame = sys._current_frames().get(self.loop_thread)
                if frame is not None and self.started == began:
                    self.best = spent
                    self.watch.sample = "".join(traceback.format_stack(frame)[-14:])


@contextmanager
def watched(limit: float = LIMIT, ignore: Callable[[str], bool] = lambda _: False) -> Iterator[LoopWatch]:
    """Every event-loop callback run in this process meanwhile, timed (see the module); those
    of a task whose coroutine's name ``ignore`` accepts are left out."""
    watch = LoopWatch(limit)
    handle = asyncio.events.Handle
    real = handle._run
    main = threading.get_ident()
    sampler = _Sampler(watch, main)

    collected = [0.0, 0.0]  # the collector's CPU in the loop's thread so far, and when it began

    def on_gc(phase: str, _info: dict) -> None:
        """A garbage collection that falls in a callback is the interpreter's pause, not the
        bot's code: counted apart (``watch.collector``), not against the callback."""
        if threading.get_ident() != main:
            return
        if phase == "start":
            collected[1] = time.thread_time()
        else:
            took = time.thread_time() - collected[1]
            collected[0] += took
            watch.collector = max(watch.collector, took)

    def timed(self: asyncio.Handle) -> None:
        if threading.get_ident() != main or ignore(_coro_name(self)):  # another thread's loop; a test's own task
            return real(self)
        start = time.thread_time()
        gc_before = collected[0]
        sampler.started = start
        if PROFILE:
            import cProfile
            import io
            import pstats
            prof = cProfile.Profile()
            try:
                return prof.runcall(real, self)
            finally:
                sampler.started = None
                spent = time.thread_time() - start
                if spent > watch.limit * 2:
                    out = io.StringIO()
                    pstats.Stats(prof, stream=out).sort_stats("cumulative").print_stats(25)
                    watch.stalls.append((spent, _name(self) + "\n" + out.getvalue()))
        try:
            return real(self)
        finally:
            sampler.started = None
            spent = time.thread_time() - start - (collected[0] - gc_before)
            watch.callbacks += 1
            if spent > watch.longest:
                watch.longest = spent
            if spent > watch.limit:
                watch.stalls.append((spent, _name(self)))

    handle._run = timed  # type: ignore[method-assign]
    gc.callbacks.append(on_gc)
    sampler.start()
    try:
        yield watch
    finally:
        gc.callbacks.remove(on_gc)
        handle._run = real  # type: ignore[method-assign]
        sampler.stop.set()
        sampler.join()


def _coro_name(h: asyncio.Handle) -> str:
    task = getattr(getattr(h, "_callback", None), "__self__", None)
    if isinstance(task, asyncio.Task):
        return getattr(task.get_coro(), "__name__", "")
    return ""


def _name(h: asyncio.Handle) -> str:
    cb = getattr(h, "_callback", None)
    task = getattr(cb, "__self__", None)
    if isinstance(task, asyncio.Task):
        coro = task.get_coro()
        frame = getattr(coro, "cr_frame", None)
        where = f" at {frame.f_code.co_filename}:{frame.f_lineno}" if frame is not None else ""
        return f"task {task.get_name()} ({getattr(coro, '__qualname__', coro)}{where})"
    return repr(h)[:200]
