"""What the end-to-end tests share: a bot wired to the fake Discord, with pinned deals."""

from __future__ import annotations

from bot.config import Settings
from bot.discord_ui.app import GameMasterBot

# A bound on a hang, not a timing assertion: two cores shared by several test runs can take
# seconds to draw a first map.
HANG_LIMIT = 30.0


def make_bot(db: str, seed: int = 1) -> GameMasterBot:
    """A bot on the SQLite file ``db`` whose games are dealt from seeds ``seed``, ``seed+1``…"""
    seeds = iter(range(seed, seed + 1000))
    return GameMasterBot(Settings(token="fake-token", database_url=db), seed_source=lambda: next(seeds),
                         guild_ready_timeout=0.05)


def choices(message) -> list[tuple[str, str | None]]:
    """(custom_id, select value or None) for every choice on a message."""
    out = []
    for row in message.components:
        for comp in row.get("components", []):
            if comp["type"] == 2:
                out.append((comp["custom_id"], None))
            elif comp["type"] == 3:
                out += [(comp["custom_id"], opt["value"]) for opt in comp["options"]]
    return out
