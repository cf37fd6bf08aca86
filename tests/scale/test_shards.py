"""Two bot processes, two shards, one database (issue 15 point 2), through the fake Discord:
each process connects as its shard (``SHARD_COUNT=2``, ``SHARD_IDS=0`` / ``1``) and gets its
servers only; games in channels of both shards are played at once; a deadline that falls
due while both run fires exactly once: one timeout in the game's log, announced once, by
the process of its server's shard.

On both stores: one SQLite file, and one PostgreSQL database of the test session's own
server (``tests/pg.py``; skipped where no server can be started, except under CI)."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import pytest

from tests.pg import pg_server, pg_url  # noqa: F401 - fixtures
from tests.scale.procs import BotProcess, Reader, apoll, play_one
from tests.scale.test_shutdown import check_store, open_game


async def due_now(db: Reader, game_ids: list[int]) -> int:
    """Move the running clocks of these games to a deadline just passed (as if a day went
    by), through the store (any backend). Returns how many clocks moved."""
    past = round(time.time() - 5, 3)
    moved = 0
    for row in await db.store.games(game_ids):
        for seat, clock in row.clocks.items():
            new = {**clock, "deadline": past, "due": past, "reminders": []}
            moved += await db.store.set_clocks(row.id, {seat: new}, expected={seat: clock})
    return moved


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    """One database for both processes: a SQLite file, or a PostgreSQL database of the
    test session's own server (tests/pg.py)."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path}/gm.sqlite3"
    return request.getfixturevalue("pg_url")


@pytest.mark.slow  # four process starts, each warming every board: ~1-2 min a store on two shared cores
async def test_two_shards_in_two_processes_on_one_database(fake, tmp_path: Path, url: str):
    guilds = {}
    while len(guilds) < 2:  # a server on each shard: Discord's (guild_id >> 22) % 2
        guild = fake.add_guild(f"Server {len(fake.world.guilds)}")
        guilds.setdefault((guild.id >> 22) % 2, guild)
    tables = {s: guilds[s].add_text_channel(f"table-{s}") for s in (0, 1)}
    people = {s: [guilds[s].add_member(n) for n in ("Alice", "Bob", "Carol")] for s in (0, 1)}
    users = {s: {str(u.id): u for u in people[s]} for s in (0, 1)}
    bots = {s: BotProcess(fake, url, tmp_path, shard_count=2, shard_ids=str(s), name=f"shard{s}") for s in (0, 1)}
    db = None
    try:
        await asyncio.gather(*(bots[s].start() for s in (0, 1)))  # both at once, on a new database
        db = await Reader.open(url)
        assert {session.shard for session in fake.sessions if session.live} == {(0, 2), (1, 2)}
        await asyncio.gather(*(open_game(fake, tables[s], people[s][0], people[s][1:]) for s in (0, 1)))
        games = {s: (await db.game(tables[s].id)).id for s in (0, 1)}
        acked = {g: 0 for g in games.values()}

        async def stream(s: int, moves: int) -> None:
            rnd = random.Random(s)
            while acked[games[s]] < moves:
                if await play_one(fake, db, tables[s], users[s], rnd) is not None:
                    acked[games[s]] += 1

        await asyncio.gather(stream(0, 8), stream(1, 8))  # both tables at once
        for s in (0, 1):  # each server's interactions went to its shard's process, and only there
            own, other = bots[s].log.read_text(), bots[1 - s].log.read_text()
            assert f"channel={tables[s].id}" in own and f"channel={tables[s].id}" not in other

        # a deadline falls due while both run: moved in the database, both processes restarted
        # (what fell due while a bot was down fires at its first look)
        for s in (0, 1):
            assert await bots[s].stop() == 0
        assert await due_now(db, list(games.values())) == 2
        mark = fake.mark()
        await asyncio.gather(*(bots[s].start() for s in (0, 1)))

        async def fired() -> bool:
            rows = await db.store.games(list(games.values()))
            return all([await db.timeouts(games[s]) >= 1 for s in (0, 1)]) and \
                all(r.announced_version == r.version for r in rows)

        await apoll(fired, "both deadlines to fire and be announced", 60.0)
        await asyncio.sleep(1.0)  # a second process firing it too would have done so by now
        await fake.settle()
        for s in (0, 1):
            assert await db.timeouts(games[s]) == 1
            posted = [r.content for r in fake.records[mark:] if r.action == "create" and r.channel_id == tables[s].id
                      and r.content]
            assert posted and len(posted) == len(set(posted)), posted  # told once
            others = [r for r in fake.records[mark:] if r.channel_id == tables[1 - s].id and r.action == "create"]
            assert others  # and the other channel got its own
        for s in (0, 1):
            assert await bots[s].stop() == 0
    finally:
        if db is not None:
            await db.close()
        for bot in bots.values():
            if bot.proc is not None and bot.proc.poll() is None:
                bot.proc.kill()
    assert await check_store(url, acked) == 2
