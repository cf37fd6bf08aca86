"""Undo in constant time (issue 29): a player's undo at the 100th action of a Walking Dead
Conquest game and at its 9,000th, the ratio of the two against the target (≤ 2×), and the
event loop's longest callback during an undo against its own (≤ 20 ms).

One seeded 3-player Conquest game is played through the service on a SQLite store (random
legal moves, none that ends the game). At each mark the next quiet move of the player whose
turn it is (one that stays in their turn and shows nothing new) is played, then taken back
with ``GameService.undo`` and played again, ``--rounds`` times: the best undo is kept, in
the process's CPU time (every thread's: the machine is shared, its wall clock says more of
the neighbours than of the undo) and in wall time. The loop's longest callback is its
thread's CPU time (``tests/loopwatch.py``). Beside them, the replay from the seed that an
undo did before (twice: the move, and whether the one before can go too). Last, a
moderator's rollback of 500 actions, once, against the replay from the seed it did before.

    .venv/bin/python bench/bench_undo.py [--marks 100 9000] [--rounds 5] [--seed 29]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time

import _path  # noqa: F401

from bot.rules import GAMES
from bot.rules.reveals import reveals
from bot.service import GameService
from bot.store import Store
from tests.loopwatch import watched

TARGET_RATIO = 2.0
TARGET_STALL_MS = 20.0
CHANNEL = 1
OPTIONS = {"mode": "conquest", "claims": "random", "groups": "random"}


async def play_to(service: GameService, row, count: int, rnd: random.Random):
    engine = GAMES[row.game]
    done = len(await service.log(row))
    while done < count:
        done += 1
        seat = engine.to_act(row.state)[0]
        for _ in range(30):
            action = engine.random_action(row.state, seat, lambda k: rnd.randrange(k))
            if engine.outcome(engine.apply(row.state, seat, action)[0]) is None:
                break
        else:
            raise SystemExit("every move ends the game: try another --seed")
        row = (await service.act(CHANNEL, seat, action)).row
    return row


async def quiet_move(service: GameService, row, rnd: random.Random):
    """Play on until a quiet move of the player whose turn it is is played: (row, seat, action)."""
    engine = GAMES[row.game]
    for _ in range(5000):
        seat = engine.to_act(row.state)[0]
        action = engine.random_action(row.state, seat, lambda k: rnd.randrange(k))
        after, events = engine.apply(row.state, seat, action)
        if engine.outcome(after) is not None:
            continue
        was, now = engine.turn_info(row.state), engine.turn_info(after)
        quiet = now.current == seat == was.current and now.number == was.number and not reveals(row.state, after,
                                                                                                   events)
        row = (await service.act(CHANNEL, seat, action)).row
        if quiet and seat in row.players:
            return row, seat, action
    raise SystemExit("no quiet move came")


async def measure(service: GameService, row, rnd: random.Random, rounds: int) -> tuple[float, float, float, int]:
    """The best undo (CPU, wall), the loop's longest callback during the undos, the log's length."""
    row, seat, action = await quiet_move(service, row, rnd)
    cpu_best, wall_best, stall = float("inf"), float("inf"), 0.0
    for _ in range(rounds):
        with watched() as watch:
            wall, cpu = time.perf_counter(), time.process_time()
            await service.undo(CHANNEL, seat)
            cpu_best = min(cpu_best, time.process_time() - cpu)
            wall_best = min(wall_best, time.perf_counter() - wall)
        stall = max(stall, watch.longest)
        row = (await service.act(CHANNEL, seat, action)).row
    return cpu_best, wall_best, stall, len(await service.log(row))


async def bench(marks: list[int], rounds: int, seed: int) -> None:
    rnd = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(f"sqlite:///{tmp}/undo.sqlite3")
        try:
            service = GameService(store, seed_source=lambda: seed)
            await service.new_game(CHANNEL, 1, "p1", "walking_dead", OPTIONS, "p1")
            for p in ("p2", "p3"):
                await service.join(CHANNEL, p, p)
            row = await service.start(CHANNEL, "p1", False)
            figures = {}
            for mark in marks:
                row = await play_to(service, row, mark, rnd)
                cpu, wall, stall, length = await measure(service, row, rnd, rounds)
                row = await service.game(CHANNEL)
                log = await service.log(row)
                start = time.process_time()
                service._replayed(row, log[:-1])
                service._replayed(row, log[:-2])
                before = time.process_time() - start
                figures[mark] = cpu
                print(f"undo at {length:>6,} actions: {cpu * 1000:6.1f} ms CPU ({wall * 1000:6.1f} ms wall); the loop's "
                      f"longest callback {stall * 1000:4.1f} ms (target ≤ {TARGET_STALL_MS:.0f}) "
                      f"{'OK' if stall * 1000 <= TARGET_STALL_MS else 'OVER'}; before (two replays from the "
                      f"seed, on the loop): {before * 1000:7.1f} ms")
            # a moderator's rollback of 500 actions at the last mark (once: it changes the game)
            log = await service.log(row)
            start = time.process_time()
            service._replayed(row, log[:-500])
            before = time.process_time() - start
            with watched() as watch:
                wall, cpu = time.perf_counter(), time.process_time()
                await service.rollback(CHANNEL, "mod", True, 500)
                cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            print(f"rollback of 500 at {len(log):>6,} actions: {cpu * 1000:6.1f} ms CPU ({wall * 1000:6.1f} ms wall); "
                  f"the loop's longest callback {watch.longest * 1000:4.1f} ms (target ≤ {TARGET_STALL_MS:.0f}) "
                  f"{'OK' if watch.longest * 1000 <= TARGET_STALL_MS else 'OVER'}; before (a replay from the seed, "
                  f"on the loop): {before * 1000:7.1f} ms")
        finally:
            await store.close()
    small, large = min(figures), max(figures)
    ratio = figures[large] / figures[small]
    print(f"undo at {large:,} ÷ undo at {small:,}: {ratio:.2f}× (target ≤ {TARGET_RATIO}×) "
          f"{'OK' if ratio <= TARGET_RATIO else 'OVER'}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--marks", type=int, nargs="+", default=[100, 9000])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=29)
    args = parser.parse_args()
    asyncio.run(bench(sorted(args.marks), args.rounds, args.seed))


if __name__ == "__main__":
    main()
