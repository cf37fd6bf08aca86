"""What both backends share once a row is read: the parsed-state cache, rows turned into
the protocol's dataclasses, JSON as stored, and a game's clocks after a write.

A database row here is any mapping by column name (``aiosqlite.Row``, ``asyncpg.Record``).
"""

from __future__ import annotations

import asyncio
import dataclasses
import gc
import json
import threading
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any

from bot.store.protocol import ActionRow, Commit, GameRow, MemberSettings, RatingRow, ResultRow

# Each table with the order its rows are copied in (``copy-db``).
TABLES: dict[str, str] = {
    "games": "id", "actions": "game_id, seq", "clocks": "game_id, seat", "notes": "game_id, at",
    "members": "guild_id, user_id", "guild_settings": "guild_id", "snapshots": "game_id, seq",
    "results": "game_id, seat", "ratings": "guild_id, game, player",
}


def dumps(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def parse_clocks(text: str | None) -> dict[str, dict[str, Any]]:
    out = {}
    for c in json.loads(text or "[]"):
        c["off_turn"] = bool(c["off_turn"])
        out[c["seat"]] = c
    return out


def clocks_after(clocks: dict[str, dict[str, Any]], changes: dict[str, dict[str, Any] | None] | None,
                 status: str) -> dict[str, dict[str, Any]]:
    """A game's clocks once ``changes`` are written (none once it is over)."""
    if status in ("finished", "ended"):
        return {}
    out = dict(clocks)
    for seat, clock in (changes or {}).items():
        if clock is None:
            out.pop(seat, None)
        else:
            out[seat] = clock
    return out


CLOCK_COLUMNS = ("seat", "started", "deadline", "reminders", "sent", "off_turn", "paused_until", "due")


def clock_row(row: Mapping[str, Any]) -> dict[str, Any]:
    return {"seat": row["seat"], "started": row["started"], "deadline": row["deadline"],
            "reminders": json.loads(row["reminders"]), "sent": row["sent"], "off_turn": bool(row["off_turn"]),
            "paused_until": row["paused_until"], "due": row["due"]}


def action_row(r: Mapping[str, Any], undone: bool = True) -> ActionRow:
    return ActionRow(r["seq"], r["seat"], json.loads(r["action"]), json.loads(r["events"]), r["created_at"],
                     r["version"], r["undone_at"] if undone else None)


BULK = 200  # rows parsed on the event loop at most: a longer log is parsed in a worker thread

_gc_lock = threading.Lock()
_gc_pausers = 0
_gc_was_on = True


@contextmanager
def gc_paused() -> Iterator[None]:
    """The cyclic garbage collector off while a bulk of rows is parsed (from any thread, any
    number at once): every container the parse builds survives it, so a collection would
    only rescan them again and again (50,000 rows: 3.9-4.5 s with it, 1.25 s without)."""
    global _gc_pausers, _gc_was_on
    with _gc_lock:
        if _gc_pausers == 0:
            _gc_was_on = gc.isenabled()
            gc.disable()
        _gc_pausers += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_pausers -= 1
            if _gc_pausers == 0 and _gc_was_on:
                gc.enable()


def parse_actions(rows: Iterable[Mapping[str, Any]], undone: bool = True) -> list[ActionRow]:
    """Rows of ``actions`` as :class:`ActionRow`, the collector paused (see :func:`gc_paused`)."""
    with gc_paused():
        return [action_row(r, undone) for r in rows]


async def parsed_actions(rows: list[Mapping[str, Any]], undone: bool = True) -> list[ActionRow]:
    """:func:`parse_actions`, in a worker thread past ``BULK`` rows: a long log's JSON is
    never parsed on the event loop."""
    if len(rows) <= BULK:
        return [action_row(r, undone) for r in rows]
    return await asyncio.to_thread(parse_actions, rows, undone)


def member_row(r: Mapping[str, Any]) -> MemberSettings:
    return MemberSettings(r["notify"], r["lang"], r["away_from"], r["away_until"], r["away_year"], r["away_days"],
                          bool(r["hidden"]))


RESULT_COLUMNS = ("game_id", "seat", "player", "name", "guild_id", "game", "team", "rank", "won", "score",
                  "ai_turns", "away", "seats", "ended_at")
RATING_COLUMNS = ("guild_id", "game", "player", "name", "mu", "sigma", "games", "wins", "updated_at")


def result_row(r: Mapping[str, Any]) -> ResultRow:
    return ResultRow(r["game_id"], r["seat"], r["player"], r["name"], r["guild_id"], r["game"], r["team"], r["rank"],
                     bool(r["won"]), r["score"], r["ai_turns"], bool(r["away"]), r["seats"], r["ended_at"])


def rating_row(r: Mapping[str, Any]) -> RatingRow:
    return RatingRow(r["guild_id"], r["game"], r["player"], r["name"], r["mu"], r["sigma"], r["games"], r["wins"],
                     r["updated_at"])


def result_values(r: ResultRow) -> tuple[Any, ...]:
    return (r.game_id, r.seat, r.player, r.name, r.guild_id, r.game, r.team, r.rank, int(r.won),
            None if r.score is None else float(r.score), r.ai_turns, int(r.away), r.seats, float(r.ended_at))


def rating_values(r: RatingRow) -> tuple[Any, ...]:
    return (r.guild_id, r.game, r.player, r.name, float(r.mu), float(r.sigma), r.games, r.wins, float(r.updated_at))


class ParsedStates:
    """The last parsed state of the games read or written lately, by game id with its
    version: a state is parsed from its JSON once, however many times its row is read
    (every write of a state moves its version on, so a cached state at the row's version
    is the stored one). States are shared, never copied: engines never touch their input
    state, and nothing else writes into one."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._by_game: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()

    def get(self, game_id: int, version: int, text: str | None) -> dict[str, Any] | None:
        if text is None:
            return None
        hit = self._by_game.get(game_id)
        if hit is not None and hit[0] == version:
            self._by_game.move_to_end(game_id)
            return hit[1]
        state = json.loads(text)
        self.put(game_id, version, state)
        return state

    def put(self, game_id: int, version: int, state: dict[str, Any] | None) -> None:
        if state is None:
            self._by_game.pop(game_id, None)
            return
        self._by_game[game_id] = (version, state)
        self._by_game.move_to_end(game_id)
        while len(self._by_game) > self.size:
            self._by_game.popitem(last=False)

    def carry(self, game_id: int, version: int) -> None:
        """The game moved to ``version + 1`` without a new state: its parsed one still holds."""
        hit = self._by_game.get(game_id)
        if hit is not None and hit[0] == version:
            self.put(game_id, version + 1, hit[1])

    def clear(self) -> None:
        self._by_game.clear()


def game_row(row: Mapping[str, Any], states: ParsedStates) -> GameRow:
    return GameRow(
        id=row["id"],
        channel_id=row["channel_id"],
        guild_id=row["guild_id"],
        game=row["game"],
        status=row["status"],
        host_id=row["host_id"],
        options=json.loads(row["options"]),
        players=json.loads(row["players"]),
        seed=row["seed"],
        state=states.get(row["id"], row["version"], row["state"]),
        version=row["version"],
        lobby_message_id=row["lobby_message_id"],
        prompt_message_id=row["prompt_message_id"],
        names=json.loads(row["names"]),
        created_at=row["created_at"],
        updated_at=row["updated_at"],
        turn_started_at=row["turn_started_at"],
        lang=row["lang"],
        seats=json.loads(row["seats"]) if row["seats"] is not None else None,
        picks=json.loads(row["picks"]),
        announced_version=row["announced_version"],
        timing=json.loads(row["timing"]),
        clocks=parse_clocks(row["clocks_json"]),
        away={k: float(v) for k, v in json.loads(row["away_json"] or "{}").items()},
        ai=json.loads(row["ai"] or "{}"),
        story_message_id=row["story_message_id"],
        story_posted=row["story_posted"],
        seen=json.loads(row["seen"] or "{}"),
    )


def committed_rows(commits: list[Commit], done: list[bool], now: float,
                   states: ParsedStates) -> list[GameRow | None]:
    """The rows ``commits`` wrote, as the store now holds them (``None`` where a commit's
    version check failed); their states go into the parsed-state cache."""
    out: list[GameRow | None] = []
    for c, ok in zip(commits, done, strict=True):
        if not ok:
            out.append(None)
            continue
        row = c.row
        states.put(row.id, row.version + 1, c.new_state)
        out.append(dataclasses.replace(
            row, state=c.new_state, status=c.status, version=row.version + 1, updated_at=now,
            turn_started_at=now if c.new_turn else row.turn_started_at,
            players=list(c.players) if c.players is not None else row.players,
            clocks=clocks_after(row.clocks, c.clocks, c.status)))
    return out
