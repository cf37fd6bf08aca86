"""PostgreSQL faults in the middle of an action: the connection killed
(``pg_terminate_backend``), the server restarted, a database that does not answer. Each
gives ``StoreUnavailable`` (the service's "try again"), writes nothing of the action, and
the next action works on the same store: the pool reconnects by itself.

The action is caught in the middle deterministically: a second connection holds the lock
of the game's clock row (or, for the server's stop, a trigger sleeps in the clock's write),
so the action (one statement: the state, the log, the clocks) has updated the state and
appended to the log and waits to write the clock; then the fault strikes."""

from __future__ import annotations

import asyncio

import pytest

from bot.service import GameService
from bot.store import StoreUnavailable, open_store
from bot.store.rows import TABLES
from tests.pg import pg_server, pg_url  # noqa: F401 - fixtures

asyncpg = pytest.importorskip("asyncpg")

CLOCK = {"seat": "a", "started": 1000.0, "deadline": 5000.0, "reminders": [], "sent": 0, "off_turn": False,
         "paused_until": None, "due": 5000.0}


async def a_game(store):
    row = await store.create_lobby(1, 7, "risk_express", "a", {}, 5)
    row = await store.update_game(row, players=["a", "b"], status="running", state={"n": 0}, seats=["a", "b"])
    assert await store.set_clocks(row.id, {"a": CLOCK})
    return await store.get_game(row.id)


async def dump(store) -> list:
    return [await store.dump_rows(t) for t in TABLES]


async def held_in_the_middle(url: str, game_id: int, table: str = "clocks"):
    """An admin connection holding the game's clock rows (or its row, ``table="games"``):
    an action's statement waits there."""
    from bot.store.postgres import pool_settings

    admin = await asyncpg.connect(pool_settings(url)[0])
    await admin.execute("BEGIN")
    key = "id" if table == "games" else "game_id"
    await admin.execute(f"SELECT * FROM {table} WHERE {key} = $1 FOR UPDATE", game_id)
    return admin


async def waiting_backend(admin) -> int:
    """The pid of the backend waiting for the admin's lock (the action, mid-transaction)."""
    for _ in range(2000):  # polled: the action reaches the lock soon; no time is asserted
        pid = await admin.fetchval(
            "SELECT pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")
        if pid is not None:
            return pid
        await asyncio.sleep(0.01)
    raise AssertionError("the action never reached the lock")


async def held_asleep(url: str):
    """A trigger that holds every write of a clock row asleep inside its statement: unlike
    a lock, nothing the server's stop does first (ending another backend) can let the
    action go on and commit before its own backend ends. Returns an admin connection,
    mid-transaction. ``wake`` drops the trigger."""
    from bot.store.postgres import pool_settings

    admin = await asyncpg.connect(pool_settings(url)[0])
    await admin.execute("CREATE FUNCTION held() RETURNS trigger LANGUAGE plpgsql AS "
                        "$$ BEGIN PERFORM pg_sleep(60); RETURN COALESCE(NEW, OLD); END $$")
    await admin.execute("CREATE TRIGGER held BEFORE INSERT OR UPDATE OR DELETE ON clocks "
                        "FOR EACH ROW EXECUTE FUNCTION held()")
    await admin.execute("BEGIN")
    return admin


async def asleep_backend(admin) -> int:
    """The pid of the backend asleep in the trigger (the action, mid-statement)."""
    for _ in range(2000):  # polled: the action reaches the trigger soon; no time is asserted
        pid = await admin.fetchval(
            "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND datname = current_database()")
        if pid is not None:
            return pid
        await asyncio.sleep(0.01)
    raise AssertionError("the action never reached the trigger")


async def wake(url: str) -> None:
    from bot.store.postgres import pool_settings

    conn = await asyncpg.connect(pool_settings(url)[0])
    try:
        await conn.execute("DROP TRIGGER held ON clocks")
        await conn.execute("DROP FUNCTION held()")
    finally:
        await conn.close()


def an_action(store, row, n: int):
    return store.commit_action(row, "a", {"type": "x", "n": n}, [{"n": n}], {"n": n}, "running", True,
                               clocks={"a": dict(CLOCK, due=6000.0 + n)})


async def test_a_connection_killed_mid_action_writes_nothing_and_the_next_works(pg_url):  # noqa: F811
    store = await open_store(pg_url)
    try:
        row = await a_game(store)
        before = await dump(store)
        admin = await held_in_the_middle(pg_url, row.id)
        action = asyncio.create_task(an_action(store, row, 1))
        pid = await waiting_backend(admin)
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", pid)
        with pytest.raises(StoreUnavailable) as info:
            await action
        assert "try again" in str(info.value)
        await admin.execute("ROLLBACK")
        await admin.close()
        assert await dump(store) == before  # neither the state nor the log: nothing half-written
        written = await an_action(store, row, 2)  # the same store, a new connection
        assert written == await store.get_game(row.id)
        assert [a.action["n"] for a in await store.actions(row.id)] == [2]
    finally:
        await store.close()


async def test_the_server_restarted_mid_action(pg_server, pg_url):  # noqa: F811
    store = await open_store(pg_url)
    try:
        row = await a_game(store)
        before = await dump(store)
        admin = await held_asleep(pg_url)
        action = asyncio.create_task(an_action(store, row, 1))
        await asleep_backend(admin)
        await asyncio.to_thread(pg_server.stop, "fast")  # every backend ends, the admin's too
        with pytest.raises(StoreUnavailable):
            await action
        with pytest.raises(StoreUnavailable):  # while it is down: a clear error, not a hang
            await store.get_game(row.id)
        await asyncio.to_thread(pg_server.start)
        with pytest.raises((asyncpg.PostgresError, asyncpg.InterfaceError, OSError)):
            await admin.execute("ROLLBACK")  # the admin's connection died with the server
        admin.terminate()
        await wake(pg_url)
        assert await dump(store) == before  # read on fresh connections: nothing half-written
        await an_action(store, row, 2)
        assert [a.action["n"] for a in await store.actions(row.id)] == [2]
        service = GameService(store)  # and a whole service call after it
        assert (await service.game(1)).state == {"n": 2}
    finally:
        await store.close()


async def test_a_stuck_database_times_out_and_other_games_go_on(pg_url):  # noqa: F811
    """The pool's timeouts: an action stuck behind a lock fails after ``command_timeout``
    instead of hanging, and meanwhile another game's action is written."""
    store = await open_store(pg_url + "&command_timeout=1&pool_max=3")
    try:
        row = await a_game(store)
        other = await store.create_lobby(2, 7, "risk_express", "a", {}, 5)
        admin = await held_in_the_middle(pg_url, row.id)
        action = asyncio.create_task(an_action(store, row, 1))
        await waiting_backend(admin)
        moved = await store.update_game(other, players=["a", "c"])  # another channel is not frozen
        assert moved.players == ["a", "c"]
        with pytest.raises(StoreUnavailable):
            await action
        await admin.execute("ROLLBACK")
        await admin.close()
        assert await store.actions(row.id) == [] and (await store.get_game(row.id)).version == row.version
        await an_action(store, row, 2)
        assert len(await store.actions(row.id)) == 1
    finally:
        await store.close()


def test_pool_settings_come_off_the_url():
    from bot.store.postgres import pool_settings

    dsn, settings = pool_settings("postgres://u:p@h:5433/db?pool_max=4&sslmode=disable&command_timeout=2.5")
    assert dsn == "postgresql://u:p@h:5433/db?sslmode=disable"
    assert (settings["pool_max"], settings["command_timeout"], settings["pool_min"]) == (4, 2.5, 1)
    with pytest.raises(ValueError, match="pool_max"):
        pool_settings("postgresql:///db?pool_max=many")


async def test_a_player_whose_move_loses_the_connection_is_told_to_try_again(pg_url):  # noqa: F811
    """Through the service: the move caught in its statement (waiting for the game's row),
    its backend killed, is refused with "try again" (nothing written); the same move sent
    again is accepted."""
    from bot.rules import GAMES
    from bot.service import UserError

    store = await open_store(pg_url)
    try:
        service = GameService(store, seed_source=lambda: 42)
        await service.new_game(1, 7, "a", "risk_express", {}, "a")
        await service.join(1, "b", "b")
        row = await service.start(1, "a", False)
        game = GAMES["risk_express"]
        seat = game.current(row.state)
        action = game.legal_actions(row.state, seat)[0]
        before = await dump(store)
        admin = await held_in_the_middle(pg_url, row.id, "games")
        move = asyncio.create_task(service.act(1, seat, action, expected_version=row.version))
        assert await admin.fetchval("SELECT pg_terminate_backend($1)", await waiting_backend(admin))
        with pytest.raises(UserError) as info:
            await move
        assert info.value.key == "err.store_unavailable" and "Try again" in str(info.value)
        await admin.execute("ROLLBACK")
        await admin.close()
        assert await dump(store) == before
        played = await service.act(1, seat, action, expected_version=row.version)
        assert played.row.version == row.version + 1 and len(await store.actions(row.id)) == 1
    finally:
        await store.close()
