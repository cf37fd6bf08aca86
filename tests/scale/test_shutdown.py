"""A clean stop (issue 15 point 5): a bot process that receives SIGTERM in the middle of a
stream of moves finishes what is under way (every interaction it received gets its answer:
played, or "restarting, try again" before anything is read), closes the database, and exits
0; every acknowledged move is stored and each game is its log replayed."""

from __future__ import annotations

import asyncio
import random
import signal
import sqlite3
from pathlib import Path

from bot.rules import GAMES
from bot.service import GameService
from tests.discord_ui.e2e import choices, click_choice
from tests.scale.procs import BotProcess, Reader, db_path, live_prompt, play_one


async def open_game(fake, channel, host, others, game="risk_express"):
    await fake.slash(host, channel, "game", "new", options={"game": game})
    for user in others:
        await fake.slash(user, channel, "game", "join")
    await fake.slash(host, channel, "game", "start")


async def check_store(url: str, acked: dict[int, int]) -> int:
    """The database is sound, holds every acknowledged move, and every game is its log
    replayed. Returns how many games were checked."""
    if url.startswith("sqlite"):
        con = sqlite3.connect(db_path(url))
        try:
            assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        finally:
            con.close()
    db = await Reader.open(url)
    try:
        ids = await db.game_ids()
        stored = await db.player_actions(ids)
        for game_id, count in acked.items():
            assert stored.get(game_id, 0) >= count, (game_id, stored.get(game_id), count)
        service = GameService(db.store)
        checked = 0
        for row in await db.store.games(ids):
            if row.state is not None:
                # the bot may still be playing a click the test stopped waiting for: the log is
                # read after the row, so a row that moved meanwhile is read again
                replayed = await service.replay(row)
                for _ in range(50):
                    again = await db.store.get_game(row.id)
                    if again is None or again.version == row.version:
                        break
                    row = again
                    replayed = await service.replay(row)
                if replayed != row.state:  # what a failure needs to be understood: the log as stored
                    log = await db.store.actions(row.id, undone=True)
                    notes = await db.store.notes(row.id)
                    told = [(a.seq, a.version, a.seat[-3:], a.action, a.undone_at is not None, [e.get("type") for e in a.events])
                            for a in log[-12:]]
                    diff = {k: (row.state.get(k), replayed.get(k)) for k in set(row.state) | set(replayed)
                            if row.state.get(k) != replayed.get(k)}
                    raise AssertionError(f"game {row.id} (version {row.version}) is not its log replayed: {diff}\n"
                                         f"last of {len(log)} actions: {told}\nnotes: {notes[-6:]}")
                checked += 1
        return checked
    finally:
        await db.close()


async def test_sigterm_mid_stream_finishes_the_moves_under_way(fake, tmp_path: Path):
    url = f"sqlite:///{tmp_path}/gm.sqlite3"
    guild = fake.add_guild("Stop")
    tables = [guild.add_text_channel(f"table-{i}") for i in range(2)]
    alice, bob, carol = (guild.add_member(n) for n in ("Alice", "Bob", "Carol"))
    users = {str(u.id): u for u in (alice, bob, carol)}
    bot = BotProcess(fake, url, tmp_path)
    await bot.start()
    db = await Reader.open(url)
    try:
        for table in tables:
            await open_game(fake, table, alice, [bob, carol])
        acked: dict[int, int] = {}
        rnd = random.Random(5)

        async def stream(table) -> None:
            while True:
                game_id = await play_one(fake, db, table, users, rnd)
                if game_id is not None:
                    acked[game_id] = acked.get(game_id, 0) + 1

        streams = [asyncio.create_task(stream(t)) for t in tables]
        await fake.wait_until(lambda: sum(acked.values()) >= 6, "a few moves", 60.0)
        # one more click sent, and SIGTERM at once: the bot gets it while it stops
        table = tables[0]
        game = await db.game(table.id)
        message = live_prompt(fake, table)
        seat = GAMES[game.game].to_act(game.state)[0]
        # its first choice: a button, or a value of a menu (a prompt may offer only menus)
        late = await click_choice(fake, users[seat], message, choices(message)[0], wait="none")
        await fake.session_for(guild.id).flushed()  # on its way to the bot
        for task in streams:  # the players stop clicking; their clicks under way stay under way
            task.cancel()
        bot.signal(signal.SIGTERM)
        code = await bot.wait()
        await asyncio.gather(*streams, return_exceptions=True)
    finally:
        await db.close()
        if bot.proc is not None and bot.proc.poll() is None:
            bot.proc.kill()
    log = bot.log.read_text()
    assert code == 0, log[-3000:]
    assert "finishing the actions under way" in log and "stopped cleanly: the database is closed" in log
    assert "Traceback" not in log, log[-3000:]
    # every interaction sent to the bot before it stopped was answered (played, or refused
    # with "restarting" before anything was read), the one sent with the signal too
    assert late.callback_type is not None
    assert all(r.callback_type is not None for r in fake.interactions.values())
    assert not Path(db_path(url) + "-wal").exists() or Path(db_path(url) + "-wal").stat().st_size == 0
    assert await check_store(url, acked) == 2
