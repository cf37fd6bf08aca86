"""End to end, the bot's default (issue 28): the AI seats think in worker processes. A lobby
given an AI seat starts a worker; the AI's turns come by themselves, decided in that worker
(not the bot's process), as in a thread; the bot's close leaves no process behind."""

from __future__ import annotations

import asyncio
import os
import random
from pathlib import Path

from tests.discord_ui.e2e import HANG_LIMIT, make_bot
from tests.discord_ui.test_e2e_ai import engine, play_members


async def test_the_ai_thinks_in_a_worker_process_and_none_is_left_after_close(fake, tmp_path):
    guild = fake.add_guild("Robots Welcome")
    table = guild.add_text_channel("table")
    alice, bob, stranger = guild.add_member("Alice"), guild.add_member("Bob"), guild.add_member("Stranger")
    bot = make_bot(f"sqlite:///{tmp_path}/ai.sqlite3", seed=31, ai_workers="process")
    async with fake.run(bot):
        pool = bot.service.ai_pool
        assert pool is not None and pool.pids() == []  # nothing started before an AI seat
        bot.service.ai_budget = 0.05
        res = await fake.slash(alice, table, "game", "new", options={"game": "risk_express", "bots": 1})
        lobby = res.message
        res = await fake.click(stranger, lobby, label="Add AI", locale="fr")  # refused, only to them
        assert res.ephemeral and "hôte" in res.content
        await fake.click(bob, lobby, label="Join")
        mark = fake.mark()
        await fake.click(alice, lobby, label="Start")
        await fake.wait_message(table, lambda m: bool(m.files), since=mark, timeout=HANG_LIMIT)
        row = await bot.service.store.active_game(table.id)
        assert row.ai == {"ai1": "normal"}
        row = await play_members(fake, bot, table, random.Random(3), 4)
        assert any(a.seat == "ai1" for a in await bot.service.log(row))
        workers = pool.pids()
        assert workers and os.getpid() not in workers  # decided over there
        for _ in range(int(HANG_LIMIT / 0.05)):  # its last decision comes back from the worker
            row = await bot.service.store.latest_game(table.id)
            if row.status != "running" or engine.to_move(row.state) != "ai1":
                break
            await asyncio.sleep(0.05)
        assert row.status != "running" or engine.to_move(row.state) != "ai1"  # the AI left nothing waiting
    assert not any(Path(f"/proc/{pid}").exists() for pid in workers)  # closed with the bot
