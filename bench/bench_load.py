"""Load through the service layer (issue 15): N live games, concurrent players acting for a
fixed time, on SQLite and on PostgreSQL.

Each run is a fresh process (so its memory is its own) with a fresh database: a few Risk
Express games are started through the service and copied to N live games (each with its
running clock). Then random legal actions are played (``GameService.act``: read, rules, one
transaction with its version check, clocks) for ``--duration`` seconds: by default offered
at ``--rate`` actions per second (open loop: an action arrives every 1/rate s in a game not
busy, and its latency counts from its arrival; at most ``--players`` in flight, an arrival
beyond is dropped and counted), or with ``--rate 0`` by ``--players``
players, each with a share of the games, acting as fast as they are answered (closed loop:
the most the process does). A finished game is followed by a new one in its channel.

Prints per backend and number of games: accepted actions per second, p50 and p99 latency
of an action, CPU time of the process per action, arrivals dropped, refusals (there should be
none), the process's RSS (the benchmark holds every game's last row: a little more than a
bot would); then the targets:
- PostgreSQL: ≥ 500 actions/s with p99 ≤ 50 ms;
- p99 with 10,000 games the same as with 100 (the ratio is printed);
- the RSS of the process with 1,000 games ≤ 300 MB.

PostgreSQL: a throwaway server of the machine's binaries (tests/pg.py) with durable
settings (fsync and synchronous commit on, as in production), or ``--pg-url`` (a database
the benchmark may wipe: its tables are dropped before each run).

Run: python bench/bench_load.py [--duration 60] [--games 100 1000 10000] [--rate 500]
     [--backends sqlite postgresql] [--rate 0 --players 50] [--pg-url URL]
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import NamedTuple

import _path  # noqa: F401

from bot.rules import GAMES
from bot.service import GameService, UserError
from bot.store import open_store

TEMPLATES = 8  # games started through the service, then copied
GUILD = 1
DURABLE = ("-c listen_addresses='' -c max_connections=100 -c shared_buffers=128MB -c jit=off"
           " -c log_min_messages=warning -c wal_compression=on")


def rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def start_game(service: GameService, ch: int):
    await service.new_game(ch, GUILD, f"u{ch}a", "risk_express", {}, "a")
    for p in "bc":
        await service.join(ch, f"u{ch}{p}", p)
    return await service.start(ch, f"u{ch}a", False)


class Next(NamedTuple):
    """What a player holds of a game between two clicks: the prompt's choice, not the state
    (the bot holds no game's state but its store's small cache: a benchmark holding every
    game's last state would keep 10,000 states alive and make Python's garbage collector
    walk them on every young collection — pauses growing with the number of games)."""

    status: str
    version: int
    seat: str
    action: dict | None


def next_click(row, rng: random.Random) -> Next:
    if row.status != "running":
        return Next(row.status, row.version, "", None)
    engine = GAMES[row.game]
    seat = engine.to_act(row.state)[0]
    return Next(row.status, row.version, seat, engine.random_action(row.state, seat, rng.randrange))


async def make_games(url: str, n: int) -> list[int]:
    """``n`` live games (channels 1…n): ``TEMPLATES`` started through the service, the rest
    copies of them with their clocks. Returns the channels."""
    store = await open_store(url)
    try:
        service = GameService(store, seed_source=iter(range(1, 10**6)).__next__)
        for ch in range(1, TEMPLATES + 1):
            await start_game(service, ch)
        games = await store.dump_rows("games")
        clocks = await store.dump_rows("clocks")
        next_id = max(g["id"] for g in games) + 1
        for start in range(TEMPLATES + 1, n + 1, 500):
            batch, batch_clocks = [], []
            for ch in range(start, min(start + 500, n + 1)):
                template = games[ch % TEMPLATES]
                batch.append(dict(template, id=next_id, channel_id=ch))
                batch_clocks += [dict(c, game_id=next_id) for c in clocks if c["game_id"] == template["id"]]
                next_id += 1
            await store.load_rows("games", batch)
            await store.load_rows("clocks", batch_clocks)
        return list(range(1, n + 1))
    finally:
        await store.close()


async def offered(service: GameService, rows: dict, rate: float, duration: float, players: int,
                  latencies: list[float], refused: list[str], dropped: list[int]) -> tuple[float, float]:
    """Open loop: an action arrives every ``1/rate`` s, in a game not already busy; its
    latency counts from when it arrived (so a process too busy to start it is seen). At
    most ``players`` actions are in flight (the same for every number of games): an arrival
    beyond is dropped and counted, so an overloaded run shows drops, not an endless queue."""
    rng = random.Random(7)
    channels = list(rows)
    idle = collections.deque(rng.sample(channels, len(channels)))
    tasks: set[asyncio.Task] = set()

    async def one(ch: int, arrival: float) -> None:
        row = rows[ch]
        try:
            if row.status != "running":
                rows[ch] = next_click(await start_game(service, ch), rng)
                return
            try:
                played = await service.act(ch, row.seat, row.action, expected_version=row.version)
            except UserError as err:
                refused.append(err.key)
                rows[ch] = next_click(await service.game(ch), rng)
                return
            rows[ch] = next_click(played.row, rng)
            latencies.append((time.perf_counter() - arrival) * 1000)
        finally:
            idle.append(ch)

    start, k, cpu = time.perf_counter(), 0, time.process_time()
    stop = start + duration
    while True:
        arrival = start + k / rate
        if arrival >= stop:
            break
        wait = arrival - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        k += 1
        if not idle or len(tasks) >= players:
            dropped.append(1)
        else:
            task = asyncio.create_task(one(idle.popleft(), arrival))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.gather(*tasks)
    return time.perf_counter() - start, time.process_time() - cpu


async def play(url: str, channels: list[int], players: int, duration: float, rate: float = 0.0) -> dict:
    store = await open_store(url)
    service = GameService(store, seed_source=iter(range(10**6, 10**7)).__next__)
    latencies: list[float] = []
    refused: list[str] = []
    dropped: list[int] = []
    resets = 0
    rows = {}
    first = random.Random(1)
    for ch in channels:  # read before the clock starts
        rows[ch] = next_click(await service.game(ch), first)
    stop = time.perf_counter() + duration

    async def player(mine: list[int], rng: random.Random) -> None:
        nonlocal resets
        while time.perf_counter() < stop:
            for ch in mine:
                if time.perf_counter() >= stop:
                    return
                row = rows[ch]
                if row.status != "running":  # over: a new game in the channel
                    rows[ch] = next_click(await start_game(service, ch), rng)
                    resets += 1
                    continue
                t = time.perf_counter()
                try:
                    played = await service.act(ch, row.seat, row.action, expected_version=row.version)
                except UserError as err:
                    refused.append(err.key)
                    rows[ch] = next_click(await service.game(ch), rng)
                    continue
                latencies.append((time.perf_counter() - t) * 1000)
                rows[ch] = next_click(played.row, rng)
                await asyncio.sleep(0)  # a player's next click comes in a later event

    if rate > 0:
        took, cpu = await offered(service, rows, rate, duration, players, latencies, refused, dropped)
    else:
        started, cpu = time.perf_counter(), time.process_time()
        shares = [channels[i::players] for i in range(players) if channels[i::players]]
        await asyncio.gather(*(player(mine, random.Random(i)) for i, mine in enumerate(shares)))
        took, cpu = time.perf_counter() - started, time.process_time() - cpu
    await store.close()
    q = statistics.quantiles(latencies, n=100) if len(latencies) > 1 else [0.0] * 99
    return {"actions": len(latencies), "per_s": len(latencies) / took, "p50": q[49], "p99": q[98],
            "refused": len(refused), "refusals": sorted(set(refused))[:5], "resets": resets,
            "dropped": len(dropped),
            "cpu_per_action_ms": cpu * 1000 / max(1, len(latencies)), "rss_mb": rss_mb()}


def one_run(args: argparse.Namespace) -> None:
    """A child: make the games, play, print one JSON line."""
    async def run() -> dict:
        if args.url.startswith("postgres"):
            await wipe(args.url)
        channels = await make_games(args.url, args.one_games)
        if args.url.startswith("postgres"):
            await settle(args.url)
        result = await play(args.url, channels, args.players, args.duration, args.rate)
        result["rss_mb"] = max(result["rss_mb"], rss_mb())
        return result

    print(json.dumps(asyncio.run(run())))


async def settle(url: str) -> None:
    """After the bulk copy, the database as it is in steady state: ``VACUUM ANALYZE`` (what
    autovacuum keeps doing in production). Without it the planner keeps the statistics of the
    empty tables, and autovacuum wakes in the middle of the measured minute: the tail of a
    10,000-game run measured the copy, not the bot."""
    import asyncpg

    from bot.store.postgres import pool_settings

    conn = await asyncpg.connect(pool_settings(url)[0])
    try:
        await conn.execute("VACUUM ANALYZE")
    finally:
        await conn.close()


async def wipe(url: str) -> None:
    import asyncpg

    from bot.store.postgres import pool_settings

    conn = await asyncpg.connect(pool_settings(url)[0])
    try:
        await conn.execute("DROP SCHEMA public CASCADE; CREATE SCHEMA public")
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play per run (default 60)")
    parser.add_argument("--games", type=int, nargs="+", default=[100, 1000, 10000])
    parser.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"], choices=["sqlite", "postgresql"])
    parser.add_argument("--rate", type=float, default=500.0,
                        help="actions offered per second, each in a game not already busy (default 500, the"
                             " target); 0: closed loop, --players players acting as fast as they are answered")
    parser.add_argument("--players", type=int, default=50,
                        help="actions in flight at most (default 50); with --rate 0, players acting at once")
    parser.add_argument("--pg-url", default=None, help="a PostgreSQL database the benchmark may wipe")
    parser.add_argument("--pg-setting", action="append", default=[], metavar="NAME=VALUE",
                        help="a setting of the throwaway server beyond the durable ones (repeatable),"
                             " e.g. checkpoint_timeout=30min")
    parser.add_argument("--repeat", type=int, default=1,
                        help="runs of each backend and number of games, interleaved (default 1); the targets"
                             " use each one's median p99 (a p99 of a few ms is mostly fsync jitter: one run"
                             " against one other says little)")
    parser.add_argument("--one-games", type=int, default=None, help=argparse.SUPPRESS)  # a child's run
    parser.add_argument("--url", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one_games is not None:
        one_run(args)
        return
    server = None
    results: dict[tuple[str, int], list[dict]] = {}
    try:
        for backend, n in [(b, n) for _ in range(args.repeat) for b in args.backends for n in args.games]:
            with tempfile.TemporaryDirectory() as tmp:
                if backend == "sqlite":
                    url = f"sqlite:///{tmp}/load.sqlite3"
                elif args.pg_url:
                    url = args.pg_url
                else:
                    if server is None:
                        from tests.pg import PgServer, missing

                        why = missing()
                        if why:
                            print(f"postgresql: skipped ({why})")
                            continue
                        server = PgServer(DURABLE + "".join(f" -c {x}" for x in args.pg_setting))
                        server.init()
                        server.start()
                    url = server.new_database()
                out = subprocess.run(
                    [sys.executable, __file__, "--one-games", str(n), "--url", url, "--players",
                     str(args.players), "--duration", str(args.duration), "--rate", str(args.rate)],
                    capture_output=True, text=True)
                if out.returncode != 0:
                    print(f"{backend} {n}: failed\n{out.stderr[-3000:]}")
                    continue
                r = json.loads(out.stdout.strip().splitlines()[-1])
                results.setdefault((backend, n), []).append(r)
                print(f"{backend:10} {n:6} games: {r['per_s']:7.1f} actions/s, p50 {r['p50']:6.2f} ms,"
                      f" p99 {r['p99']:7.2f} ms, {r['actions']} actions ({r['cpu_per_action_ms']:.2f} ms CPU"
                      f" each), {r['dropped']} arrivals dropped, {r['refused']} refused, {r['resets']} new games,"
                      f" RSS {r['rss_mb']:.0f} MB",
                      flush=True)
    finally:
        if server is not None:
            server.destroy()
    targets(results)


def targets(runs: dict[tuple[str, int], list[dict]]) -> None:
    """The targets, on each backend and number of games' run of median p99 (its spread beside
    it when there were several)."""
    results: dict[tuple[str, int], dict] = {}
    for key, rs in runs.items():
        p99s = sorted(r["p99"] for r in rs)
        results[key] = sorted(rs, key=lambda r: r["p99"])[(len(rs) - 1) // 2]
        if len(rs) > 1:
            print(f"{key[0]:10} {key[1]:6} games: p99 over {len(rs)} runs: median {statistics.median(p99s):.2f} ms,"
                  f" from {p99s[0]:.2f} to {p99s[-1]:.2f} ms")
    print("\ntargets:")
    for (backend, n), r in sorted(results.items()):
        if backend == "postgresql":
            # an open loop offered 500/s cannot serve more: it meets the rate when it kept up with
            # it (within 1 %, at most 1 % of the arrivals dropped)
            kept_up = r["per_s"] >= 0.99 * 500 and r["dropped"] <= 0.01 * max(1, r["actions"])
            ok = (r["per_s"] >= 500 or kept_up) and r["p99"] <= 50
            print(f"  postgresql {n:6} games: {r['per_s']:.0f} actions/s (target ≥ 500), p99 {r['p99']:.1f} ms"
                  f" (target ≤ 50): {'met' if ok else 'NOT met'}")
    for backend in ("sqlite", "postgresql"):
        small, big = results.get((backend, 100)), results.get((backend, 10000))
        if small and big:
            print(f"  {backend}: p99 with 10,000 games {big['p99']:.1f} ms vs 100 games {small['p99']:.1f} ms"
                  f" (ratio {big['p99'] / max(small['p99'], 1e-9):.2f}; target: the same)")
        mid = results.get((backend, 1000))
        if mid:
            print(f"  {backend}: RSS with 1,000 games {mid['rss_mb']:.0f} MB (target ≤ 300 MB):"
                  f" {'met' if mid['rss_mb'] <= 300 else 'NOT met'}")


if __name__ == "__main__":
    main()
