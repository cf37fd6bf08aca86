"""The SQLite store's tables of asynchronous play: the running clocks, members' settings
(reminders, vacations), the notes the log shows beside the actions, and taking actions
back (undo, rollback).

A mixin of :class:`bot.store.sqlite.SqliteStore` (it uses its connection, lock and
transactions). A clock is a row per (game, seat) with the time it next falls due
(``due``, indexed): the scheduler reads the smallest, never every game.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any

import aiosqlite

from bot.store.protocol import Conflict, DueClock, GameRow, MemberSettings, Note, Shards
from bot.store.rows import TABLES, clocks_after, dumps, member_row
from bot.store.rows import clock_row as _clock
from bot.store.shared import check_member_fields


def shard_filter(shards: Shards) -> tuple[str, tuple[int, ...]]:
    """The games of those shards (Discord's formula: ``(guild_id >> 22) % shard_count``;
    a game outside a server is shard 0's), as a condition on ``g``."""
    count, ids = shards
    marks = ", ".join("?" for _ in ids) or "NULL"
    return f"((COALESCE(g.guild_id, 0) >> 22) % ?) IN ({marks})", (int(count), *map(int, ids))


class ClockTables:
    db: aiosqlite.Connection
    clock: Callable[[], float]
    _states: Any  # SqliteStore's parsed-state cache

    async def _transaction(self, work: Callable[[], Any]) -> Any: ...  # SqliteStore's
    async def _statement(self, sql: str, args: tuple[Any, ...]) -> None: ...  # SqliteStore's

    # -- clocks -------------------------------------------------------------------------
    async def next_due(self, *, shards: Shards | None = None) -> float | None:
        """When the first clock of all falls due (None: no clock runs); with ``shards``
        (shard count, shard ids), of those shards' games only."""
        if shards is None:
            rows = await self.db.execute_fetchall("SELECT MIN(due) AS due FROM clocks")
        else:
            where, args = shard_filter(shards)
            rows = await self.db.execute_fetchall(
                f"SELECT MIN(c.due) AS due FROM clocks c JOIN games g ON g.id = c.game_id WHERE {where}", args)
        return rows[0]["due"] if rows else None

    async def due_clocks(self, now: float, limit: int = 500, *, shards: Shards | None = None) -> list[DueClock]:
        """The clocks due at ``now``, earliest first, with their game's channel (of
        ``shards``' games only, if given)."""
        where, args = shard_filter(shards) if shards is not None else ("1", ())
        rows = await self.db.execute_fetchall(
            "SELECT c.*, g.channel_id, g.guild_id FROM clocks c JOIN games g ON g.id = c.game_id"
            f" WHERE c.due <= ? AND {where} ORDER BY c.due LIMIT ?", (now, *args, limit))
        return [DueClock(r["game_id"], r["channel_id"], r["guild_id"], _clock(r)) for r in rows]

    async def _write_clocks(self, game_id: int, changes: dict[str, dict[str, Any] | None]) -> None:
        """Inside a transaction: start, replace or stop (``None``) the clocks named."""
        for seat, clock in changes.items():
            if clock is None:
                await self.db.execute("DELETE FROM clocks WHERE game_id = ? AND seat = ?", (game_id, seat))
                continue
            await self.db.execute(
                "INSERT OR REPLACE INTO clocks (game_id, seat, started, deadline, reminders, sent, off_turn,"
                " paused_until, due) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, seat, clock["started"], clock["deadline"], json.dumps(clock["reminders"]),
                 clock["sent"], int(clock["off_turn"]), clock["paused_until"], clock["due"]))

    async def set_clocks(self, game_id: int, changes: dict[str, dict[str, Any] | None],
                         expected: dict[str, dict[str, Any]] | None = None) -> bool:
        """Change some clocks of a game in one transaction. With ``expected`` (seat → the
        clock as read), only if each is still exactly so: ``False`` and nothing written
        otherwise, so that two processes never both send a reminder or move a clock."""

        async def work() -> bool:
            for seat, was in (expected or {}).items():
                rows = await self.db.execute_fetchall(
                    "SELECT * FROM clocks WHERE game_id = ? AND seat = ?", (game_id, seat))
                if not rows or _clock(rows[0]) != was:
                    return False
            await self._write_clocks(game_id, changes)
            return True

        return await self._transaction(work)

    async def clocks_of_members(self, guild_id: int, user_id: str) -> list[tuple[int, dict[str, Any]]]:
        """The running clocks of a member in a server's games: (game id, clock)."""
        rows = await self.db.execute_fetchall(
            "SELECT c.* FROM clocks c JOIN games g ON g.id = c.game_id"
            " WHERE g.guild_id = ? AND c.seat = ? AND g.status = 'running'", (guild_id, user_id))
        return [(r["game_id"], _clock(r)) for r in rows]

    async def games_without_clocks(self) -> list[int]:
        """Running games with a clock in their timing but none running (a restart after a
        reset, say): the scheduler starts theirs."""
        rows = await self.db.execute_fetchall(
            "SELECT g.id FROM games g WHERE g.status = 'running' AND g.state IS NOT NULL"
            " AND NOT (json_extract(g.timing, '$.turn_time') = 'none'"
            "          AND json_extract(g.timing, '$.reply_time') = 'none')"
            " AND NOT EXISTS (SELECT 1 FROM clocks c WHERE c.game_id = g.id)")
        return [r["id"] for r in rows]

    async def games_with_ai(self) -> list[int]:
        """Running games with a seat the AI plays (a restart resumes those waiting on it)."""
        rows = await self.db.execute_fetchall(
            "SELECT id FROM games WHERE status = 'running' AND state IS NOT NULL AND ai != '{}' ORDER BY id")
        return [r["id"] for r in rows]

    # -- members ------------------------------------------------------------------------
    async def member(self, guild_id: int | None, user_id: str) -> MemberSettings:
        if guild_id is None:
            return MemberSettings()
        rows = await self.db.execute_fetchall(
            "SELECT * FROM members WHERE guild_id = ? AND user_id = ?", (guild_id, user_id))
        if not rows:
            return MemberSettings()
        r = rows[0]
        return member_row(r)

    def _member_upsert(self, guild_id: int, user_id: str, fields: dict[str, Any]) -> tuple[str, tuple[Any, ...]]:
        check_member_fields(fields)
        cols = ", ".join(fields)
        marks = ", ".join("?" for _ in fields)
        updates = ", ".join(f"{k} = excluded.{k}" for k in fields)
        return (f"INSERT INTO members (guild_id, user_id, {cols}, updated_at) VALUES (?, ?, {marks}, ?)"
                f" ON CONFLICT(guild_id, user_id) DO UPDATE SET {updates}, updated_at = excluded.updated_at",
                (guild_id, user_id, *fields.values(), self.clock()))

    async def set_member(self, guild_id: int, user_id: str, **fields: Any) -> MemberSettings:
        await self._statement(*self._member_upsert(guild_id, user_id, fields))
        return await self.member(guild_id, user_id)

    async def set_vacation(self, guild_id: int, user_id: str, moves: dict[int, tuple[dict[str, Any], dict[str, Any]]],
                           **fields: Any) -> int:
        """A vacation taken or ended, in one transaction: each game's clock of the member
        moved (game id → (the new clock, the clock as read); one that changed since it was
        read is left as it is) and the member's row (``fields``, as :meth:`set_member`).
        All of it is written or nothing: a crash never leaves some clocks paused and the
        days not counted. Returns how many clocks moved."""
        sql, args = self._member_upsert(guild_id, user_id, fields)

        async def work() -> int:
            moved = 0
            for game_id, (clock, was) in moves.items():
                rows = await self.db.execute_fetchall(
                    "SELECT * FROM clocks WHERE game_id = ? AND seat = ?", (game_id, user_id))
                if rows and _clock(rows[0]) == was:
                    await self._write_clocks(game_id, {user_id: clock})
                    moved += 1
            await self.db.execute(sql, args)
            return moved

        return await self._transaction(work)

    # -- notes --------------------------------------------------------------------------
    async def add_note(self, game_id: int, kind: str, seat: str | None, data: dict[str, Any] | None = None) -> None:
        await self._statement("INSERT INTO notes (game_id, at, kind, seat, data) VALUES (?, ?, ?, ?, ?)",
                              (game_id, self.clock(), kind, seat, json.dumps(data or {})))

    async def notes(self, game_id: int) -> list[Note]:
        rows = await self.db.execute_fetchall(
            "SELECT * FROM notes WHERE game_id = ? ORDER BY at, rowid", (game_id,))
        return [Note(r["at"], r["kind"], r["seat"], json.loads(r["data"])) for r in rows]

    # -- taking actions back ---------------------------------------------------------------
    async def take_back(self, row: GameRow, seqs: list[int], new_state: dict[str, Any], status: str,
                        clocks: dict[str, dict[str, Any] | None] | None, note: tuple[str, str | None, dict[str, Any]],
                        players: list[str] | None = None) -> GameRow:
        """Take actions back (undo, rollback), as one transaction: they stay in the log,
        marked; the game gets ``new_state`` (the rest of the log replayed) with a version
        check, its clocks change, and the log notes who did it (``note``: kind, seat, data)."""
        now = self.clock()
        text = dumps(new_state)

        async def work() -> None:
            cur = await self.db.execute(
                "UPDATE games SET state = ?, status = ?, version = version + 1, updated_at = ?,"
                " players = COALESCE(?, players) WHERE id = ? AND version = ?",
                (text, status, now, None if players is None else dumps(players), row.id, row.version))
            if cur.rowcount != 1:
                raise Conflict("the game changed meanwhile")
            marks = ", ".join("?" for _ in seqs)
            cur = await self.db.execute(
                f"UPDATE actions SET undone_at = ? WHERE game_id = ? AND undone_at IS NULL AND seq IN ({marks})",
                (now, row.id, *seqs))
            if cur.rowcount != len(seqs):
                raise Conflict("the log changed meanwhile")
            await self.db.execute("DELETE FROM snapshots WHERE game_id = ? AND seq >= ?", (row.id, min(seqs)))
            await self.db.execute("INSERT INTO notes (game_id, at, kind, seat, data) VALUES (?, ?, ?, ?, ?)",
                                  (row.id, now, note[0], note[1], dumps(note[2])))
            if clocks:
                await self._write_clocks(row.id, clocks)

        await self._transaction(work)
        self._states.put(row.id, row.version + 1, new_state)
        return dataclasses.replace(row, state=new_state, status=status, version=row.version + 1, updated_at=now,
                                   players=list(players) if players is not None else row.players,
                                   clocks=clocks_after(row.clocks, clocks, status))

    # -- the rows as they are (copy-db) ------------------------------------------------------
    async def game_ids(self) -> list[int]:
        return [r[0] for r in await self.db.execute_fetchall("SELECT id FROM games ORDER BY id")]

    async def dump_rows(self, table: str, game_ids: list[int] | None = None) -> list[dict[str, Any]]:
        """Every row of ``table`` (of those games only, for a table of games' rows), as
        stored, in a fixed order."""
        order = TABLES[table] + (", rowid" if table == "notes" else "")
        if game_ids is None:
            rows = await self.db.execute_fetchall(f"SELECT * FROM {table} ORDER BY {order}")
        else:
            key = "id" if table == "games" else "game_id"
            marks = ", ".join("?" for _ in game_ids) or "NULL"
            rows = await self.db.execute_fetchall(
                f"SELECT * FROM {table} WHERE {key} IN ({marks}) ORDER BY {order}", tuple(game_ids))
        return [dict(r) for r in rows]

    async def load_rows(self, table: str, rows: list[dict[str, Any]]) -> None:
        """Insert rows as they are (ids kept), in one transaction."""
        if not rows:
            return
        TABLES[table]  # noqa: B018 - only our tables
        columns = list(rows[0])
        sql = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' for _ in columns)})"

        async def work() -> None:
            await self.db.executemany(sql, [tuple(r[c] for c in columns) for r in rows])

        await self._transaction(work)
