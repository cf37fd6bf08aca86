"""Two bot processes, two shards, one database (issue 15 point 2), through the fake Discord:
each process connects as its shard (``SHARD_COUNT=2``, ``SHARD_IDS=0`` / ``1``) and gets its
servers only; games in channels of both shards are played at once; a deadline that falls
due while both run fires exactly once: one timeout in the game's log, announced once, by
the process of its server's shard.

On SQLite (one file, two processes). The same test on PostgreSQL is the next step once its
store runs under the test session (``DATABASE_URL=postgresql://…`` for both processes)."""

from __future__ import annotations

import asyncio
import random
import sqlite3
import time
from pathlib import Path

from tests.scale.procs import BotProcess, db_path, play_one, poll, read_game
from tests.scale.test_shutdown import check_store, open_game


def timeouts(path: str, game_id: int) -> int:
    con = sqlite3.connect(path, timeout=10)
    try:
        return con.execute("SELECT COUNT(*) FROM actions WHERE game_id = ? AND seat = '@system' "
                           "AND action LIKE '%timeout%'", (game_id,)).fetchone()[0]
    finally:
        con.close()


def due_now(path: str, game_ids: list[int]) -> int:
    """Move the running clocks of these games to a deadline just passed (as if a day went by)."""
    past = round(time.time() - 5, 3)
    con = sqlite3.connect(path, timeout=10)
    try:
        with con:
            cur = con.execute(f"UPDATE clocks SET deadline = ?, due = ?, reminders = '[]' WHERE game_id IN "
                              f"({', '.join('?' * len(game_ids))})", (past, past, *game_ids))
        return cur.rowcount
    finally:
        con.close()


async def test_two_shards_in_two_processes_on_one_database(fake, tmp_path: Path):
    url = f"sqlite:///{tmp_path}/gm.sqlite3"
    db = db_path(url)
    guilds = {}
    while len(guilds) < 2:  # a server on each shard: Discord's (guild_id >> 22) % 2
        guild = fake.add_guild(f"Server {len(fake.world.guilds)}")
        guilds.setdefault((guild.id >> 22) % 2, guild)
    tables = {s: guilds[s].add_text_channel(f"table-{s}") for s in (0, 1)}
    people = {s: [guilds[s].add_member(n) for n in ("Alice", "Bob", "Carol")] for s in (0, 1)}
    users = {s: {str(u.id): u for u in people[s]} for s in (0, 1)}
    bots = {s: BotProcess(fake, url, tmp_path, shard_count=2, shard_ids=str(s), name=f"shard{s}") for s in (0, 1)}
    try:
        for s in (0, 1):  # the first one creates the database
            await bots[s].start()
        assert {session.shard for session in fake.sessions if session.live} == {(0, 2), (1, 2)}
        await asyncio.gather(*(open_game(fake, tables[s], people[s][0], people[s][1:]) for s in (0, 1)))
        games = {s: read_game(db, tables[s].id)["id"] for s in (0, 1)}
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
        assert due_now(db, list(games.values())) == 2
        mark = fake.mark()
        await asyncio.gather(*(bots[s].start() for s in (0, 1)))

        def fired() -> bool:
            rows = [read_game(db, tables[s].id) for s in (0, 1)]
            return all(timeouts(db, games[s]) >= 1 for s in (0, 1)) and \
                all(r is None or r["announced_version"] == r["version"] for r in rows)

        await poll(fired, "both deadlines to fire and be announced", 60.0)
        await asyncio.sleep(1.0)  # a second process firing it too would have done so by now
        await fake.settle()
        for s in (0, 1):
            assert timeouts(db, games[s]) == 1
            posted = [r.content for r in fake.records[mark:] if r.action == "create" and r.channel_id == tables[s].id
                      and r.content]
            assert posted and len(posted) == len(set(posted)), posted  # told once
            others = [r for r in fake.records[mark:] if r.channel_id == tables[1 - s].id and r.action == "create"]
            assert others  # and the other channel got its own
        for s in (0, 1):
            assert await bots[s].stop() == 0
    finally:
        for bot in bots.values():
            if bot.proc is not None and bot.proc.poll() is None:
                bot.proc.kill()
    assert await check_store(url, acked) == 2
