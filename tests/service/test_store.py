"""The store and the service: transactions, version checks, concurrency, restart, migrations.

The tests taking ``store`` or ``store_url`` run on both backends, SQLite and PostgreSQL (a
server of the session's own: ``tests/pg.py``)."""

from __future__ import annotations

import asyncio

import pytest

from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import MIGRATIONS, Store, open_store
from bot.store.rows import TABLES
from tests.pg import pg_server, pg_url, store_url  # noqa: F401 - fixtures

CHANNEL = 100


@pytest.fixture
async def store(store_url):  # noqa: F811
    s = await open_store(store_url)
    yield s
    await s.close()


async def dump(store) -> list:
    """Every row of every table, as stored (either backend)."""
    return [await store.dump_rows(t) for t in TABLES]


async def running_game(service: GameService, players=("1", "2", "3")) -> None:
    await service.new_game(CHANNEL, 5, players[0], "risk_express", {}, "host")
    for p in players[1:]:
        await service.join(CHANNEL, p, f"p{p}")
    await service.start(CHANNEL, players[0], False)


async def first_move(service: GameService):
    """The running game, whose turn it is, and a legal move for them."""
    row = await service.game(CHANNEL)
    seat = GAMES["risk_express"].current(row.state)
    return row, seat, GAMES["risk_express"].legal_actions(row.state, seat)[0]


async def test_migration_from_an_empty_file(tmp_path):
    path = tmp_path / "sub" / "new.sqlite3"
    store = await Store.open(f"sqlite:///{path}")
    assert path.exists()
    assert await store.schema_version() == len(MIGRATIONS)
    async with store.db.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    await store.close()
    again = await Store.open(f"sqlite:///{path}")  # reopening applies nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_an_accepted_action_is_one_logged_transaction(store):
    service = GameService(store, seed_source=lambda: 42)
    await running_game(service)
    row, seat, action = await first_move(service)
    played = await service.act(CHANNEL, seat, action)
    assert played.row.version == row.version + 1
    log = await store.actions(row.id)
    assert [(a.seq, a.seat, a.action) for a in log] == [(1, seat, action)]
    assert log[0].events == played.events


async def test_refused_actions_write_nothing(store):
    service = GameService(store, seed_source=lambda: 42)
    await running_game(service)
    row = await service.game(CHANNEL)
    seat = GAMES["risk_express"].current(row.state)
    other = next(p for p in row.players if p != seat)
    before = await dump(store)
    bad = [
        (other, {"type": "fill", "card": "usa", "line": 0}, "err.not_your_turn"),
        ("999", {"type": "fill", "card": "usa", "line": 0}, "err.not_player"),
        (seat, {"type": "fill", "card": "nowhere", "line": 0}, "err.malformed"),
        (seat, {"type": "fill", "card": "usa", "line": 99}, "err.malformed"),
        (seat, {"type": "nonsense"}, "err.malformed"),
        (seat, {"type": "fill", "card": "usa", "line": 0, "extra": "{x}"}, "err.malformed"),
    ]
    for user, action, key in bad:
        with pytest.raises(UserError) as info:
            await service.act(CHANNEL, user, action)
        assert info.value.key == key
    with pytest.raises(UserError) as info:
        await service.act(CHANNEL, seat, GAMES["risk_express"].legal_actions(row.state, seat)[0],
                          expected_version=row.version - 1)
    assert info.value.key == "err.stale"
    for call, key in [
        (service.act(999, seat, {"type": "fill"}), "err.no_game"),
        (service.start(CHANNEL, seat, True), "err.already_started"),
        (service.join(CHANNEL, "77"), "err.already_started"),
        (service.skip(CHANNEL, False), "err.mod_only"),
        (service.reset(CHANNEL, False), "err.mod_only"),
        (service.kick(CHANNEL, False, other), "err.mod_only"),
        (service.kick(CHANNEL, True, "12345"), "err.target_not_player"),
        (service.end(CHANNEL, next(p for p in row.players if p != row.host_id), False), "err.host_only"),
        (service.new_game(CHANNEL, 5, "1", "risk_express"), "err.channel_busy"),
        (service.new_game(101, 5, "1", "chess"), "err.unknown_game"),
        (service.new_game(101, 5, "1", "risk_express", {"turbo": 1}), "err.unknown_option"),
    ]:
        with pytest.raises(UserError) as info:
            await call
        assert info.value.key == key
    assert await dump(store) == before


async def test_concurrent_clicks_none_lost_none_doubled(store):
    service = GameService(store, seed_source=lambda: 7)
    await running_game(service)
    row, seat, action = await first_move(service)
    # the same button clicked ten times at once: exactly one is played
    results = await asyncio.gather(
        *(service.act(CHANNEL, seat, action, expected_version=row.version) for _ in range(10)),
        return_exceptions=True,
    )
    played = [r for r in results if not isinstance(r, Exception)]
    assert len(played) == 1
    assert all(isinstance(r, UserError) and r.key == "err.stale" for r in results if r not in played)
    assert len(await store.actions(row.id)) == 1


async def test_concurrent_moves_in_many_channels_are_all_kept(store):
    service = GameService(store, seed_source=lambda: 3)
    game = GAMES["risk_express"]
    for ch in range(10):
        await service.new_game(ch, 1, "a", "risk_express")
        await service.join(ch, "b")
        await service.start(ch, "a", False)

    async def play(ch: int, n: int) -> None:
        for _ in range(n):
            row = await service.game(ch)
            if row.status != "running":
                return
            seat = game.current(row.state)
            await service.act(ch, seat, game.legal_actions(row.state, seat)[0])

    await asyncio.gather(*(play(ch, 15) for ch in range(10)))
    for ch in range(10):
        row = await store.latest_game(ch)
        log = await store.actions(row.id)
        assert [a.seq for a in log] == list(range(1, len(log) + 1))
        replayed = game.replay(row.players, row.options, row.seed, [(a.seat, a.action) for a in log])
        assert replayed == row.state


async def test_version_check_refuses_a_second_writer(store):
    service = GameService(store, seed_source=lambda: 7)
    await running_game(service)
    row = await service.game(CHANNEL)
    game = GAMES["risk_express"]
    seat = game.current(row.state)
    action = game.legal_actions(row.state, seat)[0]
    new_state, events = game.apply(row.state, seat, action)
    await store.commit_action(row, seat, action, events, new_state, "running", False)
    from bot.store import Conflict

    with pytest.raises(Conflict):  # a writer that read the same version loses
        await store.commit_action(row, seat, action, events, new_state, "running", False)
    assert len(await store.actions(row.id)) == 1


async def test_restart_changes_nothing(store_url):  # noqa: F811
    url = store_url
    store = await open_store(url)
    service = GameService(store, seed_source=lambda: 11)
    await running_game(service)
    game = GAMES["risk_express"]
    for _ in range(5):
        row = await service.game(CHANNEL)
        seat = game.current(row.state)
        await service.act(CHANNEL, seat, game.legal_actions(row.state, seat)[0])
    before = await service.game(CHANNEL)
    await store.close()
    store2 = await open_store(url)
    after = await GameService(store2).game(CHANNEL)
    assert after == before
    assert game.view(after.state) == game.view(before.state)
    await store2.close()


async def test_lobby_life_cycle(store):
    service = GameService(store, seed_source=lambda: 1)
    row = await service.new_game(CHANNEL, 5, "1", "risk_express", {"continue_attempt": True}, "Host")
    assert row.status == "lobby" and row.players == ["1"] and row.options == {"continue_attempt": True}
    with pytest.raises(UserError, match="needs 2–6 players"):
        await service.start(CHANNEL, "1", False)
    row = await service.join(CHANNEL, "2", "Bob")
    with pytest.raises(UserError) as info:
        await service.join(CHANNEL, "2")
    assert info.value.key == "err.already_joined"
    with pytest.raises(UserError) as info:
        await service.start(CHANNEL, "2", False)
    assert info.value.key == "err.host_only"
    row = await service.leave(CHANNEL, "1")  # the host leaves: Bob hosts
    assert row.host_id == "2" and row.players == ["2"]
    for p in "3456789":
        if p == "8":
            with pytest.raises(UserError) as info:
                await service.join(CHANNEL, p)
            assert info.value.key == "err.lobby_full"
            break
        await service.join(CHANNEL, p)
    row = await service.start(CHANNEL, "2", False)
    assert row.status == "running" and row.turn_started_at is not None
    ended = await service.end(CHANNEL, "2", False)
    assert ended.status == "ended"
    assert await store.active_game(CHANNEL) is None
    assert (await store.latest_game(CHANNEL)).id == row.id


async def test_reset_restarts_with_the_same_players(store):
    seeds = iter([1, 2])
    service = GameService(store, seed_source=lambda: next(seeds))
    await running_game(service)
    old = await service.game(CHANNEL)
    new = await service.reset(CHANNEL, True)
    assert new.id != old.id and new.status == "running"
    assert new.players == old.players and new.seed == 2
    assert (await store.get_game(old.id)).status == "ended"


async def test_kick_and_skip_are_logged_as_system_actions(store):
    service = GameService(store, seed_source=lambda: 5)
    await running_game(service)
    game = GAMES["risk_express"]
    row = await service.game(CHANNEL)
    played = await service.skip(CHANNEL, True)
    assert played.events[0]["type"] == "skipped" and played.new_turn
    played = await service.kick(CHANNEL, True, "2")
    assert "2" not in played.row.players and "2" in game.turn_info(played.row.state).out
    assert "2" not in game.view(played.row.state)["seats"]
    log = await store.actions(row.id)
    assert [a.seat for a in log] == ["@system", "@system"]
    replayed = game.replay(["1", "2", "3"], row.options, row.seed, [(a.seat, a.action) for a in log])
    assert replayed == played.row.state


async def test_moderator_role_setting(store):
    assert await store.moderator_role(9) is None
    await store.set_moderator_role(9, 1234)
    assert await store.moderator_role(9) == 1234
    await store.set_moderator_role(9, None)
    assert await store.moderator_role(9) is None


# -- the store behind a protocol, opened by URL ---------------------------------------------
async def test_open_store_sqlite_urls_and_plain_paths(tmp_path):
    from bot.store import GameStore, SqliteStore, open_store

    for url, path in [(f"sqlite:///{tmp_path}/a.sqlite3", tmp_path / "a.sqlite3"),
                      (f"SQLite:///{tmp_path}/b.sqlite3", tmp_path / "b.sqlite3"),
                      (str(tmp_path / "c" / "c.sqlite3"), tmp_path / "c" / "c.sqlite3"),
                      (f"  sqlite:///{tmp_path}/d.sqlite3\n", tmp_path / "d.sqlite3")]:
        store = await open_store(url)
        try:
            assert isinstance(store, SqliteStore) and isinstance(store, GameStore)
            assert path.exists(), url
            assert await store.schema_version() == len(MIGRATIONS)
            row = await GameService(store, seed_source=lambda: 3).new_game(CHANNEL, 5, "1", "risk_express")
            assert (await store.get_game(row.id)) == row
        finally:
            await store.close()
    for url in ("sqlite:///:memory:", ":memory:", "sqlite://"):
        store = await open_store(url)
        assert await store.active_game(CHANNEL) is None
        await store.close()


def test_sqlite_urls_name_their_file():
    from bot.store import database_path

    assert database_path("sqlite:///var/gm.sqlite3") == "var/gm.sqlite3"
    assert database_path("sqlite:////srv/gm.sqlite3") == "/srv/gm.sqlite3"
    assert database_path("sqlite:gm.sqlite3") == "gm.sqlite3"
    assert database_path("var/gm.sqlite3") == "var/gm.sqlite3"
    assert database_path("sqlite://") == database_path("sqlite:///:memory:") == ":memory:"


@pytest.mark.parametrize("url", ["mysql://gm:s3cret@db/gm", "redis:s3cret", "mongodb://gm:s3cret@db/gm"])
async def test_open_store_refuses_an_unknown_scheme(url, tmp_path, monkeypatch):
    from bot.store import UnsupportedDatabase, check_url, open_store

    monkeypatch.chdir(tmp_path)
    for attempt in (check_url, open_store):
        with pytest.raises(UnsupportedDatabase) as info:
            await attempt(url) if attempt is open_store else attempt(url)
        message = str(info.value)
        assert isinstance(info.value, ValueError)
        assert repr(url.split(":")[0]) in message and "sqlite:" in message and "plain file path" in message
        assert "postgresql://" in message
        assert "s3cret" not in message  # a URL's password is never repeated
    assert list(tmp_path.iterdir()) == []  # nothing was created


@pytest.mark.parametrize("url", ["postgresql://gm:s3cret@/gm?host=/nonexistent/socket&connect_timeout=2",
                                 "postgres://gm:s3cret@/gm?host=/nonexistent/socket&connect_timeout=2"])
async def test_a_postgresql_url_opens_postgresql(url, tmp_path, monkeypatch):
    """``postgresql://`` and ``postgres://`` are accepted at the door and open the
    PostgreSQL store: a server that cannot be reached is ``StoreUnavailable`` (the
    password never repeated); without asyncpg, the message says what to install."""
    pytest.importorskip("asyncpg")
    from bot.store import StoreUnavailable, UnsupportedDatabase, check_url, open_store

    monkeypatch.chdir(tmp_path)
    check_url(url)
    with pytest.raises(StoreUnavailable) as info:
        await open_store(url)
    assert "s3cret" not in str(info.value)
    monkeypatch.setitem(__import__("sys").modules, "asyncpg", None)  # as if not installed
    with pytest.raises(UnsupportedDatabase) as info:
        await open_store(url)
    assert "gamemaster[postgres]" in str(info.value) and "s3cret" not in str(info.value)
    assert list(tmp_path.iterdir()) == []


def test_the_protocol_lists_every_call_the_service_makes():
    """``GameStore`` is the whole of what the service needs: a second backend that
    implements it is enough."""
    import ast
    import inspect

    import bot.service
    from bot.store import GameStore, SqliteStore

    used = {node.attr for node in ast.walk(ast.parse(inspect.getsource(bot.service)))
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Attribute)
            and node.value.attr == "store"}
    assert used >= {"active_game", "commit_action", "clock"}  # the walk sees the calls
    declared = {name for name in dir(GameStore) if not name.startswith("_")} | set(GameStore.__annotations__)
    assert used - declared == set()
    assert declared - {n for n in dir(SqliteStore) if not n.startswith("_")} - {"clock"} == set()
    from bot.store.postgres import PostgresStore

    for backend in (SqliteStore, PostgresStore):  # both keep the protocol's signatures
        assert declared - {n for n in dir(backend) if not n.startswith("_")} - {"clock"} == set()
        for name in declared - {"clock"}:
            assert inspect.signature(getattr(GameStore, name)) == inspect.signature(getattr(backend, name)), name


async def test_the_committed_row_is_the_stored_one(store_url):  # noqa: F811
    """A commit hands back the row it wrote without reading it back; a second store on
    the same database (which parses everything afresh) reads the same row."""
    url = store_url
    store = await open_store(url)
    service = GameService(store, seed_source=lambda: 5)
    await running_game(service)
    game = GAMES["risk_express"]
    for _ in range(3):
        row = await service.game(CHANNEL)
        seat = game.current(row.state)
        played = await service.act(CHANNEL, seat, game.legal_actions(row.state, seat)[0])
        other = await open_store(url)
        try:
            assert await other.get_game(row.id) == played.row == await store.get_game(row.id)
        finally:
            await other.close()
    await store.close()


async def test_announcements_and_marking_them(store):
    """What a post needs in one read: the version shown, the live choices' message, the
    actions since; marking them shown notes the new message in the same write."""
    service = GameService(store, seed_source=lambda: 3)
    await running_game(service)
    game = GAMES["risk_express"]
    row = await service.game(CHANNEL)
    assert await service.announcements(row) == (0, None, [])
    for _ in range(2):
        row = await service.game(CHANNEL)
        seat = game.current(row.state)
        played = await service.act(CHANNEL, seat, game.legal_actions(row.state, seat)[0])
    shown, prompt, pending = await service.announcements(played.row)
    assert (shown, prompt) == (0, None)
    assert [a.version for a in pending] == [played.row.version - 1, played.row.version]
    assert pending == await service.unannounced(played.row)
    await service.mark_announced(row.id, played.row.version, prompt_message_id=88)
    assert await service.announcements(played.row) == (played.row.version, 88, [])
    assert (await service.game(CHANNEL)).version == played.row.version  # bookkeeping only
    with pytest.raises(ValueError):
        await service.mark_announced(row.id, played.row.version, status="ended")
