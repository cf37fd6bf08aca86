"""The SQLite store's ratings and history (migration 8): each rated game's results, the
ratings they led to, and the members kept out of the leaderboards. A mixin of
:class:`bot.store.sqlite.SqliteStore`; :mod:`bot.store.postgres_ratings` is its twin."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import aiosqlite

from bot.store.protocol import RatingRow, ResultRow
from bot.store.rows import rating_row, rating_values, result_row, result_values
from bot.store.shared import (
    RATINGS_UPSERT,
    RESULTS_INSERT,
    RESULTS_ORDER,
    UNRATED_GAMES,
    ratings_query,
    results_query,
)


class RatingTables:
    db: aiosqlite.Connection

    async def _transaction(self, work: Callable[[], Any]) -> Any: ...  # SqliteStore's

    async def record_results(self, game_id: int, results: list[ResultRow], ratings: list[RatingRow]) -> bool:
        async def work() -> bool:
            rows = await self.db.execute_fetchall("SELECT 1 FROM results WHERE game_id = ? LIMIT 1", (game_id,))
            if rows or not results:
                return False
            await self.db.executemany(RESULTS_INSERT, [result_values(r) for r in results])
            await self.db.executemany(RATINGS_UPSERT, [rating_values(r) for r in ratings])
            return True

        return await self._transaction(work)

    async def ratings(self, guild_id: int, game: str | None = None,
                      players: list[str] | None = None) -> list[RatingRow]:
        rows = await self.db.execute_fetchall(*ratings_query(guild_id, game, players))
        return [rating_row(r) for r in rows]

    async def results(self, guild_id: int, player: str, limit: int = 5, game: str | None = None) -> list[ResultRow]:
        rows = await self.db.execute_fetchall(*results_query(guild_id, player, limit, game))
        return [result_row(r) for r in rows]

    async def all_results(self) -> list[ResultRow]:
        rows = await self.db.execute_fetchall(f"SELECT * FROM results {RESULTS_ORDER}")
        return [result_row(r) for r in rows]

    async def replace_ratings(self, ratings: list[RatingRow]) -> None:
        async def work() -> None:
            await self.db.execute("DELETE FROM ratings")
            await self.db.executemany(RATINGS_UPSERT, [rating_values(r) for r in ratings])

        await self._transaction(work)

    async def unrated_games(self) -> list[int]:
        return [r[0] for r in await self.db.execute_fetchall(UNRATED_GAMES)]

    async def hidden_members(self, guild_id: int) -> set[str]:
        rows = await self.db.execute_fetchall("SELECT user_id FROM members WHERE guild_id = ? AND hidden != 0",
                                              (guild_id,))
        return {r[0] for r in rows}
