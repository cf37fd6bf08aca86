"""The game master's use cases, free of Discord: lobby, start, moves, moderation.

The cogs translate interactions into these calls and the results back into messages;
tests and benchmarks drive the same calls. Every refusal is a ``UserError`` raised before
anything is written, so bad input changes nothing.
"""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import inspect
import secrets
from collections.abc import Callable
from typing import Any

from bot import export, timing
from bot.i18n import lang_of
from bot.rules import GAMES, RuleError
from bot.rules.base import SCHEMA_VERSION, SYSTEM, Event, Game
from bot.service_ai import AiCases, is_ai_seat
from bot.service_clocks import ClockCases, Handed, Reminder, SeatClock, Vacation
from bot.service_ratings import RatingCases, Rebuilt, StatsCard
from bot.service_types import Played, StorySource, UserError, fill
from bot.service_types import lobby_picks as _picks
from bot.service_undo import TakeBackCases, TakenBack
from bot.store import (
    ActionRow,
    Commit,
    Conflict,
    GameRow,
    GameStore,
    GuildSettings,
    Note,
    StoreUnavailable,
)

__all__ = ["LANGUAGES", "ActionRow", "GameRow", "GameService", "GuildSettings", "Handed", "Note", "Played", "Rebuilt",
           "Reminder", "SeatClock", "StatsCard", "StorySource", "TakenBack", "UserError", "Vacation", "fill"]

# The Discord layer takes the row types (GameRow, ActionRow, GuildSettings) from here: it
# never reaches the store itself.

LANGUAGES = ("en", "fr")
MAX_LOBBY_IDLE_DAYS = 90


def _engine(row: GameRow) -> Game:
    return GAMES[row.game]


class GameService(ClockCases, TakeBackCases, AiCases, RatingCases):
    def __init__(self, store: GameStore, seed_source: Callable[[], int] | None = None) -> None:
        self.store = store
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self._locks: dict[int, asyncio.Lock] = {}
        self.wake: Callable[[], None] = lambda: None  # the scheduler's poke: a clock changed
        self.clock: Callable[[], float] = store.clock  # the one time of the game master
        self.draining = False  # shutting down: actions under way finish, new ones are refused
        # Sharding: (shard count, this process's shards) when this process serves only some
        # servers; the scheduler then fires only their clocks. None: every clock.
        self.shards: tuple[int, tuple[int, ...]] | None = None

    def lock(self, channel_id: int) -> asyncio.Lock:
        """One lock per channel: two clicks at once are applied one after the other. While
        the bot shuts down (``draining``) a new change is refused before anything is read,
        so the actions under way finish and nothing new starts."""
        self.refuse_if_draining()
        return self._channel_lock(channel_id)

    def refuse_if_draining(self) -> None:
        if self.draining:
            raise UserError("err.restarting", "The game master is restarting: nothing was changed. Try again in a minute.")

    def _channel_lock(self, channel_id: int) -> asyncio.Lock:
        """The channel's lock, even while draining: for a change already under way."""
        lock = self._locks.get(channel_id)
        if lock is None:
            lock = self._locks[channel_id] = asyncio.Lock()
        return lock

    # -- reading ----------------------------------------------------------------------
    async def _current(self, row: GameRow | None) -> GameRow | None:
        """``row`` with a state of today's shape: a game stored before the engines' state
        changed shape (``state["schema"]`` older than ``SCHEMA_VERSION``) is rebuilt by
        replaying its log, in memory (its next move writes the new shape)."""
        if row is None or row.state is None or row.state.get("schema", 1) >= SCHEMA_VERSION:
            return row
        try:
            state = await self.replay(row)
        except RuleError:  # a log today's rules refuse: leave the row as stored
            return row
        return dataclasses.replace(row, state=state)

    async def game(self, channel_id: int) -> GameRow:
        row = await self._current(await self.store.active_game(channel_id))
        if row is None:
            raise UserError("err.no_game", "There is no game in this channel. Start one with /game new.")
        return row

    async def active_game(self, channel_id: int) -> GameRow | None:
        """The channel's game in its lobby or running, if any (no refusal)."""
        return await self._current(await self.store.active_game(channel_id))

    async def latest_game(self, channel_id: int) -> GameRow | None:
        """The channel's active game, or else the last one played there, if any."""
        return await self._current(await self.store.latest_game(channel_id))

    async def get_game(self, game_id: int) -> GameRow | None:
        """A game by its id (a button or menu names its game)."""
        return await self._current(await self.store.get_game(game_id))

    async def log(self, row: GameRow, last: int | None = None, undone: bool = False) -> list[ActionRow]:
        """The game's log in order: all of it, or its ``last`` entries; with the actions
        taken back (marked) if ``undone``."""
        return await self.store.actions(row.id, last=last, undone=undone)

    async def game_or_last(self, channel_id: int) -> GameRow:
        """The channel's game, or else the last one played there (its final board and
        scores stay viewable until a new game starts)."""
        row = await self._current(await self.store.latest_game(channel_id))
        if row is None or (row.status == "ended" and row.state is None):
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
                       options: dict[str, Any] | None = None, name: str | None = None,
                       lang: str | None = None, locale: Any = None) -> GameRow:
        """Open a lobby. The game's language (everything the channel reads) is ``lang`` if
        given, else the server's setting, else the creator's own locale."""
        engine = GAMES.get(game_id)
        if engine is None:
            raise UserError("err.unknown_game", "Unknown game '{game}'.", game=str(game_id)[:50])
        if lang is not None and lang not in LANGUAGES:
            raise UserError("err.bad_language", "Unknown language '{lang}': English (en) or French (fr).",
                            lang=str(lang)[:20])
        server = await self.store.guild_settings(guild_id)
        if lang is None:
            lang = server.language or lang_of(locale)
        table = timing.defaults(server.turn_time, server.reply_time)
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
                                                     self.seed_source(), {user_id: name or user_id}, lang, table)
            except Conflict as err:
                raise UserError("err.channel_busy", "This channel already has a game.", game="?") from err

    async def rematch(self, channel_id: int, user_id: str, game_id: int, name: str | None = None) -> GameRow:
        """A new lobby for the game that just ended here (``game_id``): the same game, options,
        language and clocks, its people already in (the one asking hosts it) and its AI seats
        at their levels. Only a player of that game may ask, while it is the channel's last."""
        old = await self.get_game(game_id)
        latest = await self.store.latest_game(channel_id)
        if old is None or old.channel_id != channel_id or old.status != "finished" or latest is None \
                or latest.id != old.id:
            raise UserError("err.rematch_gone", "That game is no longer the last one here: start another with /game new.")
        if user_id not in old.players:
            raise UserError("err.rematch_not_player", "Only a player of that game can ask for a rematch.")
        row = await self.new_game(channel_id, old.guild_id, user_id, old.game, dict(old.options),
                                  name or old.names.get(user_id), lang=old.lang)
        async with self.lock(channel_id):
            people = [p for p in old.players if not is_ai_seat(p) and p != user_id]
            names = {**row.names, **{p: old.names.get(p, p) for p in people}}
            row = await self.store.update_game(row, players=[*row.players, *people], names=names,
                                               timing=dict(old.timing))
        for seat in old.players:
            if is_ai_seat(seat):
                row = await self.add_ai(channel_id, user_id, False, old.ai.get(seat, "normal"), game_id=row.id)
        return row

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
                raise UserError("err.leave_running", "The game has started: ask a moderator to /game mod kick you.")
            if user_id not in row.players:
                raise UserError("err.not_joined", "You are not in this lobby.")
            return await self._drop_from_lobby(row, user_id)

    async def _drop_from_lobby(self, row: GameRow, user_id: str) -> GameRow:
        """The host leaving hands the lobby to the next player; the last one closes it.
        Whatever the leaver had picked (a gang) is free again."""
        players = [p for p in row.players if p != user_id]
        picks = {p: v for p, v in row.picks.items() if p != user_id}
        people = [p for p in players if not is_ai_seat(p)]
        if not people:  # nobody left to play or watch (AI seats never host)
            return await self.store.update_game(row, players=players, picks=picks, status="ended")
        host = row.host_id if row.host_id != user_id else people[0]
        return await self.store.update_game(row, players=players, picks=picks, host_id=host)

    def check_host_lobby(self, row: GameRow, user_id: str, is_moderator: bool, game_id: int | None = None) -> None:
        """Refused unless ``row`` is an open lobby (``game_id``'s, when a lobby click names
        it) and ``user_id`` its host or a moderator."""
        if row.status != "lobby" or (game_id is not None and row.id != game_id):
            raise UserError("err.already_started", "This game has already started.")
        if not (is_moderator or self.is_host(row, user_id)):
            raise UserError("err.host_only", "Only the host or a moderator can do that.")

    async def set_options(self, channel_id: int, user_id: str, is_moderator: bool, options: dict[str, Any],
                          game_id: int | None = None) -> GameRow:
        """Change the lobby's options before the start (the host or a moderator), checked
        by the engine. ``game_id`` (from a lobby menu) refuses a click on an old lobby."""
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            self.check_host_lobby(row, user_id, is_moderator, game_id)
            table = {k: v for k, v in options.items() if k in timing.BY_NAME}
            options = {k: v for k, v in options.items() if k not in timing.BY_NAME}
            try:
                merged = _engine(row).validate_options({**row.options, **options})
                table = timing.validate({**row.timing, **table})
            except RuleError as err:
                raise UserError.from_rule(err) from err
            except timing.BadTiming as err:
                raise UserError("err.option_choice", "Option '{option}' must be one of: {choices}.",
                                option=err.option, choices=", ".join(err.choices)) from err
            return await self.store.update_game(row, options=merged, timing=table)

    async def pick(self, channel_id: int, user_id: str, key: str, value: str) -> GameRow:
        """A lobby choice (a gang): one per player and key, never one another has taken."""
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if row.status != "lobby":
                raise UserError("err.already_started", "This game has already started.")
            if user_id not in row.players:
                raise UserError("err.not_joined", "You are not in this lobby.")
            engine = _engine(row)
            choices = engine.seat_picks(row.options)
            if key not in choices or value not in choices[key]:
                raise UserError("err.bad_pick", "That is not one of the choices.")
            picks = {p: dict(v) for p, v in row.picks.items()}
            picks.setdefault(user_id, {})[key] = value
            try:
                engine.validate_picks(picks, row.options)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            return await self.store.update_game(row, picks=picks)

    async def start(self, channel_id: int, user_id: str, is_moderator: bool) -> GameRow:
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if row.status != "lobby":
                raise UserError("err.already_started", "This game has already started.")
            if user_id != row.host_id and not is_moderator:
                raise UserError("err.host_only", "Only the host or a moderator can do that.")
            engine = _engine(row)
            if row.players and all(is_ai_seat(p) for p in row.players):
                raise UserError("err.only_ai", "A game of AIs only would have nobody to watch it: join it first.")
            if not engine.min_players <= len(row.players) <= engine.max_players:
                raise UserError("err.player_count", "{game} needs {min}–{max} players; {n} joined.",
                                game=engine.name, min=engine.min_players, max=engine.max_players, n=len(row.players))
            try:
                state, _opening = engine.start(row.players, row.options, row.seed, picks=_picks(row, row.players))
            except RuleError as err:
                raise UserError.from_rule(err) from err
            clocks = await self.clock_changes(row, None, state, True, engine.outcome(state) is not None)
            started = await self.store.update_game(row, clocks, state=state, status="running",
                                                   seats=list(row.players), turn_started_at=self.store.clock())
            if clocks:
                self.wake()
            return started


    # -- play -------------------------------------------------------------------------
    async def act(self, channel_id: int, user_id: str, action: dict[str, Any],
                  expected_version: int | None = None) -> Played:
        """Apply a player's action. ``expected_version`` (from a button) refuses a click
        on a message the game has moved past: a double click plays once."""
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            seat = await self.seat_of(row, user_id)
            if seat in row.ai:
                raise UserError("err.seat_with_ai", "The AI is playing your seat: /game return takes it back.")
            engine = _engine(row)
            if expected_version is not None and row.version != expected_version \
                    and not await self._only_anytime_since(row, expected_version, seat):
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            assert row.state is not None
            try:
                new_state, events = engine.apply(row.state, seat, action)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            return await self._commit(row, seat, action, new_state, events)

    async def _only_anytime_since(self, row: GameRow, version: int, seat: str) -> bool:
        """A button drawn at ``version`` is still good if all that happened since is other
        players' anytime actions (a defence order), which change no one's choices."""
        if version > row.version:
            return False
        since = await self.store.actions(row.id, after_version=version)
        if len(since) != row.version - version:
            return False
        kinds = _engine(row).anytime_actions
        return all(a.seat != seat and a.action.get("type") in kinds for a in since)

    async def _commit(self, row: GameRow, seat: str, action: dict[str, Any],
                      new_state: dict[str, Any], events: list[Event]) -> Played:
        commit = await self._prepare(row, seat, action, new_state, events)
        try:
            fresh = await self.store.commit_action(commit.row, commit.seat, commit.action, commit.events,
                                                   commit.new_state, commit.status, commit.new_turn, commit.players,
                                                   commit.clocks)
        except Conflict as err:  # another process wrote first; nothing was written here
            raise UserError("err.stale", "That choice is out of date: the game has moved on.") from err
        if commit.status == "finished":  # the game's end: its results and ratings, once
            await self.rate_finished(fresh)
        return self._played(commit, fresh)

    async def _prepare(self, row: GameRow, seat: str, action: dict[str, Any], new_state: dict[str, Any],
                       events: list[Event]) -> Commit:
        """What an accepted action writes: its state, status, whether a turn passed, the
        players left (a kick, or a timeout's, removes one) and the clocks it starts and stops."""
        engine = _engine(row)
        assert row.state is not None
        finished = engine.outcome(new_state) is not None
        was, now = engine.turn_info(row.state), engine.turn_info(new_state)
        new_turn = was.current != now.current or was.number != now.number
        gone = {e["seat"] for e in events if e.get("type") == "kicked"}
        players = [p for p in row.players if p not in gone] if gone else None
        clocks = await self.clock_changes(row, row.state, new_state, new_turn, finished)
        return Commit(row, seat, action, events, new_state, "finished" if finished else "running", new_turn,
                      players, clocks)

    def _played(self, commit: Commit, fresh: GameRow) -> Played:
        if commit.clocks:
            self.wake()
        assert commit.row.state is not None
        return Played(fresh, commit.row.state, commit.events, commit.new_turn, commit.status == "finished",
                      commit.seat, commit.action)

    # -- moderation -------------------------------------------------------------------
    async def end(self, channel_id: int, user_id: str, is_moderator: bool) -> GameRow:
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            if not (is_moderator or self.is_host(row, user_id)):
                raise UserError("err.host_only", "Only the host or a moderator can do that.")
            return await self.store.update_game(row, status="ended")

    @staticmethod
    def is_host(row: GameRow, user_id: str) -> bool:
        """The host keeps host rights only while they play: a kicked host has none."""
        return user_id == row.host_id and user_id in row.players

    async def reset(self, channel_id: int, is_moderator: bool) -> GameRow:
        """Start the channel's game again from the beginning: same players, options and
        picks, a new deal, in one transaction. The old game stays in the database, ended."""
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        async with self.lock(channel_id):
            row = await self.game(channel_id)
            engine = _engine(row)
            start = None
            if row.status != "lobby":
                picks = _picks(row, row.players)

                def start(seed: int) -> dict[str, Any]:
                    return engine.start(row.players, row.options, seed, picks=picks)[0]
            try:
                fresh = await self.store.reset_game(row, self.seed_source(), start)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            except Conflict as err:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.") from err
            if fresh.status == "running" and fresh.state is not None:
                clocks = await self.clock_changes(fresh, None, fresh.state, True, False)
                if clocks and await self.store.set_clocks(fresh.id, clocks, expected={}):
                    self.wake()
            return fresh

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
            assert row.state is not None
            try:
                new_state, events = _engine(row).apply_system(row.state, action)
            except RuleError as err:
                raise UserError.from_rule(err) from err
            return await self._commit(row, SYSTEM, action, new_state, events)

    # -- what the channel has seen ------------------------------------------------------
    async def unannounced(self, row: GameRow) -> list[ActionRow]:
        """Actions committed but never posted (Discord failed after the commit)."""
        if row.state is None or row.announced_version >= row.version:
            return []
        return await self.store.actions(row.id, after_version=row.announced_version)

    async def announcements(self, row: GameRow) -> tuple[int, int | None, list[ActionRow]]:
        """For posting ``row``, read fresh without its state: the version the channel has
        been shown, the message with the live choices, and the actions not announced."""
        return await self.store.announcements(row.id)

    async def mark_announced(self, row_id: int, version: int, seen: tuple[str, int] | None = None,
                             **message_ids: int | None) -> None:
        """The channel has seen the game up to ``version``; ``message_ids`` as in
        :meth:`note_messages`, and ``seen`` (a seat, the version after its decision just
        told: ``GameRow.seen``), in the same write."""
        await self.store.mark_announced(row_id, version, seen, **message_ids)

    async def note_messages(self, game_id: int, **message_ids: int | None) -> None:
        """Remember where the game's lobby (``lobby_message_id``) or its live choices
        (``prompt_message_id``) were posted; ``None`` forgets one. Bookkeeping: the game's
        version is left alone, so the buttons just posted stay current."""
        await self.store.note_messages(game_id, **message_ids)

    # -- replay -----------------------------------------------------------------------
    async def replay(self, row: GameRow) -> dict[str, Any]:
        """The game rebuilt from its seed, seats, options, picks and log (kicks included;
        actions taken back left out)."""
        state: dict[str, Any] | None = None
        async for page in self.store.action_pages(row.id):  # one page of the log in memory at a time
            state = await asyncio.to_thread(self._replayed_on, row, state, page)  # CPU work: never on the loop
        return state if state is not None else await asyncio.to_thread(self._replayed, row, [])

    async def story_source(self, channel_id: int) -> StorySource:
        """The channel's game (running or over, else its last one) as its story is drawn:
        seed, seats, options, picks and the log. Only public views are ever drawn from it."""
        row = await self.game_or_last(channel_id)
        if row.status == "lobby" or row.state is None:
            raise UserError("err.story_lobby", "The game has not started yet: there is no story to tell.")
        seats = list(row.seats or row.state.get("seats") or row.players)
        log: list[tuple[str, dict[str, Any]]] = []  # the story needs every action, not their rows or events
        async for page in self.store.action_pages(row.id):
            log += [(a.seat, a.action) for a in page]
        return StorySource(row, seats, log, _picks(row, seats))

    async def owed_stories(self) -> list[GameRow]:
        """Finished games whose story is owed to their channel: their final board was posted
        but not their story (the database away at the end, or the bot stopped meanwhile). A
        game whose end is not announced yet gets its story after its final board instead."""
        return [row for row in await self.store.owed_stories() if row.announced_version >= row.version]

    # -- export -----------------------------------------------------------------------
    async def export(self, channel_id: int, user_id: str) -> dict[str, Any]:
        """The channel's game (or its last one) as one document (:mod:`bot.export`): in full,
        seed included, for anyone once it is over; its public part only, for its players,
        while it runs."""
        row = await self.game_or_last(channel_id)
        if row.status == "lobby" or row.state is None:
            raise UserError("err.export_lobby", "The game has not started yet: there is nothing to export.")
        if not export.is_over(row.status) and user_id not in row.players:
            raise UserError("err.export_players", "Only its players can export a game that is still running "
                                                  "(anyone can, once it is over).")
        seats = row.seats or row.state.get("seats") or row.players
        entries: list[dict[str, Any]] = []  # the document's log, built a page of rows at a time
        async for page in self.store.action_pages(row.id):
            # CPU work (each entry's public events): in a worker thread
            entries += await asyncio.to_thread(export.entries, row, page)
        return await asyncio.to_thread(export.assemble, row, entries, _picks(row, seats))

    # -- server settings and housekeeping ----------------------------------------------
    async def settings(self, guild_id: int | None) -> GuildSettings:
        return await self.store.guild_settings(guild_id)

    async def update_settings(self, guild_id: int | None, can_manage_guild: bool, **fields: Any) -> GuildSettings:
        """Server-wide settings need Manage Server (or Administrator). ``None`` values are
        left as they are; ``clear_moderator_role=True`` removes the role."""
        if guild_id is None:
            raise UserError("err.guild_only", "Settings belong to a server: use this command in one.")
        if not can_manage_guild:
            raise UserError("err.settings_perm", "Only members with Manage Server can change the server's settings.")
        changes: dict[str, Any] = {}
        if fields.pop("clear_moderator_role", False):
            changes["moderator_role_id"] = None
        role = fields.pop("moderator_role_id", None)
        if role is not None:
            changes["moderator_role_id"] = int(role)
        language = fields.pop("language", None)
        if language is not None:
            if language not in LANGUAGES:
                raise UserError("err.bad_language", "Unknown language '{lang}': English (en) or French (fr).",
                                lang=str(language)[:20])
            changes["language"] = language
        days = fields.pop("lobby_idle_days", None)
        if days is not None:
            if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= MAX_LOBBY_IDLE_DAYS:
                raise UserError("err.bad_idle_days", "Idle lobbies close after 1 to {max} days.",
                                max=MAX_LOBBY_IDLE_DAYS)
            changes["lobby_idle_days"] = days
        for key, table in (("turn_time", timing.TURN_TIMES), ("reply_time", timing.REPLY_TIMES)):
            value = fields.pop(key, None)
            if value is not None:
                if value not in table:
                    raise UserError("err.option_choice", "Option '{option}' must be one of: {choices}.",
                                    option=key, choices=", ".join(table))
                changes[key] = value
        allowance = fields.pop("vacation_days", None)
        if allowance is not None:
            if isinstance(allowance, bool) or not isinstance(allowance, int) or not 0 <= allowance <= 366:
                raise UserError("err.bad_vacation_days", "Vacation days per year are 0 to 366.")
            changes["vacation_days"] = allowance
        if fields:
            raise UserError("err.bad_value", "That value is not valid.")
        if not changes:
            return await self.store.guild_settings(guild_id)
        return await self.store.set_guild_settings(guild_id, **changes)

    async def close_idle_lobbies(self) -> list[GameRow]:
        """Close the lobbies nobody started within their server's ``lobby_idle_days``, so a
        forgotten lobby does not hold its channel forever. Returns the closed lobbies."""
        closed = []
        for row in await self.store.idle_lobbies(self.store.clock()):
            async with self.lock(row.channel_id):
                try:
                    closed.append(await self.store.update_game(row, status="ended"))
                except Conflict:  # somebody joined or started it just now: not idle
                    continue
        return closed


def _unreachable_refused(method: Any) -> Any:
    @functools.wraps(method)
    async def use_case(*args: Any, **kwargs: Any) -> Any:
        try:
            return await method(*args, **kwargs)
        except StoreUnavailable as err:  # the transaction was rolled back: nothing was written
            raise UserError("err.store_unavailable", "The game master cannot reach its database just now: "
                                                     "nothing was changed. Try again in a moment.") from err
    return use_case


# Every use case (its mixins' too): a database lost in the middle (StoreUnavailable, nothing
# written) is a refusal like any other, "try again", which every caller already shows.
for _name, _method in inspect.getmembers(GameService, inspect.iscoroutinefunction):
    if not _name.startswith("_"):
        setattr(GameService, _name, _unreachable_refused(_method))
