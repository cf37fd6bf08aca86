"""The PostgreSQL store's ratings and history (migration 8), the twin of
:mod:`bot.store.sqlite_ratings`: a mixin of :class:`bot.store.postgres.PostgresStore`."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.store.protocol import RatingRow, ResultRow
from bot.store.rows import rating_row, rating_values, result_row, result_values
from bot.store.shared import (
    RATINGS_UPSERT,
    RESULTS_INSERT,
    RESULTS_ORDER,
    UNRATED_GAMES,
    numbered,
    ratings_query,
    results_query,
)


class PgRatingTables:
    async def _transaction(self, work: Callable[[Any], Any]) -> Any: ...  # PostgresStore's
    async def _fetch(self, sql: str, *args: Any) -> list[Any]: ...  # PostgresStore's

    async def record_results(self, game_id: int, results: list[ResultRow], ratings: list[RatingRow]) -> bool:
        async def work(conn: Any) -> bool:
            # one game's results at a time: a second rating of the same game waits, then finds them
            await conn.execute("SELECT pg_advisory_xact_lock($1)", 31_000_000 + game_id)
            if not results or await conn.fetchval("SELECT 1 FROM results WHERE game_id = $1 LIMIT 1", game_id):
                return False
            await conn.executemany(numbered(RESULTS_INSERT), [result_values(r) for r in results])
            await conn.executemany(numbered(RATINGS_UPSERT), [rating_values(r) for r in ratings])
            return True

        return await self._transaction(work)

    async def ratings(self, guild_id: int, game: str | None = None,
                      players: list[str] | None = None) -> list[RatingRow]:
        sql, args = ratings_query(guild_id, game, players)
        return [rating_row(r) for r in await self._fetch(numbered(sql), *args)]

    async def results(self, guild_id: int, player: str, limit: int = 5, game: str | None = None) -> list[ResultRow]:
        sql, args = results_query(guild_id, player, limit, game)
        return [result_row(r) for r in await self._fetch(numbered(sql), *args)]

    async def all_results(self) -> list[ResultRow]:
        return [result_row(r) for r in await self._fetch(f"SELECT * FROM results {RESULTS_ORDER}")]

    async def replace_ratings(self, ratings: list[RatingRow]) -> None:
        async def work(conn: Any) -> None:
            await conn.execute("DELETE FROM ratings")
            await conn.executemany(numbered(RATINGS_UPSERT), [rating_values(r) for r in ratings])

        await self._transaction(work)

    async def unrated_games(self) -> list[int]:
        return [r["id"] for r in await self._fetch(UNRATED_GAMES)]

    async def hidden_members(self, guild_id: int) -> set[str]:
        rows = await self._fetch("SELECT user_id FROM members WHERE guild_id = $1 AND hidden != 0", guild_id)
        return {r["user_id"] for r in rows}
