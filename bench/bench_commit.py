"""One accepted action committed to SQLite (engine apply + transaction), median; and how
many times the game's state was parsed from JSON and written as JSON per action (issue 12:
written once, parsed at most once).

Target: median ≤ 2 ms. Run: python bench/bench_commit.py
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time

import _path  # noqa: F401

from bot.rules import GAMES
from bot.service import GameService
from bot.store import Store

TARGET_MS = 2.0
COUNTS = {"parsed": 0, "written": 0}


def _is_state(value) -> bool:
    return isinstance(value, dict) and "schema" in value and "order" in value


def _count_state_json() -> None:
    loads, dumps = json.loads, json.dumps

    def counting_loads(s, *args, **kwargs):
        value = loads(s, *args, **kwargs)
        COUNTS["parsed"] += _is_state(value)
        return value

    def counting_dumps(value, *args, **kwargs):
        COUNTS["written"] += _is_state(value)
        return dumps(value, *args, **kwargs)

    json.loads, json.dumps = counting_loads, counting_dumps


async def main() -> None:
    game = GAMES["risk_express"]
    _count_state_json()
    parsed = written = 0
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
                before = dict(COUNTS)
                t0 = time.perf_counter()
                await service.act(channel, seat, action)
                times.append((time.perf_counter() - t0) * 1000)
                parsed += COUNTS["parsed"] - before["parsed"]
                written += COUNTS["written"] - before["written"]
        await store.close()
    times.sort()
    median = statistics.median(times)
    p99 = times[int(len(times) * 0.99)]
    print(f"action commit (apply + SQLite transaction, WAL): median {median:.2f} ms, p99 {p99:.2f} ms "
          f"over {len(times)} actions  target median ≤ {TARGET_MS} ms  {'OK' if median <= TARGET_MS else 'BELOW TARGET'}")
    n = len(times)
    print(f"the state per action: parsed {parsed / n:.2f}, written {written / n:.2f}  "
          f"target parsed ≤ 1, written 1  {'OK' if parsed <= n and written == n else 'BELOW TARGET'}")


if __name__ == "__main__":
    asyncio.run(main())
