"""``python -m bot copy-db FROM_URL TO_URL``: every game with its log (actions taken back
included), clocks, notes and turn snapshots, every member's and server's settings, from one store to an
empty other (SQLite → PostgreSQL and back), ids kept.

The rows are copied as they are, a batch of games at a time (each batch one transaction).
Then each game is read back from both stores and compared (the row with its state, clocks
and vacations, the whole log, the notes), and ``check`` (the command line's: a replay of the
log through the service) says whether the stored state is the one the log gives.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.store.protocol import GameRow, StoreError
from bot.store.rows import TABLES

BATCH = 200  # games per transaction
SETTINGS = ("members", "guild_settings", "ratings")
OF_GAMES = ("games", "actions", "clocks", "notes", "snapshots", "results")

Check = Callable[[Any, GameRow], Awaitable[str | None]]  # (store, game) → what is wrong, or None


class CopyRefused(StoreError):
    """The copy cannot start: the target is the source, or it is not empty."""


@dataclass
class CopyReport:
    games: int = 0
    actions: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    checked: int = 0  # games whose state a replay confirmed
    problems: list[str] = field(default_factory=list)


async def copy_stores(source: Any, target: Any, check: Check | None = None,
                      progress: Callable[[str], None] = lambda _: None) -> CopyReport:
    """Copy ``source`` into the empty ``target`` and verify every game (see the module)."""
    if any([await target.dump_rows(t) for t in SETTINGS]) or await target.game_ids():
        raise CopyRefused("the target database is not empty: copy-db only copies into an empty one")
    report = CopyReport(rows=dict.fromkeys(TABLES, 0))
    for table in SETTINGS:
        rows = await source.dump_rows(table)
        await target.load_rows(table, rows)
        report.rows[table] += len(rows)
    ids = await source.game_ids()
    for start in range(0, len(ids), BATCH):
        batch = ids[start:start + BATCH]
        for table in OF_GAMES:
            rows = await source.dump_rows(table, batch)
            await target.load_rows(table, rows)
            report.rows[table] += len(rows)
        progress(f"copied {min(start + BATCH, len(ids))}/{len(ids)} games")
    report.games, report.actions = len(ids), report.rows["actions"]
    for table in SETTINGS:
        if await target.dump_rows(table) != await source.dump_rows(table):
            report.problems.append(f"{table}: the copy differs")
    for game_id in ids:
        report.problems += await _compare(source, target, game_id)
        row = await target.get_game(game_id)
        if check is not None and row is not None and row.state is not None:
            problem = await check(target, row)
            if problem is None:
                report.checked += 1
            else:
                report.problems.append(f"game {game_id}: {problem}")
    return report


async def _compare(source: Any, target: Any, game_id: int) -> list[str]:
    out = []
    if await target.get_game(game_id) != await source.get_game(game_id):
        out.append(f"game {game_id}: the copied row differs")
    if await target.actions(game_id, undone=True) != await source.actions(game_id, undone=True):
        out.append(f"game {game_id}: the copied log differs")
    if await target.notes(game_id) != await source.notes(game_id):
        out.append(f"game {game_id}: the copied notes differ")
    if await target.dump_rows("snapshots", [game_id]) != await source.dump_rows("snapshots", [game_id]):
        out.append(f"game {game_id}: the copied snapshots differ")
    return out
