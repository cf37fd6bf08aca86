"""The PostgreSQL store's tables of asynchronous play (clocks, members, notes), taking
actions back, and the rows as they are, for ``copy-db``.

A mixin of :class:`bot.store.postgres.PostgresStore` (its pool, transactions and reads),
the twin of :mod:`bot.store.sqlite_clocks`.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

from bot.store.protocol import Conflict, DueClock, GameRow, MemberSettings, Note, Shards
from bot.store.rows import TABLES, clock_row, clocks_after, dumps, member_row
from bot.store.shared import check_member_fields


def rowcount(status: str) -> int:
    """The rows a statement touched, from its status (``UPDATE 1``, ``INSERT 0 1``)."""
    return int(status.rsplit(" ", 1)[-1])


def shard_filter(shards: Shards, first: int) -> tuple[str, list[Any]]:
    """The games of those shards (Discord's ``(guild_id >> 22) % shard_count``; a game
    outside a server is shard 0's), as a condition on ``g`` with parameters from ``$first``."""
    count, ids = shards
    return (f"((COALESCE(g.guild_id, 0) >> 22) % ${first}::bigint) = ANY(${first + 1}::bigint[])",
            [int(count), [int(i) for i in ids]])


class PgClockTables:
    clock: Callable[[], float]
    _states: Any

    async def _transaction(self, work: Callable[[Any], Any]) -> Any: ...  # PostgresStore's
    async def _fetch(self, sql: str, *args: Any) -> list[Any]: ...  # PostgresStore's
    async def _statement(self, sql: str, *args: Any) -> str: ...  # PostgresStore's

    # -- clocks -------------------------------------------------------------------------
    async def next_due(self, *, shards: Shards | None = None) -> float | None:
        if shards is None:
            rows = await self._fetch("SELECT MIN(due) AS due FROM clocks")
        else:
            where, args = shard_filter(shards, 1)
            rows = await self._fetch(
                f"SELECT MIN(c.due) AS due FROM clocks c JOIN games g ON g.id = c.game_id WHERE {where}", *args)
        return rows[0]["due"] if rows else None

    async def due_clocks(self, now: float, limit: int = 500, *, shards: Shards | None = None) -> list[DueClock]:
        """The clocks due at ``now``, earliest first; rows another process is writing at this
        moment (a move, its timeout being fired) are skipped, not waited for (``SKIP LOCKED``):
        they are not due any more, or that process fires them."""
        where, args = shard_filter(shards, 3) if shards is not None else ("TRUE", [])
        rows = await self._fetch(
            "SELECT c.*, g.channel_id, g.guild_id FROM clocks c JOIN games g ON g.id = c.game_id"
            f" WHERE c.due <= $1 AND {where} ORDER BY c.due LIMIT $2 FOR UPDATE OF c SKIP LOCKED",
            float(now), limit, *args)
        return [DueClock(r["game_id"], r["channel_id"], r["guild_id"], clock_row(r)) for r in rows]

    async def _write_clocks(self, conn: Any, game_id: int, changes: dict[str, dict[str, Any] | None]) -> None:
        """Inside a transaction: start, replace or stop (``None``) the clocks named."""
        stopped = [seat for seat, clock in changes.items() if clock is None]
        if stopped:
            await conn.execute("DELETE FROM clocks WHERE game_id = $1 AND seat = ANY($2::text[])", game_id, stopped)
        rows = [(game_id, seat, float(c["started"]), float(c["deadline"]), json.dumps(c["reminders"]), int(c["sent"]),
                 int(c["off_turn"]), None if c["paused_until"] is None else float(c["paused_until"]), float(c["due"]))
                for seat, c in changes.items() if c is not None]
        if rows:
            await conn.executemany(
                "INSERT INTO clocks (game_id, seat, started, deadline, reminders, sent, off_turn, paused_until, due)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (game_id, seat) DO UPDATE SET"
                " started = excluded.started, deadline = excluded.deadline, reminders = excluded.reminders,"
                " sent = excluded.sent, off_turn = excluded.off_turn, paused_until = excluded.paused_until,"
                " due = excluded.due", rows)

    async def set_clocks(self, game_id: int, changes: dict[str, dict[str, Any] | None],
                         expected: dict[str, dict[str, Any]] | None = None) -> bool:
        """As the SQLite store's: only if the clocks in ``expected`` are still exactly so.
        The rows are locked while compared (``FOR UPDATE``), so of two processes firing the
        same clock the second sees the first one's write and gives up."""

        async def work(conn: Any) -> bool:
            for seat, was in (expected or {}).items():
                row = await conn.fetchrow(
                    "SELECT * FROM clocks WHERE game_id = $1 AND seat = $2 FOR UPDATE", game_id, seat)
                if row is None or clock_row(row) != was:
                    return False
            await self._write_clocks(conn, game_id, changes)
            return True

        return await self._transaction(work)

    async def clocks_of_members(self, guild_id: int, user_id: str) -> list[tuple[int, dict[str, Any]]]:
        rows = await self._fetch(
            "SELECT c.* FROM clocks c JOIN games g ON g.id = c.game_id"
            " WHERE g.guild_id = $1 AND c.seat = $2 AND g.status = 'running'", guild_id, user_id)
        return [(r["game_id"], clock_row(r)) for r in rows]

    async def games_with_ai(self) -> list[int]:
        rows = await self._fetch(
            "SELECT id FROM games WHERE status = 'running' AND state IS NOT NULL AND ai <> '{}' ORDER BY id")
        return [r["id"] for r in rows]

    async def games_without_clocks(self) -> list[int]:
        rows = await self._fetch(
            "SELECT g.id FROM games g WHERE g.status = 'running' AND g.state IS NOT NULL"
            " AND NOT (g.timing::json ->> 'turn_time' IS NOT DISTINCT FROM 'none'"
            "          AND g.timing::json ->> 'reply_time' IS NOT DISTINCT FROM 'none')"
            " AND NOT EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = g.id)")
        return [r["id"] for r in rows]

    # -- members ------------------------------------------------------------------------
    async def member(self, guild_id: int | None, user_id: str) -> MemberSettings:
        if guild_id is None:
            return MemberSettings()
        rows = await self._fetch("SELECT * FROM members WHERE guild_id = $1 AND user_id = $2", guild_id, user_id)
        return member_row(rows[0]) if rows else MemberSettings()

    def _member_upsert(self, guild_id: int, user_id: str, fields: dict[str, Any]) -> tuple[str, list[Any]]:
        check_member_fields(fields)
        floats = ("away_from", "away_until", "away_days")
        values = [float(v) if k in floats and v is not None else int(v) if k == "hidden" else v
                  for k, v in fields.items()]
        cols = ", ".join(fields)
        marks = ", ".join(f"${i}" for i in range(4, 4 + len(fields)))
        updates = ", ".join(f"{k} = excluded.{k}" for k in fields)
        return (f"INSERT INTO members (guild_id, user_id, updated_at, {cols}) VALUES ($1, $2, $3, {marks})"
                f" ON CONFLICT (guild_id, user_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
                [guild_id, user_id, float(self.clock()), *values])

    async def set_member(self, guild_id: int, user_id: str, **fields: Any) -> MemberSettings:
        sql, args = self._member_upsert(guild_id, user_id, fields)
        await self._statement(sql, *args)
        return await self.member(guild_id, user_id)

    async def set_vacation(self, guild_id: int, user_id: str, moves: dict[int, tuple[dict[str, Any], dict[str, Any]]],
                           **fields: Any) -> int:
        """As the SQLite store's: the clocks moved and the member's row, in one transaction
        (each clock locked while compared)."""
        sql, args = self._member_upsert(guild_id, user_id, fields)

        async def work(conn: Any) -> int:
            moved = 0
            for game_id, (clock, was) in moves.items():
                row = await conn.fetchrow(
                    "SELECT * FROM clocks WHERE game_id = $1 AND seat = $2 FOR UPDATE", game_id, user_id)
                if row is not None and clock_row(row) == was:
                    await self._write_clocks(conn, game_id, {user_id: clock})
                    moved += 1
            await conn.execute(sql, *args)
            return moved

        return await self._transaction(work)

    # -- notes --------------------------------------------------------------------------
    async def add_note(self, game_id: int, kind: str, seat: str | None, data: dict[str, Any] | None = None) -> None:
        await self._statement("INSERT INTO notes (game_id, at, kind, seat, data) VALUES ($1, $2, $3, $4, $5)",
                              game_id, float(self.clock()), kind, seat, json.dumps(data or {}))

    async def notes(self, game_id: int) -> list[Note]:
        # notes are only ever inserted: their physical order (ctid) is the order written
        rows = await self._fetch("SELECT * FROM notes WHERE game_id = $1 ORDER BY at, ctid", game_id)
        return [Note(r["at"], r["kind"], r["seat"], json.loads(r["data"])) for r in rows]

    # -- taking actions back ---------------------------------------------------------------
    async def take_back(self, row: GameRow, seqs: list[int], new_state: dict[str, Any], status: str,
                        clocks: dict[str, dict[str, Any] | None] | None, note: tuple[str, str | None, dict[str, Any]],
                        players: list[str] | None = None) -> GameRow:
        now = float(self.clock())
        text = dumps(new_state)

        async def work(conn: Any) -> None:
            done = await conn.execute(
                "UPDATE games SET state = $1, status = $2, version = version + 1, updated_at = $3,"
                " players = COALESCE($4::text, players) WHERE id = $5 AND version = $6",
                text, status, now, None if players is None else dumps(players), row.id, row.version)
            if rowcount(done) != 1:
                raise Conflict("the game changed meanwhile")
            done = await conn.execute(
                "UPDATE actions SET undone_at = $1 WHERE game_id = $2 AND undone_at IS NULL AND seq = ANY($3::bigint[])",
                now, row.id, list(seqs))
            if rowcount(done) != len(seqs):
                raise Conflict("the log changed meanwhile")
            await conn.execute("DELETE FROM snapshots WHERE game_id = $1 AND seq >= $2", row.id, min(seqs))
            await conn.execute("INSERT INTO notes (game_id, at, kind, seat, data) VALUES ($1, $2, $3, $4, $5)",
                               row.id, now, note[0], note[1], dumps(note[2]))
            if clocks:
                await self._write_clocks(conn, row.id, clocks)

        await self._transaction(work)
        self._states.put(row.id, row.version + 1, new_state)
        return dataclasses.replace(row, state=new_state, status=status, version=row.version + 1, updated_at=now,
                                   players=list(players) if players is not None else row.players,
                                   clocks=clocks_after(row.clocks, clocks, status))

    # -- the rows as they are (copy-db) ------------------------------------------------------
    async def game_ids(self) -> list[int]:
        return [r["id"] for r in await self._fetch("SELECT id FROM games ORDER BY id")]

    async def dump_rows(self, table: str, game_ids: list[int] | None = None) -> list[dict[str, Any]]:
        """Every row of ``table`` (of those games only, for a table of games' rows), as
        stored, in a fixed order."""
        order = TABLES[table] + (", ctid" if table == "notes" else "")
        if game_ids is None:
            rows = await self._fetch(f"SELECT * FROM {table} ORDER BY {order}")
        else:
            key = "id" if table == "games" else "game_id"
            rows = await self._fetch(f"SELECT * FROM {table} WHERE {key} = ANY($1::bigint[]) ORDER BY {order}",
                                     list(game_ids))
        return [dict(r) for r in rows]

    async def load_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Insert rows as they are (ids kept), in one transaction."""
        if not rows:
            return
        TABLES[table]  # noqa: B018 - only our tables
        columns = list(rows[0])
        floats = await self._float_columns(table)
        names = ", ".join(columns)
        marks = ", ".join(f"${i}" for i in range(1, len(columns) + 1))
        values = [tuple(float(r[c]) if c in floats and r[c] is not None else r[c] for c in columns) for r in rows]

        async def work(conn: Any) -> None:
            await conn.executemany(f"INSERT INTO {table} ({names}) VALUES ({marks})", values)
            if table == "games":
                await conn.execute("SELECT setval(pg_get_serial_sequence('games', 'id'), (SELECT MAX(id) FROM games))")

        await self._transaction(work)

    async def _float_columns(self, table: str) -> set[str]:
        rows = await self._fetch("SELECT column_name FROM information_schema.columns WHERE table_name = $1"
                                 " AND table_schema = current_schema() AND data_type = 'double precision'", table)
        return {r["column_name"] for r in rows}
