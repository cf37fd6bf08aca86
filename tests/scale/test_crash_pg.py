"""PostgreSQL restarted under load (issue 15 point 5): a bot process plays a stream of moves
in two channels on a PostgreSQL server that is stopped at random moments — a crash of the
server (``pg_ctl -m immediate``: no checkpoint, the WAL replayed at start) or a clean
restart — and started again while the bot runs on; twice the bot is killed (-9) as well.
After each round the database holds every move the bot acknowledged, every game is its log
replayed, and the bot, reconnecting by itself, plays on.

The server is the test's own (``tests/pg.py``'s binaries) with ``synchronous_commit=on``, as a
deployment runs it: an acknowledged commit is in the WAL before the bot answers, so a crash
of the server loses none. (``fsync=off``: the machine itself does not crash here.)"""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from bot.store import StoreError
from tests.pg import SERVER_SETTINGS, PgServer, missing
from tests.scale.procs import START_LIMIT, BotProcess, Reader, play_one, poll
from tests.scale.test_shutdown import check_store, open_game

# round by round: how the server stops, and whether the bot is killed with it
ROUNDS = (("immediate", False), ("fast", False), ("immediate", True), ("immediate", False), ("fast", True))
DURABLE = SERVER_SETTINGS.replace("synchronous_commit=off", "synchronous_commit=on")


@pytest.fixture
def server():
    why = missing()
    if why is not None:
        pytest.skip(why)
    pg = PgServer(DURABLE)
    try:
        pg.init()
        pg.start()
        yield pg
    finally:
        pg.destroy()


@pytest.mark.slow  # two bot starts more than the first, each warming every board
async def test_postgresql_restarted_under_load_loses_no_acknowledged_move(fake, tmp_path: Path, server):
    url = server.new_database()
    guild = fake.add_guild("Outages")
    tables = [guild.add_text_channel(f"table-{i}") for i in range(2)]
    people = [guild.add_member(n) for n in ("Alice", "Bob", "Carol")]
    users = {str(u.id): u for u in people}
    bot = BotProcess(fake, url, tmp_path)
    rnd = random.Random(15)
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
                    else:  # refused ("try again" while the server is down): the board catches up
                        await fake.slash(people[0], table, "game", "status", timeout=10.0)
                except (AssertionError, StoreError):  # the server (or the bot) is down: the next round
                    await asyncio.sleep(0.2)

        for mode, kill_bot in ROUNDS:
            before = sum(acked.values())
            streams = [asyncio.create_task(stream(t)) for t in tables]
            await asyncio.sleep(rnd.uniform(1.0, 3.0))  # a random moment in the stream
            server.stop(mode)  # under load: moves in flight meet a lost connection
            if kill_bot:
                await bot.kill()
            await asyncio.sleep(rnd.uniform(0.2, 1.0))  # clicks meanwhile are told "try again"
            server.start()
            if kill_bot:
                await bot.start()
            back = sum(acked.values())
            # the bot reconnects by itself and plays on: a move acknowledged after the restart
            await poll(lambda back=back: sum(acked.values()) > back, f"a move after the {mode} restart", START_LIMIT, bot)
            for task in streams:
                task.cancel()
            await asyncio.gather(*streams, return_exceptions=True)
            assert sum(acked.values()) > before
            await check_store(url, acked)
        assert await bot.stop() == 0
    finally:
        if db is not None:
            await db.close()
        if bot.proc is not None and bot.proc.poll() is None:
            bot.proc.kill()
    assert await check_store(url, acked) >= 1
