"""One move end to end through the fake Discord: click → engine → commit → render → upload.

Target: median ≤ 25 ms, p99 ≤ 100 ms. Run: python bench/bench_e2e_move.py
The fake Discord (tests/fakediscord) runs on 127.0.0.1 in this process, like the e2e tests.
"""

from __future__ import annotations

import asyncio
import logging
import random
import statistics
import tempfile
import time

import _path  # noqa: F401

from bot.config import Settings
from bot.discord_ui.app import GameMasterBot
from bot.rules import GAMES
from tests.fakediscord import FakeDiscord

MOVES = 400


MOVE = ("gm:", "gms:")
GROUP = ("gmg:", "gmgs:")  # a card first (a UI step: nothing is committed), then its lines


def live_prompt(fake, channel):
    live = [m for m in fake.channel_messages(channel) if any(c.startswith(MOVE + GROUP) for c in m.custom_ids)]
    return live[-1]


def components(msg) -> list[dict]:
    return [c for r in msg.components for c in r["components"]]


async def choose(fake, user, msg, comp, rnd):
    if comp["type"] == 2:
        return await fake.click(user, msg, comp["custom_id"])
    return await fake.select(user, msg, comp["custom_id"], [rnd.choice(comp["options"])["value"]])


async def main() -> None:
    logging.disable(logging.WARNING)
    game = GAMES["risk_express"]
    rnd = random.Random(1)
    all_ms: list[float] = []
    board_ms: list[float] = []
    open_ms: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord() as fake:
            guild = fake.add_guild("Bench")
            table = guild.add_text_channel("risk")
            players = [guild.add_member(f"P{i}") for i in range(3)]
            users = {str(u.id): u for u in players}
            bot = GameMasterBot(Settings(token=fake.token, database_url=f"sqlite:///{tmp}/b.sqlite3"),
                                guild_ready_timeout=0.05)
            async with fake.run(bot):
                while len(all_ms) < MOVES:
                    res = await fake.slash(players[0], table, "game", "new", options={"game": "risk_express"})
                    for p in players[1:]:
                        await fake.slash(p, table, "game", "join")
                    mark = fake.mark()
                    await fake.click(players[0], res.message, label="Start")
                    await fake.wait_message(table, lambda m: bool(m.files), since=mark)
                    while len(all_ms) < MOVES:
                        row = await bot.service.store.active_game(table.id)
                        if row is None:
                            break
                        msg = live_prompt(fake, table)
                        user = users[game.current(row.state)]
                        comps = components(msg)
                        if not any(c["custom_id"].startswith(MOVE) for c in comps):
                            t0 = time.perf_counter()
                            await choose(fake, user, msg, rnd.choice(comps), rnd)  # open a card
                            open_ms.append((time.perf_counter() - t0) * 1000)
                            msg = fake.message(msg.id)
                            comps = components(msg)
                        comp = rnd.choice([c for c in comps if c["custom_id"].startswith(MOVE)])
                        mark = fake.mark()
                        t0 = time.perf_counter()
                        await choose(fake, user, msg, comp, rnd)
                        posted = await fake.wait_message(table, lambda m: not m.ephemeral, since=mark)
                        ms = (time.perf_counter() - t0) * 1000
                        all_ms.append(ms)
                        if posted.files:
                            board_ms.append(ms)
                        await fake.settle(0.005)

    def report(name: str, values: list[float]) -> None:
        values = sorted(values)
        med = statistics.median(values)
        p99 = values[min(len(values) - 1, int(len(values) * 0.99))]
        ok = med <= 25 and p99 <= 100
        print(f"{name}: median {med:.1f} ms, p99 {p99:.1f} ms over {len(values)}  "
              f"target median ≤ 25 ms, p99 ≤ 100 ms  {'OK' if ok else 'BELOW TARGET'}")

    report("move end to end (all moves)", all_ms)
    report("move end to end (moves that post the board PNG)", board_ms)
    report("opening a card (the first of two steps)", open_ms)


if __name__ == "__main__":
    asyncio.run(main())
