"""What the end-to-end tests share: a bot wired to the fake Discord, with pinned deals."""

from __future__ import annotations

from bot.config import Settings
from bot.discord_ui.app import GameMasterBot

# A bound on a hang, not a timing assertion: two cores shared by several test runs can take
# seconds to draw a first map.
HANG_LIMIT = 30.0


def make_bot(db: str, seed: int = 1, ai_workers: str = "thread") -> GameMasterBot:
    """A bot on the SQLite file ``db`` whose games are dealt from seeds ``seed``, ``seed+1``…;
    its AI thinks in a thread (no process started per test: tests/discord_ui/test_e2e_ai_process.py
    plays the bot's default, ``process``)."""
    seeds = iter(range(seed, seed + 1000))
    return GameMasterBot(Settings(token="fake-token", database_url=db, ai_workers=ai_workers),
                         seed_source=lambda: next(seeds), guild_ready_timeout=0.05)


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


def live(fake, channel):
    """The bot's last message in ``channel`` that carries the game's buttons."""
    msgs = [m for m in fake.channel_messages(channel) if any(c.startswith("gm:") for c in m.custom_ids)]
    return msgs[-1] if msgs else None


def button(message, code: str) -> str | None:
    """The custom id of ``message``'s game button for the action coded ``code``."""
    for cid in message.custom_ids:
        if cid.startswith("gm:") and cid.split(":", 3)[3] == code:
            return cid
    return None


async def row_of(bot, channel):
    return await bot.service.store.active_game(channel.id)


async def snapshot(bot, channel) -> tuple[int, int, str]:
    """The game's version, how many actions its log holds, and its state as stored."""
    row = await row_of(bot, channel)
    return row.version, len(await bot.service.store.actions(row.id)), repr(sorted(row.state.items()))


def live_prompt(fake, channel):
    """The newest message with game choices (actions or the groups of a two-step choice)."""
    found = [m for m in fake.channel_messages(channel) if any(c.startswith(("gm:", "gms:", "gmg:", "gmgs:"))
                                                             for c in m.custom_ids)]
    assert found, "no message with choices"
    return found[-1]


async def click_choice(fake, user, message, choice, **kw):
    """Click a choice of :func:`choices`: a button, or a value of a menu."""
    custom_id, value = choice
    if value is None:
        return await fake.click(user, message, custom_id, **kw)
    return await fake.select(user, message, custom_id, [value], **kw)
