"""Start-up (issue 29, point 1): how long until the bot answers, and what the first board
after it costs. ``python bench/bench_startup.py [--starts 5]``.

Fresh processes (imports count: an operator's restart pays them), each against the fake
Discord (tests/fakediscord, on 127.0.0.1 in the same process):

- **ready**: from the process's launch to ``wait_until_ready()`` with the commands synced,
  for GameMaster and for a bare discord.py bot with one slash command (the same fake, the
  same ``guild_ready_timeout``) — target ≤ 3×, the median of ``--starts`` processes each;
- **first board after ready**: right after ready (the warm-up starts in a worker thread
  meanwhile), a board of each of the five games in turn (from a rotating game: each game's is
  sometimes the very first), drawn through ``renderers.render``, against the median of the
  game's next five boards once every layer is built — target ≤ 2×, the wall clock; the
  drawing thread's CPU time is printed beside it (what the machine's load does not change).
  One game of each is played across the starts (its boards drawn by the bench beforehand): a
  start's first board is the one after the last board the start before drew, as after an
  operator's restart mid-game (the bot keeps what it drew when it stops, ``renderers.keep``);
  ``--alone``: the first boards drawn before the warm-up starts (what it costs them);
- the same for a new install's first start, once (the maps' static layers are not on disk
  yet: ``render-cache/`` beside the database, :mod:`renderers.kit.disk`); the measured
  starts then find them there, as every restart of an installed bot;
- the renderers' memory once every layer is built (RSS after ``malloc_trim``, against the
  process right after ready) — target ≤ 50 MB; ``bench_render_memory.py`` splits it.

Wall clock (what an operator waits for), medians; not a test: nothing here fails.

Measured (2026-11-28, 3 starts, a loaded 2-core machine): ready 0.80 s against 0.38 s (2.1×,
target met; ~18× when the layers were built before going online); first board right after
ready 141 ms (Risk Express) and 111 ms (Peaky Blinders) against 6 and 12 ms warm (target
missed); the renderers' memory once warm 75 MB (target missed). Later (Zombie Town on disk,
the maps' warm-up without its repeated sample boards): ready 0.77 s against 0.37 s (2.04×);
first board 109 ms and 105 ms against the next boards' 11 and 14 ms (missed); memory 79 MB
(missed). Later (renderers prepared before ready, the maps' badges on disk, Risk Express's
boards and icons kept across a restart; two runs of 5 starts, load average ~7): ready 2.72×
and 2.69× (met); first board 60 / 47 ms (Express) and 88 / 80 ms (Peaky) against the next
boards' 16 and 25 / 28 ms (2.8–3.8×: missed); memory 58 / 59 MB (missed). Later (the font
files' pages released after the warm-up; three runs of 3 starts, load ~4): memory 50.5 / 53.8
/ 50.7 MB (missed by a little); ready 2.39–2.63×; first board 29–32 ms (Express) and 38–78 ms
(Peaky) against 7 and 13 ms (missed). Later (2026-11-29, the layers of pairs not drawn let go
by the warm-up's trim, ``renderers.release``; load ~11): memory 17.8 / 21.5 MB (met);
ready 2.95× / 2.94×. Later (2026-11-29: the maps' panel pieces and arrows
and Zombie Town's boards on disk, shorter warm-up steps; five games; five runs of 3 starts,
load 8-12): first ÷ next, wall 0.9-2.3× Express (met in 4 of 5), 2.4-4.8× Peaky, 2.9-4.9×
Zombie Town, 2.1-2.7× The Walking Dead, 2.2-2.7× Transformers (missed: the process gets less
than half a core under this load); by the drawing thread's CPU time 1.5-1.7×, 1.8-1.9×,
2.4-2.5×, 1.6-1.7×, 1.7-1.8× (the commit before, one run: 1.5×, 3.1×, 5.4×, 3.0×, 3.2×);
ready 2.45-2.91×. Later (2026-11-29: a burst of boards passes the warm-up whole, no sample
board where the pieces are on disk, Zombie Town's boards and sprites taken back before ready;
two runs, load ~1): first ÷ next 1.4-1.5× Express, 1.4× Peaky, 1.4-1.5× Zombie Town, 1.6× The
Walking Dead, 1.7× Transformers (met); ready 2.60-2.65×; memory once warm 42-45 MB (met).
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET_READY = 3.0
TARGET_FIRST = 2.0
TARGET_MB = 50.0

CHILD = r"""
import sys, time
sys.path.insert(0, {root!r})
import asyncio, json, logging, tempfile

KIND = {kind!r}
CHUNK = {chunk!r}
ALONE = {alone!r}  # the first boards drawn before the warm-up starts (what it costs them)


def rss_mb():
    with open("/proc/self/statm") as f:
        import os
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def drawn(view):  # a board drawn through renderers.render: its drawing thread's CPU time
    import renderers

    t = time.thread_time()
    renderers.render(view)
    return time.thread_time() - t


async def main():
    logging.disable(logging.WARNING)
    import discord
    from discord import app_commands
    from tests.fakediscord import FakeDiscord

    out = {{}}
    with tempfile.TemporaryDirectory() as tmp:
        async with FakeDiscord(timeout=120) as fake:
            fake.add_guild("Bench")
            if KIND == "bare":
                class Bare(discord.Client):
                    def __init__(self):
                        super().__init__(intents=discord.Intents.none(), guild_ready_timeout=0.05)
                        self.tree = app_commands.CommandTree(self)

                        @self.tree.command(name="ping", description="pong")
                        async def ping(interaction: discord.Interaction) -> None:
                            await interaction.response.send_message("pong")

                    async def setup_hook(self):
                        await self.tree.sync()

                bot = Bare()
            else:
                from bot.config import Settings
                from bot.discord_ui.app import GameMasterBot

                bot = GameMasterBot(Settings(token=fake.token, database_url=f"sqlite:///{db}"),
                                    guild_ready_timeout=0.05)
                if ALONE:
                    bot._warm_boards = lambda: None
            async with fake.run(bot):
                out["ready"] = time.time()
                if KIND == "gm":
                    import pickle
                    import renderers

                    from bot.rules import names

                    with open({views!r}, "rb") as f:  # the games' boards (drawn by the bench)
                        chunks = pickle.load(f)
                    out["rss_ready"] = rss_mb()
                    firsts = {{}}
                    for name, views in chunks[CHUNK]:  # asked for at once, while warming
                        for lang in ("en", "fr"):  # what the move before its board loaded in the
                            names.name(name, "territory", "", lang)  # bot: its engine's names
                        t = time.perf_counter()
                        cpu = await asyncio.to_thread(drawn, views[0])
                        firsts[name] = (time.perf_counter() - t, cpu, views[1:])
                    if ALONE:
                        del bot._warm_boards
                        bot._warm_boards()
                    await bot._warming
                    for name, (first, first_cpu, views) in firsts.items():  # warm: every layer built
                        nxt, nxt_cpu = [], []
                        for view in views:  # the game's next boards (the same one again
                            t = time.perf_counter()  # would cost nothing: nothing changed)
                            nxt_cpu.append(await asyncio.to_thread(drawn, view))
                            nxt.append(time.perf_counter() - t)
                        out[name] = (first * 1000, statistics.median(nxt) * 1000,
                                     first_cpu * 1000, statistics.median(nxt_cpu) * 1000)
                    import ctypes, gc  # trimmed, as the warm-up's end trims (not its font
                    gc.collect()  # pages released again: the boards' own stay counted)
                    ctypes.CDLL("libc.so.6").malloc_trim(0)
                    out["rss_warm"] = rss_mb()
    print(json.dumps(out))

import statistics
asyncio.run(main())
"""


CHUNKS = 12  # starts at most (the game's boards are cut in chunks of six, one per start)
GAMES = ("risk_express", "peaky_blinders", "zombie_town", "walking_dead", "transformers")


def sample_views(chunk: int = 0, games: tuple[str, ...] = GAMES) -> list[tuple[str, list[dict]]]:
    """Six consecutive boards in play of each game (``bench_render_memory``'s seeded games,
    in English): the first drawn right after ready, the next five once warm; ``chunk``: the
    six boards after those of ``chunk - 1`` (each start goes on with the game the start
    before played: a restart mid-game, whose first board comes after the last one the
    process before drew). The games' first boards are asked one after the other, from
    the ``chunk``-th game on (each game's first board is sometimes the very first one)."""
    return chunked(games)[chunk]


def chunked(games: tuple[str, ...] = GAMES) -> list[list[tuple[str, list[dict]]]]:
    """:func:`sample_views` of every chunk."""
    sys.path.insert(0, str(ROOT / "bench"))
    from bench_render_memory import game_views

    boards = {g: game_views(g, 2 * 6 * CHUNKS)[:6 * CHUNKS] for g in games}
    return [[(g, boards[g][6 * i:6 * i + 6]) for g in games[i % len(games):] + games[:i % len(games)]]
            for i in range(CHUNKS)]


def one(kind: str, db: str = "", chunk: int = 0, views: str = "", alone: bool = False) -> dict:
    t0 = time.time()
    code = CHILD.format(root=str(ROOT), kind=kind, db=db, chunk=chunk, views=views, alone=alone)
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    out = json.loads(done.stdout.strip().splitlines()[-1])
    out["ready"] -= t0
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--games", default=",".join(GAMES), help="the games whose first board is measured")
    parser.add_argument("--alone", action="store_true",
                        help="the first boards drawn before the warm-up starts (what it costs them)")
    args = parser.parse_args()
    games = tuple(g for g in args.games.split(",") if g)
    bare, gm = [], []
    with tempfile.TemporaryDirectory() as tmp:
        db = f"{tmp}/gm.sqlite3"  # the same database, and so the same cache of layers, each start
        views = f"{tmp}/views.pickle"
        with open(views, "wb") as f:
            pickle.dump(chunked(games), f)
        cold = one("gm", db, 0, views)  # a new install: no layer on disk yet
        for i in range(1, min(args.starts, CHUNKS - 1) + 1):  # alternated: the machine's load drifts
            bare.append(one("bare"))
            gm.append(one("gm", db, i, views, args.alone))
    print(f"a new install's first start (no layer on disk yet): ready {cold['ready']:.2f} s; first board "
          + ", ".join(f"{g} {cold[g][0]:.0f} ms (warm {cold[g][1]:.0f})" for g in games))
    b = statistics.median(r["ready"] for r in bare)
    g = statistics.median(r["ready"] for r in gm)
    mark = lambda ok: "OK" if ok else "MISSED"  # noqa: E731
    print(f"ready: GameMaster {g:.2f} s, bare discord.py bot {b:.2f} s: {g / b:.2f}× "
          f"(target ≤ {TARGET_READY:.0f}×) {mark(g / b <= TARGET_READY)}   (median of {args.starts} processes)")
    for name in games:
        first = statistics.median(r[name][0] for r in gm)
        nxt = statistics.median(r[name][1] for r in gm)
        each = " ".join(f"{r[name][0]:.0f}/{r[name][1]:.0f}" for r in gm)
        print(f"first board after ready, {name}: {first:.0f} ms, next {nxt:.0f} ms: {first / nxt:.1f}× "
              f"(target ≤ {TARGET_FIRST:.0f}×) {mark(first / nxt <= TARGET_FIRST)}   (each start: {each})")
        first_cpu = statistics.median(r[name][2] for r in gm)
        nxt_cpu = statistics.median(r[name][3] for r in gm)
        print(f"    its drawing thread's CPU time: {first_cpu:.0f} ms, next {nxt_cpu:.0f} ms: "
              f"{first_cpu / nxt_cpu:.1f}×   (information: what the load of the machine does not change)")
    mb = statistics.median(r["rss_warm"] - r["rss_ready"] for r in gm)
    print(f"renderers' memory once warm (RSS after ready → after warming, trimmed): {mb:.1f} MB "
          f"(target ≤ {TARGET_MB:.0f} MB) {mark(mb <= TARGET_MB)}")


if __name__ == "__main__":
    main()
