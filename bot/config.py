"""Settings from the environment, or from a ``.env`` file beside the working directory.

No third-party dotenv: the format is ``KEY=value`` lines, ``#`` comments, optional quotes.
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
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "\"'":
            value = value[1:-1]
        os.environ.setdefault(key, value)


@dataclass(frozen=True)
class Settings:
    token: str
    database_url: str = "sqlite:///var/gamemaster.sqlite3"
    sync_guild_id: int | None = None
    sync_commands: bool = True
    log_level: str = "INFO"

    def __repr__(self) -> str:  # never print the token
        return (f"Settings(token=<hidden>, database_url={self.database_url!r}, "
                f"sync_guild_id={self.sync_guild_id!r}, sync_commands={self.sync_commands!r}, "
                f"log_level={self.log_level!r})")

    __str__ = __repr__


class MissingToken(Exception):
    pass


def from_env() -> Settings:
    load_dotenv()
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise MissingToken
    guild = os.environ.get("SYNC_GUILD_ID", "").strip()
    return Settings(
        token=token,
        database_url=os.environ.get("DATABASE_URL", "").strip() or Settings.database_url,
        sync_guild_id=int(guild) if guild else None,
        sync_commands=os.environ.get("SYNC_COMMANDS", "1").strip().lower() not in ("0", "false", "no"),
        log_level=os.environ.get("LOG_LEVEL", "INFO").strip().upper() or "INFO",
    )
