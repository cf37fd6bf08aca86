"""``python -m bot copy-db FROM_URL TO_URL``: SQLite → PostgreSQL → SQLite gives identical
games (rows, logs, clocks, notes, members, settings), each checked by a replay of its log;
a game whose state is not what its log gives is reported; a non-empty target is refused."""

from __future__ import annotations

import asyncio

import pytest

from bot.__main__ import main, replay_check
from bot.rules import GAMES
from bot.service import GameService
from bot.store import copy_database, open_store
from bot.store.rows import TABLES
from tests.fakeclock import Clock
from tests.pg import pg_server, pg_url  # noqa: F401 - fixtures

GUILD = 5
HOUR = 3600.0


async def some_games(url: str) -> list[int]:
    """A database with a played game (clocks, a reminder noted), a lobby, a finished game
    (a kick), members' and a server's settings."""
    clock = Clock(1_800_000_000.0)
    store = await open_store(url, clock=clock)
    try:
        service = GameService(store, seed_source=iter(range(11, 99)).__next__)
        await store.set_guild_settings(GUILD, language="fr", lobby_idle_days=3)
        game = GAMES["risk_express"]
        await service.new_game(1, GUILD, "1", "risk_express", {}, "host")
        for p in ("2", "3"):
            await service.join(1, p, f"p{p}")
        await service.start(1, "1", False)
        for _ in range(6):
            row = await service.game(1)
            seat = game.current(row.state)
            await service.act(1, seat, game.legal_actions(row.state, seat)[0])
        clock.now += 13 * HOUR
        assert await service.fire_due()  # a reminder, noted in the log
        await service.set_notify(GUILD, "2", "dm", "fr")
        await service.new_game(2, GUILD, "7", "peaky_blinders", {}, "lobby host")
        await service.new_game(3, None, "a", "risk_express", {}, "a")
        await service.join(3, "b", "b")
        await service.start(3, "a", False)
        await service.kick(3, True, "b")
        assert (await service.latest_game(3)).status == "finished"
        return await store.game_ids()
    finally:
        await store.close()


async def everything(url: str) -> list:
    store = await open_store(url)
    try:
        ids = await store.game_ids()
        games = [await store.get_game(i) for i in ids]
        logs = [await store.actions(i, undone=True) for i in ids]
        return [[await store.dump_rows(t) for t in TABLES], games, logs]
    finally:
        await store.close()


async def test_sqlite_to_postgresql_and_back_gives_identical_games(tmp_path, pg_url):  # noqa: F811
    first, back = f"sqlite:///{tmp_path}/first.sqlite3", f"sqlite:///{tmp_path}/back.sqlite3"
    ids = await some_games(first)
    there = await copy_database(first, pg_url, replay_check)
    assert there.problems == []
    assert (there.games, there.checked) == (3, 2)  # the lobby has no state to replay
    assert there.rows["notes"] >= 1 and there.rows["clocks"] >= 1 and there.rows["members"] == 1
    again = await copy_database(pg_url, back, replay_check)
    assert again.problems == [] and again.rows == there.rows
    original, copied = await everything(first), await everything(back)
    assert copied == original
    assert await everything(pg_url) == original
    store = await open_store(back)  # the copy plays on: ids go on after the copied ones
    try:
        row = await GameService(store).new_game(4, GUILD, "9", "risk_express")
        assert row.id == max(ids) + 1
    finally:
        await store.close()


def test_the_command_checks_each_game_and_refuses_a_full_target(tmp_path, capsys):
    source, target = f"sqlite:///{tmp_path}/a.sqlite3", f"sqlite:///{tmp_path}/b.sqlite3"
    asyncio.run(some_games(source))

    async def tamper() -> None:  # a state that is not what the game's log gives
        store = await open_store(source)
        try:
            row = await store.active_game(1)
            state = dict(row.state, turn=row.state["turn"] + 5)
            await store.update_game(row, state=state)
        finally:
            await store.close()

    assert main(["copy-db", source, target]) == 0
    out = capsys.readouterr()
    assert "copied 3 games" in out.out and "2 games replay to their stored state" in out.out
    assert main(["copy-db", source, target]) == 1  # the target is not empty any more
    assert "not empty" in capsys.readouterr().err
    asyncio.run(tamper())
    assert main(["copy-db", source, f"sqlite:///{tmp_path}/c.sqlite3"]) == 1
    err = capsys.readouterr().err
    assert "problem: game 1: its log replays to another state than the stored one" in err
    assert main(["copy-db", source, source]) == 1
    assert "same database" in capsys.readouterr().err


@pytest.mark.parametrize("url", ["mysql://u:s3cret@h/db"])
def test_the_command_refuses_an_unknown_database(url, tmp_path, capsys):
    assert main(["copy-db", url, f"sqlite:///{tmp_path}/x.sqlite3"]) == 1
    err = capsys.readouterr().err
    assert "unsupported database URL scheme" in err and "s3cret" not in err
