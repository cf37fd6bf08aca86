"""The store's calls below the service, on both backends (SQLite, PostgreSQL): migrations,
clocks and the shards' share of them, members, notes, batches of commits, taking back, the
rows as they are."""

from __future__ import annotations

import asyncio

import pytest

from bot.store import MIGRATIONS, Commit, Conflict, open_store
from bot.store.rows import TABLES
from tests.pg import pg_server, pg_url, store_url  # noqa: F401 - fixtures

SHARD_BITS = 22


@pytest.fixture
async def store(store_url):  # noqa: F811
    s = await open_store(store_url, clock=lambda: 1000.0)
    yield s
    await s.close()


def clock(seat: str, due: float, deadline: float = 5000.0, sent: int = 0) -> dict:
    return {"seat": seat, "started": 1000.0, "deadline": deadline, "reminders": [due] if due < deadline else [],
            "sent": sent, "off_turn": False, "paused_until": None, "due": due}


async def running(store, channel: int, guild: int | None = 7, players=("a", "b")):
    row = await store.create_lobby(channel, guild, "risk_express", players[0], {}, 5, lang="fr",
                                   timing={"turn_time": "1d", "reply_time": "none"})
    return await store.update_game(row, players=list(players), status="running", state={"n": 0},
                                   seats=list(players), turn_started_at=1000.0)


async def test_migrations_reach_the_last_and_apply_nothing_twice(store_url):  # noqa: F811
    first = await open_store(store_url)
    assert await first.schema_version() == len(MIGRATIONS)
    await first.close()
    again = await open_store(store_url)
    assert await again.schema_version() == len(MIGRATIONS)
    assert [await again.dump_rows(t) for t in TABLES] == [[]] * len(TABLES)
    await again.close()


async def test_two_processes_opening_a_new_database_at_once(store_url):  # noqa: F811
    """Two bot processes starting together both migrate safely (one waits for the other):
    each store has its own connection (SQLite's on its own thread), as two processes would."""
    stores = await asyncio.gather(*(open_store(store_url) for _ in range(3)))
    for s in stores:
        assert await s.schema_version() == len(MIGRATIONS)
        await s.close()


async def test_a_game_reads_back_with_its_clocks_and_vacations(store):
    row = await running(store, 1)
    written = await store.commit_action(row, "a", {"type": "x"}, [{"e": 1}], {"n": 1}, "running", True,
                                        clocks={"a": clock("a", 2000.5), "b": clock("b", 3000.25)})
    await store.set_member(7, "b", away_from=900.0, away_until=4000.0, away_year=2026, away_days=2.5)
    await store.set_member(7, "zz", away_until=4000.0)  # not a player of this game
    read = await store.get_game(row.id)
    assert read.clocks == written.clocks == {"a": clock("a", 2000.5), "b": clock("b", 3000.25)}
    assert read.away == {"b": 4000.0}
    assert (read.lang, read.timing, read.state, read.version) == ("fr", row.timing, {"n": 1}, row.version + 1)
    assert await store.games([row.id, 999]) == [read]
    assert (await store.member(7, "b")).away_days == 2.5
    assert await store.member(7, "nobody") == await store.member(None, "b")


async def test_due_clocks_and_next_due(store):
    a = await running(store, 1, guild=(3 << SHARD_BITS))  # shard 3 of 4 (and of 2: 1)
    b = await running(store, 2, guild=None)  # outside a server: shard 0
    await store.set_clocks(a.id, {"a": clock("a", 1500.0)})
    await store.set_clocks(b.id, {"a": clock("a", 1200.0), "b": clock("b", 9000.0)})
    assert await store.next_due() == 1200.0
    due = await store.due_clocks(1600.0)
    assert [(d.game_id, d.clock["seat"], d.channel_id) for d in due] == [(b.id, "a", 2), (a.id, "a", 1)]
    assert [d.game_id for d in await store.due_clocks(1600.0, limit=1)] == [b.id]
    # a process serving some shards sees only their games' clocks
    assert await store.next_due(shards=(4, (3,))) == 1500.0
    assert [d.game_id for d in await store.due_clocks(1600.0, shards=(4, (3,)))] == [a.id]
    assert [d.game_id for d in await store.due_clocks(1600.0, shards=(4, (0, 1)))] == [b.id]
    assert [d.game_id for d in await store.due_clocks(1600.0, shards=(2, (1,)))] == [a.id]
    assert await store.next_due(shards=(4, (2,))) is None
    assert await store.due_clocks(1600.0, shards=(4, ())) == []


async def test_set_clocks_only_if_unchanged(store):
    row = await running(store, 1)
    first = clock("a", 1500.0)
    assert await store.set_clocks(row.id, {"a": first}, expected={})
    sent = dict(first, sent=1, due=4000.0)
    results = await asyncio.gather(*(store.set_clocks(row.id, {"a": sent}, expected={"a": first})
                                     for _ in range(5)))
    assert sorted(results) == [False] * 4 + [True]  # one reminder of five tries
    assert not await store.set_clocks(row.id, {"a": None}, expected={"b": first})  # no such clock
    assert (await store.get_game(row.id)).clocks == {"a": sent}
    assert await store.clocks_of_members(7, "a") == [(row.id, sent)]
    assert await store.set_clocks(row.id, {"a": None}, expected={"a": sent})
    assert await store.next_due() is None
    assert await store.games_without_clocks() == [row.id]


async def test_a_batch_leaves_out_the_games_that_moved(store):
    one, two = await running(store, 1), await running(store, 2)
    moved = await store.commit_action(two, "a", {"type": "x"}, [], {"n": 1}, "running", False)
    commits = [Commit(one, "@system", {"type": "timeout"}, [], {"n": 9}, "running", True, clocks={"a": None}),
               Commit(two, "@system", {"type": "timeout"}, [], {"n": 9}, "running", True)]
    out = await store.commit_actions(commits)
    assert out[1] is None and out[0].version == one.version + 1
    assert (await store.get_game(one.id)).state == {"n": 9}
    assert await store.get_game(two.id) == moved
    with pytest.raises(Conflict):
        await store.commit_actions(commits, all_or_nothing=True)
    assert [a.seq for a in await store.actions(one.id)] == [1]


async def test_finishing_stops_the_clocks_and_the_log_reads_in_parts(store):
    row = await running(store, 1)
    for n in range(1, 4):
        row = await store.commit_action(row, "a", {"type": "x", "n": n}, [{"n": n}], {"n": n}, "running", False,
                                        clocks={"a": clock("a", 1500.0 + n)})
    done = await store.commit_action(row, "b", {"type": "end"}, [], {"n": 4}, "finished", False)
    assert done.clocks == {} == (await store.get_game(row.id)).clocks
    assert [a.action.get("n") for a in await store.actions(row.id, last=2)] == [3, None]
    assert [a.seq for a in await store.actions(row.id, after_version=row.version - 1)] == [3, 4]
    assert await store.active_game(1) is None and (await store.latest_game(1)).status == "finished"


async def test_take_back_marks_the_log_and_notes_it(store):
    row = await running(store, 1)
    for n in (1, 2):
        row = await store.commit_action(row, "a", {"type": "x", "n": n}, [], {"n": n}, "running", False)
    back = await store.take_back(row, [2], {"n": 1}, "running", {"a": clock("a", 1700.0)}, ("undo", "a", {"k": 1}))
    assert back == await store.get_game(row.id)
    assert [a.seq for a in await store.actions(row.id)] == [1]
    assert [(a.seq, a.undone_at) for a in await store.actions(row.id, undone=True)] == [(1, None), (2, 1000.0)]
    with pytest.raises(Conflict):  # the same again: the log changed
        await store.take_back(back, [2], {"n": 1}, "running", None, ("undo", "a", {}))
    await store.add_note(row.id, "reminder", "b", {"deadline": 5.0})
    assert [(n.kind, n.seat, n.data) for n in await store.notes(row.id)] == [
        ("undo", "a", {"k": 1}), ("reminder", "b", {"deadline": 5.0})]


async def test_turn_snapshots_are_written_read_dropped_with_what_they_follow(store):
    """A commit that starts a turn writes its state as the snapshot of that action's seq; the
    nearest one before a seq is read back; taking back an action drops the snapshots from it
    on; a game that finishes (or ends, or is reset) keeps none."""
    row = await running(store, 1)
    for n in range(1, 7):  # turns start at actions 2, 4 and 6
        row = await store.commit_action(row, "a", {"type": "x", "n": n}, [], {"n": n}, "running", n % 2 == 0)
    assert [(r["seq"], r["state"]) for r in await store.dump_rows("snapshots", [row.id])] == [
        (2, '{"n":2}'), (4, '{"n":4}'), (6, '{"n":6}')]
    assert await store.snapshot(row.id, 6) == (4, '{"n":4}')
    assert await store.snapshot(row.id, 7) == (6, '{"n":6}')
    assert await store.snapshot(row.id, 2) is None
    assert [a.seq for a in await store.actions(row.id, after_seq=2, before_seq=5)] == [3, 4]
    row = await store.take_back(row, [4, 5, 6], {"n": 3}, "running", None, ("rollback", None, {"steps": 3}))
    assert [r["seq"] for r in await store.dump_rows("snapshots", [row.id])] == [2]
    assert [a.seq for a in await store.actions(row.id, after_seq=2)] == [3]
    row = await store.commit_action(row, "a", {"type": "x"}, [], {"n": 4}, "running", True)
    assert await store.snapshot(row.id, 99) == (7, '{"n":4}')  # a new seq: the ones taken back stay in the log
    other = await running(store, 2)
    other = await store.commit_action(other, "a", {"type": "x"}, [], {"n": 1}, "running", True)
    await store.commit_action(row, "a", {"type": "end"}, [], {"n": 5}, "finished", True)
    await store.update_game(other, status="ended")
    assert await store.dump_rows("snapshots") == []
    third = await running(store, 3)
    third = await store.commit_action(third, "a", {"type": "x"}, [], {"n": 1}, "running", True)
    await store.reset_game(third, 9)
    assert await store.dump_rows("snapshots") == []


async def test_older_snapshots_are_thinned_to_one_every_hundred_seqs(store):
    """Past the last SNAPSHOT_RECENT seqs a game keeps the first snapshot of every
    SNAPSHOT_SPACING seqs: a long rollback still finds one within reach."""
    from bot.store.shared import SNAPSHOT_RECENT, SNAPSHOT_SPACING

    row = await running(store, 1)
    commits = 520
    for n in range(1, commits + 1):  # a turn starts at every third action
        row = await store.commit_action(row, "a", {"type": "x"}, [], {"n": n}, "running", n % 3 == 0)
    kept = [r["seq"] for r in await store.dump_rows("snapshots", [row.id])]
    starts = [n for n in range(1, commits + 1) if n % 3 == 0]
    newest = starts[-1]
    recent = [n for n in starts if n >= newest - SNAPSHOT_RECENT]
    older = sorted({min(n for n in starts if n // SNAPSHOT_SPACING == b)
                    for b in {n // SNAPSHOT_SPACING for n in starts if n < newest - SNAPSHOT_RECENT}})
    assert kept == sorted(set(older) | set(recent))
    assert len(kept) < len(starts) / 2
    assert await store.snapshot(row.id, 150) == (102, '{"n":102}')  # the nearest kept before 150


async def test_a_long_log_is_parsed_off_the_event_loop(store, monkeypatch):
    """Past ``BULK`` rows the log's JSON is parsed in a worker thread, the collector paused."""
    import gc
    import threading

    from bot.store import rows

    row = await running(store, 1)
    for n in range(rows.BULK + 5):
        row = await store.commit_action(row, "a", {"type": "x", "n": n}, [{"k": [n]}], {"n": n}, "running", False)
    seen = []
    real = rows.action_row

    def spy(r, undone=True):
        seen.append((threading.current_thread() is threading.main_thread(), gc.isenabled()))
        return real(r, undone)

    monkeypatch.setattr(rows, "action_row", spy)
    log = await store.actions(row.id)
    assert [a.action["n"] for a in log] == list(range(rows.BULK + 5)) and log[-1].events == [{"k": [rows.BULK + 4]}]
    assert set(seen) == {(False, False)} and gc.isenabled()
    seen.clear()
    assert len(await store.actions(row.id, last=3)) == 3 and set(seen) == {(True, True)}  # a few: parsed at once


async def test_one_active_game_per_channel_and_reset(store):
    row = await running(store, 1)
    with pytest.raises(Conflict):
        await store.create_lobby(1, 7, "risk_express", "z", {}, 1)
    fresh = await store.reset_game(row, 77, start=lambda seed: {"seed": seed})
    assert (fresh.status, fresh.state, fresh.seed, fresh.players) == ("running", {"seed": 77}, 77, ["a", "b"])
    assert (await store.get_game(row.id)).status == "ended"
    with pytest.raises(Conflict):  # the old row is stale now
        await store.update_game(row, status="ended")
    await store.mark_announced(fresh.id, 5, prompt_message_id=2**62)
    await store.mark_announced(fresh.id, 3)  # never backwards
    assert (await store.announcements(fresh.id))[:2] == (5, 2**62)
    await store.set_guild_settings(2**60, language="fr", lobby_idle_days=2)
    assert (await store.guild_settings(2**60)).language == "fr"
    lobby = await store.create_lobby(3, 2**60, "risk_express", "h", {}, 2**63 - 1)
    assert lobby.seed == 2**63 - 1 and lobby.guild_id == 2**60
    assert [r.id for r in await store.idle_lobbies(1000.0 + 3 * 86400)] == [lobby.id]


async def test_what_each_seat_saw_is_kept_with_the_game(store):
    """« Since your last move » after a restart (migration 10): seat → the version it saw,
    one seat's mark leaving the others'; the first action past a version, alone."""
    row = await running(store, 1)
    assert row.seen == {}
    for v in (1, 2, 3):
        row = await store.commit_action(row, "a", {"type": "x"}, [], {"n": v}, "running", False)
    await store.mark_announced(row.id, 2, ("12345678901234567", 2), prompt_message_id=9)
    await store.mark_announced(row.id, 3, ("76543210987654321", 3))
    await store.mark_announced(row.id, 3, ("12345678901234567", 3))
    read = await store.get_game(row.id)
    assert read.seen == {"12345678901234567": 3, "76543210987654321": 3}
    assert (read.announced_version, read.prompt_message_id) == (3, 9)
    assert [a.seq for a in await store.actions(row.id, after_version=row.version - 2, first=1)] == [2]


async def test_rows_copy_between_backends_as_they_are(store, tmp_path):
    row = await running(store, 1)
    await store.commit_action(row, "a", {"type": "x"}, [{"e": "é"}], {"n": 1}, "running", True,
                              clocks={"a": clock("a", 2000.5)})
    await store.add_note(row.id, "reminder", "a")
    await store.set_member(7, "a", notify="dm", lang="fr")
    await store.set_guild_settings(7, turn_time="2d")
    other = await open_store(f"sqlite:///{tmp_path}/copy.sqlite3")
    try:
        for table in TABLES:
            await other.load_rows(table, await store.dump_rows(table))
        for table in TABLES:
            assert await other.dump_rows(table) == await store.dump_rows(table), table
        assert await other.get_game(row.id) == await store.get_game(row.id)
        assert (await other.create_lobby(2, 7, "risk_express", "h", {}, 1)).id == row.id + 1
    finally:
        await other.close()


async def test_a_vacation_is_written_whole_or_not_at_all(store):
    """``set_vacation`` moves the member's clocks and writes the member's row in one
    transaction: a clock that changed since it was read is left alone (and not counted), and
    a failure in the middle (a crash's rollback) leaves every clock and the row as they were."""
    one, two, three = [await running(store, c) for c in (1, 2, 3)]
    for row in (one, two, three):
        await store.set_clocks(row.id, {"a": clock("a", 2000.0)})
    was = clock("a", 2000.0)
    paused = {**was, "paused_until": 9000.0, "due": 9000.0}
    stale = {**was, "due": 1999.0}  # another process moved game three's clock since
    moved = await store.set_vacation(7, "a", {one.id: (paused, was), two.id: (paused, was), three.id: (paused, stale)},
                                     away_from=1000.0, away_until=9000.0, away_year=2026, away_days=3.0)
    assert moved == 2
    assert [(await store.get_game(r.id)).clocks["a"] for r in (one, two, three)] == [paused, paused, was]
    assert (await store.member(7, "a")).away_until == 9000.0

    before = [await store.dump_rows(t) for t in TABLES]
    write = store._write_clocks
    calls = 0

    async def dies_on_the_second(*args, **kwargs):
        nonlocal calls
        calls += 1
        if calls == 2:
            raise RuntimeError("killed")
        return await write(*args, **kwargs)

    store._write_clocks = dies_on_the_second
    with pytest.raises(RuntimeError):
        await store.set_vacation(7, "a", {one.id: (was, paused), two.id: (was, paused)},
                                 away_until=1000.0, away_year=2026, away_days=0.0)
    store._write_clocks = write
    assert [await store.dump_rows(t) for t in TABLES] == before
    with pytest.raises(ValueError):  # an unknown column is refused before anything is written
        await store.set_vacation(7, "a", {one.id: (was, paused)}, owner="b")
    assert [await store.dump_rows(t) for t in TABLES] == before


async def test_sqlite_copies_its_wal_in_the_background(tmp_path):
    """Moves commit without copying the WAL into the file (a commit that did waited for a
    sync: a move's p99 grew with the live games); a connection of the store's own copies it,
    often while moves come in, and so it never grows past a few pages."""
    store = await open_store(f"sqlite:///{tmp_path}/g.db")
    try:
        async with store.db.execute("PRAGMA wal_autocheckpoint") as cur:
            assert (await cur.fetchone())[0] >= 10_000
        row = await running(store, 1)
        for n in range(60):
            row = await store.commit_action(row, "a", {"type": "x"}, [], {"n": n, "pad": "x" * 3000},
                                            "running", True)
        for _ in range(100):  # the copies come every 50 ms while the WAL changes
            await asyncio.sleep(0.05)
            last = store._wal.last
            if last and last[1] > 0 and last[1] == last[2]:
                break
        assert last[0] == 0 and last[1] > 0 and last[2] == last[1]  # every frame copied
    finally:
        await store.close()
    assert store._wal is None


async def test_a_finished_game_owes_its_story_until_it_is_noted_posted(store):
    """Issue 29: the story owed is durable. A game finished by its last move owes its story
    (written in that move's transaction); the story's message noted leaves it owed; noted
    posted, it owes nothing. A running or ended game owes none."""
    row = await running(store, 1)
    ended = await store.update_game(await running(store, 2), status="ended")
    assert await store.owed_stories() == []
    done = await store.commit_action(row, "b", {"type": "end"}, [], {"n": 4}, "finished", False)
    assert [(r.id, r.story_message_id, r.story_posted) for r in await store.owed_stories()] == [(row.id, None, None)]
    await store.note_messages(row.id, story_message_id=55)
    assert [r.story_message_id for r in await store.owed_stories()] == [55]
    await store.note_messages(row.id, story_posted=1234.5)
    assert await store.owed_stories() == []
    read = await store.get_game(done.id)
    assert (read.story_message_id, read.story_posted) == (55, 1234.5)
    assert (await store.get_game(ended.id)).story_posted is None
    with pytest.raises(ValueError):
        await store.note_messages(row.id, version=9)


async def test_games_over_before_the_owed_stories_migration_owe_none(tmp_path, monkeypatch):
    import sqlite3

    import bot.store.sqlite as sqlite_store

    url = f"sqlite:///{tmp_path}/old.sqlite3"
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", MIGRATIONS[:8])
    await (await open_store(url)).close()  # the schema of migration 8
    with sqlite3.connect(f"{tmp_path}/old.sqlite3") as db:
        for status in ("finished", "ended"):
            db.execute("INSERT INTO games (channel_id, game, status, host_id, options, players, seed, state,"
                       " created_at, updated_at) VALUES (1, 'risk_express', ?, 'a', '{}', '[\"a\"]', 5, '{}', 9, 10)",
                       (status,))
    monkeypatch.setattr(sqlite_store, "MIGRATIONS", MIGRATIONS)
    new = await open_store(url)
    assert await new.schema_version() == len(MIGRATIONS) == 10
    assert await new.owed_stories() == []
    assert [(await new.get_game(i)).story_posted for i in (1, 2)] == [10.0, 10.0]
    await new.close()


async def test_the_log_read_a_page_at_a_time_is_the_whole_log(store):
    """Issue 29: export, replay and the story read the log in pages (keyset on seq): the
    pages together are the whole log in order, actions taken back left out (or in, if
    asked), none twice, each page at most ``page`` rows."""
    row = await running(store, 1)
    for n in range(11):
        row = await store.commit_action(row, "a", {"type": "x", "n": n}, [{"e": n}], {"n": n + 1}, "running", False)
    row = await store.take_back(row, [9], {"n": 9}, "running", None, ("undo", "a", {}))
    whole = await store.actions(row.id)
    for size in (1, 3, 10, 11, 50):
        pages = [p async for p in store.action_pages(row.id, page=size)]
        assert all(0 < len(p) <= size for p in pages), size
        assert [a for p in pages for a in p] == whole, size
    every = [a async for p in store.action_pages(row.id, undone=True, page=4) for a in p]
    assert every == await store.actions(row.id, undone=True) and len(every) == len(whole) + 1
    assert [p async for p in store.action_pages(999)] == []
