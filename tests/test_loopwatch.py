"""The event loop's watch (issue 29, ``tests/loopwatch.py``): a callback that keeps the
loop's thread computing past the limit is a stall, named; one that only waits (a blocking
sleep: the machine, not the bot) is not, nor is the work of another thread."""

from __future__ import annotations

import asyncio
import time

from tests.loopwatch import watched


def burn(seconds: float) -> None:
    end = time.thread_time() + seconds
    while time.thread_time() < end:
        pass


async def busy_for_a_while() -> None:
    burn(0.03)


async def test_cpu_on_the_loop_is_a_stall_waiting_and_other_threads_are_not():
    with watched(limit=0.02) as watch:
        await asyncio.create_task(busy_for_a_while(), name="busy")
    assert len(watch.stalls) == 1 and "busy_for_a_while" in watch.report()
    assert watch.longest >= 0.03
    with watched(limit=0.02) as calm:
        asyncio.get_running_loop().call_soon(time.sleep, 0.06)  # descheduled, not computing
        await asyncio.sleep(0.1)
        await asyncio.to_thread(burn, 0.05)  # a worker thread's CPU
    assert calm.stalls == [] and calm.longest < 0.02


async def test_a_task_left_out_by_name_is_not_counted():
    with watched(limit=0.02, ignore=lambda name: name == "busy_for_a_while") as watch:
        await asyncio.create_task(busy_for_a_while())
    assert watch.stalls == []
