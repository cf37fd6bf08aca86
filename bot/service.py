"""The game master's use cases, free of Discord: lobby, start, moves, moderation.

The cogs translate interactions into these calls and the results back into messages;
tests and benchmarks drive the same calls. Every refusal is a ``UserError`` raised before
anything is written, so bad input changes nothing.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.rules import GAMES, RuleError
from bot.rules.base import SYSTEM, Event, Game
from bot.store import Conflict, GameRow, Store


class UserError(Exception):
    """A refusal for the person who asked: translated by ``key``, English by default."""

    def __init__(self, key: str, default: str, **params: Any) -> None:
        super().__init__(default.format(**params) if params else default)
        self.key = key
        self.params = params

    @classmethod
    def from_rule(cls, err: RuleError) -> UserError:
        e = cls(err.key or "err.rule", str(err), **err.params)
        e.args = (str(err),)
        return e


@dataclass
class Played:
    """What an accepted action did, for the bot to narrate and draw."""

    row: GameRow
    before: dict[str, Any]
    events: list[Event]
    new_turn: bool
    finished: bool
    seat: str
    action: dict[str, Any] = field(default_factory=dict)


def _engine(row: GameRow) -> Game:
    return GAMES[row.game]


class GameService:
    def __init__(self, store: Store, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, channel_id: int) -> asyncio.Lock:
        """One lock per channel: two clicks at once are applied one after the other."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- reading ----------------------------------------------------------------------
    async def game(self, channel_id: int) -> GameRow:
        row = await self.store.active_game(channel_id)
        if row is None:
            raise UserError("err.no_game", "There is no game in this channel. Start one with /game new.")
        return row

    async def running(self, channel_id: int) -> GameRow:
        row = await self.game(channel_id)
        if row.status == "lobby":
            raise UserError("err.not_started", "The game has not started yet: join it, then the host starts it with /game start.")
        return row

    async def seat_of(self, row: GameRow, user_id: str) -> str:
        if user_id not in row.players:
            raise UserError("err.not_player", "You are not playing in this game.")
        return user_id

    # -- lobby ------------------------------------------------------------------------
    async def new_game(self, channel_id: int, guild_id: int | None, user_id: str, game_id: str,
                       options: dict[str, Any] | None = None, name: str | None = None) -> GameRow:
        engine = GAMES.get(game_id)
        if engine is None:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=game_id)
        try:
            opts = engine.validate_options(options or {})
        except RuleError as err:
            raise UserError.from_rule(err) from err
        async with self.lock(channel_id):
            existing = await self.store.active_game(channel_id)
            if existing is not None:
                raise UserError("err.channel_busy", "This channel already has a game of {game}. Finish it first (/game end).",
                                game=GAMES[existing.game].name)
            try:
                return await self.store.create_lobby(channel_id, guild_id, game_id, user_id, opts,
                                                     self.seed_source(), {user_id: name or user_id})
            except Conflict as err:
                raise UserError("err.channel_busy", "This channel already has a game.", game="?") from err

    async def join(self, channel_id: int, user_id: str, name: str | None = None) -> GameRow:
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if row.status != "lobby":
                raise UserError("err.already_started", "This game has already started.")
            if user_id in row.players:
                raise UserError("err.already_joined", "You have already joined.")
            engine = _engine(row)
            if len(row.players) >= engine.max_players:
                raise UserError("err.lobby_full", "The game is full ({max} players).", max=engine.max_players)
            names = {**row.names, user_id: name or user_id}
            return await self.store.update_game(row, players=[*row.players, user_id], names=names)

    async def leave(self, channel_id: int, user_id: str) -> GameRow:
        """Leave a lobby (a started game is left through a moderator's kick)."""
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if row.status != "lobby":
                raise UserError("err.leave_running", "The game has started: ask a moderator to /game kick you.")
            if user_id not in row.players:
                raise UserError("err.not_joined", "You are not in this lobby.")
            return await self._drop_from_lobby(row, user_id)

    async def _drop_from_lobby(self, row: GameRow, user_id: str) -> GameRow:
        """The host leaving hands the lobby to the next player; the last one closes it."""
        players = [p for p in row.players if p != user_id]
        if not players:
            return await self.store.update_game(row, players=players, status="ended")
        host = row.host_id if row.host_id != user_id else players[0]
        return await self.store.update_game(row, players=players, host_id=host)

    async def start(self, channel_id: int, user_id: str, is_moderator: bool) -> GameRow:
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if row.status != "lobby":
                raise UserError("err.already_started", "This game has already started.")
            if user_id != row.host_id and not is_moderator:
                raise UserError("err.host_only", "Only the host or a moderator can do that.")
            engine = _engine(row)
            if not engine.min_players <= len(row.players) <= engine.max_players:
                raise UserError("err.player_count", "{game} needs {min}–{max} players; {n} joined.",
                                game=engine.name, min=engine.min_players, max=engine.max_players, n=len(row.players))
            try:
                state = engine.setup(row.players, row.options, row.seed)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            return await self.store.update_game(row, state=state, status="running",
                                                turn_started_at=self.store.clock())

    # -- play -------------------------------------------------------------------------
    async def act(self, channel_id: int, user_id: str, action: dict[str, Any],
                  expected_version: int | None = None) -> Played:
        """Apply a player's action. ``expected_version`` (from a button) refuses a click
        on a message the game has moved past: a double click plays once."""
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            if expected_version is not None and row.version != expected_version:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            seat = await self.seat_of(row, user_id)
            engine = _engine(row)
            assert row.state is not None
            try:
                new_state, events = engine.apply(row.state, seat, action)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            return await self._commit(row, seat, action, new_state, events)

    async def _commit(self, row: GameRow, seat: str, action: dict[str, Any],
                      new_state: dict[str, Any], events: list[Event],
                      players: list[str] | None = None) -> Played:
        engine = _engine(row)
        assert row.state is not None
        finished = engine.outcome(new_state) is not None
        new_turn = (engine.current(row.state) != engine.current(new_state)
                    or row.state.get("turn") != new_state.get("turn"))
        status = "finished" if finished else "running"
        try:
            fresh = await self.store.commit_action(row, seat, action, events, new_state, status, new_turn, players)
        except Conflict as err:  # another process wrote first; nothing was written here
            raise UserError("err.stale", "That choice is out of date: the game has moved on.") from err
        return Played(fresh, row.state, events, new_turn, finished, seat, action)

    # -- moderation -------------------------------------------------------------------
    async def end(self, channel_id: int, user_id: str, is_moderator: bool) -> GameRow:
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if user_id != row.host_id and not is_moderator:
                raise UserError("err.host_only", "Only the host or a moderator can do that.")
            return await self.store.update_game(row, status="ended")

    async def reset(self, channel_id: int, is_moderator: bool) -> GameRow:
        """Start the channel's game again from the beginning: same players and options,
        a new deal. The old game stays in the database, ended."""
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            engine = _engine(row)
            await self.store.update_game(row, status="ended")
            fresh = await self.store.create_lobby(row.channel_id, row.guild_id, row.game, row.host_id,
                                                  row.options, self.seed_source(), row.names)
            fresh = await self.store.update_game(fresh, players=row.players)
            if row.status == "lobby":
                return fresh
            state = engine.setup(row.players, row.options, fresh.seed)
            return await self.store.update_game(fresh, state=state, status="running",
                                                turn_started_at=self.store.clock())

    async def skip(self, channel_id: int, is_moderator: bool) -> Played:
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        return await self._system(channel_id, {"type": "skip"})

    async def kick(self, channel_id: int, is_moderator: bool, target: str) -> Played | GameRow:
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if target not in row.players:
                raise UserError("err.target_not_player", "That member is not playing in this game.")
            if row.status == "lobby":
                return await self._drop_from_lobby(row, target)
        return await self._system(channel_id, {"type": "kick", "seat": target})

    async def _system(self, channel_id: int, action: dict[str, Any]) -> Played:
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            engine = _engine(row)
            assert row.state is not None
            try:
                new_state, events = engine.apply_system(row.state, action)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            players = None
            if action["type"] == "kick":
                players = [p for p in row.players if p != action["seat"]]
            return await self._commit(row, SYSTEM, action, new_state, events, players)
