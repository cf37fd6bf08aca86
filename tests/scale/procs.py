"""Bot processes for the scale-out tests: started as ``python -m bot`` is (through
:mod:`tests.scale.botproc`), against the test's fake Discord, on one database; stopped by a
signal (SIGTERM: the clean stop; SIGKILL: a crash)."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

from bot.rules import GAMES
from bot.rules.base import SYSTEM
from tests.discord_ui.e2e import choices

ROOT = Path(__file__).resolve().parents[2]
START_LIMIT = 90.0  # a bound on a hang (imports and the boards' warm-up on a loaded machine)


class BotProcess:
    def __init__(self, fake, db_url: str, workdir: Path, *, shard_count: int | None = None,
                 shard_ids: str | None = None, name: str = "bot") -> None:
        self.fake, self.db_url, self.workdir, self.name = fake, db_url, workdir, name
        self.shard_count, self.shard_ids = shard_count, shard_ids
        self.proc: subprocess.Popen | None = None
        self.starts = 0

    @property
    def log(self) -> Path:
        return self.workdir / f"{self.name}.log"

    def shards(self) -> list[int]:
        if self.shard_count is None:
            return [0]
        return [int(s) for s in (self.shard_ids or ",".join(map(str, range(self.shard_count)))).split(",")]

    async def start(self) -> None:
        env = {**os.environ, "DISCORD_TOKEN": self.fake.token, "DATABASE_URL": self.db_url, "LOG_LEVEL": "INFO",
               "PYTHONPATH": str(ROOT)}
        for key in ("SHARD_COUNT", "SHARD_IDS", "SYNC_GUILD_ID"):
            env.pop(key, None)
        if self.shard_count is not None:
            env["SHARD_COUNT"] = str(self.shard_count)
            if self.shard_ids is not None:
                env["SHARD_IDS"] = self.shard_ids
        known = len(self.fake.sessions)
        with self.log.open("a") as out:
            out.write(f"---- start {self.starts}\n")
            out.flush()
            self.proc = subprocess.Popen([sys.executable, "-m", "tests.scale.botproc", self.fake.api_url,
                                          self.fake.gateway_url], cwd=self.workdir, env=env,
                                         stdout=out, stderr=subprocess.STDOUT)
        self.starts += 1
        want = set(self.shards())

        def up() -> bool:
            if self.proc.poll() is not None:
                return True
            live = {(s.shard or (0, 1))[0] for s in self.fake.sessions[known:] if s.live}
            return want <= live

        await poll(up, f"{self.name} to connect", START_LIMIT, self)
        if self.proc.poll() is not None:
            raise AssertionError(f"{self.name} exited with {self.proc.returncode}:\n{self.log.read_text()[-3000:]}")
        for session in self.fake.sessions[known:]:
            await session.flushed()

    def signal(self, sig: int) -> None:
        assert self.proc is not None
        self.proc.send_signal(sig)

    async def wait(self, limit: float = 60.0) -> int:
        assert self.proc is not None
        loop = asyncio.get_running_loop()
        end = loop.time() + limit
        while self.proc.poll() is None:
            if loop.time() > end:
                self.proc.kill()
                raise AssertionError(f"{self.name} did not exit within {limit}s:\n{self.log.read_text()[-3000:]}")
            await asyncio.sleep(0.05)
        await self.fake.wait_until(lambda: not any(s.live for s in self.fake.sessions if s.shard is None
                                                   or s.shard[0] in self.shards()),
                                   "the gateway connections to close", 10.0)
        return self.proc.returncode

    async def kill(self) -> None:
        self.signal(signal.SIGKILL)
        await self.wait()

    async def stop(self) -> int:
        if self.proc is None or self.proc.poll() is not None:
            return self.proc.returncode if self.proc else 0
        self.signal(signal.SIGTERM)
        return await self.wait()


async def poll(predicate, what: str, limit: float, bot: BotProcess | None = None) -> None:
    """Wait until ``predicate()`` (looked at every 50 ms: a process dying changes nothing
    in the fake)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not predicate():
        if loop.time() > end:
            tail = bot.log.read_text()[-3000:] if bot is not None and bot.log.exists() else ""
            raise AssertionError(f"timed out after {limit}s waiting for {what}\n{tail}")
        await asyncio.sleep(0.05)


async def apoll(predicate, what: str, limit: float) -> None:
    """:func:`poll` for a coroutine predicate."""
    loop = asyncio.get_running_loop()
    end = loop.time() + limit
    while not await predicate():
        if loop.time() > end:
            raise AssertionError(f"timed out after {limit}s waiting for {what}")
        await asyncio.sleep(0.1)


def db_path(url: str) -> str:
    return url.removeprefix("sqlite:///")


class Reader:
    """The test's own look at the database the bots write (any backend, through the store)."""

    def __init__(self, store) -> None:
        self.store = store

    @classmethod
    async def open(cls, url: str) -> Reader:
        from bot.store import open_store

        return cls(await open_store(url))

    async def close(self) -> None:
        await self.store.close()

    async def game(self, channel_id: int):
        """The channel's active game as stored, or None."""
        return await self.store.active_game(channel_id)

    async def player_actions(self, game_ids) -> dict[int, int]:
        """How many players' actions each game's log holds (taken back or not)."""
        out = {}
        for game_id in game_ids:
            out[game_id] = sum(1 for a in await self.store.actions(game_id, undone=True) if a.seat != SYSTEM)
        return out

    async def timeouts(self, game_id: int) -> int:
        return sum(1 for a in await self.store.actions(game_id, undone=True)
                   if a.seat == SYSTEM and a.action.get("type") == "timeout")

    async def game_ids(self) -> list[int]:
        """Every game (the tests make fewer than a thousand)."""
        return sorted(r.id for r in await self.store.games(list(range(1, 1000))))


def live_prompt(fake, channel):
    live = [m for m in fake.channel_messages(channel)
            if any(c.startswith(("gm:", "gms:", "gmg:", "gmgs:")) for c in m.custom_ids)]
    return live[-1] if live else None


async def play_one(fake, db: Reader, channel, users: dict[str, object], rnd: random.Random,
                   timeout: float = 15.0) -> int | None:
    """One move in ``channel`` by the player whose turn it is, by clicking one of the live
    prompt's choices, as a person does. Returns the game's id if the move was accepted
    (acknowledged: the bot answered in the channel), None if refused or nothing to click."""
    game = await db.game(channel.id)
    if game is None or game.status != "running":
        return None
    seat = GAMES[game.game].to_act(game.state)[0]
    message = live_prompt(fake, channel)
    if message is None:
        return None
    options = choices(message)
    if not options:
        return None
    custom_id, value = rnd.choice(options)
    if value is None:
        res = await fake.click(users[seat], message, custom_id, timeout=timeout)
    else:
        res = await fake.select(users[seat], message, custom_id, [value], timeout=timeout)
    if custom_id.startswith(("gmg:", "gmgs:")) and not res.ephemeral:  # a group: its first line
        edited = fake.message(message.id)
        step = next((c for c in choices(edited) if c[0].startswith(("gm:", "gms:"))), None)
        if step is None:
            return None
        if step[1] is None:
            res = await fake.click(users[seat], edited, step[0], timeout=timeout)
        else:
            res = await fake.select(users[seat], edited, step[0], [step[1]], timeout=timeout)
    return None if res.ephemeral else game.id
