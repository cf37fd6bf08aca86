"""What falls due fires once, whoever looks: two bot processes (two stores on one database,
each with its own service) firing the same due deadlines and reminders at once, on both
backends. Each timeout is one action in the log, each reminder one note."""

from __future__ import annotations

import asyncio

from bot.rules.base import SYSTEM
from bot.service import GameService
from bot.store import open_store
from tests.fakeclock import Clock
from tests.pg import pg_server, pg_url, store_url  # noqa: F401 - fixtures

GAMES_N = 12
HOUR = 3600.0


async def test_two_processes_fire_each_due_thing_once(store_url):  # noqa: F811
    clock = Clock(1_800_000_000.0)
    first = await open_store(store_url, clock=clock)
    second = await open_store(store_url, clock=clock)
    try:
        one, two = GameService(first, seed_source=lambda: 9), GameService(second, seed_source=lambda: 9)
        for ch in range(1, GAMES_N + 1):
            await one.new_game(ch, 5, f"{ch}a", "risk_express", {}, "a")
            await one.join(ch, f"{ch}b", "b")
            await one.start(ch, f"{ch}a", False)
        clock.now += 13 * HOUR  # every game's first reminder (halfway through a day)
        reminders = await asyncio.gather(one.fire_due(), two.fire_due())
        assert sum(len(r) for r in reminders) == GAMES_N
        clock.now += 12 * HOUR  # every deadline
        timeouts = await asyncio.gather(one.fire_due(), two.fire_due())
        assert sum(len(t) for t in timeouts) == GAMES_N
        for ch in range(1, GAMES_N + 1):
            row = await one.game(ch)
            log = await first.actions(row.id)
            assert [(a.seat, a.action["type"]) for a in log] == [(SYSTEM, "timeout")]
            assert [n.kind for n in await first.notes(row.id)].count("reminder") == 1
        assert await one.fire_due() == [] and await two.fire_due() == []
    finally:
        await first.close()
        await second.close()
