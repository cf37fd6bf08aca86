"""Kill -9 (issue 15 point 5): a bot process killed at random moments in the middle of a
stream of moves in two channels, ten times, and started again each time: the database is
sound, every move the bot acknowledged (answered in the channel) is stored, every game is
its log replayed, and play goes on. (One transaction per action, written before the
answer: what the process had not committed, it had not acknowledged.)"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from tests.scale.procs import BotProcess, Reader, play_one
from tests.scale.test_shutdown import check_store, open_game

KILLS = 10


@pytest.mark.slow
async def test_kill_9_at_random_moments_loses_no_acknowledged_move(fake, tmp_path: Path):
    url = f"sqlite:///{tmp_path}/gm.sqlite3"
    guild = fake.add_guild("Crashes")
    tables = [guild.add_text_channel(f"table-{i}") for i in range(2)]
    people = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    users = {str(u.id): u for u in people}
    bot = BotProcess(fake, url, tmp_path)
    rnd = random.Random(2026)
    acked: dict[int, int] = {}
    db = None
    try:
        await bot.start()
        db = await Reader.open(url)

        async def stream(table) -> None:
            while True:
                try:
                    game = await db.game(table.id)
                    if game is None:  # over: the next one
                        await open_game(fake, table, people[0], people[1:])
                        continue
                    game_id = await play_one(fake, db, table, users, rnd, timeout=10.0)
                    if game_id is not None:
                        acked[game_id] = acked.get(game_id, 0) + 1
                    else:  # refused (a prompt from before a crash): ask for the board, which catches up
                        await fake.slash(people[0], table, "game", "status", timeout=10.0)
                except AssertionError:  # the bot died under this click: the next round
                    await asyncio.sleep(0.1)

        for _ in range(KILLS):
            before = sum(acked.values())
            streams = [asyncio.create_task(stream(t)) for t in tables]
            await asyncio.sleep(rnd.uniform(0.5, 3.0))  # a random moment in the stream
            await bot.kill()
            for task in streams:
                task.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
            await check_store(url, acked)
            await bot.start()
            assert sum(acked.values()) >= before
        assert sum(acked.values()) >= KILLS  # moves were made between the kills
        assert await bot.stop() == 0
    finally:
        if db is not None:
            await db.close()
        if bot.proc is not None and bot.proc.poll() is None:
            bot.proc.kill()
    assert await check_store(url, acked) >= 1
