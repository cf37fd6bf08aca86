"""Settings from the environment, or from a ``.env`` file beside the working directory.

No third-party dotenv: the format is ``KEY=value`` lines, ``#`` comments (a line's own, or
after a value, following a space), optional quotes. Every setting is read and checked here:
a bad one is :class:`BadSetting`, one sentence naming it (``python -m bot`` prints that
line and stops), never a traceback.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def load_dotenv(path: str | Path = ".env") -> None:
    """Copy ``KEY=value`` lines into ``os.environ`` without overriding what is set."""
    file = Path(path)
    if not file.is_file():
        return
    for raw in file.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.partition("=")
        key = key.strip().removeprefix("export ").strip()
        os.environ.setdefault(key, dotenv_value(value))


def dotenv_value(text: str) -> str:
    """A ``.env`` value: inside its quotes if quoted, else up to a `` #`` comment
    (``SYNC_GUILD_ID=123  # my server`` is ``123``)."""
    value = text.strip()
    if value[:1] in ("'", '"'):
        end = value.find(value[0], 1)
        if end > 0:
            return value[1:end]
    if value.startswith("#"):
        return ""
    for mark in (" #", "\t#"):
        value = value.split(mark, 1)[0]
    return value.strip()


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = "sqlite:///var/gamemaster.sqlite3"
    sync_guild_id: int | None = None
    sync_commands: bool = True
    log_level: str = "INFO"
    # Sharding (several processes on one database): None = one connection, no shards;
    # shard_count 0 = as many shards as Discord recommends, all in this process.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None  # this process's shards (None: all of them)
    ai_budget: float = 1.0  # seconds an AI seat (normal) thinks per decision
    # where the AI thinks: "process" (worker processes: the event loop never waits on it) or
    # "thread" (a thread of the bot's process: no extra process, the loop may wait 5-40 ms)
    ai_workers: str = "process"
    # where the boards' static layers are kept between starts ("": beside a SQLite database,
    # else ~/.cache/gamemaster; "off": nowhere, drawn at each start)
    cache_dir: str = ""

    def __repr__(self) -> str:  # never print the token
        return (f"Settings(token=<hidden>, database_url={redact_url(self.database_url)!r}, "
                f"sync_guild_id={self.sync_guild_id!r}, sync_commands={self.sync_commands!r}, "
                f"log_level={self.log_level!r}, shard_count={self.shard_count!r}, shard_ids={self.shard_ids!r}, "
                f"ai_budget={self.ai_budget!r}, ai_workers={self.ai_workers!r}, cache_dir={self.cache_dir!r})")

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    __str__ = __repr__


class MissingToken(Exception):
    pass


class BadSetting(ValueError):
    """A setting that cannot be used (``str``: one sentence saying which and why)."""


def redact_url(url: str) -> str:
    """A database URL without its password (``postgresql://user:secret@host`` → ``user:***@host``)."""
    scheme, sep, rest = url.partition("://")
    if not sep or "@" not in rest:
        return url
    creds, _, host = rest.rpartition("@")
    user, colon, _password = creds.partition(":")
    return f"{scheme}://{user}{':***' if colon else ''}@{host}"


def parse_shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``SHARD_COUNT`` and ``SHARD_IDS`` read: ``("", "")`` → no sharding; ``("auto", "")`` →
    Discord's recommended count, all here; ``("4", "0,1")`` or ``("4", "2-3")`` → shards 0 and 1
    (2 and 3) of 4 in this process. ``BadSetting`` otherwise."""
    count, ids = count.strip().lower(), ids.strip()
    if not count:
        if ids:
            raise BadSetting("SHARD_IDS needs SHARD_COUNT (how many shards in all, across every process)")
        return None, None
    if count == "auto":
        if ids:
            raise BadSetting("SHARD_IDS needs a number in SHARD_COUNT, not auto")
        return 0, None
    if not count.isdigit() or not 1 <= int(count) <= 10_000:
        raise BadSetting(f"SHARD_COUNT must be a number of shards (1 or more) or auto, not {count[:20]!r}")
    total = int(count)
    if not ids:
        return total, None
    chosen: list[int] = []
    for part in ids.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise BadSetting(f"SHARD_IDS is a list like 0,1 or a range like 0-3, not {ids[:40]!r}")
        chosen += range(int(low), int(high if dash else low) + 1)
    if not chosen or any(i >= total for i in chosen) or len(set(chosen)) != len(chosen):
        raise BadSetting(f"SHARD_IDS must name different shards between 0 and {total - 1} (SHARD_COUNT={total})")
    return total, tuple(chosen)


def parse_budget(text: str) -> float:
    """``GAMEMASTER_AI_BUDGET``: seconds per decision, 0.05 to 30 (empty: 1)."""
    text = text.strip()
    if not text:
        return 1.0
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0.05 <= value <= 30:
        raise BadSetting(f"GAMEMASTER_AI_BUDGET is seconds per AI decision, 0.05 to 30, not {text[:20]!r}")
    return value


AI_WORKERS = ("process", "thread")


def parse_ai_workers(text: str) -> str:
    """``GAMEMASTER_AI_WORKERS``: process or thread (any case; empty: process)."""
    value = text.strip().lower() or "process"
    if value not in AI_WORKERS:
        raise BadSetting(f"GAMEMASTER_AI_WORKERS is process or thread, not {text.strip()[:20]!r}")
    return value


LOG_LEVELS = ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL")
YES, NO = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def parse_guild(text: str) -> int | None:
    """``SYNC_GUILD_ID``: a server's id (digits), or empty for a global sync."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or not 1 <= len(text) <= 20:
        raise BadSetting(f"SYNC_GUILD_ID is a server's id, digits only (in Discord: right-click the server → "
                         f"Copy Server ID), or empty to sync everywhere; not {text[:40]!r}")
    return int(text)


def parse_switch(name: str, text: str, default: bool) -> bool:
    """A yes/no setting: 1/0, true/false, yes/no, on/off (empty: ``default``)."""
    low = text.strip().lower()
    if not low:
        return default
    if low not in YES + NO:
        raise BadSetting(f"{name} is 1 or 0 (true/false, yes/no, on/off), not {text.strip()[:20]!r}")
    return low in YES


def parse_log_level(text: str) -> str:
    """``LOG_LEVEL``: one of :data:`LOG_LEVELS` (any case; WARN is WARNING; empty: INFO)."""
    level = text.strip().upper() or "INFO"
    level = "WARNING" if level == "WARN" else level
    if level not in LOG_LEVELS:
        raise BadSetting(f"LOG_LEVEL is one of {', '.join(LOG_LEVELS)}, not {text.strip()[:20]!r}")
    return level


def from_env() -> Settings:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise MissingToken
    shard_count, shard_ids = parse_shards(os.environ.get("SHARD_COUNT", ""), os.environ.get("SHARD_IDS", ""))
    return Settings(
        token=token,
        database_url=os.environ.get("DATABASE_URL", "").strip() or Settings.database_url,
        sync_guild_id=parse_guild(os.environ.get("SYNC_GUILD_ID", "")),
        sync_commands=parse_switch("SYNC_COMMANDS", os.environ.get("SYNC_COMMANDS", ""), True),
        log_level=parse_log_level(os.environ.get("LOG_LEVEL", "")),
        shard_count=shard_count,
        shard_ids=shard_ids,
        ai_budget=parse_budget(os.environ.get("GAMEMASTER_AI_BUDGET", "")),
        ai_workers=parse_ai_workers(os.environ.get("GAMEMASTER_AI_WORKERS", "")),
        cache_dir=os.environ.get("GAMEMASTER_CACHE_DIR", "").strip(),
    )
