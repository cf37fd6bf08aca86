"""The SQLite backend (aiosqlite): games, their full action log, guild settings.

One file, WAL mode. Every accepted action is one transaction: append to ``actions`` and
write the new state with ``version = version + 1 WHERE version = old``. A refused action
writes nothing. The connection is shared, so a lock keeps transactions from interleaving.
The WAL is copied into the file by a connection of its own (:class:`WalCheckpoints`), never
by a commit.
"""

from __future__ import annotations

import asyncio
import logging
import random
import sqlite3
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store.protocol import (
    DEFAULT_LOBBY_IDLE_DAYS,
    ActionRow,
    Commit,
    Conflict,
    GameRow,
    GuildSettings,
)
from bot.store.rows import (
    ParsedStates,
    action_row,
    committed_rows,
    game_row,
    gc_paused,
    parsed_actions,
)
from bot.store.rows import dumps as _dumps
from bot.store.schema import MIGRATIONS
from bot.store.shared import (
    SNAPSHOT_QUERY,
    SNAPSHOTS_THINNED,
    SharedCases,
    actions_query,
    check_guild_fields,
    check_message_fields,
    guild_row,
)
from bot.store.sqlite_clocks import ClockTables
from bot.store.sqlite_ratings import RatingTables

# A game is read with its running clocks and its players' vacations, in the same query: a
# move of a game with a clock reads nothing more.
GAME = ("SELECT g.*,"
        " (SELECT json_group_array(json_object('seat', c.seat, 'started', c.started, 'deadline', c.deadline,"
        "  'reminders', json(c.reminders), 'sent', c.sent, 'off_turn', c.off_turn, 'paused_until', c.paused_until,"
        "  'due', c.due)) FROM clocks c WHERE c.game_id = g.id) AS clocks_json,"
        " (SELECT json_group_object(m.user_id, m.away_until) FROM members m WHERE m.guild_id = g.guild_id"
        "  AND m.away_until IS NOT NULL AND m.user_id IN (SELECT value FROM json_each(g.players))) AS away_json"
        " FROM games g")


def database_path(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs/path.db``, ``sqlite:file.db``, a plain
    path, or ``:memory:``."""
    if url.startswith("sqlite://"):
        url = url[len("sqlite://"):]
        if url.startswith("/"):
            url = url[1:]
    elif url.startswith("sqlite:"):
        url = url[len("sqlite:"):]
    return url or ":memory:"


log = logging.getLogger(__name__)


async def wal_mode(db: aiosqlite.Connection, tries: int = 100) -> None:
    """``PRAGMA journal_mode=WAL``, tried again while another connection opening the same
    new file holds it: that pragma answers "database is locked" at once, without waiting
    out the busy timeout (seen with three processes opening a new file together)."""
    for attempt in range(tries):
        try:
            await db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or attempt == tries - 1:
                raise
            await asyncio.sleep(0.02 + 0.03 * random.random())


# A commit copies the WAL into the file itself only past this many pages (~80 MB): a safety
# net for when the checkpoints below fall behind. SQLite's default, 1,000 pages, made the
# commit that crossed it copy them: a move's p99 grew with the pages a checkpoint touches
# (12-14 ms with 100 live games, 16-20 ms with 10,000; 2.2 and 2.4 ms without).
WAL_PAGES_INLINE = 20_000


class WalCheckpoints:
    """Copies the WAL into the database file from a connection (and so a thread) of its own:
    ``PRAGMA wal_checkpoint(PASSIVE)`` neither waits for the store's connection nor blocks
    it, and once all of the WAL is copied the next commit starts it again from the beginning.
    Often (every ``busy`` seconds while moves come in), so that each copy is small: a copy
    syncs the files, and the commits of the moment wait for that sync (one copy a second at
    500 moves/s and 10,000 live games: a move's p99 14 ms; every 50 ms: 3.2 ms); idle, the
    wait doubles up to ``idle`` seconds. The last connection to close copies what is left."""

    def __init__(self, db: aiosqlite.Connection, busy: float, idle: float) -> None:
        self.db = db
        self.busy, self.idle = busy, idle
        self.last: tuple[int, ...] | None = None  # the last answer: (blocked, frames, copied)
        self._task = asyncio.create_task(self._run(), name="sqlite-wal-checkpoints")

    @classmethod
    async def start(cls, path: str, busy: float = 0.05, idle: float = 1.0) -> WalCheckpoints:
        db = await aiosqlite.connect(path, isolation_level=None)
        await db.execute("PRAGMA busy_timeout=1000")
        await db.execute("PRAGMA synchronous=NORMAL")  # the WAL synced before a copy, the file after
        return cls(db, busy, idle)

    async def _run(self) -> None:
        wait = self.busy
        while True:
            await asyncio.sleep(wait)
            try:
                async with self.db.execute("PRAGMA wal_checkpoint(PASSIVE)") as cur:
                    row = await cur.fetchone()  # (blocked, frames in the WAL, frames copied)
            except sqlite3.Error as err:  # busy or I/O: the next one tries again
                log.warning("WAL checkpoint failed: %s", err)
                continue
            seen = tuple(row) if row else None
            wait = self.busy if seen != self.last else min(self.idle, 2 * wait)
            self.last = seen

    async def stop(self) -> None:
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)
        await self.db.close()


@dataclass
class SqliteStore(ClockTables, RatingTables, SharedCases):
    """The ``GameStore`` on one SQLite file."""

    db: aiosqlite.Connection
    clock: Callable[[], float] = time.time
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    _states: ParsedStates = field(default_factory=ParsedStates)
    _wal: WalCheckpoints | None = None

    # -- opening ----------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str, clock: Callable[[], float] = time.time) -> SqliteStore:
        path = database_path(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA busy_timeout=5000")  # first: another process may be migrating
        await wal_mode(db)
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA synchronous=NORMAL")
        store = cls(db, clock)
        await store.migrate()
        if path != ":memory:":
            await db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES_INLINE}")
            store._wal = await WalCheckpoints.start(path)
        return store

    async def close(self) -> None:
        if self._wal is not None:
            await self._wal.stop()
            self._wal = None
        await self.db.close()

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self) -> None:
        """Apply the numbered migrations not yet recorded in ``PRAGMA user_version``, in one
        transaction. The version is read inside it (``BEGIN IMMEDIATE`` holds the write lock),
        so two processes opening a new file at once migrate it once: the second waits, then
        finds everything done."""
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                current = await self.schema_version()
                for number, script in enumerate(MIGRATIONS, start=1):
                    if number <= current:
                        continue
                    for statement in script.split(";"):
                        if statement.strip():
                            await self.db.execute(statement)
                    await self.db.execute(f"PRAGMA user_version = {number}")
                await self.db.execute("COMMIT")
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise

    # -- reading ----------------------------------------------------------------------
    async def _one_game(self, sql: str, args: tuple[Any, ...]) -> GameRow | None:
        rows = await self.db.execute_fetchall(sql, args)  # one trip to the database's thread
        return game_row(rows[0], self._states) if rows else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(
            f"{GAME} WHERE g.channel_id = ? AND g.status IN ('lobby', 'running')", (channel_id,))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The active game, or else the last one played in this channel."""
        return await self._one_game(
            f"{GAME} WHERE g.channel_id = ? ORDER BY g.id DESC LIMIT 1", (channel_id,))

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._one_game(f"{GAME} WHERE g.id = ?", (game_id,))

    async def games(self, game_ids: list[int]) -> list[GameRow]:
        """Several games by id, in one read."""
        if not game_ids:
            return []
        marks = ", ".join("?" for _ in game_ids)
        rows = await self.db.execute_fetchall(f"{GAME} WHERE g.id IN ({marks})", tuple(game_ids))
        return [game_row(r, self._states) for r in rows]

    async def actions(self, game_id: int, last: int | None = None, after_version: int | None = None,
                      undone: bool = False, after_seq: int | None = None,
                      before_seq: int | None = None, first: int | None = None) -> list[ActionRow]:
        # a read that may be long (the whole log, or from a snapshot on): the collector paused
        # while its rows are built, in the database's thread and then the parse's (see gc_paused)
        with gc_paused() if last is None and after_version is None else nullcontext():
            rows = await self.db.execute_fetchall(
                *actions_query(game_id, last, after_version, undone, after_seq, before_seq, first))
            return await parsed_actions(list(rows))

    async def snapshot(self, game_id: int, before_seq: int) -> tuple[int, str] | None:
        rows = await self.db.execute_fetchall(SNAPSHOT_QUERY, (game_id, before_seq))
        return (rows[0]["seq"], rows[0]["state"]) if rows else None

    async def announcements(self, game_id: int) -> tuple[int, int | None, list[ActionRow]]:
        """What posting the game needs, in one read (its state is not read): the version
        the channel has been shown, the message holding the live choices, and the actions
        committed since that version, in order."""
        rows = await self.db.execute_fetchall(
            "SELECT g.announced_version, g.prompt_message_id, a.seq, a.seat, a.action, a.events, a.created_at,"
            " a.version FROM games g LEFT JOIN actions a ON a.game_id = g.id AND a.version > g.announced_version"
            " AND a.undone_at IS NULL"
            " WHERE g.id = ? ORDER BY a.seq", (game_id,))
        if not rows:
            return 0, None, []
        pending = [action_row(r, undone=False) for r in rows if r["seq"] is not None]
        return rows[0]["announced_version"], rows[0]["prompt_message_id"], pending

    async def running_games(self) -> list[GameRow]:
        rows = await self.db.execute_fetchall(f"{GAME} WHERE g.status IN ('lobby', 'running')")
        return [game_row(r, self._states) for r in rows]

    async def owed_stories(self) -> list[GameRow]:
        rows = await self.db.execute_fetchall(
            f"{GAME} WHERE g.status = 'finished' AND g.story_posted IS NULL ORDER BY g.id")
        return [game_row(r, self._states) for r in rows]

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings()
        rows = await self.db.execute_fetchall("SELECT * FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return guild_row(rows[0] if rows else None)

    async def idle_lobbies(self, now: float) -> list[GameRow]:
        """Lobbies untouched for longer than their server's ``lobby_idle_days``."""
        rows = await self.db.execute_fetchall(
            f"{GAME} LEFT JOIN guild_settings s ON s.guild_id = g.guild_id"
            " WHERE g.status = 'lobby' AND g.updated_at < ? - 86400.0 * COALESCE(s.lobby_idle_days, ?)",
            (now, DEFAULT_LOBBY_IDLE_DAYS),
        )
        return [game_row(r, self._states) for r in rows]

    # -- writing ----------------------------------------------------------------------
    async def _transaction(self, work: Callable[[], Any]) -> Any:
        async with self._lock:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                result = await work()
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")
            return result

    async def _statement(self, sql: str, args: tuple[Any, ...]) -> None:
        """One statement, its own transaction (autocommit): under the lock, so that it never
        lands inside another coroutine's transaction on the shared connection."""
        async with self._lock:
            await self.db.execute(sql, args)

    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: str,
        options: dict[str, Any], seed: int, names: dict[str, str] | None = None, lang: str = "en",
        timing: dict[str, str] | None = None,
    ) -> GameRow:
        now = self.clock()

        async def work() -> int:
            return await self._insert_game(channel_id, guild_id, game, host_id, options, seed, names or {},
                                           lang, [host_id], now, timing=timing)

        game_id = await self._transaction(work)
        row = await self.get_game(game_id)
        assert row is not None
        return row

    async def _insert_game(self, channel_id: int, guild_id: int | None, game: str, host_id: str,
                           options: dict[str, Any], seed: int, names: dict[str, str], lang: str,
                           players: list[str], now: float, picks: dict[str, Any] | None = None,
                           timing: dict[str, str] | None = None) -> int:
        try:
            cur = await self.db.execute(
                "INSERT INTO games (channel_id, guild_id, game, status, host_id, options, players, seed,"
                " names, lang, picks, timing, created_at, updated_at)"
                " VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (channel_id, guild_id, game, host_id, _dumps(options), _dumps(players), seed,
                 _dumps(names), lang, _dumps(picks or {}), _dumps(timing or {}), now, now),
            )
        except aiosqlite.IntegrityError as err:
            raise Conflict("this channel already has a game") from err
        return cur.lastrowid

    async def reset_game(self, row: GameRow, seed: int,
                         start: Callable[[int], dict[str, Any]] | None = None) -> GameRow:
        """End ``row`` and open its successor in one transaction: the same players, options,
        picks and language, a new seed; started at once (``start(seed)`` gives the state)
        when ``start`` is given. A failure leaves the old game exactly as it was."""
        now = self.clock()
        state = start(seed) if start is not None else None

        async def work() -> int:
            cur = await self.db.execute(
                "UPDATE games SET status = 'ended', version = version + 1, updated_at = ?"
                " WHERE id = ? AND version = ?", (now, row.id, row.version))
            if cur.rowcount != 1:
                raise Conflict("the game changed meanwhile")
            await self.db.execute("DELETE FROM clocks WHERE game_id = ?", (row.id,))
            await self.db.execute("DELETE FROM snapshots WHERE game_id = ?", (row.id,))
            game_id = await self._insert_game(row.channel_id, row.guild_id, row.game, row.host_id, row.options,
                                              seed, row.names, row.lang, row.players, now, row.picks, row.timing)
            if state is not None:
                await self.db.execute(
                    "UPDATE games SET status = 'running', state = ?, seats = ?, version = version + 1,"
                    " turn_started_at = ? WHERE id = ?",
                    (_dumps(state), _dumps(row.players), now, game_id))
            return game_id

        game_id = await self._transaction(work)
        self._states.carry(row.id, row.version)
        if state is not None:
            self._states.put(game_id, 1, state)
        fresh = await self.get_game(game_id)
        assert fresh is not None
        return fresh

    async def update_game(self, row: GameRow, clocks: dict[str, dict[str, Any] | None] | None = None,
                          **changes: Any) -> GameRow:
        """Change lobby fields (players, status, lobby message, state…) with a version check,
        and the game's clocks as :meth:`commit_action` does (a game that ends loses them)."""
        now = self.clock()
        allowed = {"players", "status", "lobby_message_id", "prompt_message_id", "state", "options",
                   "turn_started_at", "host_id", "names", "seats", "picks", "lang", "timing", "ai"}
        if set(changes) - allowed:
            raise ValueError(f"cannot change {set(changes) - allowed}")
        encoded = {
            k: (_dumps(v) if k in ("players", "state", "options", "names", "seats", "picks", "timing", "ai")
                and v is not None else v)
            for k, v in changes.items()
        }
        sets = ", ".join(f"{k} = ?" for k in encoded)

        async def work() -> None:
            cur = await self.db.execute(
                f"UPDATE games SET {sets}, version = version + 1, updated_at = ? WHERE id = ? AND version = ?",
                (*encoded.values(), now, row.id, row.version),
            )
            if cur.rowcount != 1:
                raise Conflict("the game changed meanwhile")
            if changes.get("status") in ("finished", "ended"):
                await self.db.execute("DELETE FROM clocks WHERE game_id = ?", (row.id,))
                await self.db.execute("DELETE FROM snapshots WHERE game_id = ?", (row.id,))
            elif clocks:
                await self._write_clocks(row.id, clocks)

        await self._transaction(work)
        if "state" in changes:
            self._states.put(row.id, row.version + 1, changes["state"])
        else:
            self._states.carry(row.id, row.version)
        fresh = await self.get_game(row.id)
        assert fresh is not None
        return fresh

    async def commit_actions(self, commits: list[Commit], all_or_nothing: bool = False) -> list[GameRow | None]:
        """Several games' actions in one transaction (the scheduler's timeouts): each with
        its own version check; one whose game moved meanwhile is left out (``None``), the
        others are written (``all_or_nothing``: it raises ``Conflict`` and nothing is)."""
        now = self.clock()
        texts = [_dumps(c.new_state) for c in commits]

        async def work() -> list[bool]:
            done = []
            for c, text in zip(commits, texts, strict=True):
                row = c.row
                cur = await self.db.execute(
                    "UPDATE games SET state = ?, status = ?, version = version + 1, updated_at = ?,"
                    " turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END,"
                    " players = COALESCE(?, players)"
                    " WHERE id = ? AND version = ?",
                    (text, c.status, now, int(c.new_turn), now,
                     None if c.players is None else _dumps(c.players), row.id, row.version),
                )
                if cur.rowcount != 1:
                    if all_or_nothing:
                        raise Conflict("the game changed meanwhile")
                    done.append(False)
                    continue
                await self.db.execute(
                    "INSERT INTO actions (game_id, seq, seat, action, events, created_at, version)"
                    " SELECT ?, COALESCE(MAX(seq), 0) + 1, ?, ?, ?, ?, ? FROM actions WHERE game_id = ?",
                    (row.id, c.seat, _dumps(c.action), _dumps(c.events), now, row.version + 1, row.id),
                )
                if c.status in ("finished", "ended"):
                    await self.db.execute("DELETE FROM clocks WHERE game_id = ?", (row.id,))
                    await self.db.execute("DELETE FROM snapshots WHERE game_id = ?", (row.id,))
                    done.append(True)
                    continue
                if c.new_turn:  # a turn starts: its state is where an undo or a rollback replays from
                    cur = await self.db.execute(
                        "INSERT INTO snapshots (game_id, seq, state) SELECT ?, MAX(seq), ? FROM actions"
                        " WHERE game_id = ? RETURNING seq", (row.id, text, row.id))
                    [(newest,)] = await cur.fetchall()
                    await self.db.execute(SNAPSHOTS_THINNED, (row.id, newest, row.id))
                if c.clocks:
                    await self._write_clocks(row.id, c.clocks)
                done.append(True)
            return done

        done = await self._transaction(work)
        return committed_rows(commits, done, now, self._states)

    async def note_messages(self, game_id: int, **message_ids: int | None) -> None:
        """Remember the lobby or prompt message of a game. Bookkeeping, not game state:
        the version is left alone so the buttons just posted stay current."""
        check_message_fields(message_ids)
        sets = ", ".join(f"{k} = ?" for k in message_ids)
        await self._statement(f"UPDATE games SET {sets} WHERE id = ?", (*message_ids.values(), game_id))

    async def mark_announced(self, game_id: int, version: int, seen: tuple[str, int] | None = None,
                             **message_ids: int | None) -> None:
        """Remember that the channel has been shown the game up to ``version``, and with it
        the messages noted as in :meth:`note_messages` and what a seat has seen (``seen``: its
        version, in ``games.seen``) (bookkeeping: the game's own version is left alone)."""
        check_message_fields(message_ids)
        sets = "".join(f", {k} = ?" for k in message_ids)
        args: tuple[Any, ...] = ()
        if seen is not None:
            sets += ", seen = json_patch(seen, json_object(?, ?))"
            args = (str(seen[0]), int(seen[1]))
        await self._statement(f"UPDATE games SET announced_version = MAX(announced_version, ?){sets} WHERE id = ?",
                              (version, *message_ids.values(), *args, game_id))

    async def set_guild_settings(self, guild_id: int, **fields: Any) -> GuildSettings:
        """Change some of a server's settings (``moderator_role_id``, ``language``,
        ``lobby_idle_days``); the others keep their value."""
        check_guild_fields(fields)
        now = self.clock()
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        updates = ", ".join(f"{k} = excluded.{k}" for k in fields)

        async def work() -> None:
            await self.db.execute(
                f"INSERT INTO guild_settings (guild_id, {cols}, updated_at) VALUES (?, {marks}, ?)"
                f" ON CONFLICT(guild_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
                (guild_id, *fields.values(), now),
            )

        await self._transaction(work)
        return await self.guild_settings(guild_id)


Store = SqliteStore  # the name the tests and benchmarks open
