"""SQLite persistence (aiosqlite): games, their full action log, guild settings.

One file, WAL mode. Every accepted action is one transaction: append to ``actions`` and
write the new state with ``version = version + 1 WHERE version = old``. A refused action
writes nothing. The connection is shared, so a lock keeps transactions from interleaving.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

ACTIVE = ("lobby", "running")

MIGRATIONS: list[str] = [
    # 1: the first schema
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        channel_id INTEGER NOT NULL,
        guild_id INTEGER,
        game TEXT NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'ended')),
        host_id TEXT NOT NULL,
        options TEXT NOT NULL,
        players TEXT NOT NULL,
        seed INTEGER NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        lobby_message_id INTEGER,
        prompt_message_id INTEGER,
        names TEXT NOT NULL DEFAULT '{}',
        created_at REAL NOT NULL,
        updated_at REAL NOT NULL,
        turn_started_at REAL
    );
    CREATE UNIQUE INDEX games_one_active_per_channel
        ON games(channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_by_channel ON games(channel_id, id);
    CREATE TABLE actions (
        game_id INTEGER NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        seat TEXT NOT NULL,
        action TEXT NOT NULL,
        events TEXT NOT NULL,
        created_at REAL NOT NULL,
        PRIMARY KEY (game_id, seq)
    );
    CREATE TABLE guild_settings (
        guild_id INTEGER PRIMARY KEY,
        moderator_role_id INTEGER,
        updated_at REAL NOT NULL
    );
    """,
]


class StoreError(Exception):
    pass


class Conflict(StoreError):
    """Somebody else changed the game first (version check), or a channel already has one."""


@dataclass
class GameRow:
    id: int
    channel_id: int
    guild_id: int | None
    game: str
    status: str
    host_id: str
    options: dict[str, Any]
    players: list[str]
    seed: int
    state: dict[str, Any] | None
    version: int
    lobby_message_id: int | None
    prompt_message_id: int | None
    names: dict[str, str]
    created_at: float
    updated_at: float
    turn_started_at: float | None

    @classmethod
    def from_sql(cls, row: aiosqlite.Row) -> GameRow:
        return cls(
            id=row["id"],
            channel_id=row["channel_id"],
            guild_id=row["guild_id"],
            game=row["game"],
            status=row["status"],
            host_id=row["host_id"],
            options=json.loads(row["options"]),
            players=json.loads(row["players"]),
            seed=row["seed"],
            state=json.loads(row["state"]) if row["state"] is not None else None,
            version=row["version"],
            lobby_message_id=row["lobby_message_id"],
            prompt_message_id=row["prompt_message_id"],
            names=json.loads(row["names"]),
            created_at=row["created_at"],
            updated_at=row["updated_at"],
            turn_started_at=row["turn_started_at"],
        )


@dataclass
class ActionRow:
    seq: int
    seat: str
    action: dict[str, Any]
    events: list[dict[str, Any]]
    created_at: float


def _dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def database_path(url: str) -> str:
    """``sqlite:///relative.db``, ``sqlite:////abs/path.db``, a plain path, or ``:memory:``."""
    if url.startswith("sqlite://"):
        url = url[len("sqlite://"):]
        if url.startswith("/"):
            url = url[1:] if not url.startswith("//") else url[1:]
    return url or ":memory:"


@dataclass
class Store:
    db: aiosqlite.Connection
    clock: Callable[[], float] = time.time
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    # -- opening ----------------------------------------------------------------------
    @classmethod
    async def open(cls, url: str, clock: Callable[[], float] = time.time) -> Store:
        path = database_path(url)
        if path != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(path, isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA busy_timeout=5000")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA synchronous=NORMAL")
        store = cls(db, clock)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def schema_version(self) -> int:
        async with self.db.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0])

    async def migrate(self) -> None:
        """Apply the numbered migrations not yet recorded in ``PRAGMA user_version``."""
        async with self._lock:
            current = await self.schema_version()
            for number, script in enumerate(MIGRATIONS, start=1):
                if number <= current:
                    continue
                await self.db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in script.split(";"):
                        if statement.strip():
                            await self.db.execute(statement)
                    await self.db.execute(f"PRAGMA user_version = {number}")
                    await self.db.execute("COMMIT")
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise

    # -- reading ----------------------------------------------------------------------
    async def active_game(self, channel_id: int) -> GameRow | None:
        async with self.db.execute(
            "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return GameRow.from_sql(row) if row else None

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The active game, or else the last one played in this channel."""
        async with self.db.execute(
            "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1", (channel_id,)
        ) as cur:
            row = await cur.fetchone()
        return GameRow.from_sql(row) if row else None

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self.db.execute("SELECT * FROM games WHERE id = ?", (game_id,)) as cur:
            row = await cur.fetchone()
        return GameRow.from_sql(row) if row else None

    async def actions(self, game_id: int, last: int | None = None) -> list[ActionRow]:
        if last is None:
            sql, args = "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
        else:
            sql = "SELECT * FROM (SELECT * FROM actions WHERE game_id = ? ORDER BY seq DESC LIMIT ?) ORDER BY seq"
            args = (game_id, last)
        async with self.db.execute(sql, args) as cur:
            rows = await cur.fetchall()
        return [
            ActionRow(r["seq"], r["seat"], json.loads(r["action"]), json.loads(r["events"]), r["created_at"])
            for r in rows
        ]

    async def running_games(self) -> list[GameRow]:
        async with self.db.execute("SELECT * FROM games WHERE status IN ('lobby', 'running')") as cur:
            rows = await cur.fetchall()
        return [GameRow.from_sql(r) for r in rows]

    async def moderator_role(self, guild_id: int) -> int | None:
        async with self.db.execute(
            "SELECT moderator_role_id FROM guild_settings WHERE guild_id = ?", (guild_id,)
        ) as cur:
            row = await cur.fetchone()
        return row["moderator_role_id"] if row else None

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

    async def create_lobby(
        self, channel_id: int, guild_id: int | None, game: str, host_id: str,
        options: dict[str, Any], seed: int, names: dict[str, str] | None = None,
    ) -> GameRow:
        now = self.clock()

        async def work() -> int:
            try:
                cur = await self.db.execute(
                    "INSERT INTO games (channel_id, guild_id, game, status, host_id, options, players, seed,"
                    " names, created_at, updated_at) VALUES (?, ?, ?, 'lobby', ?, ?, ?, ?, ?, ?, ?)",
                    (channel_id, guild_id, game, host_id, _dumps(options), _dumps([host_id]), seed,
                     _dumps(names or {}), now, now),
                )
            except aiosqlite.IntegrityError as err:
                raise Conflict("this channel already has a game") from err
            return cur.lastrowid

        game_id = await self._transaction(work)
        row = await self.get_game(game_id)
        assert row is not None
        return row

    async def update_game(self, row: GameRow, **changes: Any) -> GameRow:
        """Change lobby fields (players, status, lobby message, state…) with a version check."""
        now = self.clock()
        allowed = {"players", "status", "lobby_message_id", "prompt_message_id", "state", "options",
                   "turn_started_at", "host_id", "names"}
        if set(changes) - allowed:
            raise ValueError(f"cannot change {set(changes) - allowed}")
        encoded = {
            k: (_dumps(v) if k in ("players", "state", "options", "names") and v is not None else v)
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

        await self._transaction(work)
        fresh = await self.get_game(row.id)
        assert fresh is not None
        return fresh

    async def commit_action(
        self, row: GameRow, seat: str, action: dict[str, Any], events: list[dict[str, Any]],
        new_state: dict[str, Any], status: str, new_turn: bool, players: list[str] | None = None,
    ) -> GameRow:
        """Append one action and write the state it led to, as one transaction."""
        now = self.clock()

        async def work() -> None:
            cur = await self.db.execute(
                "UPDATE games SET state = ?, status = ?, version = version + 1, updated_at = ?,"
                " turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END,"
                " players = COALESCE(?, players)"
                " WHERE id = ? AND version = ?",
                (_dumps(new_state), status, now, int(new_turn), now,
                 None if players is None else _dumps(players), row.id, row.version),
            )
            if cur.rowcount != 1:
                raise Conflict("the game changed meanwhile")
            async with self.db.execute(
                "SELECT COALESCE(MAX(seq), 0) + 1 FROM actions WHERE game_id = ?", (row.id,)
            ) as c:
                seq = (await c.fetchone())[0]
            await self.db.execute(
                "INSERT INTO actions (game_id, seq, seat, action, events, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                (row.id, seq, seat, _dumps(action), _dumps(events), now),
            )

        await self._transaction(work)
        fresh = await self.get_game(row.id)
        assert fresh is not None
        return fresh

    async def note_messages(self, game_id: int, **message_ids: int | None) -> None:
        """Remember the lobby or prompt message of a game. Bookkeeping, not game state:
        the version is left alone so the buttons just posted stay current."""
        if set(message_ids) - {"lobby_message_id", "prompt_message_id"}:
            raise ValueError(f"cannot note {set(message_ids)}")
        sets = ", ".join(f"{k} = ?" for k in message_ids)

        async def work() -> None:
            await self.db.execute(f"UPDATE games SET {sets} WHERE id = ?", (*message_ids.values(), game_id))

        await self._transaction(work)

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        now = self.clock()

        async def work() -> None:
            await self.db.execute(
                "INSERT INTO guild_settings (guild_id, moderator_role_id, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT(guild_id) DO UPDATE SET moderator_role_id = excluded.moderator_role_id,"
                " updated_at = excluded.updated_at",
                (guild_id, role_id, now),
            )

        await self._transaction(work)
