"""One accepted action committed to SQLite (engine apply + transaction), median.

Target: median ≤ 2 ms. Run: python bench/bench_commit.py
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time

import _path  # noqa: F401

from bot.rules import GAMES
from bot.service import GameService
from bot.store import Store

TARGET_MS = 2.0


async def main() -> None:
    game = GAMES["risk_express"]
    with tempfile.TemporaryDirectory() as tmp:
        store = await Store.open(f"sqlite:///{tmp}/bench.sqlite3")
        service = GameService(store)
        times: list[float] = []
        channel = 0
        while len(times) < 2000:
            channel += 1
            await service.new_game(channel, 1, "a", "risk_express")
            await service.join(channel, "b")
            await service.start(channel, "a", False)
            while len(times) < 2000:
                row = await store.active_game(channel)
                if row is None:
                    break
                seat = game.current(row.state)
                action = game.legal_actions(row.state, seat)[0]
                t0 = time.perf_counter()
                await service.act(channel, seat, action)
                times.append((time.perf_counter() - t0) * 1000)
        await store.close()
    times.sort()
    median = statistics.median(times)
    p99 = times[int(len(times) * 0.99)]
    print(f"action commit (apply + SQLite transaction, WAL): median {median:.2f} ms, p99 {p99:.2f} ms "
          f"over {len(times)} actions  target median ≤ {TARGET_MS} ms  {'OK' if median <= TARGET_MS else 'BELOW TARGET'}")


if __name__ == "__main__":
    asyncio.run(main())
