"""Taking moves back, free of Discord: a player's undo within their own turn, and a
moderator's rollback of any number of actions (issue 11).

A mixin of :class:`bot.service.GameService`. The actions taken back stay in the log,
marked (``undone_at``), and the log notes who took them back; the game's state is the rest
of the log replayed, written with the version check like any action.

The replay starts from the snapshot the store keeps of the state at each turn's start (the
nearest one before what is taken back), not from the seed: an undo costs the same at the
100th action as at the 20,000th (issue 29). It runs in a worker thread, never on the event
loop; a game without a usable snapshot (its first turn, a game from before migration 7, a
snapshot of an older state shape) is replayed from its seed, in the worker too.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.rules import GAMES
from bot.rules.base import SCHEMA_VERSION, SYSTEM
from bot.rules.reveals import reveals
from bot.service_types import UserError, lobby_picks
from bot.store import ActionRow, Conflict, GameRow, GameStore

MAX_ROLLBACK = 1000


@dataclass(frozen=True)
class TakenBack:
    """What an undo or a rollback did, for the bot to tell and draw."""

    row: GameRow
    kind: str  # "undo" or "rollback"
    by: str  # who asked
    count: int  # actions taken back
    again: bool = False  # an undo: the move before can be taken back too


class TakeBackCases:
    store: GameStore
    wake: Any  # GameService's: pokes the scheduler

    def lock(self, channel_id: int) -> asyncio.Lock: ...  # GameService's
    async def running(self, channel_id: int) -> GameRow: ...  # GameService's
    async def seat_of(self, row: GameRow, user_id: str) -> str: ...  # GameService's

    async def clock_changes(self, row: GameRow, before: dict[str, Any] | None, after: dict[str, Any],
                            new_turn: bool, finished: bool) -> Any: ...  # ClockCases'

    def _replayed(self, row: GameRow, log: list[ActionRow]) -> dict[str, Any]:
        """The game rebuilt from its seed, seats, options, picks and ``log`` (CPU work: in a
        worker thread, see :meth:`_states_before`)."""
        seats = row.seats or (row.state or {}).get("seats") or row.players
        return GAMES[row.game].replay(seats, row.options, row.seed, [(a.seat, a.action) for a in log],
                                      picks=lobby_picks(row, seats))

    def _replayed_on(self, row: GameRow, state: dict[str, Any] | None, page: list[ActionRow]) -> dict[str, Any]:
        """The game played on from ``state`` (None: from its seed) through ``page``, a page
        of its log (a replay read a page at a time; CPU work: in a worker thread)."""
        if state is None:
            return self._replayed(row, page)
        engine = GAMES[row.game]
        for a in page:
            state = engine.apply_system(state, a.action)[0] if a.seat == SYSTEM else engine.apply(state, a.seat,
                                                                                                   a.action)[0]
        return state

    async def _states_before(self, row: GameRow, seqs: Sequence[int]) -> list[dict[str, Any]]:
        """The game's state just before each of its live actions ``seqs`` (in log order):
        the nearest turn snapshot before the first, played on through the log up to the
        last, in a worker thread (see the module)."""
        snap = await self.store.snapshot(row.id, seqs[0])
        since = await self.store.actions(row.id, after_seq=snap[0] if snap else None, before_seq=seqs[-1])
        states = await asyncio.to_thread(_play_on, self, row, snap[1] if snap else None, since, seqs)
        if states is None:  # the snapshot holds a state of an older shape: from the seed
            since = await self.store.actions(row.id, before_seq=seqs[-1])
            states = await asyncio.to_thread(_play_on, self, row, None, since, seqs)
        assert states is not None
        return states

    async def state_at(self, row: GameRow, version: int) -> dict[str, Any] | None:
        """The game's state as it stood at ``version`` (what a seat saw after its last decision:
        ``GameRow.seen``, read again after a restart), replayed from the nearest snapshot in a
        worker thread; ``None`` when the log cannot say (no action after it bears a version)."""
        if version == row.version:
            return row.state
        later = await self.store.actions(row.id, after_version=version, first=1)
        if version > row.version or not later:
            return None
        return (await self._states_before(row, [later[0].seq]))[0]

    async def undo(self, channel_id: int, user_id: str, expected_version: int | None = None) -> TakenBack:
        """Take back the player's last action of their own turn, if nothing random or
        hidden came of it; again and again, back to the start of the turn. ``expected_version``
        (the Undo button's): refused if the game moved since the button was drawn."""
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            seat = await self.seat_of(row, user_id)
            if expected_version is not None and row.version != expected_version:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            engine = GAMES[row.game]
            assert row.state is not None
            log = await self.store.actions(row.id, last=2)
            now = engine.turn_info(row.state)
            if not log or log[-1].seat != seat or now.current != seat:
                raise UserError("err.nothing_to_undo", "You have no move of this turn to take back.")
            # the state before the last move, and before the one before it if it is theirs too
            # (whether an undo can go on), in one replay from the turn's snapshot
            tail = log[-2:] if len(log) > 1 and log[-2].seat == seat else log[-1:]
            states = await self._states_before(row, [a.seq for a in tail])
            before = states[-1]
            if not self._own_quiet_move(engine, seat, before, row.state, log[-1]):
                raise UserError("err.undo_revealed",
                                "That move showed something new (a roll, a card…): it cannot be taken back.")
            clocks = await self.clock_changes(row, row.state, before, False, False)
            try:
                fresh = await self.store.take_back(row, [log[-1].seq], before, "running", clocks,
                                                   ("undo", seat, {"seq": log[-1].seq}))
            except Conflict as err:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.") from err
            if clocks:
                self.wake()
            again = len(tail) > 1 and self._own_quiet_move(engine, seat, states[0], before, tail[0])
            return TakenBack(fresh, "undo", seat, 1, again)

    @staticmethod
    def _own_quiet_move(engine: Any, seat: str, before: dict[str, Any], after: dict[str, Any],
                        entry: ActionRow) -> bool:
        """Whether ``entry`` (from ``before`` to ``after``) is a move of ``seat`` inside the
        turn that is still theirs, of which nothing random or hidden came."""
        was, now = engine.turn_info(before), engine.turn_info(after)
        return (entry.seat == seat and was.current == seat == now.current and was.number == now.number
                and not reveals(before, after, entry.events))

    async def rollback(self, channel_id: int, user_id: str, is_moderator: bool, steps: Any,
                       expected_version: int | None = None) -> TakenBack:
        """A moderator takes back the last ``steps`` actions, whoever played them (the
        confirmation button carries the version it was asked at: a game that moved since
        refuses it)."""
        if not is_moderator:
            raise UserError("err.mod_only", "Only a moderator can do that.")
        if isinstance(steps, bool) or not isinstance(steps, int) or not 1 <= steps <= MAX_ROLLBACK:
            raise UserError("err.bad_steps", "Roll back 1 to {max} actions.", max=MAX_ROLLBACK)
        async with self.lock(channel_id):
            row = await self.running(channel_id)
            if expected_version is not None and row.version != expected_version:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.")
            gone = await self.store.actions(row.id, last=steps)
            if steps > len(gone):
                raise UserError("err.too_many_steps", "This game has only {n} actions to take back.", n=len(gone))
            engine = GAMES[row.game]
            assert row.state is not None
            [state] = await self._states_before(row, [gone[0].seq])
            back = {e.get("seat") for a in gone for e in a.events if e.get("type") == "kicked"}
            seats = row.seats or row.players
            players = [s for s in seats if s in row.players or s in back]
            was, now = engine.turn_info(row.state), engine.turn_info(state)
            new_turn = was.current != now.current or was.number != now.number
            clocks = await self.clock_changes(row, row.state, state, new_turn, False)
            try:
                fresh = await self.store.take_back(row, [a.seq for a in gone], state, "running", clocks,
                                                   ("rollback", None, {"steps": steps, "by": user_id}), players)
            except Conflict as err:
                raise UserError("err.stale", "That choice is out of date: the game has moved on.") from err
            if clocks:
                self.wake()
            return TakenBack(fresh, "rollback", user_id, steps)


def _play_on(cases: TakeBackCases, row: GameRow, base: str | None, since: list[ActionRow],
             seqs: Sequence[int]) -> list[dict[str, Any]] | None:
    """In a worker thread: from ``base`` (a snapshot's JSON; None: the seed) through
    ``since`` (the live actions after it, up to the last of ``seqs`` left out), the state
    before each action of ``seqs``. None if ``base`` is of an older state shape."""
    engine = GAMES[row.game]
    if base is None:
        state = cases._replayed(row, [])
    else:
        state = json.loads(base)
        if state.get("schema", 1) < SCHEMA_VERSION:
            return None
    wanted = set(seqs)
    out = []
    for a in since:
        if a.seq in wanted:
            out.append(state)
        state = engine.apply_system(state, a.action)[0] if a.seat == SYSTEM else engine.apply(state, a.seat, a.action)[0]
    out.append(state)  # before the last of ``seqs``
    return out
