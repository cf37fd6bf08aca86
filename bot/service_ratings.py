"""Ratings and history, the use cases (a mixin of :class:`bot.service.GameService`).

When a game finishes (a move, the AI's, a timeout), :meth:`RatingCases.rate_finished` stores
each seat's place and the ratings it leads to (:mod:`bot.ratings`), in one transaction, once
per game: a retried end finds the results stored and changes nothing. A failure there never
undoes the move that ended the game: ``python -m bot ratings --rebuild`` rates what was left
out and recomputes every rating from the stored results (in a worker thread). ``/game stats``
reads a member's card and a game's leaderboard here.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot import ratings
from bot.rules import GAMES
from bot.service_ai import is_ai_seat
from bot.service_types import UserError
from bot.store import GameRow, MemberSettings, RatingRow, ResultRow

log = logging.getLogger("gamemaster")

RECENT = 5  # results on a member's card
BOARD = 10  # players on a leaderboard


@dataclass(frozen=True)
class StatsCard:
    """A member's card: their rating in each game they played (most played first) and their
    last results."""

    player: str
    hidden: bool
    ratings: list[tuple[str, ratings.Rating]]
    recent: list[ResultRow]


@dataclass(frozen=True)
class Rebuilt:
    rated_now: int  # finished games that had no results (rated by the rebuild)
    games: int  # rated games replayed
    ratings: int  # ratings written


def _rating(r: RatingRow) -> ratings.Rating:
    return ratings.Rating(r.player, r.name, r.mu, r.sigma, r.games, r.wins)


def _result(r: ResultRow) -> ratings.Result:
    return ratings.Result(r.seat, r.player, r.name, r.team, r.rank, r.won, r.score, r.ai_turns, r.away)


def _rows(guild_id: int, game: str, at: float, table: dict[str, ratings.Rating]) -> list[RatingRow]:
    return [RatingRow(guild_id, game, r.player, r.name, r.mu, r.sigma, r.games, r.wins, at)
            for r in sorted(table.values(), key=lambda r: r.player)]


def replay_results(results: list[ResultRow]) -> list[RatingRow]:
    """Every rating from the stored results alone (in the order given: games by end, then
    id), per server and game: what a rebuild writes. CPU work: run it in a worker thread."""
    tables: dict[tuple[int, str], dict[str, ratings.Rating]] = {}
    when: dict[tuple[int, str, str], float] = {}
    by_game: dict[int, list[ResultRow]] = {}
    for r in results:
        by_game.setdefault(r.game_id, []).append(r)
    for rows in by_game.values():
        key = (rows[0].guild_id, rows[0].game)
        table = tables.setdefault(key, {})
        new = ratings.rate(table, [_result(r) for r in rows])
        table.update(new)
        for player in new:
            when[(*key, player)] = rows[0].ended_at
    return [RatingRow(g, game, r.player, r.name, r.mu, r.sigma, r.games, r.wins, when[(g, game, r.player)])
            for (g, game), table in sorted(tables.items()) for r in sorted(table.values(), key=lambda r: r.player)]


class RatingCases:
    """The host class gives ``store``."""

    _ratings_lock: asyncio.Lock | None = None

    def _rating_lock(self) -> asyncio.Lock:
        if self._ratings_lock is None:
            self._ratings_lock = asyncio.Lock()
        return self._ratings_lock

    # -- a game ends -------------------------------------------------------------------------
    async def rate_finished(self: Any, row: GameRow) -> bool:
        """Store the results of ``row`` (just finished) and update its players' ratings, once.
        Returns whether it rated it now. Never raises: a move that ended a game stands."""
        try:
            return await self._rate(row)
        except Exception:
            log.exception("rating game %s failed (python -m bot ratings --rebuild rates it)", row.id)
            return False

    async def _rate(self: Any, row: GameRow) -> bool:
        results = await self._results_of(row, row.updated_at)
        if not results:
            return False
        async with self._rating_lock():
            players = sorted({r.player for r in results})
            table = {r.player: _rating(r) for r in await self.store.ratings(row.guild_id, row.game, players)}
            new = ratings.rate(table, [_result(r) for r in results])
            return await self.store.record_results(row.id, results, _rows(row.guild_id, row.game, row.updated_at, new))

    async def _results_of(self: Any, row: GameRow, ended_at: float) -> list[ResultRow]:
        """Each seat's place in ``row`` as stored, or none if the game is not rated (see
        :func:`bot.ratings.is_rated`): AI turns from the notes, vacations from the members."""
        if row.status != "finished" or row.state is None or row.guild_id is None or row.game not in GAMES:
            return []
        engine = GAMES[row.game]
        if engine.outcome(row.state) is None:
            return []
        notes = await self.store.notes(row.id)
        ai_turns = Counter(n.seat for n in notes if n.kind == "ai_turn" and n.seat)
        away = []
        for seat in engine.turn_info(row.state).order:
            if is_ai_seat(seat):
                continue
            member: MemberSettings = await self.store.member(row.guild_id, seat)
            if member.away_from is not None and member.away_until is not None \
                    and member.away_from < ended_at and member.away_until > row.created_at:
                away.append(seat)
        found = ratings.results_of(engine, row.state, row.ai, row.names, is_ai_seat, ai_turns, away)
        if not ratings.is_rated(row.status, row.guild_id, found):
            return []
        return [ResultRow(row.id, r.seat, r.player, r.name, row.guild_id, row.game, r.team, r.rank, r.won, r.score,
                          r.ai_turns, r.away, len(found), ended_at) for r in found]

    # -- the command line ----------------------------------------------------------------------
    async def rebuild_ratings(self: Any) -> Rebuilt:
        """Rate the finished games left unrated (games from before ratings, a failed rating),
        then recompute every rating from the stored results, games by end then id."""
        rated_now = 0
        for game_id in await self.store.unrated_games():
            row = await self.store.get_game(game_id)
            if row is None:
                continue
            results = await self._results_of(row, row.updated_at)
            if results and await self.store.record_results(game_id, results, []):
                rated_now += 1
        results = await self.store.all_results()
        rows = await asyncio.to_thread(replay_results, results)
        async with self._rating_lock():
            await self.store.replace_ratings(rows)
        return Rebuilt(rated_now, len({r.game_id for r in results}), len(rows))

    async def rated_games(self: Any) -> list[int]:
        """The ids of the games whose results are stored."""
        return sorted({r.game_id for r in await self.store.all_results()})

    # -- /game stats ---------------------------------------------------------------------------
    @staticmethod
    def _check_stats(guild_id: int | None, game: str | None) -> int:
        if guild_id is None:
            raise UserError("err.not_in_dm", "GameMaster plays in a server's channels: use its commands there, "
                                             "not in a direct message.")
        if game is not None and game not in GAMES:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=str(game)[:40])
        return guild_id

    async def stats_card(self: Any, guild_id: int | None, viewer: str, player: str, game: str | None = None) -> StatsCard:
        """``player``'s card in this server (of one game), as ``viewer`` may see it: a member
        kept out of the leaderboards shows their card to themselves only."""
        guild = self._check_stats(guild_id, game)
        hidden = (await self.store.member(guild, player)).hidden
        if hidden and viewer != player:
            raise UserError("err.stats_hidden", "That member keeps their stats to themselves.")
        rated = [(r.game, _rating(r)) for r in await self.store.ratings(guild, game, [player])]
        rated.sort(key=lambda gr: (-gr[1].games, gr[0]))
        return StatsCard(player, hidden, rated, await self.store.results(guild, player, RECENT, game))

    async def leaderboard(self: Any, guild_id: int | None, game: str, limit: int = BOARD) -> list[ratings.Rating]:
        """The server's best in ``game`` (AI levels included), members who hid themselves left out."""
        guild = self._check_stats(guild_id, game)
        table = [_rating(r) for r in await self.store.ratings(guild, game)]
        return ratings.leaderboard(table, await self.store.hidden_members(guild))[:limit]

    async def set_stats_hidden(self: Any, guild_id: int | None, user_id: str, hidden: bool) -> MemberSettings:
        if guild_id is None:
            raise UserError("err.guild_only", "Settings belong to a server: use this command in one.")
        if not isinstance(hidden, bool):
            raise UserError("err.bad_value", "That value is not valid.")
        return await self.store.set_member(guild_id, user_id, hidden=hidden)
