"""Reading a whole log (issue 29): ``store.actions(game)`` over 1,000 and 50,000 rows of a
SQLite store, per row, and the ratio of the two against the target (≤ 1.5×: linear).

The rows are real ones (a seeded Walking Dead Conquest game's actions and events, repeated
to the length wanted), written straight into the table. Each read is timed in the process's
CPU time (every thread's: the database's, the parse's, the loop's; the machine is shared, so
its wall clock says more of the neighbours than of the read), best of ``--rounds``, with the
wall time and the event loop's longest callback meanwhile (its thread's CPU time: the read
parses in a worker thread, the loop stays free). The same rows parsed the way they were
before (on the loop, the collector running) are timed beside them.

Then the memory of the readers that go through the whole log, a page at a time
(``store.action_pages``: export, ``service.replay``, the story): the peak of Python's
allocations (tracemalloc, every thread) while the log is read page by page (as replay and
the story read it), against the whole log read at once; and ``service.export`` (its
document must hold every entry) against the same document built from the whole log read at
once, as before. Targets: the paged read's peak at any length ≤ 2× the peak of reading one
page (``PAGE`` rows) at once: one page in memory, whatever the length; the export's peak
below the whole-log export's (< 1×: its document holds every entry, the rows are no longer
held beside it).

    .venv/bin/python bench/bench_log_read.py [--rows 1000 50000] [--rounds 3] [--no-memory]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
import tracemalloc

import _path  # noqa: F401

from bot import export
from bot.rules import GAMES
from bot.service import GameService
from bot.store import Store
from bot.store.rows import action_row, dumps
from bot.store.shared import PAGE
from tests.loopwatch import watched

TARGET_RATIO = 1.5
TARGET_STALL_MS = 20.0
TARGET_PAGED_RATIO = 2.0
TARGET_EXPORT_RATIO = 1.0


SEATS = ["p1", "p2", "p3"]
OPTIONS = {"mode": "conquest", "claims": "random", "groups": "random"}


def sample_rows(count: int = 400) -> list[tuple[str, str, str]]:
    """(seat, action, events) of a seeded Conquest game's first ``count`` moves."""
    engine = GAMES["walking_dead"]
    seats = SEATS
    state = engine.setup(seats, OPTIONS, 29)
    rnd, out = random.Random(29), []
    while len(out) < count and engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        action = engine.random_action(state, seat, lambda k: rnd.randrange(k))
        state, events = engine.apply(state, seat, action)
        out.append((seat, dumps(action), dumps(events)))
    return out


async def peak(work) -> float:  # noqa: ANN001
    """The peak of Python's allocations (MB, every thread) while ``work()`` runs."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        await work()
        return tracemalloc.get_traced_memory()[1] / 1e6
    finally:
        tracemalloc.stop()


async def memory(rows: list[int]) -> None:
    sample = sample_rows()
    state = GAMES["walking_dead"].setup(SEATS, OPTIONS, 29)
    paged: dict[int, float] = {}
    page_peak = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(f"sqlite:///{tmp}/mem.sqlite3")
        service = GameService(store)
        try:
            for n in rows:
                lobby = await store.create_lobby(n, 1, "walking_dead", "p1", OPTIONS, 29)
                row = await store.update_game(lobby, players=SEATS, seats=SEATS, status="finished", state=state)
                await store.db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, events, created_at, version)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(row.id, i + 1, *sample[i % len(sample)], 1.0, i + 2) for i in range(n)])

                async def pages(game_id: int = row.id) -> None:
                    async for page in store.action_pages(game_id):
                        del page

                async def whole(game_id: int = row.id) -> None:
                    log = await store.actions(game_id)
                    del log

                async def streamed(channel: int = n) -> None:
                    doc = await service.export(channel, "p1")
                    del doc

                async def at_once(game_id: int = row.id) -> None:
                    read = await store.get_game(game_id)
                    doc = export.document(read, await store.actions(game_id), {})
                    del doc

                async def one_page(game_id: int = row.id) -> None:
                    log = await store.actions(game_id, first=PAGE)
                    del log

                paged[n] = await peak(pages)
                page_peak = max(page_peak, await peak(one_page))
                old_read = await peak(whole)
                new_export, old_export = await peak(streamed), await peak(at_once)
                print(f"{n:>7,} rows: read a page at a time {paged[n]:6.1f} MB peak (the whole log at once "
                      f"{old_read:6.1f} MB); export {new_export:6.1f} MB (built from the whole log at once "
                      f"{old_export:6.1f} MB: {new_export / old_export:.2f}×, target < {TARGET_EXPORT_RATIO}×)")
        finally:
            await store.close()
    large = max(paged)
    ratio = paged[large] / page_peak
    print(f"paged read's peak at {large:,} rows ÷ one page of {PAGE:,} read at once ({page_peak:.1f} MB): "
          f"{ratio:.2f}× (target ≤ {TARGET_PAGED_RATIO}×) {'OK' if ratio <= TARGET_PAGED_RATIO else 'OVER'}")


async def bench(rows: list[int], rounds: int) -> None:
    sample = sample_rows()
    per_row: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(f"sqlite:///{tmp}/log.sqlite3")
        try:
            for n in rows:
                lobby = await store.create_lobby(n, 1, "walking_dead", "p1", {}, 1)
                await store.db.executemany(
                    "INSERT INTO actions (game_id, seq, seat, action, events, created_at, version)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    [(lobby.id, i + 1, *sample[i % len(sample)], 1.0, i + 2) for i in range(n)])
                best, wall, stall = float("inf"), float("inf"), 0.0
                for _ in range(rounds):
                    with watched() as watch:
                        start, cpu = time.perf_counter(), time.process_time()
                        log = await store.actions(lobby.id)
                        best = min(best, time.process_time() - cpu)
                        wall = min(wall, time.perf_counter() - start)
                    stall = max(stall, watch.longest)
                    assert len(log) == n
                    del log
                raw = await store.db.execute_fetchall("SELECT * FROM actions WHERE game_id = ? ORDER BY seq",
                                                      (lobby.id,))
                start = time.process_time()
                before = [action_row(r) for r in raw]  # as before: on the loop, the collector on
                old = time.process_time() - start
                del before, raw
                per_row[n] = best / n
                print(f"{n:>7,} rows: {best * 1000:8.1f} ms CPU, {best / n * 1e6:5.1f} µs a row ({wall * 1000:.0f} ms "
                      f"wall); the loop's longest callback {stall * 1000:4.1f} ms (target ≤ {TARGET_STALL_MS:.0f}); "
                      f"the parse alone as before, on the loop: {old / n * 1e6:5.1f} µs a row")
        finally:
            await store.close()
    small, large = min(per_row), max(per_row)
    ratio = per_row[large] / per_row[small]
    print(f"per row at {large:,} ÷ at {small:,}: {ratio:.2f}× (target ≤ {TARGET_RATIO}×)"
          f" {'OK' if ratio <= TARGET_RATIO else 'OVER'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, nargs="+", default=[1000, 50000])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-memory", action="store_true", help="the times only")
    args = parser.parse_args()
    asyncio.run(bench(args.rows, args.rounds))
    if not args.no_memory:
        asyncio.run(memory(args.rows))


if __name__ == "__main__":
    main()
