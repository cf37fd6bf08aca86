"""The part of a store whose logic is the same on both backends, written once: a mixin of
:class:`~bot.store.sqlite.SqliteStore` and :class:`~bot.store.postgres.PostgresStore`.

Each backend gives ``commit_actions`` (its own transaction) and ``set_guild_settings``/
``guild_settings`` (its own SQL); what is built on them, and the checks and row shapes they
share, are here. SQL is written with ``?`` marks; PostgreSQL numbers them (:func:`numbered`).
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Mapping
from typing import Any

from bot.store.protocol import DEFAULT_LOBBY_IDLE_DAYS, ActionRow, Commit, GameRow, GuildSettings

PAGE = 2000  # rows of a log in memory at once when it is read a page at a time (action_pages)

MESSAGE_FIELDS = frozenset({"lobby_message_id", "prompt_message_id", "story_message_id", "story_posted"})
GUILD_FIELDS = frozenset({"moderator_role_id", "language", "lobby_idle_days", "turn_time", "reply_time",
                          "vacation_days"})


def check_message_fields(message_ids: Mapping[str, Any]) -> None:
    """Only a game's lobby, prompt and story messages are noted (bookkeeping, not game state)."""
    if set(message_ids) - MESSAGE_FIELDS:
        raise ValueError(f"cannot note {set(message_ids)}")


MEMBER_FIELDS = frozenset({"notify", "lang", "away_from", "away_until", "away_year", "away_days", "hidden"})


def check_member_fields(fields: Mapping[str, Any]) -> None:
    if not fields or set(fields) - MEMBER_FIELDS:
        raise ValueError(f"cannot set {set(fields) - MEMBER_FIELDS or 'nothing'}")


def check_guild_fields(fields: Mapping[str, Any]) -> None:
    if not fields or set(fields) - GUILD_FIELDS:
        raise ValueError(f"cannot set {set(fields) - GUILD_FIELDS or 'nothing'}")


def guild_row(row: Mapping[str, Any] | None) -> GuildSettings:
    """A ``guild_settings`` row (or none: the defaults) as the protocol's dataclass."""
    if row is None:
        return GuildSettings()
    return GuildSettings(row["moderator_role_id"], row["language"],
                         row["lobby_idle_days"] or DEFAULT_LOBBY_IDLE_DAYS, row["turn_time"], row["reply_time"],
                         row["vacation_days"])


def actions_query(game_id: int, last: int | None, after_version: int | None,
                  undone: bool, after_seq: int | None = None, before_seq: int | None = None,
                  first: int | None = None) -> tuple[str, tuple[Any, ...]]:
    """The log in order: all of it, its ``last`` entries, or those that took the game past
    ``after_version``; the actions taken back (undo, rollback) only if ``undone``; only
    those after ``after_seq`` and before ``before_seq`` when given (a replay from a snapshot);
    only the ``first`` of them when given (a page: see :func:`action_pages`)."""
    live = "" if undone else " AND undone_at IS NULL"
    args: tuple[Any, ...] = (game_id,)
    if after_seq is not None:
        live += " AND seq > ?"
        args += (after_seq,)
    if before_seq is not None:
        live += " AND seq < ?"
        args += (before_seq,)
    if after_version is not None:  # all that follows a version (or its ``first``), whatever ``last``
        live += " AND version > ?"
        args += (after_version,)
        last = None
    if first is not None:  # a page of the log, by its key (seq > the last page's last): an index range
        return f"SELECT * FROM actions WHERE game_id = ?{live} ORDER BY seq LIMIT ?", (*args, first)
    if last is None:
        return f"SELECT * FROM actions WHERE game_id = ?{live} ORDER BY seq", args
    return (f"SELECT * FROM (SELECT * FROM actions WHERE game_id = ?{live} ORDER BY seq DESC LIMIT ?) a"
            " ORDER BY seq", (*args, last))


SNAPSHOT_QUERY = "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq < ? ORDER BY seq DESC LIMIT 1"

# A running game keeps the snapshots of its last SNAPSHOT_RECENT seqs (an undo, a short
# rollback) and further back only the first of every SNAPSHOT_SPACING seqs (a long rollback
# replays at most that many actions more): a Walking Dead Conquest game of 20,000 actions
# keeps ~250 states (~1 MB), not its ~5,000 turn starts.
SNAPSHOT_RECENT = 200
SNAPSHOT_SPACING = 100
SNAPSHOTS_THINNED = (  # after a snapshot is written at seq ``newest``: (game, newest, game)
    f"DELETE FROM snapshots WHERE game_id = ? AND seq < ? - {SNAPSHOT_RECENT} AND seq NOT IN"
    f" (SELECT MIN(seq) FROM snapshots WHERE game_id = ? GROUP BY seq / {SNAPSHOT_SPACING})")


# ratings and history (migration 8), in SQLite's marks (PostgreSQL numbers them)
RESULTS_INSERT = ("INSERT INTO results (game_id, seat, player, name, guild_id, game, team, rank, won, score,"
                  " ai_turns, away, seats, ended_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
RATINGS_UPSERT = ("INSERT INTO ratings (guild_id, game, player, name, mu, sigma, games, wins, updated_at)"
                  " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (guild_id, game, player) DO UPDATE SET"
                  " name = excluded.name, mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
                  " wins = excluded.wins, updated_at = excluded.updated_at")
RESULTS_ORDER = "ORDER BY ended_at, game_id, rank, team, seat"
UNRATED_GAMES = ("SELECT g.id FROM games g WHERE g.status = 'finished' AND g.state IS NOT NULL"
                 " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id) ORDER BY g.updated_at, g.id")


def ratings_query(guild_id: int, game: str | None, players: list[str] | None) -> tuple[str, tuple[Any, ...]]:
    sql, args = "SELECT * FROM ratings WHERE guild_id = ?", (guild_id,)
    if game is not None:
        sql, args = sql + " AND game = ?", (*args, game)
    if players is not None:
        sql += f" AND player IN ({', '.join('?' for _ in players) or 'NULL'})"
        args = (*args, *players)
    return sql + " ORDER BY game, player", args


def results_query(guild_id: int, player: str, limit: int, game: str | None) -> tuple[str, tuple[Any, ...]]:
    sql, args = "SELECT * FROM results WHERE guild_id = ? AND player = ?", (guild_id, player)
    if game is not None:
        sql, args = sql + " AND game = ?", (*args, game)
    return sql + " ORDER BY ended_at DESC, game_id DESC LIMIT ?", (*args, limit)


_MARK = re.compile(r"\?")


def numbered(sql: str) -> str:
    """``?`` marks as PostgreSQL's ``$1, $2 …`` (the shared queries hold no literal ``?``)."""
    count = iter(range(1, 1 << 16))
    return _MARK.sub(lambda _: f"${next(count)}", sql)


class SharedCases:
    """What both stores build the same way on their own ``commit_actions`` and settings."""

    async def commit_actions(self, commits: list[Commit], all_or_nothing: bool = False) -> list[GameRow | None]:
        raise NotImplementedError

    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        raise NotImplementedError

    async def set_guild_settings(self, guild_id: int, **fields: Any) -> GuildSettings:
        raise NotImplementedError

    async def actions(self, game_id: int, last: int | None = None, after_version: int | None = None,
                      undone: bool = False, after_seq: int | None = None, before_seq: int | None = None,
                      first: int | None = None) -> list[ActionRow]:
        raise NotImplementedError

    async def action_pages(self, game_id: int, undone: bool = False, page: int = PAGE) -> AsyncIterator[list[ActionRow]]:
        """A game's whole log a page at a time, in order (keyset pagination on ``seq``: each
        page an index range after the last one's last ``seq``, never an OFFSET): export,
        replay and the story hold one page of rows, not the whole log (issue 29)."""
        after: int | None = None
        while True:
            rows = await self.actions(game_id, undone=undone, after_seq=after, first=page)
            if rows:
                yield rows
            if len(rows) < page:
                return
            after = rows[-1].seq

    async def commit_action(
        self, row: GameRow, seat: str, action: dict[str, Any], events: list[dict[str, Any]],
        new_state: dict[str, Any], status: str, new_turn: bool, players: list[str] | None = None,
        clocks: dict[str, dict[str, Any] | None] | None = None,
    ) -> GameRow:
        """Append one action and write the state it led to, as one transaction, with the
        clocks it changes (``clocks``: seat → the clock's row, or ``None`` to stop it). The row
        returned is ``row`` as written, its state ``new_state`` itself: the game is not read
        back (its state is serialised once and never parsed again in this process)."""
        commit = Commit(row, seat, action, events, new_state, status, new_turn, players, clocks)
        [fresh] = await self.commit_actions([commit], all_or_nothing=True)
        assert fresh is not None
        return fresh

    async def moderator_role(self, guild_id: int) -> int | None:
        return (await self.guild_settings(guild_id)).moderator_role_id

    async def set_moderator_role(self, guild_id: int, role_id: int | None) -> None:
        await self.set_guild_settings(guild_id, moderator_role_id=role_id)

