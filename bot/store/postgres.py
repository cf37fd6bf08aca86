"""The PostgreSQL backend (asyncpg, the optional extra ``gamemaster[postgres]``): the same
tables, migrations and rules as the SQLite store, for several bot processes on one database.

- **A pool with timeouts.** ``DATABASE_URL=postgresql://user:pass@host/db`` (or a Unix socket:
  ``postgresql:///db?host=/run/postgresql``). Query parameters of ours, taken off the URL
  before asyncpg sees it: ``pool_min`` (1), ``pool_max`` (10), ``connect_timeout`` (10 s),
  ``acquire_timeout`` (10 s: waiting for a free connection) and ``command_timeout`` (15 s: one
  statement). A stuck database makes the calls fail after their timeout instead of freezing
  every channel.
- **One transaction per action**, with the version check: the state's ``UPDATE … WHERE
  version = old``, the log's ``INSERT`` and the clocks it starts or stops are one statement
  (``COMMIT_ONE``), atomic by itself: an accepted action is one round trip (and its read one).
- **Faults.** A lost connection (the server restarted, the backend killed), a database that
  cannot be reached or a timeout raise :class:`StoreUnavailable`: the transaction was rolled
  back, nothing is half-written, the player may try again. The pool drops its idle
  connections (``expire_connections``), so the next call connects afresh. A read is tried a
  second time on a fresh connection before giving up; a write never is (it might have
  committed just before the connection was lost: the player's retry meets the version check).
- **Migrations** are ``bot.store.schema``'s list, translated; the number applied is in table
  ``schema_version``, and an advisory lock keeps two starting processes from migrating at once.

asyncpg is imported only when a ``postgresql://`` URL is opened: SQLite needs nothing of it.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from contextlib import nullcontext
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

from bot.store.postgres_clocks import PgClockTables, rowcount
from bot.store.postgres_ratings import PgRatingTables
from bot.store.protocol import (
    DEFAULT_LOBBY_IDLE_DAYS,
    ActionRow,
    Commit,
    Conflict,
    GameRow,
    GuildSettings,
    StoreUnavailable,
    UnsupportedDatabase,
)
from bot.store.rows import (
    ParsedStates,
    action_row,
    committed_rows,
    dumps,
    game_row,
    gc_paused,
    parsed_actions,
)
from bot.store.schema import MIGRATIONS, postgres_script
from bot.store.shared import (
    SNAPSHOT_QUERY,
    SNAPSHOT_RECENT,
    SNAPSHOT_SPACING,
    SharedCases,
    actions_query,
    check_guild_fields,
    check_message_fields,
    guild_row,
    numbered,
)

POOL_OPTIONS: dict[str, tuple[type, float]] = {
    "pool_min": (int, 1), "pool_max": (int, 10), "connect_timeout": (float, 10.0),
    "acquire_timeout": (float, 10.0), "command_timeout": (float, 15.0),
}
MIGRATION_LOCK = 7_262_657  # pg_advisory_xact_lock key: one process migrates at a time

GAME = ("SELECT g.*,"
        " (SELECT json_agg(json_build_object('seat', c.seat, 'started', c.started, 'deadline', c.deadline,"
        "  'reminders', c.reminders::json, 'sent', c.sent, 'off_turn', c.off_turn, 'paused_until', c.paused_until,"
        "  'due', c.due))::text FROM clocks c WHERE c.game_id = g.id) AS clocks_json,"
        " (SELECT json_object_agg(m.user_id, m.away_until)::text FROM members m WHERE m.guild_id = g.guild_id"
        "  AND m.away_until IS NOT NULL AND m.user_id IN (SELECT json_array_elements_text(g.players::json)))"
        " AS away_json FROM games g")


# One accepted action in one statement: the version-checked update of the game; the log's
# insert, the clocks stopped ($11: seats, or all once the game is over: $12) and the clocks
# started or moved ($13…$20, one array per column), the turn's snapshot ($21: a turn starts;
# the same seq as the log's insert: every part of one statement reads the table as it was)
# and the snapshots dropped once the game is over (or thinned: SNAPSHOTS_THINNED) happen
# only if that update did.
COMMIT_ONE = (
    "WITH g AS (UPDATE games SET state = $1, status = $2, version = version + 1, updated_at = $3,"
    " turn_started_at = CASE WHEN $4 THEN $3 ELSE turn_started_at END,"
    " players = COALESCE($5::text, players) WHERE id = $6 AND version = $7 RETURNING id, version),"
    " stopped AS (DELETE FROM clocks c USING g WHERE c.game_id = g.id AND ($12 OR c.seat = ANY($11::text[]))),"
    " started AS (INSERT INTO clocks (game_id, seat, started, deadline, reminders, sent, off_turn, paused_until, due)"
    "  SELECT g.id, k.* FROM g, unnest($13::text[], $14::float8[], $15::float8[], $16::text[], $17::bigint[],"
    "   $18::bigint[], $19::float8[], $20::float8[]) AS k"
    "  ON CONFLICT (game_id, seat) DO UPDATE SET started = excluded.started, deadline = excluded.deadline,"
    "  reminders = excluded.reminders, sent = excluded.sent, off_turn = excluded.off_turn,"
    "  paused_until = excluded.paused_until, due = excluded.due),"
    " snapped AS (INSERT INTO snapshots (game_id, seq, state)"
    "  SELECT g.id, COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id), 0) + 1, $1"
    "  FROM g WHERE $21 AND NOT $12),"
    # ($12 OR $21) alone: a filter checked once, so a move that starts no turn reads no snapshot
    " unsnapped AS (DELETE FROM snapshots s USING g WHERE ($12 OR $21) AND s.game_id = g.id AND ($12"
    f"  OR (s.seq < COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id), 0) + 1 - {SNAPSHOT_RECENT}"
    "  AND s.seq NOT IN (SELECT MIN(k.seq) FROM snapshots k WHERE k.game_id = g.id"
    f"  GROUP BY k.seq / {SNAPSHOT_SPACING}))))"
    " INSERT INTO actions (game_id, seq, seat, action, events, created_at, version)"
    " SELECT g.id, COALESCE((SELECT MAX(a.seq) FROM actions a WHERE a.game_id = g.id), 0) + 1,"
    " $8, $9, $10, $3, g.version FROM g")


def commit_args(c: Commit, now: float) -> tuple[Any, ...]:
    """``COMMIT_ONE``'s parameters for one action."""
    over = c.status in ("finished", "ended")
    changes = {} if over else (c.clocks or {})
    started = [(s, k) for s, k in changes.items() if k is not None]
    return (dumps(c.new_state), c.status, now, bool(c.new_turn), None if c.players is None else dumps(c.players),
            c.row.id, c.row.version, c.seat, dumps(c.action), dumps(c.events),
            [s for s, k in changes.items() if k is None], over,
            [s for s, _ in started], [float(k["started"]) for _, k in started],
            [float(k["deadline"]) for _, k in started], [json.dumps(k["reminders"]) for _, k in started],
            [int(k["sent"]) for _, k in started], [int(k["off_turn"]) for _, k in started],
            [None if k["paused_until"] is None else float(k["paused_until"]) for _, k in started],
            [float(k["due"]) for _, k in started], bool(c.new_turn))


def pool_settings(url: str) -> tuple[str, dict[str, float]]:
    """The URL asyncpg is given (our own parameters taken off) and those parameters."""
    parts = urlsplit(url)
    settings = {k: kind(default) for k, (kind, default) in POOL_OPTIONS.items()}
    kept = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key in POOL_OPTIONS:
            try:
                settings[key] = POOL_OPTIONS[key][0](value)
            except ValueError:
                raise ValueError(f"DATABASE_URL: {key} must be a number") from None
        else:
            kept.append((key, value))
    scheme = "postgresql" if parts.scheme.lower() in ("postgres", "postgresql") else parts.scheme
    return urlunsplit((scheme, parts.netloc, parts.path, urlencode(kept), parts.fragment)), settings


@dataclass
class PostgresStore(PgClockTables, PgRatingTables, SharedCases):
    """The ``GameStore`` on a PostgreSQL database, through a pool of connections."""

    pool: Any  # asyncpg.Pool
    clock: Callable[[], float] = time.time
    acquire_timeout: float = 10.0
    _states: ParsedStates = field(default_factory=ParsedStates)
    _lost: tuple[type[BaseException], ...] = ()

    # -- opening ----------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str, clock: Callable[[], float] = time.time) -> PostgresStore:
        try:
            import asyncpg
        except ImportError:
            raise UnsupportedDatabase("DATABASE_URL is a PostgreSQL one but asyncpg is not installed: "
                                      "pip install 'gamemaster[postgres]'") from None
        dsn, settings = pool_settings(url)
        lost = lost_connection_errors()
        try:
            pool = await asyncpg.create_pool(
                dsn, min_size=int(settings["pool_min"]), max_size=int(settings["pool_max"]),
                timeout=settings["connect_timeout"], command_timeout=settings["command_timeout"],
                max_inactive_connection_lifetime=300.0,
                server_settings={"jit": "off"},  # small queries: compiling them only slows them
                reset=_keep)
        except lost as err:
            raise StoreUnavailable(f"cannot reach the PostgreSQL database: {type(err).__name__}") from err
        store = cls(pool, clock, settings["acquire_timeout"], _lost=lost)
        try:
            await store.migrate()
        except BaseException:
            await pool.close()
            raise
        return store

    async def close(self) -> None:
        await self.pool.close()

    async def schema_version(self) -> int:
        return int(await self._fetchval(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version") or 0)

    async def migrate(self) -> None:
        """Apply the numbered migrations not yet recorded in ``schema_version``."""

        async def work(conn: Any) -> None:
            await conn.execute(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
            current = await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")
            for number in range(current + 1, len(MIGRATIONS) + 1):
                for statement in postgres_script(number):
                    await conn.execute(statement)
                await conn.execute("INSERT INTO schema_version (version) VALUES ($1)", number)

        await self._transaction(work)

    # -- connections, transactions and faults ---------------------------------------------
    async def _unavailable(self, err: BaseException) -> StoreUnavailable:
        """The error a lost connection becomes; the pool's idle connections are dropped so
        that the next call connects afresh (after a restart they are all dead)."""
        try:
            await self.pool.expire_connections()
        except Exception:  # noqa: S110 - the pool replaces them on the next acquire anyway
            pass
        return StoreUnavailable(f"the database connection failed ({type(err).__name__}); try again")

    async def _transaction(self, work: Callable[[Any], Any], atomic: bool = True) -> Any:
        """``work(conn)`` in one transaction: all of it is written, or nothing (``atomic=False``:
        ``work`` is one statement, atomic by itself, spared the BEGIN and COMMIT trips)."""
        try:
            async with self.pool.acquire(timeout=self.acquire_timeout) as conn:
                if not atomic:
                    return await work(conn)
                async with conn.transaction():
                    return await work(conn)
        except self._lost as err:
            raise await self._unavailable(err) from err

    async def _read(self, how: str, sql: str, *args: Any) -> Any:
        """A read (``fetch``, ``fetchrow`` or ``fetchval``), tried again once on a fresh
        connection if the first was lost (never after a timeout: that would double it)."""
        for attempt in (1, 2):
            try:
                async with self.pool.acquire(timeout=self.acquire_timeout) as conn:
                    return await getattr(conn, how)(sql, *args)
            except self._lost as err:
                failure = await self._unavailable(err)
                if attempt == 2 or isinstance(err, TimeoutError):
                    raise failure from err
        raise AssertionError("unreachable")

    async def _fetch(self, sql: str, *args: Any) -> list[Any]:
        return await self._read("fetch", sql, *args)

    async def _fetchval(self, sql: str, *args: Any) -> Any:
        return await self._read("fetchval", sql, *args)

    async def _statement(self, sql: str, *args: Any) -> str:
        """One statement, its own transaction."""
        return await self._transaction(lambda conn: conn.execute(sql, *args))

    # -- reading ----------------------------------------------------------------------
    async def _one_game(self, sql: str, *args: Any) -> GameRow | None:
        rows = await self._fetch(sql, *args)
        return game_row(rows[0], self._states) if rows else None

    async def active_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(f"{GAME} WHERE g.channel_id = $1 AND g.status IN ('lobby', 'running')",
                                    channel_id)

    async def latest_game(self, channel_id: int) -> GameRow | None:
        return await self._one_game(f"{GAME} WHERE g.channel_id = $1 ORDER BY g.id DESC LIMIT 1", channel_id)

    async def get_game(self, game_id: int) -> GameRow | None:
        return await self._one_game(f"{GAME} WHERE g.id = $1", game_id)

    async def games(self, game_ids: list[int]) -> list[GameRow]:
        if not game_ids:
            return []
        rows = await self._fetch(f"{GAME} WHERE g.id = ANY($1::bigint[])", list(game_ids))
        return [game_row(r, self._states) for r in rows]

    async def actions(self, game_id: int, last: int | None = None, after_version: int | None = None,
                      undone: bool = False, after_seq: int | None = None,
                      before_seq: int | None = None, first: int | None = None) -> list[ActionRow]:
        sql, args = actions_query(game_id, last, after_version, undone, after_seq, before_seq, first)
        with gc_paused() if last is None and after_version is None else nullcontext():  # see SqliteStore
            return await parsed_actions(await self._fetch(numbered(sql), *args))

    async def snapshot(self, game_id: int, before_seq: int) -> tuple[int, str] | None:
        rows = await self._fetch(numbered(SNAPSHOT_QUERY), game_id, before_seq)
        return (rows[0]["seq"], rows[0]["state"]) if rows else None

    async def announcements(self, game_id: int) -> tuple[int, int | None, list[ActionRow]]:
        rows = await self._fetch(
            "SELECT g.announced_version, g.prompt_message_id, a.seq, a.seat, a.action, a.events, a.created_at,"
            " a.version FROM games g LEFT JOIN actions a ON a.game_id = g.id AND a.version > g.announced_version"
            " AND a.undone_at IS NULL WHERE g.id = $1 ORDER BY a.seq", game_id)
        if not rows:
            return 0, None, []
        pending = [action_row(r, undone=False) for r in rows if r["seq"] is not None]
        return rows[0]["announced_version"], rows[0]["prompt_message_id"], pending

    async def running_games(self) -> list[GameRow]:
        rows = await self._fetch(f"{GAME} WHERE g.status IN ('lobby', 'running')")
        return [game_row(r, self._states) for r in rows]

    async def owed_stories(self) -> list[GameRow]:
        rows = await self._fetch(f"{GAME} WHERE g.status = 'finished' AND g.story_posted IS NULL ORDER BY g.id")
        return [game_row(r, self._states) for r in rows]

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        if guild_id is None:
            return GuildSettings()
        rows = await self._fetch("SELECT * FROM guild_settings WHERE guild_id = $1", guild_id)
        return guild_row(rows[0] if rows else None)

    async def idle_lobbies(self, now: float) -> list[GameRow]:
        rows = await self._fetch(
            f"{GAME} LEFT JOIN guild_settings s ON s.guild_id = g.guild_id WHERE g.status = 'lobby'"
            " AND g.updated_at < $1::float8 - 86400.0 * COALESCE(s.lobby_idle_days, $2::bigint)",
            float(now), DEFAULT_LOBBY_IDLE_DAYS)
        return [game_row(r, self._states) for r in rows]

    # -- writing ----------------------------------------------------------------------
    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: str,
        options: dict[str, Any], seed: int, names: dict[str, str] | None = None, lang: str = "en",
        timing: dict[str, str] | None = None,
    ) -> GameRow:
        now = self.clock()
        game_id = await self._transaction(lambda conn: self._insert_game(
            conn, channel_id, guild_id, game, host_id, options, seed, names or {}, lang, [host_id], now,
            timing=timing))
        row = await self.get_game(game_id)
        assert row is not None
        return row

    async def _insert_game(self, conn: Any, channel_id: int, guild_id: int | None, game: str, host_id: str,
                           options: dict[str, Any], seed: int, names: dict[str, str], lang: str,
                           players: list[str], now: float, picks: dict[str, Any] | None = None,
                           timing: dict[str, str] | None = None) -> int:
        import asyncpg

        try:
            async with conn.transaction():  # a savepoint: a refused insert leaves the rest alone
                return await conn.fetchval(
                    "INSERT INTO games (channel_id, guild_id, game, status, host_id, options, players, seed,"
                    " names, lang, picks, timing, created_at, updated_at)"
                    " VALUES ($1, $2, $3, 'lobby', $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING id",
                    channel_id, guild_id, game, host_id, dumps(options), dumps(players), seed,
                    dumps(names), lang, dumps(picks or {}), dumps(timing or {}), float(now))
        except asyncpg.UniqueViolationError as err:
            raise Conflict("this channel already has a game") from err

    async def reset_game(self, row: GameRow, seed: int,
                         start: Callable[[int], dict[str, Any]] | None = None) -> GameRow:
        now = float(self.clock())
        state = start(seed) if start is not None else None

        async def work(conn: Any) -> int:
            done = await conn.execute(
                "UPDATE games SET status = 'ended', version = version + 1, updated_at = $1"
                " WHERE id = $2 AND version = $3", now, row.id, row.version)
            if rowcount(done) != 1:
                raise Conflict("the game changed meanwhile")
            await conn.execute("DELETE FROM clocks WHERE game_id = $1", row.id)
            await conn.execute("DELETE FROM snapshots WHERE game_id = $1", row.id)
            game_id = await self._insert_game(conn, row.channel_id, row.guild_id, row.game, row.host_id, row.options,
                                              seed, row.names, row.lang, row.players, now, row.picks, row.timing)
            if state is not None:
                await conn.execute(
                    "UPDATE games SET status = 'running', state = $1, seats = $2, version = version + 1,"
                    " turn_started_at = $3 WHERE id = $4", dumps(state), dumps(row.players), now, game_id)
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
        now = float(self.clock())
        allowed = {"players", "status", "lobby_message_id", "prompt_message_id", "state", "options",
                   "turn_started_at", "host_id", "names", "seats", "picks", "lang", "timing", "ai"}
        if set(changes) - allowed:
            raise ValueError(f"cannot change {set(changes) - allowed}")
        encoded = {
            k: (dumps(v) if k in ("players", "state", "options", "names", "seats", "picks", "timing", "ai")
                and v is not None else float(v) if k == "turn_started_at" and v is not None else v)
            for k, v in changes.items()
        }
        sets = "".join(f"{k} = ${i}, " for i, k in enumerate(encoded, start=4))

        async def work(conn: Any) -> None:
            done = await conn.execute(
                f"UPDATE games SET {sets}version = version + 1, updated_at = $1 WHERE id = $2 AND version = $3",
                now, row.id, row.version, *encoded.values())
            if rowcount(done) != 1:
                raise Conflict("the game changed meanwhile")
            if changes.get("status") in ("finished", "ended"):
                await conn.execute("DELETE FROM clocks WHERE game_id = $1", row.id)
                await conn.execute("DELETE FROM snapshots WHERE game_id = $1", row.id)
            elif clocks:
                await self._write_clocks(conn, row.id, clocks)

        await self._transaction(work)
        if "state" in changes:
            self._states.put(row.id, row.version + 1, changes["state"])
        else:
            self._states.carry(row.id, row.version)
        fresh = await self.get_game(row.id)
        assert fresh is not None
        return fresh

    async def commit_actions(self, commits: list[Commit], all_or_nothing: bool = False) -> list[GameRow | None]:
        """Several games' actions, each with its version check. Each action is one
        statement (``COMMIT_ONE``: the state's update, the log's insert and the clocks it
        starts or stops, all conditional on the version check), so one action is one round
        trip and atomic by itself; several are one transaction."""
        now = float(self.clock())
        args = [commit_args(c, now) for c in commits]

        async def work(conn: Any) -> list[bool]:
            done = []
            for one in args:
                if rowcount(await conn.execute(COMMIT_ONE, *one)) != 1:
                    if all_or_nothing:
                        raise Conflict("the game changed meanwhile")
                    done.append(False)
                    continue
                done.append(True)
            return done

        if len(commits) == 1:  # one statement: atomic without a transaction around it
            done = await self._transaction(work, atomic=False)
        else:
            done = await self._transaction(work)
        return committed_rows(commits, done, now, self._states)

    async def note_messages(self, game_id: int, **message_ids: int | None) -> None:
        check_message_fields(message_ids)
        if not message_ids:
            return
        sets = ", ".join(f"{k} = ${i}" for i, k in enumerate(message_ids, start=2))
        await self._statement(f"UPDATE games SET {sets} WHERE id = $1", game_id, *message_ids.values())

    async def mark_announced(self, game_id: int, version: int, seen: tuple[str, int] | None = None,
                             **message_ids: int | None) -> None:
        check_message_fields(message_ids)
        sets = "".join(f", {k} = ${i}" for i, k in enumerate(message_ids, start=3))
        args: tuple[Any, ...] = ()
        if seen is not None:
            n = 3 + len(message_ids)
            sets += f", seen = (seen::jsonb || jsonb_build_object(${n}::text, ${n + 1}::bigint))::text"
            args = (str(seen[0]), int(seen[1]))
        await self._statement(f"UPDATE games SET announced_version = GREATEST(announced_version, $2){sets}"
                              " WHERE id = $1", game_id, version, *message_ids.values(), *args)

    async def set_guild_settings(self, guild_id: int, **fields: Any) -> GuildSettings:
        check_guild_fields(fields)
        cols = ", ".join(fields)
        marks = ", ".join(f"${i}" for i in range(3, 3 + len(fields)))
        updates = ", ".join(f"{k} = excluded.{k}" for k in fields)
        await self._statement(
            f"INSERT INTO guild_settings (guild_id, updated_at, {cols}) VALUES ($1, $2, {marks})"
            f" ON CONFLICT (guild_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
            guild_id, float(self.clock()), *fields.values())
        return await self.guild_settings(guild_id)


async def _keep(conn: Any) -> None:
    """A connection goes back to the pool as it is (asyncpg still rolls back an open
    transaction): the store sets no session state, so the default reset (``RESET ALL``,
    ``UNLISTEN *``…) would only cost a round trip per call."""


def lost_connection_errors() -> tuple[type[BaseException], ...]:
    """What a lost or unreachable database raises through asyncpg: the connection closed
    (``InterfaceError``, class 08), the server shutting down or the backend terminated
    (class 57: ``pg_terminate_backend``, a restart), a timeout, a socket error."""
    import asyncpg

    return (OSError, TimeoutError, asyncpg.InterfaceError, asyncpg.PostgresConnectionError,
            asyncpg.exceptions.OperatorInterventionError, asyncpg.exceptions.TooManyConnectionsError)
