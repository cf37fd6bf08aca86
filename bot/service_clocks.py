"""The game master's use cases of asynchronous play, free of Discord: the clocks an action
starts and stops, what falls due (reminders, timeouts), vacations, where reminders go.

A mixin of :class:`bot.service.GameService`. Time comes from the store's clock (the one
the tests control); the scheduler (:mod:`bot.scheduler`) only says when to look.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
from dataclasses import dataclass
from typing import Any

from bot import timing
from bot.rules import GAMES, RuleError
from bot.rules.base import SYSTEM
from bot.service_types import Played, UserError
from bot.store import Commit, Conflict, DueClock, GameRow, GameStore, MemberSettings, Note

DAY = 86400.0
BATCH = 4  # timeouts written per transaction: fewer trips, and a move elsewhere waits little
NOTIFY = ("channel", "dm", "off")


@dataclass(frozen=True)
class Reminder:
    """A reminder to send: ``seat``'s decision in ``row``'s game is due at ``deadline``."""

    row: GameRow
    seat: str
    deadline: float
    notify: str  # "channel" or "dm"
    off_turn: bool
    lang: str | None = None  # the member's language, for a DM (None: the game's)


@dataclass(frozen=True)
class Handed:
    """``seat``'s time ran out at a table whose ``on_timeout`` is ``ai``: the AI plays the seat
    now (and on, until its player takes it back with ``/game return``)."""

    row: GameRow
    seat: str


@dataclass(frozen=True)
class SeatClock:
    """One line of ``/game status``: a seat's clock, missed turns and vacation."""

    seat: str
    deadline: float | None
    off_turn: bool
    missed: int
    away_until: float | None
    paused: bool


@dataclass(frozen=True)
class Vacation:
    until: float | None  # None: the vacation was ended
    days_left: float  # this year
    games: int  # games whose clocks it paused or resumed


def has_clock(row: GameRow) -> bool:
    return bool(row.timing) and (row.timing.get("turn_time", "none") != "none"
                                 or row.timing.get("reply_time", "none") != "none")


class ClockCases:
    store: GameStore
    wake: Any  # GameService's: pokes the scheduler
    shards: tuple[int, tuple[int, ...]] | None  # GameService's: the shards whose clocks fire here

    def lock(self, channel_id: int) -> asyncio.Lock: ...  # GameService's
    def _channel_lock(self, channel_id: int) -> asyncio.Lock: ...  # GameService's
    def refuse_if_draining(self) -> None: ...  # GameService's

    async def _prepare(self, row: GameRow, seat: str, action: dict[str, Any], new_state: dict[str, Any],
                       events: list[Any]) -> Commit: ...  # GameService's

    def _played(self, commit: Commit, fresh: GameRow) -> Played: ...  # GameService's

    # -- the clocks an action changes ---------------------------------------------------
    async def clock_changes(self, row: GameRow, before: dict[str, Any] | None, after: dict[str, Any],
                            new_turn: bool, finished: bool) -> dict[str, dict[str, Any] | None] | None:
        """The clock rows to write with the action that took ``row``'s game from ``before``
        (None: the start) to ``after``: ``None`` when the table plays without clocks."""
        if not has_clock(row):
            return None
        engine = GAMES[row.game]
        now = self.store.clock()
        running = {s: timing.from_row(c) for s, c in row.clocks.items()}  # read with the game
        to_act_before = engine.to_act(before) if before is not None else []
        to_act_after = engine.to_act(after)
        away = {s: until for s, until in row.away.items() if until > now}
        current = engine.turn_info(after).current
        changes = timing.plan(to_act_before, to_act_after, current, new_turn, finished, running, now,
                              row.timing, away)
        # a seat the AI plays answers at once: no clock, no reminder (one it had is stopped)
        return {s: (timing.to_row(c) if c is not None and s not in row.ai else None) for s, c in changes.items()
                if s not in row.ai or s in running}

    async def start_missing_clocks(self) -> int:
        """Start the clocks of running games that have none though their table has one (a
        reset's successor if the process stopped between, or a restart): how many games."""
        started = 0
        for game_id in await self.store.games_without_clocks():
            row = await self.store.get_game(game_id)
            if row is None or row.state is None or row.status != "running":
                continue
            changes = await self.clock_changes(row, None, row.state, True, False)
            if changes and await self.store.set_clocks(row.id, changes, expected={}):
                started += 1
        return started

    # -- what falls due -----------------------------------------------------------------
    async def next_due(self) -> float | None:
        if self.shards is not None:  # only the servers of this process's shards
            return await self.store.next_due(shards=self.shards)
        return await self.store.next_due()

    async def _due_clocks(self, now: float, limit: int) -> list[DueClock]:
        if self.shards is not None:
            return await self.store.due_clocks(now, limit, shards=self.shards)
        return await self.store.due_clocks(now, limit)

    async def fire_due(self, now: float | None = None, limit: int = 500) -> list[Reminder | Played | Handed]:
        """Everything due at ``now``: reminders to send and timeouts, applied. Each fires
        once: a clock that changed since it was read (the player moved, another process
        fired it) is left alone, and a timeout is committed with the game's version check.
        Timeouts are written a few games to a transaction (``BATCH``)."""
        now = self.store.clock() if now is None else now
        fired: list[Reminder | Played | Handed] = []
        timeouts: list[DueClock] = []
        for due in await self._due_clocks(now, limit):
            clock = timing.from_row(due.clock)
            if clock.reminder_due and clock.deadline > now:
                try:
                    result = await self._remind(due, clock, now)
                except (Conflict, UserError):
                    continue
                if result is not None:
                    fired.append(result)
            elif clock.due <= now:
                timeouts.append(due)
        while timeouts:
            first, again, seen = [], [], set()
            for due in timeouts:  # one clock per game at a time (its version moves)
                (again if due.game_id in seen else first).append(due)
                seen.add(due.game_id)
            for start in range(0, len(first), BATCH):
                fired += await self._time_out(first[start:start + BATCH], now)
            timeouts = again
        return fired

    async def _remind(self, due: DueClock, clock: timing.Clock, now: float) -> Reminder | None:
        seat = due.clock["seat"]
        async with self.lock(due.channel_id):
            row = await self.store.get_game(due.game_id)
            if row is None or row.status != "running" or row.state is None:
                await self.store.set_clocks(due.game_id, {seat: None}, expected={seat: due.clock})
                return None
            # reminders missed while the bot was down collapse into one
            passed = sum(1 for at in clock.reminders if at <= now)
            sent = dataclasses.replace(clock, sent=max(clock.sent + 1, passed))
            if not await self.store.set_clocks(row.id, {seat: timing.to_row(sent)}, expected={seat: due.clock}):
                return None
            member = await self.store.member(row.guild_id, seat)
            await self.store.add_note(row.id, "reminder", seat, {"deadline": clock.deadline, "to": member.notify})
            if member.notify == "off":
                return None
            return Reminder(row, seat, clock.deadline, member.notify, clock.off_turn, member.lang)

    async def _time_out(self, dues: list[DueClock], now: float) -> list[Played | Handed]:
        """The timeouts of ``dues`` (one per game), under their channels' locks, applied and
        written in one transaction; a game that moved meanwhile is left as it is."""
        async with contextlib.AsyncExitStack() as stack:
            for channel in sorted({d.channel_id for d in dues}):
                await stack.enter_async_context(self.lock(channel))
            rows = {r.id: r for r in await self.store.games([d.game_id for d in dues])}
            commits = []
            handed: list[Handed] = []
            for due in dues:
                seat = due.clock["seat"]
                row = rows.get(due.game_id)
                held = row.clocks.get(seat) if row is not None else None
                if held is None or any(held[k] != due.clock[k] for k in ("deadline", "due", "sent")):
                    continue  # the clock moved since it was read: not due any more
                assert row is not None
                if row.status != "running" or row.state is None or seat not in GAMES[row.game].to_act(row.state):
                    await self.store.set_clocks(row.id, {seat: None}, expected={seat: due.clock})
                    continue
                if row.timing.get("on_timeout") == "ai" and seat not in row.ai:
                    try:  # the AI takes the silent seat over (and the clock with it)
                        handed.append(Handed(await self.store.update_game(
                            row, {seat: None}, ai={**row.ai, seat: "normal"}), seat))
                    except Conflict:
                        pass
                    continue
                action = {"type": "timeout", "seat": seat, "limit": timing.missed_limit(row.timing)}
                try:
                    new_state, events = GAMES[row.game].apply_system(row.state, action)
                except RuleError:
                    await self.store.set_clocks(row.id, {seat: None}, expected={seat: due.clock})
                    continue
                commits.append(await self._prepare(row, SYSTEM, action, new_state, events))
            written = await self.store.commit_actions(commits)
            for c, fresh in zip(commits, written, strict=True):
                if fresh is not None and c.status == "finished":  # a timeout ended it: rated once
                    await self.rate_finished(fresh)
            return [self._played(c, fresh) for c, fresh in zip(commits, written, strict=True)
                    if fresh is not None] + handed

    # -- what players see ---------------------------------------------------------------
    async def seat_clocks(self, row: GameRow) -> list[SeatClock]:
        """Every player's clock, missed turns in a row and vacation, for ``/game status``."""
        now = self.store.clock()
        clocks = row.clocks
        away = {s: until for s, until in row.away.items() if until > now}
        missed = (row.state or {}).get("timeouts") or {}
        out = []
        for seat in row.players:
            clock = clocks.get(seat)
            out.append(SeatClock(seat, clock["deadline"] if clock else None, bool(clock and clock["off_turn"]),
                                 int(missed.get(seat, 0)), away.get(seat),
                                 bool(clock and clock["paused_until"] and clock["paused_until"] > now)))
        return out

    async def deadline_of(self, row: GameRow, seat: str) -> float | None:
        """When ``seat``'s decision in ``row``'s game must be made (None: no clock)."""
        if not has_clock(row):
            return None
        clock = row.clocks.get(seat)  # read with the game
        return clock["deadline"] if clock else None

    async def notes(self, row: GameRow) -> list[Note]:
        return await self.store.notes(row.id)

    # -- members --------------------------------------------------------------------------
    async def member(self, guild_id: int | None, user_id: str) -> MemberSettings:
        return await self.store.member(guild_id, user_id)

    async def set_notify(self, guild_id: int | None, user_id: str, mode: str,
                         lang: str | None = None) -> MemberSettings:
        if guild_id is None:
            raise UserError("err.guild_only", "Settings belong to a server: use this command in one.")
        if mode not in NOTIFY:
            raise UserError("err.bad_notify", "Reminders go to the channel, by direct message, or off.")
        if lang is not None:  # what reaches them by DM is in their language
            return await self.store.set_member(guild_id, user_id, notify=mode, lang=lang)
        return await self.store.set_member(guild_id, user_id, notify=mode)

    async def vacation(self, guild_id: int | None, user_id: str, days: Any) -> Vacation:
        """``days`` (1–14) away from now: the clocks of the member's decisions in the
        server's games that honour vacations stop until then, and the ones that start meanwhile
        start when it ends. ``0`` ends a vacation early (the days not taken come back)."""
        if guild_id is None:
            raise UserError("err.guild_only", "Settings belong to a server: use this command in one.")
        # Refused at the door while stopping; once begun it runs to its end (every game's
        # clocks and the member's row), so a clean stop never leaves some clocks paused.
        self.refuse_if_draining()
        if isinstance(days, bool) or not isinstance(days, int) or not 0 <= days <= timing.MAX_VACATION_DAYS:
            raise UserError("err.bad_vacation", "A vacation is 1 to {max} days (0 ends yours).",
                            max=timing.MAX_VACATION_DAYS)
        now = self.store.clock()
        year = datetime.datetime.fromtimestamp(now, datetime.UTC).year
        allowance = (await self.store.guild_settings(guild_id)).vacation_days
        allowance = timing.DEFAULT_VACATION_DAYS if allowance is None else allowance
        me = await self.store.member(guild_id, user_id)
        used = me.away_days if me.away_year == year else 0.0
        away = me.away_until is not None and me.away_until > now
        if away:  # what is left of the current vacation comes back first
            used = max(0.0, used - (me.away_until - now) / DAY)
        if days == 0:
            if not away:
                raise UserError("err.not_away", "You are not on vacation.")
            games = await self._move_clocks(guild_id, user_id, now, None,
                                            away_until=now, away_year=year, away_days=used)
            return Vacation(None, allowance - used, games)
        if used + days > allowance + 1e-9:
            raise UserError("err.vacation_limit", "You have {left} vacation days left this year (of {max}).",
                            left=_days(allowance - used), max=allowance)
        until = now + days * DAY
        games = await self._move_clocks(guild_id, user_id, now, until, away_from=now, away_until=until,
                                        away_year=year, away_days=used + days)
        return Vacation(until, allowance - used - days, games)

    async def _move_clocks(self, guild_id: int, user_id: str, now: float, until: float | None,
                           **member: Any) -> int:
        """Pause (to ``until``) or resume (``None``) the member's clocks in the games that
        honour vacations, and write the member's row (``member``), in one transaction: a
        crash leaves the vacation whole or not begun. Returns how many games."""
        moves: dict[int, tuple[dict[str, Any], dict[str, Any]]] = {}
        for game_id, row_clock in await self.store.clocks_of_members(guild_id, user_id):
            game = await self.store.get_game(game_id)
            if game is None or game.timing.get("vacations", "honoured") != "honoured":
                continue
            clock = timing.from_row(row_clock)
            changed = timing.resume(clock, now) if until is None else timing.pause(clock, now, until)
            if changed != clock:
                moves[game_id] = (timing.to_row(changed), row_clock)
        moved = await self.store.set_vacation(guild_id, user_id, moves, **member)
        if moved:
            self.wake()
        return moved


def _days(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")

